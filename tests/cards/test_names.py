"""Name folding and resolution against the bundled catalog."""

from __future__ import annotations

import pytest

from planarcli.cards import resolve
from planarcli.cards.names import fold_name
from planarcli.cards.store import load_snapshot

SAME_CARD = [
    ("The AEther Flues", "The Aether Flues"),
    ("The Æther Flues", "The Aether Flues"),
    ("the aether flues", "The Aether Flues"),
    ("Team Up!", "Team-Up!"),
    ("Team Up", "Team-Up!"),
    ("Ravens Run", "Raven's Run"),
    ("Raven’s Run", "Raven's Run"),
    ("Imaginary Friends", "Imaginary Friends (Plane)"),
    ("No Way Out", "No Way Out (Playtest)"),
    ("Oteclan", "Oteclán"),
    ("OTECLÁN", "Oteclán"),
    ("Human-Time Lord Meta Crisis", "Human—Time Lord Meta-Crisis"),
    ("Human – Time Lord Meta–Crisis", "Human—Time Lord Meta-Crisis"),
    ("High and Dry Black market", "High and Dry Black Market"),
    ("sans mercy", "sAnS mERcY"),
    ("Two Streams Facility ", "Two Streams Facility"),
    ("Fblthp Completely Utterly Totally Lost", "Fblthp: Completely, Utterly, Totally Lost"),
    ("Kerblam Warehouse", "Kerblam! Warehouse"),
    ("  Shy   Town ", "Shy Town"),
]

NOT_THE_CARD = [
    "Acadmy at Tolaria Wst",
    "Tolaria West",
    "Llanowar Elves",
    "Sol Ring",
    "Littiara",
    "Tazeem Plane",
    "Aether Flues",
    "The Aether",
    "",
]


@pytest.mark.parametrize(("written", "catalog_name"), SAME_CARD)
def test_spelling_variants_are_the_card(written: str, catalog_name: str) -> None:
    catalog = load_snapshot()
    resolution = catalog.resolve(written)
    assert resolution.card is not None, written
    assert resolution.card.name == catalog_name
    assert resolution.how in {"exact", "folded"}


@pytest.mark.parametrize("written", NOT_THE_CARD)
def test_other_names_are_never_accepted(written: str) -> None:
    assert load_snapshot().resolve(written).card is None


@pytest.mark.parametrize(
    ("written", "suggestion"),
    [
        ("Acadmy at Tolaria Wst", "Academy at Tolaria West"),
        ("Littiara", "Littjara"),
        ("Tolaria West", "Academy at Tolaria West"),
        ("Glimervoid Basin", "Glimmervoid Basin"),
        ("Chaotic Ather", "Chaotic Aether"),
        ("Sanctum of Sera", "Sanctum of Serra"),
    ],
)
def test_misspellings_get_a_did_you_mean(written: str, suggestion: str) -> None:
    suggestions = resolve.suggest(load_snapshot(), written)
    assert 1 <= len(suggestions) <= 3
    assert suggestions[0] == suggestion


def test_no_suggestion_for_a_card_from_elsewhere() -> None:
    assert resolve.suggest(load_snapshot(), "Sol Ring") == []


@pytest.mark.parametrize(
    ("written", "suggestions"),
    [("Nix", []), ("a", []), ("Naja", ["Naya"]), ("Bnat", ["Bant"]), ("Kros", ["Krosa"])],
)
def test_short_names_are_compared_whole(written: str, suggestions: list[str]) -> None:
    # partial matching would find "nix" inside "Ghirapur Grand Prix"
    assert resolve.suggest(load_snapshot(), written) == suggestions


def test_folding_keeps_every_catalog_name_distinct() -> None:
    catalog = load_snapshot()
    keys = [fold_name(card.name) for card in catalog.cards]
    assert len(set(keys)) == len(keys) == len(catalog)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("The Æther Flues", "the aether flues"),
        ("Artist Alley (Plane)", "artist alley"),
        ("Li'l Giri Saves the Day", "lil giri saves the day"),
        ("Happy Yargle Day!", "happy yargle day"),
        ("Planes (PLAYTEST)", "planes"),
    ],
)
def test_fold_name(name: str, key: str) -> None:
    assert fold_name(name) == key


def test_match_ranks_best_first() -> None:
    matches = resolve.match(load_snapshot(), "tazem", limit=5)
    assert matches[0].card.name == "Tazeem"
    scores = [m.score for m in matches]
    assert scores == sorted(scores, reverse=True)
