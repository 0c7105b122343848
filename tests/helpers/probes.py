"""What planarcli imports, seen two ways, for the tests that guard start-up and the layers
(test_startup.py, test_layers.py, test_rulebook_layout.py): the modules a real command
loads, run in a fresh interpreter, and the modules a source file names in its imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

#: Runs ``planarcli ARGS`` (ARGS as its own arguments) and prints every module it loaded,
#: space-separated; it imports nothing itself (not json: a command that imports json shows).
PROBE = """
import sys
sys.argv = ["planarcli", *sys.argv[1:]]
try:
    from planarcli.cli import main
    main()
except SystemExit:
    pass
print("\\nMODULES=" + " ".join(sorted(sys.modules)), file=sys.stderr)
"""


def modules_loaded(args: list[str]) -> list[str]:
    """Every module (full dotted name, sorted) ``planarcli ARGS`` imported, in a fresh
    interpreter."""
    completed = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    marker = completed.stderr.rsplit("MODULES=", 1)
    assert len(marker) == 2, completed.stderr
    return marker[1].split()


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function (lazy imports count):
    ``from a.b import c`` names both ``a.b`` and ``a.b.c``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found
