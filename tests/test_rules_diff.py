"""``planarcli rules diff``: renumbering-aware comparison of two editions."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli.rulebook import corpus
from planarcli.rulebook import diff as rulesdiff
from planarcli.rulebook.corpus import Rule


def diff_json(run_cli: Callable[..., Any], old: str, new: str) -> dict[str, Any]:
    result = run_cli("rules", "diff", old, new, "--format", "json")
    assert result.exit_code == 0, result
    assert result.stderr == ""
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def moves(data: dict[str, Any]) -> dict[str, str]:
    return {c["old_id"]: c["new_id"] for c in data["renumbered"]}


def test_2009_to_2026_is_renumbering_aware(run_cli: Callable[..., Any]) -> None:
    data = diff_json(run_cli, "2009-10-01", "2026-01-16")
    assert data["old"] == "2009-10-01" and data["new"] == "2026-01-16"
    moved = moves(data)
    assert moved["901.14a"] == "901.15a"  # single planar deck option
    assert moved["901.8"] == "901.9"  # rolling the planar die
    assert moved["901.14"] == "901.15"
    assert moved["901.13"] == "901.14"  # Grand Melee
    assert moved["901.11d"] == "901.12d"
    reworded = {c["new_id"]: c for c in data["reworded"]}
    assert "901.3" in reworded
    assert (
        "{+supplementary +}" in reworded["901.3"]["diff"]
        or "{+supplementary" in (reworded["901.3"]["diff"])
    )
    # a rule is in at most one list
    old_ids = [c["old_id"] for c in data["renumbered"] + data["reworded"]] + [
        r["id"] for r in data["removed"]
    ]
    assert len(old_ids) == len(set(old_ids))
    new_ids = [c["new_id"] for c in data["renumbered"] + data["reworded"]] + [
        r["id"] for r in data["added"]
    ]
    assert len(new_ids) == len(set(new_ids))
    summary = data["summary"]
    assert summary["renumbered"] == len(data["renumbered"])
    assert summary["added"] == len(data["added"])


def test_2024_to_2026_only_the_701_31_references(run_cli: Callable[..., Any]) -> None:
    data = diff_json(run_cli, "2024-09-20", "2026-01-16")
    assert data["renumbered"] == [] and data["added"] == [] and data["removed"] == []
    assert [c["new_id"] for c in data["reworded"]] == ["901.8", "901.11"]
    for change in data["reworded"]:
        assert "[-701.24-]{+701.31+}" in change["diff"]
        assert {"op": "delete", "text": "701.24"} in change["pieces"]
        assert {"op": "insert", "text": "701.31"} in change["pieces"]
    assert data["summary"]["unchanged"] == 34  # 901.4 differs only in formatting


def test_text_output(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "current")
    assert result.exit_code == 0, result
    out = result.stdout
    assert "901.14a → 901.15a" in out and "901.8 → 901.9" in out
    assert "Renumbered" in out and "Reworded" in out
    assert "[-Planar Magic-]{+Planechase+}" in out
    assert "\x1b[" not in out


def test_same_edition_has_no_differences(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "current", "2026-01-16")
    assert result.exit_code == 0
    assert "no differences" in result.stdout


def test_languages_must_match(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "2010-07-16-fr")
    assert result.exit_code == 2, result
    assert result.stdout == ""
    assert "different languages" in result.stderr


def test_unknown_edition(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "2011-01-01")
    assert result.exit_code == 2
    assert "available editions" in result.stderr


def test_diff_against_an_imported_edition(run_cli: Callable[..., Any]) -> None:
    edition = corpus.load_edition("2026-01-16")
    rules = [{"id": r.id, "text": r.text} for r in edition.rules]
    # 901.13 is deleted: everything after moves up, and 901.3 gets a new sentence
    rules = [r for r in rules if r["id"] != "901.13"]
    for rule in rules:
        if rule["id"] == "901.3":
            rule["text"] += " Test sentence."
    renamed = []
    for rule in rules:
        for old, new in (("901.14", "901.13"), ("901.15", "901.14")):
            if rule["id"].startswith(old):
                rule = {**rule, "id": new + rule["id"][len(old) :]}
                break
        renamed.append(rule)
    data = {
        "format": "planarcli-rules-edition",
        "schema_version": 1,
        "id": "2027-06-01",
        "title": "Planechase",
        "lang": "en",
        "kind": "comprehensive-rules",
        "effective": "2027-06-01",
        "translation_of": None,
        "source": {},
        "rules": renamed,
        "glossary": [],
    }
    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True)
    (folder / "2027-06-01.json").write_text(json.dumps(data), encoding="utf-8")
    result = diff_json(run_cli, "2026-01-16", "2027-06-01")
    assert moves(result) == {
        "901.14": "901.13",
        "901.14a": "901.13a",
        "901.14b": "901.13b",
        "901.15": "901.14",
        "901.15a": "901.14a",
        "901.15b": "901.14b",
        "901.15c": "901.14c",
    }
    assert [r["id"] for r in result["removed"]] == ["901.13"]
    assert [c["new_id"] for c in result["reworded"]] == ["901.3"]
    assert result["reworded"][0]["diff"].endswith("{+Test sentence.+}") or (
        "{+ Test sentence.+}" in result["reworded"][0]["diff"]
    )
    assert len(result["glossary"]["removed"]) == len(edition.glossary) == 10


def test_word_diff() -> None:
    pieces = rulesdiff.word_pieces(
        "See rule 701.24, “Planeswalk.”", "See rule 701.31, “Planeswalk.”"
    )
    assert rulesdiff.render_pieces(pieces) == 'See rule [-701.24-]{+701.31+}, "Planeswalk."'


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("his or her planar deck", "their planar deck", "[-his or her-]{+their+} planar deck"),
        ("a b c", "a b c d", "a b c{+ d+}"),
        ("", "new words", "{+new words+}"),
    ],
)
def test_word_diff_cases(old: str, new: str, expected: str) -> None:
    assert rulesdiff.render_pieces(rulesdiff.word_pieces(old, new)) == expected


def test_align_prefers_same_id_and_pairs_by_text() -> None:
    old = (Rule("1", "alpha beta gamma delta", "en"), Rule("2", "one two three four", "en"))
    new = (Rule("1", "one two three four five", "en"), Rule("2", "alpha beta gamma delta", "en"))
    unchanged, pairs, removed, added = rulesdiff.align(old, new)
    assert unchanged == 0 and removed == [] and added == []
    assert {(a.id, b.id) for a, b, _ in pairs} == {("1", "2"), ("2", "1")}


SHARED_CR = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cr"
requires_cr_files = pytest.mark.skipif(
    not SHARED_CR.is_dir(), reason=f"{SHARED_CR} is absent (it sits beside the checkout)"
)


@pytest.mark.shared
@requires_cr_files
def test_imported_official_editions(run_cli: Callable[..., Any]) -> None:
    """Two official files imported: sections that moved (309 → 311) are found by their text."""
    for name in ("MagicCompRules-2012-06-01.txt", "MagicCompRules-2024-11-08.txt"):
        result = run_cli("rules", "import", str(SHARED_CR / name))
        assert result.exit_code == 0, result
    data = diff_json(run_cli, "2012-06-01", "2024-11-08")
    moved = moves(data)
    assert moved["309.1"] == "311.1" and moved["310.1"] == "312.1"
    assert moved["701.21a"] == "701.24a" and moved["704.5x"] == "704.6f"
    assert moved["115.2f"] == "116.2i"
    # two official editions (the bundled 2024-11-08 replaced by the same import) hold the
    # same closure: every difference is real, and there is nothing out of scope
    partial = diff_json(run_cli, "2024-11-08", "2026-01-16")
    assert [c["new_id"] for c in partial["reworded"]] == [
        "205.3n", "312.7", "508.1", "508.1c", "603.10d", "801.17", "901.8", "901.11",
    ]  # fmt: skip
    assert [(c["old_id"], c["new_id"]) for c in partial["renumbered"]] == [
        ("701.24", "701.31"), ("701.24a", "701.31a"), ("701.24b", "701.31b"),
        ("701.24c", "701.31c"), ("701.24d", "701.31d"),
    ]  # fmt: skip
    assert partial["removed"] == [] and partial["added"] == []
    assert partial["not_compared"] == {"2024-11-08": [], "2026-01-16": []}
    assert partial["glossary"]["removed"] == [] and partial["glossary"]["added"] == []
    assert partial["not_compared"] == {"2024-11-08": [], "2026-01-16": []}
    assert partial["glossary"]["removed"] == [] and partial["glossary"]["added"] == []


# --------------------------------------------------------------------------- pairing by structure

CR_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "cr"


def test_reworded_subrule_of_a_renumbered_rule_is_renumbered(run_cli: Callable[..., Any]) -> None:
    data = diff_json(run_cli, "2009-10-01", "2026-01-16")
    assert moves(data)["901.8b"] == "901.9b"
    assert "901.8b" not in {r["id"] for r in data["removed"]}
    assert "901.9b" not in {r["id"] for r in data["added"]}


def _edition(edition_id: str, rules: list[tuple[str, str]]) -> corpus.Edition:
    info = corpus.EditionInfo(
        id=edition_id,
        title="Planechase",
        lang="en",
        kind="comprehensive-rules",
        effective=edition_id,
        source="imported",
        location=f"{edition_id}.json",
    )
    return corpus.Edition(info, tuple(Rule(i, t, "en") for i, t in rules))


def test_rule_of_a_moved_section_pairs_with_the_same_number() -> None:
    old = _edition(
        "2012-06-01",
        [
            ("309", "Planes"),
            ("309.1", "Plane is a card type seen only on nontraditional Magic cards."),
            (
                "309.7",
                "A plane card may have a triggered ability that triggers whenever you roll"
                " the chaos symbol on the planar die.",
            ),
            ("309.8", "Something else entirely about the weather in the blind eternities."),
        ],
    )
    new = _edition(
        "2026-01-16",
        [
            ("311", "Planes"),
            ("311.1", "Plane is a card type seen only on nontraditional Magic cards."),
            (
                "311.7",
                "A plane card may have an ability that triggers whenever chaos ensues."
                " These are called chaos abilities.",
            ),
            ("311.8", "A completely unrelated sentence with no words in common at all."),
        ],
    )
    result = rulesdiff.diff_editions(old, new)
    moved = {c.old_id: c.new_id for c in result.renumbered}
    assert moved == {"309": "311", "309.1": "311.1", "309.7": "311.7"}
    # too different even for the structure: still removed and added
    assert [r.id for r in result.removed] == ["309.8"]
    assert [r.id for r in result.added] == ["311.8"]


@pytest.mark.skipif(not CR_DIR.is_dir(), reason=f"{CR_DIR} is absent")
def test_real_2012_to_2026_pairs_309_7_with_311_7(run_cli: Callable[..., Any]) -> None:
    for date in ("2012-06-01", "2026-01-16"):
        result = run_cli("rules", "import", str(CR_DIR / f"MagicCompRules-{date}.txt"))
        assert result.exit_code == 0, result
    data = diff_json(run_cli, "2012-06-01", "2026-01-16")
    assert moves(data)["309.7"] == "311.7"
    assert "309.7" not in {r["id"] for r in data["removed"]}
    assert "311.7" not in {r["id"] for r in data["added"]}


def test_a_guide_is_not_diffed_against_the_rules(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "eternities-map", "current")
    assert result.exit_code == 2, result
    assert "guides and variants are other documents" in result.stderr
