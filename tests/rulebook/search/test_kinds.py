"""The failing kinds of issue 24 item 4, each read by a table: a question asking when
something may be done (a rule stating a time answers it), players' timing slang, the
variants' French and Danish names, a French or Danish question asking what a named card
does; and the weight fit that keeps every part at its floor."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest
from conftest import REPO

from planarcli.rulebook.search import language, timing
from planarcli.rulebook.search.analysis import SYNONYMS, TRANSLATIONS

sys.path.insert(0, str(REPO / "scripts"))

import fit_weights

#: (question, whether it asks when something may be done)
TIMING = [
    ("when can i roll the planar die", True),
    ("When do I planeswalk", True),
    ("is rolling the die sorcery speed", True),
    ("what timing does the planar die have", True),
    ("at what point in the turn can I roll", True),
    ("quand peut-on lancer le dé planaire", True),
    ("hvornår må man slå med terningen", True),
    # "when" as "if", and "quand" alone, ask what follows, not when
    ("when a plane leaves the command zone what happens", False),
    ("quand un plan quitte la partie", False),
    ("how many planes in a planar deck", False),
    ("what is the planar die", False),
]


@pytest.mark.parametrize(("text", "asked"), TIMING)
def test_a_question_asking_when_is_read_as_one(text: str, asked: bool) -> None:
    assert timing.asks_timing(text) is asked


#: (query, the first result's id): the rule stating the time, not what rolling does (706.7)
FIRST = [
    ("when do i roll the planar die", "901.9"),
    ("can i roll the planar die at sorcery speed", "901.9"),
    ("bagarre generale plusieurs plans", "901.13"),
    ("ether chaotique ca fait quoi", "card:chaotic-aether"),
    ("hvad gør naya", "card:naya"),
]


@pytest.mark.parametrize(("text", "first"), FIRST)
def test_the_kinds_find_their_answer_first(
    run_cli: Callable[..., Any], text: str, first: str
) -> None:
    shown = run_cli("rules", "search", text, "--format", "json", "--limit", "3")
    assert shown.exit_code == 0, shown
    assert json.loads(shown.stdout)["results"][0]["id"] == first


def test_the_variants_french_and_danish_names_reach_the_english_rules() -> None:
    assert TRANSLATIONS["bagarre"] == ("grand", "melee")
    assert {TRANSLATIONS["geant"], TRANSLATIONS["tetes"]} == {("giant",), ("headed",)}
    assert TRANSLATIONS["kæmpe"] == ("giant",)
    assert "priority" in SYNONYMS["speed"]
    # typed without accents, the variant's name still says the question is French
    assert language.detect("bagarre generale plusieurs plans") == "fr"
    assert language.detect("geant a deux tetes planechase") == "fr"


def test_the_fit_reads_every_parts_floor() -> None:
    floors = fit_weights.read_floors()
    sys.path.insert(0, str(REPO / "tests" / "helpers"))
    import search_quality

    assert set(floors) == set(search_quality.PARTS)
    assert all(top1 <= top3 for top1, top3 in floors.values())


def test_the_fit_rejects_a_trial_below_any_floor() -> None:
    floors = {"development": (10, 12), "held-out": (5, 6)}
    assert fit_weights.below_floors({"development": (10, 12), "held-out": (5, 6)}, floors) == []
    assert fit_weights.below_floors({"development": (11, 13), "held-out": (4, 6)}, floors) == [
        "held-out 4<5"
    ]
    assert fit_weights.below_floors({"development": (10, 11)}, floors) == [
        "development top-3 11<12"
    ]
