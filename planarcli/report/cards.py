"""Renderers for one card (``cards show``) and for fuzzy candidates (``cards match``): text
for people and the JSON documents of the contract. Tables of cards, the card data in use and a
sync's summary are in :mod:`planarcli.report.catalog` (kept apart: `cards show` is on the
start-up budget and imports only this).

Renderers return strings, lists of lines or JSON-ready dicts; they never print and never
decide exit codes. Prose (a card's text and rulings) is wrapped by the one width policy
of :mod:`planarcli.report.terminal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from planarcli.report.terminal import text_width, wrap_words

if TYPE_CHECKING:
    from planarcli.cards.model import Card
    from planarcli.cards.store import FoundCard

#: A ruling as `cards show` gets it (``planarcli.cards.store.snapshot_rulings``): "date",
#: "text", "source".
Ruling = Mapping[str, str]

#: Text output fits this many columns (``cards list``; ``cards show`` wraps to the width
#: ``COLUMNS`` or the terminal gives, at most this wide and at least MIN_WIDTH).
TEXT_WIDTH = 80
MIN_WIDTH = 20
#: A ruling's continuation lines are indented to sit under its text, past "YYYY-MM-DD  ".
RULING_INDENT = 12
#: Narrower than this, a ruling's date goes above its text (indented by
#: RULING_STACKED_INDENT) instead of beside it: 12 columns of date would leave the text a
#: word or two a line (at 20 columns, 8 characters).
RULING_SIDE_BY_SIDE = 40
RULING_STACKED_INDENT = 2

#: How each source of card data is named in text.
SOURCE_LABELS = {"snapshot": "bundled snapshot", "cache": "synced cache", "scryfall": "answer"}


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
    """One ruling: its date, then its text wrapped to ``width`` under itself; on a narrow
    screen (under RULING_SIDE_BY_SIDE columns) the date stands on a line of its own, the text
    below it, so that the text keeps more than a word or two a line."""
    if width < RULING_SIDE_BY_SIDE:
        stacked = " " * RULING_STACKED_INDENT
        wrapped = wrap_words(ruling["text"], max(width - RULING_STACKED_INDENT, 1))
        return [ruling["date"], *(stacked + line for line in wrapped)]
    indent = " " * RULING_INDENT
    wrapped = wrap_words(ruling["text"], max(width - RULING_INDENT, 1))
    return [
        f"{ruling['date']:<{RULING_INDENT}}{wrapped[0]}",
        *(indent + rest for rest in wrapped[1:]),
    ]


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
        "rulings": [{"date": ruling["date"], "text": ruling["text"]} for ruling in rulings],
    }


# -- fuzzy candidates -------------------------------------------------------------------------
def match_json(
    query: str, matches: Sequence[tuple[float, Card]], other: str | None
) -> dict[str, Any]:
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
