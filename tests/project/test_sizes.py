"""No function in planarcli/ is longer than 120 lines and no module longer than 900 (issue 23):
a longer one holds more than one job. What is still over is listed in EXCEPTIONS with why;
a row goes once its function or module is split, and the test says so when one is stale.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "planarcli"
MAX_FUNCTION_LINES = 120
MAX_MODULE_LINES = 900

#: "path" (a module) or "path:function" (a function, by its qualified name) -> why it is over
EXCEPTIONS: dict[str, str] = {
}


def sizes(root: Path = PACKAGE) -> dict[str, int]:
    """The line count of every module and every function (methods and nested functions by
    their qualified name, ``Class.method``, ``outer.inner``), keyed as EXCEPTIONS is."""
    out: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        out[name] = len(text.splitlines())

        def visit(node: ast.AST, prefix: str, name: str = name) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    qualified = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        end = child.end_lineno or child.lineno
                        out[f"{name}:{qualified}"] = end - child.lineno + 1
                    visit(child, qualified + ".")
                else:
                    visit(child, prefix)

        visit(ast.parse(text), "")
    return out


def limit(key: str) -> int:
    return MAX_FUNCTION_LINES if ":" in key else MAX_MODULE_LINES


def test_no_function_or_module_is_over_its_size() -> None:
    over = {key: lines for key, lines in sizes().items() if lines > limit(key)}
    unlisted = [f"{key} ({lines} lines)" for key, lines in over.items() if key not in EXCEPTIONS]
    assert not unlisted, (
        f"longer than {MAX_FUNCTION_LINES} lines (a function) or {MAX_MODULE_LINES} (a "
        f"module): {unlisted}; split it by job"
    )


def test_every_exception_is_still_over() -> None:
    found = sizes()
    stale = [key for key in EXCEPTIONS if found.get(key, 0) <= limit(key)]
    assert not stale, f"no longer over their size (or gone): remove from EXCEPTIONS: {stale}"


def test_the_count_sees_methods_and_nested_functions(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "class A:\n"
        "    def m(self):\n"
        "        def inner():\n"
        "            pass\n"
        "        return 1\n"
        "\n"
        "\n"
        "def f():\n"
        "    pass\n",
        encoding="utf-8",
    )
    assert sizes(tmp_path) == {
        "pkg/m.py": 9,
        "pkg/m.py:A.m": 4,
        "pkg/m.py:A.m.inner": 2,
        "pkg/m.py:f": 2,
    }
