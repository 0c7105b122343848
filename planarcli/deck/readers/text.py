"""Plain-text decklists: hand-written lists, taw/MTGJSON precon text, MTG Arena, Moxfield,
Archidekt, MTGO and Cockatrice text exports.

A card line is ``[quantity[x]] name [tags]``, or the quantity comes after the name:
``Name<TAB>1``, ``Name x1``, ``Name, 1``, ``Name 1`` (also ``x1 Name``). The tags that
exports append are removed:
``(PCA) 12``, ``[OHOP:3]``, ``[opca]``, ``[foil]``, ``*F*``, ``#Tag``, ``^Label,#hex^``, and
Archidekt categories such as ``[Planes{noDeck}]`` (which also say which section the card is
in). ``#`` and ``//`` start comment lines, unless the rest is a section name (``// Planes``);
after a card, `` // note`` is a comment when the name before it is a card and the whole
line's name is none (``Assault // Battery`` stays a split card).
A table row copied from a spreadsheet or written in Markdown (``Akoum<TAB>Plane<TAB>1``,
``| 1 | Akoum | Plane |``) is read cell by cell: the quantity is the cell that is a number,
the name the first other cell, unless a heading row (``| Qty | Name | Type |``, or a
collection's ``Card<TAB>Type<TAB>Owned`` with columns of its own) said where they are.
Separator lines (``---``, ``***``, ``|---|---|``) part the list as blank lines do.
Section headings are bare lines, any case, with or without a colon or a count:
``Planar Deck``, ``Planes:``, ``Commander``, ``Sideboard (15)``...
What pasting adds around a card is left out: a task list's box (``- [x] Akoum``) or a notes
app's (``☐ Akoum``, ``☑ Akoum``), a ``+`` bullet, a price (``$0.35``) and a cart's
``Total:`` line or a deck site's ``Cards Total<TAB>12`` row, a chat export's date and sender
(``01/12/2026, 18:42 - Lukas: Akoum``), a chat's ``[9:03 PM]`` line, forum BBCode (``1
[c]Akoum[/c]``, ``[b]Planes[/b]``), a quantity in parentheses (``Akoum (1)``) and a type in
parentheses (``Akoum (plane)``, unless the whole is a card's name: ``Artist Alley
(Plane)``), a type line after a dash (``Akoum — Plane — Zendikar``), a set's name in
parentheses (``Akoum (Planechase Anthology)``), Discord inline code (a backtick before and
after ``1 Akoum``), a Markdown link (``* [Akoum](https://...)``) and a worded quantity after
the name (``Akoum: 1 copy``, ``Akoum: 1x``), and a note after the name when the part before
it is a card or a near miss of a planar card and the whole line is none (``Akoum - the
landfall one``, ``Akoum <- new``, ``Akoum — keep!``, ``Akoum (chaos is brutal)``; ``Artist
Alley (Plane)`` stays whole; after ``: `` or ``, ``, ``Akoum: ramp``, only before a planar
card or a near miss, in a line that does not end as a sentence; ``Akoum [new!]``, a bracket
that is no category). Sentences after a planar heading and a colon (``... for Friday.
Planes: Akoum, Bant and Naya. Phenomena: Chaotic Aether.``) list cards when every part is a
planar card or a near miss. A signature under ``--`` (or a forum's ``Logged``, phpBB's
``_____``) and an e-mail's quoted reply under its ``On ..., Sam wrote:`` line are left out
when none of their lines is a card; the quote also when the message above it lists cards of
its own, with the sender's bare name alone above that line. A site's toolbar parted by
`` · `` (``12 comments · Share · Save``) is no card; a card's type line under its name
(``Plane — Rabiah``, or ``Phenomenon`` with rules text under it) and the rules text to the
next blank line are left out (Scryfall's text view). A heading may be framed with symbols
(``~~ planar deck ~~``, ``== Planes ==``). ``1,Akoum`` (a
CSV row without its header) is one Akoum. ``#1 Akoum`` is numbering when a card (planar or
not) or a near miss of a planar card follows the number; otherwise the line is a comment.
Headings are also read in French, German, Spanish, Italian, Portuguese and Japanese
(``FOREIGN_HEADINGS``).

Some lines read two ways, and the reading whose name is a catalog card wins (an exact or
folded lookup, never a fuzzy search):
- a trailing number: ``Tazeem 2`` is two Tazeem, but a bare list's ``Pain 101`` is a card
  name. A trailing number is a quantity when the whole line is no card and the part before
  it is one, or when most card lines of the file are written that way;
- ``Name, 2`` is two of Name unless the whole line is a card;
- lines without a quantity in a list whose lines mostly carry quantities, bullets or numbers:
  a chat line (``here's my planechase deck lol:``, ``edit: formatting``, ``Cheers,`` and
  the signature under it) is prose, left out as a comment, wherever it stands, when it reads
  as prose (:func:`_reads_as_prose`: a chat's ``Sam — Today at 9:14 PM`` line and a
  remark in parentheses too) and is no card, no near miss of a planar card and no other
  Magic card; in a list of bare names its head and tail can be prose, read strictly, and
  between its names a sentence (``Took out Naya, it was slow.``, or ending in ``:``) or a
  chat's name-and-time line; a sign-off of up to four words (``See you Friday,``, ``À samedi
  !``, ``Viele Grüße``) takes the name under it; a chat export's message that is no card is
  prose;
- the first line, when it has no quantity and is no card: ``My planar deck`` above the cards
  is the deck's title when it ends with a colon, is followed by a blank line, or stands
  above lines that carry quantities, and is not a near miss of a planar card (one fuzzy
  comparison per file, for that line only).

Every entry keeps its line number and its name exactly as written in the line (ends
stripped), so a fix can rewrite the name in place.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from planarcli.deck.readers import (
    _HTML_START,
    MAX_CARD_LINES,
    MAX_NAME_LENGTH,
    MAX_QUANTITY,
    name_too_long,
)
from planarcli.deck.readers.csvdeck import FOREIGN_NAME_COLUMNS, FOREIGN_QUANTITY_COLUMNS
from planarcli.deck.readers.model import (
    CANDIDATE_SECTIONS,
    COMMANDER_SECTIONS,
    SIDE_PARTS,
    DeckEntry,
    Decklist,
    ReaderIssue,
    find_communal_mark,
)
from planarcli.deck.readers.source import RawInput, decode_text, split_lines
from planarcli.lazyre import LazyPattern, lazy

if TYPE_CHECKING:
    from planarcli.cards.catalog import Catalog

#: Section names (folded: lower case, single spaces) that mean "the planar deck".
PLANAR_SECTIONS = frozenset(
    {
        "planar deck",
        "planar",
        "planes",
        "plane",
        "planechase",
        "planar cards",
        "planes and phenomena",
        "planes phenomena",
        "plane deck",
        "plane cards",
        "planechase deck",
        "communal planar deck",
        "planar deck communal",
        "single planar deck",
        "phenomena",
        "phenomenon",
    }
)
#: Headings in other languages, per language: (planar deck, phenomena, main deck and
#: commander). The phenomena headings only continue a planar deck already open.
FOREIGN_HEADINGS: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {
    "ja": (
        frozenset({"次元デッキ", "次元"}),
        frozenset({"現象"}),
        frozenset({"メインデッキ", "統率者"}),
    ),
    "fr": (
        frozenset({"deck planaire", "plans", "deck de plans", "cartes plan"}),
        frozenset({"phénomènes", "phenomenes"}),
        frozenset({"deck principal", "commandant"}),
    ),
    "de": (
        frozenset({"planares deck", "planardeck", "planar deck", "ebenen", "ebenendeck"}),
        frozenset({"phänomene", "phaenomene"}),
        frozenset({"hauptdeck", "kommandeur"}),
    ),
    "es": (
        frozenset({"mazo de planos", "mazo planar", "planos"}),
        frozenset({"fenómenos", "fenomenos"}),
        frozenset({"mazo principal", "comandante"}),
    ),
    "it": (
        frozenset({"mazzo planare", "mazzo dei piani", "mazzo di piani", "piani"}),
        frozenset({"fenomeni"}),
        frozenset({"mazzo principale", "comandante"}),
    ),
    "pt": (
        frozenset({"deck planar", "grimório planar", "grimorio planar", "planos"}),
        frozenset({"fenômenos", "fenomenos"}),
        frozenset({"deck principal", "grimório principal", "grimorio principal", "comandante"}),
    ),
}
PLANAR_SECTIONS = PLANAR_SECTIONS.union(
    *(planar | phenomena for planar, phenomena, _ in FOREIGN_HEADINGS.values())
)
#: Planar section names that only continue a planar deck already open (``Planes (8)`` then
#: ``Phenomena (2)``); elsewhere they are a comment's words or a card line, as before.
CONTINUING_SECTIONS = frozenset({"phenomena", "phenomenon"}).union(
    *(phenomena for _, phenomena, _ in FOREIGN_HEADINGS.values())
)
#: Section names that are some other part of a deck.
OTHER_SECTIONS = (
    frozenset(
        {
            "deck",
            "main",
            "main deck",
            "maindeck",
            "mainboard",
            "library",
            "lands",
            "land",
            "creatures",
            "creature",
            "instants",
            "sorceries",
            "artifacts",
            "enchantments",
            "planeswalkers",
            "battles",
            "spells",
            "other",
        }
    )
    .union(COMMANDER_SECTIONS, SIDE_PARTS)
    .union(*(other for _, _, other in FOREIGN_HEADINGS.values()))
)

_META = lazy(r"^(?://|#)\s*(name|source|date|comments?|author|format)\s*:\s*(.*)$", re.I)
_PREFIX = lazy(r"^(SB|COMMANDER|CMDR|COMPANION)\s*:\s*(.*)$", re.I)
_QUANTITY = re.compile(r"^(\d+)\s*[xX×]?\s+(.*)$|^[xX×]\s*(\d+)\s+(.*)$")
#: "1,Akoum", "1;Akoum": a quantity, then a comma or semicolon (a CSV row without a header).
_CSV_QUANTITY = lazy(r"^(\d{1,4})[ \t]*[,;][ \t]*(?=[^\W\d_])")
#: "Akoum: 1 copy", "Akoum: 1x", "Akoum 2 copies": the quantity after the name, with a word.
_WORDED_QUANTITY = lazy(
    r"(?:[ \t]*:[ \t]*(\d{1,4})[ \t]*(?:[xX×]|cop(?:y|ies)|cards?)?"
    r"|[ \t]+(\d{1,4})[ \t]*cop(?:y|ies))$",
    re.I,
)
#: The letters a worded quantity can end with ("x", "copy", "copies", "card", "cards", in
#: any case; "ſ" is an "s" to the pattern's IGNORECASE), besides a digit.
_WORDED_ENDS = frozenset("xX×yYsSſdD")


def _may_end_worded(text: str) -> bool:
    """Whether ``text`` ends as a worded quantity can: a digit or one of ``_WORDED_ENDS``,
    maybe with spaces after it (or a last newline, before which ``$`` matches too). A
    sentence that ends otherwise (``Scores: Alex 3, Robin 2.``) is not searched: that
    search, from every position of the line, was most of the cost of a line of notes."""
    last = text.rstrip(" \t\n")[-1:]
    return last in _WORDED_ENDS or last.isdigit()


#: "Akoum — Plane — Zendikar", "Chaotic Aether - Phenomenon": a type line after a dash.
_TYPE_LINE = lazy(r"[ \t]+[-–—][ \t]+(?:planes?|phenomen(?:on|a))\b(?:[ \t]*[-–—:].*)?$", re.I)
#: "Akoum (Planechase Anthology)": the name of the set the card is printed in, in parentheses.
_SET_NAME = lazy(
    r"[ \t]*\((?=[^()]*\b(?:planechase|anthology|commander|promos?|doctor who|secret lair|"
    r"edition|masters|duskmourn|march of the machine)\b)[^()]*\)$",
    re.I,
)


def _markdown_link(address: str) -> LazyPattern:
    """A whole Markdown link, ``[Akoum](https://scryfall.com/...)``: the text is group 1;
    ``address`` is the character class the address is written in."""
    return lazy(rf"^\[([^\[\]]+)\]\({address}*\)$")


#: A Markdown link on a card line: its address has no space.
_LINK = _markdown_link(r"[^()\s]")
_SUFFIX_QUANTITY = lazy(r"(?:\s+[xX]|\s*×)\s*(\d{1,4})$")  # "Naya x1", "Sea of Sand ×1"
#: "Akoum (1)": a quantity in parentheses after the name.
_PAREN_QUANTITY = lazy(r"[ \t]*\([ \t]*(\d{1,4})[ \t]*\)$")
#: "Akoum (plane)", "Chaotic Aether (Phenomenon)": the card's type after its name.
_TYPE_HINT = lazy(
    r"[ \t]*\([ \t]*(?:planes?|phenomen(?:on|a))(?:[ \t]*[-–—:][^()]*)?[ \t]*\)$", re.I
)
#: A quantity in square brackets: "[1] Akoum", "[2x] Bant".
_BRACKET_QUANTITY = lazy(r"^\[[ \t]*(\d{1,4})[ \t]*[xX×]?[ \t]*\][ \t]+(?=\S)")
#: A Markdown task box after a bullet: "- [x] Akoum", "- [ ] Bant".
_TASK_BOX = lazy(r"^\[[ xX✓✔]\][ \t]+(?=\S)")
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
#: Forum BBCode around a name or a heading: "[c]Akoum[/c]", "[card]Bant[/card]", "[b]...[/b]".
_BBCODE = lazy(
    r"\[/?(?:c|card|cards|b|i|u|s|deck|mtg|spoiler|quote|code|list|color|size|url|font|"
    r"center|mana)(?:=[^\[\]]*)?\]|^\[\*\][ \t]*",
    re.I,
)
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


#: The line a forum writes under each post, above the poster's signature (SMF: "Logged").
_FORUM_FOOTERS = frozenset({"logged"})
#: Characters that start a quoted line (">"), a code fence or inline code.
_QUOTE_OR_CODE = frozenset(">`~")
#: The number of a numbered list ("1. Jund", "2) Sanctum of Serra"): a position, not a
#: quantity.
_LIST_NUMBER = lazy(
    r"^\d{1,3}[.)](?:[ \t]+(?=\S)|(?=[^\W\d_]))"  # "1. Jund", "1.Jund" (no space: a letter)
    r"|^\d{1,3}[．）、][ \t\u3000]*(?=\S)"  # "１．バント"
    r"|^#\d{1,3}[.):]?[ \t]+(?=\S)"  # "#1 Akoum"
    r"|^(?:\d\ufe0f?\u20e3){1,3}[.):]?[ \t]*(?=\S)|^\U0001f51f[ \t]*(?=\S)"  # "1️⃣ Akoum", "🔟 Bant"
)
#: A list numbered with letters: "a) Akoum", "b. Bant" (numbering only when the letters run
#: a, b, c... and a card follows; weighed in ``read``).
_LETTER_NUMBER = lazy(r"^([A-Za-z])[.)][ \t]+(?=\S)")
#: "1 - Akoum": a leading number, then a dash: a quantity, or a list's numbering when the
#: numbers of such lines run 1, 2, 3...
_DASH_AFTER_NUMBER = lazy(r"^[-–—][ \t]+(?=\S)")
#: The characters a bullet can be, and a bullet of a pasted list ("* Akoum", "- Akoum", "•
#: Akoum", "+ Akoum" for a card added): no card name starts so.
_BULLETS = "*•·‣◦-–—+"
_BULLET = lazy(rf"^[{re.escape(_BULLETS)}][ \t]+(?=\S)")
#: A check box a notes app writes before a list's items (Google Keep's "☐ Akoum", "☑ Bant",
#: "✅ Naya"): left out, but, unlike a bullet, it does not mark the line as the list's (a
#: ticked task that is no card, "☑ buy sleeves", is prose).
_CHECK_BOXES = "☐☑☒⬜⬛✅❎🔲🔳✓✔✗✘"
_CHECK_BOX = lazy(rf"^[{_CHECK_BOXES}][\ufe0f]?[ \t]+(?=\S)")
#: The characters a bullet or a check box can be.
_MARK_STARTS = _BULLETS + _CHECK_BOXES
#: A count after a heading: "Planes [10]", "Planar deck - 10 cards", "Planes: 10 cards".
_HEADING_COUNT = lazy(
    r"[ \t]*(?:[-–—:][ \t]*)?(?:[(（]\s*\d{1,5}(?:\s*(?:cards?|枚))?\s*[)）]"
    r"|\[\s*\d{1,5}(?:\s+cards?)?\s*\]|\d{1,5}(?:\s*(?:cards?|枚))?)$",
    re.IGNORECASE,
)
_TAB_QUANTITY = lazy(r"\t[\t ]*(\d{1,6})[\t ]*$")  # "Name<TAB>1" (spreadsheet copy)
_TRAILING_NUMBER = lazy(r"(?:[ \t]*,[ \t]*|[ \t]+)(\d{1,4})$")  # "Name, 1" / "Name 1"
_LEADING_SET = lazy(r"^\[[A-Za-z0-9]{2,6}\]\s+")
_NEGATIVE_QUANTITY = lazy(r"^-\d+\s*[xX×]?\s+\S")
#: A separator line: three or more of one rule character, maybe spaced, maybe inside a
#: table's borders ("---", "* * *", "===", "___", "|---|:--:|", "+----+----+").
_RULE = lazy(r"^[\s|:+]*([-=*_~─━═—–•·])(?:[\s|:+]*\1){2,}[\s|:+]*$")
#: Characters a separator line can start with.
_RULE_START = "|:+-=*_~─━═—–•·"
#: A table row's quantity cell: "1", "1x", "x1", "×2".
_CELL_QUANTITY = lazy(r"^(?:[xX×]\s*)?(\d{1,6})(?:\s*[xX×])?$")
#: A table row's numbering cell: "1." "2)".
_CELL_NUMBER = lazy(r"^\d{1,3}[.)]$")
#: A Markdown link in a table cell (its address may hold a space: the cell ends it).
_CELL_LINK = _markdown_link(r"[^()]")
#: A pipe that separates table cells: at either end of the line or with a space beside it
#: (Forge's "Bant|OHOP" has none, and stays a name with its tags).
_TABLE_PIPE = lazy(r"^\||\|$|\s\||\|\s")
#: Column headings of a table copied from a spreadsheet, a forum or a deck site (folded).
_NAME_COLUMNS = frozenset(
    {"name", "card", "card name", "cards", "plane", "planes", "title"}
).union(FOREIGN_NAME_COLUMNS)
_QUANTITY_COLUMNS = frozenset(
    {"qty", "qty.", "quantity", "count", "copies", "amount", "#", "x", "no", "no.", "n", "num"}
).union(FOREIGN_QUANTITY_COLUMNS)
_OTHER_COLUMNS = frozenset(
    {
        "type",
        "types",
        "type line",
        "card type",
        "set",
        "set code",
        "set name",
        "edition",
        "édition",
        "edición",
        "edizione",
        "collector number",
        "number",
        "rarity",
        "notes",
        "note",
        "comment",
        "comments",
        "price",
        "cmc",
        "mana value",
        "mana cost",
        "color",
        "colour",
        "foil",
        "finish",
        "condition",
        "language",
        "lang",
        "id",
        "board",
        "category",
        "owned",
        "status",
        "location",
        "owner",
        "artist",
        "world",
        "subtype",
        "value",
        "date added",
    }
)
#: Longer lines cannot be card lines or headings (no card name exceeds 200 characters).
MAX_LINE_LENGTH = 1000
# Tags exports put after a name; stripped from the right, repeatedly.
_TRAILING_TAGS = (
    lazy(r"\s+\*[A-Za-z]{1,6}\*$"),  # Moxfield *F*, *E*, *CMDR*
    lazy(r"\s+\^[^^]*\^$"),  # Archidekt colour label ^Label,#hex^
    lazy(r"\s+#\s.*$"),  # an inline comment: "1 Bant  # my favourite"
    lazy(r"\s+#\S+$"),  # Moxfield / web #Tag
    # (PCA) 12, (2xm): a code in one case; never Scryfall's "(Plane)" / "(Playtest)", which
    # belong to the name, nor a slip of them ("(lPane)")
    lazy(
        r"\s+\((?![Pp]lane\)|[Pp]laytest\))(?:[A-Z0-9]{2,6}|[a-z0-9]{2,6})\)"
        r"(?:\s+[A-Za-z0-9][\w-]*\S*)?$"
    ),
    lazy(r"\s*\|[^|]*(?:\|[^|]*)*$"),  # Forge-style Name|SET|1 in a text file
    # a price a shop's cart or a price list puts after the card: "$0.35", "- 0,35 €"
    lazy(
        r"\s+(?:[-–—:@][ \t]*)?"
        r"(?:[$€£][ \t]?\d{1,6}(?:[.,]\d{1,2})?|\d{1,6}[.,]\d{2}[ \t]?[$€£])$"
    ),
)
_BRACKET = lazy(r"\s*\[([^\[\]]*)\]$")
_SET_TAG = lazy(r"^[A-Za-z0-9]{2,6}(?::[\w*★-]+)?$")
_FINISHES = frozenset({"foil", "etched", "nonfoil", "non-foil", "promo", "prerelease", "textless"})
_SPACES = re.compile(r"\s+")
#: Characters that start an export tag; a line without any has no tags to strip.
_TAG_CHARS = "[(*^#|$€£"


def fold_heading(text: str) -> str:
    spaced = text.replace("_", " ").replace("-", " ").replace("&", " and ")
    return _SPACES.sub(" ", spaced).strip().casefold()


def section_role(name: str) -> str | None:
    """ "planar", "candidate" or "other" for a known section name, else None."""
    if len(name) > _LONGEST_SECTION and name.isprintable():
        # Folding keeps every character but white space, "_" and "-" (and a printable text's
        # only white space is " "): so many others make no section name. Spares folding the
        # sentence before a colon in a line of notes.
        kept = len(name) - name.count(" ") - name.count("_") - name.count("-")
        if kept > _LONGEST_SECTION:
            return None
    key = fold_heading(name)
    if key in PLANAR_SECTIONS:
        return "planar"
    if key in CANDIDATE_SECTIONS:
        return "candidate"
    if key in OTHER_SECTIONS:
        return "other"
    return None


#: The longest section name (folded).
_LONGEST_SECTION = max(map(len, PLANAR_SECTIONS | CANDIDATE_SECTIONS | OTHER_SECTIONS))
#: The longest line a heading can be: the longest section name, with room for decoration
#: ("// ", "[...]", a count "(10)", a colon).
_LONGEST_HEADING = _LONGEST_SECTION + 24


#: The characters a heading is framed with, two or more on each side: "~~ Planar deck ~~",
#: "== Planes ==", "-- Phenomena --", "<< Planes >>", "## Planes ##", "++ Planes ++".
_FRAME_CHARS = "~=-<>#+"
_FRAMED = lazy(r"^([~=\-<>#+])\1+[ \t]*([^~=<>#+]*?)[ \t]*[~=\-<>#+]{2,}$")


def _heading(line: str) -> str | None:
    """The section name if this (comment-stripped) line is a section heading: a known
    section name, maybe in brackets, with a count in parentheses and a colon in either order
    ("Planar Deck (10):", "[Planes]", "Sideboard: (2)")."""
    text = line.strip()
    if text[:1].isdigit():
        return None  # no section name starts with a digit; most card lines do
    if text[:1] in "*_":  # Markdown emphasis: **Planes**, __Planes__
        text = text.strip("*_").strip()
    elif text[:1] in _FRAME_CHARS and text[1:2] == text[0]:
        framed = _FRAMED.match(text)  # "~~ Planar deck ~~", "== Planes ==", "<< Planes >>"
        if framed is not None:
            text = framed.group(2)
    elif text and not text[0].isascii() and not text[0].isalnum():
        text = _without_leading_symbols(text)  # "🌍 Planes (8)", "⚡ Phenomena"
    if text and not text[-1].isascii() and not text[-1].isalnum():
        text = _without_trailing_symbols(text)  # "planechase 🌀"
    if len(text) > _LONGEST_HEADING and (
        # printable: its only white space is " ", so this is a lower bound of the next
        # length, and spares splitting a long line into words
        (text.isprintable() and len(text) - text.count(" ") > _LONGEST_HEADING)
        or len(" ".join(text.split())) > _LONGEST_HEADING
    ):
        return None  # no section name is that long
    text = _without_count(text)
    if text.endswith(":"):
        text = _without_count(text[:-1].rstrip())
    name = text.strip("[]").strip()
    return name if name and section_role(name) else None


def _without_leading_symbols(text: str) -> str:
    """``text`` without the emoji and other symbols in front of it."""
    import unicodedata

    start = 0
    while start < len(text) and (
        text[start].isspace() or unicodedata.category(text[start])[0] in "SM"
    ):
        start += 1
    return text[start:]


def _without_trailing_symbols(text: str) -> str:
    """``text`` without the emoji and other symbols after it."""
    import unicodedata

    end = len(text)
    while end > 0 and (text[end - 1].isspace() or unicodedata.category(text[end - 1])[0] in "SM"):
        end -= 1
    return text[:end]


def _without_count(text: str) -> str:
    """``text`` without a count at its end: "Planar Deck (10)", "Planes [10]", "Planar deck
    - 10 cards", "Planes: 10"."""
    if not text[-1:].isdigit() and not text.endswith((")", "]", "s", "d", "S", "D", "）", "枚")):
        return text
    count = _HEADING_COUNT.search(text)
    if count is not None and count.start() > 0 and text[: count.start()].strip():
        return text[: count.start()].rstrip()
    return text


def _comment_body(line: str) -> str | None:
    """What follows the ``//`` or ``#`` that opens a comment line, or None for other lines."""
    if line.startswith("//"):
        return line.lstrip("/").lstrip()
    if line.startswith("#"):
        return line.lstrip("#").lstrip()
    return None


def _category(content: str) -> tuple[str, str] | None:
    """An Archidekt category tag ``[Planes{noDeck}]`` / ``[Removal,Draw]`` as
    (category name, role), or None when the bracket is a set or finish tag."""
    # A set tag is all upper or all lower case ([WHO:193], [opca]); [Ramp] is a category.
    code = content.split(":", 1)[0]
    if _SET_TAG.match(content) and (code.isupper() or code.islower() or code.isdigit()):
        return None
    # "[new!]", "[maybe cut?]", "[from Sam]": a note after the name, no category (those
    # start with a capital and hold no "!" or "?"), unless it names a planar section
    if (content[:1].islower() or "!" in content or "?" in content) and section_role(
        content.strip()
    ) is None:
        return None
    if content.strip().casefold() in _FINISHES:
        return None
    names = [re.sub(r"\{[^}]*\}", "", part).strip() for part in content.split(",")]
    names = [name for name in names if name]
    if not names:
        return None
    for name in names:
        if section_role(name) == "planar":
            return name, "planar"
    return names[0], section_role(names[0]) or "other"


class CardLine(NamedTuple):
    """A card line taken apart. ``form`` says where the quantity was: "leading" (``2 Name``,
    ``2x Name``, ``x2 Name``), "dash" (``2 - Name``: a quantity, or the numbering of a list
    read decides), "tab" (``Name<TAB>2``), "suffix" (``Name x2``, ``Name ×2``),
    "comma" (``Name, 2``), "trailing" (``Name 2``), "numbered" (none, in a numbered list:
    ``1. Name``, ``2) Name``), "csv" (``2,Name,SET``: ``whole`` is all after the quantity,
    ``name`` its first field) or "none". For "comma" and "trailing", ``whole`` is the other
    reading: the name with the number kept, quantity 1."""

    quantity: int
    name: str
    category: tuple[str, str] | None
    form: str
    whole: str | None = None
    printing: tuple[str, str | None] | None = None  # (set code, collector number) if tagged
    #: ``whole`` is the name with a type after it ("Akoum (plane)"): the name is the card
    #: unless the whole is ("Artist Alley (Plane)" is a card's name)
    typed: bool = False


#: A set tag an export wrote after the name: "(OHOP) 3", "|HOP|1" (Forge style).
_PAREN_PRINTING = lazy(r"^\s*\(([A-Za-z0-9]{2,6})\)(?:\s+([A-Za-z0-9][\w-]*))?")
_PIPE_PRINTING = lazy(r"^\s*\|([A-Za-z0-9]{2,6})\s*(?:\||$)")


def _printing(tag: str) -> tuple[str, str | None] | None:
    """(set code, collector number) named by a tag removed from a card line, or None:
    ``(OHOP) 3``, ``[OHOP:3]`` (as ``OHOP:3``), ``[opca]``, ``|HOP|1``, ``[HOP]``."""
    tag = tag.strip()
    if tag.startswith("("):
        paren = _PAREN_PRINTING.match(tag)
        return (paren.group(1).upper(), paren.group(2)) if paren else None
    if tag.startswith("|"):
        pipe = _PIPE_PRINTING.match(tag)
        return (pipe.group(1).upper(), None) if pipe else None
    tag = tag.strip("[]").strip()
    if not _SET_TAG.match(tag) or tag.casefold() in _FINISHES:
        return None
    code, _, number = tag.partition(":")
    return code.upper(), (number if number and number != "*" else None)


def split_card_line(text: str) -> CardLine | None:
    """The parts of a card line, or None if there is no name left."""
    quantity = 1
    form = "none"
    numbered = _LIST_NUMBER.match(text) if text[:1].isdigit() or text[:1] in "#\U0001f51f" else None
    if numbered:  # "1. Jund": the list's numbering, then the line as usual
        text = text[numbered.end() :]
    elif text[:1] in _MARK_STARTS:
        bullet = _BULLET.match(text) or _CHECK_BOX.match(text)  # "☐ Akoum": a check box
        if bullet:
            text = text[bullet.end() :]
    if text[:1] == "[":
        box = _TASK_BOX.match(text)  # "- [x] Akoum": a task list's box
        if box:
            text = text[box.end() :]
        link = _LINK.match(text)  # "* [Akoum](https://...)": a Markdown link
        if link and link.group(1).strip():
            text = link.group(1).strip()
        bracketed = _BRACKET_QUANTITY.match(text)  # "[1] Akoum": the quantity in brackets
        if bracketed:
            text = f"{bracketed.group(1)} {text[bracketed.end() :]}"
    whole = None
    # (a quantity starts with a digit or an "x"; isdigit() holds for every \d and more)
    match = _QUANTITY.match(text) if text[:1].isdigit() or text[:1] in "xX×" else None
    if match is None and text[:1].isdigit():
        csv_row = _CSV_QUANTITY.match(text)  # "1,Akoum": a quantity, then a comma
        if csv_row:
            delimiter = text[len(csv_row.group(1)) :].lstrip()[0]
            rest = text[csv_row.end() :].strip()
            first = rest.split(delimiter, 1)[0].strip()
            if first != rest and first:  # "1,Akoum,OHOP": the name is the first field
                return CardLine(int(csv_row.group(1)), first, None, "csv", rest)
            text = f"{csv_row.group(1)} {rest}"
            match = _QUANTITY.match(text)
    if match:
        digits, text = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
        # Parse only plausible numbers (a 5000-digit "quantity" must not reach int()).
        quantity = int(digits) if len(digits) <= 5 else MAX_QUANTITY + 1
        form = "leading"
        dash = _DASH_AFTER_NUMBER.match(text) if text[:1] in "-–—" else None
        if dash and not numbered:
            text, form = text[dash.end() :], "dash"
        link = _LINK.match(text) if text[:1] == "[" else None  # "1 [Akoum](https://...)"
        if link and link.group(1).strip():
            text = link.group(1).strip()
    else:
        tab = _TAB_QUANTITY.search(text) if "\t" in text else None
        if tab and text[: tab.start()].strip():
            digits = tab.group(1)
            quantity = int(digits) if len(digits) <= 5 else MAX_QUANTITY + 1
            text, form = text[: tab.start()], "tab"
        else:
            suffix = _SUFFIX_QUANTITY.search(text) if text[-1:].isdigit() else None  # "Naya x1"
            if suffix:
                quantity, text, form = int(suffix.group(1)), text[: suffix.start()], "suffix"
            elif text.endswith(")"):
                paren = _PAREN_QUANTITY.search(text)  # "Akoum (1)"
                if paren and text[: paren.start()].strip():
                    whole = text.strip()
                    quantity, text, form = int(paren.group(1)), text[: paren.start()], "paren"
            elif (":" in text or text[-1:] in "xX×sSyY") and _may_end_worded(text):
                worded = _WORDED_QUANTITY.search(text)  # "Akoum: 1 copy", "Akoum: 1x"
                if worded and worded.group(1) and text[: worded.start()][-1:].isdigit():
                    worded = None  # "Sam — Yesterday at 21:05": a time, not 5 of "... 21"
                if worded and text[: worded.start()].strip():
                    digits = worded.group(1) or worded.group(2)
                    quantity, text, form = int(digits), text[: worded.start()], "suffix"
    printing = None
    leading_set = _LEADING_SET.match(text) if text.startswith("[") else None  # "1 [HOP] Bant"
    if leading_set and leading_set.end() < len(text):
        printing = _printing(leading_set.group())
        text = text[leading_set.end() :]
    category = None
    # plain "1 Name" lines skip the patterns (map: no Python frame per character)
    changed = any(map(text.__contains__, _TAG_CHARS))
    while changed:
        changed = False
        bracket = _BRACKET.search(text) if text.rstrip().endswith("]") else None
        if bracket and bracket.start() > 0:
            found = _category(bracket.group(1))
            if found and category is None:
                category = found
            elif found is None and printing is None:
                printing = _printing(bracket.group(1))
            text = text[: bracket.start()]
            changed = True
            continue
        for pattern in _TRAILING_TAGS:
            stripped = pattern.sub("", text)
            if stripped != text and stripped.strip():
                if printing is None:  # every pattern ends at the end: the tag is the rest
                    printing = _printing(text[len(stripped) :])
                text = stripped
                changed = True
    name = text.strip()
    if not name:
        return None
    if name.endswith(")") and form != "paren":
        hint = _TYPE_HINT.search(name) or _SET_NAME.search(name)  # "Akoum (plane)"
        if hint and name[: hint.start()].strip():
            form = "numbered" if numbered and form == "none" else form
            return CardLine(
                quantity, name[: hint.start()].strip(), category, form, name, printing, True
            )
    if " " in name and any(map(name.__contains__, "-–—")):
        type_line = _TYPE_LINE.search(name)  # "Akoum — Plane — Zendikar"
        if type_line and name[: type_line.start()].strip():
            form = "numbered" if numbered and form == "none" else form
            return CardLine(
                quantity, name[: type_line.start()].strip(), category, form, name, printing, True
            )
    if form == "none" and name[-1].isdigit():
        trailing = _TRAILING_NUMBER.search(name)
        if trailing and name[: trailing.start()].strip():
            form = "comma" if "," in name[trailing.start() : trailing.start(1)] else "trailing"
            return CardLine(
                int(trailing.group(1)),
                name[: trailing.start()].strip(),
                category,
                form,
                name,
                printing,
            )
    if numbered and form == "none":
        form = "numbered"
    return CardLine(quantity, name, category, form, whole, printing)


def _table_cells(line: str) -> list[str] | None:
    """The cells of a table row, or None for a line that is none: a spreadsheet copy
    (``Akoum<TAB>Plane — Zendikar<TAB>1``) or a Markdown or forum table (``| 1 | Akoum |``,
    ``1 | Akoum | Plane — Zendikar``). Empty cells are kept, so columns line up."""
    if "\t" in line:
        cells = line.split("\t")
    elif "|" in line and _TABLE_PIPE.search(line):
        text = line.strip()
        text = text[1:] if text.startswith("|") else text
        text = text[:-1] if text.endswith("|") else text
        cells = text.split("|")
    else:
        return None
    cells = [cell.strip() for cell in cells]
    return cells if sum(1 for cell in cells if cell) >= 2 else None


def _fold_cell(cell: str) -> str:
    return " ".join(cell.split()).strip("*_ ").casefold()


#: Name columns that are also what a row's type cell says: no sign of a heading row beside
#: cells the reader does not know.
_TYPE_WORDS = frozenset({"plane", "planes"})


def _table_columns(cells: list[str], names: _Names) -> tuple[int, int | None] | None:
    """(name column, quantity column or None) when the row is a table's heading row
    (``| Qty | Name | Type |``, ``Card<TAB>Qty``), else None. Its cells are column names
    this reader knows, or a name column (not "Plane", a type cell's word) with another one it
    knows and, beside them, at most as many cells of a few words of its own that are no
    card, no near miss of a planar card and hold no digit (``Card<TAB>Type<TAB>In binder``:
    a collection's own columns)."""
    folded = [_fold_cell(cell) for cell in cells]
    known = _NAME_COLUMNS | _QUANTITY_COLUMNS | _OTHER_COLUMNS
    name_at = next((i for i, cell in enumerate(folded) if cell in _NAME_COLUMNS), None)
    if name_at is None:
        return None
    unknown = [cells[i] for i, cell in enumerate(folded) if cell and cell not in known]
    if unknown and (
        folded[name_at] in _TYPE_WORDS  # "Blorp<TAB>Plane<TAB>no": a row, its type and a value
        or len(unknown) * 2 > sum(1 for cell in folded if cell)  # as many known as not
        or sum(1 for cell in folded if cell in known) < 2  # "Akuom<TAB>Plane": a card row
        or any(
            len(cell.split()) > 3
            or any(map(str.isdigit, cell))
            or names.known(cell)
            or names.other(cell)
            or names.near(cell)
            for cell in unknown
        )
    ):
        return None
    quantity_at = next((i for i, cell in enumerate(folded) if cell in _QUANTITY_COLUMNS), None)
    return name_at, quantity_at


def _cell_text(cell: str) -> str:
    """A name cell without Markdown around it: ``**Akoum**``, ``[Akoum](https://...)``."""
    link = _CELL_LINK.match(cell) if cell.startswith("[") else None
    if link:
        cell = link.group(1).strip()
    bare = cell.strip("*_").strip()
    return bare if bare and cell[:1] in "*_" and cell[-1:] in "*_" else cell


def _table_row(cells: list[str], columns: tuple[int, int | None] | None) -> CardLine | None:
    """The card of a table row: the name cell read as a card line, with the quantity of
    the quantity cell. The columns come from the table's heading row when it had one;
    otherwise the quantity is the first cell that is a number ("1", "1x") and the name the
    first other cell (the rest, a type line or a set, is left out)."""
    name_at: int | None = None
    quantity_at: int | None = None
    numbered = False
    if columns is not None and columns[0] < len(cells):
        cell = cells[columns[0]]
        if cell and not _CELL_QUANTITY.match(cell):
            name_at = columns[0]
            quantity_at = columns[1] if columns[1] is not None and columns[1] < len(cells) else None
    if name_at is None:
        for i, cell in enumerate(cells):
            if not cell:
                continue
            if name_at is None and quantity_at is None and _CELL_NUMBER.match(cell):
                numbered = True  # "1.<TAB>Akoum": the list's numbering
            elif quantity_at is None and name_at is None and _CELL_QUANTITY.match(cell):
                quantity_at = i
            elif name_at is None:
                name_at = i
            elif quantity_at is None and _CELL_QUANTITY.match(cell):
                quantity_at = i
    if name_at is None:
        return None
    parts = split_card_line(_cell_text(cells[name_at]))
    if parts is None:
        return None
    quantity = _CELL_QUANTITY.match(cells[quantity_at]) if quantity_at is not None else None
    if quantity is not None and quantity_at is not None:
        digits = quantity.group(1)
        return parts._replace(
            quantity=int(digits) if len(digits) <= 5 else MAX_QUANTITY + 1,
            # "Pain 101" in a name cell is the name; "Akoum (plane)" is still weighed
            name=parts.name if parts.typed else (parts.whole or parts.name),
            form="leading" if quantity_at < name_at else "tab",
            whole=parts.whole if parts.typed else None,
        )
    if numbered and parts.form == "none":
        return parts._replace(form="numbered")
    return parts


def parse_card_line(text: str) -> tuple[int, str, tuple[str, str] | None] | None:
    """(quantity, name, category) of a card line, or None if there is no name left. A
    trailing number is read as the quantity here, and a type in parentheses as part of the
    name (``Artist Alley (Plane)``); ``read`` weighs the other readings."""
    parts = split_card_line(text)
    if parts is None:
        return None
    return (
        parts.quantity,
        (parts.whole or parts.name) if parts.typed else parts.name,
        parts.category,
    )


class _Names:
    """Catalog lookups for the lines that read two ways; the catalog loads on first need."""

    def __init__(self, catalog: Catalog | None) -> None:
        self._catalog = catalog

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            from planarcli.cards.store import load_catalog

            self._catalog = load_catalog(warn=False)
        return self._catalog

    def known(self, name: str) -> bool:
        return self.catalog.lookup(name) is not None

    @cached_property
    def worlds(self) -> frozenset[str]:
        """The planar subtypes (a plane's world: "Zendikar", "Serra's Realm"), folded."""
        return frozenset(fold_heading(card.subtype) for card in self.catalog.cards if card.subtype)

    def named(self, name: str) -> bool:
        """Whether ``name`` is a card's own name ("Artist Alley (Plane)"), not a variant
        the catalog reads as another ("Akoum (plane)" is read as Akoum)."""
        card = self.catalog.lookup(name)
        return card is not None and fold_heading(card.name) == fold_heading(name)

    def other(self, name: str) -> bool:
        """Whether ``name`` is a Magic card that is not planar."""
        from planarcli.cards.resolve import other_magic_card

        return other_magic_card(self.catalog, name) is not None

    def near(self, name: str) -> bool:
        return self.near_name(name) is not None

    def card(self, name: str) -> bool:
        """Whether ``name`` is a card (planar or not) or a near miss of a planar card; never
        a line longer than a card's name (a sentence)."""
        if _longer_than_a_card(name):
            return False
        return self.known(name) or self.near(name) or self.other(name)

    def near_name(self, name: str) -> str | None:
        """The planar card ``name`` is a near miss of (:func:`planar.near_miss`), or None."""
        from planarcli.deck.readers.planar import near_miss

        return near_miss(name, self.catalog)


def _without_indented_notes(
    pending: list[tuple[int, CardLine, str | None, str | None, int]],
    indents: dict[int, int],
    names: _Names,
) -> tuple[list[tuple[int, CardLine, str | None, str | None, int]], int]:
    """``pending`` without the notes written indented under a card (``Akoum`` then
    ``    - the landfall one``), and how many: a line indented deeper than the card line it
    follows (in the same block and section, with only such notes between), with no quantity,
    that is no card (planar or not) and no near miss of a planar card."""
    kept: list[tuple[int, CardLine, str | None, str | None, int]] = []
    notes = 0
    anchor: tuple[int, str | None, int] | None = None  # the card line: indent, section, block
    for entry in pending:
        number, parts, entry_section, _, entry_block = entry
        indent = indents.get(number, 0)
        if (
            anchor is not None
            and indent > anchor[0]
            and (entry_section, entry_block) == anchor[1:]
            and parts.form in ("none", "numbered")
            and not (
                names.known(parts.name) or names.near(parts.name) or names.other(parts.name)
            )
        ):
            notes += 1
            continue
        kept.append(entry)
        anchor = (indent, entry_section, entry_block)
    return kept, notes


def _world_or_set_tag(parts: CardLine, names: _Names) -> bool:
    """Whether the bracket read as a category after a card (``1 Akoum [Zendikar]``, ``1 Bant
    [Planechase Anthology]``) names a plane's world or a set, and the rest is a card or a near
    miss of one, or a typing slip from a plane of that world (``1 Grixsi [Alara]``): the
    bracket is dropped, not a section."""
    assert parts.category is not None
    world = fold_heading(parts.category[0])
    if parts.category[1] != "other":  # "[Planechase{noDeck}]": Archidekt's planar category
        return False
    if world not in names.worlds and not _SET_NAME.search(f"({parts.category[0]})"):
        return False
    if names.known(parts.name) or names.near(parts.name):
        return True
    if world not in names.worlds or names.other(parts.name):
        return False
    from planarcli.cards.resolve import typo_of

    slip = typo_of(names.catalog, parts.name)
    return slip is not None and fold_heading(slip.subtype or "") == world


def _reading(parts: CardLine, names: _Names, trailing_style: bool) -> tuple[int, str]:
    """(quantity, name) of a line: for a trailing number, the reading whose name is a card."""
    if parts.whole is None:
        return parts.quantity, parts.name
    if parts.typed:  # "Akoum (plane)": the name, unless the whole is a card's own name
        if names.named(parts.whole) or names.known(parts.name) or names.other(parts.name):
            return parts.quantity, parts.whole if names.named(parts.whole) else parts.name
        # Neither reading is a card: keep the line whole when it is a slip in a card whose
        # own name ends in such a parenthesis ("mIaginary Friends (Plane)" for "Imaginary
        # Friends (Plane)"), so that it reads the same after --fix and deck convert.
        near = names.near_name(parts.whole)
        if near is not None and near.endswith(")"):
            return parts.quantity, parts.whole
        return parts.quantity, parts.name
    if parts.form == "csv":  # "1,Akoum,OHOP": the longest run of fields that is a card
        rest = parts.whole
        delimiter = rest[len(parts.name) :].lstrip()[:1]
        fields = rest.split(delimiter)
        for end in range(len(fields), 1, -1):
            joined = delimiter.join(fields[:end]).strip()
            if names.known(joined) or names.other(joined):  # "Borrowing 100,000 Arrows"
                return parts.quantity, joined
        return parts.quantity, parts.name
    if parts.form == "paren":  # "Akoum (1)": one of a card named so, or one Akoum
        return (1, parts.whole) if names.known(parts.whole) else (parts.quantity, parts.name)
    if names.known(parts.whole):
        return 1, parts.whole
    if parts.form == "comma" or trailing_style or names.known(parts.name):
        return parts.quantity, parts.name
    return 1, parts.whole


def read(raw: RawInput, *, catalog: Catalog | None = None) -> Decklist:
    """Read a text decklist. ``catalog`` settles the lines that read two ways (the loaded
    catalog when None, loaded only if such a line appears)."""
    lines = split_lines(decode_text(raw.data, raw.display))
    deck_name: str | None = None
    # line, parts, section, role, block
    pending: list[tuple[int, CardLine, str | None, str | None, int]] = []
    issues: list[ReaderIssue] = []
    section: str | None = None
    role: str | None = None
    sectioned = False
    planar_sections: list[str] = []
    block = 0  # blank lines separate blocks (MTGO and Arena text: the sideboard comes last)
    first_line: int | None = None  # the first line that is not blank or a comment
    counted = 0  # card lines that carry a quantity
    comments = 0  # comment lines that say something (not a heading, not the deck's name)
    trailing = 0  # ... of which after the name with nothing but a space ("Name 1")
    communal = False  # a "// planarcli: communal planar deck for N players" line was read
    communal_players: int | None = None
    table_columns: tuple[int, int | None] | None = None  # (name, quantity) of a table's heading row
    lettered: dict[int, tuple[str, str]] = {}  # "a) Akoum": line -> (letter, the whole line)
    hashed: set[int] = set()  # lines numbered with "#" ("#1 Akoum"), or comments ("#1 todo")
    names = _Names(catalog)  # loads the catalog only when a line needs it
    indents: dict[int, int] = {}  # card lines indented: line -> columns (a tab is 4)
    # '["Akoum", "Bant"]': a JSON array of card names, on one line or many
    arrayed = _starts_as_array(lines) and _is_json_name_array("\n".join(lines))
    listed_at: dict[int, list[tuple[int, str]]] = {}  # lines listing many cards, and those
    bulleted: set[int] = set()  # card lines with a bullet ("* Akoum", "- Akoum")
    prose_at: tuple[tuple[int, str], ...] = ()  # those lines: (number, text as read)
    noted: set[int] = set()  # card lines that may hold a note after the name
    chatted: set[int] = set()  # lines of a chat's export, its date and sender left out
    signature_at: int | None = None  # the last "--" line: a signature may follow it
    reply_at: int | None = None  # an e-mail's "On ..., Sam wrote:" line: a quote follows
    quoted: set[int] = set()  # lines quoted ("> ...") under it

    html = _is_html(lines)  # "<ul><li>Akoum</li>...": the text of each line, tags left out
    card_text = False  # in a card's rules text, under its type line (Scryfall's text view)

    for number, original in enumerate(lines, start=1):
        line = original.strip().lstrip("\ufeff\u200e\u200f")  # a BOM, a bidi mark (WhatsApp)
        if card_text:
            if line:
                continue  # "Whenever chaos ensues, ...": the card's text, to its blank line
            card_text = False
        if (
            line[:1] in "PpLl"
            and pending
            and pending[-1][0] == number - 1
            and _TYPE_LINE_ALONE.match(line)
        ):
            # "Plane — Rabiah" under "Sea of Sand": the card's type line, not a card; a bare
            # "Plane" or "Phenomenon" is one only with rules text under it (else a heading)
            following = lines[number].strip() if number < len(lines) else ""
            card_text = _reads_as_rules_text(following)
            if card_text or not line.isalpha():
                comments += 1
                continue
        if html and "<" in line:
            items = [_html_text(item) for item in _HTML_ITEM.findall(line)]
            items = [item for item in items if item]
            if len(items) > 1:  # "<ul><li>Akoum</li><li>Bant</li></ul>" on one line
                found = [(p.quantity, p.name) for p in map(split_card_line, items) if p]
                if found:
                    listed_at[number] = found
                    first = CardLine(found[0][0], found[0][1], None, "none")
                    pending.append((number, first, section, role, block))
                continue
            line = items[0] if items else _html_text(line)  # "<ul>" alone: as a blank line
        if arrayed:
            strings = _json_array_strings(line)
            if strings is not None:
                if strings:
                    listed_at[number] = [
                        (piece.quantity, piece.name)
                        for piece in map(split_card_line, strings)
                        if piece is not None
                    ]
                    head = split_card_line(strings[0])
                    if head is not None:
                        pending.append((number, head, section, role, block))
                continue
        if line[:1] in _QUOTE_OR_CODE:  # (most lines start otherwise: one test for three)
            if line.startswith(">"):  # quoted in an e-mail or a forum post: "> 1 Akoum"
                line = line.lstrip("> \t")
                if reply_at is not None:
                    quoted.add(number)
            if line.startswith(("```", "~~~")):  # a Markdown code fence (Discord) frames it
                continue
            if line[:1] == "`" and line[-1:] == "`":  # Discord inline code: "`1 Akoum`"
                line = line.strip("`").strip()
        if line[:1] in "0123456789[" and ":" in line:
            if line[-1:] == "]" and _TIME_ALONE.match(line):
                comments += 1  # "[9:03 PM]": the time of the chat's next message
                continue
            message = _MESSAGE_PREFIX.match(line)
            if message:  # "01/12/2026, 18:42 - Lukas: Akoum": the message is the line
                line = line[message.end() :]
                chatted.add(number)
        if "[" in line and ("[/" in line or line.startswith("[")):
            bare = _BBCODE.sub("", line).strip()  # forum BBCode: "1 [c]Akoum[/c]", "[b]...[/b]"
            if bare != line and not bare:
                continue  # "[deck]", "[/spoiler]": the tags around the list
            line = bare
        if (
            line[:1] in "TtSsGgCcDd"
            and line[:3].lower() in _TOTAL_STARTS
            and _TOTAL_LINE.match(line)
        ):
            continue  # "Total: 10 cards - $5.27" under a cart: no card
        if " · " in line and _TOOLBAR_PART.search(line):
            comments += 1  # "12 comments · Share · Save": the page's toolbar, no card
            continue
        if line[-1:] == ":" and line[:1] in "OoLlAaEeIi" and _REPLY_HEADER.match(line):
            reply_at = number  # "On Wed, Nov 25, 2026 at 6:12 PM Sam <sam@...> wrote:"
            comments += 1
            continue
        if line[:1] not in _RULE_START:
            if line[:1] in "Ll" and line.casefold() in _FORUM_FOOTERS:
                # SMF's "Logged" under a post: its signature may follow, as after "--"
                signature_at = number if pending else signature_at
                comments += 1
                line = ""
        elif line == "--" or (line[:5] == "_____" and line.strip("_") == ""):
            # a signature's delimiter ("--", phpBB's "_________________"): one may follow
            signature_at = number if pending else signature_at
            line = ""
        elif _RULE.match(line):
            line = ""  # a separator line ("---", "***", "|---|---|") parts the list as a blank line
        if not line:
            if pending and pending[-1][4] == block:
                block += 1
            continue
        if len(line) > MAX_LINE_LENGTH:  # no heading or card line is this long: skip the regexes
            issues.append(
                ReaderIssue(
                    number,
                    "line-too-long",
                    f"line of {len(line)} characters starting {line[:40]!r}... is no card line "
                    f"(those are under {MAX_LINE_LENGTH} characters); it was ignored",
                )
            )
            continue
        comment = _comment_body(line) if line[:1] in "/#" else None
        if comment is not None and line[1:2].isdigit() and _LIST_NUMBER.match(line):
            comment = None  # "#1 Akoum": numbering, when a card follows (weighed below)
            hashed.add(number)
        if comment is not None:
            meta = _META.match(line) if ":" in line else None
            if meta and meta.group(1).lower() == "name" and deck_name is None:
                deck_name = meta.group(2).strip() or None
                continue
            mark = find_communal_mark(comment, number) if "planarcli" in comment else None
            if mark is not None and mark[0].start() == 0 and not communal:
                communal, communal_players = True, mark[1]
                if mark[2] is not None:
                    issues.append(mark[2])
                continue
            heading = _heading(comment)
            if heading and role != "planar" and fold_heading(heading) in CONTINUING_SECTIONS:
                heading = None
            if heading:
                section, role, sectioned = heading, section_role(heading), True
                if role == "planar":
                    planar_sections.append(heading)
            elif comment:
                comments += 1
            continue
        if first_line is None:
            first_line = number
        # (no heading ends as a sentence does: a line of notes skips the test)
        heading = _heading(line) if line[-1] not in ".!?" else None
        if heading and role != "planar" and fold_heading(heading) in CONTINUING_SECTIONS:
            heading = None
        if heading and not _QUANTITY.match(line):
            section, role, sectioned = heading, section_role(heading), True
            if role == "planar":
                planar_sections.append(heading)
            continue
        entry_section, entry_role = section, role
        prefix = _PREFIX.match(line) if ":" in line[:16] else None
        if prefix:
            tag = prefix.group(1).upper()
            entry_section = "Sideboard" if tag == "SB" else tag.title()
            entry_role = "candidate" if tag == "SB" else "other"
            sectioned = True
            line = prefix.group(2)
        if line.startswith("-") and _NEGATIVE_QUANTITY.match(line):
            issues.append(
                ReaderIssue(
                    number,
                    "bad-quantity",
                    f"negative quantity in {line[:60]!r}: a card line needs at least 1",
                )
            )
            continue
        separated = (
            _separated_list(line, names)
            if table_columns is None and ("," in line or _may_be_separated(line))
            else None
        )
        colon = line.find(": ") if separated is None and table_columns is None else -1
        word = line[colon - 14 if colon > 14 else 0 : colon] if colon > 0 else ""
        if word and word[word.rfind(" ") + 1 :].strip("*_").casefold() in _HEADING_ENDS:
            in_prose = _lists_in_prose(line, names)  # "... deck. Planes: Akoum, Bant. ..."
            if in_prose is not None:
                entry_section, entry_role, sectioned = in_prose[0], "planar", True
                planar_sections.append(in_prose[0])
                listed_at[number] = in_prose[1]
                first = CardLine(in_prose[1][0][0], in_prose[1][0][1], None, "none")
                pending.append((number, first, entry_section, entry_role, block))
                continue
        if separated is not None:  # "Akoum / Bant / Naya", "Akoum, Bant and Naya"
            inline_heading, pieces = separated
            if inline_heading is not None:  # "planes: Akoum / Bant": a heading, then the list
                section, role, sectioned = inline_heading, section_role(inline_heading), True
                entry_section, entry_role = section, role
                if role == "planar":
                    planar_sections.append(inline_heading)
            listed_at[number] = pieces
            first = CardLine(pieces[0][0], pieces[0][1], None, "none")
            pending.append((number, first, entry_section, entry_role, block))
            continue
        cells = _table_cells(line) if "\t" in line or "|" in line else None
        lettered_at = (
            _LETTER_NUMBER.match(line) if cells is None and line[1:2] in (".", ")") else None
        )
        if lettered_at:  # "a) Akoum": a letter numbering the list, when the letters run
            lettered[number] = (lettered_at.group(1).lower(), line)
            parts = split_card_line(line[lettered_at.end() :])
        elif cells is None:
            parts = split_card_line(line)
        else:
            heading_row = _table_columns(cells, names)
            if heading_row is not None:  # "| Qty | Name | Type |": where the rows below are
                table_columns = heading_row
                continue
            parts = _table_row(cells, table_columns)
        if parts is None:
            issues.append(
                ReaderIssue(
                    number, "unreadable-line", f"cannot read a card in {original.strip()!r}"
                )
            )
            continue
        if parts.category is not None and _world_or_set_tag(parts, names):
            parts = parts._replace(category=None)  # "1 Akoum [Zendikar]": the plane's world
        if parts.category is not None:
            entry_section, entry_role = parts.category
            sectioned = True
        if line[:1] in _BULLETS and _BULLET.match(line):
            bulleted.add(number)  # "* Akoum", "- Akoum": marked as a list's line
        if parts.form not in ("none", "numbered"):
            counted += 1
            trailing += parts.form == "trailing"
        name = parts.name  # "Bant - my favourite": weighed once the list is read
        if (
            "-" in name
            or "(" in name
            or "/" in name
            or "<" in name
            or not name.isascii()
            or (
                ("," in name or ":" in name or "..." in name)
                and len(name) <= 60  # (as _longer_than_a_card: a sentence has no card)
                and name.count(" ") < 6
            )
        ):
            noted.add(number)  # (each test a scan in C: most lines pass them all)
        pending.append((number, parts, entry_section, entry_role, block))
        if original[:1] in " \t":
            indents[number] = len(original.expandtabs(4)) - len(original.expandtabs(4).lstrip())
        if len(pending) > MAX_CARD_LINES:  # junk, not a deck: stop before it costs memory
            break

    dashed = [i for i, entry in enumerate(pending) if entry[1].form == "dash"]
    if len(dashed) >= 3 and [pending[i][1].quantity for i in dashed] == list(
        range(1, len(dashed) + 1)
    ):  # "1 - Akoum", "2 - Bant", "3 - Naya": numbered, one of each
        for i in dashed:
            n, parts, s, r, b = pending[i]
            pending[i] = (n, parts._replace(quantity=1, form="numbered"), s, r, b)
        counted -= len(dashed)
    letters = [lettered[n][0] for n in sorted(lettered)]
    if letters and not (
        len(letters) >= 2 and letters[0] == "a" and letters == sorted(set(letters))
    ):  # "a) Akoum", "b) Bant" are numbered; a lone "a. note", or "x) y", is the line it was
        for i, entry in enumerate(pending):
            if entry[0] not in lettered:
                continue
            whole = split_card_line(lettered[entry[0]][1])
            if whole is not None:
                pending[i] = (entry[0], whole, *entry[2:])
    if hashed:  # "#1 Akoum" is numbering; "#2 check the errata" stays a comment
        kept = [
            entry
            for entry in pending
            if entry[0] not in hashed
            or names.known(entry[1].name)
            or names.near(entry[1].name)
            or names.other(entry[1].name)
        ]
        comments += len(pending) - len(kept)
        pending = kept
    if indents and any(indents.get(entry[0]) for entry in pending):
        pending, notes = _without_indented_notes(pending, indents, names)
        comments += notes
    for i, entry in enumerate(pending if noted else ()):  # "Bant - my favourite": the card
        parts = entry[1]
        if entry[0] in noted and parts.whole is None:
            name = _without_note(parts.name, names)
            if name is not parts.name:
                pending[i] = (entry[0], parts._replace(name=name), *entry[2:])

    title = _title(pending, first_line, counted, names)
    if title is not None:
        text = title.rstrip(":").strip()
        deck_name = deck_name or text or None
        removed_block = pending[0][4]
        pending = pending[1:]
        if pending and all(entry[4] != removed_block for entry in pending):
            # the title stood alone in the first block: the cards' blocks count from 0
            pending = [(n, p, s, r, b - 1) for n, p, s, r, b in pending]

    marked = counted + sum(1 for entry in pending if entry[1].form == "numbered")
    marked += sum(1 for entry in pending if entry[0] in bulleted and entry[1].form == "none")
    # a signature under "--" and an e-mail's quoted reply, when no line of them is a card
    apart = _signature_and_reply(pending, signature_at, quoted, names, reply_at)
    if apart:
        comments += len(apart)
        prose_at = tuple((pending[i][0], pending[i][1].name) for i in apart)
        pending = [entry for i, entry in enumerate(pending) if i not in apart]
    # a line listing many cards ("Planes: Akoum, Bant, Naya.") counts as its cards
    listed_more = sum(len(pieces) - 1 for pieces in listed_at.values())
    prose = _prose_lines(pending, marked, bulleted, names, chatted, listed_more)
    if prose:  # chat lines above, inside or below the list: comments, not cards
        comments += len(prose)
        prose_at += tuple(
            (pending[i][0], pending[i][1].whole or pending[i][1].name) for i in sorted(prose)
        )
        pending = [entry for i, entry in enumerate(pending) if i not in prose]
        # blocks of prose alone are gone: the cards' blocks count on without them
        renumber = {b: k for k, b in enumerate(sorted({entry[4] for entry in pending}))}
        pending = [(n, p, s, r, renumber[b]) for n, p, s, r, b in pending]

    trailing_style = trailing * 2 > len(pending)
    entries: list[DeckEntry] = []
    for number, parts, entry_section, entry_role, entry_block in pending:
        if parts.whole is None:
            quantity, name = parts.quantity, parts.name
        else:
            quantity, name = _reading(parts, names, trailing_style)
        if number in listed_at:  # a JSON array's names, or "Akoum / Bant / Naya"
            listed: list[tuple[int, str]] | None = listed_at[number]
        else:
            if "//" in name:
                name = _without_inline_comment(name, names)
            listed = (
                _comma_list(name, names)
                if name.count(",") >= 2 and parts.form in ("none", "numbered")
                else None
            )
        if listed is not None:  # "Akoum, Bant, Naya, ...": a whole list on one line
            role = (entry_role or "other") if sectioned else "unsectioned"
            for piece_quantity, piece in listed:
                too_long = name_too_long(piece, number)
                if too_long is not None:
                    issues.append(too_long)
                    continue
                entries.append(
                    DeckEntry(
                        piece, piece_quantity, number, entry_section, role, entry_block, None, None
                    )
                )
            continue
        too_long = name_too_long(name, number) if len(name) > MAX_NAME_LENGTH else None
        if too_long is not None:
            issues.append(too_long)
            continue
        if quantity > MAX_QUANTITY:
            issues.append(
                ReaderIssue(
                    number,
                    "bad-quantity",
                    f"quantity for {name!r} is larger than {MAX_QUANTITY}: fix the number",
                )
            )
            continue
        if quantity < 1:
            issues.append(
                ReaderIssue(
                    number,
                    "bad-quantity",
                    f"quantity {quantity} for {name!r}: a card line needs at least 1; "
                    "remove the line or fix the number",
                )
            )
            continue
        role = (entry_role or "other") if sectioned else "unsectioned"
        set_code, collector = parts.printing or (None, None)
        # every field in order: the record's quick path (this runs for every line of a file)
        entries.append(
            DeckEntry(name, quantity, number, entry_section, role, entry_block, set_code, collector)
        )
    issues.sort(key=lambda issue: issue.line or 0)
    prose_at = tuple(sorted(prose_at))
    return Decklist(
        raw.display,
        "text",
        tuple(entries),
        tuple(issues),
        deck_name,
        tuple(planar_sections),
        communal_players=communal_players,
        counted_lines=counted,
        comment_lines=comments,
        prose=prose_at,
    )


#: What parts a list written on one line, besides commas: "Akoum / Bant", "Akoum | Bant",
#: "Akoum and Bant", "Akoum & Bant", "Akoum + Bant" (also last after commas: "Akoum, Bant
#: + Chaotic Aether", as a chat adds the phenomena).
_LIST_SEPARATOR = lazy(r"[ \t](?:/|\||and|&|\+)[ \t]", re.I)
_LAST_AND = lazy(r"[ \t]+(?:and|&|\+)[ \t]+", re.I)


def _may_be_separated(line: str) -> bool:
    """Whether ``_LIST_SEPARATOR`` is in ``line``; most lines lack all five separators and
    skip the search (only ASCII letters match "and" under IGNORECASE)."""
    if "/" in line or "|" in line or "&" in line or "+" in line or "and" in line.lower():
        return _LIST_SEPARATOR.search(line) is not None
    return False


def _longer_than_a_card(text: str) -> bool:
    """Whether ``text`` is longer than any planar card name could be, misspelt or not, with
    a quantity before it (the longest has five words and 41 characters): such a piece or
    line needs no catalog look-up to be no card, which keeps a folder of prose notes cheap."""
    return len(text) > 60 or text.count(" ") >= 6


def _separated_list(
    line: str, names: _Names
) -> tuple[str | None, list[tuple[int, str]]] | None:
    """(a section heading before a colon or None, the (quantity, name) of each card) of a
    list on one line parted by `` / ``, `` | `` or commas, with a last ``and`` or ``&``
    (``planes: Akoum / Bant``, ``Akoum, Otaria and Chaotic Aether``), when every part is a
    planar card or a near miss of one; None otherwise."""
    heading: str | None = None
    text = line
    head, colon, rest = line.partition(":")
    if colon and rest.strip() and section_role(head.strip().strip("*_ ")) is not None:
        heading, text = head.strip().strip("*_ "), rest.strip().lstrip("*_ ")  # "**Planes:**"
    if " / " in text:
        pieces = text.split(" / ")
    elif "|" in text:
        pieces = text.strip().strip("|").split("|")
    else:
        pieces = text.split(",")
    if len(pieces) > 1 and _longer_than_a_card(pieces[0].strip()):
        return None  # most sentences with commas: a long first piece (checked alone: cheaper)
    if len(pieces[-1]) > 130 or any(_longer_than_a_card(piece.strip()) for piece in pieces[1:-1]):
        return None  # a sentence with commas: no look-up needed (the last may hold an "and")
    if not _longer_than_a_card(text) and names.known(text):
        return None
    last = pieces[-1]
    anded = _LAST_AND.search(last)
    if anded:
        before, after = last[: anded.start()], last[anded.end() :]
        if _longer_than_a_card(before.strip()) or _longer_than_a_card(after.strip()):
            return None  # split or not (then the whole last piece is long too): no list
        if not names.known(last.strip()):
            pieces[-1:] = [before, after]  # both checked above
    if len(pieces) < 2 or (pieces[-1] is last and _longer_than_a_card(last.strip())):
        return None  # (the pieces before the last were checked above)
    found: list[tuple[int, str]] = []
    for piece in pieces:
        parts = split_card_line(piece.strip()) if piece.strip() else None
        if parts is None or not (names.known(parts.name) or names.near(parts.name)):
            return None
        found.append((parts.quantity, parts.name))
    return heading, found


#: A colon and the space after it, and where a sentence ends.
_COLON_SPACE = re.compile(r"[ \t]*:[ \t]+")
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)")
#: The most words of a planar heading before a colon ("Planes and phenomena:").
_HEADING_WORDS = 3
#: The last words of the planar headings ("deck", "planes", "phenomena"...).
_HEADING_ENDS = frozenset(heading.split()[-1] for heading in PLANAR_SECTIONS)


