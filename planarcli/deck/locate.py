"""Where, in a decklist's text, a repair has to change characters.

Each format gets a locator that turns one repair (rename an entry, set its quantity to 1,
remove it) into candidate edit sets, best first. Locators never re-parse card lines: they
use what the reader recorded (the entry's line, its name exactly as written, its place in
a JSON board) and look for that name or that quantity inside the original text, so every
line form a reader accepts can be repaired. ``planarcli.deck.fix`` applies a candidate,
reads the result back with the same reader, and keeps the candidate only if the reader
then sees exactly the repaired deck.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from planarcli.deck.readers.model import DeckEntry, Decklist
from planarcli.deck.repairs import Repair
from planarcli.deck.rewrite import Edit, Layout

#: A list of alternatives; each alternative is the edits that make one repair.
Candidates = list[list[Edit]]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DIGITS = re.compile(r"[0-9]+")


class Lines:
    """Line offsets of a text, counted as ``split_lines`` counts them (CRLF, CR, LF)."""

    def __init__(self, text: str) -> None:
        self.text = text
        starts = [0]
        ends = []
        for match in _LINE_BREAK.finditer(text):
            ends.append(match.start())
            starts.append(match.end())
        ends.append(len(text))
        if starts[-1] == len(text) and len(starts) > 1:  # the text ends with a line break
            starts.pop()
            ends.pop()
        self.starts, self.ends = starts, ends

    def __len__(self) -> int:
        return len(self.starts)

    def span(self, line: int) -> tuple[int, int]:
        """(start, end) of the content of 1-based ``line``, without its line break."""
        return self.starts[line - 1], self.ends[line - 1]

    def removal(self, first: int, last: int | None = None) -> Edit:
        """The edit that removes lines ``first``..``last`` with their line breaks, and
        nothing else: every other line keeps its bytes, its line break included (so a last
        line written without one leaves the line before it as the file's end)."""
        last = first if last is None else last
        end = self.starts[last] if last < len(self) else len(self.text)
        return Edit(self.starts[first - 1], end, "")


def _name_pattern(name: str) -> re.Pattern[str]:
    """The written name, with any run of white space where it has a space, as a whole."""
    words = [re.escape(word) for word in name.split(" ")]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)")


# -- line formats: text, forge ----------------------------------------------------------


def line_candidates(repair: Repair, lines: Lines) -> Candidates:
    """Candidates for a repair of an entry that owns one line of the file."""
    entry = repair.entry
    if entry.line is None or not 1 <= entry.line <= len(lines):
        return []
    start, end = lines.span(entry.line)
    content = lines.text[start:end]
    if repair.action == "remove":
        return [[lines.removal(entry.line)]]
    names = list(_name_pattern(entry.name).finditer(content))
    if repair.action == "rename":
        return [[Edit(start + m.start(), start + m.end(), repair.name)] for m in names]
    # quantity: a run of digits worth the quantity, outside the name
    taken = [(m.start(), m.end()) for m in names[:1]]
    found = []
    for digits in _DIGITS.finditer(content):
        if int(digits.group()) != entry.quantity:
            continue
        if any(a < digits.end() and digits.start() < b for a, b in taken):
            continue
        found.append([Edit(start + digits.start(), start + digits.end(), "1")])
    return found


# -- XML formats: cockatrice, mtgo ------------------------------------------------------

_TAG = re.compile(
    r"<(?P<tag>[A-Za-z_][\w.:-]*)(?P<attrs>(?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(?P<close>/?)>"
)
_ATTR = re.compile(r"(?P<key>[A-Za-z_][\w.:-]*)\s*=\s*(?:\"(?P<dq>[^\"]*)\"|'(?P<sq>[^']*)')")
_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_SPACES = re.compile(r"\s+")


def _unescape(value: str) -> str:
    def one(match: re.Match[str]) -> str:
        ref = match.group(1)
        if ref.startswith("#x"):
            return chr(int(ref[2:], 16))
        if ref.startswith("#"):
            return chr(int(ref[1:]))
        return _NAMED[ref]

    return _ENTITY.sub(one, value)


def xml_escape(value: str, quote: str) -> str:
    """``value`` as the text of an attribute quoted with ``quote``."""
    escaped = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return escaped.replace(quote, "&quot;" if quote == '"' else "&apos;")


