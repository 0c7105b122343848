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
DECKS = Path(__file__).parent / "decks"

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
