"""A conversion never changes the verdict (issue 16, item 2).

A deck is converted to every format and back; each file validates as the original does,
with the same planar cards (catalog names, names as written for unknown ones, quantities),
and the set codes and collector numbers survive where the format holds them. The decks are
generated: known planes and phenomena, misspellings, invented names, cards that are not
planar, duplicates, too few cards and too many phenomena, and communal decks (JSON's mark,
with or without the number of players), judged as communal decks after every conversion."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.cards.store import load_catalog
from planarcli.deck.checks import DeckOptions
from planarcli.deck.readers import read_decklist
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.validate import validate_file
from planarcli.deck.writers import HOLDS_NUMBER, HOLDS_SET, SUFFIXES, TARGETS, convert_file

CATALOG = load_catalog()
PLANES = sorted(c.name for c in CATALOG.cards if not c.is_phenomenon)
PHENOMENA = sorted(c.name for c in CATALOG.cards if c.is_phenomenon)
NOT_PLANAR = ["Lightning Bolt", "Sol Ring", "Llanowar Elves", "Command Tower", "Naturalize"]


def _swapped(name: str, at: int) -> str | None:
    """``name`` with two neighbouring letters swapped, when that is no card's name."""
    letters = [i for i in range(len(name) - 1) if name[i].isalpha() and name[i + 1].isalpha()]
    if not letters:
        return None
    i = letters[at % len(letters)]
    typo = name[:i] + name[i + 1] + name[i] + name[i + 2 :]
    return typo if CATALOG.lookup(typo) is None else None


@st.composite
def card_names(draw: st.DrawFn) -> str:
    kind = draw(
        st.sampled_from(["plane", "plane", "plane", "phenomenon", "typo", "invented", "not-planar"])
    )
    if kind == "plane":
        return draw(st.sampled_from(PLANES))
    if kind == "phenomenon":
        return draw(st.sampled_from(PHENOMENA))
    if kind == "typo":
        name = draw(st.sampled_from(PLANES + PHENOMENA))
        typo = _swapped(name, draw(st.integers(0, 40)))
        return typo or name
    if kind == "not-planar":
        return draw(st.sampled_from(NOT_PLANAR))
    words = draw(
        st.lists(
            st.text("abcdefghijklmnopqrstuvwxyzéæ'-", min_size=2, max_size=9).filter(
                lambda w: w[0].isalpha() and w[-1].isalpha()
            ),
            min_size=1,
            max_size=4,
        )
    )
    name = " ".join(word.capitalize() for word in words)
    return name if CATALOG.lookup(name) is None else "Plane Nobody Printed"


printings = st.one_of(
    st.none(),
    st.tuples(
        st.sampled_from(["OHOP", "OPC2", "OPCA", "MOC", "WHO", "HOP"]),
        st.one_of(st.none(), st.integers(1, 250).map(str), st.just("12a")),
    ),
)
entries = st.lists(st.tuples(card_names(), st.integers(1, 3), printings), min_size=1, max_size=24)


def source_text(planar: list[tuple[str, int, Any]], main: list[str], comment: bool) -> str:
    lines = ["// a comment a conversion cannot carry"] if comment else []
    lines += [f"1 {name}" for name in main]
    if main:
        lines.append("")
    lines.append("Planar Deck")
    for name, quantity, printing in planar:
        tag = ""
        if printing is not None:
            code, number = printing
            tag = f" ({code})" + (f" {number}" if number else "")
        lines.append(f"{quantity} {name}{tag}")
    return "\n".join(lines) + "\n"


def source_json(planar: list[tuple[str, int, Any]], main: list[str], communal: int) -> str:
    """A planarcli JSON decklist marked communal: for ``communal`` players, or without the
    number of players when it is 0."""
    items = []
    for name, quantity, printing in planar:
        item: dict[str, Any] = {"name": name, "quantity": quantity}
        if printing is not None:
            item["set"] = printing[0]
            if printing[1]:
                item["number"] = printing[1]
        items.append(item)
    document: dict[str, Any] = {"format": "planarcli-deck", "version": 1, "communal": True}
    if communal:
        document["players"] = communal
    document["planar_deck"] = items
    if main:
        document["main"] = [{"name": name, "quantity": 1} for name in main]
    return json.dumps(document)


