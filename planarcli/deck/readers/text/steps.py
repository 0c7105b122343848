"""The steps over a text decklist once every line is read, in order: each weighs the lines
together (a numbering is one only when its numbers run 1, 2, 3...; prose is prose only
beside a list) and may leave lines out or read them otherwise. ``STEPS`` is their table:
an id, what ``validate -v`` says of a line a step acted on, and the step."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from planarcli.deck.readers.cardline import split_card_line
from planarcli.deck.readers.text.reading import Line, Reading

if TYPE_CHECKING:
    from collections.abc import Callable

    from planarcli.deck.readers.cardnames import CardNames


_HASHED = attrgetter("hashed")
_INDENT = attrgetter("indent")


class Step:
    """One step over the whole list: its id, what ``-v`` says of a line it acted on, and
    the step. (A plain class, as ``artefacts.Artefact``.)"""

    __slots__ = ("id", "label", "run")

    def __init__(self, id: str, label: str, run: Callable[[Reading, str], None]) -> None:
        self.id = id
        self.label = label
        self.run = run


def _dash_numbering(reading: Reading, label: str) -> None:
    """ "1 - Akoum", "2 - Bant", "3 - Naya": numbered, one of each."""
    dashed = [entry for entry in reading.pending if entry.parts.form == "dash"]
    if len(dashed) >= 3 and [entry.parts.quantity for entry in dashed] == list(
        range(1, len(dashed) + 1)
    ):
        for entry in dashed:
            entry.parts = entry.parts._replace(quantity=1, form="numbered")
            reading.steps.append((entry.number, label))
        reading.counted -= len(dashed)


def _letter_numbering(reading: Reading, label: str) -> None:
    """ "a) Akoum", "b) Bant" are numbered; a lone "a. note", or "x) y", is the line it was."""
    letters = reading.letters
    if not letters:
        return
    numbered = len(letters) >= 2 and letters[0] == "a" and letters == sorted(set(letters))
    for entry in reading.pending:
        if entry.lettered is None:
            continue
        if numbered:
            reading.steps.append((entry.number, label))
            continue
        whole = split_card_line(entry.lettered)
        if whole is not None:
            entry.parts = whole


def _hash_numbering(reading: Reading, label: str) -> None:
    """ "#1 Akoum" is numbering; "#2 check the errata" stays a comment."""
    if not any(map(_HASHED, reading.pending)):  # (map: no Python frame per line)
        return
    names = reading.names
    kept = []
    for entry in reading.pending:
        name = entry.parts.name
        if not entry.hashed or names.known(name) or names.near(name) or names.other(name):
            kept.append(entry)
        else:
            reading.steps.append((entry.number, label))
    reading.comments += len(reading.pending) - len(kept)
    reading.pending = kept


def _indented_notes(reading: Reading, label: str) -> None:
    """A note written indented under a card ("Akoum" then "    - the landfall one")."""
    if not any(map(_INDENT, reading.pending)):
        return
    from planarcli.deck.readers.text.notes import without_indented_notes

    before = reading.pending
    reading.pending, notes = without_indented_notes(before, reading.names)
    reading.comments += notes
    if notes:
        kept = set(map(id, reading.pending))
        reading.steps.extend((entry.number, label) for entry in before if id(entry) not in kept)


def _notes_after_names(reading: Reading, label: str) -> None:
    """ "Bant - my favourite": the card, its note left out."""
    if not any(entry.noted and entry.parts.whole is None for entry in reading.pending):
        return
    from planarcli.deck.readers.text.notes import without_note

    for entry in reading.pending:
        parts = entry.parts
        if entry.noted and parts.whole is None:
            name = without_note(parts.name, reading.names)
            if name is not parts.name:
                entry.parts = parts._replace(name=name)
                reading.steps.append((entry.number, label))


def _title_of(
    pending: list[Line],
    first_line: int | None,
    counted: int,
    names: CardNames,
) -> str | None:
    """The text of the first line when it is the deck's title rather than a card
    (``counted``: how many card lines carry a quantity; numbered lines count too)."""
    if len(pending) < 2 or pending[0].number != first_line:
        return None
    parts, section, block = pending[0].parts, pending[0].section, pending[0].block
    if parts.form not in ("none", "paren") or parts.category is not None or section is not None:
        return None
    # "My planes (10)": a count in parentheses is no quantity on a title
    text = parts.whole if parts.form == "paren" and parts.whole else parts.name
    others = len(pending) - 1
    # numbered lines ("1. Jund") mark the line above them as apart from the list, as
    # quantities do
    looks_like_title = text.endswith(":") or pending[1].block != block
    if not looks_like_title:  # counted only when needed: this runs for every file
        marked = counted - (parts.form == "paren")
        marked += sum(1 for entry in pending if entry.parts.form == "numbered")
        looks_like_title = marked * 2 > others
    if not looks_like_title or names.known(parts.name) or names.known(text):
        return None
    return None if names.near(parts.name) or names.near(text) else text


def _title(reading: Reading, label: str) -> None:
    """ "My planar deck" above the cards: the deck's name, no card."""
    pending = reading.pending
    found = _title_of(pending, reading.first_line, reading.counted, reading.names)
    if found is None:
        return
    text = found.rstrip(":").strip()
    reading.deck_name = reading.deck_name or text or None
    reading.steps.append((pending[0].number, label))
    removed_block = pending[0].block
    pending = reading.pending = pending[1:]
    if pending and all(entry.block != removed_block for entry in pending):
        # the title stood alone in the first block: the cards' blocks count from 0
        for entry in pending:
            entry.block -= 1


