"""A short misspelt planar card in a planar deck found in a sideboard (Cockatrice's side
zone, XMage's SB: lines, an Arena or MTGO ``Sideboard`` block) gets the finding it gets
under a ``Planar Deck`` heading, and ``--fix`` repairs it: one slip in a five-letter name
("Akuom") scores under the fuzzy ratio a near miss needed, so such names were dropped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli.cards.store import load_catalog
from planarcli.deck.readers.planar import near_miss

PLANES = (
    "Academy at Tolaria West", "Agyrem", "Bant", "Cliffside Market", "Eloren Wilds",
    "Feeding Grounds", "Fields of Summer", "Chaotic Aether",
)  # fmt: skip


def _cockatrice() -> str:
    side = "".join(f'    <card number="1" name="{name}"/>\n' for name in (*PLANES, "Akuom"))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        '  <zone name="main">\n    <card number="1" name="Llanowar Elves"/>\n  </zone>\n'
        f'  <zone name="side">\n{side}  </zone>\n</cockatrice_deck>\n'
    )


def _xmage() -> str:
    side = "".join(f"SB: 1 [OPCA:{n}] {name}\n" for n, name in enumerate(PLANES, 10))
    return "1 [M19:100] Llanowar Elves\n" + side + "SB: 1 [OPCA:3] Akuom\n"


def _arena() -> str:
    side = "".join(f"1 {name} (OPCA) {n}\n" for n, name in enumerate(PLANES, 10))
    return "Deck\n1 Llanowar Elves (M19) 100\n\nSideboard\n" + side + "1 Akuom (OPCA) 3\n"


FILES = {"deck.cod": _cockatrice, "deck.dck": _xmage, "deck.txt": _arena}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_short_typo_in_a_sideboard_planar_deck_is_named_and_fixed(
    name: str, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    deck = tmp_path / name
    deck.write_text(FILES[name](), encoding="utf-8")
    shown = run_cli("validate", "-v", str(deck))
    assert shown.exit_code == 1, shown
    assert "'Akuom' is not a plane or phenomenon card; did you mean 'Akoum'?" in shown.stdout
    assert "invalid (9 cards, 1 phenomenon)" in shown.stdout, shown
    fixed = run_cli("validate", "--fix", str(deck))
    assert "fixed: 'Akuom' -> 'Akoum'" in fixed.stdout, fixed
    assert "Akoum" in deck.read_text(encoding="utf-8")
    assert "Akuom" not in deck.read_text(encoding="utf-8")
    assert fixed.exit_code == 1, fixed  # still 9 cards: the deck needs 10


def test_one_slip_in_a_short_name_is_a_near_miss_but_a_real_card_is_not() -> None:
    catalog = load_catalog()
    assert near_miss("Akuom", catalog) == "Akoum"
    assert near_miss("Bnat", catalog) == "Bant"
    assert near_miss("Stairs to Infinty", catalog) == "Stairs to Infinity"
    assert near_miss("Forest", catalog) is None  # a basic land, not a plane misspelt


def test_every_slip_scores_at_least_the_ratio_below_which_no_slip_is_looked_for() -> None:
    """``near_miss`` tests for slips only where a planar card scores TYPO_MIN_RATIO: each
    slip of a short planar card's name (one letter changed, two swapped, one left out or
    added) that ``typo_of`` finds must score that much against the card it is a slip of (a
    longer name's slips score more: one slip in n letters at least 100 * (1 - 1/n))."""
    from rapidfuzz import fuzz

    from planarcli.cards.names import fold_name
    from planarcli.cards.resolve import typo_of
    from planarcli.deck.readers.planar import TYPO_MIN_RATIO

    catalog = load_catalog()
    lowest = 100.0
    for card in catalog.cards:
        key = fold_name(card.name)
        if len(key) > 8:
            continue
        slips = {key[:i] + "q" + key[i + 1 :] for i in range(len(key))}
        slips |= {key[:i] + key[i + 1] + key[i] + key[i + 2 :] for i in range(len(key) - 1)}
        slips |= {key[:i] + key[i + 1 :] for i in range(len(key))}
        slips |= {key[:i] + "q" + key[i:] for i in range(len(key) + 1)}
        for slip in slips:
            found = typo_of(catalog, slip)
            if found is not None and found.name == card.name:
                lowest = min(lowest, fuzz.ratio(slip, key))
    assert TYPO_MIN_RATIO <= lowest < 80  # (a four-letter name's slip scores 75)
