"""Directory scans never skip in silence; ``--exclude``; ``--no-planar-deck``; JSON stays
JSON; errors are said once; Ctrl-C; wrapped findings (issue 8, contract additions of
2026-11-30)."""

from __future__ import annotations

import builtins
import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from planarcli.deck.scan import glob_to_regex
from planarcli.schemacheck import schema_errors

DECKS = Path(__file__).parents[1] / "decks"
LEGAL_TEXT = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")
COMMANDER = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n1 Command Tower\n"
INSTALLED = Path(sys.executable).parent / ("planarcli.exe" if os.name == "nt" else "planarcli")


def _report(result) -> dict:
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == [], report
    return report


def _by_name(report: dict) -> dict[str, dict]:
    return {Path(entry["path"]).name: entry for entry in report["files"]}


@pytest.fixture
def deck_tree(write, tmp_path: Path) -> Path:
    """The issue's repository: a good deck, a truncated JSON deck, a config.json, prose
    notes, a Commander list, broken .dck / .cod / .dek files, hidden and tool folders."""
    write("decks/good.txt", LEGAL_TEXT)
    write("decks/broken.json", '{"planar_deck": [')
    write("decks/config.json", '{"name": "site", "debug": true}')
    write("decks/notes.txt", "Remember to buy sleeves.\nWe play on Fridays at Tom's place.\n")
    write("decks/commander.txt", COMMANDER)
    write("decks/forge/broken.dck", "1 Tazeem|HOP\n1 Akoum|HOP\n")
    write("decks/cockatrice/broken.cod", "<cockatrice_deck><zone name='side'><card")
    write("decks/mtgo/broken.dek", "<Deck><Cards Name='Tazeem'")
    write("decks/.hidden/secret.txt", LEGAL_TEXT)
    write("decks/node_modules/pkg/list.txt", LEGAL_TEXT)
    write("decks/README.txt", "These are our decks.\n")
    return tmp_path / "decks"


def test_scan_reports_malformed_files_and_skips_non_decklists(deck_tree, run_cli) -> None:
    result = run_cli("validate", str(deck_tree), "--format", "json")
    assert result.exit_code == 2, result
    report = _report(result)
    files = _by_name(report)
    # Malformed files with a decklist extension are results with an error, named.
    for name in ("broken.json", "broken.dck", "broken.cod", "broken.dek"):
        assert files[name]["valid"] is False, name
        assert files[name]["skipped"] is False
        assert files[name]["findings"][0]["severity"] == "error"
        assert f"{name}" in result.stderr
    assert "not valid JSON" in files["broken.json"]["findings"][0]["message"]
    assert files["broken.json"]["findings"][0]["line"] == 1
    # A Commander list is a decklist without a planar deck: an error by default.
    assert files["commander.txt"]["findings"][-1]["code"] == "no-planar-deck"
    assert files["good.txt"]["valid"] is True
    # Skipped files are not listed without -v, but counted.
    assert "config.json" not in files and "notes.txt" not in files
    assert report["summary"]["skipped"] == 5  # config, notes, README, .hidden, node_modules
    assert report["summary"]["files"] == 6
    assert report["summary"]["unreadable"] == 4


def test_verbose_lists_every_skipped_path_with_its_reason(deck_tree, run_cli) -> None:
    result = run_cli("validate", str(deck_tree), "--format", "json", "-v")
    files = _by_name(_report(result))
    skipped = {name: entry["reason"] for name, entry in files.items() if entry["skipped"]}
    assert set(skipped) == {"config.json", "notes.txt", "README.txt", ".hidden", "node_modules"}
    assert (
        "neither an MTGJSON deck, a planarcli decklist nor card objects" in skipped["config.json"]
    )
    assert "not a decklist" in skipped["notes.txt"]
    assert skipped[".hidden"] == "a hidden folder"
    assert all(entry["valid"] is None for entry in files.values() if entry["skipped"])
    text = run_cli("validate", str(deck_tree), "-v")
    assert f"{deck_tree / 'notes.txt'}: skipped: no line reads as a card line" in text.stdout
    assert f"{deck_tree / '.hidden'}: skipped: a hidden folder" in text.stdout
    assert text.stdout.rstrip().endswith("6 files: 1 valid, 5 invalid (4 unreadable); 5 skipped")
    quiet = run_cli("validate", str(deck_tree))
    assert "skipped:" not in quiet.stdout
    assert quiet.stdout.rstrip().endswith("; 5 skipped")


def test_errors_are_said_once_on_stderr_not_again_in_the_text_report(deck_tree, run_cli) -> None:
    result = run_cli("validate", str(deck_tree / "broken.json"))
    assert result.exit_code == 2, result
    assert result.stderr.count("not valid JSON") == 1
    assert "not valid JSON" not in result.stdout
    assert f"{deck_tree / 'broken.json'}: unreadable" in result.stdout


