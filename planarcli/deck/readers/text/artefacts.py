"""What pasting adds around a card, one row each: the first steps every line of a text
decklist goes through, in order, before it is read as a heading, a comment or a card line.

Each ``Artefact`` row names the artefact (``id``), says what ``validate -v`` prints when it
acts on a line (``label``: "line 14: chat stamp removed"), holds the cheap ``gate`` that
spares most lines the ``pattern`` (a first letter, a character the pattern needs), the
``action`` that leaves the line out or reads on with what is left of it, and an ``example``
paste with the cards it reads as (``tests/deck/readers/test_artefacts.py`` reads each).

An action returns the line to read on (``""``: as a blank line, which parts blocks), or
``None`` when the line is done with (left out, or already kept as a card line). What a line
is besides its text (quoted, from a chat's export) goes on the ``Reading`` it is handed.
The steps inside a card line (a bullet, a quantity, a price, a set tag) are
``cardline.split_card_line``'s; the steps over the whole list once it is read (numbering,
notes, a title, a signature, prose) are ``text.steps``'s.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from planarcli.deck.readers.cardline import CardLine, split_card_line
from planarcli.deck.readers.text.reading import Line, Reading
from planarcli.lazyre import LazyPattern, lazy

if TYPE_CHECKING:
    from collections.abc import Callable

    #: An action: (the reading, the line's number, the line, what the pattern matched) ->
    #: the line to read on, or None when the line is done with.
    Action = Callable[[Reading, int, str, re.Match[str] | None], str | None]


class Artefact:
    """One paste artefact: its id, what ``-v`` says of it, its gate beside its pattern, its
    action, and an example paste with the card names it reads as. (A plain class: a table
    made on every start-up, where ``@record``'s class building and typing's aliases cost.)"""

    __slots__ = (
        "action",
        "anywhere",
        "example",
        "gate",
        "id",
        "label",
        "mode",
        "needs",
        "pattern",
        "reads_as",
        "starts",
    )

    def __init__(
        self,
        id: str,
        label: str,
        gate: Callable[[Reading, str], bool],
        pattern: LazyPattern | None,
        action: Action,
        example: str,
        reads_as: tuple[str, ...],
        anywhere: bool = False,
        starts: str | None = None,
        needs: str | None = None,
        mode: str | None = None,
    ) -> None:
        self.id = id
        self.label = label  # what -v says of a line it acted on
        self.gate = gate  # the whole cheap test: most lines fail it
        self.pattern = pattern  # matched at the line's start (None: the gate says it all)
        self.action = action
        self.example = example
        self.reads_as = reads_as
        self.anywhere = anywhere  # the pattern is searched for anywhere, not matched
        #: what the gate implies, tested without calling it (most lines meet no row): the
        #: characters the line starts with, a text it holds, the reading's mode it needs
        self.starts = starts
        self.needs = needs
        self.mode = mode


# --- a card's type line and rules text (Scryfall's text view) ------------------------------

#: A card's type line alone on the line under its name, as Scryfall's text view and a card
#: copied from a card page write it: "Plane — Rabiah", "Phenomenon", "Legendary Plane - X".
_TYPE_LINE_ALONE = lazy(
    r"^(?:legendary[ \t]+)?(?:plane|phenomenon)(?:[ \t]+[-–—][ \t]+[^\d\W][^\t]{0,40})?$", re.I
)
#: Rules text under a type line: a sentence of four words or more.
_RULES_WORDS = 4


def _reads_as_rules_text(line: str) -> bool:
    """Whether ``line`` reads as a card's rules text ("Players reveal each card they draw.",
    "All creatures have "{R}: ..."."): a sentence of at least four words, or a line that
    begins with a rules keyword ("When", "Whenever", "At the beginning")."""
    if line.count(" ") + 1 < _RULES_WORDS:
        return False
    return line.endswith((".", ".)", '."', ".”")) or line.startswith(
        ("When ", "Whenever ", "At the beginning ", "Each ", "Players ", "All ", "You ")
    )


def _rules_text(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    if line:
        return None  # "Whenever chaos ensues, ...": the card's text, to its blank line
    reading.card_text = False
    return line


def _type_line(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    # "Plane — Rabiah" under "Sea of Sand": the card's type line, not a card; a bare
    # "Plane" or "Phenomenon" is one only with rules text under it (else a heading)
    lines = reading.lines
    following = lines[number].strip() if number < len(lines) else ""
    reading.card_text = _reads_as_rules_text(following)
    if reading.card_text or not line.isalpha():
        reading.comments += 1
        return None
    return line


# --- lists pasted as markup ---------------------------------------------------------------


def _html(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    from planarcli.deck.readers.text.markup import HTML_ITEM, html_text

    items = [html_text(item) for item in HTML_ITEM.findall(line)]
    items = [item for item in items if item]
    if len(items) > 1:  # "<ul><li>Akoum</li><li>Bant</li></ul>" on one line
        found = [(p.quantity, p.name) for p in map(split_card_line, items) if p]
        if found:
            first = CardLine(found[0][0], found[0][1], None, "none")
            reading.add(Line(number, first, reading.section, reading.role, reading.block, found))
        return None
    return items[0] if items else html_text(line)  # "<ul>" alone: as a blank line


def _json_array(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    from planarcli.deck.readers.text.markup import json_array_strings

    strings = json_array_strings(line)
    if strings is None:
        return line
    if strings:
        listed = [
            (piece.quantity, piece.name)
            for piece in map(split_card_line, strings)
            if piece is not None
        ]
        head = split_card_line(strings[0])
        if head is not None:
            reading.add(Line(number, head, reading.section, reading.role, reading.block, listed))
        else:  # no line to keep, but its cards still count towards the list's
            reading.listed_more += len(listed) - 1
    return None


# --- quotes and code ----------------------------------------------------------------------


def _quote(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    if reading.reply_at is not None:
        reading.line_quoted = True
    return line.lstrip("> \t")  # quoted in an e-mail or a forum post: "> 1 Akoum"


def _drop(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    return None


def _drop_comment(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    reading.comments += 1
    return None


def _inline_code(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    return line.strip("`").strip()


# --- chats --------------------------------------------------------------------------------

#: A chat's time alone above a follow-up message (Discord's "[9:03 PM]").
_TIME_ALONE = lazy(r"^\[[ \t]*\d{1,2}:\d{2}(?::\d{2})?(?:[ \t\u202f]*[ap]\.?m\.?)?[ \t]*\]$", re.I)
#: The date, time and sender a chat's export writes before each message (WhatsApp:
#: "01/12/2026, 18:42 - Lukas: Akoum", "[1/12/26, 6:42:10 PM] Lukas: Akoum"); a line of
#: the chat's own ("... - Messages are end-to-end encrypted.") has no sender.
_MESSAGE_PREFIX = lazy(
    r"^\[?\d{1,4}[./-]\d{1,2}[./-]\d{2,4},?[ \t]+\d{1,2}:\d{2}(?::\d{2})?"
    r"(?:[ \t\u202f]*[ap]\.?m\.?)?\]?(?:[ \t]+[-–][ \t]+|[ \t]+)(?:[^:\t]{1,40}?:[ \t]+)?(?=\S)",
    re.I,
)


#: The time and nick an IRC client or a chat log writes before each message ("[10:42]
#: bob: Akoum", irssi's "[10:42] <@bob> Akoum", "[10:42:07] <bob> Akoum"): a nick has no
#: blank, so a card line after a time ("[10:42] Akoum") keeps its name.
_LOG_PREFIX = lazy(
    r"^\[[ \t]*\d{1,2}:\d{2}(?::\d{2})?(?:[ \t\u202f]*[ap]\.?m\.?)?[ \t]*\][ \t]+"
    r"(?:<[ \t]*[~&@%+]?[^\s<>]{1,40}>|[^\s:<>\[\]]{1,40}:)[ \t]+(?=\S)",
    re.I,
)


def may_be_logged(line: str) -> bool:
    """Whether ``_LOG_PREFIX`` may match ``line``: a digit after its opening bracket (and
    blanks), as in "[10:42]"; a bracketed tag ("[c]Akoum[/c]") spares compiling it."""
    return line[:1] == "[" and line[1:].lstrip(" \t")[:1].isdigit()


def may_be_dated(line: str) -> bool:
    """Whether ``_MESSAGE_PREFIX`` may match ``line``: after an opening bracket, one to four
    digits and the mark that parts a date ("01/12/2026", "[1.12.26"); a card line ("1
    Akoum: ...") spares compiling the pattern."""
    text = line[1:] if line[:1] == "[" else line
    digits = 0
    while digits < 5 and text[digits : digits + 1].isdecimal():
        digits += 1
    return 1 <= digits <= 4 and text[digits : digits + 1] in (".", "/", "-")


def _chat_stamp(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    assert match is not None
    reading.line_chatted = True
    return line[match.end() :]  # "01/12/2026, 18:42 - Lukas: Akoum": the message is the line


# --- forums and sites ---------------------------------------------------------------------

#: Forum BBCode around a name or a heading: "[c]Akoum[/c]", "[card]Bant[/card]", "[b]...[/b]".
_BBCODE = lazy(
    r"\[/?(?:c|card|cards|b|i|u|s|deck|mtg|spoiler|quote|code|list|color|size|url|font|"
    r"center|mana)(?:=[^\[\]]*)?\]|^\[\*\][ \t]*",
    re.I,
)


def _bbcode(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    bare = _BBCODE.sub("", line).strip()  # forum BBCode: "1 [c]Akoum[/c]", "[b]...[/b]"
    if bare != line and not bare:
        return None  # "[deck]", "[/spoiler]": the tags around the list
    return bare


#: The total line under a shopping cart or a price list: "Total: 10 cards - $5.27".
#: Also a deck site's count row: "Cards Total<TAB>12<TAB>$ 6.21", "Total cards: 12".
_TOTAL_LINE = lazy(
    r"^(?:(?:grand|cards?|deck)[ \t]+|sub[ -]?)?totals?\b(?:[ \t]+cards?\b)?"
    r"[ \t]*(?:[:=(\-–—$€£]|\d)",
    re.I,
)
#: How a total line starts (its letters match only ASCII ones under IGNORECASE).
_TOTAL_STARTS = frozenset({"tot", "gra", "sub", "car", "dec"})
#: A forum's or a social site's toolbar or byline, its parts parted by " · " (Reddit's "12
#: comments · Share · Save", "Posted by u/sam · 3 hr. ago"): no card name holds a " · ".
_TOOLBAR_PART = lazy(
    r"(?:^|[ \t]·[ \t])(?:\d[\d.,]*[kK]?[ \t]+(?:comments?|points?|votes?|upvotes?|replies|"
    r"likes?|views?|shares?)|share|save|reply|report|edit|hide|award|give award|"
    r"\d{1,3}[ \t]*(?:h|hr|hrs|hours?|m|min|mins|minutes?|d|days?|w|wk|weeks?|mo|months?|"
    r"y|yr|years?)\.?[ \t]+ago)[ \t]*(?=[ \t]·[ \t]|$)",
    re.I,
)

# --- e-mails and signatures ---------------------------------------------------------------

#: The line an e-mail app writes above the message a reply quotes: "On Wed, Nov 25, 2026 at
#: 6:12 PM Sam <sam@example.com> wrote:", "Le mer. 25 nov. 2026 à 18:12, Sam a écrit :",
#: "Am 25.11.2026 um 18:12 schrieb Sam:".
_REPLY_HEADER = lazy(
    r"^(?:on|le|am|el|il|em)\b.{4,200}\b(?:wrote|a écrit|schrieb(?:[ \t].{1,80})?|escribió"
    r"|ha scritto|escreveu)[ \t]*:$",
    re.I,
)


def _reply_header(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    reading.reply_at = number  # "On Wed, Nov 25, 2026 at 6:12 PM Sam <sam@...> wrote:"
    reading.comments += 1
    return None


#: The line a forum writes under each post, above the poster's signature (SMF: "Logged").
_FORUM_FOOTERS = frozenset({"logged"})


def _forum_footer(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    # SMF's "Logged" under a post: its signature may follow, as after "--"
    reading.signature_at = number if reading.pending else reading.signature_at
    reading.comments += 1
    return ""


def _signature(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    # a signature's delimiter ("--", phpBB's "_________________"): one may follow
    reading.signature_at = number if reading.pending else reading.signature_at
    return ""


#: A separator line: three or more of one rule character, maybe spaced, maybe inside a
#: table's borders ("---", "* * *", "===", "___", "|---|:--:|", "+----+----+").
_RULE = lazy(r"^[\s|:+]*([-=*_~─━═—–•·])(?:[\s|:+]*\1){2,}[\s|:+]*$")
#: Characters a separator line can start with.
_RULE_START = "|:+-=*_~─━═—–•·"
#: The characters a separator line repeats: three of one at least.
_RULE_MARKS = "-=*_~─━═—–•·"


def may_be_a_rule(line: str) -> bool:
    """Whether ``_RULE`` may match ``line``: it repeats one mark three times or more (a
    bullet, "- 1 Akoum", "• Bant", spares compiling the pattern)."""
    return any(line.count(mark) >= 3 for mark in _RULE_MARKS)


def _blank(reading: Reading, number: int, line: str, match: re.Match[str] | None) -> str | None:
    return ""  # a separator line ("---", "***", "|---|---|") parts the list as a blank line


#: A card line with its printing in the cells of a table: "1 Bant | OPCA | 78" (the
#: quantity and name in the first cell, then the set code and the collector number).
_PIPED_PRINTING = lazy(
    r"^(\d{1,4}[ \t]*[xX×]?[ \t]+[^|\s][^|]*?)[ \t]*\|[ \t]*([A-Z0-9]{2,6}|[a-z0-9]{2,6})"
    r"(?:[ \t]*\|[ \t]*([A-Za-z]{0,3}\d[\w★-]*))?[ \t]*\|?[ \t]*$"
)


def _piped_printing(
    reading: Reading, number: int, line: str, match: re.Match[str] | None
) -> str | None:
    # "1 Bant | OPCA | 78" reads as "1 Bant (OPCA) 78": the number is the card's, no quantity
    assert match is not None
    card, code, collector = match.groups()
    return f"{card} ({code})" + (f" {collector}" if collector else "")


#: The artefacts, in the order each line meets them.
ARTEFACTS: tuple[Artefact, ...] = (
    Artefact(
        "card-rules-text",
        "card's rules text left out",
        lambda reading, line: reading.card_text,
        None,
        _rules_text,
        "Sea of Sand\nPlane — Rabiah\nPlayers reveal each card they draw.\n\nAkoum\n",
        ("Sea of Sand", "Akoum"),
        mode="card_text",
    ),
    Artefact(
        "card-type-line",
        "card's type line left out",
        # (under a card line: the pattern compiles only there)
        lambda reading, line: line[:1] in "PpLl" and reading.under_a_card(),
        _TYPE_LINE_ALONE,
        _type_line,
        "Sea of Sand\nPlane — Rabiah\n\nAkoum\n",
        ("Sea of Sand", "Akoum"),
        starts="PpLl",
    ),
    Artefact(
        "html",
        "HTML tags removed",
        lambda reading, line: reading.html and "<" in line,
        None,
        _html,
        "<ul>\n<li>Akoum</li>\n<li>Bant</li>\n</ul>\n",
        ("Akoum", "Bant"),
        needs="<",
        mode="html",
    ),
    Artefact(
        "json-array",
        "JSON array's line read as its names",
        lambda reading, line: reading.arrayed,
        None,
        _json_array,
        '["Akoum",\n "Bant"]\n',
        ("Akoum", "Bant"),
        mode="arrayed",
    ),
    Artefact(
        "quote",
        "quote mark removed",
        lambda reading, line: line[:1] == ">",
        None,
        _quote,
        "> 1 Akoum\n> 1 Bant\n",
        ("Akoum", "Bant"),
        starts=">",
    ),
    Artefact(
        "code-fence",
        "code fence left out",
        lambda reading, line: line[:1] in "`~" and line.startswith(("```", "~~~")),
        None,
        _drop,
        "```\n1 Akoum\n1 Bant\n```\n",
        ("Akoum", "Bant"),
        starts="`~",
    ),
    Artefact(
        "inline-code",
        "inline code marks removed",
        lambda reading, line: line[:1] == "`" and line[-1:] == "`",
        None,
        _inline_code,
        "`1 Akoum`\n`1 Bant`\n",
        ("Akoum", "Bant"),
        starts="`",
    ),
    Artefact(
        "chat-time",
        "chat's time line left out",
        lambda reading, line: line[:1] == "[" and line[-1:] == "]" and ":" in line,
        _TIME_ALONE,
        _drop_comment,
        "1 Akoum\n[9:03 PM]\n1 Bant\n",
        ("Akoum", "Bant"),
        starts="[",
        needs=":",
    ),
    Artefact(
        "chat-stamp",
        "chat stamp removed",
        lambda reading, line: line[:1] in "0123456789[" and ":" in line and may_be_dated(line),
        _MESSAGE_PREFIX,
        _chat_stamp,
        "01/12/2026, 18:42 - Lukas: Akoum\n01/12/2026, 18:43 - Lukas: Bant\n",
        ("Akoum", "Bant"),
        starts="0123456789[",
        needs=":",
    ),
    Artefact(
        "chat-log-stamp",
        "chat log's time and nick removed",
        lambda reading, line: may_be_logged(line),
        _LOG_PREFIX,
        _chat_stamp,
        "[10:42] bob: Akoum\n[10:43] <bob> Bant\n",
        ("Akoum", "Bant"),
        starts="[",
        needs=":",
    ),
    Artefact(
        "bbcode",
        "forum BBCode removed",
        lambda reading, line: "[" in line and ("[/" in line or line.startswith("[")),
        None,
        _bbcode,
        "[deck]\n1 [c]Akoum[/c]\n1 [card]Bant[/card]\n[/deck]\n",
        ("Akoum", "Bant"),
        needs="[",
    ),
    Artefact(
        "total-row",
        "total row left out",
        lambda reading, line: (
            line[:1] in "TtSsGgCcDd"
            and line[:3].lower() in _TOTAL_STARTS
            and "total" in line.lower()  # ("Deck", "Cards:": no total, no pattern compiled)
        ),
        _TOTAL_LINE,
        _drop,
        "1 Akoum $0.35\n1 Bant $0.25\nTotal: 2 cards - $0.60\n",
        ("Akoum", "Bant"),
        starts="TtSsGgCcDd",
    ),
    Artefact(
        "toolbar",
        "site's toolbar left out",
        lambda reading, line: " · " in line,
        _TOOLBAR_PART,
        _drop_comment,
        "1 Akoum\n1 Bant\n12 comments · Share · Save\n",
        ("Akoum", "Bant"),
        anywhere=True,
        needs=" · ",
    ),
    Artefact(
        "reply-header",
        "e-mail's reply header left out",
        lambda reading, line: line[-1:] == ":" and line[:1] in "OoLlAaEeIi",
        _REPLY_HEADER,
        _reply_header,
        "1 Akoum\n1 Bant\n\nOn Wed, Nov 25, 2026 at 6:12 PM Sam <sam@example.com> wrote:\n"
        "> Who's bringing the planes?\n",
        ("Akoum", "Bant"),
        starts="OoLlAaEeIi",
        needs=":",
    ),
    Artefact(
        "forum-footer",
        "forum's post footer left out",
        lambda reading, line: line[:1] in "Ll" and line.casefold() in _FORUM_FOOTERS,
        None,
        _forum_footer,
        "1 Akoum\n1 Bant\nLogged\nMy trades thread\n",
        ("Akoum", "Bant"),
        starts="Ll",
    ),
    Artefact(
        "signature-delimiter",
        "signature delimiter read",
        lambda reading, line: line == "--" or (line[:5] == "_____" and line.strip("_") == ""),
        None,
        _signature,
        "1 Akoum\n1 Bant\n--\nSam, casual Planechase\n",
        ("Akoum", "Bant"),
        starts="-_",
    ),
    Artefact(
        "piped-printing",
        "set and collector number read from the cells after the name",
        lambda reading, line: line[:1].isdigit() and ("| " in line or " |" in line),
        _PIPED_PRINTING,
        _piped_printing,
        "1 Bant | OPCA | 78\n1 Akoum | OPCA | 1\n",
        ("Bant", "Akoum"),
        starts="0123456789",
        needs="|",
    ),
    Artefact(
        "separator",
        "separator line read as a blank line",
        lambda reading, line: line[:1] in _RULE_START and may_be_a_rule(line),
        _RULE,
        _blank,
        "1 Akoum\n---\n1 Bant\n",
        ("Akoum", "Bant"),
        starts=_RULE_START,
    ),
)


#: The rows a line may meet, by its first character (filled as lines are read); the rows
#: of a mode (HTML, a JSON array, a card's rules text) only while the reading is in one.
_BY_START: dict[str, tuple[Artefact, ...]] = {}
_MODED_BY_START: dict[str, tuple[Artefact, ...]] = {}


def through_artefacts(reading: Reading, number: int, line: str) -> str | None:
    """``line`` after the artefacts (``""``: a blank line), or None when it is done with;
    each artefact that acted on it is noted in ``reading.steps``."""
    first = line[:1]
    # (a mode changes only with a line left out: the rows chosen here hold for the line)
    moded = reading.card_text or reading.html or reading.arrayed
    by_start = _MODED_BY_START if moded else _BY_START
    rows = by_start.get(first)
    if rows is None:  # ("" is in every row's starts, as in its gate)
        rows = by_start[first] = tuple(
            row
            for row in ARTEFACTS
            if (row.starts is None or first in row.starts) and (moded or row.mode is None)
        )
    for row in rows:
        if (row.needs is not None and row.needs not in line) or (
            row.mode is not None and not getattr(reading, row.mode)
        ):
            continue  # (what the gate implies, without calling it)
        if not row.gate(reading, line):
            continue
        match = None
        if row.pattern is not None:
            match = row.pattern.search(line) if row.anywhere else row.pattern.match(line)
            if match is None:
                continue
        after = row.action(reading, number, line, match)
        if after != line:
            reading.steps.append((number, row.label))
        if after is None:
            return None
        line = after
    return line
