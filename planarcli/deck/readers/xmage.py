"""XMage ``.dck`` decklists, as XMage's deck editor writes them (``DckDeckExporter``)::

    NAME:Planar Bant
    4 [M10:227] Forest
    1 [OHOP:3] Bant
    SB: 1 [OHOP:3] Bant
    SB: 1 [OPCA:1] Academy at Tolaria West
    LAYOUT MAIN:(1,2)(NONE,false,50)|([M10:227],[OHOP:3])
    LAYOUT SIDEBOARD:(1,1)(NONE,false,50)|([OHOP:3])

A card line is ``<qty> [SET:number] <name>``, the printing optional (``3 Swamp``, as XMage's
importer accepts it), its number too (``1 [OHOP] Bant``); ``SB:`` marks a sideboard card.
A line of neither form (``SB 1 [OHOP:3] Bant``) is an unreadable line, never passed over.
XMage has no planar zone: players keep the planes and phenomena in the sideboard, so the
sideboard's planar cards (by type) are the planar deck, as for a Cockatrice file. A deck
with none is a file without a planar deck. ``NAME:`` is the deck's name; ``LAYOUT ...:``,
``AUTHOR:`` and XMage's other ``KEY:value`` lines (``METADATA_KEYS``) say nothing of the
cards.
"""

from __future__ import annotations

import re

from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.model import (
    MAX_QUANTITY,
    DeckEntry,
    Decklist,
    ReaderIssue,
    name_too_long,
    parse_quantity,
)
from planarcli.deck.readers.source import RawInput, split_lines
from planarcli.errors import InputError
from planarcli.lazyre import lazy

#: XMage's lines that are no card: ``KEY:value`` (upper case keys) it writes or reads.
METADATA_KEYS = frozenset({"NAME", "AUTHOR", "LAYOUT MAIN", "LAYOUT SIDEBOARD", "DESCRIPTION"})
#: The sideboard's prefix, and the section names its cards and the main deck's get.
SIDEBOARD_PREFIX = "SB:"
MAIN, SIDEBOARD = "Main", "Sideboard"

#: A card line: quantity, an optional ``[SET:number]``, the name.
CARD_LINE = lazy(
    r"^(\d+)[ \t]*[xX]?[ \t]+(?:\[([A-Za-z0-9_]{1,8})(?::([^\]\s]*))?\][ \t]*)?(\S.*)$"
)
_METADATA = lazy(r"^([A-Z][A-Z ]{1,30}):(.*)$")
_SPACES = re.compile(r"\s+")


def read(raw: RawInput) -> Decklist:
    """Read an XMage ``.dck`` file."""
    lines = split_lines(decode_text(raw.data, raw.display))
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    deck_name: str | None = None
    for number, original in enumerate(lines, start=1):
        line = original.strip().lstrip("\ufeff").strip()
        if not line:
            continue
        section, role = MAIN, "other"
        if line.startswith(SIDEBOARD_PREFIX):
            section, role = SIDEBOARD, "candidate"
            line = line[len(SIDEBOARD_PREFIX) :].strip()
        elif not line[:1].isdigit():
            metadata = _METADATA.match(line)
            if metadata is not None and metadata.group(1).strip() in METADATA_KEYS:
                if metadata.group(1) == "NAME" and deck_name is None:
                    deck_name = metadata.group(2).strip() or None
                continue
        entry = _entry(line, number, section, role, issues)
        if entry is not None:
            entries.append(entry)
    if not entries and issues and issues[0].code == "unreadable-line":
        # no line is a card: a .dck of neither XMage's nor Forge's form (a broken file)
        raise InputError(
            "not an XMage or Forge deck: no line reads as a card ('1 [SET:number] Name') "
            "and there is no Forge [section] header",
            path=raw.display,
            line=issues[0].line,
            hint="fix the file, or pass --input-format text",
        )
    return Decklist(raw.display, "xmage", tuple(entries), tuple(issues), deck_name)


def _entry(
    line: str, number: int, section: str, role: str, issues: list[ReaderIssue]
) -> DeckEntry | None:
    card = CARD_LINE.match(line)
    if card is None:
        issues.append(
            ReaderIssue(
                number,
                "unreadable-line",
                f"cannot read a card in {line[:60]!r} (expected '1 [SET:number] Name')",
            )
        )
        return None
    digits, set_code, collector, written = card.groups()
    name = _SPACES.sub(" ", written).strip()
    too_long = name_too_long(name, number)
    if too_long is not None:
        issues.append(too_long)
        return None
    quantity = parse_quantity(digits)
    if quantity is None:
        issues.append(
            ReaderIssue(
                number,
                "bad-quantity",
                f"quantity {digits[:12]} for {name!r} is not between 1 and {MAX_QUANTITY}; "
                "fix the number or remove the line",
            )
        )
        return None
    return DeckEntry(
        name,
        quantity,
        number,
        section,
        role,
        0,
        set_code.upper() if set_code else None,
        collector or None,
    )
