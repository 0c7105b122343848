"""Search phrasings (rules/phrasings/): well formed, about passages that exist, attached to
the same passage in other editions, found by the search, and a damaged file is exit 3."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import english_edition

from planarcli import resources
from planarcli.rulebook import catalogue, corpus, phrasings, searchcache
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search.scope import search_index
from planarcli.schemacheck import schema_errors

FOLDER = Path(phrasings.folder())
FILES = sorted(FOLDER.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def current_index() -> rulesearch.SearchIndex:
    return rulesearch.SearchIndex([catalogue.load_edition("current")])


def test_there_are_phrasing_files() -> None:
    assert len(FILES) >= 6
    assert phrasings.files() == [str(path) for path in FILES]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_each_file_fits_its_schema_and_names_existing_passages(path: Path) -> None:
    data = load(path)
    assert schema_errors(data, "search-phrasings.schema.json") == []
    assert path.name == f"phrasings-{data['part']}.json"
    editions: dict[str, corpus.Edition] = {}
    for passage in data["passages"]:
        edition = editions.get(passage["edition"]) or catalogue.load_edition(passage["edition"])
        editions[passage["edition"]] = edition
        if passage["kind"] == "rule":
            assert edition.rule(passage["id"]) is not None, passage["id"]
        else:
            assert passage["id"] in [entry.term for entry in edition.glossary], passage["id"]
        folded = [" ".join(text.casefold().split()) for text in passage["phrasings"]]
        assert len(set(folded)) == len(folded), f"{passage['id']}: a phrasing twice"


def test_no_passage_twice_in_a_file_nor_a_phrasing_twice_for_a_passage() -> None:
    """A passage is in one file of each round of writing; no phrasing is repeated for it,
    whichever files hold them."""
    said: dict[tuple[str, str, str], set[str]] = {}
    for path in FILES:
        keys = set()
        for passage in load(path)["passages"]:
            key = (passage["edition"], passage["kind"], passage["id"])
            assert key not in keys, f"{key} twice in {path.name}"
            keys.add(key)
            for text in passage["phrasings"]:
                folded = " ".join(text.casefold().split())
                assert folded not in said.setdefault(key, set()), f"{key}: {text!r} twice"
                said[key].add(folded)


def test_every_planechase_passage_of_the_current_edition_is_phrased(
    current_index: rulesearch.SearchIndex,
) -> None:
    bare = [
        rule_id
        for position, rule_id in enumerate(current_index.ids)
        if not current_index.aids[position]
    ]
    assert bare == []


def attached(index: rulesearch.SearchIndex) -> dict[str, str]:
    return {index.ids[p]: index.aids[p] for p in range(len(index.ids)) if index.aids[p]}


def test_phrasings_serve_the_same_passage_in_other_editions() -> None:
    """2011-07-15's 901.14a is the communal deck rule (901.15a since 2012-06-01): it gets
    the phrasings written for 2009's 901.14a, not those of today's 901.14a (Grand Melee);
    2025-06-06 holds today's 901.8 word for word."""
    entries = phrasings.load()
    written: dict[tuple[str, str], list[str]] = {}
    for entry in entries:
        written.setdefault((entry.edition, entry.id), []).extend(entry.phrasings)
    found = attached(rulesearch.SearchIndex([catalogue.load_edition("2011-07-15")], entries))
    newer = attached(rulesearch.SearchIndex([catalogue.load_edition("2025-06-06")], entries))

    def stems(*keys: tuple[str, str]) -> set[str]:
        return {
            rulesearch.stem(word, "en")
            for key in keys
            for text in written[key]
            for word in rulesearch.content_words(text, "en")
            if word not in rulesearch.DEFINITION_WORDS
        } | {rulesearch.AID_SEPARATOR}

    assert set(found["901.14a"].split()) <= stems(("2009-10-01", "901.14a"))
    assert not set(found["901.14a"].split()) <= stems(("2026-01-16", "901.14a"))
    assert set(newer["901.8"].split()) <= stems(("2026-01-16", "901.8"), ("2009-10-01", "901.8"))


