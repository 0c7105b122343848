"""What the text reader knows while it reads: one ``Line`` per card line, one ``Reading`` per file.

Each step of the reader (``text.artefacts``, ``text.steps``) reads and writes these, instead
of sets and dicts keyed by line number: a line's record says whether it had a bullet, may
hold a note, came from a chat's export, was quoted under a reply, and so on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from planarcli.deck.readers.cardline import CardLine
    from planarcli.deck.readers.cardnames import CardNames
    from planarcli.deck.readers.model import ReaderIssue


class Line:
    """A line read as a card line (or as a list of cards), with what the reader noticed on it.
    Mutable: the steps after the first pass renumber its block, drop its note, and so on."""

    __slots__ = (
        "block",
        "bulleted",
        "chatted",
        "hashed",
        "indent",
        "lettered",
        "listed",
        "noted",
        "number",
        "parts",
        "quoted",
        "role",
        "section",
    )

    def __init__(
        self,
        number: int,
        parts: CardLine,
        section: str | None,
        role: str | None,
        block: int,
        listed: list[tuple[int, str]] | None = None,
    ) -> None:
        self.number = number  # 1-based line number
        self.parts = parts  # the card line taken apart (the first card of a list)
        self.section = section  # the section it sits in, as written
        self.role = role  # that section's role ("planar", "candidate", "other") or None
        self.block = block  # blank lines part blocks (MTGO and Arena: the sideboard comes last)
        #: the (quantity, name) of each card a line lists ("Akoum / Bant", a JSON array's line)
        self.listed = listed
        self.bulleted = False  # "* Akoum", "- Akoum": marked as a list's line
        self.noted = False  # may hold a note after the name ("Bant - my favourite")
        self.chatted = False  # a chat export's message, its date and sender left out
        self.quoted = False  # quoted ("> ...") under an e-mail's "On ..., Sam wrote:"
        self.hashed = False  # numbered with "#" ("#1 Akoum"), or a comment ("#1 todo")
        self.indent = 0  # columns of indentation (a tab is 4)
        self.lettered: str | None = None  # "a) Akoum": the whole line, letter and all


class Reading:
    """The state of one text file being read: the lines kept so far and what the file says
    about itself (its name, sections, the marks of a signature or a reply)."""

    def __init__(self, lines: list[str], names: CardNames) -> None:
        self.lines = lines  # the file's lines, as split
        self.names = names  # the card-name oracle (loads the catalog on first need)
        self.html = False  # the file is an HTML fragment: each line's text, tags left out
        self.arrayed = False  # the file is a JSON array of names, on one line or many
        #: what the artefacts found on the line being read, for the record kept of it
        self.number = 0  # the line being read
        self.line_quoted = False
        self.line_chatted = False
        self.pending: list[Line] = []
        self.issues: list[ReaderIssue] = []
        self.deck_name: str | None = None
        self.section: str | None = None
        self.role: str | None = None
        self.sectioned = False
        self.planar_sections: list[str] = []
        self.block = 0
        self.first_line: int | None = None  # the first line that is not blank or a comment
        self.counted = 0  # card lines that carry a quantity
        self.comments = 0  # comment lines that say something (not a heading, not the name)
        self.marked = 0  # card lines with a quantity, a number or a bullet (after the title)
        self.trailing = 0  # ... of which after the name with nothing but a space ("Name 1")
        self.after_name = 0  # ... of which after the name in any form ("Name 1", "Name: 1")
        self.first_trailing: tuple[int, str] | None = None  # the first of those, as written
        self.communal = False  # a "// planarcli: communal planar deck" line was read
        self.communal_players: int | None = None
        self.table_columns: tuple[int, int | None] | None = None  # a table's heading row
        self.letters: list[str] = []  # "a) Akoum": the letters numbering lines, in order
        self.listed_more = 0  # cards of lines listing many, beyond one each
        self.prose: tuple[tuple[int, str], ...] = ()  # lines left out as prose: (number, text)
        self.signature_at: int | None = None  # the last "--" line: a signature may follow it
        self.reply_at: int | None = None  # an e-mail's "On ..., Sam wrote:" line
        self.card_text = False  # in a card's rules text, under its type line
        #: (line number, what a step did) for ``validate -v``, in the order the steps ran
        self.steps: list[tuple[int, str]] = []

    def under_a_card(self) -> bool:
        """Whether the line being read is just under a card line."""
        return bool(self.pending) and self.pending[-1].number == self.number - 1

    def add(self, line: Line) -> Line:
        """Keep ``line`` as a card line (or a line listing cards)."""
        line.quoted = self.line_quoted
        line.chatted = self.line_chatted
        self.pending.append(line)
        if line.listed is not None:
            self.listed_more += len(line.listed) - 1
        return line
