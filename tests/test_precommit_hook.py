"""The pre-commit hook manifest (.pre-commit-hooks.yaml): its keys, and which files its
``files`` pattern sends to ``planarcli validate``. Read with ``re`` (no YAML dependency)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

MANIFEST = Path(__file__).resolve().parents[1] / ".pre-commit-hooks.yaml"


def hook_fields() -> dict[str, str]:
    """``key: value`` pairs of the (single) hook, values unquoted as YAML would."""
    fields: dict[str, str] = {}
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        match = re.match(r"^(?:- |  )([a-z_]+):\s*(.*?)\s*$", line)
        assert match, f"unexpected manifest line: {line!r}"
        key, value = match.groups()
        assert key not in fields, f"{key} given twice"
        if value.startswith("'") and value.endswith("'"):
            value = value[1:-1].replace("''", "'")
        elif value.startswith('"'):
            raise AssertionError("use single quotes: backslashes mean something in double quotes")
        fields[key] = value
    return fields


def files_pattern() -> re.Pattern[str]:
    return re.compile(hook_fields()["files"])


def test_hook_definition() -> None:
    fields = hook_fields()
    assert fields["id"] == "planarcli-validate"
    assert fields["name"]
    assert shlex.split(fields["entry"]) == ["planarcli", "validate"]
    assert fields["language"] == "python"
    assert fields["types"] == "[file]"
    assert fields["require_serial"] == "false"
    assert MANIFEST.read_text(encoding="utf-8").startswith("#")  # documented


@pytest.mark.parametrize(
    "path",
    [
        "decks/a.txt",
        "foo.dck",
        "x/y.cod",
        "z.dek",
        "planar/b.json",
        "deck/one.txt",
        "club/decks/2024/tazeem.txt",
        "Decks/Upper.TXT",
        "planes/list.dec",
        "forge/old/A.DCK",
        "planechase/pca.json",
        "decks/a b.deck",
        "mydecks/a.txt",
        "my-decks/a.txt",
        "planar-decks/a.txt",
        "Planechase Decks/a.txt",
    ],
)
def test_pattern_matches_decklists(path: str) -> None:
    # pre-commit uses re.search on forward-slash paths relative to the repository root
    assert files_pattern().search(path), path


@pytest.mark.parametrize(
    "path",
    [
        "README.md",
        "setup.py",
        "docs/notes.txt",
        "pyproject.toml",
        ".github/workflows/ci.yml",
        "package.json",
        "requirements.txt",
        "decks.txt",
        "decks/README.txt",
        "decks/requirements.txt",
        "decks/requirements-dev.txt",
        "decks/package.json",
        "decks/tsconfig.json",
        "decks/LICENSE.txt",
        "decks/.vscode/settings.json",
        "decks/.hidden.txt",
        "decks/image.png",
        "decks/a.txt.bak",
        "src/planar.py",
        "notes/dck.md",
        "decks/",
    ],
)
def test_pattern_leaves_other_files_alone(path: str) -> None:
    assert not files_pattern().search(path), path


def test_every_decklist_suffix_is_covered() -> None:
    from planarcli.deck.readers import DECKLIST_SUFFIXES

    pattern = files_pattern()
    for suffix in DECKLIST_SUFFIXES:
        assert pattern.search(f"decks/x{suffix}"), suffix
