"""How validate finds its inputs: directories, links, pipes, repeats, odd encodings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

DECK = (Path(__file__).parents[1] / "decks" / "valid" / "bare-names.txt").read_text(
    encoding="utf-8"
)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_directory_scan_skips_pipes_and_repository_text_files(tmp_path, write, run_cli) -> None:
    write("decks/a.txt", DECK)
    write("decks/README.txt", "These are my decks.")
    write("decks/requirements.txt", "planarcli>=0.1")
    write("decks/LICENSE.txt", "MIT")
    os.mkfifo(tmp_path / "decks" / "pipe.txt")  # reading it would block forever
    result = run_cli("validate", str(tmp_path / "decks"), "--format", "json")
    assert result.exit_code == 0, result
    assert [Path(f["path"]).name for f in json.loads(result.stdout)["files"]] == ["a.txt"]


def test_a_path_given_twice_is_validated_once(tmp_path, write, run_cli, monkeypatch) -> None:
    write("d.txt", DECK)
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "d.txt", "./d.txt", str(tmp_path / "d.txt"))
    assert result.stdout.splitlines()[-1] == "1 file: 1 valid, 0 invalid"


def test_broken_symbolic_link(tmp_path, run_cli) -> None:
    link = tmp_path / "deck.txt"
    link.symlink_to(tmp_path / "gone.txt")
    result = run_cli("validate", str(link))
    assert result.exit_code == 2, result
    assert "broken symbolic link" in result.stderr


def test_a_named_broken_link_is_unreadable_as_in_a_folder_scan(tmp_path, run_cli) -> None:
    """Named, a broken link's verdict was "nothing to check" (the words for a folder with no
    decklist) while the summary counted it unreadable and a folder scan said "unreadable"."""
    link = tmp_path / "deck.txt"
    link.symlink_to(tmp_path / "gone.txt")
    named = run_cli("validate", str(link))
    assert named.exit_code == 2, named
    assert named.stdout.splitlines() == [
        f"{link}: unreadable",
        "1 file: 0 valid, 1 invalid (1 unreadable)",
    ]
    codes = []
    for path in (link, tmp_path):
        report = json.loads(run_cli("validate", str(path), "--format", "json").stdout)
        codes.append([finding["code"] for finding in report["files"][0]["findings"]])
    assert codes[0] == codes[1] == ["unreadable-file"]


def test_a_loop_of_symbolic_links_is_named_as_one(tmp_path, run_cli) -> None:
    """A loop was called a "broken symbolic link (its target is missing)"."""
    (tmp_path / "a.txt").symlink_to(tmp_path / "b.txt")
    (tmp_path / "b.txt").symlink_to(tmp_path / "a.txt")
    named = run_cli("validate", str(tmp_path / "a.txt"))
    assert named.exit_code == 2, named
    assert "symbolic link loop" in named.stderr
    scanned = run_cli("validate", str(tmp_path))
    assert scanned.exit_code == 2, scanned
    assert scanned.stderr.count("symbolic link loop") == 2, scanned


def test_a_folder_scan_leaves_alone_a_link_loop_it_would_not_check(tmp_path, run_cli) -> None:
    """A loop of links named like no decklist (notes.md), or excluded, failed the scan with
    exit 2: it was looked at before its name was."""
    (tmp_path / "deck.txt").write_text("Planar Deck\n" + DECK, encoding="utf-8")
    (tmp_path / "x.md").symlink_to(tmp_path / "y.md")
    (tmp_path / "y.md").symlink_to(tmp_path / "x.md")
    result = run_cli("validate", str(tmp_path))
    assert result.exit_code == 0, result
    (tmp_path / "w.txt").symlink_to(tmp_path / "z.txt")
    (tmp_path / "z.txt").symlink_to(tmp_path / "w.txt")
    assert run_cli("validate", str(tmp_path)).exit_code == 2
    excluded = run_cli("validate", str(tmp_path), "--exclude", "[wz].txt")
    assert excluded.exit_code == 0, excluded


def test_one_stray_byte_does_not_garble_the_rest_of_a_utf8_file(write, run_cli) -> None:
    text = "Planar Deck\n" + DECK.replace("Agyrem", "The Æther Flues")
    data = text.encode("utf-8") + b"1 Caf\xe9 Pompeii\n"
    deck = write("mixed.txt", data)
    result = run_cli("validate", str(deck), "--format", "json")
    findings = json.loads(result.stdout)["files"][0]["findings"]
    cards = [f["card"] for f in findings if f["code"] == "unknown-card"]
    assert cards == ["Café Pompeii"]  # the Æ line still reads as UTF-8


def test_undecodable_line_is_named(write, run_cli) -> None:
    deck = write("bad.txt", b"Planar Deck\n1 Tazeem\n1 Bad \x81\x8d name\n")
    result = run_cli("validate", str(deck))
    assert result.exit_code == 2, result
    assert f"{deck}:3: is neither UTF-8 nor Windows-1252 text" in result.stderr


def test_a_file_of_endless_card_lines_is_refused(write, run_cli) -> None:
    deck = write("huge.txt", "Planar Deck\n" + "1 Tazeem\n" * 20000)
    result = run_cli("validate", str(deck))
    assert result.exit_code == 2, result
    assert "more than 5000 card lines" in result.stderr


@pytest.mark.parametrize("argument", ["decks", "decks/**", "decks/**/*.txt"])
def test_a_link_to_a_folder_is_listed_as_skipped_by_a_search_and_a_glob(
    tmp_path, write, run_cli, monkeypatch, argument
) -> None:
    """A glob followed a link to a folder (Python's glob does) that the folder search skips,
    and -v never named it: both now skip it, and -v lists it once with why."""
    write("decks/real/a.txt", DECK)
    try:
        (tmp_path / "decks" / "link").symlink_to(tmp_path / "decks" / "real", True)
    except OSError:
        pytest.skip("cannot create symbolic links here")
    monkeypatch.chdir(tmp_path)
    shown = run_cli("validate", "-v", argument)
    assert shown.exit_code == 0, shown
    lines = shown.stdout.splitlines()
    assert "decks/link: skipped: a symbolic link to a folder: links are not followed" in lines
    assert lines[-1] == "1 file: 1 valid, 0 invalid; 1 skipped", shown
    assert "decks/link/a.txt" not in shown.stdout
    files = json.loads(run_cli("validate", "-v", "--format", "json", argument).stdout)["files"]
    assert [(f["path"], f["skipped"]) for f in files] == [
        ("decks/link", True),
        ("decks/real/a.txt", False),
    ]