def test_unreadable_folder_is_an_error_result(deck_tree, run_cli, monkeypatch) -> None:
    """As root, chmod does not stop reads: make os.scandir fail the way it fails for a
    folder without read permission."""
    locked = deck_tree / "locked"
    locked.mkdir()
    (locked / "deck.txt").write_text(LEGAL_TEXT, encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = run_cli("validate", str(deck_tree / "locked"), str(deck_tree / "good.txt"))
    assert result.exit_code == 2, result
    assert f"planarcli: error: {locked}: cannot read this folder (Permission denied)" in (
        result.stderr
    )
    assert f"{locked}: unreadable folder" in result.stdout
    assert result.stdout.rstrip().endswith("2 files: 1 valid, 1 invalid (1 unreadable)")
    whole = run_cli("validate", str(deck_tree), "--format", "json")
    finding = _by_name(_report(whole))["locked"]["findings"][0]
    assert finding["code"] == "unreadable-folder"
    assert "--exclude" in finding["message"]


def test_unreadable_file_in_a_scan_is_an_error_result(deck_tree, run_cli, monkeypatch) -> None:
    import builtins

    target = deck_tree / "good.txt"
    real_open = builtins.open

    def guarded_open(file, *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and Path(file) == target:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    result = run_cli("validate", str(deck_tree), "--format", "json")
    assert result.exit_code == 2
    entry = _by_name(_report(result))["good.txt"]
    assert entry["valid"] is False
    assert "permission denied" in entry["findings"][0]["message"]
    assert f"{target}: permission denied" in result.stderr


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="running as root: chmod 000 does not stop root from reading (see the test above)",
)
def test_real_unreadable_folder(deck_tree, run_cli) -> None:
    locked = deck_tree / "locked"
    locked.mkdir()
    (locked / "deck.txt").write_text(LEGAL_TEXT, encoding="utf-8")
    locked.chmod(0)
    try:
        result = run_cli("validate", str(deck_tree))
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 2, result
    assert f"{locked}: cannot read this folder" in result.stderr


def test_broken_symbolic_link_in_a_scan_is_an_error(tmp_path, write, run_cli) -> None:
    write("decks/good.txt", LEGAL_TEXT)
    try:
        (tmp_path / "decks" / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    except OSError:
        pytest.skip("cannot create symbolic links here")
    result = run_cli("validate", str(tmp_path / "decks"))
    assert result.exit_code == 2, result
    assert "gone.txt: broken symbolic link" in result.stderr


def test_exclude_patterns(deck_tree, run_cli) -> None:
    args = ["validate", str(deck_tree), "--format", "json", "-v"]
    result = run_cli(*args, "--exclude", "broken.*", "--exclude", "commander.txt")
    assert result.exit_code == 0, result
    files = _by_name(_report(result))
    for name in ("broken.json", "broken.dck", "broken.cod", "broken.dek", "commander.txt"):
        assert files[name]["skipped"] is True
        assert files[name]["reason"].startswith("excluded: matches")
    folders = run_cli(*args, "--exclude", "forge", "--exclude", "**/*.co?", "--exclude", "mtgo/")
    names = {n for n, e in _by_name(_report(folders)).items() if not e["skipped"]}
    assert names == {"good.txt", "broken.json", "commander.txt"}
    # Relative to the argument: "decks/..." is not a path below decks/.
    anchored = run_cli(*args, "--exclude", "decks/good.txt")
    assert _by_name(_report(anchored))["good.txt"]["skipped"] is False
    # A file named on the command line is never excluded.
    named = run_cli("validate", str(deck_tree / "good.txt"), "--exclude", "*.txt")
    assert named.exit_code == 0, named
    assert "1 file: 1 valid" in named.stdout


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("*.txt", "a.txt", True),
        ("*.txt", "sub/a.txt", True),  # no slash: any depth
        ("sub/*.txt", "sub/a.txt", True),
        ("sub/*.txt", "sub/deeper/a.txt", False),
        ("sub/**/*.txt", "sub/a.txt", True),
        ("sub/**/*.txt", "sub/x/y/a.txt", True),
        ("sub/**", "sub/x/y/a.txt", True),
        ("**/drafts", "a/b/drafts", True),
        ("/top.txt", "top.txt", True),
        ("/top.txt", "sub/top.txt", False),
        ("deck[0-9].txt", "deck5.txt", True),
        ("deck[!0-9].txt", "deck5.txt", False),
        ("deck[!0-9].txt", "deckA.txt", True),
        ("deck[^0-9].txt", "deck5.txt", False),  # ^ negates as ! does (issue 15)
        ("deck[^0-9].txt", "deckA.txt", True),
        ("deck[^0-9].txt", "deck^.txt", True),
        ("deck[a^].txt", "deck^.txt", True),  # not first: a plain character
        ("deck[a^].txt", "decka.txt", True),
        ("deck[a^].txt", "deckb.txt", False),
        ("a[!x]b.txt", "a/b.txt", False),  # like ? and *, never a folder separator
        ("a[^x]b.txt", "a/b.txt", False),
        ("d?ck.txt", "deck.txt", True),
        ("d?ck.txt", "d/ck.txt", False),
        ("a+b (1).txt", "a+b (1).txt", True),
    ],
)
def test_glob_to_regex(pattern: str, path: str, matches: bool) -> None:
    import re

    assert bool(re.fullmatch(glob_to_regex(pattern), path)) is matches


