"""MTGJSON v5 deck files::

    {"meta": {"date": "...", "version": "5.2.2"},
     "data": {"name": "Planar Portal", "code": "OHOP", "type": "Planechase Deck",
              "mainBoard": [{"count": 1, "name": "Akoum", ...}, ...],
              "sideBoard": [...], "commander": [...], "displayCommander": [...],
              "planes": [...], "schemes": [...], "tokens": [...]}}

Which board is the planar deck has changed over the years:

- since 2024 a non-empty ``planes`` board is the planar deck (planes *and* phenomena);
- before that, planar cards sat in ``sideBoard``; and the Planechase Anthology box keeps all
  its planar cards in ``mainBoard`` with ``planes`` empty. Without a ``planes`` board,
  ``mainBoard`` and ``sideBoard`` are therefore "candidate" boards (their planar cards,
  found by type, form the planar deck);
- ``commander``, ``displayCommander``, ``schemes``, ``tokens`` are never the planar deck.

MTGJSON files are a single line, so entries have no line numbers.
"""

from __future__ import annotations

import json
import re
from typing import Any

from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.model import (
    MAX_QUANTITY,
    DeckEntry,
    Decklist,
    ReaderIssue,
    name_too_long,
)
from planarcli.deck.readers.source import RawInput
from planarcli.errors import InputError

#: Boards, in the order entries are listed.
BOARDS = ("commander", "displayCommander", "mainBoard", "sideBoard", "planes", "schemes", "tokens")
_CANDIDATE_BOARDS = frozenset({"mainBoard", "sideBoard"})
_SPACES = re.compile(r"\s+")


def load_json(raw: RawInput) -> tuple[Any, str]:
    """The parsed JSON document and its decoded text; every failure is an InputError naming
    the place."""
    text = decode_text(raw.data, raw.display)
    try:
        return json.loads(text), text
    except json.JSONDecodeError as error:
        raise InputError(
            f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno})",
            path=raw.display,
            line=error.lineno,
        ) from None
    except RecursionError:
        raise InputError("JSON nested too deeply to be a decklist", path=raw.display) from None
    except ValueError as error:  # an integer with more than 4300 digits
        reason = "a number has too many digits" if "digits" in str(error) else str(error)[:80]
        raise InputError(f"not usable JSON ({reason})", path=raw.display) from None


def board_role(board: str, has_planes: bool) -> str:
    if board == "planes":
        return "planar"
    if board in _CANDIDATE_BOARDS and not has_planes:
        return "candidate"
    return "other"


def read(raw: RawInput) -> Decklist:
    """Read an MTGJSON v5 deck file."""
    if not raw.data.strip():
        return Decklist(raw.display, "mtgjson", ())
    document, _ = load_json(raw)
    data = document.get("data") if isinstance(document, dict) else None
    if not isinstance(data, dict):
        raise InputError(
            'not an MTGJSON deck: expected an object with a "data" object holding the boards',
            path=raw.display,
            hint='for planarcli\'s own JSON decklists, add "format": "planarcli-deck"',
        )
    name = data.get("name")
    deck_name = name.strip() or None if isinstance(name, str) else None
    planes = data.get("planes")
    has_planes = isinstance(planes, list) and len(planes) > 0
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    for board in BOARDS:
        cards = data.get(board)
        if cards is None:
            continue
        if not isinstance(cards, list):
            issues.append(
                ReaderIssue(
                    None, "unreadable-board", f"data.{board} is not a list of cards; it was ignored"
                )
            )
            continue
        role = board_role(board, has_planes)
        for index, card in enumerate(cards):
            entry = _entry(card, f"data.{board}[{index}]", board, role, issues)
            if entry is not None:
                entries.append(entry)
    return Decklist(raw.display, "mtgjson", tuple(entries), tuple(issues), deck_name)


def _entry(
    card: Any, where: str, board: str, role: str, issues: list[ReaderIssue]
) -> DeckEntry | None:
    if not isinstance(card, dict):
        issues.append(ReaderIssue(None, "unreadable-line", f"{where} is not a card object"))
        return None
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        issues.append(ReaderIssue(None, "unreadable-line", f"{where} has no name"))
        return None
    name = _SPACES.sub(" ", name).strip()
    too_long = name_too_long(name, None)
    if too_long:
        issues.append(too_long)
        return None
    count = card.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_QUANTITY:
        issues.append(
            ReaderIssue(
                None,
                "bad-quantity",
                f"{where} ({name!r}) has count {_show(count)}; "
                f"expected a whole number from 1 to {MAX_QUANTITY}",
            )
        )
        return None
    return DeckEntry(
        name, count, None, board, role, 0, *json_printing(card.get("setCode"), card.get("number"))
    )


def json_printing(set_code: Any, number: Any) -> tuple[str | None, str | None]:
    """(set code, collector number) of a JSON card's values: strings, stripped, the code in
    upper case; anything else, or an empty string, is None."""
    return (
        set_code.strip().upper() or None if isinstance(set_code, str) else None,
        number.strip() or None if isinstance(number, str) else None,
    )


def _show(value: Any) -> str:
    """A short rendering of a JSON value for a message."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        return json.dumps(value)[:20]
    return "an array" if isinstance(value, list) else "an object"
