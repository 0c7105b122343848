"""`rules search` of issue 18: card rulings as passages, French and Danish questions without
--lang, and the one table of weights (each feature named, each can be turned off)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import search_quality
from conftest import share_cache_dir

from planarcli import resources
from planarcli.rulebook import catalogue
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.current import resolve_edition
from planarcli.rulebook.search import language, weights
from planarcli.rulebook.search.scope import search_index

HERE = Path(__file__).parents[2]


@pytest.fixture(scope="session")
def v3_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("search-cache-v3")


@pytest.fixture(autouse=True)
def shared_search_cache(
    isolated_environment: None,
    v3_cache_dir: Path,
    cache_secret: bytes,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    share_cache_dir(v3_cache_dir, cache_secret, monkeypatch)


def search_json(run_cli: Callable[..., Any], *args: str) -> list[dict[str, Any]]:
    result = run_cli("rules", "search", *args, "--format", "json")
    assert result.exit_code == 0, result
    results: list[dict[str, Any]] = json.loads(result.stdout)["results"]
    return results


# --------------------------------------------------------------------------- rulings


def test_the_default_scope_adds_the_card_rulings_for_a_question_naming_a_card() -> None:
    infos = catalogue.list_editions(resources.rules_dir(), HERE / "no-such-folder")
    current = resolve_edition("current", infos).id

    def scope(query: str | None) -> list[str]:
        return [info.id for info in rulesearch.search_scope(infos, None, None, query)]

    assert scope("spatial merging chaos") == [current, "rulings"]
    assert scope("what does tolaria do") == [current, "rulings"]  # a word only its name has
    assert scope("elorin wilds mana") == [current, "rulings"]  # misspelt
    # a question about the rules alone reads neither the rulings nor their index
    assert scope("planar die cost") == [current]
    assert scope(None) == [current, "rulings"]
    # `--edition all` is every document, the rulings too; `--lang en` keeps the rulings
    # (English) of a card named, as without it; another language, a date, an edition: none
    # (tests/rulebook/search/test_cardnames.py)
    assert "rulings" in [info.id for info in rulesearch.search_scope(infos, "all", None)]
    unnamed = rulesearch.search_scope(infos, None, "en", "planar die cost")
    assert "rulings" not in [info.id for info in unnamed]
    named = rulesearch.search_scope(infos, None, "en", "spatial merging chaos")
    assert "rulings" in [info.id for info in named]
    assert "rulings" not in [info.id for info in rulesearch.search_scope(infos, None, "fr")]
    assert "rulings" not in [info.id for info in rulesearch.search_scope(infos, "2012-06-01", None)]


def test_a_question_naming_a_card_finds_its_rulings(run_cli: Callable[..., Any]) -> None:
    results = search_json(run_cli, "with spatial merging out do both chaos abilities trigger")
    first = results[0]
    assert first["id"] == "ruling:spatial-merging.1", results[:3]
    assert first["kind"] == "ruling" and first["card"] == "Spatial Merging"
    assert first["edition"] == "rulings" and first["date"] == "2012-06-01"
    assert "both chaos abilities will trigger" in first["text"]
    # misspelt, lower case
    results = search_json(run_cli, "elorin wilds does the extra mana work with llanowar elves")
    assert any(r.get("card") == "Eloren Wilds" for r in results[:3]), results[:3]


def test_text_output_says_the_card_and_the_date(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "search", "spatial merging both chaos abilities", "--limit", "2")
    assert result.exit_code == 0, result
    assert "ruling:spatial-merging.1 (rulings, Spatial Merging, 2012-06-01)" in result.stdout


def test_a_ruling_that_restates_a_rule_does_not_crowd_it_out(
    run_cli: Callable[..., Any],
) -> None:
    """ "The controller of a face-up plane card is the player designated as the planar
    controller" is a ruling of 31 cards: a question about the rule gets the rule first, and
    that ruling at most once."""
    results = search_json(run_cli, "who controls a face-up plane card")
    assert results[0]["kind"] == "rule", results[:3]
    texts = [r["text"].replace("’", "'") for r in results if r["kind"] == "ruling"]
    assert len(texts) == len(set(texts)), texts
    # ... and under a card's name the best rule still comes within the first three
    results = search_json(run_cli, "glimmervoid basin who controls it")
    assert any(r["kind"] == "rule" for r in results[:3]), results[:3]


# --------------------------------------------------------------------------- languages


def test_french_and_danish_questions_are_recognised_and_english_ones_never() -> None:
    english = foreign = recognised = 0
    for part in search_quality.PARTS:
        for item in search_quality.load(part):
            lang = (
                part.rsplit("-", 1)[-1]
                if part.endswith(("-fr", "-da"))
                else item.get("lang") or item.get("answer_lang")
            )
            if lang is None and item.get("kind") in ("fr", "da"):
                lang = item["kind"]
            if lang is None and item.get("edition") in ("2010-07-16-fr", "danish-guide"):
                lang = "fr" if item["edition"] == "2010-07-16-fr" else "da"
            found = language.detect(item["query"])
            if lang in ("fr", "da"):
                foreign += 1
                recognised += found == lang
            else:
                english += 1
                assert found is None, (part, item["query"])
    assert english > 1000
    assert recognised >= 0.9 * foreign, (recognised, foreign)


@pytest.mark.parametrize(
    ("query", "lang"),
    [
        ("combien de cartes dans un deck planaire", "fr"),
        ("est-ce que le phénomène reste en jeu", "fr"),
        ("hvad koster det at slå med terningen", "da"),
        ("kan man have to ens flykort i bunken", "da"),
        ("how many cards in a planar deck", None),
        ("planar die", None),
        ("901.9", None),
        # a word of the game alone, as docs/rules-search.md says these find their rules
        ("terningen", "da"),
        ("flykort", "da"),
        ("transplaner", "fr"),
        ("phénomène", "fr"),
        ("die", None),
        ("planeswalk", None),
    ],
)
def test_language_detection(query: str, lang: str | None) -> None:
    assert language.detect(query) == lang


@pytest.mark.parametrize("word", ["terningen", "flykort", "transplaner", "phénomène"])
def test_a_french_or_danish_word_of_the_game_alone_finds_results(
    run_cli: Callable[..., Any], word: str
) -> None:
    """docs/rules-search.md: "French and Danish words of the game also find the English
    rules"; a word typed alone found nothing when one word was too little to tell the language."""
    result = run_cli("rules", "search", word, "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["results"]


def test_a_french_question_gets_the_french_passage_and_todays_rule(
    run_cli: Callable[..., Any],
) -> None:
    results = search_json(run_cli, "le coût pour lancer le dé planaire")
    first, second = results[0], results[1]
    assert (first["id"], first["edition"], first["lang"]) == ("901.8", "2010-07-16-fr", "fr")
    assert first["current"] == "901.9" and first["current_since"] >= "2010-07-16"
    assert (second["id"], second["lang"]) == ("901.9", "en")
    assert "current" not in second
    text = run_cli("rules", "search", "le coût pour lancer le dé planaire", "--limit", "2")
    assert "901.8 in the French text is 901.9 today; its wording changed in" in text.stdout


def test_a_danish_question_gets_the_guide_and_todays_rule(run_cli: Callable[..., Any]) -> None:
    results = search_json(run_cli, "hvad koster det at slå med terningen")
    assert results[0]["edition"] == "danish-guide" and results[0]["current"] == "901.9"
    assert results[1]["id"] == "901.9" and results[1]["lang"] == "en"


# --------------------------------------------------------------------------- weights


def test_every_feature_is_in_the_one_table_and_can_be_turned_off() -> None:
    for name, feature in weights.WEIGHTS.items():
        assert feature.what, name
        assert feature.off in (0.0, 1.0), name
        assert feature.weight != feature.off, f"{name} is off: remove it"


def test_turning_a_feature_off_changes_the_ranking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table is what the scoring reads: with rule numbers off, "901.9" is not first."""
    index = rulesearch.SearchIndex([catalogue.load_edition("current")])
    assert search_index(index, "901.9", 1)[0].id == "901.9"
    named = weights.WEIGHTS["exact_id"]
    monkeypatch.setitem(weights.WEIGHTS, "exact_id", named._replace(weight=named.off))
    child = weights.WEIGHTS["child_id"]
    monkeypatch.setitem(weights.WEIGHTS, "child_id", child._replace(weight=child.off))
    bare = rulesearch.SearchIndex([catalogue.load_edition("current")])
    assert search_index(bare, "901.9", 1) == []


# ------------------------------------------- general rules naming Planechase in passing


def test_the_general_rules_that_name_planechase_in_passing() -> None:
    """The rules held because their own text speaks of Planechase, outside 901 and what 901
    and its glossary cite or name; an edition built from a seed (no closure) has none."""
    from planarcli.rulebook.search.index import aside_rules

    asides = aside_rules(catalogue.load_edition("2026-01-16").closure)
    assert {"100.2d", "103.3a", "108.3a", "205.3r", "400.4b", "613.7h", "728.2a"} <= asides
    # 311/312 and 701.31 are cited by 901; 706.7, 603.10g, 801.18 sit under cited or named
    # rules; 704.6f and 107.12 are cited themselves
    for held in ("311.2", "312.2", "701.31a", "706.7", "603.10g", "801.18", "704.6f", "107.12"):
        assert held not in asides, held
    assert not any(rule_id.startswith("901") for rule_id in asides)
    assert aside_rules(catalogue.load_edition("2024-09-20").closure) == frozenset()


def test_a_planechase_question_finds_901_before_a_rule_naming_it_in_passing(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The query "comand zone planes" is 311.2 / 901.4, not 400.4b (the command zone in
    general); a question with a word only the general rule has ("shuffles ... setup": 103.3a) still
    finds it; with the feature off, 400.4b comes first again."""
    first = [r["id"] for r in search_json(run_cli, "comand zone planes", "--limit", "3")]
    assert first[0] in {"311.2", "901.4"} and "400.4b" in first, first
    asked = "who shuffles the planar decks during setup"
    assert search_json(run_cli, asked, "--limit", "1")[0]["id"] == "103.3a"
    index = rulesearch.SearchIndex([catalogue.load_edition("current")])
    aside = weights.WEIGHTS["aside"]
    monkeypatch.setitem(weights.WEIGHTS, "aside", aside._replace(weight=aside.off))
    assert search_index(index, "comand zone planes", 1)[0].id == "400.4b"


def test_a_misspelling_in_one_phrasing_does_not_stop_the_typo_correction(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One phrasing of 205.3r says "phenomenom": the word is still corrected to
    "phenomenon", so "whats a phenomenom" finds the glossary entry (not 205.3r alone)."""
    found = search_json(run_cli, "whats a phenomenom", "--limit", "3")
    assert found[0]["id"] == "Phenomenon" and len(found) == 3, found
    index = rulesearch.SearchIndex([catalogue.load_edition("current")])
    typo = weights.WEIGHTS["phrased_typo"]
    monkeypatch.setitem(weights.WEIGHTS, "phrased_typo", typo._replace(weight=typo.off))
    assert [r.id for r in search_index(index, "whats a phenomenom", 3)] == ["205.3r"]