def _heading_before(line: str, colon: int) -> bool:
    """Whether the word before ``line[colon]`` may end a planar heading (a cheap test)."""
    words = line[max(0, colon - 14) : colon].split()
    return bool(words) and words[-1].strip("*_").casefold() in _HEADING_ENDS


def _lists_in_prose(line: str, names: _Names) -> tuple[str, list[tuple[int, str]]] | None:
    """(the first heading, the (quantity, name) of each card) of the lists that sentences
    of a line give after a planar heading and a colon (an e-mail's ``... for Friday.
    Planes: Akoum, Bant and Naya. Phenomena: Chaotic Aether.``), each up to the sentence's
    end and every part of it a planar card or a near miss of one (as in
    :func:`_separated_list`); None when the line has none."""
    heading: str | None = None
    found: list[tuple[int, str]] = []
    for colon in _COLON_SPACE.finditer(line):
        if not _heading_before(line, colon.start()):
            continue  # "House rule: ...": most colons follow no heading
        words = line[: colon.start()].split()[-_HEADING_WORDS:]
        head = next(
            (
                " ".join(words[k:]).strip("*_")
                for k in range(len(words))
                if section_role(" ".join(words[k:]).strip("*_")) == "planar"
            ),
            None,
        )
        if head is None:
            continue
        end = _SENTENCE_END.search(line, colon.end())
        text = line[colon.end() : end.start() if end else len(line)].strip()
        if not text or (_longer_than_a_card(text) and "," not in text):
            continue
        listed = _separated_list(text, names)
        if listed is not None:
            pieces = listed[1]
        else:
            parts = split_card_line(text) if not _longer_than_a_card(text) else None
            if parts is None or not (names.known(parts.name) or names.near(parts.name)):
                continue
            pieces = [(parts.quantity, parts.name)]
        heading = heading or head
        found.extend(pieces)
    return (heading, found) if heading is not None and found else None


