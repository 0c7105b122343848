"""CSV decklists: header detection, columns in any order, quoting, line numbers, sections,
the unquoted comma in a name, and any CSV-shaped input giving a Decklist or a clean error."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from planarcli.cards.store import load_snapshot
from planarcli.deck.readers import detect_format, looks_like_csv_decklist
from planarcli.deck.readers.csvdeck import header_columns, read
from planarcli.deck.readers.model import ROLES
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.errors import PlanarError


def raw(text: str, name: str = "deck.csv") -> RawInput:
    return RawInput(name, text.encode("utf-8"), "." + name.rsplit(".", 1)[-1])


def rows(text: str) -> list[tuple[str, int, int | None, str | None, str]]:
    deck = read(raw(text), catalog=load_snapshot())
    return [(e.name, e.quantity, e.line, e.section, e.role) for e in deck.entries]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("Count,Name,Edition", (",", {"quantity": 0, "name": 1})),
        ("Quantity,Name", (",", {"quantity": 0, "name": 1})),
        ('"Count","Tradelist Count","Name","Edition"', (",", {"quantity": 0, "name": 2})),
        ("Board,Qty,Name,Printing,Foil", (",", {"section": 0, "quantity": 1, "name": 2})),
        ("amount;card_name;set", (";", {"quantity": 0, "name": 1})),
        ("Name\tCount", ("\t", {"name": 0, "quantity": 1})),
        ("\ufeffCard Name,Copies,Category", (",", {"name": 0, "quantity": 1, "section": 2})),
    ],
)
def test_headers(header: str, expected: tuple[str, dict[str, int]]) -> None:
    assert header_columns(header) == expected


@pytest.mark.parametrize(
    "line", ["Name", "Tazeem,1", "1,Tazeem", "title,subtitle,imageID,planeText", "a,b,c", ""]
)
def test_not_headers(line: str) -> None:
    assert header_columns(line) is None


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        ("Count,Name\n1,Tazeem\n", ".csv", "csv"),
        ("Count,Name\n1,Tazeem\n", ".txt", "csv"),
        ("Count,Name\n1,Tazeem\n", "", "csv"),
        ("Tazeem,1\nKrosa,1\n", ".csv", "text"),  # no header: "Name, 1" text lines
        ('{"planar_deck": []}', ".csv", "json"),
        ("Count,Name\n1,Tazeem\n", ".json", "json"),  # the extension of a format wins
        # Excel's sep= line marks CSV in any file and on stdin
        ("sep=;\nName;Set\nTazeem;OPCA\n", ".txt", "csv"),
        ("sep=,\nName,Set\nTazeem,OPCA\n", "", "csv"),
        ("SEP=;\r\nName;Set\r\nTazeem;OPCA\r\n", ".dck", "csv"),
        ('"sep=,"\nName\nTazeem\n', ".cod", "csv"),
        # on stdin and in a .txt, a first line of column names only is a header
        ("Name,Set\nTazeem,OPCA\n", ".txt", "csv"),
        ("Name,Set\nTazeem,OPCA\n", "", "csv"),
        ("Card Name;Edition;Collector Number\nTazeem;OPCA;37\n", "", "csv"),
        ("Name\nTazeem\nKrosa\n", "", "csv"),
        ("name \r\nTazeem\r\n", ".txt", "csv"),
        ("Name,Set\nTazeem,OPCA\n", ".dck", "forge"),  # a format's extension still wins
        ("Planes\n1 Tazeem\n", "", "text"),  # a heading word, though a name column
        ("Card\n1 Tazeem\n", ".txt", "text"),
        ("Plane,Phenomenon\nTazeem,Chaotic Aether\n", "", "text"),  # two name columns
        ("Name,Colour\nTazeem,blue\n", "", "text"),  # a column it does not know
        ("Tazeem\nKrosa\n", "", "text"),
        ("separated=1\nTazeem\n", ".txt", "text"),
    ],
)
def test_detection(text: str, suffix: str, expected: str) -> None:
    assert detect_format(RawInput("f" + suffix, text.encode(), suffix)) == expected


@pytest.mark.parametrize(
    "text", ["sep=;\nName;Set\nTazeem;OPCA\nKrosa;OPCA\n", "Name\nTazeem\nKrosa\n"]
)
def test_a_csv_on_stdin_reads_its_rows(text: str) -> None:
    found = detect_format(RawInput("<stdin>", text.encode(), ""))
    deck = read(RawInput("<stdin>", text.encode(), ""), catalog=load_snapshot())
    assert found == "csv"
    assert [(e.name, e.quantity) for e in deck.entries] == [("Tazeem", 1), ("Krosa", 1)]


def test_quoted_fields_crlf_and_line_numbers() -> None:
    text = (
        '"Count","Name","Edition"\r\n'
        '"1","Tazeem","opca"\r\n'
        "\r\n"
        '"2","The Drum, Mining Facility","who"\r\n'
        '"1","Fblthp: Completely, Utterly, Totally Lost","unf"\r\n'
    )
    assert rows(text) == [
        ("Tazeem", 1, 2, None, "unsectioned"),
        ("The Drum, Mining Facility", 2, 4, None, "unsectioned"),
        ("Fblthp: Completely, Utterly, Totally Lost", 1, 5, None, "unsectioned"),
    ]


def test_an_unquoted_comma_goes_back_into_the_name() -> None:
    text = (
        "Count,Name,Edition\n"
        "1,The Drum, Mining Facility,who\n"
        "1,Borrowing 100,000 Arrows,c21\n"
        "1,Tazeem,opca,\n"  # a trailing comma is no part of the name
    )
    assert [name for name, *_ in rows(text)] == [
        "The Drum, Mining Facility",
        "Borrowing 100,000 Arrows",
        "Tazeem",
    ]


def test_board_and_category_columns_give_sections() -> None:
    text = (
        "Board,Qty,Name\nmain,1,Sol Ring\nside,1,Tazeem\nPlanar,1,Krosa\n"
        'maybe,1,Naya\n"Planes{noDeck},Chaos",1,Jund\n'
    )
    assert [(name, section, role) for name, _, _, section, role in rows(text)] == [
        ("Sol Ring", "main", "other"),
        ("Tazeem", "side", "candidate"),
        ("Krosa", "Planar", "planar"),
        ("Naya", "maybe", "other"),
        ("Jund", "Planes", "planar"),
    ]
    planar = find_planar_deck(read(raw(text)), load_snapshot())
    assert planar.how == "section" and [e.name for e in planar.entries] == ["Krosa", "Jund"]


def test_a_scryfall_deck_exports_outside_section_holds_the_planar_deck() -> None:
    # found by held-out batch 12 (m12-06): Scryfall's deck builder has no planar section
    text = (
        "section,count,name,type,set_code,collector_number\n"
        "commanders,1,Atraxa Praetors' Voice,Legendary Creature,cm2,10\n"
        "nonlands,1,Sol Ring,Artifact,cmm,400\n"
        "lands,9,Island,Basic Land,cmm,441\n"
        "outside,1,Gavony,Plane — Innistrad,pc2,12\n"
        "outside,2,Kessig,Plane — Innistrad,pc2,13\n"
        "outside,1,Nephalia,Plane — Innistrad,pc2,22\n"
        "outside,1,Lightning Bolt,Instant,m10,146\n"
        "Outside the game,1,Spatial Merging,Phenomenon,pc2,8\n"
    )
    assert [(name, role) for name, _, _, _, role in rows(text)][3:] == [
        ("Gavony", "candidate"),
        ("Kessig", "candidate"),
        ("Nephalia", "candidate"),
        ("Lightning Bolt", "candidate"),
        ("Spatial Merging", "candidate"),
    ]
    planar = find_planar_deck(read(raw(text)), load_snapshot())
    assert planar.how == "by-type"
    assert [(e.name, e.quantity) for e in planar.entries] == [
        ("Gavony", 1),
        ("Kessig", 2),
        ("Nephalia", 1),
        ("Spatial Merging", 1),
    ]


@pytest.mark.parametrize(
    ("header", "marks"),
    [
        ("Plane / Phenomenon,Set,Who owns it,In the deck?,Notes", ("yes", "no", "")),
        ("Card;Included;Owner", ("TRUE", "FALSE", "TRUE")),
        ("Planes\tPlaying", ("y", "n", "x")),
        ("Karte,Im Deck?", ("ja", "nein", "ja")),
        ("Name,Set,In deck (y/n)", ("Y", "N", "Y")),
    ],
)
def test_a_tracker_sheets_in_the_deck_column_leaves_out_the_rows_marked_no(
    header: str, marks: tuple[str, str, str]
) -> None:
    # found by held-out batch 12 (m12-07): a sheet of planes owned, marked in or out
    delimiter = next(d for d in (";", "\t", ",") if d in header)
    width = len(header.split(delimiter))
    at = next(
        i
        for i, cell in enumerate(header.split(delimiter))
        if cell.casefold().startswith(("in", "im", "playing"))
    )
    lines = [header]
    for name, mark in zip(("Gavony", "Kessig", "Nephalia"), marks, strict=True):
        cells = [""] * width
        cells[0], cells[at] = name, mark
        lines.append(delimiter.join(cells))
    lines.append(delimiter * (width - 1))  # a sheet's empty last row
    text = "\n".join(lines) + "\n"
    assert detect_format(RawInput("f.csv", text.encode(), ".csv")) == "csv"
    assert [name for name, *_ in rows(text)] == ["Gavony", "Nephalia"]


def test_an_empty_board_column_leaves_the_list_unsectioned() -> None:
    assert {role for *_, role in rows("Board,Count,Name\n,1,Tazeem\n,1,Krosa\n")} == {"unsectioned"}


def test_bad_rows_are_issues_on_their_lines() -> None:
    deck = read(raw("Count,Name\n1,Tazeem\nx,Krosa\n0,Naya\n3,\n2,Jund\n"))
    assert [(e.name, e.quantity, e.line) for e in deck.entries] == [
        ("Tazeem", 1, 2),
        ("Jund", 2, 6),
    ]
    assert [(i.line, i.code) for i in deck.issues] == [
        (3, "bad-quantity"),
        (4, "bad-quantity"),
        (5, "unreadable-line"),
    ]


def test_forced_csv_without_a_header_says_so() -> None:
    deck = read(raw("Tazeem,1\n"))
    assert deck.entries == () and [i.code for i in deck.issues] == ["no-csv-header"]


def test_folder_scans_take_csv_decklists_only() -> None:
    assert looks_like_csv_decklist('"Count","Name"\n"1","Tazeem"\n')
    assert not looks_like_csv_decklist("date,price,volume\n2024-01-01,3,4\n")


PLANES = ["Akoum", "Bant", "Naya", "Tazeem", "Krosa", "Llanowar", "Otaria", "Shiv", "Jund"]
PLANES += ["Turri Island", "Chaotic Aether"]


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("Name,Set", "{name},OHOP"),
        ("Card Name,Set", "{name},OPCA"),
        ("Name", "{name}"),
        ('"Card Name";"Set Code";"Rarity"', '"{name}";"ohop";"rare"'),
        ("sep=;\nQuantity;Card Name;Set", "1;{name};OHOP"),  # Dragon Shield
        ("sep=,\nCard Name,Set Name", "{name},Planechase Anthology"),
        ('"sep=;"\nName;Set', "{name};OHOP"),
        ("sep=\t\nName\tSet", "{name}\tOHOP"),
    ],
)
def test_a_sheet_with_a_name_column_and_no_quantity_is_one_copy_a_row(
    header: str, row: str
) -> None:
    """Was: read as text ("none of its 11 cards is a plane"), the header an unknown card,
    or skipped in a folder scan; Excel's sep= line broke the header's detection."""
    text = header + "\n" + "".join(row.format(name=name) + "\n" for name in PLANES)
    header_lines = header.count("\n") + 1
    source = raw(text)
    assert detect_format(source) == "csv"
    assert looks_like_csv_decklist(text)  # a folder scan takes it
    deck = read(source, catalog=load_snapshot())
    assert [(e.name, e.quantity) for e in deck.entries] == [(name, 1) for name in PLANES]
    assert deck.entries[0].line == header_lines + 1
    assert deck.issues == ()
    planar = find_planar_deck(deck, load_snapshot())
    assert (planar.found, planar.how) == (True, "whole-file")


def test_a_name_column_alone_is_a_header_in_a_csv_a_txt_or_stdin_only() -> None:
    """A .csv is a table whatever it holds; a .txt and stdin say by their first line, when
    it names known columns only (``Name,Set``, ``Name``); another file's first line is a
    card line still."""
    assert header_columns("Name", alone=True) == (",", {"name": 0})
    assert header_columns("Name,Set", alone=True) == (",", {"name": 0})
    assert header_columns("Name,Set") is None
    assert looks_like_csv_decklist("Name,Set\nAkoum,OHOP\n", ".txt")
    assert detect_format(raw("Name\nAkoum\n", "deck.txt")) == "csv"
    assert not looks_like_csv_decklist("Name,Set\nAkoum,OHOP\n", ".md")
    assert detect_format(raw("Name\nAkoum\n", "deck.md")) == "text"


def test_a_scanned_sheet_of_names_that_names_no_card_is_passed_over(tmp_path, run_cli) -> None:
    """A .csv with a name column is a table of cards only when some row names one: a
    contacts sheet (Name,Email) is no decklist; one with a Count column still is."""
    (tmp_path / "contacts.csv").write_text("Name,Email\nSam,sam@example.com\n", "utf-8")
    (tmp_path / "planes.csv").write_text("Name\n" + "\n".join(PLANES) + "\n", "utf-8")
    (tmp_path / "commander.csv").write_text("Count,Name\n1,Sol Ring\n", "utf-8")
    result = run_cli("validate", "-v", str(tmp_path))
    assert f"{tmp_path / 'contacts.csv'}: skipped: no row names a plane" in result.stdout
    assert f"{tmp_path / 'planes.csv'}: valid (11 cards, 1 phenomenon)" in result.stdout
    assert f"{tmp_path / 'commander.csv'}: no planar deck" in result.stdout
    assert result.exit_code == 1, result


CELLS = st.one_of(
    st.sampled_from(["Tazeem", "Krosa", "The Drum, Mining Facility", "1", "2", "0", "-1", "x"]),
    st.sampled_from(["side", "main", "Planar", "Planes{noDeck}", "", '"', "a\nb"]),
    st.text(max_size=15),
)
HEADERS = st.permutations(["Count", "Name", "Board", "Edition"]).map(list) | st.just(["Name"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    header=HEADERS,
    body=st.lists(st.lists(CELLS, max_size=6), max_size=12),
    delimiter=st.sampled_from([",", ";", "\t"]),
    newline=st.sampled_from(["\n", "\r\n"]),
)
def test_any_csv_body_gives_a_decklist_that_keeps_the_promises(
    header: list[str], body: list[list[str]], delimiter: str, newline: str
) -> None:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=newline)
    writer.writerow(header)
    try:
        writer.writerows(body)
    except csv.Error:  # Python 3.10's writer cannot write a NUL ("need to escape"); 3.11 can
        assume(False)
    try:
        deck = read(raw(out.getvalue()), catalog=load_snapshot())
    except PlanarError as error:  # NUL bytes, binary-looking text: a clean error
        assert str(error)
        return
    line_count = len(out.getvalue().splitlines())
    for entry in deck.entries:
        assert entry.name and entry.name == entry.name.strip()
        assert 1 <= entry.quantity <= 9999
        assert entry.line is not None and 2 <= entry.line <= line_count
        assert entry.role in ROLES
    for issue in deck.issues:
        assert issue.line is None or issue.line >= 1
