"""The quick check that spares jsonschema for plain planarcli JSON decks must never accept a
document the schema rejects, and must accept the decks people write."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.deck.readers.jsondeck import SCHEMA, plainly_valid
from planarcli.schemacheck import schema_errors

FORMATS = Path(__file__).parents[2] / "decks" / "formats"

# Mostly well-formed documents, each part now and then replaced by a value near or past one of
# the schema's limits or of another JSON type, so that both sides of every limit occur.
_odd = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0, 2, 9999, 10000, 100, 101, 1.0, 2.0, 1.5, -1, "", " ", "\t\n", "\u00a0"]),
    st.sampled_from(["x" * 11, "x" * 21, "a" * 201, "a" * 1001, "planarcli-deck"]),
    st.lists(st.integers(), max_size=2),
)


def _sometimes(good: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """``good`` nine times in ten, an odd value otherwise."""
    return st.integers(0, 9).flatmap(lambda roll: _odd if roll == 9 else good)


_entry_parts = {
    "name": _sometimes(st.sampled_from(["Tazeem", "a" * 200, " Akoum ", "\u00a0x", "Æther Flues"])),
    "quantity": _sometimes(st.integers(min_value=1, max_value=9999)),
    "set": _sometimes(st.sampled_from(["PC2", "x" * 10, ""])),
    "number": _sometimes(st.sampled_from(["34", "x" * 20, ""])),
    "foil": _sometimes(st.booleans()),
    "comment": _sometimes(st.sampled_from(["", "swap later", "c" * 1000])),
    "x-note": _odd,
}


@st.composite
def _entry(draw: st.DrawFn) -> object:
    keys = draw(st.lists(st.sampled_from(sorted(_entry_parts)), max_size=4, unique=True))
    if draw(st.integers(0, 9)) != 9:
        keys = ["name", *[k for k in keys if k != "name"]]
    entry = {key: draw(_entry_parts[key]) for key in keys}
    if draw(st.integers(0, 9)) == 9:
        entry["count"] = 1  # not a key of the schema
    return entry


_head = {
    "format": _sometimes(st.just("planarcli-deck")),
    "version": _sometimes(st.just(1)),
    "name": _sometimes(st.sampled_from(["Plane Hopping", "n" * 200])),
    "description": _sometimes(st.just("d" * 10000)),
    "communal": _sometimes(st.booleans()),
    "players": _sometimes(st.integers(min_value=2, max_value=100)),
    "x-tool": _odd,
    "planes": _odd,
}


@st.composite
def documents(draw: st.DrawFn) -> object:
    if draw(st.integers(0, 19)) == 19:
        return draw(_odd)
    keys = {"format", "version"} | set(
        draw(st.lists(st.sampled_from(sorted(_head)), max_size=3, unique=True))
    )
    if draw(st.integers(0, 9)) == 9:
        keys.discard(draw(st.sampled_from(["format", "version"])))
    if draw(st.integers(0, 9)) != 9:
        keys.discard("planes")  # not a key of the schema
    document: dict[str, object] = {key: draw(_head[key]) for key in sorted(keys)}
    for section in ("planar_deck", "main", "sideboard", "commander"):
        if (section == "planar_deck" and draw(st.integers(0, 19)) != 19) or draw(st.booleans()):
            document[section] = draw(_sometimes(st.lists(_entry(), max_size=4)))
    return document


@settings(max_examples=200, deadline=None)
@given(documents())
def test_the_quick_check_accepts_only_what_the_schema_accepts(document: object) -> None:
    if plainly_valid(document):
        assert schema_errors(document, SCHEMA) == [], document


def test_the_decks_people_write_take_the_quick_path() -> None:
    plain = {
        "format": "planarcli-deck",
        "version": 1,
        "name": "Plane Hopping",
        "communal": True,
        "players": 4,
        "planar_deck": [{"name": "Tazeem", "quantity": 1, "set": "PC2", "number": "34"}],
        "main": [{"name": "Island", "quantity": 20, "foil": False, "comment": "basics"}],
        "x-generator": {"tool": "deckbuilder"},
    }
    assert plainly_valid(plain)
    assert plainly_valid(json.loads((FORMATS / "planarcli-deck.json").read_text(encoding="utf-8")))


def test_documents_with_problems_go_to_jsonschema_for_the_message() -> None:
    for broken in (
        {"format": "planarcli-deck", "version": 1},
        {"format": "planarcli-deck", "version": 1, "planar_deck": [{"name": " "}]},
        {"format": "planarcli-deck", "version": 1, "planar_deck": [{"name": "A", "quantity": 0}]},
        {"format": "planarcli-deck", "version": 1, "planar_deck": [], "players": 1},
        {"format": "planarcli-deck", "version": 1, "planar_deck": [], "typo": 1},
    ):
        assert not plainly_valid(broken)
        assert schema_errors(broken, SCHEMA)