class XmlCard:
    """One card element found in the text, with the spans of its attributes."""

    def __init__(self, match: re.Match[str]) -> None:
        self.start, self.end = match.start(), match.end()
        self.self_closing = bool(match.group("close"))
        base = match.start("attrs")
        self.attrs: dict[str, tuple[int, int, str, str]] = {}  # key -> start, end, value, quote
        for attr in _ATTR.finditer(match.group("attrs")):
            group = "dq" if attr.group("dq") is not None else "sq"
            self.attrs[attr.group("key")] = (
                base + attr.start(group),
                base + attr.end(group),
                _unescape(attr.group(group)),
                '"' if group == "dq" else "'",
            )

    def value(self, key: str) -> str | None:
        found = self.attrs.get(key)
        return found[2] if found else None

    def name(self, key: str) -> str:
        return _SPACES.sub(" ", self.value(key) or "").strip()


def xml_candidates(
    repair: Repair,
    lines: Lines,
    entries: Sequence[DeckEntry],
    *,
    tag: str,
    name_key: str,
    quantity_key: str,
) -> Candidates:
    """Candidates for a repair of a ``<card>`` (Cockatrice) or ``<Cards>`` (MTGO) element."""
    entry = repair.entry
    if entry.line is None or not 1 <= entry.line <= len(lines):
        return []
    text = lines.text
    line_start = lines.starts[entry.line - 1]
    next_start = lines.starts[entry.line] if entry.line < len(lines) else len(text)
    cards = []
    for match in _TAG.finditer(text, line_start):
        if match.start() >= next_start:
            break
        if match.group("tag") == tag:
            card = XmlCard(match)
            if card.name(name_key) == entry.name:
                cards.append(card)
    # The n-th entry of this name on this line is the n-th such element on it.
    rank = [e for e in entries if e.line == entry.line and e.name == entry.name]
    index = next((i for i, e in enumerate(rank) if e is entry), 0)
    ordered = cards[index:] + cards[:index]
    found: Candidates = []
    for card in ordered:
        if repair.action == "rename":
            start, end, _, quote = card.attrs[name_key]
            found.append([Edit(start, end, xml_escape(repair.name, quote))])
        elif repair.action == "quantity":
            if quantity_key in card.attrs:
                start, end, _, _ = card.attrs[quantity_key]
                found.append([Edit(start, end, "1")])
        else:
            removal = _element_removal(card, tag, lines)
            if removal is not None:
                found.append([removal])
    return found


def _element_removal(card: XmlCard, tag: str, lines: Lines) -> Edit | None:
    text = lines.text
    end = card.end
    if not card.self_closing:
        closing = re.compile(rf"</{re.escape(tag)}\s*>").search(text, end)
        opening = text.find(f"<{tag}", end)
        if closing is None or 0 <= opening < closing.start():
            return None
        end = closing.end()
    first = _line_of(lines, card.start)
    last = _line_of(lines, end)
    line_start = lines.starts[first - 1]
    line_end = lines.ends[last - 1]
    if not text[line_start : card.start].strip() and not text[end:line_end].strip():
        return lines.removal(first, last)  # the element has its lines to itself
    return Edit(card.start, end, "")


def _line_of(lines: Lines, offset: int) -> int:
    import bisect

    return bisect.bisect_right(lines.starts, offset)


# -- JSON formats: planarcli json, mtgjson -----------------------------------------------


class Node:
    """A JSON value with its character span; objects keep every key, repeats included."""

    __slots__ = ("end", "items", "kind", "members", "start", "value")

    def __init__(self, kind: str, start: int, end: int, value: Any = None) -> None:
        self.kind, self.start, self.end, self.value = kind, start, end, value
        self.items: list[Node] = []
        self.members: list[tuple[str, Node]] = []

    def get(self, key: str) -> Node | None:
        """The value of ``key`` as json.loads keeps it (the last one written)."""
        found = None
        for name, node in self.members:
            if name == key:
                found = node
        return found

    def key_order(self) -> list[str]:
        """Keys in the order json.loads's dict has them (first appearance)."""
        return list(dict.fromkeys(name for name, _ in self.members))


_WS = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None, "NaN": None, "Infinity": None}


def parse_json_spans(text: str) -> Node:
    """The document in ``text`` (already known to be valid JSON) as spanned nodes."""
    position = _WS.match(text, 0).end()  # type: ignore[union-attr]
    if text.startswith("\ufeff", position):
        position += 1
    node, _ = _value(text, position)
    return node


