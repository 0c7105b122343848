"""JSON that apps and scripts save cards in (planarcli/deck/readers/cardjson.py): Scryfall
lists, arrays and single card objects, an app's planes, objects keyed by id; and JSON that
is no deck, which a folder scan passes over."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, SHARED_DATA, load_script, requires_shared_data

from planarcli.cards.catalog import Catalog
from planarcli.cards.store import load_catalog
from planarcli.deck.readers import detect_format, read_decklist, reader_for
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.errors import InputError, NotADecklistError

FORMATS_DIR = REPO / "tests" / "decks" / "formats"
SCRIPT = REPO / "scripts" / "build_card_json_fixtures.py"
#: The deck the Scryfall fixtures hold: ten Planechase Anthology planes and a phenomenon.
DECK = [
    "Academy at Tolaria West",
    "The Aether Flues",
    "Agyrem",
    "Akoum",
    "Aretopolis",
    "Astral Arena",
    "Bant",
    "Bloodhill Bastion",
    "Celestine Reef",
    "Cliffside Market",
    "Chaotic Aether",
]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _cards() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = json.loads(
        (FORMATS_DIR / "scryfall-array.json").read_text(encoding="utf-8")
    )
    return cards


def _read(name: str, data: bytes) -> Any:
    raw = RawInput(name, data, Path(name).suffix)
    return reader_for(detect_format(raw))(raw)


@requires_shared_data
def test_the_fixtures_are_what_the_script_builds() -> None:
    built = load_script(SCRIPT).build(SHARED_DATA)
    for name, text in built.items():
        assert (FORMATS_DIR / name).read_text(encoding="utf-8") == text, name


def test_a_scryfall_list_is_one_copy_of_each_card(catalog: Catalog) -> None:
    document = json.loads((FORMATS_DIR / "scryfall-list.json").read_text(encoding="utf-8"))
    assert len(document["data"]) == 12  # a second printing of Celestine Reef (prm)
    decklist = read_decklist(str(FORMATS_DIR / "scryfall-list.json"))
    assert decklist.format == "cards"
    assert [e.name for e in decklist.entries] == DECK
    assert {e.quantity for e in decklist.entries} == {1}
    assert decklist.entries[0].set_code == "OPCA"
    assert decklist.entries[0].number == decklist.entries[0].number.strip()
    planar = find_planar_deck(decklist, catalog)
    assert (planar.found, planar.how, len(planar.entries)) == (True, "whole-file", 11)


def test_entries_point_at_the_line_of_their_name() -> None:
    path = FORMATS_DIR / "scryfall-list.json"
    lines = path.read_text(encoding="utf-8").splitlines()
    for entry in read_decklist(str(path)).entries:
        assert entry.line is not None
        assert json.dumps(entry.name) in lines[entry.line - 1], entry


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig"])
def test_a_scryfall_list_saved_by_powershell(encoding: str) -> None:
    """PowerShell's Out-File and Set-Content write UTF-16 with a byte-order mark."""
    text = (FORMATS_DIR / "scryfall-list.json").read_text(encoding="utf-8")
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    decklist = _read("planes.json", data)
    assert [e.name for e in decklist.entries] == DECK


@pytest.mark.parametrize(
    "shape",
    [
        pytest.param(lambda cards: cards, id="array"),
        pytest.param(lambda cards: {c["id"]: c for c in cards}, id="keyed-by-id"),
        pytest.param(
            lambda cards: {c["name"].lower().replace(" ", "-"): c for c in cards}, id="by-slug"
        ),
        pytest.param(lambda cards: {"object": "list", "data": cards}, id="list"),
        pytest.param(lambda cards: {"planes": cards}, id="app-objects"),
        pytest.param(lambda cards: {"planes": [c["name"] for c in cards]}, id="app-names"),
        pytest.param(
            lambda cards: {"planes": {c["id"]: {"name": c["name"]} for c in cards}},
            id="app-keyed",
        ),
    ],
)
def test_each_shape_reads_as_the_deck(shape: Callable[[Any], Any], catalog: Catalog) -> None:
    for suffix in (".json", ".txt", ""):
        data = json.dumps(shape(_cards()), indent=1).encode()
        decklist = _read(f"planes{suffix}", data)
        assert [e.name for e in decklist.entries] == DECK, suffix
        assert find_planar_deck(decklist, catalog).found


def test_one_card_object() -> None:
    decklist = _read("akoum.json", json.dumps(_cards()[3]).encode())
    assert [(e.name, e.quantity, e.line) for e in decklist.entries] == [("Akoum", 1, 1)]


def test_an_app_s_switched_off_planes_are_not_in_the_deck(catalog: Catalog) -> None:
    decklist = read_decklist(str(FORMATS_DIR / "app-planes.json"))
    names = [e.name for e in decklist.entries]
    assert "Interplanar Tunnel" not in names
    assert names == DECK
    assert decklist.planar_sections == ("planes",)
    text = (FORMATS_DIR / "app-planes.json").read_text(encoding="utf-8").splitlines()
    assert all(json.dumps(e.name) in text[(e.line or 0) - 1] for e in decklist.entries)
    planar = find_planar_deck(decklist, catalog)
    assert (planar.how, len(planar.entries)) == ("section", 11)


@pytest.mark.parametrize("flag", ["enabled", "included", "selected"])
def test_each_switch_an_app_writes(flag: str) -> None:
    document = {"phenomena": [{"name": "Chaotic Aether", flag: False}, {"name": "Morphic Tide"}]}
    decklist = _read("deck.json", json.dumps(document).encode())
    assert [e.name for e in decklist.entries] == ["Morphic Tide"]


