"""`validate --fix` and `cards show` make one decision about a misspelt name (issue 16 item 3):
fix renames a name exactly when show answers it with a single confident guess, and to the
same card. Checked on the letter swaps of the issue through the installed command, and on
adjacent transpositions of every card name (Hypothesis draws them; the exhaustive run over
all of them is ``benchmarks/bench_fix_names.py --transpositions``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.cards import resolve
from planarcli.cards.store import load_snapshot
from planarcli.deck.checks import DECK_RULES
from planarcli.deck.repairs import clear_suggestion
from planarcli.errors import NotFoundError

CATALOG = load_snapshot()
NAMES = [card.name for card in CATALOG.cards]


def transpositions(name: str) -> list[str]:
    """``name`` with each pair of neighbouring (different) characters swapped."""
    return [
        name[:i] + name[i + 1] + name[i] + name[i + 2 :]
        for i in range(len(name) - 1)
        if name[i] != name[i + 1]
    ]


def show_answer(written: str) -> str | None:
    """The card `cards show` answers with a guess ("fuzzy"), else None."""
    try:
        card, how = resolve.find(CATALOG, written)
    except NotFoundError:
        return None
    return card.name if how == "fuzzy" else None


def fix_answer(written: str) -> str | None:
    """The card `validate --fix` renames ``written`` to in a deck that lists nothing else."""
    if CATALOG.resolve(written).card is not None:
        return None  # a spelling the catalog reads: nothing to fix, nothing to guess
    return clear_suggestion(written, CATALOG, set(), DECK_RULES[-1])


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(min_value=0, max_value=200))
def test_fix_renames_exactly_when_show_guesses_and_to_the_same_card(name: str, at: int) -> None:
    swapped = transpositions(name)
    if not swapped:
        return
    written = swapped[at % len(swapped)]
    assert fix_answer(written) == show_answer(written), written


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("The Gerat Forest", "The Great Forest"),
        ("Teh Fourth Sphere", "The Fourth Sphere"),
        ("The Pyraimd of Mars", "The Pyramid of Mars"),
    ],
)
def test_the_issue_s_letter_swaps_are_fixed_as_show_guesses_them(
    written: str, card: str, tmp_path: Path
) -> None:
    """Through the installed command: show guesses the card, --fix writes it."""
    command = [sys.executable, "-m", "planarcli"]
    env_run = {"capture_output": True, "text": True, "encoding": "utf-8"}
    show = subprocess.run([*command, "cards", "show", written, "--format", "json"], **env_run)
    assert show.returncode == 0, show.stderr
    assert (json.loads(show.stdout)["name"], json.loads(show.stdout)["matched"]) == (card, "fuzzy")
    others = [n for n in NAMES if n != card and CATALOG.exact(n).kind == "plane"][:9]
    deck = tmp_path / "deck.txt"
    deck.write_text("".join(f"1 {n}\n" for n in [written, *others]), encoding="utf-8")
    fixed = subprocess.run([*command, "validate", "--fix", str(deck)], **env_run)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert deck.read_text(encoding="utf-8").splitlines()[0] == f"1 {card}"
