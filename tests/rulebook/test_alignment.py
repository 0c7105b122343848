"""The translation alignment: each passage of the French 2010-07-16 text, and the Danish
guide's paragraphs that say what one rule says, name the rule of the current edition they
correspond to (``current``) and since when that rule has its wording (``current_since``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import load_script

from planarcli.rulebook import catalogue
from planarcli.rulebook.textdiff import normalise
from planarcli.schemacheck import schema_errors

RULES = Path(__file__).resolve().parents[2] / "rules"
CURRENT = "2026-01-16"


def load(edition_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RULES / f"{edition_id}.json").read_text(encoding="utf-8"))
    return data


def english_dates() -> list[str]:
    manifest = load("manifest")
    return sorted(e["id"] for e in manifest["editions"] if e["kind"] == "comprehensive-rules")


def test_every_french_rule_names_todays_rule() -> None:
    french = load("2010-07-16-fr")
    assert schema_errors(french, "rules-edition.schema.json") == []
    current = {rule["id"] for rule in load(CURRENT)["rules"]}
    aligned = {rule["id"]: (rule["current"], rule["current_since"]) for rule in french["rules"]}
    assert len(aligned) == len(french["rules"]) == 32
    assert aligned["901.8b"] == ("901.9b", "2023-04-14")  # the example
    assert aligned["901.8"][0] == "901.9" and aligned["901.14a"][0] == "901.15a"
    assert aligned["901.3a"][0] == "901.3a" and aligned["901.11d"] == ("901.12d", "2009-09-04")
    assert all(rule_id in current for rule_id, _ in aligned.values())
    # the renumbering 901.8 -> 901.9 (2012) moved every later rule up by one
    assert [aligned[f"901.{n}"][0] for n in range(8, 15)] == [f"901.{n}" for n in range(9, 16)]


def test_current_since_is_when_todays_wording_first_appeared() -> None:
    """In the edition of ``current_since`` today's rule has today's words (under its id of
    then); in the English edition before it, it did not."""
    dates = english_dates()
    editions = {date: {r["id"]: r["text"] for r in load(date)["rules"]} for date in dates}
    today = editions[CURRENT]
    documents = [load("2010-07-16-fr"), load("danish-guide")]
    checked = 0
    for rule in (r for document in documents for r in document["rules"] if "current" in r):
        text = normalise(today[rule["current"]])
        since = rule["current_since"]
        assert since in dates, rule
        assert text in {normalise(t) for t in editions[since].values()}, rule
        before = [d for d in dates if d < since and d != "2024-09-20"]
        if before:
            assert text not in {normalise(t) for t in editions[before[-1]].values()}, rule
        checked += 1
    assert checked == 32 + 9


def test_the_danish_guide_maps_only_what_one_rule_says() -> None:
    danish = load("danish-guide")
    assert schema_errors(danish, "rules-edition.schema.json") == []
    mapped = {rule["id"]: rule["current"] for rule in danish["rules"] if "current" in rule}
    assert mapped == {
        "danish-guide.7": "901.6",
        "danish-guide.8": "901.9",
        "danish-guide.11": "901.9a",
        "danish-guide.12": "901.9b",
        "danish-guide.13": "901.9c",
        "danish-guide.15": "312.5",
        "danish-guide.17": "312.7",
        "danish-guide.19": "901.3",
        "danish-guide.20": "901.3",
    }
    assert all("current_since" in r for r in danish["rules"] if "current" in r)
    assert not any("current" in r for d in ("eternities-map", "tactical-multiplayer")
                   for r in load(d)["rules"])  # fmt: skip


def test_the_loader_and_rules_show_carry_the_alignment(run_cli: Callable[..., Any]) -> None:
    french = catalogue.load_edition("2010-07-16-fr")
    assert french.aligned["901.8b"] == ("901.9b", "2023-04-14")
    assert catalogue.load_edition(CURRENT).aligned == {}
    result = run_cli("rules", "show", "901.8b", "--edition", "2010-07-16-fr", "--format", "json")
    rule = json.loads(result.stdout)["rules"][0]
    assert (rule["current"], rule["current_since"]) == ("901.9b", "2023-04-14")
    result = run_cli("rules", "show", "901.8b", "--edition", "2010-07-16-fr")
    assert "(today's 901.9b, worded as now since 2023-04-14)" in " ".join(result.stdout.split())
    english = json.loads(run_cli("rules", "show", "901.9b", "--format", "json").stdout)
    assert "current" not in english["rules"][0]
    guide = json.loads(run_cli("rules", "show", "danish-guide.1", "--format", "json").stdout)
    assert "current" not in guide["rules"][0]


# ------------------------------------------------- sentences that moved to other rules since


def _mover() -> Any:
    """The build script's follower of rules to the current edition, on the bundled files."""
    module = load_script(RULES.parent / "scripts" / "build_rules.py")
    english = [load(date) for date in english_dates()]
    return module._Current(english, CURRENT)


