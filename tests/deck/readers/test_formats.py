"""Every decklist format planarcli reads, from example files in each format's real shape
(tests/decks/formats/), through read_decklist + find_planar_deck and through the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli.cards.catalog import Catalog
from planarcli.cards.store import load_snapshot
from planarcli.deck.readers import (
    FORMATS,
    detect_format,
    looks_like_json_decklist,
    read_decklist,
    reader_for,
)
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.errors import InputError, UsageError

FORMATS_DIR = Path(__file__).parents[2] / "decks" / "formats"
SHARED_DATA = Path(__file__).resolve().parents[4] / "shared" / "data"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_snapshot()


Entry = tuple[str, int, int | None]


def planar(path: Path, catalog: Catalog) -> tuple[str, str | None, list[Entry]]:
    decklist = read_decklist(str(path))
    deck = find_planar_deck(decklist, catalog)
    return deck.how, decklist.format, [(e.name, e.quantity, e.line) for e in deck.entries]


# -- Forge ---------------------------------------------------------------------------------


def test_forge_old_style_planar_section_with_ae_spelling(catalog: Catalog) -> None:
    path = FORMATS_DIR / "forge-old-planar.dck"
    decklist = read_decklist(str(path))
    assert decklist.format == "forge"
    assert decklist.name == "Strike Force (Planechase)"
    assert decklist.issues == ()
    how, _, entries = planar(path, catalog)
    assert how == "section"
    assert entries[0] == ("Academy at Tolaria West", 1, 12)
    assert ("Bant", 1, 14) in entries  # |HOP removed
    assert ("The AEther Flues", 1, 20) in entries  # kept as written
    assert entries[-1] == ("Chaotic AEther", 1, 22)  # last line, no trailing newline
    assert len(entries) == 11
    # the catalog folds AE = Æ = Ae
    assert catalog.lookup("The AEther Flues").name == "The Aether Flues"  # type: ignore[union-attr]
    main = [e for e in decklist.entries if e.section == "main"]
    assert [(e.name, e.quantity, e.role) for e in main][:2] == [
        ("Mountain", 7, "other"),
        ("Lightning Bolt", 4, "other"),
    ]


def test_forge_new_style_planes_section_with_tags_and_crlf(catalog: Catalog) -> None:
    path = FORMATS_DIR / "forge-new-planes.dck"
    decklist = read_decklist(str(path))
    assert decklist.format == "forge"
    assert decklist.name == "Timey-Wimey (Doctor Who)"
    how, _, entries = planar(path, catalog)
    assert how == "section"
    assert entries == [
        ("Bad Wolf Bay", 1, 13),
        ("Coal Hill School", 1, 14),  # |WHO|1
        ("Lake Silencio", 1, 15),  # foil marker +|WHO
        ("Singing Towers of Darillium", 1, 16),  # |WHO|[169]
        ("TARDIS Bay", 1, 17),
        ("The Moonbase", 1, 18),
        ("UNIT Headquarters", 1, 19),  # |#{markedColors=W}
        ("Stormcage Containment Facility", 1, 20),
        ("Ood Sphere", 1, 21),
        ("Spectrox Mines", 1, 22),
        ("Fixed Point in Time", 1, 23),
    ]
    by_name = {e.name: e for e in decklist.entries}
    assert by_name["The Fourth Doctor"].section == "Commander"
    assert by_name["The Fourth Doctor"].role == "other"
    assert by_name["Sol Ring"].quantity == 1
    assert by_name["Swamp"].line == 11


def test_forge_precon_without_planar_section_is_no_planar_deck(catalog: Catalog) -> None:
    decklist = read_decklist(str(FORMATS_DIR / "forge-precon-no-planar.dck"))
    deck = find_planar_deck(decklist, catalog)
    assert not deck.found
    assert deck.how == "none"


@pytest.mark.parametrize(
    ("line", "name", "quantity"),
    [
        ("1 Blaze|HOP", "Blaze", 1),
        ("1 The Fourth Doctor|WHO|1", "The Fourth Doctor", 1),
        ("2 Lightning Bolt|M11|[146]", "Lightning Bolt", 2),
        ("1 Lightning Bolt+|M11", "Lightning Bolt", 1),
        ("1 Swamp|WHO|3|#{markedColors=B}", "Swamp", 1),
        ("1 Chaotic AEther|PC2", "Chaotic AEther", 1),
        ("3 Assault // Battery|INV", "Assault // Battery", 3),
        ("1   Tazeem  ", "Tazeem", 1),
        ("Tazeem|HOP", "Tazeem", 1),
    ],
)
def test_forge_card_lines(line: str, name: str, quantity: int) -> None:
    raw = RawInput("x.dck", f"[Planes]\n{line}".encode(), ".dck")
    decklist = reader_for("forge")(raw)
    assert [(e.name, e.quantity, e.line, e.role) for e in decklist.entries] == [
        (name, quantity, 2, "planar")
    ]


@pytest.mark.parametrize(
    ("section", "role"),
    [
        ("planar", "planar"),
        ("Planes", "planar"),
        ("PLANES", "planar"),
        ("Main", "other"),
        ("main", "other"),
        ("Sideboard", "other"),
        ("Commander", "other"),
        ("Schemes", "other"),
        ("Conspiracy", "other"),
        ("Dungeon", "other"),
        ("Avatar", "other"),
    ],
)
def test_forge_section_roles(section: str, role: str) -> None:
    raw = RawInput("x.dck", f"[{section}]\n1 Tazeem".encode(), ".dck")
    assert [e.role for e in reader_for("forge")(raw).entries] == [role]


def test_forge_bad_quantity_is_an_issue_not_an_error() -> None:
    raw = RawInput("x.dck", b"[Planes]\n0 Tazeem\n1 Akoum\n99999999999999 Agyrem", ".dck")
    decklist = reader_for("forge")(raw)
    assert [e.name for e in decklist.entries] == ["Akoum"]
    assert [(i.line, i.code) for i in decklist.issues] == [(2, "bad-quantity"), (4, "bad-quantity")]


def test_names_longer_than_any_card_are_issues() -> None:
    name = "A" * 201
    raw = RawInput("x.dck", f"[Planes]\n1 {name}\n1 {'B' * 200}".encode(), ".dck")
    decklist = reader_for("forge")(raw)
    assert [e.line for e in decklist.entries] == [3]
    assert [(i.line, i.code) for i in decklist.issues] == [(2, "name-too-long")]
    assert len(decklist.issues[0].message) < 200


def test_forge_without_any_section_is_malformed() -> None:
    raw = RawInput("x.dck", b"\n1 Tazeem\n1 Akoum\n", ".dck")
    with pytest.raises(InputError) as caught:
        reader_for("forge")(raw)
    assert caught.value.line == 2
    assert "no [section] header" in str(caught.value)


# -- Cockatrice ----------------------------------------------------------------------------


def test_cockatrice_planes_in_side_zone(catalog: Catalog) -> None:
    path = FORMATS_DIR / "cockatrice-side.cod"
    decklist = read_decklist(str(path))
    assert decklist.format == "cockatrice"
    assert decklist.name == "Planar Chaos (Cockatrice)"
    roles = {e.section: e.role for e in decklist.entries}
    assert roles == {"main": "candidate", "side": "candidate", "tokens": "other"}
    how, _, entries = planar(path, catalog)
    assert how == "by-type"
    assert entries[0] == ("Grand Ossuary", 1, 10)
    assert entries[-1] == ("Interplanar Tunnel", 1, 20)
    assert len(entries) == 11  # Naturalize (side) and Llanowar Elves (main) are not planar
    assert "Naturalize" not in [name for name, _, _ in entries]


def test_cockatrice_planes_in_sideboard_zone_crlf_no_trailing_newline(catalog: Catalog) -> None:
    how, fmt, entries = planar(FORMATS_DIR / "cockatrice-sideboard.cod", catalog)
    assert (how, fmt) == ("by-type", "cockatrice")
    assert entries[0] == ("Shiv", 1, 10)
    assert entries[-1] == ("The Hippodrome", 1, 19)
    assert len(entries) == 10


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig", "cp1252"])
def test_cockatrice_in_other_encodings(encoding: str, catalog: Catalog) -> None:
    text = (FORMATS_DIR / "cockatrice-side.cod").read_text(encoding="utf-8")
    label = {"utf-16": "UTF-16", "utf-8-sig": "UTF-8", "cp1252": "windows-1252"}[encoding]
    text = text.replace('encoding="UTF-8"', f'encoding="{label}"').replace(
        "Planar Chaos (Cockatrice)", "Planar Chaos – Æther"
    )
    decklist = reader_for("cockatrice")(RawInput("d.cod", text.encode(encoding), ".cod"))
    assert decklist.name == "Planar Chaos – Æther"
    deck = find_planar_deck(decklist, catalog)
    assert [(e.name, e.line) for e in deck.entries][:2] == [("Grand Ossuary", 10), ("Krosa", 11)]


def test_cockatrice_bad_cards_are_issues() -> None:
    xml = (
        b'<?xml version="1.0"?>\n<cockatrice_deck version="1">\n<zone name="side">\n'
        b'<card number="x" name="Tazeem"/>\n<card number="1"/>\n<card name="Akoum"/>\n'
        b"</zone>\n</cockatrice_deck>"
    )
    decklist = reader_for("cockatrice")(RawInput("d.cod", xml, ".cod"))
    assert [(e.name, e.quantity, e.line) for e in decklist.entries] == [("Akoum", 1, 6)]
    assert [(i.line, i.code) for i in decklist.issues] == [
        (4, "bad-quantity"),
        (5, "unreadable-line"),
    ]


def test_cockatrice_wrong_root_is_malformed() -> None:
    with pytest.raises(InputError, match="root element is <html>"):
        reader_for("cockatrice")(RawInput("d.cod", b"<html><body/></html>", ".cod"))


# -- MTGO ----------------------------------------------------------------------------------


def test_mtgo_sideboard_rows_are_the_planar_deck(catalog: Catalog) -> None:
    path = FORMATS_DIR / "mtgo-sideboard.dek"
    decklist = read_decklist(str(path))
    assert decklist.format == "mtgo"
    roles = {(e.name, e.role) for e in decklist.entries}
    assert ("Primordial Wurm", "other") in roles
    assert ("Naturalize", "candidate") in roles
    how, _, entries = planar(path, catalog)
    assert how == "by-type"
    assert entries[0] == ("Akoum", 1, 7)
    assert entries[-1] == ("Spatial Merging", 1, 18)
    assert len(entries) == 12


def test_mtgo_file_without_sideboard_rows_is_read_as_a_bare_list(
    catalog: Catalog, tmp_path: Path
) -> None:
    """A deck site that exports a planar deck as a ``.dek`` main deck (no sideboard rows at
    all): the rows are the whole file, the planar deck when they are mostly planar, a
    misspelt one included so that it is reported."""
    rows = ["Naya", "Tazeem", "Krosa", "Minamo", "Stensia", "Kilnspire District", "Gavony"]
    rows += ["Llanowar", "Otaria", "Akoum", "Spatial Mergin"]
    body = "".join(
        f'  <Cards CatID="{n}" Quantity="1" Sideboard="false" Name="{name}" />\r\n'
        for n, name in enumerate(rows)
    )
    path = tmp_path / "export.dek"
    path.write_text(f'<?xml version="1.0"?>\r\n<Deck>\r\n{body}</Deck>\r\n', newline="")
    decklist = read_decklist(str(path))
    assert {e.role for e in decklist.entries} == {"unsectioned"}
    how, _, entries = planar(path, catalog)
    assert how == "whole-file"
    assert [name for name, _, _ in entries] == rows
    # A main deck of other cards and no sideboard is still no planar deck.
    other = tmp_path / "main.dek"
    other.write_text(
        '<Deck><Cards Quantity="20" Name="Forest"/><Cards Quantity="4" Name="Naya"/></Deck>'
    )
    assert find_planar_deck(read_decklist(str(other)), catalog).found is False


def test_mtgo_bad_cards_are_issues_worded_as_cockatrice_s() -> None:
    """The two XML readers read a card the same way (``readers.xmldeck``), each naming its
    own attributes."""
    long_name = "B" * 201
    dek = (
        b'<?xml version="1.0"?>\n<Deck>\n<Cards Quantity="x" Sideboard="true" Name="Tazeem"/>\n'
        b'<Cards Quantity="1" Sideboard="true"/>\n<Cards Sideboard="true" Name="Akoum"/>\n'
        + f'<Cards Quantity="1" Sideboard="true" Name="{long_name}"/>\n</Deck>'.encode()
    )
    decklist = reader_for("mtgo")(RawInput("d.dek", dek, ".dek"))
    assert [(e.name, e.quantity, e.line) for e in decklist.entries] == [("Akoum", 1, 5)]
    assert [(i.line, i.code) for i in decklist.issues] == [
        (3, "bad-quantity"),
        (4, "unreadable-line"),
        (6, "name-too-long"),
    ]
    assert [i.message for i in decklist.issues[:2]] == [
        "Quantity='x' for 'Tazeem' is not a quantity between 1 and 9999",
        "a <Cards> row has no Name",
    ]
    assert decklist.issues[2].message.startswith(f"{long_name[:40]!r}... is 201 characters")
    cod = b'<cockatrice_deck><zone name="side"><card number="0" name="Akoum"/></zone>'
    cod += b'<zone name="main"><card number="2"/></zone></cockatrice_deck>'
    messages = [i.message for i in reader_for("cockatrice")(RawInput("d.cod", cod, ".cod")).issues]
    assert messages == [
        "number='0' for 'Akoum' is not a quantity between 1 and 9999",
        "a <card> in zone 'main' has no name",
    ]
    wrong_root = r"^d.dek:1: not an MTGO deck: the root element is <html>, expected <Deck>$"
    with pytest.raises(InputError, match=wrong_root):
        reader_for("mtgo")(RawInput("d.dek", b"<html><body/></html>", ".dek"))
    with pytest.raises(InputError, match=r"expected <cockatrice_deck>$"):
        reader_for("cockatrice")(RawInput("d.cod", b"<html><body/></html>", ".cod"))
    assert reader_for("mtgo")(RawInput("d.dek", b" \n", ".dek")).entries == ()


# -- MTGJSON -------------------------------------------------------------------------------


def test_mtgjson_planes_board(catalog: Catalog) -> None:
    path = FORMATS_DIR / "mtgjson-planes.json"
    decklist = read_decklist(str(path))
    assert (decklist.format, decklist.name) == ("mtgjson", "Growing Threat")
    how, _, entries = planar(path, catalog)
    assert how == "section"
    assert entries[0] == ("Norn's Seedcore", 1, None)
    assert entries[-1] == ("Omenpath Instability", 1, None)
    assert len(entries) == 11
    others = {e.section for e in decklist.entries if e.role == "other"}
    assert others == {"commander", "displayCommander", "mainBoard", "tokens"}


def test_mtgjson_old_sideboard(catalog: Catalog) -> None:
    how, fmt, entries = planar(FORMATS_DIR / "mtgjson-sideboard-old.json", catalog)
    assert (how, fmt) == ("by-type", "mtgjson")
    assert [name for name, _, _ in entries][-1] == "The Aether Flues"
    assert len(entries) == 10


def test_mtgjson_anthology_box_main_board(catalog: Catalog) -> None:
    path = FORMATS_DIR / "mtgjson-anthology.json"
    assert b"\n" not in path.read_bytes()  # one line, like the real files
    how, fmt, entries = planar(path, catalog)
    assert (how, fmt) == ("by-type", "mtgjson")
    names = {name for name, _, _ in entries}
    assert len(names) == len(entries) == 86
    phenomena = [n for n in names if catalog.lookup(n).kind == "phenomenon"]  # type: ignore[union-attr]
    assert len(phenomena) == 8


def test_mtgjson_700_kb_one_line_file_reads_fast(tmp_path: Path, catalog: Catalog) -> None:
    import time

    document = json.loads((FORMATS_DIR / "mtgjson-anthology.json").read_text(encoding="utf-8"))
    for card in document["data"]["mainBoard"]:  # real card objects carry many fields
        card["originalText"] = "Whenever you roll {CHAOS}, " + "x" * 7700
        card["foreignData"] = [{"language": "German", "name": card["name"]}] * 5
    path = tmp_path / "PlanechaseAnthologyPlanes_PCA.json"
    path.write_text(
        json.dumps(document, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )
    assert path.stat().st_size > 690_000
    started = time.process_time()  # the work done, whatever else the machine runs
    decklist = read_decklist(str(path))
    assert time.process_time() - started < 2
    assert len(find_planar_deck(decklist, catalog).entries) == 86


def test_mtgjson_bad_counts_are_issues() -> None:
    doc = {
        "meta": {},
        "data": {
            "sideBoard": [
                {"name": "Tazeem", "count": -1},
                {"name": "Akoum", "count": "2"},
                {"count": 1},
                "Agyrem",
                {"name": "Bant", "count": True},
                {"name": "Naya"},
            ]
        },
    }
    raw = RawInput("d.json", json.dumps(doc).encode(), ".json")
    decklist = reader_for("mtgjson")(raw)
    assert [(e.name, e.quantity) for e in decklist.entries] == [("Naya", 1)]
    assert [i.code for i in decklist.issues] == [
        "bad-quantity",
        "bad-quantity",
        "unreadable-line",
        "unreadable-line",
        "bad-quantity",
    ]


def test_mtgjson_without_data_is_malformed() -> None:
    with pytest.raises(InputError, match='"data" object'):
        reader_for("mtgjson")(RawInput("d.json", b'{"meta": {}}', ".json"))


# -- planarcli JSON ------------------------------------------------------------------------


def test_planarcli_json_deck(catalog: Catalog) -> None:
    path = FORMATS_DIR / "planarcli-deck.json"
    decklist = read_decklist(str(path))
    assert (decklist.format, decklist.name) == ("json", "Plane Hopping")
    how, _, entries = planar(path, catalog)
    assert how == "section"
    assert entries[0] == ("Tazeem", 1, 6)
    assert entries[-1] == ("Time Distortion", 1, 16)
    assert len(entries) == 11
    main = [(e.name, e.quantity, e.line) for e in decklist.entries if e.section == "main"]
    assert main == [("Tazeem", 1, 19), ("Island", 20, 20)]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (
            {
                "format": "planarcli-deck",
                "version": 1,
                "planar_deck": [
                    {"name": "A"},
                    {"name": "B"},
                    {"name": "C"},
                    {"name": "D", "quantity": -1},
                ],
            },
            "$.planar_deck[3].quantity: -1 is less than the minimum of 1",
        ),
        ({"format": "planarcli-deck", "version": 1}, "'planar_deck' is a required property"),
        (
            {"format": "planarcli-deck", "version": 2, "planar_deck": []},
            "$.version: 1 was expected",
        ),
        (
            {"format": "planarcli-deck", "version": 1, "planar-deck": [], "planar_deck": []},
            "$: unknown key 'planar-deck' (keys of your own must start with 'x-')",
        ),
        (
            {"format": "planarcli-deck", "version": 1, "planar_deck": [{"name": ""}]},
            "$.planar_deck[0].name",
        ),
    ],
)
def test_planarcli_json_schema_errors_name_the_path(document: object, message: str) -> None:
    raw = RawInput("d.json", json.dumps(document).encode(), ".json")
    with pytest.raises(InputError) as caught:
        reader_for("json")(raw)
    assert message in str(caught.value)
    assert str(caught.value).startswith("d.json: not a valid planarcli decklist: $")


@pytest.mark.parametrize("document", [[1, 2, 3], {"planar_deck": []}, {"format": "other"}, 7])
def test_json_that_is_no_decklist(document: object) -> None:
    raw = RawInput("d.json", json.dumps(document).encode(), ".json")
    not_json_deck = "neither an MTGJSON deck, a planarcli decklist nor card objects"
    with pytest.raises(InputError, match=not_json_deck):
        reader_for("json")(raw)


def test_planarcli_json_x_keys_are_allowed() -> None:
    doc = {
        "format": "planarcli-deck",
        "version": 1,
        "x-editor": {"any": "thing"},
        "planar_deck": [{"name": "Tazeem", "x-note": 3}],
    }
    decklist = reader_for("json")(RawInput("d.json", json.dumps(doc).encode(), ".json"))
    assert [(e.name, e.quantity, e.line) for e in decklist.entries] == [("Tazeem", 1, 1)]


def test_planarcli_json_schema_is_bundled_and_valid() -> None:
    import jsonschema  # type: ignore[import-untyped]

    from planarcli.resources import schema_path

    schema = json.loads(schema_path("decklist.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    example = json.loads((FORMATS_DIR / "planarcli-deck.json").read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(example)) == []


# -- detection -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("forge-old-planar.dck", "forge"),
        ("forge-new-planes.dck", "forge"),
        ("forge-precon-no-planar.dck", "forge"),
        ("cockatrice-side.cod", "cockatrice"),
        ("cockatrice-sideboard.cod", "cockatrice"),
        ("mtgo-sideboard.dek", "mtgo"),
        ("mtgjson-planes.json", "mtgjson"),
        ("mtgjson-sideboard-old.json", "mtgjson"),
        ("mtgjson-anthology.json", "mtgjson"),
        ("planarcli-deck.json", "json"),
        ("scryfall-list.json", "cards"),
        ("scryfall-array.json", "cards"),
        ("xmage-sideboard.dck", "xmage"),
    ],
)
def test_detect_by_content_alone(name: str, expected: str) -> None:
    data = (FORMATS_DIR / name).read_bytes()
    assert detect_format(RawInput(name, data, (FORMATS_DIR / name).suffix)) == expected
    # stdin has no extension: content decides
    assert detect_format(RawInput("<stdin>", data, "")) == expected
    # a misleading extension does not win over the content
    assert detect_format(RawInput("x.txt", data, ".txt")) == expected


@pytest.mark.parametrize(
    ("data", "suffix", "expected"),
    [
        (b"1 Tazeem\n1 Akoum\n", "", "text"),
        (b"Planar Deck\n1 Tazeem\n", ".txt", "text"),
        (b"[Planes]\n1 Tazeem\n", ".txt", "text"),  # one bracketed heading: let text decide
        (b"[Planes]\n1 Tazeem|HOP\n", "", "forge"),
        (b"[Main]\n[Planes]\n1 Tazeem\n", "", "forge"),
        (b"1 Tazeem\n", ".dck", "forge"),  # (whose reader says it has no section)
        (b"NAME:Elves\n4 Forest\nSB: 1 Bant\n", ".dck", "xmage"),
        (b"4 Forest\nSB: 1 Bant\n", ".dck", "xmage"),
        (b"[Main]\n1 Tazeem\n", ".dck", "forge"),
        (b"NAME:Bant\n1 [OHOP:3] Bant\n", "", "xmage"),
        (b"NAME:Bant\n1 [OHOP:3] Bant\n", ".txt", "xmage"),
        (b"1 [OHOP:3] Bant\nLAYOUT MAIN:(1,1)(NONE,false,50)|([OHOP:3])\n", ".txt", "xmage"),
        (b"1 [OHOP:3] Bant\n", ".txt", "text"),  # a pasted line: the text reader reads it
        (b'{"object": "list", "data": []}', ".json", "cards"),
        (b'{"planes": [{"name": "Bant"}]}', ".json", "json"),  # (whose reader reads it)
        (b"sep=;\nName;Set\nBant;OHOP\n", ".csv", "csv"),
        (b"Name\nBant\n", ".csv", "csv"),
        (b"Name\nBant\n", ".txt", "csv"),  # a .txt's first line of column names only
        (b"Name\nBant\n", ".md", "text"),
        (b"sep=;\nName;Set\nBant;OHOP\n", ".json", "csv"),  # Excel's sep= line, in any file
        (b"", ".cod", "cockatrice"),
        (b"", ".dek", "mtgo"),
        (b"", ".json", "json"),
        (b"", "", "text"),
        (b"<?xml version='1.0'?><Deck><Cards Name='A'/></Deck>", "", "mtgo"),
        (b"<?xml version='1.0'?><foo/>", ".dek", "mtgo"),
        (b"<?xml version='1.0'?><foo/>", "", "cockatrice"),
        (b'\xef\xbb\xbf  {"data": {"planes": []}}', "", "mtgjson"),
        ('{"format": "planarcli-deck"}'.encode("utf-16"), "", "json"),
        ('{"format": "planarcli-deck"}'.encode("utf-16-le"), "", "json"),
        ("<cockatrice_deck/>".encode("utf-16-be"), "", "cockatrice"),
        (b'{"something": "else"}', ".json", "json"),
        (b"[[[[[", "", "json"),
        (b'[{"name": "Tazeem"}]', ".txt", "json"),
        (b"[ ]", "", "json"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", ".dck", "forge"),
    ],
)
def test_detect_rules(data: bytes, suffix: str, expected: str) -> None:
    assert detect_format(RawInput("f" + suffix, data, suffix)) == expected


def test_looks_like_json_decklist() -> None:
    for path in FORMATS_DIR.glob("*.json"):
        assert looks_like_json_decklist(path.read_bytes()[:4096]), path
    assert looks_like_json_decklist('{"format": "planarcli-deck"}'.encode("utf-16"))
    for other in (b'{"name": "planarcli", "dependencies": {}}', b"[1, 2]", b"", b"\x89PNG"):
        assert not looks_like_json_decklist(other)


def test_every_format_has_a_reader() -> None:
    for name in FORMATS:
        assert callable(reader_for(name))
    with pytest.raises(UsageError, match="unknown input format"):
        reader_for("nope")


def test_forced_input_format_overrides_detection(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text("[Planes]\n1 Tazeem\n1 Akoum\n", encoding="utf-8")
    assert read_decklist(str(path), input_format="forge").format == "forge"
    with pytest.raises(InputError):
        read_decklist(str(path), input_format="mtgjson")


# -- through the CLI -----------------------------------------------------------------------

VALID = [
    ("forge-old-planar.dck", "forge", "section", 11, 1),
    ("forge-new-planes.dck", "forge", "section", 11, 1),
    ("cockatrice-side.cod", "cockatrice", "by-type", 11, 1),
    ("cockatrice-sideboard.cod", "cockatrice", "by-type", 10, 0),
    ("mtgo-sideboard.dek", "mtgo", "by-type", 12, 2),
    ("mtgjson-planes.json", "mtgjson", "section", 11, 1),
    ("mtgjson-sideboard-old.json", "mtgjson", "by-type", 10, 0),
    ("planarcli-deck.json", "json", "section", 11, 1),
    ("scryfall-list.json", "cards", "whole-file", 11, 1),
    ("scryfall-array.json", "cards", "whole-file", 11, 1),
    ("app-planes.json", "cards", "section", 11, 1),
    ("xmage-sideboard.dck", "xmage", "by-type", 10, 1),
]


@pytest.fixture
def run_validate(run_cli: Callable[..., Any]) -> Callable[..., tuple[int, dict[str, Any], str]]:
    """``planarcli validate --format json ARGS``: exit code, parsed stdout, stderr."""

    def run(*args: str) -> tuple[int, dict[str, Any], str]:
        result = run_cli("validate", "--format", "json", *args)
        assert "Traceback" not in result.stderr, result
        try:
            document = json.loads(result.stdout)
        except ValueError:
            raise AssertionError(f"stdout is not JSON:\n{result}") from None
        return result.exit_code, document, result.stderr

    return run


Validate = Callable[..., tuple[int, dict[str, Any], str]]


@pytest.mark.parametrize(("name", "fmt", "how", "cards", "phenomena"), VALID)
def test_cli_validates_each_format(
    run_validate: Validate, name: str, fmt: str, how: str, cards: int, phenomena: int
) -> None:
    code, document, stderr = run_validate(str(FORMATS_DIR / name))
    files = document["files"]
    assert isinstance(files, list)
    (result,) = files
    assert (result["format"], result["planar_deck"]) == (fmt, how), result
    assert (result["cards"], result["phenomena"], result["valid"]) == (cards, phenomena, True)
    assert code == 0, (result, stderr)


def test_cli_forge_precon_without_planar_deck_is_exit_1(run_validate: Validate) -> None:
    code, document, _ = run_validate(str(FORMATS_DIR / "forge-precon-no-planar.dck"))
    (result,) = document["files"]
    assert code == 1
    assert result["valid"] is False
    assert [f["code"] for f in result["findings"]] == ["no-planar-deck"]


def test_cli_anthology_box_is_communal_only(run_validate: Validate) -> None:
    path = str(FORMATS_DIR / "mtgjson-anthology.json")
    code, document, _ = run_validate(path)
    (result,) = document["files"]
    assert code == 1
    assert (result["cards"], result["phenomena"]) == (86, 8)
    assert "too-many-phenomena" in [f["code"] for f in result["findings"]]
    code, document, _ = run_validate("--communal", "--players", "4", path)
    (result,) = document["files"]
    assert code == 0, result
    assert result["valid"] is True


def test_cli_whole_folder_of_formats(run_validate: Validate) -> None:
    code, document, _ = run_validate(str(FORMATS_DIR))
    files = document["files"]
    assert isinstance(files, list)
    by_name = {Path(f["path"]).name: f for f in files}
    assert set(by_name) == {p.name for p in FORMATS_DIR.iterdir()}
    assert code == 1  # the precon without a planar deck and the anthology box


# -- real data -----------------------------------------------------------------------------


@pytest.mark.shared
@pytest.mark.skipif(
    not (SHARED_DATA / "scryfall" / "planar-prints.json").is_file(),
    reason="../shared/data is absent (a fresh clone has no shared data)",
)
def test_mtgjson_deck_built_from_real_scryfall_objects(tmp_path: Path, catalog: Catalog) -> None:
    prints = json.loads(
        (SHARED_DATA / "scryfall" / "planar-prints.json").read_text(encoding="utf-8")
    )["data"]
    counts: dict[str, int] = {}
    types: dict[str, str] = {}
    for card in prints:
        counts[card["name"]] = counts.get(card["name"], 0) + 1
        types[card["name"]] = card["type_line"]
    board = [
        {"count": count, "name": name, "type": types[name], "uuid": str(i)}
        for i, (name, count) in enumerate(sorted(counts.items()))
    ]
    deck = {
        "meta": {"date": "2024-08-07", "version": "5.2.2"},
        "data": {"name": "Every print", "mainBoard": board, "planes": [], "sideBoard": []},
    }
    path = tmp_path / "AllPrints_XXX.json"
    path.write_text(json.dumps(deck, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    unknown = [name for name in counts if catalog.lookup(name) is None]
    assert unknown == []
    decklist = read_decklist(str(path))
    assert decklist.format == "mtgjson"
    assert decklist.issues == ()
    found = find_planar_deck(decklist, catalog)
    assert found.how == "by-type"
    assert sum(e.quantity for e in found.entries) == len(prints)
    assert {e.name for e in found.entries} == set(counts)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("1 Sol Ring\n1 Akoum\n", "; 1 planar card was seen outside one"),
        ("1 Sol Ring\n1 Akoum\n1 Bant\n", "; 2 planar cards were seen outside one"),
    ],
)
def test_planar_cards_outside_a_planar_section_are_counted_in_good_english(
    tmp_path: Path, cards: str, words: str
) -> None:
    """The no-planar-deck finding said "1 planar cards were seen outside one"."""
    path = tmp_path / "deck.txt"
    path.write_text("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n" + cards, encoding="utf-8")
    found = find_planar_deck(read_decklist(str(path)), load_snapshot())
    assert found.reason is not None and words in found.reason, found.reason
