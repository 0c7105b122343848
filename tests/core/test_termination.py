"""SIGTERM and SIGHUP while --fix or deck convert -o writes: no temporary file is left, the
old file stays as it was, and the process ends by the signal (issue 22.5)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")

DECK = Path(__file__).parents[1] / "decks" / "invalid" / "duplicates.txt"

#: Runs planarcli's entry point with os.fsync slowed down: it says "writing" on stderr as
#: the temporary file is synced, then waits, so the test's signal lands mid-write.
SLOW_WRITER = """
import os, sys, time
real = os.fsync
def slow(fd):
    sys.stderr.write("writing\\n"); sys.stderr.flush()
    time.sleep(30)
    real(fd)
os.fsync = slow
sys.argv = ["planarcli", *sys.argv[1:]]
from planarcli.__main__ import main
main()
"""


def _signalled(args: list[str], signum: int) -> tuple[int, str]:
    with subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITER, *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    ) as child:
        assert child.stderr is not None
        try:
            line = child.stderr.readline()
            assert line == "writing\n", line + child.stderr.read()
            child.send_signal(signum)
            child.wait(timeout=20)
            return child.returncode, child.stderr.read()
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()


def _leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if "planarcli-tmp" in path.name)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_during_fix_leaves_no_temporary_file(tmp_path: Path, signum: int) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(DECK.read_bytes())
    code, stderr = _signalled(["validate", "--no-config", "--fix", str(deck)], signum)
    assert code == -signum, stderr
    assert "Traceback" not in stderr
    assert "terminated" in stderr
    assert _leftovers(tmp_path) == []
    assert deck.read_bytes() == DECK.read_bytes()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_during_convert_output_leaves_no_temporary_file(
    tmp_path: Path, signum: int
) -> None:
    old = tmp_path / "deck.dck"
    old.write_text("the file the user had\n", encoding="utf-8")
    args = ["deck", "convert", str(DECK), "--to", "forge", "-o", str(old), "--force"]
    code, stderr = _signalled(args, signum)
    assert code == -signum, stderr
    assert _leftovers(tmp_path) == []
    assert old.read_text(encoding="utf-8") == "the file the user had\n"


def test_the_handlers_are_put_back_after_a_write(tmp_path: Path) -> None:
    from planarcli.deck.rewrite import write_replacing

    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)
    write_replacing(str(tmp_path / "f"), b"data", mode=0o644)
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before
    assert (tmp_path / "f").read_bytes() == b"data"
    assert _leftovers(tmp_path) == []
