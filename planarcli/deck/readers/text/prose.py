"""Prose around a pasted list: chat lines, sign-offs and the signature under them, a signature
under ``--``, an e-mail's quoted reply. Which lines of the list read as a sentence rather
than a card, weighed once every line is read."""

from __future__ import annotations

import re

from planarcli.deck.readers.cardnames import CardNames
from planarcli.deck.readers.text.reading import Line
from planarcli.lazyre import lazy

#: Characters that end a sentence or introduce what follows: a chat line ends so.
_PROSE_ENDS = ":.!?…"


PROSE_ENDS_OR_COMMA = (*_PROSE_ENDS, ",")


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


def signature_and_reply(
    pending: list[Line],
    signature_at: int | None,
    names: CardNames,
    reply_at: int | None = None,
) -> set[int]:
    """The indices in ``pending`` of a signature under a ``--`` line (``signature_at``; up
    to four lines) and of the lines an e-mail's reply quotes (``Line.quoted``), each kept
    when one of its lines is a card (planar, a near miss of one, another Magic card) or
    carries a quantity, unless the message above the quote (``reply_at``: its ``On ..., Sam
    wrote:`` line) lists cards of its own: then the quote is the earlier list. The sender's
    bare name alone above that line is left out too."""

    def apart(indices: list[int]) -> bool:
        return not any(
            pending[i].parts.form not in ("none", "numbered") or names.card(pending[i].parts.name)
            for i in indices
        )

    found: set[int] = set()
    if signature_at is not None:  # "--" then "My trades thread | EDH: ..."
        signed = [i for i, entry in enumerate(pending) if entry.number > signature_at]
        if len(signed) <= _SIGNATURE_LINES and apart(signed):
            found.update(signed)
    replied = [i for i, entry in enumerate(pending) if entry.quoted]
    if replied:  # "> Who's bringing the planes this time?" under "On ..., Tom wrote:"
        if apart(replied):
            found.update(replied)
        elif reply_at is not None and _listed_above(pending, reply_at, names):
            found.update(replied)  # an earlier list quoted under the message's own list
    if reply_at is not None:  # "Priya" alone above "On ..., Sam wrote:": the sender's name
        above = [i for i, entry in enumerate(pending) if entry.number < reply_at]
        last = above[-1] if above else None
        if (
            last is not None
            and (last == 0 or pending[last].block != pending[last - 1].block)
            and pending[last].parts.form == "none"
            and _signs_as_a_name(pending[last].parts.name)
            and apart([last])
        ):
            found.add(last)
    if len(pending) - len(found) < 2:
        return set()
    return found


#: A message lists cards of its own above a quoted earlier message with this many.
_OWN_LIST = 3


def _listed_above(pending: list[Line], reply_at: int, names: CardNames) -> bool:
    """Whether the lines above an e-mail's reply header hold a list of their own: at least
    ``_OWN_LIST`` planar cards (or near misses of them)."""
    found = 0
    for entry in pending:
        parts = entry.parts
        if entry.number > reply_at:
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


def chat_stamp(name: str) -> bool:
    """Whether ``name`` is a chat's name-and-time line (``_CHAT_STAMP``): it ends with a
    time, maybe with "AM", "PM" or "Uhr" after it (a cheap test spares the rest)."""
    last = name[-1:]
    return (
        ":" in name and (last.isdigit() or last in "mMrR.") and _CHAT_STAMP.search(name) is not None
    )


#: No plane or phenomenon has a name of this many words (the longest have five): a line of
#: a bare list this long is prose unless it is a card of another kind.
_MORE_WORDS_THAN_A_CARD = 6


def _opens_with_a_card(line: str, names: CardNames) -> bool:
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
    if name.endswith(PROSE_ENDS_OR_COMMA):
        return True
    words = name.split()
    if len(words) >= 2 and _NOTE.match(name):
        return True
    if name[-1] == ")" and name[0] == "(":
        inner = name[1:-1].strip()
        return bool(inner) and _reads_as_prose(inner, False, upper_list)
    if len(words) < 2:
        return _closing(name)
    if chat_stamp(name) or (name[0] in "SsGg" and _MAIL_FOOTER.match(name)):
        return True
    if len(words) < 3:
        return _closing(name)
    if not strict:
        return True
    return upper_list and name[:1].islower() and words[0].casefold() not in _NAME_WORDS


def prose_lines(
    pending: list[Line], marked: int, names: CardNames, listed_more: int = 0
) -> set[int]:
    """The indices in ``pending`` of prose rather than cards: lines without a quantity that
    are no card (planar, a near miss of one, or another Magic card) and read as prose
    (:func:`_reads_as_prose`): anywhere in a list whose lines mostly carry quantities,
    bullets or numbers (``marked`` of them); in a list of bare names, at its head or tail
    (read strictly), or between its names when it is a sentence (three words or more ending
    with ``.``, ``!``, ``?`` or ``…``) or a chat's name-and-time line. A bulleted line is
    the list's, never prose. A sign-off ("Cheers,", "See you Friday,") takes the short lines
    below it in its block as its signature. (A list needs two cards left: ``listed_more``,
    the cards of lines listing many beyond one each.)"""
    if len(pending) + listed_more < 3:
        return set()
    shaped = [
        i
        for i, entry in enumerate(pending)
        if entry.parts.form == "none"
        and entry.parts.category is None
        and entry.parts.whole is None
        and not entry.bulleted
    ]
    if not shaped:
        return set()
    weigh = _ProseWeighing(pending, shaped, names, listed_more)
    # quick ⊆ shaped: with too few marked lines the list is bare whatever quick holds
    quick = (
        [i for i in shaped if _reads_as_prose(pending[i].parts.name, False, weigh.upper_list)]
        if marked * 2 > len(pending) - len(shaped)
        else []
    )
    if marked * 2 > len(pending) - len(quick):
        prose = {i for i in quick if not names.card(pending[i].parts.name)}
    else:  # bare names: a run of prose at the head or at the tail, sentences between
        found = weigh.bare_list()
        if found is None:
            return set()
        prose = found
    weigh.signatures(prose)
    weigh.chat_messages(prose)
    if len(pending) + listed_more - len(prose) < 2:
        return set()
    return prose


