"""Forge .dck decks (planarcli/deck/readers/forge.py): a damaged section header."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("policy", ["error", "warn", "skip"])
def test_a_forge_deck_with_a_damaged_section_header_is_broken(write, run_cli, policy) -> None:
    """`[Planes` cut short put the planes into [metadata], where they vanished: the file was
    "no planar deck", and with --no-planar-deck skip it passed (exit 0)."""
    deck = write(
        "decks/strike.dck",
        "[metadata]\nName=Strike\n[Planes\n1 Akoum|PC2\n1 Bant|HOP\n",
    )
    for target in (deck, deck.parent):
        result = run_cli("validate", str(target), "--no-planar-deck", policy)
        assert result.exit_code == 2, result
        assert f"{deck}:3: malformed section header '[Planes'" in result.stderr