def test_a_sentence_that_moved_to_another_rule_is_found_where_it_is_today() -> None:
    """French 901.4 is aligned with today's 901.4, which lost its shuffling sentence in
    2022-10-07: that sentence is 103.3a today. The move finder is run on every French passage
    and finds that one move only (a sentence reworded in place, dropped, or pointing to a
    rule that already said it is no move)."""
    mover = _mover()
    found = {
        rule["id"]: mover.moves(rule["id"], "2011-07-15") for rule in load("2010-07-16-fr")["rules"]
    }
    moved = {rule_id: moves for rule_id, moves in found.items() if moves}
    assert list(moved) == ["901.4"]
    (move,) = moved["901.4"]
    assert move["current"] == "103.3a" and move["since"] == "2022-10-07"
    assert move["sentence"].startswith("At the start of the game, each player shuffles")
    today = {rule["id"]: rule["text"] for rule in load(CURRENT)["rules"]}
    assert "shuffles" in today["103.3a"] and "shuffles" not in today["901.4"]
    # reworded in place in 2021 ("If it's a plane card, that card is the starting plane."),
    # and 901.13a's "moves the top card ..." became "sets a starting plane (see rule 901.5)",
    # which 901.5 said already: neither is a move
    assert found["901.5"] == [] and found["901.13a"] == []
    # the bundled French text carries exactly what the finder finds
    carried = {r["id"]: r["moved"] for r in load("2010-07-16-fr")["rules"] if "moved" in r}
    assert carried == moved


def test_rules_show_and_search_point_to_where_the_sentence_is_today(
    run_cli: Callable[..., Any],
) -> None:
    assert catalogue.load_edition("2010-07-16-fr").moved["901.4"][0].current == "103.3a"
    shown = run_cli("rules", "show", "901.4", "--edition", "2010-07-16-fr", "--format", "json")
    assert shown.exit_code == 0, shown
    (rule,) = json.loads(shown.stdout)["rules"]
    assert rule["current"] == "901.4" and rule["current_since"] == "2022-10-07"
    assert [(m["current"], m["since"]) for m in rule["moved"]] == [("103.3a", "2022-10-07")]
    text = run_cli("rules", "show", "901.4", "--edition", "2010-07-16-fr").stdout
    assert "today's 901.4, worded as now since 2022-10-07; its sentence" in " ".join(text.split())
    assert "is 103.3a since 2022-10-07)" in " ".join(text.split())
    # a passage none of whose sentences moved says nothing more
    other = run_cli("rules", "show", "901.8b", "--edition", "2010-07-16-fr", "--format", "json")
    assert "moved" not in json.loads(other.stdout)["rules"][0]

    query = "au début chaque joueur mélange son deck planaire"
    found = run_cli("rules", "search", query, "--format", "json")
    assert found.exit_code == 0, found
    results = json.loads(found.stdout)["results"]
    french = next(r for r in results if r["edition"] == "2010-07-16-fr" and r["id"] == "901.4")
    assert french["current"] == "901.4"
    assert [m["current"] for m in french["moved"]] == ["103.3a"]
    assert all("moved" not in r for r in results if r is not french)
    said = " ".join(run_cli("rules", "search", query).stdout.split())
    assert (
        "901.4 in the French text is 901.4 today; its wording changed in 2022; its sentence" in said
    )
    assert "is 103.3a since 2022." in said


