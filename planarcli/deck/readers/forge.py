"""Forge ``.dck`` decklists.

INI-style sections in square brackets, in any case and any order::

    [metadata]
    Name=Strike Force
    [Main]
    1 Blaze|HOP
    1 The Fourth Doctor|WHO|1
    [planar]
    1 The AEther Flues

Old Forge writes ``[planar]``, new Forge ``[Planes]`` (the planar deck); ``[Schemes]``,
``[Conspiracy]``, ``[Dungeon]``, ``[Avatar]``, ``[Main]``, ``[Sideboard]`` and
``[Commander]`` are other parts of a deck. A card line is ``<qty> <name>`` followed by
optional ``|SET``, ``|art-index`` or ``|[collector]`` fields, a ``+`` foil marker before the
pipe and ``|#{markedColors=B}`` extras, all removed from the name; the set code and a
``[collector]`` number are kept on the entry. Old exports spell Æ as ``AE``
(``The AEther Flues``); the name is kept as written, the catalog folds it.
"""

from __future__ import annotations

import re

from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.model import (
    MAX_QUANTITY,
    DeckEntry,
    Decklist,
    ReaderIssue,
    communal_players,
    find_communal_mark,
    name_too_long,
    parse_quantity,
)
from planarcli.deck.readers.source import RawInput, split_lines
from planarcli.deck.readers.vocabulary import FORGE_INFO_SECTIONS, FORGE_PLANAR_SECTIONS
from planarcli.errors import InputError

_SECTION = re.compile(r"^\[\s*([^\[\]]*?)\s*\]$")
_CARD = re.compile(r"^(?:([0-9]+)\s*[xX]?\s+)?(.+)$")
_SPACES = re.compile(r"\s+")


def section_role(name: str) -> str:
    """ "planar" for Forge's planar sections, "other" for everything else."""
    return "planar" if name.casefold() in FORGE_PLANAR_SECTIONS else "other"


def card_name(text: str) -> str:
    """The name part of a Forge card field: ``Blaze|HOP|1`` -> ``Blaze``, ``Bolt+|M11`` ->
    ``Bolt``."""
    name = text.split("|", 1)[0]
    name = name.strip().rstrip("+").strip()
    return _SPACES.sub(" ", name)


_SET_FIELD = re.compile(r"[A-Za-z0-9]{2,6}")
_COLLECTOR_FIELD = re.compile(r"\[\s*([A-Za-z0-9][\w-]*)\s*\]")


def printing(text: str) -> tuple[str | None, str | None]:
    """(set code, collector number) of a Forge card field: ``Blaze|HOP`` -> ("HOP", None),
    ``Bant|OHOP|[3]`` -> ("OHOP", "3"); ``|1`` (an art index) is no collector number."""
    fields = text.split("|")
    if len(fields) < 2 or not _SET_FIELD.fullmatch(fields[1].strip()):
        return None, None
    number = None
    for field in fields[2:]:
        collector = _COLLECTOR_FIELD.fullmatch(field.strip())
        if collector:
            number = collector.group(1)
            break
    return fields[1].strip().upper(), number


def read(raw: RawInput) -> Decklist:
    """Read a Forge ``.dck`` file."""
    lines = split_lines(decode_text(raw.data, raw.display))
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    deck_name: str | None = None
    section: str | None = None
    seen_section = False
    first_content: int | None = None
    comments = 0
    communal: tuple[re.Match[str], int | None, ReaderIssue | None] | None = None

    for number, original in enumerate(lines, start=1):
        line = original.strip().lstrip("\ufeff").strip()
        if not line:
            continue
        if first_content is None:
            first_content = number
        header = _SECTION.match(line)
        if header:
            section = header.group(1)
            seen_section = True
            continue
        if line.startswith(("#", "//", ";")):
            mark = find_communal_mark(line, number) if communal is None else None
            if mark is not None:
                communal = mark
                continue
            comments += 1
            continue
        if line.startswith("["):
            # A damaged header ("[Planes" cut short): the cards below it would be read
            # into the section above and the planar deck lost without a word.
            raise InputError(
                f"malformed section header {line[:40]!r}: a Forge section header is a "
                "whole line such as [Planes]",
                path=raw.display,
                line=number,
                hint="fix the header line",
            )
        if section is None:
            issues.append(
                ReaderIssue(
                    number,
                    "line-outside-section",
                    f"{line[:60]!r} comes before any [section]; it was ignored",
                    "warning",
                )
            )
            continue
        key = section.casefold()
        if key in FORGE_INFO_SECTIONS:
            if key == "metadata" and "=" in line:
                field, _, value = line.partition("=")
                if field.strip().casefold() == "name" and value.strip():
                    deck_name = value.strip()
                elif field.strip().casefold() == "comment" and communal is None:
                    # deck convert's mark of a communal deck, in Forge's comment field
                    communal = find_communal_mark(value, number)
            continue
        match = _CARD.match(line)
        name = card_name(match.group(2)) if match else ""
        if not match or not name:
            issues.append(
                ReaderIssue(
                    number,
                    "unreadable-line",
                    f"cannot read a card in {line[:60]!r} (expected '1 Name|SET')",
                )
            )
            continue
        too_long = name_too_long(name, number)
        if too_long:
            issues.append(too_long)
            continue
        digits = match.group(1)
        quantity = 1 if digits is None else parse_quantity(digits)
        if quantity is None:
            issues.append(
                ReaderIssue(
                    number,
                    "bad-quantity",
                    f"quantity {digits[:12]} for {name!r} is not between 1 and "
                    f"{MAX_QUANTITY}; fix the number or remove the line",
                )
            )
            continue
        set_code, collector = printing(match.group(2))
        entries.append(
            DeckEntry(
                name, quantity, number, section, section_role(section), 0, set_code, collector
            )
        )

    if first_content is not None and not seen_section:
        raise InputError(
            "not a Forge deck: no [section] header such as [Main] or [Planes]",
            path=raw.display,
            line=first_content,
            hint="add section headers, or pass --input-format text",
        )
    players = communal_players(communal, issues)
    return Decklist(
        raw.display,
        "forge",
        tuple(entries),
        tuple(issues),
        deck_name,
        communal_players=players,
        comment_lines=comments,
    )
