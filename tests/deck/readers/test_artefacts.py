"""The text reader's tables of steps: each artefact's example reads as its cards, with the
artefact noted on a line of it (what ``validate -v`` prints), and every id is unique."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli.cards.store import load_catalog
from planarcli.deck.readers.source import RawInput
from planarcli.deck.readers.text import read
from planarcli.deck.readers.text.artefacts import ARTEFACTS, Artefact
from planarcli.deck.readers.text.steps import STEPS


@pytest.mark.parametrize("row", ARTEFACTS, ids=[row.id for row in ARTEFACTS])
def test_each_artefacts_example_reads_as_its_cards(row: Artefact) -> None:
    deck = read(RawInput("deck.txt", row.example.encode("utf-8"), ".txt"), catalog=load_catalog())
    assert tuple(entry.name for entry in deck.entries) == row.reads_as
    assert row.label in {what for _, what in deck.steps}, deck.steps


def test_the_ids_and_labels_are_unique() -> None:
    ids = [row.id for row in ARTEFACTS] + [step.id for step in STEPS]
    labels = [row.label for row in ARTEFACTS] + [step.label for step in STEPS]
    assert len(set(ids)) == len(ids)
    assert len(set(labels)) == len(labels)


def _verbose(run_cli: Callable[..., Any], deck: Path, text: str) -> Any:
    """``validate -v`` of ``text`` written to ``deck``."""
    deck.write_text(text, encoding="utf-8")
    return run_cli("validate", "-v", str(deck))


def test_validate_verbose_lists_the_steps_per_line(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    shown = _verbose(
        run_cli, deck, "01/12/2026, 18:42 - Lukas: 1 Akoum\n> 1 Bant\n1 Naya - my favourite\n"
    ).stdout
    assert "    line 1: chat stamp removed\n" in shown
    assert "    line 2: quote mark removed\n" in shown
    assert "    line 3: note after the name left out\n" in shown
    assert "line 1:" not in run_cli("validate", str(deck)).stdout


def test_a_chat_logs_time_and_nick_are_no_set_code(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    """A chat log's "[10:42] bob: Akoum" was read as the card "bob: Akoum" of set 10, number 42."""
    chat = "[10:40] bob: Academy at Tolaria West\n[10:41] <@amy> Akoum\n[10:42] bob: Naya\n"
    deck = tmp_path / "log.txt"
    shown = _verbose(run_cli, deck, chat)
    assert "is not a plane" not in shown.stdout and "prose" not in shown.stdout, shown
    assert "    line 3: chat log's time and nick removed\n" in shown.stdout, shown
    converted = run_cli("deck", "convert", str(deck), "--to", "text")
    assert converted.exit_code == 0, converted
    assert "1 Academy at Tolaria West\n1 Akoum\n1 Naya\n" in converted.stdout, converted
