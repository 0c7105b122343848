"""JSON that apps and scripts save cards in: card objects, as Scryfall serves them, or an
app's list of planes. None of it carries quantities: each card is one copy.

The shapes read, each a row of ``SHAPES`` (tried in order, the first that fits wins):

- a Scryfall list, as ``/cards/search`` returns it and scripts save it (PowerShell as
  UTF-16 with a byte-order mark)::

      {"object": "list", "total_cards": 143, "data": [{"object": "card", "name": ...}, ...]}

- a JSON array of Scryfall card objects, or one card object alone; such an array under a
  key (``CARD_LIST_KEYS``: ``{"cards": [...]}``, ``{"deck": [...]}``);
- a JSON array of card names (``["Akoum", "Bant"]``), one card each, as in a .txt;
- an app's file of planes and phenomena: a key that names the planar deck (``planes``,
  ``phenomena``, ``planar cards``... as ``readers.vocabulary`` knows them) holding names
  or objects with a ``"name"`` (``{"planes": [{"id": "akoum", "name": "Akoum",
  "enabled": true}]}``); an item marked ``"enabled": false`` (``LEFT_OUT_FLAGS``) is not
  in the deck (so is one marked ``"false"``, ``"no"``, ``"0"`` or 0, as apps write it);
- an object keyed by id or slug holding card objects (``{"akoum": {"object": "card",
  "name": "Akoum", ...}}``).

A card object is a JSON object with a ``"name"`` and ``"object": "card"`` or one of
Scryfall's card keys (``CARD_KEYS``: ``type_line``, ``oracle_id``): a ``config.json``
or a ``package.json`` has no such objects and is no decklist. A list holding one item
meant as a card object (``"object": "card"``, a card key, ``card_faces``) is a list of cards:
its items that name no card (``{"object": "card"}``, ``{"id": "abc"}``) are findings, each
one, not a reason to pass the whole file by. A list of printings names a
card once per printing; a planar deck holds each card once, so Scryfall objects of one
``oracle_id`` are one card. The English ``name`` is read (``printed_name`` is a printing's).

Entries get the line their ``"name"`` is written on, as in planarcli's own JSON decks.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any

from planarcli.deck.readers.model import DeckEntry, Decklist, ReaderIssue, name_too_long
from planarcli.deck.readers.mtgjson import json_printing, load_json
from planarcli.deck.readers.source import RawInput
from planarcli.deck.readers.vocabulary import section_role
from planarcli.errors import NotADecklistError

FORMAT = "cards"

#: Keys only a card object has: one of them, a string, beside a "name" makes an object a card
#: (``"object": "card"`` does too).
CARD_KEYS = ("type_line", "oracle_id")
#: An item with one of these set to false is not in the deck (an app's switch).
LEFT_OUT_FLAGS = ("enabled", "included", "selected", "in_deck", "inDeck")

_NAME_KEY = re.compile(r'"name"\s*:\s*("(?:[^"\\\r\n]|\\.)*")')
_SPACES = re.compile(r"\s+")


def name_lines(text: str) -> dict[str, deque[int]]:
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


def is_card_object(item: Any) -> bool:
    """Whether ``item`` is a card object: a "name" and a key only cards have."""
    if type(item) is not dict or type(item.get("name")) is not str:
        return False
    return item.get("object") == "card" or any(type(item.get(key)) is str for key in CARD_KEYS)


def _card_like(item: Any) -> bool:
    """Whether ``item`` means to be a card object, named or not (``{"object": "card"}``,
    an item of only ``card_faces``): a list holding one is a list of cards."""
    if type(item) is not dict:
        return False
    if item.get("object") == "card" or "card_faces" in item:
        return True
    return any(type(item.get(key)) is str for key in CARD_KEYS)


#: Values of a ``LEFT_OUT_FLAGS`` key that switch an item off: apps write the JSON false or
#: a string ("false", "no", "0"), or 0.
_OFF_WORDS = frozenset({"false", "no", "off", "0"})


def _off(value: Any) -> bool:
    if value is False or (type(value) is int and value == 0):
        return True
    return type(value) is str and value.strip().lower() in _OFF_WORDS


def _left_out(item: Any) -> bool:
    return type(item) is dict and any(_off(item.get(flag, True)) for flag in LEFT_OUT_FLAGS)


#: What a shape finds: (section as written or None, role, the items), one per part.
Parts = list[tuple[str | None, str, list[Any]]]


def _cards(items: Any) -> bool:
    """Whether ``items`` is a list of card objects: a list with one card object (or an item
    meant as one) at least. Its other items are findings, not a reason to pass the file by."""
    return type(items) is list and any(map(_card_like, items))


def _scryfall_list(document: Any) -> Parts | None:
    """``{"object": "list", "data": [card objects]}``."""
    if type(document) is not dict or document.get("object") != "list":
        return None
    data = document.get("data")
    return [(None, "unsectioned", data)] if _cards(data) else None


#: Keys an app or script keeps its list of card objects under (``{"cards": [...]}``).
CARD_LIST_KEYS = ("cards", "deck", "data")


def _card_container(document: Any) -> Parts | None:
    """``{"cards": [card objects]}``, ``{"deck": [...]}``: a list of cards under a key."""
    if type(document) is not dict:
        return None
    for key in CARD_LIST_KEYS:
        if _cards(document.get(key)):
            return [(None, "unsectioned", document[key])]
    return None


def _card_array(document: Any) -> Parts | None:
    """``[card objects]``."""
    return [(None, "unsectioned", document)] if _cards(document) else None


def _name_array(document: Any) -> Parts | None:
    """``["Akoum", "Bant"]``: an array of names, one card each (as in a .txt)."""
    if type(document) is not list or not document or not all(map(_named_text, document)):
        return None
    return [(None, "unsectioned", document)]


def _named_text(item: Any) -> bool:
    return type(item) is str and bool(item.strip())


def _one_card(document: Any) -> Parts | None:
    """One card object."""
    return [(None, "unsectioned", [document])] if is_card_object(document) else None


def _app_planes(document: Any) -> Parts | None:
    """``{"planes": [...], "phenomena": [...]}``: keys that name the planar deck, holding
    names, objects with a name, or objects keyed by id holding those (items without a name
    are findings)."""
    if type(document) is not dict:
        return None
    parts: Parts = []
    for key, value in document.items():
        if type(key) is not str or section_role(key) != "planar":
            continue
        items = list(value.values()) if type(value) is dict else value
        if type(items) is not list or (items and not any(map(_named, items))):
            return None  # "planes": "none", "planes": 3: no list of cards
        parts.append((key, "planar", items))
    return parts or None


def _named(item: Any) -> bool:
    if type(item) is str:
        return bool(item.strip())
    return type(item) is dict and type(item.get("name")) is str


def _keyed_cards(document: Any) -> Parts | None:
    """``{"akoum": {card object}, ...}``: card objects keyed by id or slug."""
    if type(document) is not dict or not document:
        return None
    values = list(document.values())
    if not all(type(value) is dict for value in values) or not _cards(values):
        return None
    return [(None, "unsectioned", values)]


#: The shapes, in the order they are tried.
SHAPES: tuple[tuple[str, Callable[[Any], Parts | None]], ...] = (
    ("scryfall list", _scryfall_list),
    ("array of card objects", _card_array),
    ("array of names", _name_array),
    ("card object", _one_card),
    ("app's planes", _app_planes),
    ("card objects under a key", _card_container),
    ("card objects keyed by id", _keyed_cards),
)


def _nameless(item: Any, index: int) -> ReaderIssue:
    """The finding for an item of a list of cards that names no card."""
    if type(item) is dict:
        what = "has only card_faces, no " if "card_faces" in item else "has no "
        keys = ", ".join(sorted(map(str, item))[:3])
        shown = f" (keys: {keys})" if keys else " (empty)"
        message = f'item {index + 1} of the list of cards {what}"name"{shown}; it was not read'
    else:
        message = f"item {index + 1} of the list of cards is no card object; it was not read"
    return ReaderIssue(None, "unreadable-line", message)


def decklist_of(document: Any, text: str, display: str) -> Decklist | None:
    """The decklist in a parsed JSON document of card objects, or None when the document
    has none of ``SHAPES`` (a ``config.json``: no decklist)."""
    parts = next((found for _, shape in SHAPES if (found := shape(document)) is not None), None)
    if parts is None:
        return None
    lines = name_lines(text)
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    seen: set[str] = set()
    for section, role, items in parts:
        for index, item in enumerate(items):
            if not _named(item):
                issues.append(_nameless(item, index))
                continue
            if _left_out(item):
                if type(item) is dict and lines.get(item["name"]):
                    lines[item["name"]].popleft()
                continue
            written = item if type(item) is str else item["name"]
            where = lines.get(written)
            line = where.popleft() if where else None
            oracle = item.get("oracle_id") if type(item) is dict else None
            if isinstance(oracle, str):
                if oracle in seen:
                    continue  # another printing of a card already read
                seen.add(oracle)
            name = _SPACES.sub(" ", written).strip()
            too_long = name_too_long(name, line)
            if too_long is not None:
                issues.append(too_long)
                continue
            printing = (
                json_printing(item.get("set"), item.get("collector_number"))
                if type(item) is dict
                else (None, None)
            )
            entries.append(DeckEntry(name, 1, line, section, role, 0, *printing))
    planar = tuple(section for section, role, _ in parts if role == "planar" and section)
    return Decklist(display, FORMAT, tuple(entries), tuple(issues), None, planar)


def read(raw: RawInput) -> Decklist:
    """Read a JSON file of card objects (``--input-format cards``)."""
    if not raw.data.strip():
        return Decklist(raw.display, FORMAT, ())
    document, text = load_json(raw)
    found = decklist_of(document, text, raw.display)
    if found is None:
        raise NotADecklistError(
            "JSON that lists no card objects (no Scryfall list, card array or app's planes)",
            path=raw.display,
        )
    return found
