"""The plain-text reader: card lines, sections, comments, encodings, and any input."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.cards.catalog import Catalog
from planarcli.cards.model import CatalogSource
from planarcli.cards.store import load_snapshot
from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput, split_lines
from planarcli.deck.readers.text import parse_card_line, read
from planarcli.errors import PlanarError


def raw(text: str | bytes, name: str = "deck.txt") -> RawInput:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return RawInput(name, data, ".txt")


@pytest.mark.parametrize(
    ("line", "quantity", "name"),
    [
        ("1 Tazeem", 1, "Tazeem"),
        ("1x Tazeem", 1, "Tazeem"),
        ("2X Tazeem", 2, "Tazeem"),
        ("Tazeem", 1, "Tazeem"),
        ("Two Streams Facility   ", 1, "Two Streams Facility"),
        ("1 Tazeem (PCA) 12", 1, "Tazeem"),
        ("1 Tazeem [OHOP:3]", 1, "Tazeem"),
        ("1 Chaotic Aether [opca]", 1, "Chaotic Aether"),
        ("1 The Fourth Doctor [foil] [etched] [WHO:193]", 1, "The Fourth Doctor"),
        ("1 Tazeem *F*", 1, "Tazeem"),
        ("1 Tazeem (ohop) 3 *E*", 1, "Tazeem"),
        ("1x Insidious Roots (mkm) 313 [Ramp]", 1, "Insidious Roots"),
        ("1 Krosa ^Have,#37ff00^", 1, "Krosa"),
        ("1 Artist Alley (Plane)", 1, "Artist Alley (Plane)"),
        ("1 No Way Out (Playtest)", 1, "No Way Out (Playtest)"),
        ("1 Assault // Battery", 1, "Assault // Battery"),
        (
            "1 Fblthp: Completely, Utterly, Totally Lost",
            1,
            "Fblthp: Completely, Utterly, Totally Lost",
        ),
        ("1 Kerblam! Warehouse", 1, "Kerblam! Warehouse"),
    ],
)
def test_card_lines(line: str, quantity: int, name: str) -> None:
    parsed = parse_card_line(line)
    assert parsed is not None
    assert parsed[:2] == (quantity, name)


def test_archidekt_category_gives_the_section() -> None:
    parsed = parse_card_line("1x Tazeem (ohop) 3 [Planes{noDeck}{noPrice}]")
    assert parsed == (1, "Tazeem", ("Planes", "planar"))
    parsed = parse_card_line("1x Sol Ring (c21) 263 [Maybeboard{noDeck}]")
    assert parsed is not None and parsed[2] == ("Maybeboard", "other")


def test_section_ends_at_the_next_heading() -> None:
    text = "Planar Deck\n1 Tazeem\n\nDisplay Commander\n1 Bright-Palm, Soul Awakener\n"
    deck = read(raw(text))
    assert [(e.name, e.role, e.section) for e in deck.entries] == [
        ("Tazeem", "planar", "Planar Deck"),
        ("Bright-Palm, Soul Awakener", "other", "Display Commander"),
    ]


def test_comments_metadata_and_prefixes() -> None:
    text = (
        "// NAME: Tinker Time\n# a comment\nCOMMANDER: 1 Bright-Palm, Soul Awakener [MOC:1]\n"
        "SB: 1 Pyroblast\n1 Sol Ring\n\nPlanar Deck\n1 Tazeem\n"
    )
    deck = read(raw(text))
    assert deck.name == "Tinker Time"
    assert [(e.name, e.section, e.role, e.line) for e in deck.entries] == [
        ("Bright-Palm, Soul Awakener", "Commander", "other", 3),
        ("Pyroblast", "Sideboard", "candidate", 4),
        ("Sol Ring", None, "other", 5),
        ("Tazeem", "Planar Deck", "planar", 8),
    ]


def test_file_without_sections_is_unsectioned() -> None:
    deck = read(raw("Tazeem\nKrosa\n"))
    assert {e.role for e in deck.entries} == {"unsectioned"}


@pytest.mark.parametrize(
    "encoded",
    [
        "Planar Deck\r\n1 Oteclán\r\n".encode(),
        b"\xef\xbb\xbf" + "Planar Deck\n1 Oteclán\n".encode(),
        "Planar Deck\n1 Oteclán\n".encode("utf-16"),
        b"\xfe\xff" + "Planar Deck\n1 Oteclán\n".encode("utf-16-be"),
        "Planar Deck\n1 Oteclán\n".encode("utf-16-le"),  # no BOM: told by its NUL pattern
        "Planar Deck\r\n1 Oteclán\r\n".encode("cp1252"),
        "Planar Deck\r1 Oteclán\r".encode(),
    ],
    ids=["utf8-crlf", "utf8-bom", "utf16-bom", "utf16be-bom", "utf16le-nobom", "cp1252", "cr"],
)
def test_encodings_and_line_endings(encoded: bytes) -> None:
    deck = read(raw(encoded))
    assert [(e.name, e.line, e.role) for e in deck.entries] == [("Oteclán", 2, "planar")]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "binary"),
        (b"Planar Deck\n1 Taz\x00eem\n", "NUL"),
        (b"\xef\xbb\xbf\xff\xfe\xfd", "UTF-8"),
    ],
)
def test_binary_junk_is_a_clean_error(data: bytes, message: str) -> None:
    with pytest.raises(PlanarError) as caught:
        read(raw(data))
    assert message in str(caught.value)
    assert "deck.txt" in str(caught.value)


def test_bad_quantity_is_reported_on_its_line() -> None:
    deck = read(raw("Planar Deck\n0 Tazeem\n1 Krosa\n"))
    assert [(i.line, i.code) for i in deck.issues] == [(2, "bad-quantity")]
    assert [e.name for e in deck.entries] == ["Krosa"]


def test_mostly_planar_unsectioned_file_is_the_planar_deck() -> None:
    catalog = load_snapshot()
    planar = find_planar_deck(read(raw("Tazeem\nKrosa\nSol Ring\n")), catalog)
    assert planar.found and planar.how == "whole-file" and len(planar.entries) == 3
    other = find_planar_deck(read(raw("Sol Ring\nBrainstorm\nTazeem\n")), catalog)
    assert not other.found and other.planar_seen == 1
    assert "1 of its 3 cards" in (other.reason or "")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_any_bytes_give_a_decklist_or_a_clean_error(data: bytes) -> None:
    try:
        deck = read(raw(data))
    except PlanarError:
        return
    for entry in deck.entries:
        assert entry.quantity >= 1 and entry.name.strip() == entry.name and entry.name
        assert entry.line is not None and entry.line >= 1


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60), max_size=40
    )
)
def test_any_text_lines_give_a_decklist_or_a_clean_error(lines: list[str]) -> None:
    try:
        deck = read(raw("\n".join(lines)))
    except PlanarError:
        return
    assert all(e.role in {"planar", "other", "candidate", "unsectioned"} for e in deck.entries)


@pytest.mark.parametrize(
    ("line", "quantity", "name"),
    [
        ("Naya x1", 1, "Naya"),
        ("Naya X2", 2, "Naya"),
        ("1 [HOP] Bant", 1, "Bant"),
        ("1 Bant  # my favourite", 1, "Bant"),
        ("1 Jund|PC2|1", 1, "Jund"),
    ],
)
def test_more_export_conventions(line: str, quantity: int, name: str) -> None:
    parsed = parse_card_line(line)
    assert parsed is not None and parsed[:2] == (quantity, name)


def test_negative_quantity_is_a_bad_quantity() -> None:
    deck = read(raw("Planar Deck\n-1 Tazeem\n1 Krosa\n"))
    assert [(i.line, i.code) for i in deck.issues] == [(2, "bad-quantity")]


def test_ampersand_headings() -> None:
    deck = read(raw("Planes & Phenomena\n1 Tazeem\n"))
    assert [e.role for e in deck.entries] == ["planar"]


def test_near_misses_in_a_sideboard_are_reported_not_dropped() -> None:
    text = "SB: 1 Bant\nSB: 1 Stairs to Infinty\nSB: 1 Llanowar Elves\n"
    planar = find_planar_deck(read(raw(text)), load_snapshot())
    assert [(e.name, guess) for e, guess in planar.overlooked] == [
        ("Stairs to Infinty", "Stairs to Infinity")
    ]


def test_bare_list_with_typos_is_still_a_planar_deck() -> None:
    text = "Tazem\nPompei\nShivv\nNaya\nJund\nSol Ring\n"
    planar = find_planar_deck(read(raw(text)), load_snapshot())
    assert planar.found and planar.how == "whole-file"


def test_empty_file_says_so() -> None:
    planar = find_planar_deck(read(raw("")), load_snapshot())
    assert not planar.found and planar.reason == "the file lists no cards"


def test_mtgo_plain_text_sideboard_after_a_blank_line_is_the_planar_deck() -> None:
    text = "4 Island\n1 Sol Ring\n\n1 Tazeem\n1 Krosa\n1 Naya\n"
    planar = find_planar_deck(read(raw(text)), load_snapshot())
    assert planar.found and planar.how == "by-type"
    assert [(e.name, e.line) for e in planar.entries] == [("Tazeem", 4), ("Krosa", 5), ("Naya", 6)]


def test_planes_grouped_by_blank_lines_stay_one_deck() -> None:
    text = "Tazeem\nKrosa\n\nNaya\nJund\n\nEsper\n"
    planar = find_planar_deck(read(raw(text)), load_snapshot())
    assert planar.how == "whole-file" and len(planar.entries) == 5
    assert [e.block for e in read(raw(text)).entries] == [0, 0, 1, 1, 2]


# -- quantities after the name, titles, names as written -------------------------------------


def entries(text: str, catalog: Catalog | None = None) -> list[tuple[str, int, int | None]]:
    deck = read(raw(text), catalog=catalog or load_snapshot())
    return [(e.name, e.quantity, e.line) for e in deck.entries]


def test_a_trailing_number_in_a_bare_list_is_part_of_the_name() -> None:
    """Pain 101, Pip-Boy 3000, Overseer of Vault 76 are real cards: in a list whose lines
    carry no trailing quantities, the number stays in the name."""
    text = "Tazeem\nKrosa\nPain 101\nNaya\n"
    assert entries(text)[2] == ("Pain 101", 1, 3)
    # ... but where the file writes quantities that way, it is a quantity
    text = "Tazeem 1\nKrosa 1\nNaya 2\nJund 1\n"
    assert [q for _, q, _ in entries(text)] == [1, 1, 2, 1]


def test_the_reading_that_names_a_catalog_card_wins() -> None:
    source = CatalogSource("snapshot", "test", None)
    records = [
        {"name": "Vault 76", "kind": "plane", "subtype": "Earth", "type_line": "Plane — Earth",
         "sets": ["test"], "oracle_text": None, "oracle_id": "x"},
        {"name": "Krosa", "kind": "plane", "subtype": "Dominaria",
         "type_line": "Plane — Dominaria", "sets": ["test"], "oracle_text": None, "oracle_id": "x"},
    ]  # fmt: skip
    catalog = Catalog.from_records(records, source)
    # Every line ends in a number: the style says quantity, but "Vault 76" is a card.
    text = "Krosa 1\nVault 76\nKrosa 2\n"
    assert entries(text, catalog) == [("Krosa", 1, 1), ("Vault 76", 1, 2), ("Krosa", 2, 3)]
    # A lone trailing number after a card name in a bare list: the part before it is a card.
    assert entries("Tazeem\nNaya\nKrosa 2\nJund\n", catalog)[2] == ("Krosa", 2, 3)


def test_a_title_is_not_taken_when_a_name_comment_gives_the_name() -> None:
    deck = read(raw("// NAME: Club deck\nMy planar deck\n1 Tazeem\n1 Krosa\n"))
    assert deck.name == "Club deck"
    assert [e.name for e in deck.entries] == ["Tazeem", "Krosa"]


def test_names_are_kept_exactly_as_written() -> None:
    text = "2x  Two  Streams   Facility (PCA) 12 *F*\nthe aether flues\t1\n"
    deck = read(raw(text), catalog=load_snapshot())
    assert [(e.name, e.line) for e in deck.entries] == [
        ("Two  Streams   Facility", 1),
        ("the aether flues", 2),
    ]


CARD_NAMES = [card.name for card in load_snapshot().cards]
LINE_FORMS = st.sampled_from(
    [
        "{n}", "1 {n}", "{q} {n}", "{q}x {n}", "x{q} {n}", "{n}\t{q}", "{n}, {q}", "{n} x{q}",
        "{q} {n} (OPCA) 12", "{n} (MOC) 140", "{q} {n} [OPCA]", "  {q}  {n}  ",
    ]
)  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(LINE_FORMS, st.sampled_from(CARD_NAMES), st.integers(1, 99)),
        min_size=1,
        max_size=15,
    ),
    st.booleans(),
)
def test_every_line_form_gives_the_card_its_quantity_and_its_line(
    cards: list[tuple[str, str, int]], titled: bool
) -> None:
    lines = [form.format(n=name, q=q) for form, name, q in cards]
    text = ("My planar deck\n\n" if titled else "") + "\n".join(lines) + "\n"
    deck = read(raw(text), catalog=load_snapshot())
    offset = 3 if titled else 1
    got = [(e.name, e.quantity, e.line) for e in deck.entries]
    want = [
        (name, q if "{q}" in form else 1, number + offset)
        for number, (form, name, q) in enumerate(cards)
    ]
    assert got == want
    for entry in deck.entries:  # the name is a piece of its own line, as written
        assert entry.line is not None and entry.name in text.splitlines()[entry.line - 1]


@settings(max_examples=120, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=50)))
def test_names_are_pieces_of_their_lines(lines: list[str]) -> None:
    text = "\n".join(lines)
    data = raw(text)
    try:
        deck = read(data, catalog=load_snapshot())
    except PlanarError:
        return
    # The lines as the reader decoded the bytes: UTF-8 text with NUL bytes ("0\x00\x80")
    # has the shape of UTF-16 and may be read as such; names are pieces of those lines.
    shown = split_lines(decode_text(data.data, data.display))
    for entry in deck.entries:
        assert entry.line is not None and entry.name in shown[entry.line - 1]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("1 Artist Alley (lPane)", "Artist Alley (lPane)"),  # a misspelt "(Plane)"
        ("1 Tazeem (OPCA) 78", "Tazeem"),
        ("1 Tazeem (opca)", "Tazeem"),
        ("1 Artist Alley (Plane)", "Artist Alley (Plane)"),
    ],
)
def test_a_mixed_case_word_in_parentheses_is_no_set_code(line: str, name: str) -> None:
    """Exporters write set codes in one case (OPCA, opca); "(lPane)", a slip of Scryfall's
    "(Plane)", was taken for set LPANE, so `deck convert --to text` wrote
    `1 Artist Alley (Plane) (LPANE)` (test_convert_verdict's property found it)."""
    parsed = parse_card_line(line)
    assert parsed is not None and parsed[1] == name


@pytest.mark.parametrize(
    ("line", "quantity", "name"),
    [("1000 Akoum", 1000, "Akoum"), ("9999 x Bant", 9999, "Bant"), ("12345 Naya", 12345, "Naya")],
)
def test_a_leading_quantity_of_four_or_five_digits_is_a_quantity(
    line: str, quantity: int, name: str
) -> None:
    """Issue 22.7: read as three digits and a name, "1000 Akoum" would be no card at all;
    the whole number is its quantity (over 9999 is then a bad-quantity error, not a name)."""
    parsed = parse_card_line(line)
    assert parsed is not None and (parsed[0], parsed[1]) == (quantity, name)
    deck = read(RawInput("deck.txt", f"Planar Deck\n{line}\n".encode(), ".txt"))
    read_as = [(e.name, e.quantity) for e in deck.entries]
    assert read_as == ([(name, quantity)] if quantity <= 9999 else [])


@pytest.mark.parametrize(
    "line",
    [
        "planes: akoum, bant, naya, tazeem, grixis, kessig, stensia, goldmeadow, turri island, "
        "otaria + chaotic aether",
        "Akoum, Bant, Naya, Tazeem, Grixis, Kessig, Stensia, Goldmeadow, Turri Island, Otaria "
        "+ Chaotic Aether",
    ],
)
def test_a_one_line_list_may_add_its_last_card_with_a_plus(write, run_cli, line: str) -> None:
    """A chat's one-line list that adds the phenomenon with `+` ("..., otaria + chaotic
    aether") was read as the cards 'planes: akoum' and 'otaria + chaotic aether' (two
    unknown names, and --fix offered to turn the second into Chaotic Aether, losing Otaria)."""
    deck = write("deck.txt", line + "\n")
    result = run_cli("validate", str(deck))
    assert result.exit_code == 0, result
    assert "valid (11 cards, 1 phenomenon)" in result.stdout


def test_a_plus_between_two_planar_cards_parts_them(write, run_cli) -> None:
    deck = write("deck.txt", "Planes\nAkoum + Bant\nNaya\n")
    result = run_cli("validate", "--format", "json", str(deck))
    report = json.loads(result.stdout)["files"][0]
    assert (report["cards"], [f["code"] for f in report["findings"]]) == (3, ["deck-too-small"])


def test_a_plus_that_is_part_of_a_card_name_or_a_note_is_no_separator(write, run_cli) -> None:
    deck = write("deck.txt", "Planes\n+2 Mace\n1 Tazeem + more\n")
    result = run_cli("validate", "--format", "json", str(deck))
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert [(f["code"], f["card"]) for f in findings[:2]] == [
        ("not-planar-card", "+2 Mace"),
        ("unknown-card", "Tazeem + more"),
    ]