def test_exclude_with_a_negated_class(write, tmp_path, run_cli) -> None:
    """``[^...]`` and ``[!...]`` in --exclude: everything but the class (issue 15)."""
    for name in ("a1.txt", "ab.txt"):
        write(f"decks/{name}", LEGAL_TEXT)
    for pattern in ("a[^0-9].txt", "a[!0-9].txt"):
        result = run_cli(
            "validate", str(tmp_path / "decks"), "--exclude", pattern, "-v", "--format", "json"
        )
        assert result.exit_code == 0, result
        files = _by_name(_report(result))
        assert (files["a1.txt"]["skipped"], files["ab.txt"]["skipped"]) == (False, True)


def test_folder_with_only_skipped_files_is_nothing_to_check(write, tmp_path, run_cli) -> None:
    write("site/config.json", '{"debug": true}')
    write("site/notes.txt", "Just some words here.\n")
    result = run_cli("validate", str(tmp_path / "site"), "--format", "json")
    assert result.exit_code == 2, result
    report = _report(result)  # still one JSON document
    assert report["files"][-1]["findings"][0]["code"] == "no-input"
    assert "2 files were skipped (run with -v" in result.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run_cli("validate", str(empty), "--format", "json")
    assert result.exit_code == 2
    assert (
        "directory holds no decklist file" in _report(result)["files"][0]["findings"][0]["message"]
    )


def test_missing_path_with_json_is_still_one_json_document(run_cli, tmp_path) -> None:
    result = run_cli("validate", str(tmp_path / "nothere.txt"), "--format", "json")
    assert result.exit_code == 2
    report = _report(result)
    assert report["files"][0]["findings"][0]["message"] == "no such file or directory"
    assert result.stderr.count("planarcli: error:") == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "1", "--communal"],
        ["--players", "3", "--no-communal"],
        ["--players", "1"],  # implies --communal, for too few players
        ["--rules", "nonsense"],
        ["--config", "/nonexistent/planarcli.toml"],
        [],  # no FILE at all
    ],
)
def test_usage_errors_with_json_still_print_one_json_document(run_cli, args) -> None:
    paths = [] if not args else [str(DECKS / "valid" / "bare-names.txt")]
    result = run_cli("validate", *paths, *args, "--format", "json")
    assert result.exit_code == 2, result
    report = _report(result)
    assert report["files"] == []
    assert report["error"]["exit_code"] == 2
    line = result.stderr.splitlines()[0]
    assert line.startswith("planarcli: error: ")
    assert report["error"]["message"].startswith(line.removeprefix("planarcli: error: "))


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "abc"],
        ["--no-planar-deck", "maybe"],
        ["--no-such-option"],
    ],
)
def test_click_usage_errors_with_json_still_print_one_json_document(run_cli, args) -> None:
    deck = str(DECKS / "valid" / "bare-names.txt")
    for json_args in (["--format", "json"], ["--format=JSON"]):
        result = run_cli("validate", deck, *json_args, *args)
        assert result.exit_code == 2, result
        report = _report(result)
        assert report["files"] == []
        assert report["error"]["exit_code"] == 2
        assert args[0] in report["error"]["message"] or "abc" in report["error"]["message"]
    text = run_cli("validate", deck, *args)
    assert text.exit_code == 2
    assert text.stdout == ""


