"""The steps over a text decklist once every line is read, in order: each weighs the lines
together (a numbering is one only when its numbers run 1, 2, 3...; prose is prose only
beside a list) and may leave lines out or read them otherwise. ``STEPS`` is their table:
an id, what ``validate -v`` says of a line a step acted on, and the step."""

from __future__ import annotations

from collections.abc import Callable

from planarcli.deck.readers.cardline import split_card_line
from planarcli.deck.readers.text.notes import title, without_indented_notes, without_note
from planarcli.deck.readers.text.prose import prose_lines, signature_and_reply
from planarcli.deck.readers.text.reading import Reading
from planarcli.records import record


@record
class Step:
    """One step over the whole list: its id, what ``-v`` says of a line it acted on."""

    id: str
    label: str
    run: Callable[[Reading, str], None]


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
    if not any(entry.hashed for entry in reading.pending):
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
    if not any(entry.indent for entry in reading.pending):
        return
    before = reading.pending
    reading.pending, notes = without_indented_notes(before, reading.names)
    reading.comments += notes
    if notes:
        kept = set(map(id, reading.pending))
        reading.steps.extend((entry.number, label) for entry in before if id(entry) not in kept)


def _notes_after_names(reading: Reading, label: str) -> None:
    """ "Bant - my favourite": the card, its note left out."""
    for entry in reading.pending:
        parts = entry.parts
        if entry.noted and parts.whole is None:
            name = without_note(parts.name, reading.names)
            if name is not parts.name:
                entry.parts = parts._replace(name=name)
                reading.steps.append((entry.number, label))


def _title(reading: Reading, label: str) -> None:
    """ "My planar deck" above the cards: the deck's name, no card."""
    pending = reading.pending
    found = title(pending, reading.first_line, reading.counted, reading.names)
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
    apart = signature_and_reply(pending, reading.signature_at, reading.names, reading.reply_at)
    if apart:
        reading.comments += len(apart)
        reading.prose = tuple((pending[i].number, pending[i].parts.name) for i in apart)
        reading.steps.extend((pending[i].number, label) for i in sorted(apart))
        reading.pending = [entry for i, entry in enumerate(pending) if i not in apart]


def _prose(reading: Reading, label: str) -> None:
    """Chat lines above, inside or below the list: comments, not cards."""
    pending = reading.pending
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