@pytest.mark.parametrize(
    "document",
    [
        {"theme": "dark", "name": "My app", "layout": "grid"},  # a config.json
        {"name": "planarcli", "version": "1.0", "dependencies": {}},  # a package.json
        {"valid": False, "cards": 0, "planar_deck": "none", "findings": []},  # expected.json
        {"planes": "none"},
        {"planes": [1, 2, 3]},
        {"object": "list", "data": [{"name": "x"}]},  # not card objects
        [{"name": "build", "command": "make"}],
        {"a": {"name": "Akoum"}},  # keyed objects that are no cards
        [],
        {},
    ],
)
def test_json_that_is_no_deck(document: Any) -> None:
    with pytest.raises(NotADecklistError):
        _read("config.json", json.dumps(document).encode())


def test_a_planar_deck_list_without_the_marker_is_still_an_error_to_fix() -> None:
    document = {"planar_deck": [{"name": "Akoum"}]}
    not_json_deck = "neither an MTGJSON deck, a planarcli decklist nor card objects"
    with pytest.raises(InputError, match=not_json_deck) as e:
        _read("deck.json", json.dumps(document).encode())
    assert not isinstance(e.value, NotADecklistError)


def test_the_expected_results_beside_the_test_decks_are_no_decks(
    run_cli: Callable[..., Any],
) -> None:
    """``validate tests/decks`` read the *.expected.json files, whose "planar_deck" key says
    how the deck beside it is found, as planarcli decks missing their marker: exit 2."""
    result = run_cli("validate", "-v", "--format", "json", str(REPO / "tests" / "decks"))
    files = json.loads(result.stdout)["files"]
    expected = [f for f in files if f["path"].endswith(".expected.json")]
    assert expected and all(f["skipped"] for f in expected), expected
    assert result.exit_code == 1, result  # the invalid decks, and nothing unreadable
    assert "unreadable" not in result.stderr


def test_a_folder_scan_reads_card_json_and_passes_over_config(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    (tmp_path / "deck.json").write_text(json.dumps({"planes": DECK}), encoding="utf-8")
    (tmp_path / "config.json").write_text('{"theme": "dark", "name": "x"}', encoding="utf-8")
    (tmp_path / "settings.json").write_text('[{"name": "build"}]', encoding="utf-8")
    result = run_cli("validate", "-v", str(tmp_path))
    assert result.exit_code == 0, result
    assert f"{tmp_path / 'deck.json'}: valid (11 cards, 1 phenomenon)" in result.stdout
    assert f"{tmp_path / 'config.json'}: skipped" in result.stdout
    assert f"{tmp_path / 'settings.json'}: skipped" in result.stdout


_CARD = {"object": "card", "name": "Akoum", "type_line": "Plane — Zendikar"}


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ({"object": "card"}, 'has no "name" (keys: object)'),
        ({"card_faces": [{"name": "Akoum"}]}, 'has only card_faces, no "name"'),
        ({"id": "abc"}, 'has no "name" (keys: id)'),
        ({}, 'has no "name" (empty)'),
        (7, "is no card object"),
    ],
)
@pytest.mark.parametrize("wrap", ["array", "list", "cards", "deck", "keyed", "planes"])
def test_one_bad_item_is_a_finding_and_the_good_ones_are_read(
    bad: Any, said: str, wrap: str
) -> None:
    items = [_CARD, bad, {**_CARD, "name": "Bant"}]
    if wrap == "keyed" and type(bad) is not dict:
        pytest.skip("an object keyed by id holds objects only")
    document: Any = {
        "array": items,
        "list": {"object": "list", "data": items},
        "cards": {"cards": items},
        "deck": {"deck": items, "name": "Mine"},
        "keyed": {f"id{i}": item for i, item in enumerate(items)},
        "planes": {"planes": items},
    }[wrap]
    decklist = _read("cards.json", json.dumps(document).encode())
    assert [e.name for e in decklist.entries] == ["Akoum", "Bant"]
    assert [(i.code, i.severity) for i in decklist.issues] == [("unreadable-line", "error")]
    assert decklist.issues[0].message.startswith("item 2 of the list of cards ")
    assert said in decklist.issues[0].message


@pytest.mark.parametrize(
    "document",
    [["Akoum", "Bant"], {"cards": ["Akoum", {"object": "card", "name": "Bant"}]}],
)
def test_names_in_json_are_cards_as_in_a_text_file(document: Any) -> None:
    decklist = _read("deck.json", json.dumps(document).encode())
    assert [(e.name, e.quantity) for e in decklist.entries] == [("Akoum", 1), ("Bant", 1)]
    assert decklist.issues == ()


@pytest.mark.parametrize("off", [False, "false", "False", "no", "0", 0, " off "])
def test_a_switch_written_as_text_or_a_number_is_off(off: Any) -> None:
    document = {"planes": [{"name": "Akoum", "enabled": off}, {"name": "Bant", "enabled": "true"}]}
    decklist = _read("deck.json", json.dumps(document).encode())
    assert [e.name for e in decklist.entries] == ["Bant"]


def test_a_folder_scan_reports_bad_card_items_never_skips_them(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    (tmp_path / "deck.json").write_text(json.dumps([_CARD, {"id": "abc"}]), encoding="utf-8")
    (tmp_path / "config.json").write_text('[{"id": "abc"}]', encoding="utf-8")
    result = run_cli("validate", "-v", str(tmp_path))
    assert result.exit_code == 1, result
    assert f"{tmp_path / 'deck.json'}: invalid" in result.stdout
    assert 'item 2 of the list of cards has no "name" (keys: id)' in result.stdout
    assert f"{tmp_path / 'config.json'}: skipped" in result.stdout