def test_no_planar_deck_policies(write, run_cli) -> None:
    commander = write("commander.txt", COMMANDER)
    good = write("good.txt", LEGAL_TEXT)
    error = run_cli("validate", str(commander), str(good))
    assert error.exit_code == 1, error
    assert f"{commander}: no planar deck" in error.stdout

    warn = run_cli("validate", str(commander), str(good), "--no-planar-deck", "warn")
    assert warn.exit_code == 0, warn
    assert f"{commander}: no planar deck (warning)" in warn.stdout
    assert f"{commander}: warning: no planar deck:" in warn.stdout
    report = _report(run_cli("validate", str(commander), "--no-planar-deck=warn", "--format=json"))
    entry = report["files"][0]
    assert (entry["valid"], entry["skipped"], entry["findings"][-1]["severity"]) == (
        True,
        False,
        "warning",
    )

    skip = run_cli("validate", str(commander), str(good), "--no-planar-deck", "skip", "-v")
    assert skip.exit_code == 0, skip
    assert f"{commander}: skipped: no planar deck:" in skip.stdout
    assert skip.stdout.rstrip().endswith("1 file: 1 valid, 0 invalid; 1 skipped")
    # A file that is not a decklist at all, named: the same policy applies.
    notes = write("notes.json", '{"hello": "world"}')
    assert run_cli("validate", str(notes)).exit_code == 1
    assert run_cli("validate", str(notes), "--no-planar-deck", "warn").exit_code == 0
    # A malformed file stays a malformed file: exit 2 whatever the policy.
    broken = write("broken.json", '{"planar_deck": [')
    assert run_cli("validate", str(broken), "--no-planar-deck", "skip").exit_code == 2


def test_report_mode_key(run_cli) -> None:
    deck = str(DECKS / "valid" / "bare-names.txt")
    plain = _report(run_cli("validate", deck, "--format", "json"))
    assert plain["mode"] == {
        "rules": "2026-01-16",
        "communal": False,
        "players": None,
        "variant": None,
    }
    assert plain["files"][0]["skipped"] is False
    communal = _report(
        run_cli(
            "validate",
            deck,
            "--format",
            "json",
            "--communal",
            "--players",
            "3",
            "--rules",
            "2010-06-01",
        )
    )
    assert communal["mode"] == {
        "rules": "2010-02-01",  # --rules 2010-06-01 names the edition in force that day
        "communal": True,
        "players": 3,
        "variant": None,
    }
    # The edition in force numbered the single planar deck option 901.14a.
    assert {f["rule"] for f in communal["files"][0]["findings"]} == {"901.14a"}
    mapped = _report(run_cli("validate", deck, "--format", "json", "--variant", "eternities-map"))
    assert mapped["mode"]["variant"] == "eternities-map"


def test_messages_follow_the_edition(write, run_cli) -> None:
    deck = write("deck.txt", LEGAL_TEXT + "1 Chaotic Aether\n")
    old = run_cli("validate", str(deck), "--rules", "2011-06-17")
    # a date names the edition in force that day (issue 16)
    assert "the Planar Magic rules of 2010-02-01 allow only plane cards" in old.stdout
    renamed = run_cli("validate", str(deck), "--rules", "2011-07-15")
    assert "the Planechase rules of 2011-07-15 allow only plane cards" in renamed.stdout
    # A JSON deck that says it is communal but not for how many: the rule of its edition.
    communal = write(
        "communal.json",
        json.dumps(
            {
                "format": "planarcli-deck",
                "version": 1,
                "communal": True,
                "planar_deck": [{"name": line.strip()} for line in LEGAL_TEXT.splitlines()],
            }
        ),
    )
    for rules, rule in (
        ("2010-06-01", "901.14a"),
        ("current", "901.15a"),
        ("2009-09-04", "901.15a"),
    ):
        report = _report(run_cli("validate", str(communal), "--rules", rules, "--format", "json"))
        found = [
            f for f in report["files"][0]["findings"] if f["code"] == "communal-without-players"
        ]
        assert [f["rule"] for f in found] == [rule]
        assert "901.1" not in found[0]["message"]


def test_communal_help_does_not_hard_code_one_numbering(run_cli) -> None:
    result = run_cli("validate", "--help")
    text = " ".join(result.stdout.split())
    assert "901.15a in the current rules, 901.14a from 2009-10-01 until 2012-06-01" in text


def test_keyboard_interrupt_exits_130_and_prints_no_report(run_cli, monkeypatch) -> None:
    from planarcli.deck import validate as pipeline

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline, "validate_file", interrupted)
    result = run_cli("validate", str(DECKS / "valid" / "bare-names.txt"), "--format", "json")
    assert result.exit_code == 130
    assert result.stdout == ""
    assert result.stderr == "planarcli: interrupted\n"


