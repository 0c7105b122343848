"""Start-up guard: everyday commands must not import the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("requests", "jsonschema", "rapidfuzz", "urllib3", "platformdirs", "sqlite3")
GOOD = Path(__file__).parent / "decks" / "valid" / "bare-names.txt"
MISSPELLED = Path(__file__).parent / "decks" / "invalid" / "misspelled.txt"

PROBE = """
import json, sys
sys.argv = ["planarcli", *json.loads(sys.argv[1])]
try:
    from planarcli.cli import main
    main()
except SystemExit:
    pass
print("\\nMODULES=" + json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def imported_by(args: list[str]) -> set[str]:
    completed = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    marker = completed.stderr.rsplit("MODULES=", 1)
    assert len(marker) == 2, completed.stderr
    return {name.split(".")[0] for name in json.loads(marker[1])}


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["validate", "--help"],
        ["validate", str(GOOD)],
        ["validate", str(GOOD), "--format", "json"],
        ["--version"],
    ],
)
def test_heavy_libraries_stay_out_of_start_up(args: list[str]) -> None:
    loaded = imported_by(args)
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_rapidfuzz_only_when_a_name_needs_fuzzy_matching() -> None:
    loaded = imported_by(["validate", str(MISSPELLED)])
    assert "rapidfuzz" in loaded
    assert loaded.isdisjoint({"requests", "jsonschema"})


def test_help_imports_no_subcommand_module() -> None:
    completed = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(["--help"])],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    modules = json.loads(completed.stderr.rsplit("MODULES=", 1)[1])
    assert not [m for m in modules if m.startswith("planarcli.commands.")]