def test_moved_sentences_are_read_through_a_cache_that_cannot_mislead(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """``rules search`` reads a translation's moved sentences through a marshal copy in the
    cache dir (no JSON parse on a warm run); a damaged or foreign copy is rebuilt."""
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(tmp_path))
    french = next(info for info in catalogue.list_editions() if info.id == "2010-07-16-fr")
    expected = catalogue.load_edition(french).moved
    assert catalogue.moved_sentences(french) == expected
    cache = tmp_path / catalogue.MOVED_CACHE
    assert cache.is_file()
    assert catalogue.moved_sentences(french) == expected  # from the copy
    for damage in (b"", b"planarcli-rules-moved\nrubbish", cache.read_bytes()[:-5]):
        cache.write_bytes(damage)
        assert catalogue.moved_sentences(french) == expected
    guide = next(info for info in catalogue.list_editions() if info.id == "danish-guide")
    assert catalogue.moved_sentences(guide) == {}


def test_a_cached_copy_of_another_shape_is_rebuilt_not_shown(
    tmp_path: Path, monkeypatch: Any, run_cli: Callable[..., Any]
) -> None:
    """SECURITY.md: the cache holds data, never a reason to fail. A copy whose header and
    key are right but whose moved sentences are not three strings each (numbers here: made
    by hand or by another program) made ``rules search`` fail with a TypeError traceback;
    it is rebuilt from the edition, and the search says what the French 901.4 says."""
    from planarcli import marshalcache

    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(tmp_path))
    french = next(info for info in catalogue.list_editions() if info.id == "2010-07-16-fr")
    expected = catalogue.moved_sentences(french)
    cache = tmp_path / catalogue.MOVED_CACHE
    header = cache.read_bytes()[len(catalogue._MOVED_MAGIC) :].split(b"\n\n", 1)[0]
    key = header.decode("utf-8").split("\n", 2)[2]
    query = "au début chaque joueur mélange son deck planaire"
    for foreign in (
        {"901.4": [[1, 2, 3]]},
        {"901.4": [["103.3a", "2022-10-07"]]},
        {"901.4": "abc"},
        {"901.4": [["103.3a", "2022-10-07", None]]},
        {901: []},
    ):
        assert marshalcache.write(str(cache), catalogue._MOVED_MAGIC, key, {"moved": foreign})
        found = run_cli("rules", "search", query)
        assert found.exit_code == 0, found
        said = " ".join(found.stdout.split())
        assert "its sentence “At the start of the game, each player" in said, foreign
        assert "is 103.3a since 2022." in said
        as_json = run_cli("rules", "search", query, "--format", "json")
        results = json.loads(as_json.stdout)["results"]
        shown = next(r for r in results if r["edition"] == french.id and r["id"] == "901.4")
        assert shown["moved"][0]["current"] == "103.3a"
        rewritten = marshalcache.read(str(cache), catalogue._MOVED_MAGIC, key)
        assert catalogue._stored_moves(rewritten) == expected  # the copy was written anew


def test_moved_sentences_agree_with_current_and_current_since() -> None:
    """What ``moved`` says fits what ``current`` and ``current_since`` say of the same
    passage: the sentence is the last English wording of the rule the passage translates
    (numbered as in 2011-07-15) before ``since``, the edition that moved it; that edition is
    no later than the date since which today's rule has its wording (the rule lost a
    sentence, so its wording changed); and the rule the sentence is in today is another rule
    of today's edition."""
    from planarcli.rulebook.history import history_editions, rule_history

    editions = [
        catalogue.load_edition(info) for info in history_editions(catalogue.list_editions())
    ]
    today = {rule["id"] for rule in load(CURRENT)["rules"]}
    checked = 0
    for passage in load("2010-07-16-fr")["rules"]:
        for move in passage.get("moved", ()):
            versions = rule_history(editions, passage["id"], "2011-07-15").versions
            (before,) = [version for version in versions if version.until == move["since"]]
            assert normalise(move["sentence"]) in normalise(before.text)
            assert move["since"] <= passage["current_since"]
            assert move["current"] in today and move["current"] != passage["current"]
            checked += 1
    assert checked == 1  # French 901.4's shuffling sentence, today 103.3a