def _default_sigint() -> None:
    """In the child, before it runs planarcli: SIGINT as a shell leaves it for a command it
    starts (a test worker may run with SIGINT ignored, which its children would inherit, and
    a process that ignores SIGINT never sees Ctrl-C)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_sigint_to_the_installed_command_exits_130(tmp_path) -> None:
    """The real thing: the installed command blocked reading a FIFO gets SIGINT.

    Readiness is the command opening the FIFO (our ``open`` for writing returns only then),
    never a delay. The command is started with SIGINT at its default: a test run started in
    the background by a non-interactive shell (``pytest &``, CI runners) inherits SIGINT
    *ignored*, a child inherits that, Python then installs no KeyboardInterrupt handler, and
    the signal would be dropped (the old flaky failure: nothing printed within 60 s)."""
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    default_sigint = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    command = [str(INSTALLED), "validate", str(fifo), "--format", "json"]
    process = subprocess.Popen(
        [sys.executable, "-c", default_sigint, *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        preexec_fn=_default_sigint,
    )
    # Should the command die before it opens the FIFO, a reader opened here after a minute
    # lets our open() return, and the assertions below fail instead of the test hanging.
    import threading

    watchdog = threading.Timer(60, lambda: os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)))
    watchdog.start()
    try:
        with open(fifo, "wb"):  # returns once the command has opened the FIFO to read it
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=60)
    finally:
        watchdog.cancel()
    assert process.returncode == 130, stderr
    assert stdout == ""
    assert stderr == "planarcli: interrupted\n"


#: A sitecustomize that presses Ctrl-C (sends the process SIGINT) just as click is imported:
#: the first tenth of a second of every run, before any command can catch it.
_CTRL_C_WHILE_IMPORTING = """
import os, signal, sys

class PressCtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, PressCtrlC())
"""


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name == "nt", reason="needs POSIX signals")
@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_ctrl_c_while_importing_exits_130_without_a_traceback(tmp_path) -> None:
    """Issue 16: Ctrl-C in the first tenth of a second printed a KeyboardInterrupt traceback
    (it came while the console script imported planarcli.cli, before any handler)."""
    (tmp_path / "sitecustomize.py").write_text(_CTRL_C_WHILE_IMPORTING, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    for command in ([str(INSTALLED)], [sys.executable, "-m", "planarcli"]):
        process = subprocess.run(
            [*command, "validate", str(DECKS / "valid" / "bare-names.txt")],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=60,
            check=False,
            preexec_fn=_default_sigint,
        )
        assert process.returncode == 130, (command, process.stderr)
        assert process.stdout == ""
        assert process.stderr == "planarcli: interrupted\n", command


def test_findings_wrap_to_columns_with_indented_continuation_lines(run_cli, monkeypatch) -> None:
    monkeypatch.chdir(DECKS / "invalid")
    deck = "misspelled.txt"
    unwrapped = run_cli("validate", deck)
    long_lines = [line for line in unwrapped.stdout.splitlines() if len(line) > 80]
    assert long_lines  # not a terminal, no COLUMNS: one line per finding
    wrapped = run_cli("validate", deck, env={"COLUMNS": "80"})
    lines = wrapped.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert len(lines) > len(unwrapped.stdout.splitlines())
    continuation = [line for line in lines if line.startswith("      ")]
    assert continuation
    # The same words in the same order: wrapping only moved line breaks.
    assert " ".join(wrapped.stdout.split()) == " ".join(unwrapped.stdout.split())
    # The rule citation is kept whole.
    assert any(line.rstrip().endswith("[901.3 unknown-card]") for line in lines)


def test_wrap_width_decision(monkeypatch) -> None:
    from planarcli.commands import validate as command

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert command.wrap_width() is None
    monkeypatch.setenv("COLUMNS", "100")
    assert command.wrap_width() == 100
    monkeypatch.setenv("COLUMNS", "10")
    assert command.wrap_width() == command.MIN_WRAP_WIDTH
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    # the terminal's own width (report/terminal.py asks standard output's descriptor)
    monkeypatch.setattr(sys.stdout, "fileno", lambda: 1, raising=False)
    monkeypatch.setattr(os, "get_terminal_size", lambda *a: os.terminal_size((72, 24)))
    assert command.wrap_width() == 72
    # a terminal that reports 0 columns (some CI consoles) counts as none: one line each
    monkeypatch.setattr(os, "get_terminal_size", lambda *a: os.terminal_size((0, 0)))
    assert command.wrap_width() is None


@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_installed_command_scans_a_folder(deck_tree) -> None:
    process = subprocess.run(
        [str(INSTALLED), "validate", str(deck_tree), "-v", "--exclude", "broken.*"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "80"},
        cwd=deck_tree,
        check=False,
    )
    assert process.returncode == 1, process.stderr  # the Commander list has no planar deck
    assert "Traceback" not in process.stderr
    assert f"{deck_tree / 'notes.txt'}: skipped:" in " ".join(process.stdout.split())
    assert process.stdout.rstrip().endswith("2 files: 1 valid, 1 invalid; 9 skipped")


@pytest.mark.parametrize(
    ("content", "skipped"),
    [
        ("Remember the sleeves.\nGame night is Friday.\n", True),
        ("", True),
        ("# only a comment\n", True),
        ("Sol Ring\nCommand Tower\n", True),  # no sign of a decklist at all
        ("1 Sol Ring\n1 Command Tower\n", False),  # quantities: a decklist (no planar deck)
        ("Sol Ring 1\nCommand Tower 1\n", False),
        ("Sol Ring\t1\n", False),
        ("Sol Ring, 1\n", False),
        ("x1 Sol Ring\n", False),
        ("Sol Ring x1\n", False),
        ("Deck\nSol Ring\n", False),  # a section heading
        ("Planar Deck\n", False),
        ("Tazeem\nSol Ring\n", False),  # a plane's name
        ("Acadmy at Tolaria Wst\nLittiara\n", False),  # misspelled planes
        ("Team-Up!\n", False),
    ],
)
def test_scan_tells_text_decklists_from_other_text(write, tmp_path, run_cli, content, skipped):
    write("decks/good.txt", LEGAL_TEXT)
    write("decks/other.txt", content)
    report = _report(run_cli("validate", str(tmp_path / "decks"), "--format", "json", "-v"))
    entry = _by_name(report)["other.txt"]
    assert entry["skipped"] is skipped, entry


def test_wrapping_measures_text_without_colour_codes() -> None:
    import click

    from planarcli.report.render import wrap_styled

    words = [(w, click.style(w, fg="red")) for w in ["one", "two", "three", "four", "five", "six"]]
    wrapped = click.unstyle(wrap_styled(words, 14, "  ")).splitlines()
    assert wrapped == ["one two three", "  four five", "  six"]
    assert wrap_styled(words, None, "  ").count("\n") == 0
    assert click.unstyle(wrap_styled([("x" * 30, "x" * 30), ("y", "y")], 10, "  ")) == (
        "x" * 30 + "\n  y"
    )


def test_the_json_shapes_the_readme_gives_for_paths_with_nothing_to_check(
    tmp_path, run_cli
) -> None:
    """The README (now docs/validating.md) said a missing path and a folder with nothing to
    check print
    `{"files": [], ..., "error": {...}}`, the shape of a run that cannot start; each is a
    result of its own."""
    (tmp_path / "empty").mkdir()
    result = run_cli(
        "validate", "--format", "json", str(tmp_path / "empty"), str(tmp_path / "nosuch.txt")
    )
    assert result.exit_code == 2, result
    report = json.loads(result.stdout)
    assert "error" not in report
    empty, missing = report["files"]
    assert empty["findings"][0]["code"] == "no-input"
    assert missing["missing"] is True
    bad = json.loads(run_cli("validate", "--format", "json", "--bogus", "x").stdout)
    assert bad["files"] == [] and bad["error"]["exit_code"] == 2


def test_a_folder_scan_judges_a_file_whose_card_lines_all_have_bad_quantities(
    write, tmp_path, run_cli
) -> None:
    """A found `0 Akoum` / `0 Bant` file was skipped as "lists no cards (empty, or only
    comments)", its errors unsaid: a quantity on a card line marks a decklist."""
    write("decks/zero.txt", "0 Akoum\n0 Bant\n")
    write("decks/notes.txt", "Game night is on Friday: bring sleeves.\n")
    result = run_cli("validate", "--format", "json", str(tmp_path / "decks"))
    assert result.exit_code == 1, result
    report = json.loads(result.stdout)
    (zero,) = report["files"]
    assert zero["path"].endswith("zero.txt") and zero["skipped"] is False
    assert [f["code"] for f in zero["findings"]] == [
        "bad-quantity",
        "bad-quantity",
        "no-planar-deck",
    ]
    assert report["summary"]["skipped"] == 1  # notes.txt


def test_an_empty_folder_is_counted_as_nothing_to_check_not_unreadable(
    write, run_cli, tmp_path
) -> None:
    """`planarcli validate empty/` said "(1 unreadable)": a folder with no decklist is no file
    that could not be read. The JSON summary keeps counting it under `unreadable` (the
    contract's keys); the text says what it is."""
    empty = tmp_path / "empty"
    empty.mkdir()
    names = [
        "Akoum",
        "Bant",
        "Naya",
        "Jund",
        "Grixis",
        "Esper",
        "Otaria",
        "Murasa",
        "Kessig",
        "Stensia",
    ]
    deck = write("deck.txt", "".join(f"1 {name}\n" for name in names))
    text = run_cli("validate", str(empty), str(deck))
    assert text.exit_code == 2, text
    assert text.stdout.splitlines()[-1] == "2 files: 1 valid, 1 invalid (1 with nothing to check)"
    data = json.loads(run_cli("validate", str(empty), "--format", "json").stdout)
    assert data["summary"]["unreadable"] == 1


