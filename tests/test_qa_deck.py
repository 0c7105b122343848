"""Regressions found by trying issues 8 and 11 as a user would (branch qa-deck): each test
names the behaviour that was wrong."""

from __future__ import annotations

import builtins
import errno
import os
from pathlib import Path

import pytest

DECKS = Path(__file__).parent / "decks"
LEGAL_TEXT = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")


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
