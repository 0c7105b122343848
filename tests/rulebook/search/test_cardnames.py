"""`rules search` and card names: a name's letters say nothing of the question's language, a
name printed in another language names its card, and the scope options keep the rulings."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import search_quality
from conftest import share_cache_dir

from planarcli import resources
from planarcli.rulebook import catalogue, corpus
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search import cards, query

HERE = Path(__file__).parents[2]
#: one worker runs this module, so each index of its shared cache dir is built once
pytestmark = pytest.mark.xdist_group("card-names-search")


@pytest.fixture(scope="session")
def names_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("search-cache-names")


@pytest.fixture(autouse=True)
def shared_search_cache(
    isolated_environment: None,
    names_cache_dir: Path,
    cache_secret: bytes,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    share_cache_dir(names_cache_dir, cache_secret, monkeypatch)


@pytest.fixture(scope="session")
def infos() -> list[corpus.EditionInfo]:
    return catalogue.list_editions(resources.rules_dir(), HERE / "no-such-folder")


def search_json(run_cli: Callable[..., Any], *args: str) -> dict[str, Any]:
    result = run_cli("rules", "search", *args, "--format", "json")
    assert result.exit_code == 0, result
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def every_card_name() -> list[tuple[str, str]]:
    """(name, English name): every card of the bundled snapshot by its English name and by
    each name it was printed with."""
    snapshot = json.loads(resources.package_data("cards.json").read_text(encoding="utf-8"))
    return [
        (name, card["name"])
        for card in snapshot["cards"]
        for name in [
            card["name"],
            *(s for spellings in (card.get("printed_names") or {}).values() for s in spellings),
        ]
    ]


def foreign(scope: list[corpus.EditionInfo]) -> set[str]:
    return {info.lang for info in scope} - {"en"}


# --------------------------------------------------------------------------- language


def test_a_card_name_written_with_ae_is_an_english_question(run_cli: Callable[..., Any]) -> None:
    """The Æ of "Æther Flues" read the question as Danish (the Danish guide searched too)
    and "æther" as "other": 508.1h came in the first three."""
    data = search_json(run_cli, "Æther Flues sacrifice", "--limit", "5")
    assert data["editions"] == ["2026-01-16", "rulings"]
    ids = [r["id"] for r in data["results"]]
    assert ids[:2] == ["ruling:the-aether-flues.6", "ruling:the-aether-flues.4"]
    plain = search_json(run_cli, "Aether Flues sacrifice", "--limit", "5")
    assert ids == [r["id"] for r in plain["results"]]


def test_no_card_name_reads_as_french_or_danish(infos: list[corpus.EditionInfo]) -> None:
    """Every card's English and printed names, alone and in an English question (90 of the
    946 names alone read as French or Danish)."""
    names = every_card_name()
    assert len(names) > 900
    for name, _ in names:
        for question in (name, f"what does {name} do when chaos ensues"):
            scope = rulesearch.search_scope(infos, None, None, question)
            assert not foreign(scope), (question, [info.id for info in scope])


def test_questions_keep_their_language(infos: list[corpus.EditionInfo]) -> None:
    """As the language detector alone (tests/rulebook/search/test_scope_and_weights.py): no
    English question of the question sets searches a French or Danish text, and French and
    Danish ones are recognised, now that card names are looked for first."""
    foreign_asked = recognised = english = 0
    for part in search_quality.PARTS:
        for item in search_quality.load(part):
            if item.get("edition") or item.get("lang"):
                continue
            lang = part.rsplit("-", 1)[-1] if part.endswith(("-fr", "-da")) else None
            lang = lang or item.get("answer_lang") or item.get("kind")
            found = foreign(rulesearch.search_scope(infos, None, None, item["query"]))
            if lang in ("fr", "da"):
                foreign_asked += 1
                recognised += found == {lang}
            else:
                english += 1
                # (held-out questions are not shown)
                shown = item["query"] if part.startswith("development") else part
                assert not found, shown
    assert english > 1000
    assert recognised >= 0.9 * foreign_asked, (recognised, foreign_asked)


# --------------------------------------------------------------------------- printed names


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # the name alone asks what the card does: its Oracle text first
        ("Chaotischer Aether", "card:chaotic-aether"),
        ("Chaotischer Äther", "card:chaotic-aether"),
        ("Akademie von West-Tolaria", "card:academy-at-tolaria-west"),
        ("who controls Académie de l'Ouest de Tolaria", "ruling:academy-at-tolaria-west."),
    ],
)
def test_a_name_printed_in_another_language_names_the_card(
    run_cli: Callable[..., Any], query: str, first: str
) -> None:
    data = search_json(run_cli, query, "--limit", "3")
    assert "rulings" in data["editions"]
    assert data["results"][0]["id"].startswith(first), data["results"]
    card = first.split(":")[1].rstrip(".")
    assert all(r["id"].split(":")[-1].startswith(card) for r in data["results"][:2])


def test_every_printed_name_names_its_card(infos: list[corpus.EditionInfo]) -> None:
    (rulings,) = [info for info in infos if info.kind == corpus.RULINGS]
    names = query.scope_names(rulings)
    for name, card in every_card_name():
        assert card in cards.named(name, names)[0], name


def test_the_printed_names_are_read_only_for_a_question_that_may_say_one(
    infos: list[corpus.EditionInfo],
) -> None:
    """The cache dir keeps the rulings' own names apart from the other names: an everyday
    question reads only the first."""
    (rulings,) = [info for info in infos if info.kind == corpus.RULINGS]
    query.scope_names(rulings)  # made and kept
    kept = query.scope_names(rulings)  # read back
    assert kept.printed == {} and kept.elsewhere
    assert cards.named("planar die cost", kept) == (frozenset(), set())
    assert kept.printed == {}, "the other names were read"
    assert cards.named("Chaotischer Aether", kept)[0] == {"Chaotic Aether"}
    assert kept.printed


# --------------------------------------------------------------------------- scope


def test_edition_rulings_searches_the_rulings_alone(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "enchanted creature target", "--edition", "rulings")
    assert data["editions"] == ["rulings"]
    # the document's rulings and the cards' Oracle texts
    assert data["results"] and {r["kind"] for r in data["results"]} == {"ruling", "card"}
    assert {r["edition"] for r in data["results"]} == {"rulings"}
    result = run_cli("rules", "search", "die", "--edition", "rulings", "--lang", "fr")
    assert result.exit_code == 2, result
    assert "is in 'en', not 'fr'" in result.stderr


@pytest.mark.slow
def test_edition_all_is_every_document_the_rulings_too(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "Chaotic Aether", "--edition", "all", "--limit", "3")
    assert "rulings" in data["editions"]
    assert data["results"][0]["id"] == "card:chaotic-aether", data["results"]
    assert data["results"][1]["id"].startswith("ruling:chaotic-aether."), data["results"]


def test_lang_en_keeps_the_rulings_of_a_card_named(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "Chaotic Aether", "--lang", "en", "--limit", "3")
    assert "rulings" in data["editions"]
    assert data["results"][0]["id"] == "card:chaotic-aether", data["results"]
    assert data["results"][1]["id"].startswith("ruling:chaotic-aether."), data["results"]
    # a question that names no card searches the rules only, as without --lang
    data = search_json(run_cli, "planar die cost", "--lang", "en")
    assert "rulings" not in data["editions"]
    assert {info for info in data["editions"]} >= {"2026-01-16", "2009-10-01"}


# --------------------------------------------------------------------------- "what is X"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # 205.3r ("Phenomenon cards ... have no subtypes") came first: the rule saying what
        # X is was looked for in the question's words only, and the English rules say it
        ("qu'est-ce qu'un phénomène", {"312.1", "Phenomenon"}),
        ("c'est quoi un phénomène", {"312.1", "Phenomenon"}),
        ("hvad er et fænomen", {"312.1", "Phenomenon", "danish-guide.15"}),
        ("hvad betyder fænomen", {"312.1", "Phenomenon", "danish-guide.15"}),
    ],
)
def test_what_is_x_in_french_or_danish_ranks_what_defines_x_first(
    run_cli: Callable[..., Any], query: str, expected: set[str]
) -> None:
    data = search_json(run_cli, query, "--limit", "3")
    assert data["results"][0]["id"] in expected, [r["id"] for r in data["results"]]


@pytest.mark.parametrize("query", ["on Tazeem who is you", "on Tazeem, who is 'you'?"])
def test_who_is_a_word_no_rule_is_indexed_by(run_cli: Callable[..., Any], query: str) -> None:
    """ "you" is a stopword: the question was read as "tazeem" alone (311.1 first); the
    ruling that quotes the word says what it refers to."""
    data = search_json(run_cli, query, "--limit", "3")
    assert data["results"][0]["id"] == "ruling:tazeem.3", [r["id"] for r in data["results"]]
