"""Filtering the catalog's cards: by kind, set, planar subtype, and sets to leave out
(``cards list``, ``cards search``'s options, ``deck random``)."""

from __future__ import annotations

from collections.abc import Iterable

from planarcli.cards.model import Card
from planarcli.cards.names import fold_name
from planarcli.lazyre import lazy

#: A possessive "'s" (or "s'") in a planar type: "Bolas's Meditation Realm" is also written
#: "Bolas Meditation Realm" and "Bolas' Meditation Realm".
_POSSESSIVE = lazy(r"(?<=[A-Za-z])['\u2019]s?\b")


def subtype_keys(subtype: str) -> set[str]:
    """The spellings a planar type is known by, folded as names are (case, accents,
    apostrophes), with and without its possessive "'s", and without spaces (as the docs
    promise: "bolasmeditationrealm" is "Bolas's Meditation Realm")."""
    folded = {fold_name(subtype), fold_name(_POSSESSIVE.sub("", subtype))}
    return {key.replace(" ", "") for key in folded} - {""}


def without_possessive(text: str) -> str:
    """``text`` with its possessives' "'s" left out ("Bolas's Meditation Realm" -> "Bolas
    Meditation Realm")."""
    return _POSSESSIVE.sub("", text)


def filter_cards(
    cards: Iterable[Card],
    *,
    kind: str | None = None,
    sets: Iterable[str] = (),
    subtype: str | None = None,
    exclude_sets: Iterable[str] = (),
) -> list[Card]:
    """Cards of a kind / in any of ``sets`` / of a subtype, minus cards found only in
    ``exclude_sets`` (set codes compared in lower case, subtypes folded as names are,
    possessive or not: :func:`subtype_keys`)."""
    wanted = {s.lower() for s in sets}
    excluded = {s.lower() for s in exclude_sets}
    sub = subtype_keys(subtype) if subtype else None  # " Secret  Lair ", "bolas meditation realm"
    out = []
    for card in cards:
        if kind and card.kind != kind:
            continue
        if wanted and not wanted.intersection(card.sets):
            continue
        if sub and sub.isdisjoint(subtype_keys(card.subtype or "")):
            continue
        if excluded and set(card.sets) <= excluded:
            continue
        out.append(card)
    return out
