"""``errors.plural``: the one way a count and its word agree, shared by every layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from planarcli.errors import plural

PACKAGE = Path(__file__).resolve().parents[2] / "planarcli"


@pytest.mark.parametrize(
    ("count", "one", "many", "worded"),
    [
        (0, "card", None, "0 cards"),
        (1, "card", None, "1 card"),
        (2, "card", None, "2 cards"),
        (1, "phenomenon", "phenomena", "1 phenomenon"),
        (3, "phenomenon", "phenomena", "3 phenomena"),
        (0, "different phenomenon", "different phenomena", "0 different phenomena"),
        (2, "comment line", None, "2 comment lines"),
        (-1, "card", None, "-1 cards"),
    ],
)
def test_a_count_and_its_word_agree(count: int, one: str, many: str | None, worded: str) -> None:
    assert plural(count, one, many) == worded


def test_no_module_words_its_own_plural() -> None:
    """One home, ``errors.py`` (ARCHITECTURE.md, "The small home-made pieces"): no second
    ``plural`` or ``_plural``."""
    own = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "errors.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") == "plural"
    ]
    assert not own, own
