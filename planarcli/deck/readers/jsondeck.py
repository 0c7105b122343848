"""planarcli's own JSON decklist format (``schemas/decklist.schema.json``)::

    {
      "format": "planarcli-deck",
      "version": 1,
      "name": "Plane Hopping",
      "planar_deck": [
        {"name": "Tazeem", "quantity": 1},
        {"name": "Chaotic Aether"}
      ],
      "main": [{"name": "Lightning Bolt", "quantity": 4}],
      "communal": false
    }

``planar_deck`` is the planar deck; ``main``, ``sideboard`` and ``commander`` are the rest
of a deck. ``quantity`` defaults to 1; ``set``, ``number``, ``foil`` and ``comment`` are
informational, and keys starting with ``x-`` are free for other tools. The file is checked
against the schema (jsonschema is imported only here); a violation is an InputError naming
the JSON path, e.g. ``$.planar_deck[3].quantity: -1 is less than the minimum of 1``.

Entries get the line their ``"name"`` is written on, so findings point into the file.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict, deque
from typing import Any

from planarcli.deck.readers.model import DeckEntry, Decklist, ReaderIssue
from planarcli.deck.readers.mtgjson import load_json
from planarcli.deck.readers.source import RawInput
from planarcli.errors import InputError, NotADecklistError

SCHEMA = "decklist.schema.json"
#: Lists of cards and the role of each (in the order a file usually has them).
SECTIONS = {"planar_deck": "planar", "main": "other", "sideboard": "other", "commander": "other"}

_NAME_KEY = re.compile(r'"name"\s*:\s*("(?:[^"\\\r\n]|\\.)*")')
_SPACES = re.compile(r"\s+")
# jsonschema's wording for additionalProperties next to patternProperties.
_UNKNOWN_KEYS = re.compile(r": (.+?) (?:does|do) not match any of the regexes: '\^x-'$")


def schema_problems(document: Any, *, limit: int = 3) -> list[str]:
    """Readable schema violations (JSON path first), empty when the document is valid."""
    from planarcli.schemacheck import schema_errors

    try:
        problems = schema_errors(document, SCHEMA, limit=limit)
    except RecursionError:
        return ["$: the document is nested too deeply"]
    problems = [_UNKNOWN_KEYS.sub(_unknown_keys, p) for p in problems]
    return [p if len(p) <= 200 else p[:197] + "..." for p in problems]


def _unknown_keys(match: re.Match[str]) -> str:
    return f": unknown key {match.group(1)} (keys of your own must start with 'x-')"


def _name_lines(text: str) -> dict[str, deque[int]]:
    """Every ``"name": "..."`` value in the text -> the lines it is written on, in order."""
    found: dict[str, deque[int]] = defaultdict(deque)
    line, position = 1, 0
    for match in _NAME_KEY.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        try:
            value = json.loads(match.group(1))
        except ValueError:
            continue
        if isinstance(value, str):
            found[value].append(line)
    return found


def read(raw: RawInput) -> Decklist:
    """Read a planarcli JSON decklist."""
    if not raw.data.strip():
        return Decklist(raw.display, "json", ())
    document, text = load_json(raw)
    if not isinstance(document, dict) or document.get("format") != "planarcli-deck":
        # A document with a planar_deck list means to be a decklist: its missing marker is an
        # error to fix. Any other JSON (a config.json, package data) is not a decklist.
        meant = isinstance(document, dict) and "planar_deck" in document
        raise (InputError if meant else NotADecklistError)(
            "JSON that is neither an MTGJSON deck nor a planarcli decklist",
            path=raw.display,
            hint='a planarcli decklist starts {"format": "planarcli-deck", "version": 1, '
            '"planar_deck": [...]}; see schemas/decklist.schema.json',
        )
    problems = schema_problems(document)
    if problems:
        more = "" if len(problems) == 1 else " (and more)"
        raise InputError(f"not a valid planarcli decklist: {problems[0]}{more}", path=raw.display)
    lines = _name_lines(text)
    entries: list[DeckEntry] = []
    for key, value in document.items():
        if key == "name" and isinstance(value, str) and lines.get(value):
            lines[value].popleft()  # the deck's own name, not a card
        role = SECTIONS.get(key)
        if role is None:
            continue
        for item in value:
            written = item["name"]
            where = lines.get(written)
            line = where.popleft() if where else None
            name = _SPACES.sub(" ", written).strip()
            entries.append(DeckEntry(name, item.get("quantity", 1), line, key, role))
    deck_name = document.get("name")
    players = document.get("players") if document.get("communal") is True else None
    issues: tuple[ReaderIssue, ...] = ()
    if document.get("communal") is True and players is None:
        issues = (
            ReaderIssue(
                None,
                "communal-without-players",
                '"communal": true needs "players": N (the number of players) to be judged as '
                "a communal deck: add it, or pass --communal --players N",
            ),
        )
    return Decklist(
        raw.display,
        "json",
        tuple(entries),
        issues,
        deck_name.strip() or None if isinstance(deck_name, str) else None,
        communal_players=players if isinstance(players, int) else None,
    )
