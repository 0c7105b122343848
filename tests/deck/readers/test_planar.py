"""Finding the planar deck in a decklist (planarcli/deck/readers/planar.py): what the
``no-planar-deck`` finding says when a planar section lists no card that could be read, and
that no policy waves a misplaced planar deck through."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Planes\n10000 Akoum\n",
            "the 'Planes' section lists no card that could be read (line 2 has an error, so "
            "its card counts for none): fix the line, or list the planes and phenomena in it",
        ),
        (
            "0 Akoum\n",
            "the file lists no card that could be read (line 1 has an error, so its card "
            "counts for none): fix the line",
        ),
        (
            "Planar Deck\n0 Akoum\n0 Bant\n0 Naya\n0 Jund\n0 Grixis\n",
            "the 'Planar Deck' section lists no card that could be read (lines 2, 3, 4 and 2 "
            "more have errors, so their cards count for none): fix them, or list the planes "
            "and phenomena in it",
        ),
    ],
)
def test_a_planar_deck_whose_card_lines_all_have_errors_is_not_said_to_list_no_cards(
    write, run_cli, text: str, reason: str
) -> None:
    """`Planes` above `10000 Akoum` said "the 'Planes' section lists no cards: list the
    planes and phenomena in it", beside the error on the line that lists one."""
    deck = write("deck.txt", text)
    result = run_cli("validate", "--format", "json", str(deck))
    assert result.exit_code == 1, result
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert findings[0]["code"] == "bad-quantity"
    assert findings[-1]["code"] == "no-planar-deck"
    assert findings[-1]["message"] == f"no planar deck: {reason}"


def test_an_empty_planar_section_still_says_it_lists_no_cards(write, run_cli) -> None:
    deck = write("deck.txt", "1 Sol Ring\n\nPlanes\n")
    result = run_cli("validate", str(deck))
    assert result.exit_code == 1, result
    assert "the 'Planes' section lists no cards: list the planes and phenomena in it" in (
        result.stdout
    )


@pytest.mark.parametrize("policy", ["warn", "skip"])
def test_no_planar_deck_policy_never_waves_through_a_misplaced_planar_deck(
    write, run_cli, policy
) -> None:
    """With --no-planar-deck skip (docs/ci.md's advice for repositories with Commander
    lists), a planar deck under a misspelled heading was skipped: CI green, deck unchecked."""
    typo = write(
        "decks/typo.txt",
        "Commander\n1 Atraxa, Praetors' Voice\n\nPlanar Dek\n1 Akoum\n1 Bant\n1 Naya\n",
    )
    write("decks/empty.txt", "Commander\n1 Atraxa, Praetors' Voice\n\nPlanar Deck\n")
    commander = write("decks/commander.txt", "Commander\n1 Atraxa, Praetors' Voice\n")
    result = run_cli("validate", str(typo.parent), "--no-planar-deck", policy, "--format", "json")
    assert result.exit_code == 1, result
    files = {Path(f["path"]).name: f for f in json.loads(result.stdout)["files"]}
    for name in ("typo.txt", "empty.txt"):
        finding = files[name]["findings"][-1]
        assert finding["code"] == "no-planar-deck" and finding["severity"] == "error", files
        assert f"--no-planar-deck {policy} does not apply" in finding["message"]
    # A Commander list without any sign of a planar deck still gets the policy.
    alone = run_cli("validate", str(commander), "--no-planar-deck", policy)
    assert alone.exit_code == 0, alone
