"""``planarcli validate`` end to end: exit codes, outputs, inputs and options."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli.schemacheck import schema_errors

DECKS = Path(__file__).parents[1] / "decks"
GOOD = DECKS / "valid" / "bare-names.txt"
GOOD2 = DECKS / "valid" / "moxfield-export.txt"
SMALL = DECKS / "invalid" / "too-small.txt"
LEGAL_TEXT = GOOD.read_text(encoding="utf-8")


def test_legal_deck_exits_0(run_cli) -> None:
    result = run_cli("validate", str(GOOD))
    assert result.exit_code == 0, result
    assert "valid (10 cards, 0 phenomena)" in result.stdout
    assert result.stdout.rstrip().endswith("1 file: 1 valid, 0 invalid")
    assert result.stderr == ""


def test_illegal_deck_exits_1_naming_file_line_rule_and_fix(run_cli) -> None:
    result = run_cli("validate", str(DECKS / "invalid" / "misspelled.txt"))
    assert result.exit_code == 1, result
    assert "misspelled.txt:2: error: 'Acadmy at Tolaria Wst' is not a plane" in result.stdout
    assert "did you mean 'Academy at Tolaria West'?" in result.stdout
    assert "[901.3 unknown-card]" in result.stdout


def test_json_report_matches_its_schema_and_the_contract(run_cli) -> None:
    result = run_cli("validate", str(GOOD), str(SMALL), "--format", "json")
    assert result.exit_code == 1, result
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == []
    assert report["summary"] == {
        "files": 2,
        "valid": 1,
        "invalid": 1,
        "unreadable": 0,
        "missing": 0,
        "not_fixed": 0,
        "skipped": 0,
    }
    small = report["files"][1]
    assert small["path"] == str(SMALL)
    assert (small["valid"], small["cards"], small["phenomena"]) == (False, 9, 0)
    assert small["findings"] == [
        {
            "rule": "901.3",
            "edition": "2026-01-16",
            "severity": "error",
            "code": "deck-too-small",
            "message": "the planar deck has 9 cards; it needs at least 10: add 1 more",
            "line": None,
            "card": None,
            "suggestions": [],
        }
    ]
    assert report["rules"] == "2026-01-16"
    assert report["card_data"]["source"] == "snapshot"


def test_github_format_annotates_lines(run_cli) -> None:
    result = run_cli("validate", str(DECKS / "invalid" / "duplicates.txt"), "--format", "github")
    assert result.exit_code == 1, result
    lines = result.stdout.splitlines()
    path = str(DECKS / "invalid" / "duplicates.txt")
    assert lines[0].startswith(f"::error file={path},line=2,title=901.3 duplicate-card::'Tazeem'")
    assert lines[-1] == "1 file: 0 valid, 1 invalid"


def test_github_escapes_special_characters(write, run_cli) -> None:
    deck = write("odd,name:deck.txt", "Planar Deck\n1 100% Tazeem\n")
    result = run_cli("validate", str(deck), "--format", "github")
    assert "file=" + str(deck).replace(",", "%2C").replace(":", "%3A") in result.stdout
    assert "'100%25 Tazeem'" in result.stdout


def test_github_format_verbose_lists_the_skipped_files(tmp_path, write, run_cli) -> None:
    """-v lists each skipped file with its reason; with --format github (the Action's
    default, where `args: -v` is how to ask why a file was not checked) it listed none."""
    write("decks/good.txt", LEGAL_TEXT)
    write("decks/config.json", '{"theme": "dark"}')
    folder = str(tmp_path / "decks")
    quiet = run_cli("validate", folder, "--format", "github")
    assert quiet.exit_code == 0, quiet
    assert "::notice" not in quiet.stdout
    result = run_cli("validate", folder, "--format", "github", "-v")
    assert result.exit_code == 0, result
    path = str(tmp_path / "decks" / "config.json").replace(",", "%2C").replace(":", "%3A")
    assert result.stdout.splitlines() == [
        f"::notice file={path},title=skipped::JSON that is neither an MTGJSON deck, a "
        "planarcli decklist nor card objects (a Scryfall list, an array of cards or of names, "
        "an app's planes)",
        "1 file: 1 valid, 0 invalid; 1 skipped",
    ]


def test_stdin(run_cli) -> None:
    result = run_cli("validate", "-", "--format", "json", input=LEGAL_TEXT)
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["files"][0]["path"] == "<stdin>"


def test_stdin_binary_utf16(run_cli) -> None:
    result = run_cli("validate", "-", input=LEGAL_TEXT.encode("utf-16"))
    assert result.exit_code == 0, result


def test_directory_is_searched_recursively(tmp_path, write, run_cli) -> None:
    write("decks/a.txt", LEGAL_TEXT)
    write("decks/sub/b.dec", "Planar Deck\n1 Tazeem\n")
    write("decks/sub/notes.md", "# not a deck")
    write("decks/.git/HEAD.txt", "ref: refs/heads/main")
    result = run_cli("validate", str(tmp_path / "decks"), "--format", "json")
    report = json.loads(result.stdout)
    assert [Path(f["path"]).name for f in report["files"]] == ["a.txt", "b.dec"]
    assert result.exit_code == 1, result


def test_glob_pattern(tmp_path, write, run_cli) -> None:
    write("x/one.txt", LEGAL_TEXT)
    write("x/two.txt", LEGAL_TEXT)
    result = run_cli("validate", str(tmp_path / "x" / "*.txt"))
    assert result.exit_code == 0, result
    assert "2 files: 2 valid, 0 invalid" in result.stdout


def test_missing_file_is_exit_2_with_one_line(run_cli, tmp_path) -> None:
    result = run_cli("validate", str(tmp_path / "nope.txt"))
    assert result.exit_code == 2, result
    assert result.stderr.strip().splitlines() == [
        f"planarcli: error: {tmp_path / 'nope.txt'}: no such file or directory"
    ]
    assert "Traceback" not in result.stdout + result.stderr


def test_empty_directory_is_exit_2(tmp_path, run_cli) -> None:
    (tmp_path / "empty").mkdir()
    result = run_cli("validate", str(tmp_path / "empty"))
    assert result.exit_code == 2, result
    assert "holds no decklist file" in result.stderr


def test_worst_exit_code_wins_and_every_file_gets_a_result(write, run_cli, tmp_path) -> None:
    junk = write("junk.txt", b"\x00\x01\x02\x03" * 64)
    result = run_cli("validate", str(GOOD), str(SMALL), str(junk), "--format", "json")
    assert result.exit_code == 2, result
    report = json.loads(result.stdout)
    assert [f["valid"] for f in report["files"]] == [True, False, False]
    unreadable = report["files"][2]
    assert unreadable["format"] is None
    assert unreadable["findings"][0]["code"] == "unreadable-file"
    assert "binary" in unreadable["findings"][0]["message"]
    assert report["summary"]["unreadable"] == 1
    assert "junk.txt" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--communal"], "--communal needs --players"),
        (["--no-communal", "--players", "4"], "--players goes with --communal"),
        (["--players", "1"], "--players 1: a communal planar deck needs at least 2 players"),
        (["--communal", "--players", "1"], "at least 2 players"),
        (["--rules", "1999-01-01"], "no Planechase rules before 2009-09-04"),
        (["--rules", "bogus"], "is not an edition"),
        (["--input-format", "pdf"], "--input-format 'pdf'"),
        (["--format", "xml"], "Invalid value for '--format'"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str, run_cli) -> None:
    result = run_cli("validate", str(GOOD), *args)
    assert result.exit_code == 2, result
    assert message in result.stderr
    assert result.stdout == ""


def test_no_paths_is_a_usage_error(run_cli) -> None:
    result = run_cli("validate")
    assert result.exit_code == 2
    assert "no decklist given" in result.stderr


def test_communal_deck_for_four_players(write, run_cli) -> None:
    from planarcli.cards.store import load_snapshot

    cards = load_snapshot().cards
    planes = [c.name for c in cards if c.kind == "plane"][:32]
    phenomena = [c.name for c in cards if c.kind == "phenomenon"][:8]
    deck = write("communal.txt", "\n".join(planes + phenomena) + "\n")
    assert run_cli("validate", str(deck)).exit_code == 1  # as one player's deck: 8 phenomena
    result = run_cli("validate", str(deck), "--communal", "--players", "4")
    assert result.exit_code == 0, result
    result = run_cli("validate", str(deck), "--communal", "--players", "3", "--format", "json")
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert [(f["code"], f["rule"]) for f in findings] == [("too-many-phenomena", "901.15a")]


@pytest.mark.parametrize(
    ("config", "args", "said"),
    [
        (None, ["--players", "4"], "--players 4 without --communal"),
        ("players = 4\n", [], "planarcli.toml: players = 4 without communal = true"),
    ],
)
def test_players_alone_imply_the_communal_deck(
    write, run_cli, tmp_path, monkeypatch, config, args, said
) -> None:
    """Issue 25 item 6: a number of players can only mean the communal deck; judged as one,
    with a note saying so, and the same report as --communal --players 4."""
    from planarcli.cards.store import load_snapshot

    cards = load_snapshot().cards
    planes = [c.name for c in cards if c.kind == "plane"][:32]
    phenomena = [c.name for c in cards if c.kind == "phenomenon"][:8]
    write("communal.txt", "\n".join(planes + phenomena) + "\n")
    monkeypatch.chdir(tmp_path)
    if config is not None:
        write("planarcli.toml", config)
    implied = run_cli("validate", "communal.txt", *args, "--format", "json")
    assert implied.exit_code == 0, implied
    assert implied.stderr == (
        f"planarcli: note: {said}: each file is judged as the single communal planar deck for "
        "4 players (the single planar deck option)\n"
    )
    stated = run_cli("validate", "communal.txt", "--communal", "--players", "4", "--format", "json")
    assert json.loads(implied.stdout)["files"] == json.loads(stated.stdout)["files"]
    assert json.loads(implied.stdout)["mode"]["communal"] is True
    assert stated.stderr == ""


def test_old_rules_cite_old_numbers(write, run_cli) -> None:
    deck = write("small.txt", "\n".join(["Tazeem", "Krosa", "Naya"] * 1) + "\n")
    result = run_cli(
        "validate",
        str(deck),
        "--communal",
        "--players",
        "2",
        "--rules",
        "2009-10-01",
        "--format",
        "json",
    )
    finding = json.loads(result.stdout)["files"][0]["findings"][0]
    assert (finding["rule"], finding["edition"], finding["code"]) == (
        "901.14a",
        "2009-10-01",
        "deck-too-small",
    )


def test_verbose_names_the_card_data_and_notes(run_cli) -> None:
    result = run_cli("validate", str(DECKS / "valid" / "spelling-variants.txt"), "-v")
    assert result.exit_code == 0, result
    assert result.stdout.startswith("card data: snapshot ")
    assert "info: 'The AEther Flues' is read as 'The Aether Flues'" in result.stdout
    quiet = run_cli("validate", str(DECKS / "valid" / "spelling-variants.txt"))
    assert "info:" not in quiet.stdout


def test_quiet_prints_only_problem_files_but_counts_them_all(run_cli) -> None:
    result = run_cli("validate", str(GOOD), str(GOOD2), str(SMALL), "-q")
    assert str(GOOD) not in result.stdout and str(GOOD2) not in result.stdout
    assert str(SMALL) in result.stdout
    assert result.stdout.splitlines()[-1] == "3 files: 2 valid, 1 invalid"
    everything_fine = run_cli("validate", str(GOOD), "-q")
    assert everything_fine.stdout.splitlines() == ["1 file: 1 valid, 0 invalid"]


def test_text_and_json_summaries_count_alike(write, run_cli) -> None:
    junk = write("junk.txt", b"\x00\x01" * 100)
    text = run_cli("validate", str(GOOD), str(junk))
    assert text.stdout.splitlines()[-1] == "2 files: 1 valid, 1 invalid (1 unreadable)"


def test_colour_only_on_request(run_cli) -> None:
    result = run_cli("validate", str(SMALL))
    assert "\x1b[" not in result.stdout


def test_colour_on_a_terminal_unless_no_color(monkeypatch) -> None:
    import sys

    from planarcli.commands import common

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert common.use_color() is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert common.use_color() is False
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: only a non-empty value counts
    assert common.use_color() is True
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert common.use_color() is False


def test_text_renderer_styles_verdicts_when_asked() -> None:
    import click

    from planarcli.deck.findings import FileResult, Finding
    from planarcli.report.render import render_text

    bad = FileResult(
        "a.txt",
        False,
        9,
        0,
        (Finding("901.3", "2026-01-16", "error", "deck-too-small", "add 1 more"),),
        "text",
        "section",
    )
    coloured = render_text([bad], style=click.style)
    assert "\x1b[31m" in coloured and "invalid" in click.unstyle(coloured)
    assert "\x1b[" not in render_text([bad])


def test_directory_scan_skips_json_that_is_no_decklist(tmp_path, write, run_cli) -> None:
    write("repo/package.json", '{"name": "site", "version": "1.0.0"}')
    write("repo/decks/a.expected.json", '{"valid": false}')
    write(
        "repo/decks/deck.json",
        '{"format": "planarcli-deck", "version": 1, '
        '"planar_deck": [{"name": "Tazeem", "quantity": 1}]}',
    )
    write("repo/decks/b.txt", LEGAL_TEXT)
    result = run_cli("validate", str(tmp_path / "repo"), "--format", "json")
    names = [Path(f["path"]).name for f in json.loads(result.stdout)["files"]]
    assert names == ["b.txt", "deck.json"]
    named = run_cli("validate", str(tmp_path / "repo" / "package.json"))
    # Named explicitly, it is read, and judged as a file without a planar deck.
    assert named.exit_code == 1, named
    assert "package.json: error: no planar deck: not a decklist: JSON that is" in named.stdout
    warned = run_cli("validate", str(tmp_path / "repo" / "package.json"), "--no-planar-deck=warn")
    assert warned.exit_code == 0, warned


def test_json_deck_that_declares_itself_communal(write, run_cli) -> None:
    from planarcli.cards.store import load_snapshot

    planes = [c.name for c in load_snapshot().cards if c.kind == "plane"][:20]
    deck = {
        "format": "planarcli-deck",
        "version": 1,
        "communal": True,
        "players": 2,
        "planar_deck": [{"name": name} for name in planes],
    }
    path = write("communal.json", json.dumps(deck))
    result = run_cli("validate", str(path))
    assert result.exit_code == 0, result  # 20 cards: enough for 2 players
    result = run_cli("validate", str(path), "--communal", "--players", "3", "--format", "json")
    finding = json.loads(result.stdout)["files"][0]["findings"][0]
    assert (finding["code"], finding["rule"]) == ("deck-too-small", "901.15a")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args", [["cards", "list"], ["validate", str(GOOD)], ["rules", "show", "901"]]
)
def test_output_that_cannot_be_written_is_one_line_and_exit_2(args: list[str]) -> None:
    import subprocess
    import sys

    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "planarcli", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "planarcli: error: cannot write the output: No space left on device"
    ]


def test_card_missing_from_an_incomplete_synced_cache_comes_from_the_snapshot(
    write, run_cli, tmp_path
) -> None:
    """The catalog is the snapshot united with the cache: a card the cache lacks is known."""
    import os

    from planarcli.cards import store

    document = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
    document["source"] = {"kind": "scryfall", "created": "2026-11-01T00:00:00+00:00"}
    document["cards"] = [c for c in document["cards"] if c["name"] != "Team-Up!"]
    cache = Path(os.environ["PLANARCLI_CACHE_DIR"]) / "cards.json"
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(document), encoding="utf-8")
    store.reset_loaded_catalog()
    deck = write("deck.txt", "Planar Deck\n1 Team Up!\n" + LEGAL_TEXT)
    result = run_cli("validate", str(deck), "--format", "json")
    assert result.exit_code == 0, result
    report = json.loads(result.stdout)
    assert report["card_data"]["source"] == "cache"
    (finding,) = report["files"][0]["findings"]
    assert finding["code"] == "name-variant" and finding["severity"] == "info"
    assert "Team-Up!" in finding["message"]


def test_rules_in_the_future_warn(run_cli) -> None:
    result = run_cli("validate", str(GOOD), "--rules", "2099-01-01")
    assert result.exit_code == 0, result
    assert "--rules 2099-01-01 is a date in the future" in result.stderr


def test_rules_hint_lists_only_rules_editions(run_cli) -> None:
    result = run_cli("validate", str(GOOD), "--rules", "danish-guide")
    assert result.exit_code == 2, result
    assert "2009-10-01" in result.stderr and "danish-guide, " not in result.stderr


def test_json_deck_marked_communal_needs_players(write, run_cli) -> None:
    names = [line for line in LEGAL_TEXT.splitlines() if line.strip()]
    deck = {
        "format": "planarcli-deck",
        "version": 1,
        "communal": True,
        "planar_deck": [{"name": name} for name in names],
    }
    path = write("communal.json", json.dumps(deck))
    result = run_cli("validate", str(path), "--format", "json")
    assert result.exit_code == 1, result
    codes = [f["code"] for f in json.loads(result.stdout)["files"][0]["findings"]]
    assert codes == ["communal-without-players"]
    assert run_cli("validate", str(path), "--communal", "--players", "2").exit_code == 1
    assert (
        run_cli(
            "validate", str(path), "--communal", "--players", "2", "--format", "json"
        ).stdout.count("communal-without-players")
        == 0
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["validate", str(GOOD)], 0),
        (["validate", str(SMALL)], 1),  # the verdict survives a closed pipe
        (["cards", "list"], 0),
        (["rules", "show", "901"], 0),
    ],
)
def test_closed_pipe_keeps_the_verdict_and_prints_nothing(args: list[str], expected: int) -> None:
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "planarcli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before anything is written
    with process.stderr:
        stderr = process.stderr.read().decode("utf-8")
    assert process.wait(timeout=60) == expected
    assert stderr == ""


def test_current_follows_a_newer_imported_edition(run_cli, monkeypatch, tmp_path) -> None:
    import os
    import shutil

    from planarcli import resources

    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True)
    edition = json.loads((resources.rules_dir() / "2026-01-16.json").read_text("utf-8"))
    edition["id"] = edition["effective"] = "2026-06-05"
    (folder / "2026-06-05.json").write_text(json.dumps(edition), encoding="utf-8")
    result = run_cli("validate", str(GOOD), "--format", "json")
    report = json.loads(result.stdout)
    assert report["rules"] == "2026-06-05"
    shutil.rmtree(folder)
    assert json.loads(run_cli("validate", str(GOOD), "--format", "json").stdout)["rules"] == (
        "2026-01-16"
    )


def test_communal_help_gives_the_dates_the_rule_had_its_old_number(run_cli) -> None:
    """The --communal help said 901.14a held "from 2009-10-01 to 2012-05-01"; the rules
    history says until 2012-06-01 (--rules 2012-05-15 cites 901.14a)."""
    history = json.loads(run_cli("rules", "history", "901.15a", "--format", "json").stdout)
    old = [v for v in history["versions"] if v["id"] == "901.14a"]
    since, until = old[0]["since"], old[-1]["until"]
    help_text = " ".join(run_cli("validate", "--help").stdout.split())
    assert f"901.14a from {since} until {until}" in help_text


@pytest.mark.parametrize(
    ("typed", "meant"), [("valdate", "validate"), ("vaildate", "validate"), ("card", "cards")]
)
def test_a_mistyped_command_gets_a_suggestion(run_cli, typed: str, meant: str) -> None:
    result = run_cli(typed, "deck.txt")
    assert result.exit_code == 2
    assert f"No such command {typed!r}. Did you mean {meant!r}?" in result.stderr


def test_an_unknown_command_like_none_gets_no_suggestion(run_cli) -> None:
    result = run_cli("xyzzy")
    assert result.exit_code == 2
    assert "No such command 'xyzzy'." in result.stderr and "Did you mean" not in result.stderr


def test_rules_date_names_the_edition_in_force(run_cli) -> None:
    """Issue 16: `--rules 2012-05-31` named the date; the edition in force that day is
    2011-07-15's (planes only), and the report, the findings and a note say so."""
    deck = Path(__file__).parents[1] / "decks" / "invalid" / "three-phenomena.txt"
    result = run_cli("validate", str(deck), "--rules", "2012-05-31", "--format", "json")
    report = json.loads(result.stdout)
    assert report["mode"]["rules"] == "2011-07-15"
    assert {f["edition"] for f in report["files"][0]["findings"]} == {"2011-07-15"}
    assert "the rules in force that day are those of the 2011-07-15 edition" in result.stderr
    exact = run_cli("validate", str(deck), "--rules", "2012-06-01", "--format", "json")
    assert json.loads(exact.stdout)["mode"]["rules"] == "2012-06-01"
    assert "note" not in exact.stderr
    future = run_cli("validate", str(deck), "--rules", "2099-01-01")
    assert "is a date in the future" in future.stderr and "note" not in future.stderr


