"""Issue 18 item 1: every bundled official edition holds the whole Planechase rulebook: every
rule whose own text speaks of Planechase, wherever it is, with the rules it cites."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import load_script

from planarcli.rulebook import catalogue, crtext, ruleids

REPO = Path(__file__).resolve().parents[2]
CR_DIR = REPO.parent / "shared" / "data" / "cr"
needs_real_files = pytest.mark.skipif(not CR_DIR.is_dir(), reason=f"{CR_DIR} is absent")

#: The rules issue 18 found missing from 2026-01-16.
ISSUE_18 = [
    "100.2d", "103.3a", "108.2a", "108.3a", "109.4d", "113.6p", "205.2a", "205.3r", "207.4",
    "300.1", "400.4b", "408.3", "613.7h", "800.4p", "728.2a", "728.5a",
]  # fmt: skip


def coverage_script() -> ModuleType:
    return load_script(REPO / "scripts" / "planechase_coverage.py")


def test_the_rules_the_issue_found_missing_are_bundled(run_cli: Callable[..., Any]) -> None:
    current = catalogue.load_edition("2026-01-16")
    for rule_id in ISSUE_18:
        assert current.rule(rule_id) is not None, rule_id
    assert set(ISSUE_18) <= set(current.closure["speaking"])  # type: ignore[index]
    result = run_cli("rules", "show", "613.7h", "--format", "json")
    assert result.exit_code == 0 and "timestamp" in json.loads(result.stdout)["rules"][0]["text"]


@pytest.mark.parametrize(
    ("text", "speaks"),
    [
        ("Plane cards remain in the command zone.", True),
        ("the planar controller planeswalks", True),
        ("In a Planar _Magic_ game", True),  # the official files mark italics so
        ("In a Planar Magic game", True),
        ("a supplementary deck of nontraditional cards", True),
        ("Phenomena", True),
        ("rolls the planar die", True),
        ("Planeswalker is a card type.", False),
        ("Each planeswalker has loyalty abilities.", False),
        ("an airplane token", False),
        ("Planar Chaos was a set.", False),
        ("a planeswalker's loyalty", False),
    ],
)
def test_what_speaks_of_planechase(text: str, speaks: bool) -> None:
    assert bool(crtext.PLANECHASE_RE.search(text)) is speaks


@pytest.mark.slow
@needs_real_files
@pytest.mark.shared
def test_every_edition_holds_every_rule_that_speaks_of_planechase() -> None:
    rows = coverage_script().coverage(CR_DIR, REPO / "rules")
    assert len(rows) == 14
    for row in rows:
        assert row["missing"] == [], row["edition"]
        assert row["held"] == row["speaking"] >= 62
        assert row["after"] > row["before"], row["edition"]
    current = next(row for row in rows if row["edition"] == "2026-01-16")
    assert (current["speaking"], current["speaking_outside_901"]) == (84, 48)
    assert (current["before"], current["after"]) == (236, 255)


@needs_real_files
@pytest.mark.shared
def test_the_pattern_catches_no_planeswalker_card_rule() -> None:
    """Read in every edition: what matches is about planes, phenomena, the planar deck or
    die, Planechase or supplementary decks, never only about planeswalker cards."""
    for path in sorted(CR_DIR.glob("MagicCompRules-*.txt")):
        _, found = coverage_script().speaking_rules(path.read_bytes())
        words = {match.lower() for _, match in found}
        assert not any("planeswalker" in word for word in words), path.name
        assert all(not word.startswith("air") for word in words)


def test_a_speaking_rule_cites_nothing_the_edition_cannot_follow() -> None:
    """Every single rule a speaking rule cites is bundled (its sections, "see rule 704",
    are general rules: `rules show` says once that they are outside)."""
    for info in catalogue.list_editions():
        edition = catalogue.load_edition(info)
        if edition.closure is None or "speaking" not in edition.closure:
            continue
        held = set(edition.ids)
        for rule_id in edition.closure["speaking"]:
            for target in ruleids.find_references(edition.rule(rule_id).text):  # type: ignore[union-attr]
                if "." in target:
                    assert target in held or any(
                        i.startswith(target) and i[len(target) :].isalpha() for i in held
                    ), (info.id, rule_id, target)


def test_rules_show_of_a_speaking_rule_says_what_is_outside(run_cli: Callable[..., Any]) -> None:
    # 408.3 names the command zone's other variants: their sections are outside, on one line
    result = run_cli("rules", "show", "408.3")
    assert result.exit_code == 0, result
    outside = [line for line in result.stdout.splitlines() if line.startswith("Not in")]
    assert len(outside) <= 1
    data = json.loads(run_cli("rules", "show", "408.3", "--format", "json").stdout)
    assert data["rules"][0]["id"] == "408.3" and data["references"] == []  # "See section 9"
    result = run_cli("rules", "show", "103.3a")
    assert result.exit_code == 0, result
    assert "100.2d  Some formats and casual play variants" in result.stdout  # followed
    assert "Not in" not in result.stdout
