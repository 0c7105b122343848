"""cards/resolve.py: the rules that turn an unknown name into a guess, a question or
suggestions, each pinned by a case that a plausible slip in it would change (issue 22.7)."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from planarcli.cards import resolve
from planarcli.cards.catalog import Catalog
from planarcli.cards.model import Card, CatalogSource
from planarcli.cards.store import load_snapshot
from planarcli.cli import cli


def _show(name: str) -> Any:
    return CliRunner().invoke(cli, ["cards", "show", name, "--format", "json"])


def _catalog(*names: str) -> Catalog:
    cards = tuple(
        Card(name, "plane", "Test", "Plane — Test", ("tst",), f"test-{at}")
        for at, name in enumerate(names)
    )
    return Catalog(cards, CatalogSource("snapshot", "test", None))


def test_a_short_name_allows_one_slip_not_two() -> None:
    """Four letters allow one edit: "Bnat" is Bant with two letters swapped (one slip);
    "Pnat" is that and a wrong letter (two) and is no card."""
    assert resolve.is_misspelling("Bnat", "Bant")
    assert not resolve.is_misspelling("Pnat", "Bant")
    result = _show("Pnat")
    assert result.exit_code == 1, result.output
    assert "Bant" not in result.stdout


def test_one_slip_from_each_of_two_cards_asks_which() -> None:
    """ "Nayx" is one slip from Naya and one from Nyx: neither is taken, both are offered."""
    catalog = load_snapshot()
    assert {card.name for card in resolve.typos_of(catalog, "Nayx")} == {"Naya", "Nyx"}
    assert resolve.typo_of(catalog, "Nayx") is None
    assert resolve.confident_guess(catalog, "Nayx") is None
    result = _show("Nayx")
    assert result.exit_code == 1, result.output
    assert "'Naya', 'Nyx'" in result.stderr
    assert resolve.typo_of(catalog, "Naay").name == "Naya"  # one card: the certain rename


def test_suggestions_stay_within_the_spread_of_the_best() -> None:
    """ "Selesnya": Selesnya Loft Gardens scores 90 and Naya 77: 13 points below, past the
    spread of 10, so Naya is not offered beside it."""
    catalog = load_snapshot()
    scores = {m.card.name: m.score for m in resolve.match(catalog, "Selesnya", limit=5, cutoff=70)}
    assert scores["Selesnya Loft Gardens"] - scores["Naya"] > resolve.SUGGEST_SPREAD
    assert scores["Selesnya Loft Gardens"] - scores["Naya"] < 2 * resolve.SUGGEST_SPREAD
    assert resolve.suggest(catalog, "Selesnya") == ["Selesnya Loft Gardens"]


def test_equal_scores_are_ordered_by_name_whatever_the_case() -> None:
    """ "Sea Xxxxx" scores the same against both names; the tie is broken by the names as
    folded ("sea of glass" before "sea tower"), where a case-sensitive order would put the
    capital T first."""
    catalog = _catalog("Sea Tower", "Sea of Glass")
    matches = resolve.match(catalog, "Sea Xxxxx", limit=5)
    assert matches[0].score == matches[1].score
    assert [m.card.name for m in matches] == ["Sea of Glass", "Sea Tower"]
    assert sorted(["Sea Tower", "Sea of Glass"]) == ["Sea Tower", "Sea of Glass"]


def test_a_clear_slip_is_shown_as_a_fuzzy_match() -> None:
    result = _show("Akuom")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert (shown["name"], shown["matched"]) == ("Akoum", "fuzzy")
