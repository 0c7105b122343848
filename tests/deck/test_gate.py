"""The folder scan's gate (``planarcli.deck.gate``): what it passes over from a
file's first bytes is what the readers would have skipped, with the same reason and
format, for a fraction of the cost of reading it as a deck."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from planarcli.cards.store import load_catalog
from planarcli.deck import gate
from planarcli.deck.checks import DeckOptions
from planarcli.deck.validate import validate_file

DECKS = Path(__file__).parents[1] / "decks"

NOTES = (
    "We played four rounds of Planechase on Thursday and the chaos ability kept coming up.",
    "Next time bring more dice, sleeves for the oversized cards and something to drink.",
    "Scores: Alex 3, Robin 2, Sam 1, Kim 0. The next meeting is on the 14th at 7 pm.",
    "Kim wants to try a communal planar deck with forty cards for the four of us.",
)

#: Sentences that name cards, hold numbers and deck words: the readers still see no deck
#: in a file of them alone, and the gate must agree whenever it passes one over.
TRICKY = (
    "{n} is my favourite plane of all the ones we have.",
    "We played 3 games of Planechase last night at home with {n}.",
    "Planar Deck for tonight is the one with ten planes in it.",
    "Akoum, Bant, Naya, Krosa, Tazeem, Agyrem, Grixis, Jund, Esper.",
    "Sideboard: {n} and {m} were the best cards in the whole deck.",
    "{n} {m} are two planes that we should put in the deck soon.",
    "Commander was {n} but the planar deck had {m} in it twice.",
    "Entry 3 of the log says that {n} came up again and again!",
    "Llanowar Elves and Sol Ring are in the Commander deck we built.",
    "{n} x1 is a plane that we like a lot right now, said Kim.",
    "{n} 1 and {m} 1 were the two planes added after the last game.",
)


def _row(path: Path) -> gate.GateRow | None:
    return gate.passed_over(str(path), path.suffix.lower())


@pytest.mark.parametrize("row", gate.ROWS, ids=lambda row: row.id)
def test_each_row_passes_over_its_example(row: gate.GateRow, tmp_path: Path) -> None:
    path = tmp_path / f"example{(row.suffixes or ('.txt',))[0]}"
    path.write_text(f"{row.example}\n{row.example}\n", encoding="utf-8")
    assert _row(path) is row


def test_prose_notes_are_passed_over_in_any_encoding(tmp_path: Path) -> None:
    text = "\n\n".join(NOTES) + "\n"
    for encoding in ("utf-8", "utf-8-sig", "utf-16", "cp1252"):
        path = tmp_path / f"notes-{encoding}.txt"
        path.write_text(text, encoding=encoding)
        row = _row(path)
        assert row is not None and row.id == "prose", encoding
        assert (row.reason, row.format) == (gate.NO_CARD_LINE, "text")


@pytest.mark.parametrize(
    "lines",
    [
        [NOTES[0], "Planar Deck", "1 Akoum"],  # a deck after its introduction
        [NOTES[0]],  # one sentence: too little to call it notes
        [NOTES[0], "Akoum"],
        [NOTES[0], "1 Akoum is the plane we liked best of all this week."],
        [NOTES[0], "Akoum\tBant are the two planes that we liked best."],
        [NOTES[0], "Akoum (OHOP) is the plane that we liked best of all."],
        [NOTES[0], "Akoum, Bant, Naya, Krosa, Tazeem, Agyrem, Grixis, Jund."],
        [NOTES[0], "- a bullet that we wrote as a sentence of notes here."],
    ],
)
def test_anything_but_sentences_is_read(lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / "maybe.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _row(path) is None


def test_a_file_longer_than_the_head_is_read(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    sentences = (NOTES[0] + "\n") * (gate.HEAD_BYTES // len(NOTES[0]) + 2)
    path.write_text(sentences, encoding="utf-8")
    assert _row(path) is None


def test_other_formats_are_left_to_their_readers(tmp_path: Path) -> None:
    for suffix in (".dck", ".cod", ".dek", ".json"):
        path = tmp_path / f"notes{suffix}"
        path.write_text("\n".join(NOTES) + "\n", encoding="utf-8")
        assert _row(path) is None, suffix


def test_no_test_deck_is_passed_over() -> None:
    for path in sorted(DECKS.rglob("*")):
        if path.is_file() and path.suffix != ".json":
            assert _row(path) is None, path


def test_what_the_gate_passes_over_the_readers_skip_alike(tmp_path: Path) -> None:
    """Files of sentences (card names, numbers and deck words among them): each the gate
    passes over, read as a scan reads it without the gate, is skipped with the same reason
    and format."""
    catalog = load_catalog()
    names = [card.name for card in catalog.cards]
    rng = random.Random(26)
    gated = 0
    for index in range(120):
        lines = [
            rng.choice(TRICKY + NOTES).format(n=rng.choice(names), m=rng.choice(names))
            for _ in range(rng.randint(2, 7))
        ]
        if index % 4 == 0:
            lines.insert(1, "")
        path = tmp_path / f"p{index:03}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        row = _row(path)
        if row is None:
            continue
        gated += 1
        read = validate_file(str(path), catalog, DeckOptions(), scanned=True)
        assert read.skipped, (lines, read)
        assert (read.reason, read.format) == (row.reason, row.format), lines
    assert gated >= 40
