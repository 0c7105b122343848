"""The console script's entry point (planarcli.__main__): the exit code and every byte of
output reach the caller although the process ends with os._exit (no interpreter teardown)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

INSTALLED = Path(sys.executable).parent / ("planarcli.exe" if os.name == "nt" else "planarcli")
DECKS = Path(__file__).parents[1] / "decks"

pytestmark = pytest.mark.skipif(not INSTALLED.exists(), reason="planarcli is not installed")


def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(INSTALLED), *args], capture_output=True, timeout=60, check=False, **kwargs
    )  # type: ignore[call-overload,no-any-return]


def test_large_output_through_a_pipe_is_complete(run_cli) -> None:
    process = run("cards", "list", "--format", "json")
    assert process.returncode == 0, process.stderr
    assert len(process.stdout) > 64 * 1024  # more than a pipe buffer holds
    in_process = run_cli("cards", "list", "--format", "json")
    assert process.stdout.decode("utf-8") == in_process.stdout
    assert len(json.loads(process.stdout)["cards"]) > 100


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["validate", str(DECKS / "valid" / "bare-names.txt")], 0),
        (["validate", str(DECKS / "invalid" / "too-small.txt")], 1),
        (["validate", "no-such-deck.txt"], 2),
        (["valdate"], 2),
        (["--version"], 0),
    ],
)
def test_exit_codes_reach_the_caller(args: list[str], code: int) -> None:
    process = run(*args)
    assert process.returncode == code, process.stderr
    assert process.stdout or process.stderr


@pytest.mark.skipif(os.name == "nt", reason="needs a POSIX pipe")
def test_a_reader_that_goes_away_is_no_error() -> None:
    """`planarcli cards list | head -c 100`: the rest is not wanted; no traceback, no
    "Exception ignored", and the command's own exit code."""
    reader, writer = os.pipe()
    process = subprocess.Popen(
        [str(INSTALLED), "cards", "list", "--format", "json"],
        stdout=writer,
        stderr=subprocess.PIPE,
    )
    os.close(writer)
    head = os.read(reader, 100)
    os.close(reader)
    _, stderr = process.communicate(timeout=60)
    assert head.startswith(b"{")
    assert process.returncode == 0, stderr
    assert stderr == b""


def test_issue_16_through_the_installed_command(tmp_path: Path) -> None:
    """Issue 16's items of the validate command, end to end through `planarcli`."""
    suggestion = run("valdate", "deck.txt")
    assert b"No such command 'valdate'. Did you mean 'validate'?" in suggestion.stderr
    deck = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")
    misspelled = deck.replace("Academy at Tolaria West", "Acadmy at Tolaria West")
    assert misspelled != deck
    diff = run("validate", "--diff", "-", input=misspelled.encode("utf-8"))
    assert diff.returncode == 0, diff.stderr
    assert diff.stdout.startswith(b"--- <stdin>\n+++ <stdin>\n")
    assert diff.stdout.endswith(b"1 file: 1 valid, 0 invalid\n")
    dated = run("validate", str(DECKS / "invalid" / "three-phenomena.txt"), "--rules", "2012-05-31")
    words = b" ".join(dated.stdout.split())  # findings wrap when COLUMNS is set
    assert b"the Planechase rules of 2011-07-15 allow only plane cards" in words
    phenomena = run("validate", str(DECKS / "invalid" / "three-phenomena.txt"))
    assert b"different phenomena (" in phenomena.stdout
    (tmp_path / "decks" / "archive").mkdir(parents=True)
    (tmp_path / "decks" / "good.txt").write_text(deck, encoding="utf-8")
    (tmp_path / "decks" / "archive" / "old.txt").write_text("Planar Deck\n1 Bant\n", "utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.planarcli]\nexclude = ["decks/archive/**"]\n', encoding="utf-8"
    )
    for args in (["decks"], ["."], ["--force-exclude", "decks/good.txt", "decks/archive/old.txt"]):
        result = run("validate", *args, cwd=tmp_path)
        assert result.returncode == 0, (args, result.stdout, result.stderr)
