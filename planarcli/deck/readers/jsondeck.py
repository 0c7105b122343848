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

import re
from typing import Any

from planarcli.deck.readers.cardjson import decklist_of, name_lines
from planarcli.deck.readers.model import DeckEntry, Decklist, ReaderIssue
from planarcli.deck.readers.mtgjson import json_printing, load_json
from planarcli.deck.readers.source import RawInput
from planarcli.errors import InputError, NotADecklistError

SCHEMA = "decklist.schema.json"
#: Lists of cards and the role of each (in the order a file usually has them).
SECTIONS = {"planar_deck": "planar", "main": "other", "sideboard": "other", "commander": "other"}

_SPACES = re.compile(r"\s+")
# jsonschema's wording for additionalProperties next to patternProperties.
_UNKNOWN_KEYS = re.compile(r": (.+?) (?:does|do) not match any of the regexes: '\^x-'$")


#: The properties of the schema's deck and card entry: name -> (type, largest length or value).
_DECK_KEYS = {"format", "version", "name", "description", "communal", "players", *SECTIONS}
_ENTRY_LIMITS: dict[str, tuple[type, int]] = {
    "name": (str, 200),
    "quantity": (int, 9999),
    "set": (str, 10),
    "number": (str, 20),
    "foil": (bool, 0),
    "comment": (str, 1000),
}
_SECTION_MAX_ITEMS = {"planar_deck": 10000, "main": 10000, "sideboard": 10000, "commander": 100}


def plainly_valid(document: Any) -> bool:
    """Whether ``document`` is a planarcli decklist of the plain shape people and tools
    write: a quick check that answers True only for documents the schema accepts (a test
    holds it to that). Anything else (an error, or an unusual but valid form such as a
    quantity written 2.0) goes to jsonschema, which names the problem; jsonschema then loads
    only for files that need it, not for every deck of a folder."""
    if not isinstance(document, dict) or not all(isinstance(k, str) for k in document):
        return False
    if any(k not in _DECK_KEYS and not k.startswith("x-") for k in document):
        return False
    if document.get("format") != "planarcli-deck" or type(document.get("version")) is not int:
        return False
    if document["version"] != 1 or "planar_deck" not in document:
        return False
    for key, limit in (("name", 200), ("description", 10000)):
        if key in document and not (type(document[key]) is str and len(document[key]) <= limit):
            return False
    if "communal" in document and type(document["communal"]) is not bool:
        return False
    players = document.get("players", 2)
    if type(players) is not int or not 2 <= players <= 100:
        return False
    for section, most in _SECTION_MAX_ITEMS.items():
        items = document.get(section, [])
        if type(items) is not list or len(items) > most:
            return False
        if not all(_plain_entry(item) for item in items):
            return False
    return True


def _plain_entry(item: Any) -> bool:
    if type(item) is not dict or "name" not in item:
        return False
    for key, value in item.items():
        if type(key) is not str:
            return False
        limits = _ENTRY_LIMITS.get(key)
        if limits is None:
            if not key.startswith("x-"):
                return False
            continue
        kind, most = limits
        if type(value) is not kind:  # exact types: a bool is no quantity, 2.0 goes to jsonschema
            return False
        if isinstance(value, str) and len(value) > most:
            return False
        if isinstance(value, int) and kind is int and not 1 <= value <= most:
            return False
    return _NON_SPACE.search(item["name"]) is not None  # the schema's "pattern": "\\S"


_NON_SPACE = re.compile(r"\S")


def schema_problems(document: Any, *, limit: int = 3) -> list[str]:
    """Readable schema violations (JSON path first), empty when the document is valid."""
    if plainly_valid(document):
        return []
    from planarcli.schemacheck import schema_errors

    try:
        problems = schema_errors(document, SCHEMA, limit=limit)
    except RecursionError:
        return ["$: the document is nested too deeply"]
    problems = [_UNKNOWN_KEYS.sub(_unknown_keys, p) for p in problems]
    return [p if len(p) <= 200 else p[:197] + "..." for p in problems]


def _unknown_keys(match: re.Match[str]) -> str:
    return f": unknown key {match.group(1)} (keys of your own must start with 'x-')"


def read(raw: RawInput) -> Decklist:
    """Read a planarcli JSON decklist."""
    if not raw.data.strip():
        return Decklist(raw.display, "json", ())
    document, text = load_json(raw)
    if not isinstance(document, dict) or document.get("format") != "planarcli-deck":
        # A document with a planar_deck list means to be a planarcli decklist: its missing
        # marker is an error to fix. JSON of card objects (a Scryfall list, an app's
        # planes) is read as such; any other JSON (a config.json, package data, a test's
        # expected result with "planar_deck": "none") is not a decklist.
        meant = isinstance(document, dict) and isinstance(document.get("planar_deck"), list)
        if not meant:
            found = decklist_of(document, text, raw.display)
            if found is not None:
                return found
        raise (InputError if meant else NotADecklistError)(
            "JSON that is neither an MTGJSON deck, a planarcli decklist nor card objects "
            "(a Scryfall list, an array of cards or of names, an app's planes)",
            path=raw.display,
            hint='a planarcli decklist starts {"format": "planarcli-deck", "version": 1, '
            '"planar_deck": [...]}; see schemas/decklist.schema.json',
        )
    problems = schema_problems(document)
    if problems:
        more = "" if len(problems) == 1 else " (and more)"
        raise InputError(f"not a valid planarcli decklist: {problems[0]}{more}", path=raw.display)
    lines = name_lines(text)
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
            printing = json_printing(item.get("set"), item.get("number"))
            entries.append(DeckEntry(name, item.get("quantity", 1), line, key, role, 0, *printing))
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
