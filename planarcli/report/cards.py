"""Renderers for the card commands (``planarcli cards ...``, ``deck random``'s card lists):
text for people and the JSON documents of the contract, for one card, a table of cards,
fuzzy candidates, the card data in use and a sync's summary.

Renderers return strings, lists of lines or JSON-ready dicts; they never print and never
decide exit codes. Prose (a card's text and rulings) is wrapped by the one width policy
of :mod:`planarcli.report.terminal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from planarcli.report.terminal import text_width, wrap_words

if TYPE_CHECKING:
    from pathlib import Path

    from planarcli.cards.catalog import Catalog
    from planarcli.cards.model import Card, CatalogSource
    from planarcli.cards.resolve import FoundCard
    from planarcli.cards.rulings import Ruling

#: Text output fits this many columns (``cards list``; ``cards show`` wraps to the width
#: ``COLUMNS`` or the terminal gives, at most this wide and at least MIN_WIDTH).
TEXT_WIDTH = 80
MIN_WIDTH = 20
#: A ruling's continuation lines are indented to sit under its text, past "YYYY-MM-DD  ".
RULING_INDENT = 12

#: How each source of card data is named in text.
SOURCE_LABELS = {"snapshot": "bundled snapshot", "cache": "synced cache", "scryfall": "answer"}


def plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


# -- one card ---------------------------------------------------------------------------------
def output_width() -> int:
    """The width to wrap a card to (:func:`planarcli.report.terminal.text_width`)."""
    return text_width(TEXT_WIDTH, MIN_WIDTH, TEXT_WIDTH)


def card_text(card: Card, width: int = TEXT_WIDTH, rulings: Sequence[Ruling] = ()) -> list[str]:
    """The whole card for people: name, type line, the Oracle text (each of its lines
    wrapped to ``width``, a blank line between abilities), sets, first printing, link, then
    the card's rulings (oldest first, each wrapped under its date)."""
    lines = [card.name, card.type_line]
    if card.oracle_text:
        for paragraph in card.oracle_text.splitlines():
            if paragraph.strip():
                lines += ["", *wrap_words(paragraph, width)]
    lines += ["", f"sets: {', '.join(card.sets)}"]
    if card.first_released:
        lines.append(f"first printed: {card.first_released}")
    if card.scryfall_uri:
        lines.append(card.scryfall_uri)
    if rulings:
        lines += ["", f"rulings ({len(rulings)}):"]
        for ruling in rulings:
            lines += ruling_lines(ruling, width)
    return lines


def ruling_lines(ruling: Ruling, width: int) -> list[str]:
    """One ruling: its date, then its text wrapped to ``width`` under itself."""
    indent = " " * RULING_INDENT
    wrapped = wrap_words(ruling.text, max(width - RULING_INDENT, 1))
    return [f"{ruling.date:<{RULING_INDENT}}{wrapped[0]}", *(indent + rest for rest in wrapped[1:])]


def found_notes(found: FoundCard, written: str) -> list[str]:
    """What `cards show` says on stderr about how it found the card: a guess, a printed
    name, a card without Oracle text."""
    from planarcli.cards.names import language_name
    from planarcli.errors import echoed

    card = found.card
    notes = []
    if found.how == "fuzzy":
        notes.append(f"guessed {card.name!r} for {echoed(written)}")
    elif found.how == "printed":
        lang = language_name(found.lang)
        notes.append(f"{echoed(written)} is the {lang} printed name of {card.name!r}")
    if card.oracle_text is None:
        label = SOURCE_LABELS.get(found.source, found.source)
        notes.append(f"no oracle text for {card.name!r} in the {label}")
    return notes


def card_json(
    card: Card, *, source: str, matched: str, rulings: Sequence[Ruling]
) -> dict[str, Any]:
    """``cards show --format json``: the card, where it came from, how the name matched,
    and its rulings (``{"date", "text"}``, oldest first; empty when it has none)."""
    return {
        "name": card.name,
        "kind": card.kind,
        "type_line": card.type_line,
        "subtype": card.subtype,
        "sets": list(card.sets),
        "oracle_text": card.oracle_text,
        "source": source,
        "matched": matched,
        "first_released": card.first_released,
        "oracle_id": card.oracle_id,
        "scryfall_uri": card.scryfall_uri,
        "rulings": [{"date": ruling.date, "text": ruling.text} for ruling in rulings],
    }


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


def fit_widths(natural: list[int], width: int) -> list[int]:
    """Column widths that fit ``width`` characters with two spaces between columns."""
    widths = list(natural)
    excess = sum(widths) + 2 * (len(widths) - 1) - width
    for column, floor in _SHRINK_ORDER:
        if excess <= 0:
            break
        cut = min(excess, max(0, widths[column] - floor))
        widths[column] -= cut
        excess -= cut
    return widths


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
    names and subtypes are cut with "…", long set lists end in "+N" (JSON has it all)."""
    rows = [(c.name, c.kind, c.subtype or "-", ", ".join(c.sets)) for c in cards]
    natural = [max(len(row[i]) for row in [TABLE_HEADER, *rows]) for i in range(4)]
    name_w, kind_w, sub_w, sets_w = fit_widths(natural, width)
    lines = [
        f"{TABLE_HEADER[0]:<{name_w}}  {TABLE_HEADER[1]:<{kind_w}}  "
        f"{TABLE_HEADER[2]:<{sub_w}}  {TABLE_HEADER[3]}"
    ]
    for card in cards:
        name = clip(card.name, name_w)
        subtype = clip(card.subtype or "-", sub_w)
        sets = set_list(card.sets, sets_w)
        row = f"{name:<{name_w}}  {card.kind:<{kind_w}}  {subtype:<{sub_w}}  {sets}"
        lines.append(row.rstrip())
    return lines


def cards_text(cards: Sequence[Card]) -> str:
    """The table and the count line, as one text."""
    return "\n".join([*card_table(cards), count_line(cards)])


# -- fuzzy candidates -------------------------------------------------------------------------
def match_json(query: str, matches: Sequence[tuple[float, Card]], other: str | None) -> dict:
    """``cards match --format json``."""
    return {
        "query": query,
        "matches": [
            {"name": card.name, "score": score, "kind": card.kind} for score, card in matches
        ],
        **({"other_card": other} if other is not None else {}),
    }


def match_text(matches: Sequence[tuple[float, Card]]) -> list[str]:
    """``cards match``: a score, kind and name per candidate, under a header."""
    width = max(len("kind"), *(len(card.kind) for _, card in matches))
    lines = [f"{'score':>5}  {'kind':<{width}}  name"]
    lines += [f"{score:>5.1f}  {card.kind:<{width}}  {card.name}" for score, card in matches]
    return lines


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