@pytest.mark.parametrize("output_format", ["text", "json", "github", "sarif"])
def test_a_missing_path_is_not_found_never_unreadable(tmp_path, run_cli, output_format) -> None:
    missing = tmp_path / "nosuch.txt"
    result = run_cli("validate", "--format", output_format, str(missing))
    assert result.exit_code == 2, result
    assert result.stderr.splitlines() == [f"planarcli: error: {missing}: no such file or directory"]
    if output_format in ("text", "github"):
        assert "unreadable" not in result.stdout
    assert "nothing to check" not in result.stdout
    if output_format == "text":
        assert result.stdout.splitlines() == [
            f"{missing}: not found",
            "1 file: 0 valid, 1 invalid (1 not found)",
        ]
    elif output_format == "github":
        assert result.stdout.splitlines()[-1] == "1 file: 0 valid, 1 invalid (1 not found)"
    elif output_format == "json":
        report = json.loads(result.stdout)
        assert schema_errors(report, "validate-report.schema.json") == []
        assert report["files"][0]["missing"] is True
        assert report["summary"]["missing"] == 1 and report["summary"]["unreadable"] == 0
    else:
        notes = json.loads(result.stdout)["runs"][0]["invocations"][0]
        assert notes["toolExecutionNotifications"][0]["message"]["text"] == (
            f"{missing}: no such file or directory"
        )


def test_a_missing_path_next_to_an_unreadable_file(write, tmp_path, run_cli) -> None:
    broken = write("broken.json", '{"planar_deck": [')
    missing = tmp_path / "gone.txt"
    result = run_cli("validate", str(broken), str(missing))
    assert result.exit_code == 2, result
    assert result.stdout.splitlines()[-1] == (
        "2 files: 0 valid, 2 invalid (1 unreadable, 1 not found)"
    )


@pytest.mark.parametrize("output_format", ["json", "github", "sarif"])
def test_an_unreadable_file_is_said_once_on_stderr(write, run_cli, output_format) -> None:
    """Machine formats carry the error in the document; stderr says it once more, as the
    contract asks of every failure: one line, never two."""
    broken = write("broken.json", '{"planar_deck": [')
    result = run_cli("validate", "--format", output_format, str(broken))
    assert result.exit_code == 2, result
    said = [line for line in result.stderr.splitlines() if "broken.json" in line]
    assert len(said) == 1, result.stderr
    if output_format != "sarif":  # (a SARIF log says it as a result and a notification)
        assert result.stdout.count("not valid JSON") == 1, result.stdout


