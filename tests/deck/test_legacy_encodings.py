"""Lists saved in a legacy encoding other than Windows-1252 (EUC-JP, GB18030, Mac Roman)
read as that encoding where their names are cards only so, and ``--fix`` writes them back
in it; an EUC-JP file whose names are no card is one clear error (exit 2), not a list of
Windows-1252 nonsense ("'¥È¥ì¥¤¥ê¥¢À¾Éô¤Î¥¢¥«¥Ç¥ß¡¼' is not a plane"). Windows-1252
files read as before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

LISTS = {
    "euc_jp": ("Planar Deck\n1 トレイリア西部のアカデミー\n1 アギレム\n",
               "Academy at Tolaria West"),
    "gb18030": ("Planar Deck\n1 血丘堡垒\n1 乙太混沦\n", "Bloodhill Bastion"),
    "mac_roman": ("Planar Deck\r1 Académie de l'Ouest de Tolaria\r1 Agyrem\r",
                  "Academy at Tolaria West"),
}  # fmt: skip


@pytest.mark.parametrize("codec", sorted(LISTS))
def test_a_legacy_encodings_list_reads_as_its_cards_and_is_fixed_in_it(
    codec: str, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    text, name = LISTS[codec]
    deck = tmp_path / "deck.txt"
    deck.write_bytes((text + "1 Akuom\n").encode(codec))
    shown = run_cli("validate", str(deck))
    assert "is not a plane" not in shown.stdout.replace("'Akuom' is not a plane", ""), shown
    assert "invalid (3 cards" in shown.stdout, shown
    converted = run_cli("deck", "convert", str(deck), "--to", "text")
    assert f"1 {name}\n" in converted.stdout, converted  # the card, by its English name
    fixed = run_cli("validate", "--fix", str(deck))
    assert "fixed: 'Akuom' -> 'Akoum'" in fixed.stdout, fixed
    assert deck.read_bytes() == (text + "1 Akoum\n").encode(codec)


def test_an_euc_jp_list_of_no_card_is_one_error_with_a_hint(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes("Planar Deck\n1 知らない次元\n1 存在しない\n".encode("euc_jp"))
    shown = run_cli("validate", str(deck))
    assert shown.exit_code == 2, shown
    assert "an encoding that could not be told" in shown.stderr, shown
    assert "Japanese EUC-JP" in shown.stderr, shown
    assert "save the file as UTF-8" in shown.stderr, shown
    assert "is not a plane" not in shown.stdout, shown


def test_a_windows_1252_list_still_reads_as_windows_1252(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(
        "Planar Deck\n1 Académie de l'Ouest de Tolaria\n1 Chaotischer Äther\n1 Fünf\n".encode(
            "cp1252"
        )
    )
    shown = run_cli("validate", str(deck))
    assert "invalid (3 cards, 1 phenomenon)" in shown.stdout, shown
    assert "'Fünf' is not a plane" in shown.stdout, shown
