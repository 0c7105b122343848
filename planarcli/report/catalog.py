"""Renderers for the catalog as a whole: tables of cards (``cards list``, ``cards search``,
``deck random``), the card data in use (``cards info``) and a sync's summary (``cards
sync``), as text for people and the JSON documents of the contract. One card is rendered by
:mod:`planarcli.report.cards`.

Renderers return strings, lists of lines or JSON-ready dicts; they never print and never
decide exit codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from planarcli.errors import plural
from planarcli.report.cards import SOURCE_LABELS, TEXT_WIDTH

if TYPE_CHECKING:
    from pathlib import Path

    from planarcli.cards.catalog import Catalog
    from planarcli.cards.model import Card, CatalogSource


# -- lists of cards ---------------------------------------------------------------------------
def card_summary(card: Card) -> dict[str, Any]:
    """The ``cards list``/``cards search`` JSON shape of one card (the contract's keys, then
    the type line and Oracle text)."""
    return {
        "name": card.name,
        "kind": card.kind,
        "subtype": card.subtype,
        "sets": list(card.sets),
        "type_line": card.type_line,
        "oracle_text": card.oracle_text,
    }


def count_line(cards: Sequence[Card]) -> str:
    """ "12 cards (10 planes, 2 phenomena)"."""
    planes = sum(1 for card in cards if card.kind == "plane")
    phenomena = len(cards) - planes
    return (
        f"{plural(len(cards), 'card', 'cards')} ({plural(planes, 'plane', 'planes')}, "
        f"{plural(phenomena, 'phenomenon', 'phenomena')})"
    )


TABLE_HEADER = ("name", "kind", "subtype", "sets")
#: When the table is too wide, columns give way in this order, each down to its floor:
#: first the set lists and subtypes (long ones are rare), then the names, then all further.
_SHRINK_ORDER = ((3, 15), (2, 16), (0, 24), (3, 9), (2, 8), (0, 12))
#: Columns left out, in this order, while even their floors do not fit the width (a
#: narrow terminal): the set lists, then the subtypes; names and kinds always stay.
_DROP_ORDER = (3, 2)
#: Names are never cut shorter than this.
_NARROWEST_NAME = 4


def fit_widths(natural: list[int], width: int) -> list[int]:
    """Column widths that fit ``width`` characters with two spaces between columns (0: the
    column is left out, see _DROP_ORDER)."""
    widths = list(natural)
    dropped: list[int] = []
    for column in (None, *_DROP_ORDER):
        if column is not None:
            dropped.append(column)
        floors = [0 if i in dropped else min(widths[i], _floor(i)) for i in range(len(widths))]
        if sum(floors) + 2 * (len(widths) - len(dropped) - 1) <= width:
            break
    shown = [0 if i in dropped else w for i, w in enumerate(widths)]
    excess = sum(shown) + 2 * (len(shown) - len(dropped) - 1) - width
    for column, floor in _SHRINK_ORDER:
        if excess <= 0:
            break
        if column in dropped:
            continue
        cut = min(excess, max(0, shown[column] - floor))
        shown[column] -= cut
        excess -= cut
    if excess > 0:  # names and kinds alone are too wide: the names give way further
        shown[0] -= min(excess, max(0, shown[0] - _NARROWEST_NAME))
    return shown


def _floor(column: int) -> int:
    """The narrowest a column is made (its last floor in _SHRINK_ORDER; kinds never shrink)."""
    floors = [floor for shrunk, floor in _SHRINK_ORDER if shrunk == column]
    return floors[-1] if floors else 10**6


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, an ellipsis marking the cut."""
    return text if len(text) <= width else text[: max(0, width - 1)].rstrip() + "…"


def set_list(codes: Sequence[str], width: int) -> str:
    """Set codes, oldest first, as many as fit in ``width``; "+N" counts the rest."""
    for shown in range(len(codes), 0, -1):
        text = ", ".join(codes[:shown])
        if shown < len(codes):
            text += f", +{len(codes) - shown}"
        if len(text) <= width:
            return text
    return clip(", ".join(codes), width)


def card_table(cards: Sequence[Card], width: int = TEXT_WIDTH) -> list[str]:
    """A header and one aligned row per card, each line at most ``width`` characters: long
    names and subtypes are cut with "…", long set lists end in "+N" (JSON has it all); on a
    terminal too narrow for all four columns, the sets and then the subtypes are left out."""
    rows = [(c.name, c.kind, c.subtype or "-", ", ".join(c.sets)) for c in cards]
    natural = [max(len(row[i]) for row in [TABLE_HEADER, *rows]) for i in range(4)]
    widths = fit_widths(natural, width)
    lines = [_table_row(TABLE_HEADER, widths)]
    for card in cards:
        cells = (
            clip(card.name, widths[0]),
            card.kind,
            clip(card.subtype or "-", widths[2]),
            set_list(card.sets, widths[3]),
        )
        lines.append(_table_row(cells, widths))
    return lines


def _table_row(cells: Sequence[str], widths: Sequence[int]) -> str:
    shown = [(cell, w) for cell, w in zip(cells, widths, strict=True) if w]
    return "  ".join(f"{cell:<{w}}" for cell, w in shown).rstrip()


