"""Example-folder tests: every deck in decks/valid/ passes; every decks/invalid/NAME.txt
(or NAME.csv) gives exactly the findings listed in NAME.expected.json. A new case is a new
pair of files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DECKS = Path(__file__).parents[1] / "decks"
#: Example decklists are .txt files, and .csv files for CSV exports.
SUFFIXES = (".txt", ".csv")
VALID = sorted(p for p in (DECKS / "valid").iterdir() if p.suffix in SUFFIXES)
INVALID = sorted(p for p in (DECKS / "invalid").iterdir() if p.suffix in SUFFIXES)


@pytest.mark.parametrize("deck", VALID, ids=[p.name for p in VALID])
def test_valid_deck_passes(deck: Path, run_cli) -> None:
    result = run_cli("validate", str(deck), "--format", "json")
    assert result.exit_code == 0, result
    report = json.loads(result.stdout)
    entry = report["files"][0]
    assert entry["valid"] is True
    assert entry["cards"] >= 10
    assert [f for f in entry["findings"] if f["severity"] == "error"] == []


@pytest.mark.parametrize("deck", INVALID, ids=[p.name for p in INVALID])
def test_invalid_deck_findings(deck: Path, run_cli) -> None:
    expected = json.loads(deck.with_suffix(".expected.json").read_text(encoding="utf-8"))
    result = run_cli("validate", str(deck), "--format", "json", *expected.get("args", []))
    assert result.exit_code == 1, result
    entry = json.loads(result.stdout)["files"][0]
    for key in ("valid", "cards", "phenomena", "planar_deck", "planar_cards_seen"):
        if key in expected:
            assert entry[key] == expected[key], key
    found = [
        {key: f[key] for key in want}
        for f, want in zip(entry["findings"], expected["findings"], strict=False)
    ]
    assert len(entry["findings"]) == len(expected["findings"]), entry["findings"]
    assert found == expected["findings"]


def test_every_invalid_example_has_expectations() -> None:
    for deck in INVALID:
        assert deck.with_suffix(".expected.json").is_file(), deck
    assert len(VALID) >= 10 and len(INVALID) >= 9