def _value(text: str, position: int) -> tuple[Node, int]:
    char = text[position : position + 1]
    if char == "{":
        node = Node("object", position, position)
        position = _WS.match(text, position + 1).end()  # type: ignore[union-attr]
        if text.startswith("}", position):
            node.end = position + 1
            return node, position + 1
        while True:
            key = _STRING.match(text, position)
            if key is None:
                raise ValueError(f"expected a key at {position}")
            position = _WS.match(text, key.end()).end()  # type: ignore[union-attr]
            position = _WS.match(text, position + 1).end()  # type: ignore[union-attr]  # ':'
            value, position = _value(text, position)
            node.members.append((json.loads(key.group()), value))
            position = _WS.match(text, position).end()  # type: ignore[union-attr]
            if text.startswith("}", position):
                node.end = position + 1
                return node, position + 1
            position = _WS.match(text, position + 1).end()  # type: ignore[union-attr]  # ','
    if char == "[":
        node = Node("array", position, position)
        position = _WS.match(text, position + 1).end()  # type: ignore[union-attr]
        if text.startswith("]", position):
            node.end = position + 1
            return node, position + 1
        while True:
            item, position = _value(text, position)
            node.items.append(item)
            position = _WS.match(text, position).end()  # type: ignore[union-attr]
            if text.startswith("]", position):
                node.end = position + 1
                return node, position + 1
            position = _WS.match(text, position + 1).end()  # type: ignore[union-attr]
    if char == '"':
        match = _STRING.match(text, position)
        if match is None:
            raise ValueError(f"unterminated string at {position}")
        return Node("string", position, match.end(), json.loads(match.group())), match.end()
    for literal, constant in _LITERALS.items():
        for written in (literal, "-" + literal) if literal == "Infinity" else (literal,):
            if text.startswith(written, position):
                end = position + len(written)
                return Node("literal", position, end, constant), end
    match = _NUMBER.match(text, position)
    if match is None:
        raise ValueError(f"unexpected character at {position}")
    return Node("number", position, match.end(), json.loads(match.group())), match.end()


def json_card_nodes(
    decklist: Decklist, boards: Sequence[tuple[Node, str]], quantity_key: str
) -> dict[int, tuple[Node, Node]]:
    """Entry index -> (card object node, the array holding it), pairing the reader's entries
    in order with the card objects of ``boards`` that carry the same name and quantity."""
    pairs: dict[int, tuple[Node, Node]] = {}
    entries = decklist.entries
    index = 0
    for array, _board in boards:
        for item in array.items:
            if index >= len(entries):
                return pairs
            if item.kind != "object":
                continue
            name_node = item.get("name")
            count = item.get(quantity_key)
            if name_node is None or not isinstance(name_node.value, str):
                continue
            written = _SPACES.sub(" ", name_node.value).strip()
            quantity = 1 if count is None else count.value
            if count is not None and (count.kind != "number" or isinstance(quantity, bool)):
                continue
            if written == entries[index].name and quantity == entries[index].quantity:
                pairs[index] = (item, array)
                index += 1
    return pairs


def json_candidates(
    repair: Repair, item: Node, array: Node, layout: Layout, quantity_key: str
) -> Candidates:
    if repair.action == "rename":
        name_node = item.get("name")
        if name_node is None:
            return []
        written = json.dumps(repair.name, ensure_ascii=False)
        if not layout.can_encode(name_node.start, written):
            written = json.dumps(repair.name)
        return [[Edit(name_node.start, name_node.end, written)]]
    if repair.action == "quantity":
        count = item.get(quantity_key)
        return [] if count is None else [[Edit(count.start, count.end, "1")]]
    position = next(i for i, node in enumerate(array.items) if node is item)
    items = array.items
    if len(items) == 1:
        return [[Edit(item.start, item.end, "")]]
    found: Candidates = []
    if position > 0:  # with the comma before it
        found.append([Edit(items[position - 1].end, item.end, "")])
    if position + 1 < len(items):  # with the comma after it
        found.append([Edit(item.start, items[position + 1].start, "")])
    return found


#: A locator: (repair, decklist, layout) -> candidates.
Locator = Callable[[Repair, Decklist, Layout], Candidates]