# -- control characters in file names (issue 22.6) -------------------------------------------------
FORGING_NAMES = [
    "x\n1 file: 1 valid.txt",
    "bell\a.txt",
    "esc\x1b[32mgreen.txt",
    "cr\rhidden.txt",
    "deck\u202etxt.kced",  # a right-to-left override: shown as "deckdeck.txt" reversed
]


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names")
@pytest.mark.parametrize("name", FORGING_NAMES)
@pytest.mark.parametrize("fmt", ["text", "github"])
def test_a_file_name_with_control_characters_cannot_forge_a_line(
    tmp_path: Path, run_cli: Callable[..., Any], name: str, fmt: str
) -> None:
    deck = tmp_path / name
    deck.write_text("Planar Deck\n1 Akoum\n", encoding="utf-8")  # too small: findings name it
    result = run_cli("validate", "--no-config", "--format", fmt, str(deck))
    assert result.exit_code == 1, result
    printed = result.stdout + result.stderr
    assert not any(char in printed for char in "\a\x1b\r\u202e"), result
    lines = result.stdout.splitlines()
    assert lines[-1] == "1 file: 0 valid, 1 invalid"
    assert sum(line == "1 file: 1 valid" for line in lines) == 0
    if fmt == "github":  # GitHub's own escapes for a workflow command, then the rest
        name = name.replace("\r", "%0D").replace("\n", "%0A").replace(":", "%3A")
    shown = repr(name)[1:-1]
    assert all(shown in line for line in lines[:-1]), lines


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names")
def test_a_missing_path_with_a_newline_is_one_error_line(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    result = run_cli("validate", "--no-config", str(tmp_path / "no\nplanarcli: hint: forged"))
    assert result.exit_code == 2, result
    assert [line for line in result.stderr.splitlines() if line.startswith("planarcli: hint")] == []
    assert result.stderr.count("\n") == 1, result


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names")
def test_json_keeps_a_control_character_in_a_name_as_it_is(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    deck = tmp_path / "a\nb.txt"
    deck.write_text("Planar Deck\n1 Akoum\n", encoding="utf-8")
    result = run_cli("validate", "--no-config", "--format", "json", str(deck))
    assert json.loads(result.stdout)["files"][0]["path"] == str(deck)