def _marked(reading: Reading) -> int:
    """How many card lines carry a quantity, a number or a bullet."""
    pending = reading.pending
    marked = reading.counted + sum(1 for entry in pending if entry.parts.form == "numbered")
    return marked + sum(1 for entry in pending if entry.bulleted and entry.parts.form == "none")


def _signature_and_reply(reading: Reading, label: str) -> None:
    """A signature under "--" and an e-mail's quoted reply, when no line of them is a card."""
    pending = reading.pending
    reading.marked = _marked(reading)  # (counted before they go, as the prose step needs)
    if reading.signature_at is None and reading.reply_at is None:
        return  # no signature, no reply (a line is quoted only under one): nothing to weigh
    from planarcli.deck.readers.text.prose import signature_and_reply

    apart = signature_and_reply(pending, reading.signature_at, reading.names, reading.reply_at)
    if apart:
        reading.comments += len(apart)
        reading.prose = tuple((pending[i].number, pending[i].parts.name) for i in apart)
        reading.steps.extend((pending[i].number, label) for i in sorted(apart))
        reading.pending = [entry for i, entry in enumerate(pending) if i not in apart]


def _prose(reading: Reading, label: str) -> None:
    """Chat lines above, inside or below the list: comments, not cards."""
    pending = reading.pending
    if len(pending) + reading.listed_more < 3 or not any(
        entry.parts.form == "none" and not entry.bulleted for entry in pending
    ):
        return  # every line is marked as a card's: no prose to weigh
    from planarcli.deck.readers.text.prose import prose_lines

    prose = prose_lines(pending, reading.marked, reading.names, reading.listed_more)
    if not prose:
        return
    reading.comments += len(prose)
    reading.prose += tuple(
        (pending[i].number, pending[i].parts.whole or pending[i].parts.name) for i in sorted(prose)
    )
    reading.steps.extend((pending[i].number, label) for i in sorted(prose))
    pending = reading.pending = [entry for i, entry in enumerate(pending) if i not in prose]
    # blocks of prose alone are gone: the cards' blocks count on without them
    renumber = {b: k for k, b in enumerate(sorted({entry.block for entry in pending}))}
    for entry in pending:
        entry.block = renumber[entry.block]


#: The steps over the whole list, in the order they run.
STEPS: tuple[Step, ...] = (
    Step("dash-numbering", "numbering read, not a quantity", _dash_numbering),
    Step("letter-numbering", "letter numbering removed", _letter_numbering),
    Step("hash-numbering", "'#' line left out as a comment", _hash_numbering),
    Step("indented-note", "indented note left out", _indented_notes),
    Step("note-after-name", "note after the name left out", _notes_after_names),
    Step("title", "read as the deck's title", _title),
    Step("signature", "signature or quoted reply left out", _signature_and_reply),
    Step("prose", "prose left out", _prose),
)


def run_steps(reading: Reading) -> None:
    """Run every step over ``reading``, in order."""
    for step in STEPS:
        step.run(reading, step.label)