def cards_text(cards: Sequence[Card], width: int = TEXT_WIDTH) -> str:
    """The table and the count line, as one text ``width`` characters wide at most."""
    from planarcli.report.terminal import wrap_words

    return "\n".join([*card_table(cards, width), *wrap_words(count_line(cards), width)])


# -- the card data in use ---------------------------------------------------------------------
def source_json(source: CatalogSource, cards: int) -> dict[str, Any]:
    """One card data file for ``cards info --format json``."""
    age = source.age_days()
    return {
        "kind": source.kind,
        "path": source.location,
        "cards": cards,
        "data_as_of": source.dated,
        "created": source.created,
        "age_days": round(age, 1) if age is not None else None,
    }


def info_json(catalog: Catalog, cache: Path, api_url: str | None) -> dict[str, Any]:
    """``cards info --format json``: the card data in use (``catalog``), the synced cache's
    path (``cache``) and the API it was synced from."""
    from planarcli.cards.model import STALE_AFTER_DAYS

    source = catalog.source
    age = source.age_days()
    by_source = catalog.counts_by_source()
    planes = sum(1 for card in catalog.cards if card.kind == "plane")
    return {
        "source": source.kind,
        "path": str(source.path),
        "cards": len(catalog),
        "planes": planes,
        "phenomena": len(catalog) - planes,
        "with_oracle_text": sum(1 for card in catalog.cards if card.oracle_text),
        "by_source": by_source,
        "sources": [source_json(s, by_source.get(s.kind, 0)) for s in catalog.sources],
        "data_as_of": source.dated,
        "created": source.created,
        "age_days": round(age, 1) if age is not None else None,
        "created_in_future": source.is_future(),
        "stale": source.is_stale(),
        "stale_after_days": STALE_AFTER_DAYS,
        "api_url": api_url,
        "cache_path": str(cache),
        "cache_exists": cache.is_file(),
        "warning": source.warning,
    }


def info_text(info: dict[str, Any], catalog: Catalog) -> list[str]:
    """``cards info`` for people, from its JSON document (``info_json``) and the catalog."""
    sources = catalog.sources
    kind = info["source"]
    if kind == "cache":
        label = "synced cache"
        if len(sources) > 1:
            label += ", with the bundled snapshot for the cards it lacks"
    else:
        label = "bundled snapshot"
    by_source = info["by_source"]
    lines = [
        f"source:  {label}",
        f"path:    {info['path']}",
        f"cards:   {count_line(catalog.cards)}, {info['with_oracle_text']} with oracle text",
    ]
    if len(sources) > 1:
        parts = [
            f"{by_source.get(s.kind, 0)} from the {SOURCE_LABELS[s.kind]}"
            + (f" ({s.dated[:10]})" if s.dated else "")
            for s in sources
        ]
        lines.append(f"         {', '.join(parts)}")
    dated = info["data_as_of"] or "unknown"
    age_text = catalog.source.age_text()
    if age_text is not None:
        dated += f" ({age_text})"
    lines.append(f"as of:   {dated}")
    if info["created"] and info["created"] != info["data_as_of"]:
        lines.append(f"built:   {info['created']}")
    if info["api_url"]:
        lines.append(f"from:    {info['api_url']}")
    if kind == "snapshot":
        state = "present but ignored" if info["warning"] else "none yet"
        lines.append(f"cache:   {info['cache_path']} ({state}; `planarcli cards sync` fills it)")
    if info["warning"]:
        lines.append(f"warning: {info['warning']}")
    if info["stale"]:
        lines.append(
            f"hint:    this card data is over {info['stale_after_days']:.0f} days old; "
            "`planarcli cards sync` fetches"
        )
        lines.append("         the current cards from Scryfall")
    return lines


# -- a sync -----------------------------------------------------------------------------------
def sync_json(result: Any) -> dict[str, Any]:
    """``cards sync --format json`` from a ``planarcli.cards.sync`` result."""
    summary = result.summary
    return {
        "path": str(result.path),
        "api_url": result.api_url,
        "cards": summary.cards,
        "planes": summary.planes,
        "phenomena": summary.phenomena,
        "printings": summary.printings,
        "pages": result.pages,
        "new": result.new_cards if result.had_previous else None,
        "kept": result.kept,
        "cache_cards": result.cache_cards,
        "skipped": summary.skipped,
        "warnings": result.warnings,
    }


def sync_text(result: Any) -> list[str]:
    """``cards sync`` for people: what was synced, what is new, what was kept."""
    summary = result.summary
    line = (
        f"synced {summary.cards} cards ({summary.planes} planes, {summary.phenomena} "
        f"phenomena) from {result.api_url} into {result.path}"
    )
    if result.had_previous:
        line += f"; {len(result.new_cards)} new since the previous cache"
    if result.kept:
        line += (
            f"; kept {plural(len(result.kept), 'card', 'cards')} of the previous cache "
            "that the answer lacked"
        )
    lines = [line, *(f"  new: {name}" for name in result.new_cards[:20])]
    if len(result.new_cards) > 20:
        lines.append(f"  ... and {len(result.new_cards) - 20} more")
    return lines


def skipped_note(skipped: Sequence[str]) -> str:
    """The note on card objects a sync could not use (the first five named)."""
    return (
        f"skipped {plural(len(skipped), 'card object', 'card objects')} "
        "that Scryfall sent but planarcli cannot use: "
        + "; ".join(skipped[:5])
        + (" ..." if len(skipped) > 5 else "")
    )
