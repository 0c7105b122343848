"""planarcli/rulebook imports one way: never deck/, cards/, the commands or click, and its
modules form no cycle (corpus is the base the others build on)."""

from __future__ import annotations

from pathlib import Path

from probes import imports_of

RULEBOOK = Path(__file__).resolve().parents[2] / "planarcli" / "rulebook"


def rulebook_graph() -> dict[str, set[str]]:
    modules = {path.stem: imports_of(path) for path in RULEBOOK.glob("*.py")}
    # a package (search/) is one node: what any of its modules imports
    for package in RULEBOOK.glob("*/__init__.py"):
        modules[package.parent.name] = set().union(
            *(imports_of(path) for path in package.parent.glob("*.py"))
        )
    return {
        name: {
            other for other in modules if other != name and f"planarcli.rulebook.{other}" in imports
        }
        for name, imports in modules.items()
    }


def test_rulebook_never_imports_deck_cards_commands_or_click() -> None:
    for path in RULEBOOK.rglob("*.py"):
        imports = imports_of(path)
        bad = {
            name
            for name in imports
            if name == "click"
            or name.startswith(("click.", "planarcli.deck", "planarcli.cards"))
            or name.startswith(("planarcli.commands", "planarcli.report", "planarcli.cli"))
        }
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_rulebook_modules_import_one_way() -> None:
    graph = rulebook_graph()
    assert graph["corpus"] == set(), "corpus is the base: it imports no other rulebook module"
    assert "corpus" in graph["search"] and "corpus" in graph["diff"]
    # no cycle, however long
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        if state.get(name) == 1:
            raise AssertionError("import cycle: " + " -> ".join([*trail, name]))
        if state.get(name) == 2:
            return
        state[name] = 1
        for other in sorted(graph[name]):
            visit(other, [*trail, name])
        state[name] = 2

    for name in sorted(graph):
        visit(name, [])


def test_the_layout_check_sees_lazy_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f():\n    from planarcli.rulebook import search\n    import planarcli.deck.checks\n",
        encoding="utf-8",
    )
    imports = imports_of(sample)
    assert {"planarcli.rulebook.search", "planarcli.deck.checks"} <= imports
