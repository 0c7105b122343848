"""Filtering the catalog's cards: by kind, set, planar subtype, and sets to leave out
(``cards list``, ``cards search``'s options, ``deck random``)."""

from __future__ import annotations

from collections.abc import Iterable

from planarcli.cards.model import Card


def filter_cards(
    cards: Iterable[Card],
    *,
    kind: str | None = None,
    sets: Iterable[str] = (),
    subtype: str | None = None,
    exclude_sets: Iterable[str] = (),
) -> list[Card]:
    """Cards of a kind / in any of ``sets`` / of a subtype, minus cards found only in
    ``exclude_sets`` (set codes compared in lower case, subtypes case-insensitively and
    with their spaces evened out)."""
    wanted = {s.lower() for s in sets}
    excluded = {s.lower() for s in exclude_sets}
    sub = " ".join(subtype.split()).casefold() if subtype else None  # " Secret  Lair "
    out = []
    for card in cards:
        if kind and card.kind != kind:
            continue
        if wanted and not wanted.intersection(card.sets):
            continue
        if sub and (card.subtype or "").casefold() != sub:
            continue
        if excluded and set(card.sets) <= excluded:
            continue
        out.append(card)
    return out
