"""XMage .dck decks (planarcli/deck/readers/xmage.py): ``1 [SET:num] Name``, ``SB:`` lines,
NAME: and LAYOUT lines; the sideboard's planes are the planar deck, and a deck without
planes is a file without a planar deck."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO

from planarcli.cards.store import load_catalog
from planarcli.deck.readers import read_decklist
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.deck.readers.xmage import read
from planarcli.errors import InputError

FORMATS_DIR = REPO / "tests" / "decks" / "formats"


def test_the_sideboard_s_planes_are_the_planar_deck() -> None:
    decklist = read_decklist(str(FORMATS_DIR / "xmage-sideboard.dck"))
    assert (decklist.format, decklist.name) == ("xmage", "Planar Bant")
    main = [(e.name, e.quantity, e.set_code, e.number) for e in decklist.entries[:3]]
    assert main == [
        ("Forest", 4, "M10", "227"),
        ("Plains", 4, "M10", "230"),
        ("Rafiq of the Many", 1, "ALA", "167"),
    ]
    assert {e.role for e in decklist.entries[:3]} == {"other"}
    planar = find_planar_deck(decklist, load_catalog())
    assert (planar.found, planar.how) == (True, "by-type")
    assert [e.name for e in planar.entries][:2] == ["Bant", "Academy at Tolaria West"]
    assert len(planar.entries) == 10  # Naturalize, in the sideboard too, is no planar card
    assert planar.entries[0].line == 6
    assert decklist.issues == ()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("1 [OHOP:3] Bant", ("Bant", 1, "Main", "OHOP", "3")),
        ("SB: 1 [OHOP:3] Bant", ("Bant", 1, "Sideboard", "OHOP", "3")),
        ("SB:1 [opca:85] Chaotic Aether", ("Chaotic Aether", 1, "Sideboard", "OPCA", "85")),
        ("3 Swamp", ("Swamp", 3, "Main", None, None)),
        ("2 [WHO:*] Plains", ("Plains", 2, "Main", "WHO", "*")),
        ("1 [MOC:45] Assault // Battery", ("Assault // Battery", 1, "Main", "MOC", "45")),
        ("SB: 1 [OHOP] Bant", ("Bant", 1, "Sideboard", "OHOP", None)),
        ("2 [m10] Forest", ("Forest", 2, "Main", "M10", None)),
    ],
)
def test_card_lines(line: str, expected: tuple[object, ...]) -> None:
    (entry,) = read(RawInput("d.dck", (line + "\n").encode(), ".dck")).entries
    assert (entry.name, entry.quantity, entry.section, entry.set_code, entry.number) == expected


def test_metadata_lines_are_no_cards() -> None:
    text = "NAME:Bant\nAUTHOR:Sam\n1 [OHOP:3] Bant\nLAYOUT MAIN:(1,1)(NONE,false,50)|([OHOP:3])\n"
    decklist = read(RawInput("d.dck", text.encode(), ".dck"))
    assert [e.name for e in decklist.entries] == ["Bant"] and decklist.issues == ()


def test_bad_lines_are_issues_and_a_file_of_none_is_broken() -> None:
    decklist = read(RawInput("d.dck", b"1 [OHOP:3] Bant\n0 [OHOP:1] Akoum\nhello\n", ".dck"))
    assert [(i.line, i.code) for i in decklist.issues] == [
        (2, "bad-quantity"),
        (3, "unreadable-line"),
    ]
    with pytest.raises(InputError, match="not an XMage or Forge deck"):
        read(RawInput("d.dck", b"hello\nworld\n", ".dck"))


@pytest.mark.parametrize("policy", ["skip", "warn"])
def test_a_main_deck_without_planes_is_a_file_without_a_planar_deck(
    tmp_path: Path, run_cli: Callable[..., Any], policy: str
) -> None:
    """Was "unreadable: not a Forge deck" (exit 2), even with --no-planar-deck skip."""
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "elves.dck").write_bytes((FORMATS_DIR / "xmage-no-planes.dck").read_bytes())
    (folder / "bant.dck").write_bytes((FORMATS_DIR / "xmage-sideboard.dck").read_bytes())
    result = run_cli("validate", "--no-planar-deck", policy, str(folder))
    assert result.exit_code == 0, result
    assert f"{folder / 'bant.dck'}: valid (10 cards, 1 phenomenon)" in result.stdout
    assert run_cli("validate", str(folder / "elves.dck")).exit_code == 1


def test_fix_repairs_a_misspelt_plane_in_place(tmp_path: Path, run_cli: Callable[..., Any]) -> None:
    text = (FORMATS_DIR / "xmage-sideboard.dck").read_text(encoding="utf-8")
    deck = tmp_path / "bant.dck"
    deck.write_text(text.replace("] Agyrem", "] Agyrm"), encoding="utf-8")
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 0, result
    assert deck.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "bad", ["SB 1 [OHOP:3] Akoum", "SB: x [OHOP:3] Akoum", "SB: [OHOP:3] Akoum"]
)
@pytest.mark.parametrize("policy", ["skip", "warn"])
def test_a_line_that_may_hold_the_planes_is_never_passed_over(
    tmp_path: Path, run_cli: Callable[..., Any], bad: str, policy: str
) -> None:
    """A malformed sideboard line left the file without a planar deck, and
    ``--no-planar-deck skip`` then passed the whole file over in silence."""
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "bant.dck").write_text(f"NAME:x\n4 [M10:227] Forest\n{bad}\n", encoding="utf-8")
    result = run_cli("validate", "--no-planar-deck", policy, str(folder))
    assert result.exit_code == 1, result
    assert f"cannot read a card in {bad.removeprefix('SB:').strip()!r}" in result.stdout
    assert "lines planarcli could not read, so --no-planar-deck" in result.stdout
