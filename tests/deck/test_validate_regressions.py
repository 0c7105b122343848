"""Regressions from a QA pass of ``planarcli validate``: a read-only file under ``--fix``,
a missing path, the quantity of a fix record, and errors said on stderr."""

from __future__ import annotations

import json
import os

import pytest

from planarcli.schemacheck import schema_errors

#: A deck with a misspelled plane and a card listed twice: both fixable.
FIXABLE = "Planar Deck\n1 Akuom\n2 Bant\n"


def _read_only(path) -> None:
    path.chmod(0o444)


@pytest.fixture
def read_only_deck(write):
    deck = write("ro2.txt", FIXABLE)
    _read_only(deck)
    yield deck
    deck.chmod(0o644)


def test_a_read_only_file_keeps_its_findings_and_says_why_it_was_not_fixed(
    read_only_deck, run_cli
) -> None:
    """`validate --fix ro2.txt` (read-only) said "not fixed" and "1 unreadable" and
    dropped the deck's findings, though the file was read fine."""
    deck = read_only_deck
    before = deck.read_bytes()
    result = run_cli("validate", "--fix", str(deck))
    plain = run_cli("validate", str(deck))
    assert deck.read_bytes() == before  # untouched
    assert result.exit_code == 2, result  # output that cannot be written: exit 2
    lines = result.stdout.splitlines()
    assert lines[0] == f"{deck}: not fixed, invalid (3 cards, 0 phenomena)"
    # The deck's findings, exactly as a check without --fix reports them.
    assert lines[1:-1] == plain.stdout.splitlines()[1:-1]
    assert "unreadable" not in result.stdout
    assert lines[-1] == "1 file: 0 valid, 1 invalid (1 not fixed)"
    # Why, once, on stderr (and not again in the text report).
    errors = [line for line in result.stderr.splitlines() if "read-only" in line]
    assert errors == [
        f"planarcli: error: {deck}: is read-only, so the fix was not written and the file "
        "is unchanged (make it writable first)"
    ]
    assert "read-only" not in result.stdout


def test_a_read_only_file_in_json_and_sarif(read_only_deck, run_cli) -> None:
    deck = read_only_deck
    result = run_cli("validate", "--fix", "--format", "json", str(deck))
    assert result.exit_code == 2, result
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == []
    (entry,) = report["files"]
    assert entry["not_fixed"] is True and entry["fixes"] == []
    assert (entry["format"], entry["cards"], entry["valid"]) == ("text", 3, False)
    codes = [finding["code"] for finding in entry["findings"]]
    assert codes[0] == "not-written"
    assert {"unknown-card", "duplicate-card", "deck-too-small"} <= set(codes[1:])
    assert report["summary"]["unreadable"] == 0
    assert report["summary"]["not_fixed"] == 1
    sarif = json.loads(run_cli("validate", "--fix", "--format", "sarif", str(deck)).stdout)
    run = sarif["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is False
    assert "read-only" in run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
    assert {"unknown-card", "duplicate-card"} <= {r["ruleId"] for r in run["results"]}


def test_a_failed_write_as_another_user_is_not_fixed(write, run_cli, monkeypatch) -> None:
    """A file the user may not write (os.access says so, as for a non-root user of a file
    owned by someone else) is reported the same way, whatever its mode bits."""
    deck = write("theirs.txt", FIXABLE)
    real_access = os.access

    def access(path, mode, *args, **kwargs):
        if os.path.realpath(path) == os.path.realpath(deck) and mode & os.W_OK:
            return False
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 2, result
    assert deck.read_text(encoding="utf-8") == FIXABLE
    assert result.stdout.startswith(f"{deck}: not fixed, invalid")
    assert "1 not fixed" in result.stdout


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


def test_a_quantity_fix_says_old_and_new_quantity(write, run_cli) -> None:
    """The fix record said `"to": null, "quantity": 2` for "2 Bant" -> "1 Bant": which
    quantity was that? `quantity` is as written; `new_quantity` is the repaired one."""
    deck = write("deck.txt", "Planar Deck\n1 Akuom\n2 Bant\n1 Naya\n1 Naya\n")
    result = run_cli("validate", "--diff", "--format", "json", str(deck))
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == []
    fixes = {fix["action"]: fix for fix in report["files"][0]["fixes"]}
    assert fixes["quantity"] == {
        "line": 3,
        "action": "quantity",
        "card": "Bant",
        "to": None,
        "quantity": 2,
        "new_quantity": 1,
    }
    assert (fixes["rename"]["quantity"], fixes["rename"]["new_quantity"]) == (1, 1)
    assert fixes["rename"]["to"] == "Akoum"
    assert (fixes["remove"]["quantity"], fixes["remove"]["new_quantity"]) == (1, 0)


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


def test_quiet_still_lists_a_valid_deck_that_was_not_fixed(write, run_cli) -> None:
    """-q leaves out files without problems; a fix that was not written is a problem even
    when the deck itself passes (a misspelled plane in a Cockatrice sideboard is only a
    warning, yet --fix renames it)."""
    from planarcli.deck.findings import FileResult, Finding
    from planarcli.report.render import render_text

    why = Finding(None, "2026-01-16", "error", "not-written", "is read-only")
    result = FileResult("deck.cod", True, 10, 0, (why,), "cockatrice", "by-type", not_fixed=True)
    assert result.exit_code == 2
    assert render_text([result], quiet=True).splitlines() == [
        "deck.cod: not fixed, valid (10 cards, 0 phenomena)",
        "1 file: 1 valid, 0 invalid (1 not fixed)",
    ]