#: An HTML tag, and a list item's text (up to its end tag, the next item or the line's end).
_HTML_TAG = lazy(r"<[^<>]*>")
_HTML_ITEM = lazy(r"<li\b[^>]*>(.*?)(?=</li\s*>|<li\b|$)", re.I)
#: The only character references read: XML's five entities and numeric references. Any other
#: named entity stays as written (no entity table, no DTD: nothing expands).
_HTML_ENTITY = lazy(r"&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _is_html(lines: list[str]) -> bool:
    """Whether the first line that is not blank starts an HTML fragment (``<ul>``, ``<p>``)."""
    first = next((line.strip().lstrip("\ufeff") for line in lines if line.strip()), "")
    return first[:1] == "<" and _HTML_START.match(first) is not None


def _html_character(match: re.Match[str]) -> str:
    named, decimal, hexadecimal = match.groups()
    if named:
        return _ENTITIES[named]
    code = int(decimal) if decimal else int(hexadecimal, 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or code == 0:
        return match.group(0)
    return chr(code)


def _html_text(fragment: str) -> str:
    """The text of an HTML fragment: tags left out, standard references replaced."""
    text = _HTML_TAG.sub("", fragment)
    if "&" in text:
        text = _HTML_ENTITY.sub(_html_character, text)
    return " ".join(text.split())


def _starts_as_array(lines: list[str]) -> bool:
    """Whether the first line with text starts with ``[`` (checked before
    :func:`_is_json_name_array`, without joining the lines)."""
    for line in lines:
        text = line.lstrip("\ufeff \t\r\n")
        if text:
            return text[0] == "["
    return False


def _is_json_name_array(text: str) -> bool:
    """Whether ``text`` is a JSON array of strings, at least one: ``["Akoum", "Bant"]``
    (``text`` starts with ``[``: :func:`_starts_as_array` said so)."""
    import json

    try:
        document = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError):
        return False
    return (
        isinstance(document, list)
        and bool(document)
        and all(isinstance(item, str) for item in document)
    )


def _json_array_strings(line: str) -> list[str] | None:
    """The strings on one line of a JSON array of names (``["Akoum", "Bant"]``, ``[``,
    ``"Naya",``, ``]``), or None if the line is not such a piece."""
    inner = line.strip().rstrip(",").strip()
    if inner.startswith("["):
        inner = inner[1:]
    if inner.endswith("]"):
        inner = inner[:-1]
    inner = inner.strip().rstrip(",")
    import json

    try:
        strings = json.loads(f"[{inner}]")
    except (ValueError, RecursionError):
        return None
    if not all(isinstance(item, str) for item in strings):
        return None
    return [item.strip() for item in strings if item.strip()]


#: The most comma-separated pieces one card name spans ("Fblthp: Completely, Utterly,
#: Totally Lost" spans three).
_MOST_PIECES_IN_A_NAME = 4


def _comma_list(name: str, names: _Names) -> list[tuple[int, str]] | None:
    """The cards of a list written on one line, ``Akoum, Bant, 2x Naya``, as (quantity,
    name) pairs, when the line is no card and at least three pieces, most of them, are
    cards; None otherwise. Pieces that together make a card with commas in its name (``The
    Drum, Mining Facility``) stay together."""
    pieces = [piece.strip() for piece in name.split(",")]
    if any(_longer_than_a_card(piece) for piece in pieces) or names.known(name):
        return None
    found: list[tuple[int, str]] = []
    known = 0
    start = 0
    while start < len(pieces):
        for end in range(min(len(pieces), start + _MOST_PIECES_IN_A_NAME), start, -1):
            joined = ", ".join(pieces[start:end])
            parts = split_card_line(joined) if joined else None
            if parts is not None and (end == start + 1 or names.known(parts.name)):
                break
        if parts is not None:
            known += names.known(parts.name)
            found.append((parts.quantity, parts.name))
        start = end
    if len(found) < 3 or known * 2 <= len(found):
        return None
    return found


def _without_inline_comment(name: str, names: _Names) -> str:
    """``Akoum`` for ``Akoum  // my favourite``: the part before `` //`` when it is a card
    and the whole is none. (``Assault // Battery`` is a split card: its first half is no
    planar card, so it stays whole.)"""
    cut = name.find("//")
    left = name[:cut].rstrip()
    if cut > 0 and name[cut - 1] in " \t" and left and names.known(left):
        return name if names.known(name) else left
    return name


#: Where a note after a card's name may start: a dash, an ellipsis or an arrow with space
#: before it (``Akoum - the landfall one``, ``Akoum -- ramp``, ``Akoum … the big one``,
#: ``Akoum  <- new``, ``Akoum ← new``), a ``//``, a remark in parentheses (``Akoum (chaos is
#: brutal)``), or a colon or a comma (``Akoum: ramp``, ``Akoum, forgot it``).
_NOTE_MARK = lazy(
    r"[ \t]+(?:(?:-{1,2}|[–—]|//|…|\.\.\.)(?=[ \t])|<-{1,2}|<=|←|⬅|\((?=[^()]*\)))"
    r"|[:,](?=[ \t])"
)
#: How far into a line a note's mark can stand: after a card's name (at most 41 characters)
#: written with spaces or a slip or two.
_NOTE_REACH = 64


def _without_note(name: str, names: _Names) -> str:
    """The card before a note written after it (``Bant - everyone gets counters lol``,
    ``Glen Elendra  <- new, from the anthology``, ``Jund — our dragon player loves it``,
    ``Tazeem (chaos can be brutal)``): the part before the first mark whose text is a card
    (planar, or another before a mark that is no ``//``), else before the first whose text
    is a near miss of a planar card (kept as written, so ``--fix`` mends it in place), when
    the whole line is no card (``Artist Alley (Plane)``, ``Assault // Battery``), no chat's
    name-and-time line, and what follows the mark is no card (``Akoum - Bant - Naya``). Else
    ``name`` itself."""
    if _chat_stamp(name):
        return name  # "Naya — Today at 9:14 PM": Naya wrote the message below
    # "Sky Deck, my favourite!", "Jund, thoughts?": a comma or a colon starts no note in a
    # line that ends as a sentence (it is a remark about the card: prose, and a warning)
    sentence = name.endswith(_PROSE_ENDS_OR_COMMA)
    marks = [
        mark
        for mark in _NOTE_MARK.compiled.finditer(name)
        if 0 < mark.start() <= _NOTE_REACH and not (sentence and name[mark.start()] in ":,")
    ]
    heads = [name[: mark.start()].rstrip() for mark in marks]
    if not heads or names.known(name) or names.other(name):
        return name
    found = None
    for at, (mark, head) in enumerate(zip(marks, heads, strict=True)):
        # "1 Sol Ring - ramp" in a Commander list; but "Assault // Battery" is a split card
        # whose halves are cards too (one the names table may lack whole)
        # ("nice, all innistrad again": after a comma or a colon, only a planar card)
        if names.known(head) or (
            "//" not in mark.group() and mark.group() not in ":," and names.other(head)
        ):
            found = at
            break
    if found is None:
        found = next((at for at, head in enumerate(heads) if names.near(head)), None)
        if found is None:
            return name
    # "Akoum - Bant - Naya": cards after the mark too make no note; the line stays as it is
    end = marks[found + 1].start() if found + 1 < len(marks) else len(name)
    rest = name[marks[found].end() : end].strip(" \t()")
    if rest and not _longer_than_a_card(rest) and (names.known(rest) or names.near(rest)):
        return name
    return heads[found]


def _title(
    pending: list[tuple[int, CardLine, str | None, str | None, int]],
    first_line: int | None,
    counted: int,
    names: _Names,
) -> str | None:
    """The text of the first line when it is the deck's title rather than a card
    (``counted``: how many card lines carry a quantity; numbered lines count too)."""
    if len(pending) < 2 or pending[0][0] != first_line:
        return None
    _, parts, section, _, block = pending[0]
    if parts.form not in ("none", "paren") or parts.category is not None or section is not None:
        return None
    # "My planes (10)": a count in parentheses is no quantity on a title
    text = parts.whole if parts.form == "paren" and parts.whole else parts.name
    others = len(pending) - 1
    # numbered lines ("1. Jund") mark the line above them as apart from the list, as
    # quantities do
    looks_like_title = text.endswith(":") or pending[1][4] != block
    if not looks_like_title:  # counted only when needed: this runs for every file
        marked = counted - (parts.form == "paren")
        marked += sum(1 for entry in pending if entry[1].form == "numbered")
        looks_like_title = marked * 2 > others
    if not looks_like_title or names.known(parts.name) or names.known(text):
        return None
    return None if names.near(parts.name) or names.near(text) else text


#: Characters that end a sentence or introduce what follows: a chat line ends so.
_PROSE_ENDS = ":.!?…"
_PROSE_ENDS_OR_COMMA = (*_PROSE_ENDS, ",")
#: What ends a sentence (a line between the names of a bare list is prose only so).
_SENTENCE_ENDS = (".", "!", "?", "…")
#: ... or what introduces the names below it ("I took Panopticon out for this one:").
_SENTENCE_ENDS_OR_COLON = (*_SENTENCE_ENDS, ":")
#: "edit: formatting", "PS: bring dice": a note that opens with one word and a colon.
_NOTE = lazy(r"^\w+:\s+\S")
#: The name-and-time line a chat puts above a message: "Dragonfruit — Today at 9:14 PM",
#: "Sam — Yesterday at 21:05", "Sam — 12/01/2026 9:14 PM", "Sam — 1.12.26, 21:14",
#: "Sam — Heute um 21:14 Uhr", "Sam 9:14 PM" (a time after a day, a date, "at", or with AM/PM).
_CHAT_STAMP = lazy(
    r"(?:\b(?:today|yesterday|heute|gestern|aujourd['’]hui|hier|hoy|ayer|oggi|ieri|hoje|ontem)"
    r"|\d{1,4}[./-]\d{1,2}[./-]\d{2,4},?)"
    r"(?:[ \t]+(?:at|um|à|a[ \t]+las|alle|às))?[ \t]+\d{1,2}:\d{2}"
    r"(?:[ \t]*(?:[ap]\.?m\.?|uhr))?$"
    r"|[ \t](?:at[ \t]+)?\d{1,2}:\d{2}[ \t]*[ap]\.?m\.?$",
    re.I,
)
#: The line a mail app puts under a message: "Sent from my iPhone", "Get Outlook for Android".
_MAIL_FOOTER = lazy(r"^(?:sent from my|sent from (?:mail|outlook|yahoo)|get outlook for)\b", re.I)
#: Lower-case words a card's name holds ("Stairs to Infinity", "Hedron Fields of Agadeem").
_NAME_WORDS = frozenset(
    {"a", "an", "and", "at", "de", "del", "der", "des", "di", "die", "das", "du", "for"}
    | {"from", "in", "la", "le", "of", "on", "the", "to", "von", "with"}
)
#: The most words of a sign-off ("Cheers,", "See you Friday,") and of a signature line.
_SIGN_OFF_WORDS = 4
#: The most characters of a sign-off ("Mit freundlichen Grüßen aus Hamburg,").
_LONGEST_SIGN_OFF = 60
_SIGNATURE_WORDS = 3
#: The last word of a sign-off written without a comma ("Viele Grüße", "Cheers", "Bises").
_CLOSINGS = frozenset(
    {"cheers", "thanks", "thx", "regards", "grüße", "grüsse", "gruß", "gruss", "lg", "vg"}
    | {"mfg", "bises", "amitiés", "cordialement", "merci", "saludos", "saluti", "abraços"}
    | {"abrazos", "danke", "tschüss", "ciao"}
    # chat's sign-offs: "see ya", "cya", "laters", "bye"
    | {"ya", "cya", "later", "laters", "bye", "peace"}
)
#: The most lines a signature under a "--" line has, when none of them is a card.
_SIGNATURE_LINES = 4
#: The line an e-mail app writes above the message a reply quotes: "On Wed, Nov 25, 2026 at
#: 6:12 PM Sam <sam@example.com> wrote:", "Le mer. 25 nov. 2026 à 18:12, Sam a écrit :",
#: "Am 25.11.2026 um 18:12 schrieb Sam:".
_REPLY_HEADER = lazy(
    r"^(?:on|le|am|el|il|em)\b.{4,200}\b(?:wrote|a écrit|schrieb(?:[ \t].{1,80})?|escribió"
    r"|ha scritto|escreveu)[ \t]*:$",
    re.I,
)


def _signature_and_reply(
    pending: list[tuple[int, CardLine, str | None, str | None, int]],
    signature_at: int | None,
    quoted: set[int],
    names: _Names,
    reply_at: int | None = None,
) -> set[int]:
    """The indices in ``pending`` of a signature under a ``--`` line (``signature_at``; up
    to four lines) and of the lines an e-mail's reply quotes (``quoted``: line numbers),
    each kept when one of its lines is a card (planar, a near miss of one, another Magic
    card) or carries a quantity, unless the message above the quote (``reply_at``: its
    ``On ..., Sam wrote:`` line) lists cards of its own: then the quote is the earlier list.
    The sender's bare name alone above that line is left out too."""

    def apart(indices: list[int]) -> bool:
        return not any(
            pending[i][1].form not in ("none", "numbered") or names.card(pending[i][1].name)
            for i in indices
        )

    found: set[int] = set()
    if signature_at is not None:  # "--" then "My trades thread | EDH: ..."
        signed = [i for i, entry in enumerate(pending) if entry[0] > signature_at]
        if len(signed) <= _SIGNATURE_LINES and apart(signed):
            found.update(signed)
    if quoted:  # "> Who's bringing the planes this time?" under "On ..., Tom wrote:"
        replied = [i for i, entry in enumerate(pending) if entry[0] in quoted]
        if apart(replied):
            found.update(replied)
        elif reply_at is not None and _listed_above(pending, reply_at, names):
            found.update(replied)  # an earlier list quoted under the message's own list
    if reply_at is not None:  # "Priya" alone above "On ..., Sam wrote:": the sender's name
        above = [i for i, entry in enumerate(pending) if entry[0] < reply_at]
        last = above[-1] if above else None
        if (
            last is not None
            and (last == 0 or pending[last][4] != pending[last - 1][4])
            and pending[last][1].form == "none"
            and _signs_as_a_name(pending[last][1].name)
            and apart([last])
        ):
            found.add(last)
    if len(pending) - len(found) < 2:
        return set()
    return found


#: A message lists cards of its own above a quoted earlier message with this many.
_OWN_LIST = 3


def _listed_above(
    pending: list[tuple[int, CardLine, str | None, str | None, int]], reply_at: int, names: _Names
) -> bool:
    """Whether the lines above an e-mail's reply header hold a list of their own: at least
    ``_OWN_LIST`` planar cards (or near misses of them)."""
    found = 0
    for number, parts, *_ in pending:
        if number > reply_at:
            break
        if names.known(parts.name) or names.near(parts.name):
            found += 1
            if found >= _OWN_LIST:
                return True
    return False


def _signs_as_a_name(text: str) -> bool:
    """Whether ``text`` reads as a person's name signing a message: one or two words, each
    a capital and letters ("Priya", "Sam K.", "Jo-Anne")."""
    words = text.split()
    return 0 < len(words) <= 2 and all(
        word[:1].isupper() and word.rstrip(".").replace("-", "").replace("'", "").isalpha()
        for word in words
    )


def _closing(name: str) -> bool:
    """Whether ``name`` is a sign-off of a few words that ends with a closing word
    (``Viele Grüße``, ``Cheers``): German writes none with a comma."""
    words = name.split()
    return 0 < len(words) <= _SIGN_OFF_WORDS and words[-1].casefold().strip(".!") in _CLOSINGS


def _sign_off(name: str) -> bool:
    """Whether ``name`` may end a message above its signature: ``Cheers,``, ``À samedi !``,
    ``Viele Grüße`` (its words are counted apart)."""
    return name.endswith((",", "!")) or _closing(name)


def _chat_stamp(name: str) -> bool:
    """Whether ``name`` is a chat's name-and-time line (``_CHAT_STAMP``): it ends with a
    time, maybe with "AM", "PM" or "Uhr" after it (a cheap test spares the rest)."""
    last = name[-1:]
    return (
        ":" in name
        and (last.isdigit() or last in "mMrR.")
        and _CHAT_STAMP.search(name) is not None
    )


#: No plane or phenomenon has a name of this many words (the longest have five): a line of
#: a bare list this long is prose unless it is a card of another kind.
_MORE_WORDS_THAN_A_CARD = 6


def _opens_with_a_card(line: str, names: _Names) -> bool:
    """Whether ``line`` opens with a planar card's name or a near miss of one ("izzet steam
    maize the one with the dragon art"): a card with a remark after it, not prose."""
    words = line.split()
    return any(
        names.known(head) or names.near(head)
        for head in (" ".join(words[:k]) for k in range(1, _MORE_WORDS_THAN_A_CARD))
    )


def _reads_as_prose(name: str, strict: bool, upper_list: bool) -> bool:
    """Whether a line without a quantity reads as a sentence: three words or more, or
    ending as a sentence or a greeting does ("Cheers,", "Hi all,"), or a note ("edit: ..."),
    a chat's name-and-time line ("Sam — Today at 9:14 PM"), a mail app's footer ("Sent from
    my iPhone"), or a remark in parentheses that reads as prose without them ("(swap out
    murasa if it's too slow?)", "(two more coming)"). ``strict`` (a list of bare names,
    where an unknown line may be a card): a sentence's punctuation, a note, a name-and-time
    line, a footer or a remark, or three words or more that start in lower case under a
    list whose names start in upper case ("lmk if anyone wants to swap decks")."""
    if name.endswith(_PROSE_ENDS_OR_COMMA):
        return True
    words = name.split()
    if len(words) >= 2 and _NOTE.match(name):
        return True
    if name[-1] == ")" and name[0] == "(":
        inner = name[1:-1].strip()
        return bool(inner) and _reads_as_prose(inner, False, upper_list)
    if len(words) < 2:
        return _closing(name)
    if _chat_stamp(name) or (name[0] in "SsGg" and _MAIL_FOOTER.match(name)):
        return True
    if len(words) < 3:
        return _closing(name)
    if not strict:
        return True
    return upper_list and name[:1].islower() and words[0].casefold() not in _NAME_WORDS


def _prose_lines(
    pending: list[tuple[int, CardLine, str | None, str | None, int]],
    marked: int,
    bulleted: set[int],
    names: _Names,
    chatted: set[int],
    listed_more: int = 0,
) -> set[int]:
    """The indices in ``pending`` of prose rather than cards: lines without a quantity that
    are no card (planar, a near miss of one, or another Magic card) and read as prose
    (:func:`_reads_as_prose`): anywhere in a list whose lines mostly carry quantities,
    bullets or numbers (``marked`` of them); in a list of bare names, at its head or tail
    (read strictly), or between its names when it is a sentence (three words or more ending
    with ``.``, ``!``, ``?`` or ``…``) or a chat's name-and-time line. A bulleted line
    (``bulleted``: line numbers) is the list's, never prose. A sign-off ("Cheers,", "See
    you Friday,") takes the short lines below it in its block as its signature. (A list
    needs two cards left: ``listed_more``, the cards of lines listing many beyond one each.)"""
    if len(pending) + listed_more < 3:
        return set()
    bare = [entry[1].name for entry in pending if entry[1].form == "none"]
    upper_list = sum(1 for name in bare if name[:1].isupper()) * 2 > len(bare)

    def candidate(entry: tuple[int, CardLine, str | None, str | None, int]) -> bool:
        parts = entry[1]
        return (
            parts.form == "none"
            and parts.category is None
            and parts.whole is None
            and entry[0] not in bulleted
        )

    shaped = [i for i, entry in enumerate(pending) if candidate(entry)]
    if not shaped:
        return set()
    shaped_at = set(shaped)

    def prose_at(i: int, strict: bool) -> bool:
        name = pending[i][1].name
        if i not in shaped_at:
            return False
        if _reads_as_prose(name, strict, upper_list):
            return not names.card(name)
        # "ask Sam about his spare Chaotic Aether": more words than a plane's name has, and
        # no card of another kind with a long name either (the rare line that costs a lookup)
        return (
            strict
            and name.count(" ") + 1 >= _MORE_WORDS_THAN_A_CARD
            and not names.card(name)
            and not names.other(name)
            and not _opens_with_a_card(name, names)
        )

    def signed_line(i: int, words: int) -> bool:
        """A sign-off (``words``: _SIGN_OFF_WORDS) or a signature line under it."""
        name = pending[i][1].name
        return (
            i in shaped_at
            and len(name.split()) <= words
            and (words == _SIGNATURE_WORDS or _sign_off(name))
            and not names.card(name)
        )

    def signature_above(end: int) -> int | None:
        """The sign-off above a signature of one or two lines ending at ``end``, if any."""
        for start in (end - 1, end - 2):
            if start < 0 or pending[start][4] != pending[end][4]:
                return None
            if signed_line(start, _SIGN_OFF_WORDS) and all(
                signed_line(j, _SIGNATURE_WORDS) for j in range(start + 1, end + 1)
            ):
                return start
        return None

    prose: set[int] = set()
    # quick ⊆ shaped: with too few marked lines the list is bare whatever quick holds
    quick = (
        [i for i in shaped if _reads_as_prose(pending[i][1].name, False, upper_list)]
        if marked * 2 > len(pending) - len(shaped)
        else []
    )
    listed = marked * 2 > len(pending) - len(quick)
    if listed:
        prose = {i for i in quick if not names.card(pending[i][1].name)}
    else:  # bare names: a run of prose at the head or at the tail, sentences between
        head = 0
        while head < len(pending) and prose_at(head, True):
            prose.add(head)
            head += 1
            if len(pending) + listed_more - len(prose) < 2:
                return set()  # (prose only grows below): all prose, such as notes
        tail = len(pending) - 1
        while tail >= head:
            if prose_at(tail, True):
                prose.add(tail)
                tail -= 1
            else:  # "See you Friday," then "Marcus" under an e-mail's bare names
                start = signature_above(tail)
                if start is None or start < head:
                    break
                prose.update(range(start, tail + 1))
                tail = start - 1
            if len(pending) + listed_more - len(prose) < 2:
                return set()
        for i in shaped:  # a sentence between the names ("Took out Naya, it was slow.")
            if head <= i <= tail and i not in prose:
                name = pending[i][1].name
                if (
                    (name.endswith(_SENTENCE_ENDS_OR_COLON) and len(name.split()) >= 3)
                    or _chat_stamp(name)
                    or (_NOTE.match(name) and not names.card(name.partition(":")[2].strip()))
                ) and not names.card(name):
                    prose.add(i)  # ("notes: bring dice", but not "Sam: Akoum")
    # a sign-off ("Cheers,", "See you Friday,") and the signature under it ("Tom"); under a
    # sign-off of three words or more, only a signature that ends its block
    for i in sorted(prose):
        name = pending[i][1].name
        if (
            len(name) > _LONGEST_SIGN_OFF  # (a sentence: no test more)
            or not _sign_off(name)
            or len(name.split()) > _SIGN_OFF_WORDS
            or i + 1 >= len(pending)
        ):
            continue
        later = [
            j
            for j in range(i + 1, min(i + 3, len(pending)))
            if pending[j][4] == pending[i][4]
        ]
        signature: list[int] = []
        for j in later:
            if not signed_line(j, _SIGNATURE_WORDS):
                break
            signature.append(j)
        ends_block = bool(signature) and (
            signature[-1] + 1 >= len(pending)
            or pending[signature[-1] + 1][4] != pending[i][4]
            or signature[-1] + 1 in prose
        )
        if len(name.split()) <= 2 or ends_block:
            prose.update(signature)
    # a chat export's messages that are no card ("01/12/2026, 18:44 - Mia: bringing snacks")
    for i, entry in enumerate(pending if chatted else ()):
        parts = entry[1]  # a message's trailing number is its own: "see you at 8"
        if (
            entry[0] in chatted
            and (i in shaped_at or (parts.form in ("trailing", "comma") and parts.category is None))
            and not names.card(parts.whole or parts.name)
            and not names.card(parts.name)
        ):
            prose.add(i)
    if len(pending) + listed_more - len(prose) < 2:
        return set()
    return prose