class _ProseWeighing:
    """The questions :func:`prose_lines` asks of the lines of one list."""

    def __init__(
        self, pending: list[Line], shaped: list[int], names: CardNames, listed_more: int
    ) -> None:
        self.pending = pending
        self.shaped = shaped  # the indices of lines shaped as prose may be: bare, no bullet
        self.shaped_at = set(shaped)
        self.names = names
        self.listed_more = listed_more
        bare = [entry.parts.name for entry in pending if entry.parts.form == "none"]
        self.upper_list = sum(1 for name in bare if name[:1].isupper()) * 2 > len(bare)

    def prose_at(self, i: int, strict: bool) -> bool:
        name = self.pending[i].parts.name
        if i not in self.shaped_at:
            return False
        names = self.names
        if _reads_as_prose(name, strict, self.upper_list):
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

    def signed_line(self, i: int, words: int) -> bool:
        """A sign-off (``words``: _SIGN_OFF_WORDS) or a signature line under it."""
        name = self.pending[i].parts.name
        return (
            i in self.shaped_at
            and len(name.split()) <= words
            and (words == _SIGNATURE_WORDS or _sign_off(name))
            and not self.names.card(name)
        )

    def signature_above(self, end: int) -> int | None:
        """The sign-off above a signature of one or two lines ending at ``end``, if any."""
        pending = self.pending
        for start in (end - 1, end - 2):
            if start < 0 or pending[start].block != pending[end].block:
                return None
            if self.signed_line(start, _SIGN_OFF_WORDS) and all(
                self.signed_line(j, _SIGNATURE_WORDS) for j in range(start + 1, end + 1)
            ):
                return start
        return None

    def bare_list(self) -> set[int] | None:
        """In a list of bare names: the run of prose at its head and at its tail, and the
        sentences between (None: too few cards would be left, all is prose such as notes)."""
        pending, names = self.pending, self.names
        prose: set[int] = set()
        head = 0
        while head < len(pending) and self.prose_at(head, True):
            prose.add(head)
            head += 1
            if len(pending) + self.listed_more - len(prose) < 2:
                return None  # (prose only grows below): all prose, such as notes
        tail = len(pending) - 1
        while tail >= head:
            if self.prose_at(tail, True):
                prose.add(tail)
                tail -= 1
            else:  # "See you Friday," then "Marcus" under an e-mail's bare names
                start = self.signature_above(tail)
                if start is None or start < head:
                    break
                prose.update(range(start, tail + 1))
                tail = start - 1
            if len(pending) + self.listed_more - len(prose) < 2:
                return None
        for i in self.shaped:  # a sentence between the names ("Took out Naya, it was slow.")
            if head <= i <= tail and i not in prose:
                name = pending[i].parts.name
                if (
                    (name.endswith(_SENTENCE_ENDS_OR_COLON) and len(name.split()) >= 3)
                    or chat_stamp(name)
                    or (_NOTE.match(name) and not names.card(name.partition(":")[2].strip()))
                ) and not names.card(name):
                    prose.add(i)  # ("notes: bring dice", but not "Sam: Akoum")
        return prose

    def signatures(self, prose: set[int]) -> None:
        """Add to ``prose`` the signature under a sign-off in it ("Cheers," then "Tom");
        under a sign-off of three words or more, only a signature that ends its block."""
        pending = self.pending
        for i in sorted(prose):
            name = pending[i].parts.name
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
                if pending[j].block == pending[i].block
            ]
            signature: list[int] = []
            for j in later:
                if not self.signed_line(j, _SIGNATURE_WORDS):
                    break
                signature.append(j)
            ends_block = bool(signature) and (
                signature[-1] + 1 >= len(pending)
                or pending[signature[-1] + 1].block != pending[i].block
                or signature[-1] + 1 in prose
            )
            if len(name.split()) <= 2 or ends_block:
                prose.update(signature)

    def chat_messages(self, prose: set[int]) -> None:
        """Add to ``prose`` a chat export's messages that are no card ("01/12/2026, 18:44 -
        Mia: bringing snacks"); a message's trailing number is its own: "see you at 8"."""
        names = self.names
        for i, entry in enumerate(self.pending):
            parts = entry.parts
            if (
                entry.chatted
                and (
                    i in self.shaped_at
                    or (parts.form in ("trailing", "comma") and parts.category is None)
                )
                and not names.card(parts.whole or parts.name)
                and not names.card(parts.name)
            ):
                prose.add(i)
