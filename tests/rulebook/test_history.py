"""``rules history`` and ``rules diff`` over the 14 official editions.

The bundled corpus holds every official file of ../shared/data/cr, read by the same reader as
``rules import`` (tests/project/test_rules_corpus_data.py proves bundled = built), so these
tests run in a fresh clone too; one test imports an official file over its bundled twin.
Expectations come from ../shared/docs/rules-history.md (the renumbering summary) and were
checked against the official files.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED_DATA, english_edition, requires_shared_data

from planarcli.rulebook import catalogue, history
from planarcli.rulebook import diff as rulesdiff
from planarcli.rulebook.textdiff import normalise

#: the official editions, bundled (built from ../shared/data/cr)
OFFICIAL = [
    "2009-09-04", "2009-10-01", "2010-02-01", "2011-07-15", "2012-06-01", "2013-05-01",
    "2013-07-13", "2016-08-26", "2021-07-23", "2022-10-07", "2023-04-14", "2024-11-08",
    "2025-06-06", "2026-01-16",
]  # fmt: skip


def cli_json(run_cli: Callable[..., Any], *args: str, code: int = 0) -> Any:
    result = run_cli(*args, "--format", "json")
    assert result.exit_code == code, result
    return json.loads(result.stdout)


# --------------------------------------------------------------------------- diff: every pair

#: (old, new) → renumberings that must be reported as such (rules-history.md)
RENUMBERED: dict[tuple[str, str], dict[str, str]] = {
    ("2009-09-04", "2009-10-01"): {
        "901.12": "901.11",
        "901.12a": "901.11a",
        "901.12d": "901.11d",
        "901.13": "901.12",
        "901.14": "901.13",
        "901.14a": "901.13a",
        "901.15": "901.14",
        "901.15a": "901.14a",
        "901.15c": "901.14c",
    },
    ("2009-10-01", "2010-02-01"): {"701.19": "701.20", "701.19a": "701.20a"},
    ("2010-02-01", "2011-07-15"): {
        "107.10": "107.11",
        "107.11": "107.12",
        "114.2f": "115.2f",
        "805": "806",  # Free-for-All
        "805.3": "806.3",
        "808": "807",  # Grand Melee
        "806": "810",  # Two-Headed Giant
    },
    ("2011-07-15", "2012-06-01"): {
        "701.20d": "701.21d",
        "901.8": "901.9",
        "901.8a": "901.9a",
        "901.8b": "901.9b",
        "901.8c": "901.9c",
        "901.9": "901.10",
        "901.10": "901.11",
        "901.10b": "901.11b",  # not the identical 701.21d
        "901.11": "901.12",
        "901.12": "901.13",
        "901.13": "901.14",
        "901.14": "901.15",
        "901.14a": "901.15a",
    },
    ("2012-06-01", "2013-05-01"): {},
    ("2013-05-01", "2013-07-13"): {"801.20": "801.18"},
    ("2013-07-13", "2016-08-26"): {},
    ("2016-08-26", "2021-07-23"): {
        "309": "310",
        "309.1": "310.1",
        "309.7": "310.7",
        "310": "311",
        "310.1": "311.1",
        "310.7": "311.7",
        "701.21": "701.24",
        "112.8": "113.8",
        "115.2f": "116.2i",
        "704.5x": "704.6f",
    },
    ("2021-07-23", "2022-10-07"): {"103.6": "103.7", "706.6": "706.7"},
    ("2022-10-07", "2023-04-14"): {
        "310": "311",
        "310.1": "311.1",
        "310.2": "311.2",
        "310.6": "311.6",
        "310.7": "311.7",
        "311": "312",
        "311.1": "312.1",
        "311.7": "312.7",
    },
    ("2023-04-14", "2024-11-08"): {},
    ("2024-11-08", "2025-06-06"): {"701.24": "701.31", "701.24d": "701.31d"},
    ("2025-06-06", "2026-01-16"): {},
}
#: Planechase rules (901, Planes, Phenomena) added or removed inside a section both hold
ADDED = {
    ("2011-07-15", "2012-06-01"): {"901.8", "901.11c"},
    ("2012-06-01", "2013-05-01"): {"901.10b"},
    ("2016-08-26", "2021-07-23"): {"901.9d"},
}
REMOVED = {("2009-09-04", "2009-10-01"): {"901.11"}}
#: other rules of the closure checked against the official files: added or removed for real
#: (true), or held by only one of the two editions, so not compared (false)
OTHER = {
    ("2009-09-04", "2009-10-01"): {
        "510.1f": True,
        "805.4": True,
        "808.6": True,
        "800.4b": False,  # 2009-10-01 quotes only 800.4a, not all of 800.4
    },
    ("2010-02-01", "2011-07-15"): {"510.1e": True},
    ("2011-07-15", "2012-06-01"): {"704.5x": False},  # 2011 quotes no SBA of 704.5 whole
    ("2016-08-26", "2021-07-23"): {"101.4e": True, "706.1": False},
}
CORE = ("901", "309", "310", "311", "312")


def _core(ids: set[str]) -> set[str]:
    return {rule_id for rule_id in ids if rule_id.split(".")[0] in CORE}


def test_the_table_covers_every_consecutive_official_pair() -> None:
    assert list(RENUMBERED) == list(itertools.pairwise(OFFICIAL))
    bundled = {info.id: info for info in catalogue.list_editions() if info.is_english_cr}
    assert set(OFFICIAL) <= set(bundled)
    assert all(catalogue.load_edition(bundled[edition_id]).closure for edition_id in OFFICIAL)


@pytest.mark.parametrize(("old", "new"), list(RENUMBERED), ids=[f"{a}→{b}" for a, b in RENUMBERED])
def test_consecutive_editions(run_cli: Callable[..., Any], old: str, new: str) -> None:
    data = cli_json(run_cli, "rules", "diff", old, new)
    moved = {c["old_id"]: c["new_id"] for c in data["renumbered"]}
    for old_id, new_id in RENUMBERED[old, new].items():
        assert moved.get(old_id) == new_id, (old_id, moved.get(old_id))
    if not RENUMBERED[old, new]:
        assert _core({c["old_id"] for c in data["renumbered"]}) == set()
    added = {r["id"] for r in data["added"]}
    removed = {r["id"] for r in data["removed"]}
    assert _core(added) == ADDED.get((old, new), set())
    assert _core(removed) == REMOVED.get((old, new), set())
    not_compared = set(data["not_compared"][old] + data["not_compared"][new])
    for rule_id, real in OTHER.get((old, new), {}).items():
        assert (rule_id in added | removed) is real, rule_id
        assert (rule_id in not_compared) is not real, rule_id
    # a renumbering never comes out as "added" plus "removed" of the same words
    removed_texts = {normalise(r["text"]) for r in data["removed"]}
    assert not [r["id"] for r in data["added"] if normalise(r["text"]) in removed_texts]
    # the official files hold the same glossary selection: nothing is left uncompared
    assert data["glossary"]["not_compared"][old] == []
    # a rule is in at most one list, each side
    old_ids = [c["old_id"] for c in data["renumbered"] + data["reworded"]]
    old_ids += [r["id"] for r in data["removed"]] + data["not_compared"][old]
    assert len(old_ids) == len(set(old_ids))
    new_ids = [c["new_id"] for c in data["renumbered"] + data["reworded"]]
    new_ids += [r["id"] for r in data["added"]] + data["not_compared"][new]
    assert len(new_ids) == len(set(new_ids))
    # every rule of the new edition is accounted for exactly once
    assert data["summary"]["unchanged"] + len(new_ids) == len(catalogue.load_edition(new).rules)


def test_planes_and_phenomena_keep_their_own_rules_2021_to_2025(
    run_cli: Callable[..., Any],
) -> None:
    """The false output of issue 9: 310.x paired with 312.x, "[-Phenomenon-]{+Plane+}"."""
    data = cli_json(run_cli, "rules", "diff", "2021-07-23", "2025-06-06")
    moved = {c["old_id"]: c["new_id"] for c in data["renumbered"]}
    for number in range(1, 8):
        assert moved[f"310.{number}"] == f"311.{number}"
        assert moved[f"311.{number}"] == f"312.{number}"
    assert {"old": "310", "new": "311", "title": "Planes"} in data["sections_moved"]
    assert {"old": "311", "new": "312", "title": "Phenomena"} in data["sections_moved"]
    everything = json.dumps(data)
    assert "[-Phenomenon-]{+Plane+}" not in everything
    assert "[-Plane-]{+Phenomenon+}" not in everything
    assert _core({r["id"] for r in data["added"] + data["removed"]}) == set()
    result = run_cli("rules", "diff", "2021-07-23", "2025-06-06")
    assert "section 310 → 311 (Planes), with its rules" in result.stdout


def test_sections_and_glossary_one_side_lacks_are_not_compared(
    run_cli: Callable[..., Any],
) -> None:
    # the bundled 2024-09-20 holds rule 901 and three glossary entries; the official
    # 2024-11-08 file gives the Planes and Phenomena sections and the whole glossary
    data = cli_json(run_cli, "rules", "diff", "2024-09-20", "2024-11-08")
    assert data["added"] == [] and data["removed"] == []
    assert {"311", "311.7", "312.7"} <= set(data["not_compared"]["2024-11-08"])
    assert "Planeswalk" in data["glossary"]["not_compared"]["2024-11-08"]
    assert "added" not in data["glossary"]
    text = " ".join(run_cli("rules", "diff", "2024-09-20", "2024-11-08").stdout.split())
    assert "only in 2024-11-08, not compared:" in text
    assert "311 Planes (8 rules)" in text
    assert "glossary only in 2024-11-08, not compared:" in text
    assert "Added" not in text and "Removed" not in text


def test_a_renamed_glossary_entry(run_cli: Callable[..., Any]) -> None:
    data = cli_json(run_cli, "rules", "diff", "2010-02-01", "2011-07-15")
    renamed = data["glossary"]["renamed"]
    assert [(c["old_id"], c["new_id"]) for c in renamed] == [("Planar Magic", "Planechase")]
    assert data["glossary"]["not_compared"] == {"2010-02-01": [], "2011-07-15": []}


def test_dropped_sentences_read_as_dropped(run_cli: Callable[..., Any]) -> None:
    """2022-10-07: 901.4 loses its shuffle sentences; the rest is untouched."""
    data = cli_json(run_cli, "rules", "diff", "2021-07-23", "2022-10-07")
    change = next(c for c in data["reworded"] if c["new_id"] == "901.4")
    assert [p["op"] for p in change["pieces"]] == ["delete", "equal"]
    assert change["pieces"][0]["text"].startswith("At the start of the game")
    assert change["pieces"][1]["text"].startswith("All plane and phenomenon cards")


def test_a_reordered_sentence_reads_as_moved(run_cli: Callable[..., Any]) -> None:
    """2012-06-01: 603.6d moves "The game has to look back in time" after the list, and
    shortens the sentence before it."""
    data = cli_json(run_cli, "rules", "diff", "2011-07-15", "2012-06-01")
    change = next(c for c in data["reworded"] if c["new_id"] == "603.6d")
    moved = [p for p in change["pieces"] if p["op"] in ("move-from", "move-to")]
    assert [p["op"] for p in moved] == ["move-from", "move-to"]
    assert all(p["text"].startswith('The game has to "look back in time"') for p in moved)
    assert "treated specially [-because the object" in change["diff"]


# --------------------------------------------------------------------------- history


def history_json(run_cli: Callable[..., Any], *args: str) -> dict[str, Any]:
    data: dict[str, Any] = cli_json(run_cli, "rules", "history", *args)
    assert set(data) == {"rule", "edition", "versions"}
    versions = data["versions"]
    assert versions, data
    for version in versions:
        assert set(version) == {"id", "since", "until", "editions", "text"}
        assert version["since"] == version["editions"][0]
        assert version["editions"] == sorted(version["editions"])
    for before, after in itertools.pairwise(versions):
        assert before["until"] == after["since"]
        assert before["editions"][-1] < after["since"]
        assert before["id"] != after["id"] or normalise(before["text"]) != normalise(after["text"])
    return data


def spans(data: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    return [(v["id"], v["since"], v["until"]) for v in data["versions"]]


def test_history_of_901_15a_follows_901_14a(run_cli: Callable[..., Any]) -> None:
    data = history_json(run_cli, "901.15a")
    assert data["rule"] == "901.15a" and data["edition"] == "2026-01-16"
    assert spans(data) == [
        ("901.15a", "2009-09-04", "2009-10-01"),
        ("901.14a", "2009-10-01", "2011-07-15"),
        ("901.14a", "2011-07-15", "2012-06-01"),  # "Planar Magic" → "Planechase"
        ("901.15a", "2012-06-01", None),
    ]
    assert "twice the number of players" in data["versions"][-1]["text"]
    assert "twice" not in data["versions"][-2]["text"]
    every = [e for v in data["versions"] for e in v["editions"]]
    assert set(OFFICIAL) <= set(every)
    assert "2010-07-16-fr" not in every  # a translation is not a wording of the rules


def test_history_text_shows_spans_editions_and_word_diffs(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "history", "901.15a")
    assert result.exit_code == 0, result
    out = result.stdout
    assert "901.14a  from 2009-10-01 until 2011-07-15" in out
    assert "901.15a  from 2012-06-01 (in force)" in out
    assert "renumbered: 901.14a → 901.15a" in out
    assert "[-Planar Magic-]{+Planechase+}" in out
    assert "{+The planar deck can't contain more phenomenon cards" in " ".join(out.split())
    assert "editions: 2009-10-01, 2010-02-01" in out


def test_history_text_prints_each_wording_as_its_editions_print_it(
    run_cli: Callable[..., Any],
) -> None:
    # 2016-08-26 prints 309.7 with curly quotes, 2013-07-13 with straight ones: the same
    # wording, but the word diff shows 2016's own characters, not the older file's
    result = run_cli("rules", "history", "311.7")
    assert result.exit_code == 0, result
    out = " ".join(result.stdout.split())
    assert (
        "triggers “Whenever you roll [-{C}-]{+{CHAOS}+}.” These are called “chaos abilities.”"
        in (out)
    )
    assert "“Whenever [-you roll {CHAOS}-]{+chaos ensues+}.” These are called [-“-]chaos" in out


def test_a_rule_the_quoting_edition_lacks_is_read_where_its_references_go(
    run_cli: Callable[..., Any],
) -> None:
    # 2024-09-20 quotes 901 and three glossary entries; its 901.9b cites 311.7
    result = run_cli("rules", "history", "311.7", "--edition", "2024-09-20", "--format", "json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert (data["rule"], data["edition"]) == ("311.7", "2024-11-08")
    assert [v["id"] for v in data["versions"]][-1] == "311.7"
    assert "311.7 is not in 2024-09-20" in result.stderr
    assert run_cli("rules", "history", "999.1", "--edition", "2024-09-20").exit_code == 1


def test_history_of_901_3(run_cli: Callable[..., Any]) -> None:
    data = history_json(run_cli, "901.3")
    assert {v["id"] for v in data["versions"]} == {"901.3"}
    sinces = [v["since"] for v in data["versions"]]
    assert sinces[0] == "2009-09-04"
    assert {"2012-06-01", "2022-10-07", "2023-04-14"} <= set(sinces)
    by_since = {v["since"]: v["text"] for v in data["versions"]}
    assert "ten plane cards" in by_since["2009-09-04"]
    assert "phenomenon" in by_since["2012-06-01"]
    assert "supplementary planar deck" in by_since["2022-10-07"]
    assert data["versions"][-1]["until"] is None


def test_history_follows_cross_referenced_rules(run_cli: Callable[..., Any]) -> None:
    """901.9b says "chaos ensues (see rule 311.7)"; 311.7 was 309.7, then 310.7."""
    rule = history_json(run_cli, "901.9b")
    assert rule["versions"][0]["id"] == "901.8b"
    assert rule["versions"][0]["since"] == "2009-09-04"
    assert "see rule 311.7" in rule["versions"][-1]["text"]
    target = history_json(run_cli, "311.7")
    assert [(v["id"], v["since"]) for v in target["versions"] if v["id"] != "309.7"] == [
        ("310.7", "2021-07-23"),
        ("311.7", "2023-04-14"),
    ]
    assert target["versions"][0] == {**target["versions"][0], "id": "309.7"}
    assert target["versions"][0]["since"] == "2009-09-04"
    assert "chaos ensues" in target["versions"][-1]["text"]
    # the bundled 2024-09-20 quotes rule 901 only: it holds 901.9b but says nothing of 311.7
    assert "2024-09-20" in rule["versions"][-1]["editions"]
    assert all("2024-09-20" not in v["editions"] for v in target["versions"])
    assert target["versions"][-1]["until"] is None
    # 312.7 cites the planeswalk rule, renumbered 701.24 → 701.31 on 2025-06-06
    phenomenon = history_json(run_cli, "312.7")
    assert phenomenon["versions"][-1]["since"] == "2025-06-06"
    assert "701.31" in phenomenon["versions"][-1]["text"]
    assert "701.24" in phenomenon["versions"][-2]["text"]


def test_history_of_the_glossary_planeswalk(run_cli: Callable[..., Any]) -> None:
    data = history_json(run_cli, "Planeswalk")
    assert data["rule"] == "Planeswalk"
    cited = [v["text"].rsplit("See rule ", 1)[1][:6] for v in data["versions"]]
    assert cited == ["701.19", "701.20", "701.20", "701.21", "701.24", "701.31"]
    assert data["versions"][-1]["since"] == "2025-06-06"
    result = run_cli("rules", "history", "planeswalk")
    assert "[-701.24-]{+701.31+}" in result.stdout


def test_history_follows_a_renamed_glossary_entry(run_cli: Callable[..., Any]) -> None:
    data = history_json(run_cli, "planechase")
    assert data["versions"][0]["id"] == "Planar _Magic_"
    assert data["versions"][1]["id"] == "Planechase"
    assert data["versions"][1]["since"] == "2011-07-15"


def test_history_of_removed_and_new_rules(run_cli: Callable[..., Any]) -> None:
    removed = history_json(run_cli, "901.11", "--edition", "2009-09-04")
    assert spans(removed) == [("901.11", "2009-09-04", "2009-10-01")]
    assert "(removed)" in run_cli("rules", "history", "901.11", "--edition", "2009-09-04").stdout
    new = history_json(run_cli, "901.9d")
    assert spans(new)[0][:2] == ("901.9d", "2021-07-23")
    phenomena = history_json(run_cli, "312.1")
    assert [v["id"] for v in phenomena["versions"]] == ["310.1", "311.1", "312.1"]
    assert phenomena["versions"][0]["since"] == "2012-06-01"


# --------------------------------------------------------------------------- without ../shared


def test_unknown_rule_id(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "history", "901.99", "--format", "json")
    assert result.exit_code == 1, result
    data = json.loads(result.stdout)
    assert data["query"] == "901.99" and data["found"] is False
    assert data["suggestions"] and all(s.startswith("901.") for s in data["suggestions"])
    assert "no rule 901.99" in result.stderr
    text = run_cli("rules", "history", "901.99")
    assert text.exit_code == 1 and text.stdout == ""
    assert "nearest: " in text.stderr


@pytest.mark.parametrize("query", ["", "   "])
def test_no_rule_given_is_a_usage_error_as_in_rules_show(
    run_cli: Callable[..., Any], query: str
) -> None:
    for command in ("history", "show"):
        result = run_cli("rules", command, query)
        assert result.exit_code == 2, result
        assert "given" in result.stderr and "Traceback" not in result.stderr


def test_unknown_term(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "history", "chaos simbol", "--format", "json")
    assert result.exit_code == 1, result
    data = json.loads(result.stdout)
    assert data["query"] == "chaos simbol" and data["found"] is False
    assert data["suggestions"][0] == "Chaos Symbol"


def test_a_word_of_several_terms_suggests_them(run_cli: Callable[..., Any]) -> None:
    data = cli_json(run_cli, "rules", "history", "chaos", code=1)
    assert data == {
        "query": "chaos",
        "found": False,
        "suggestions": ["Chaos Ability", "Chaos Symbol"],
    }


def test_history_needs_an_english_rules_edition(run_cli: Callable[..., Any]) -> None:
    for edition in ("2010-07-16-fr", "danish-guide"):
        result = run_cli("rules", "history", "901.3", "--edition", edition)
        assert result.exit_code == 2, result
        assert "English Comprehensive Rules edition" in result.stderr


def test_bundled_history_of_901_14a(run_cli: Callable[..., Any]) -> None:
    data = history_json(run_cli, "901.14a", "--edition", "2009-10-01")
    assert data["rule"] == "901.14a" and data["edition"] == "2009-10-01"
    assert [v["id"] for v in data["versions"]][-1] == "901.15a"
    assert "901.14a" in [v["id"] for v in data["versions"]]
    assert data["versions"][-1]["until"] is None


PLANES = [
    ("901", "Planechase"),
    ("901.1", "Rules for the planechase variant."),
    ("309", "Planes"),
    ("309.7", "Each plane card has a chaos ability."),
]


def test_an_edition_without_the_section_is_skipped_not_an_end() -> None:
    editions = [
        english_edition("2020-01-01", PLANES),
        english_edition("2021-01-01", PLANES[:2]),  # quotes only 901: says nothing about 309
        english_edition("2022-01-01", [*PLANES[:2], ("310", "Planes"), ("310.7", PLANES[3][1])]),
    ]
    result = history.rule_history(editions, "310.7", "2022-01-01")
    assert [(v.id, v.since, v.until, v.editions) for v in result.versions] == [
        ("309.7", "2020-01-01", "2022-01-01", ("2020-01-01",)),
        ("310.7", "2022-01-01", None, ("2022-01-01",)),
    ]
    # 901.1 is in all three
    assert history.rule_history(editions, "901.1", "2020-01-01").versions[0].editions == (
        "2020-01-01",
        "2021-01-01",
        "2022-01-01",
    )


def test_a_rule_removed_inside_a_held_section_ends() -> None:
    editions = [
        english_edition("2020-01-01", [*PLANES, ("901.2", "A rule that goes away later on.")]),
        english_edition("2021-01-01", PLANES),
    ]
    result = history.rule_history(editions, "901.2", "2020-01-01")
    assert [(v.id, v.until) for v in result.versions] == [("901.2", "2021-01-01")]
    assert rulesdiff.align(editions[0].rules, editions[1].rules).removed[0].id == "901.2"


def test_an_unreadable_imported_edition_is_skipped_with_a_warning(
    run_cli: Callable[..., Any],
) -> None:
    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True)
    header = (
        '{"format": "planarcli-rules-edition", "schema_version": 1, "id": "2027-01-01",'
        ' "title": "Planechase", "lang": "en", "kind": "comprehensive-rules",'
        ' "effective": "2027-01-01", "translation_of": null, "rules": [truncated'
    )
    (folder / "2027-01-01.json").write_text(header, encoding="utf-8")
    result = run_cli("rules", "history", "901.15a", "--edition", "2026-01-16")
    assert result.exit_code == 0, result
    assert "2027-01-01" in result.stderr and "goes on without it" in result.stderr
    assert result.stdout.count("(in force)") == 1


@pytest.mark.shared
@requires_shared_data
def test_an_imported_official_file_replaces_its_bundled_twin(run_cli: Callable[..., Any]) -> None:
    before = history_json(run_cli, "901.15a")
    path = SHARED_DATA / "cr" / "MagicCompRules-2012-06-01.txt"
    result = run_cli("rules", "import", str(path))
    assert result.exit_code == 0, result
    after = history_json(run_cli, "901.15a")
    assert after == before  # the same text, read by the same reader
    assert sum(v["editions"].count("2012-06-01") for v in after["versions"]) == 1


@pytest.mark.parametrize("wanted", ["901." + "9" * 4301, "901." + "9" * 4301 + "a"])
def test_history_of_an_absurdly_long_rule_id_is_one_line(run_cli, wanted: str) -> None:
    """int() refuses 4,301 digits and more (issue 15): not found, never a traceback."""
    result = run_cli("rules", "history", wanted)
    assert result.exit_code == 1, result
    assert result.stdout == ""
    assert result.stderr.startswith("planarcli: error: no rule 901.999")
    assert len(result.stderr.splitlines()) <= 2, result.stderr


def test_history_of_a_long_rule_id_echoes_it_shortened(run_cli) -> None:
    result = run_cli("rules", "history", "901." + "9" * 5000)
    assert result.exit_code == 1, result
    first = result.stderr.splitlines()[0]
    assert first.startswith("planarcli: error: no rule 901.999") and "..." in first, first
    assert len(first) < 200, len(first)


@pytest.mark.parametrize(
    ("old", "today", "holder"),
    [("309.7", "311.7", "2016-08-26"), ("806.4a", "810.4", "2010-02-01")],
)
def test_an_old_number_is_followed_into_todays_saying_so(
    run_cli: Callable[..., Any], old: str, today: str, holder: str
) -> None:
    # 309 was the plane section's number until 2021: the rule is 311.7 now
    result = run_cli("rules", "history", old)
    assert result.exit_code == 0, result
    assert result.stdout == run_cli("rules", "history", today).stdout
    assert (
        f"planarcli: note: {old} of {holder} is {today} in 2026-01-16: its history follows"
        in result.stderr
    )
    data = cli_json(run_cli, "rules", "history", old)
    assert data["rule"] == today and data["versions"][0]["id"] == old
    # `rules show` still only points there
    shown = run_cli("rules", "show", old)
    assert shown.exit_code == 1
    assert f"hint: {old} of {holder} is {today} in 2026-01-16" in shown.stderr


def test_a_sentence_moved_to_another_rule_says_where_it_went(run_cli: Callable[..., Any]) -> None:
    # 2022-10-07 moved 901.4's shuffle into 103.3a: the deletion points there
    result = run_cli("rules", "history", "901.4")
    assert result.exit_code == 0, result
    assert (
        "moved: its sentence “At the start of the game, each player shuffles their …” is "
        "103.3a since 2022-10-07"
    ) in " ".join(result.stdout.split())
    # only under the version that left it out, once
    assert result.stdout.count("moved: ") == 1
    assert "moved: " not in run_cli("rules", "history", "901.3").stdout
