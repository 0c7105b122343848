"""Lists written on one line: ``Akoum / Bant / Naya``, ``Akoum, Bant and Naya``, ``planes:
Akoum | Bant``, and the lists sentences give after a planar heading (``... for Friday.
Planes: Akoum, Bant and Naya.``), each kept only when its parts are cards."""

from __future__ import annotations

import re

from planarcli.deck.readers.cardline import split_card_line
from planarcli.deck.readers.cardnames import CardNames, longer_than_a_card
from planarcli.deck.readers.vocabulary import HEADING_ENDS, section_role
from planarcli.lazyre import lazy

#: What parts a list written on one line, besides commas: "Akoum / Bant", "Akoum | Bant",
#: "Akoum and Bant", "Akoum & Bant", "Akoum + Bant" (also last after commas: "Akoum, Bant
#: + Chaotic Aether", as a chat adds the phenomena).
_LIST_SEPARATOR = lazy(r"[ \t](?:/|\||and|&|\+)[ \t]", re.I)


_LAST_AND = lazy(r"[ \t]+(?:and|&|\+)[ \t]+", re.I)


def may_be_separated(line: str) -> bool:
    """Whether ``_LIST_SEPARATOR`` is in ``line``; most lines lack all five separators and
    skip the search (only ASCII letters match "and" under IGNORECASE)."""
    if "/" in line or "|" in line or "&" in line or "+" in line or "and" in line.lower():
        return _LIST_SEPARATOR.search(line) is not None
    return False


def separated_list(line: str, names: CardNames) -> tuple[str | None, list[tuple[int, str]]] | None:
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
    if len(pieces) > 1 and longer_than_a_card(pieces[0].strip()):
        return None  # most sentences with commas: a long first piece (checked alone: cheaper)
    if len(pieces[-1]) > 130 or any(longer_than_a_card(piece.strip()) for piece in pieces[1:-1]):
        return None  # a sentence with commas: no look-up needed (the last may hold an "and")
    if not longer_than_a_card(text) and names.known(text):
        return None
    last = pieces[-1]
    anded = _LAST_AND.search(last)
    if anded:
        before, after = last[: anded.start()], last[anded.end() :]
        if longer_than_a_card(before.strip()) or longer_than_a_card(after.strip()):
            return None  # split or not (then the whole last piece is long too): no list
        if not names.known(last.strip()):
            pieces[-1:] = [before, after]  # both checked above
    if len(pieces) < 2 or (pieces[-1] is last and longer_than_a_card(last.strip())):
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


def _heading_before(line: str, colon: int) -> bool:
    """Whether the word before ``line[colon]`` may end a planar heading (a cheap test)."""
    words = line[max(0, colon - 14) : colon].split()
    return bool(words) and words[-1].strip("*_").casefold() in HEADING_ENDS


def lists_in_prose(line: str, names: CardNames) -> tuple[str, list[tuple[int, str]]] | None:
    """(the first heading, the (quantity, name) of each card) of the lists that sentences
    of a line give after a planar heading and a colon (an e-mail's ``... for Friday.
    Planes: Akoum, Bant and Naya. Phenomena: Chaotic Aether.``), each up to the sentence's
    end and every part of it a planar card or a near miss of one (as in
    :func:`separated_list`); None when the line has none."""
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
        if not text or (longer_than_a_card(text) and "," not in text):
            continue
        listed = separated_list(text, names)
        if listed is not None:
            pieces = listed[1]
        else:
            parts = split_card_line(text) if not longer_than_a_card(text) else None
            if parts is None or not (names.known(parts.name) or names.near(parts.name)):
                continue
            pieces = [(parts.quantity, parts.name)]
        heading = heading or head
        found.extend(pieces)
    return (heading, found) if heading is not None and found else None


#: The most comma-separated pieces one card name spans ("Fblthp: Completely, Utterly,
#: Totally Lost" spans three).
_MOST_PIECES_IN_A_NAME = 4


def comma_list(name: str, names: CardNames) -> list[tuple[int, str]] | None:
    """The cards of a list written on one line, ``Akoum, Bant, 2x Naya``, as (quantity,
    name) pairs, when the line is no card and at least three pieces, most of them, are
    cards; None otherwise. Pieces that together make a card with commas in its name (``The
    Drum, Mining Facility``) stay together."""
    pieces = [piece.strip() for piece in name.split(",")]
    if any(longer_than_a_card(piece) for piece in pieces) or names.known(name):
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


def without_inline_comment(name: str, names: CardNames) -> str:
    """``Akoum`` for ``Akoum  // my favourite``: the part before `` //`` when it is a card
    and the whole is none. (``Assault // Battery`` is a split card: its first half is no
    planar card, so it stays whole.)"""
    cut = name.find("//")
    left = name[:cut].rstrip()
    if cut > 0 and name[cut - 1] in " \t" and left and names.known(left):
        return name if names.known(name) else left
    return name