def verdict(path: Path) -> tuple[bool, int, int, list[tuple[str, str, str | None]]]:
    result = validate_file(str(path), CATALOG, DeckOptions())
    # the rule cited tells a communal deck's limits (901.15a) from an individual's (901.3)
    codes = sorted((f.severity, f.code, f.rule or "") for f in result.findings)
    return result.valid, result.cards, result.phenomena, codes


def planar_cards(path: Path) -> list[tuple[str, int]]:
    planar = find_planar_deck(read_decklist(str(path)), CATALOG)
    out = []
    for entry in planar.entries:
        card = CATALOG.lookup(entry.name)
        out.append((card.name if card else entry.name, entry.quantity))
    return out


def printings_of(path: Path) -> list[tuple[str | None, str | None]]:
    planar = find_planar_deck(read_decklist(str(path)), CATALOG)
    return [(e.set_code, e.number) for e in planar.entries]


def convert(source: Path, target: str, folder: Path, stem: str) -> Path:
    written = folder / f"{stem}{SUFFIXES[target]}"
    written.write_text(convert_file(str(source), target, CATALOG).text, encoding="utf-8")
    return written


@pytest.mark.slow
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    planar=entries,
    main=st.lists(st.sampled_from(NOT_PLANAR), max_size=3, unique=True),
    comment=st.booleans(),
    second=st.sampled_from(TARGETS),
    # a JSON deck marked communal: for 2 to 8 players, or (0) without the number of players
    communal=st.one_of(st.none(), st.none(), st.integers(2, 8), st.just(0)),
)
def test_every_conversion_keeps_the_verdict_and_the_planar_cards(
    planar: list[tuple[str, int, Any]],
    main: list[str],
    comment: bool,
    second: str,
    communal: int | None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    folder = tmp_path_factory.mktemp("convert")
    if communal is None:
        source = folder / "source.txt"
        source.write_text(source_text(planar, main, comment), encoding="utf-8")
    else:
        source = folder / "source.json"
        source.write_text(source_json(planar, main, communal), encoding="utf-8")
    valid, cards, phenomena, codes = verdict(source)
    # a conversion writes the catalog's name: how the source's name was read ("'No Way Out'
    # is read as 'No Way Out (Playtest)'", a name-variant note) has nothing left to say
    expected_verdict = (valid, cards, phenomena, [c for c in codes if c[1] != "name-variant"])
    expected_cards = planar_cards(source)
    expected_printings = printings_of(source)
    for target in TARGETS:
        first = convert(source, target, folder, f"first-{target}")
        back = convert(first, second, folder, f"back-{target}")
        for path in (first, back):
            assert verdict(path) == expected_verdict, (target, second, path.read_text("utf-8"))
            assert planar_cards(path) == expected_cards, (target, second)
        held = [
            (
                code if target in HOLDS_SET and second in HOLDS_SET else None,
                number if target in HOLDS_NUMBER and second in HOLDS_NUMBER else None,
            )
            for code, number in expected_printings
        ]
        assert printings_of(back) == held, (target, second)


# -- the command, as the issue tried it ------------------------------------------------

OTHER_PLANES = """\
// NAME: Other planes
Planar Deck
1 Akoum (OHOP) 1
1 Tazeem
1 Bant
1 Naya
1 Jund
1 Grixis
1 Esper
1 Otaria
1 Turri Island
1 Sea of Sand
1 Stairs to Infinity
1 The Gerat Forest
"""


@pytest.mark.parametrize("target", ["cockatrice", "mtgo"])
def test_a_misspelt_card_in_a_sideboard_keeps_the_deck_invalid(
    target: str, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    source = tmp_path / "other_planes.txt"
    source.write_text(OTHER_PLANES, encoding="utf-8")
    out = tmp_path / f"other{SUFFIXES[target]}"
    result = run_cli("deck", "convert", str(source), "--to", target, "-o", str(out))
    assert result.exit_code == 0, result
    assert "the set codes of 1 card; left out" in result.stderr, result
    checked = run_cli("validate", str(out), "--format", "json")
    assert checked.exit_code == 1, checked
    (file,) = json.loads(checked.stdout)["files"]
    assert file["cards"] == 12
    assert any("The Gerat Forest" in f["message"] for f in file["findings"]), checked


@pytest.mark.parametrize("target", ["cockatrice", "mtgo"])
def test_a_sideboard_saved_again_without_the_mark_keeps_its_typos(
    target: str, tmp_path: Path
) -> None:
    # Cockatrice or MTGO saving the deck again may drop planarcli's mark: a sideboard of
    # planar cards and near misses of them is still the planar deck, typos and all.
    source = tmp_path / "other_planes.txt"
    source.write_text(OTHER_PLANES, encoding="utf-8")
    text = convert_file(str(source), target, CATALOG).text
    text = text.replace("planarcli: the sideboard is the planar deck", "")
    out = tmp_path / f"resaved{SUFFIXES[target]}"
    out.write_text(text, encoding="utf-8")
    assert verdict(out) == verdict(source)


def test_a_sideboard_with_other_cards_still_only_warns_about_near_misses(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(
        "1 Sol Ring\n\nSideboard\n1 Bant\n1 Stairs to Infinty\n1 Naturalize\n", encoding="utf-8"
    )
    planar = find_planar_deck(read_decklist(str(path)), CATALOG)
    assert [e.name for e in planar.entries] == ["Bant"]
    assert [e.name for e, _ in planar.overlooked] == ["Stairs to Infinty"]


def test_what_the_target_cannot_hold_is_said(run_cli: Callable[..., Any], tmp_path: Path) -> None:
    source = tmp_path / "deck.txt"
    source.write_text(
        "// from the shop\n// second note\nDeck\n1 Sol Ring\n\nMaybeboard\n2 Mana Crypt\n\n"
        "Planar Deck\n1 Akoum (OHOP) 1\n1 Bant (OHOP) 4\n",
        encoding="utf-8",
    )
    forge = run_cli("deck", "convert", str(source), "--to", "forge")
    assert forge.exit_code == 0, forge
    assert "1 Akoum|OHOP" in forge.stdout.splitlines()
    notes = forge.stderr
    assert "the forge format has no place for the 'Maybeboard' section (2 cards)" in notes
    assert "the forge format has no place for 2 comment lines" in notes
    assert "the forge format has no place for the collector numbers of 2 cards" in notes
    text = run_cli("deck", "convert", str(source), "--to", "text")
    assert "1 Akoum (OHOP) 1" in text.stdout.splitlines()
    assert "collector numbers" not in text.stderr and "set codes" not in text.stderr
    document = json.loads(run_cli("deck", "convert", str(source), "--to", "json").stdout)
    assert document["planar_deck"][0] == {
        "name": "Akoum",
        "quantity": 1,
        "set": "OHOP",
        "number": "1",
    }


def test_the_deck_name_mtgo_cannot_hold_is_said(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    """An MTGO .dek has no deck name: `// NAME: Other planes` vanished without a note."""
    source = tmp_path / "deck.txt"
    source.write_text("// NAME: Other planes\nPlanar Deck\n1 Akoum\n1 Bant\n", encoding="utf-8")
    mtgo = run_cli("deck", "convert", str(source), "--to", "mtgo")
    assert mtgo.exit_code == 0, mtgo
    assert "Other planes" not in mtgo.stdout
    assert mtgo.stderr == (
        f"planarcli: note: {source}: the mtgo format has no place for the deck name "
        "('Other planes'); left out\n"
    )
    for target in ("text", "forge", "cockatrice", "json"):
        kept = run_cli("deck", "convert", str(source), "--to", target)
        assert "Other planes" in kept.stdout and kept.stderr == "", (target, kept)


def test_forge_set_and_collector_fields_are_read() -> None:
    from planarcli.deck.readers.forge import printing

    assert printing("Bant|HOP") == ("HOP", None)
    assert printing("Bant|OHOP|1") == ("OHOP", None)  # an art index, not a collector number
    assert printing("Bant|ohop|[3]") == ("OHOP", "3")
    assert printing("Bolt+|M11|#{markedColors=B}") == ("M11", None)
    assert printing("Bant") == (None, None)


def test_csv_edition_and_collector_columns_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "deck.csv"
    path.write_text(
        "Count,Name,Edition,Collector Number\n1,Akoum,ohop,1\n1,Bant,Planechase,4\n1,Naya,OHOP,\n",
        encoding="utf-8",
    )
    # "Planechase" is a set's name, not a code: no printing for Bant
    assert convert_file(str(path), "text", CATALOG).text.splitlines()[1:] == [
        "1 Akoum (OHOP) 1",
        "1 Bant",
        "1 Naya (OHOP)",
    ]


# -- a communal deck keeps its mark in every format ------------------------------------

COMMUNAL = {
    "format": "planarcli-deck",
    "version": 1,
    "communal": True,
    "players": 3,
    "planar_deck": [{"name": name, "quantity": 1} for name in PLANES[:12]],
}


@pytest.mark.parametrize("target", [t for t in TARGETS if t != "json"])
@pytest.mark.parametrize("players", [3, None])
def test_a_communal_deck_is_judged_communal_after_conversion(
    target: str, players: int | None, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    source = tmp_path / "shared.json"
    document = dict(COMMUNAL)
    if players is None:
        del document["players"]
    source.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / f"shared{SUFFIXES[target]}"
    result = run_cli("deck", "convert", str(source), "--to", target, "-o", str(out))
    assert result.exit_code == 0, result
    assert "communal" not in result.stderr, result  # nothing about it is left out
    for path in (source, out):
        checked = run_cli("validate", str(path), "--format", "json")
        assert checked.exit_code == 1, checked
        (file,) = json.loads(checked.stdout)["files"]
        codes = sorted((f["code"], f["rule"]) for f in file["findings"])
        if players is None:  # judged as an individual deck, with the missing number said
            assert codes == [("communal-without-players", "901.15a")], checked
        else:  # 12 cards: too few for a communal deck of 3 players (30), enough alone
            assert codes == [("deck-too-small", "901.15a")], checked
    # and back to JSON: the same mark
    back = json.loads(run_cli("deck", "convert", str(out), "--to", "json").stdout)
    assert back.get("communal") is True and back.get("players") == players
    # the mark is no comment of the user's that a conversion would report as lost
    again = run_cli("deck", "convert", str(out), "--to", "forge")
    assert "comment" not in again.stderr, again


def test_a_text_list_can_carry_the_communal_mark_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "shared.txt"
    names = "\n".join(f"1 {name}" for name in PLANES[:12])
    path.write_text(f"// planarcli: communal planar deck for 2 players\n{names}\n", "utf-8")
    assert read_decklist(str(path)).communal_players == 2
    assert verdict(path) == (False, 12, 0, [("error", "deck-too-small", "901.15a")])
    path.write_text(f"// planarcli: communal planar deck for 1 player\n{names}\n", "utf-8")
    issues = read_decklist(str(path)).issues
    assert [(i.line, i.code) for i in issues] == [(1, "communal-without-players")]
    # only a comment that starts with the mark is one
    path.write_text(f"// not a planarcli: communal planar deck for 2 players\n{names}\n", "utf-8")
    assert read_decklist(str(path)).communal_players is None
