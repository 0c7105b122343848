"""Section headings of a text decklist: ``Planar Deck (10):``, ``[Planes]``, ``~~ planar deck ~~``,
``**Planes**``, ``🌍 Planes (8)``, ``// Planes``; the words come from ``readers.vocabulary``."""

from __future__ import annotations

import re

from planarcli.deck.readers.vocabulary import LONGEST_SECTION, section_role
from planarcli.lazyre import lazy

META = lazy(r"^(?://|#)\s*(name|source|date|comments?|author|format)\s*:\s*(.*)$", re.I)


PREFIX = lazy(r"^(SB|COMMANDER|CMDR|COMPANION)\s*:\s*(.*)$", re.I)

#: The first letters of META's keys and of PREFIX's, as IGNORECASE reads them ("ſ" is an
#: "s" to it): a line starting otherwise spares compiling the pattern.
_META_STARTS = "NnSsDdCcAaFfſ"
_PREFIX_STARTS = "SsCcſ"


def may_be_meta(line: str) -> bool:
    """Whether ``META`` may match ``line``: ``//`` or ``#``, blanks, a key's first letter,
    and a colon."""
    if line.startswith("//"):
        body = line[2:]
    elif line.startswith("#"):
        body = line[1:]
    else:
        return False
    return body.lstrip()[:1] in _META_STARTS and ":" in body


def may_be_prefixed(line: str) -> bool:
    """Whether ``PREFIX`` may match ``line`` (``SB: 1 Akoum``, ``COMMANDER: ...``): it
    starts with a prefix's first letter and holds a colon."""
    return line[:1] in _PREFIX_STARTS and ":" in line


#: A count after a heading: "Planes [10]", "Planar deck - 10 cards", "Planes: 10 cards".
_HEADING_COUNT = lazy(
    r"[ \t]*(?:[-–—:][ \t]*)?(?:[(（]\s*\d{1,5}(?:\s*(?:cards?|枚))?\s*[)）]"
    r"|\[\s*\d{1,5}(?:\s+cards?)?\s*\]|\d{1,5}(?:\s*(?:cards?|枚))?)$",
    re.IGNORECASE,
)


#: The longest line a heading can be: the longest section name, with room for decoration
#: ("// ", "[...]", a count "(10)", a colon).
_LONGEST_HEADING = LONGEST_SECTION + 24


#: The characters a heading is framed with, two or more on each side: "~~ Planar deck ~~",
#: "== Planes ==", "-- Phenomena --", "<< Planes >>", "## Planes ##", "++ Planes ++".
_FRAME_CHARS = "~=-<>#+"


_FRAMED = lazy(r"^([~=\-<>#+])\1+[ \t]*([^~=<>#+]*?)[ \t]*[~=\-<>#+]{2,}$")


def heading(line: str) -> str | None:
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
    if not may_hold_a_count(text):
        return text  # "Planes", "Sideboard": no digit, and the pattern is not even compiled
    count = _HEADING_COUNT.search(text)
    if count is not None and count.start() > 0 and text[: count.start()].strip():
        return text[: count.start()].rstrip()
    return text


def may_hold_a_count(text: str) -> bool:
    """Whether ``_HEADING_COUNT`` may match ``text``: every count has a digit (``\\d``,
    any decimal digit: a text that is not ASCII is left to the pattern)."""
    return not text.isascii() or any(map(text.__contains__, "0123456789"))


def comment_body(line: str) -> str | None:
    """What follows the ``//`` or ``#`` that opens a comment line, or None for other lines."""
    if line.startswith("//"):
        return line.lstrip("/").lstrip()
    if line.startswith("#"):
        return line.lstrip("#").lstrip()
    return None
