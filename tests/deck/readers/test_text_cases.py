"""The text reader's cases, as files: ``cases/<step>/NAME.txt`` is a paste, and
``NAME.expected.json`` what the reader makes of it (see ``cases/README.md``). A new case is
two new files; this module runs every one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planarcli.cards.store import load_catalog
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.deck.readers.text import read

CASES = Path(__file__).parent / "cases"
PASTES = sorted(CASES.glob("*/*.txt"))
#: What an expectation may say (each key is checked only when the case gives it).
KEYS = frozenset(
    {
        "names",
        "entries",
        "deck_name",
        "planar_sections",
        "issues",
        "prose",
        "counted_lines",
        "comment_lines",
        "communal_players",
        "planar",
    }
)


def reading_of(data: bytes) -> dict[str, Any]:
    """Everything a case can expect of the text reader's reading of ``data``."""
    catalog = load_catalog()
    deck = read(RawInput("deck.txt", data, ".txt"), catalog=catalog)
    planar = find_planar_deck(deck, catalog)
    return {
        "names": [entry.name for entry in deck.entries],
        "entries": [
            [entry.name, entry.quantity, entry.section, entry.role, entry.line, entry.block]
            for entry in deck.entries
        ],
        "deck_name": deck.name,
        "planar_sections": list(deck.planar_sections),
        "issues": [
            [issue.line, issue.code, issue.severity, issue.message] for issue in deck.issues
        ],
        "prose": [[line, text] for line, text in deck.prose],
        "counted_lines": deck.counted_lines,
        "comment_lines": deck.comment_lines,
        "communal_players": deck.communal_players,
        "planar": {
            "found": planar.found,
            "how": planar.how,
            "reason": planar.reason,
            "entries": [[entry.name, entry.quantity] for entry in planar.entries],
            "planar_seen": planar.planar_seen,
            "overlooked": [[entry.name, card] for entry, card in planar.overlooked],
        },
    }


def test_there_are_cases() -> None:
    assert len(PASTES) > 100
    for paste in PASTES:
        assert paste.with_suffix(".expected.json").is_file(), f"{paste} has no expectation"


@pytest.mark.parametrize("paste", PASTES, ids=[f"{p.parent.name}/{p.stem}" for p in PASTES])
def test_a_paste_reads_as_expected(paste: Path) -> None:
    expected = json.loads(paste.with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert expected and set(expected) <= KEYS, f"unknown keys: {set(expected) - KEYS}"
    actual = reading_of(paste.read_bytes())
    assert {key: actual[key] for key in expected} == expected