def _deny(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """Make ``target`` behave as a file below a folder without search permission (as root,
    chmod does not stop anything): stat and open fail with EACCES."""
    real_stat, real_open = os.stat, builtins.open

    def stat(path, *args, **kwargs):
        if isinstance(path, (str, os.PathLike)) and Path(path) == target:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    def guarded_open(file, *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and Path(file) == target:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(builtins, "open", guarded_open)


def test_a_named_file_that_cannot_be_looked_at_is_not_called_missing(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`validate locked/deck.txt` where locked/ has no search permission said "no such
    file or directory": the file is there, it cannot be read."""
    target = write("locked/deck.txt", LEGAL_TEXT)
    _deny(monkeypatch, target)
    result = run_cli("validate", str(target))
    assert result.exit_code == 2, result
    assert f"planarcli: error: {target}: permission denied" in result.stderr
    assert "no such file" not in result.stderr
    assert f"{target}: unreadable" in result.stdout


def test_a_glob_passes_over_what_a_directory_search_passes_over(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`validate 'decks/**'` failed (exit 2) on a logo and (exit 1) on a price list that
    `validate decks` passes over, and checked decks inside node_modules."""
    write("decks/good.txt", LEGAL_TEXT)
    write("decks/logo.png", bytes(range(256)) * 4)
    write("decks/README.md", "# Our decks\n\nBring sleeves.\n")
    write("decks/prices.csv", "name,price\nSol Ring,1.50\n")
    write("decks/node_modules/pkg/list.txt", "1 Not A Plane\n")
    write("decks/.drafts/draft.txt", "1 Not A Plane\n")
    monkeypatch.chdir(tmp_path)
    folder = run_cli("validate", "decks")
    assert folder.exit_code == 0, folder
    for pattern in ("decks/**", "decks/*", "decks/**/*.txt"):
        result = run_cli("validate", pattern, "-v", "--format", "json")
        assert result.exit_code == 0, (pattern, result)
        files = {entry["path"]: entry for entry in json.loads(result.stdout)["files"]}
        judged = {path for path, entry in files.items() if not entry["skipped"]}
        assert judged == {"decks/good.txt"}, (pattern, files)
    listed = run_cli("validate", "decks/**", "-v")
    assert "decks/logo.png: skipped: not a decklist extension" in listed.stdout
    assert "decks/node_modules/pkg/list.txt: skipped: in a tool or package folder" in (
        listed.stdout
    )
    # A glob that finds only what is no decklist says so (exit 2), as a folder does.
    nothing = run_cli("validate", "decks/*.md")
    assert nothing.exit_code == 2, nothing
    assert "pattern holds no decklist: 1 file was skipped" in nothing.stderr


def test_a_glob_reports_the_folders_it_cannot_read(write, tmp_path, run_cli, monkeypatch) -> None:
    """`validate 'decks/**'` passed over an unreadable decks/locked/ in silence (Python's
    glob ignores folders it cannot list): "1 file: 1 valid", exit 0."""
    write("decks/good.txt", LEGAL_TEXT)
    locked = write("decks/locked/deck.txt", "1 Not A Plane\n").parent
    write("decks/other/deck.txt", LEGAL_TEXT)
    real_scandir = os.scandir

    def scandir(path="."):
        if Path(path).resolve() == locked.resolve():
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.chdir(tmp_path)
    for pattern in ("decks/**", "decks/**/*.txt", "decks/l*/*.txt", "decks/*/deck.txt"):
        result = run_cli("validate", pattern)
        assert result.exit_code == 2, (pattern, result)
        assert "decks/locked: unreadable folder" in result.stdout, (pattern, result)
        assert "planarcli: error: decks/locked: cannot read this folder" in result.stderr
    # A folder the pattern never enters is no concern of it.
    for pattern in ("decks/*.txt", "decks/o*/*.txt"):
        result = run_cli("validate", pattern)
        assert result.exit_code == 0, (pattern, result)
    excluded = run_cli("validate", "decks/**", "--exclude", "locked")
    assert excluded.exit_code == 0, excluded


def test_a_path_found_twice_is_one_result_even_when_it_cannot_be_read(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`validate decks 'decks/**'` named a broken link twice (two results, two errors)."""
    write("decks/good.txt", LEGAL_TEXT)
    try:
        (tmp_path / "decks" / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    except OSError:
        pytest.skip("cannot create symbolic links here")
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "decks", "decks/**", "decks/gone.txt")
    assert result.exit_code == 2, result
    assert result.stderr.count("gone.txt") == 1, result.stderr
    assert result.stdout.count("gone.txt") == 1, result.stdout


def test_notes_whose_lines_end_in_numbers_are_no_decklist(write, tmp_path, run_cli) -> None:
    """Issue 25 item 5: "entry 3" lines in a folder scan were taken for a decklist and
    failed CI; they are notes when no line names a Magic card (planar or not, or a planar
    card a few slips off)."""
    write("decks/deck.txt", LEGAL_TEXT)
    write("decks/notes.txt", "Game night\nentry 3\nround 2\nsnacks 4\nwinner was Sam 1\n")
    write("decks/commander.txt", "Llanowar Elves 4\nSol Ring 1\nForest 20\n")
    write("decks/typos.txt", "Akuom 1\nBnat 1\nentry 3\n")
    write("decks/planes.txt", "Akoum 1\nBant 1\n")
    # the numbers after a colon, an x or a tab are after the name too
    write("decks/scores.txt", "League week 3\nTables: 4\nDrinks x2\nPrize pool\t40\nvotes 7\n")
    write("decks/colons.txt", "Akoum: 1\nBant x1\nNaya\t1\n")
    result = run_cli(
        "validate", "-v", "--no-planar-deck", "warn", "--format", "json", str(tmp_path)
    )
    files = _by_name(_report(result))
    for notes in ("notes.txt", "scores.txt"):
        assert files[notes]["skipped"] is True, notes
        assert "no line names a Magic card" in files[notes]["reason"]
        assert files[notes]["format"] == "text"
    # the reason quotes the file's own first such line, not a fixed example
    assert "(line 2: 'entry 3')" in files["notes.txt"]["reason"]
    assert "(line 1: 'League week 3')" in files["scores.txt"]["reason"]
    for name in ("deck.txt", "commander.txt", "typos.txt", "planes.txt", "colons.txt"):
        assert files[name]["skipped"] is False, name
    named = run_cli("validate", "--format", "json", str(tmp_path / "decks" / "notes.txt"))
    assert _report(named)["files"][0]["skipped"] is False  # named: judged as a decklist