def test_a_renumbered_or_retouched_passage_keeps_its_phrasings() -> None:
    """An imported edition that moves a rule, or changes a word of it, still has its
    phrasings; a rule of other words gets none."""
    current = catalogue.load_edition("current")
    text = current.rule("901.8").text
    moved = english_edition(
        "2099-01-01",
        [
            ("901.99", text),
            ("901.98", text.replace("additional", "extra")),
            ("901.8", "Planar dice are green on Tuesdays."),
        ],
    )
    found = attached(rulesearch.SearchIndex([moved]))
    assert set(found) == {"901.99", "901.98"}
    assert found["901.99"] == found["901.98"]


def test_no_phrasings_means_none_attached() -> None:
    index = rulesearch.SearchIndex([catalogue.load_edition("current")], phrasings=())
    assert not any(index.aids) and index.aid_postings == {}


def test_a_question_in_players_words_finds_its_passage(
    current_index: rulesearch.SearchIndex,
) -> None:
    """The word "scooped" is in no rule text: a player who scoops (concedes) leaves the game
    (901.10). (The question once said "conceded": 810.8b says "concedes" and the synonyms
    take "concede" to "leave", so since the corpus grew the bare text finds 901.10 for it on
    its own, and the test no longer showed what the phrasings add.)"""
    query = "someone scooped while their plane was face up"
    assert not any("scooped" in rulesearch.words(text) for text in current_index.texts)
    assert search_index(current_index, query, limit=1)[0].id == "901.10"
    without = rulesearch.SearchIndex([catalogue.load_edition("current")], phrasings=())
    assert search_index(without, query, limit=1)[0].id != "901.10"


def test_changed_phrasings_rebuild_the_cached_index(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    copy = tmp_path / "rules"
    shutil.copytree(resources.rules_dir(), copy)
    monkeypatch.setattr(resources, "rules_dir_path", lambda: str(copy))
    scope = rulesearch.search_scope(catalogue.list_editions(), None, None)
    before = searchcache._content_key(scope)
    target = copy / phrasings.FOLDER / FILES[0].name
    data = load(target)
    data["passages"][0]["phrasings"].append("one more way to ask")
    target.write_text(json.dumps(data), encoding="utf-8")
    assert searchcache._content_key(scope) != before


@pytest.mark.parametrize(
    "damage",
    [
        b"{ not json",
        b'{"format": "planarcli-search-phrasings", "schema_version": 1, "passages": 3}',
        b"\xff\xfe binary",
    ],
)
def test_a_damaged_phrasings_file_is_one_line_and_exit_3(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, damage: bytes
) -> None:
    copy = tmp_path / "rules"
    shutil.copytree(resources.rules_dir(), copy)
    (copy / phrasings.FOLDER / FILES[0].name).write_bytes(damage)
    monkeypatch.setattr(resources, "rules_dir_path", lambda: str(copy))
    result = run_cli("rules", "search", "planar die cost")
    assert result.exit_code == 3, result
    assert result.stderr.startswith("planarcli: error: ")
    assert "damaged search phrasings" in result.stderr
    assert "Traceback" not in result.stderr
    result = run_cli("rules", "search", "planar die cost", "--format", "json")
    assert result.exit_code == 3
    assert json.loads(result.stdout)["error"]


def test_phrasings_in_another_language_than_their_passage() -> None:
    """English questions about the Danish guide are read as English, and only where English
    queries are read (not in a Danish-only scope)."""
    english = [e for e in phrasings.load() if e.lang == "en"]
    assert {e.edition for e in english} >= {"danish-guide", "2010-07-16-fr"}
    guide = catalogue.load_edition("danish-guide")
    both = rulesearch.SearchIndex([catalogue.load_edition("current"), guide])
    alone = rulesearch.SearchIndex([guide])
    position = both.ids.index("danish-guide.8")
    assert "roll" in both.aids[position].split()  # English stems
    assert "roll" not in alone.aids[alone.ids.index("danish-guide.8")].split()


def test_a_phrasing_language_must_be_known(tmp_path: Path) -> None:
    data = load(FILES[0])
    data["passages"][0]["lang"] = "de"
    with pytest.raises(ValueError, match="lang 'de'"):
        phrasings._parse(data)
