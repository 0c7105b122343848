"""`validate --diff` prints a diff that `patch` and `git apply` accept and that gives the
bytes `--fix` writes, whatever the file's line breaks: a CRLF file's `\\r` stays in the diff
as `diff -u` keeps it (issue 25 item 6)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

LINES = ["Planar Deck", "1 Akuom", "1 Tazeem", "1 Naya", "1 Krosa", "1 Llanowar",
         "1 Mount Keralia", "1 Murasa", "1 Otaria", "1 Panopticon",
         "2 Pools of Becoming"]  # fmt: skip

#: (case, the file's bytes): each a way decklists are saved.
FILES = {
    "lf": ("\n".join(LINES) + "\n").encode(),
    "crlf": ("\r\n".join(LINES) + "\r\n").encode(),
    "crlf, no break at the end": "\r\n".join(LINES).encode(),
    "lf, no break at the end": "\n".join(LINES).encode(),
    "crlf, the last line repaired": ("\r\n".join([*LINES[:-1], "1 Akuom"]) + "\r\n").encode(),
    "mixed": ("\r\n".join(LINES[:4]) + "\n" + "\n".join(LINES[4:]) + "\r\n").encode(),
    "crlf, cp1252": ("\r\n".join([*LINES, "// Académie"]) + "\r\n").encode("cp1252"),
}


def _diff_and_fixed(run_cli: Callable[..., object], folder: Path, data: bytes) -> tuple[str, bytes]:
    deck = folder / "deck.txt"
    deck.write_bytes(data)
    shown = run_cli("validate", "--diff", "--format", "json", "deck.txt")
    diff = json.loads(shown.stdout)["files"][0]["diff"]  # type: ignore[attr-defined]
    fixed = folder / "fixed" / "deck.txt"
    fixed.parent.mkdir()
    fixed.write_bytes(data)
    run_cli("validate", "--fix", str(fixed))
    return diff, fixed.read_bytes()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("case", list(FILES))
def test_the_diff_keeps_each_line_break(run_cli, in_tmp: Path, case: str) -> None:
    data = FILES[case]
    diff, fixed = _diff_and_fixed(run_cli, in_tmp, data)
    assert diff.startswith("--- deck.txt\n+++ deck.txt\n@@ ")
    body = diff.encode("cp1252" if "cp1252" in case else "utf-8")
    removed = [line for line in body.splitlines(keepends=True) if line.startswith(b"-1 Akuom")]
    # every file here has its repaired lines (the second, maybe the last) ended as CRLF or LF
    line_break = b"\r\n" if b"\r\n" in data else b"\n"
    assert removed and all(line.endswith(line_break) for line in removed)
    assert fixed != data and b"Akoum" in fixed


#: The programs that apply a diff, each as a command line reading fix.diff in its folder.
APPLIERS = {
    "patch": ["patch", "--batch", "-p0", "-i", "fix.diff"],
    "git apply": ["git", "apply", "-p0", "--whitespace=nowarn", "fix.diff"],
}


@pytest.mark.parametrize("applier", list(APPLIERS))
@pytest.mark.parametrize("case", list(FILES))
def test_patch_and_git_apply_apply_the_diff(run_cli, in_tmp: Path, case: str, applier: str) -> None:
    argv = APPLIERS[applier]
    if shutil.which(argv[0]) is None:
        pytest.skip(f"no {argv[0]} program here")
    data = FILES[case]
    diff, fixed = _diff_and_fixed(run_cli, in_tmp, data)
    target = in_tmp / "target"
    target.mkdir()
    (target / "deck.txt").write_bytes(data)
    encoding = "cp1252" if "cp1252" in case else "utf-8"
    (target / "fix.diff").write_bytes(diff.encode(encoding))
    done = subprocess.run(argv, cwd=target, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (target / "deck.txt").read_bytes() == fixed
