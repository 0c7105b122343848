"""planarcli/deck/readers imports one way: source.py, the bytes layer, imports nothing above
it (no reader, no catalog), and the readers' modules form no cycle (the text reader, a
package, is one node; the package's ``__init__`` dispatches to the readers and is left out)."""

from __future__ import annotations

from pathlib import Path

from probes import imports_of

READERS = Path(__file__).resolve().parents[3] / "planarcli" / "deck" / "readers"


def readers_graph() -> dict[str, set[str]]:
    modules = {path.stem: imports_of(path) for path in READERS.glob("*.py")}
    del modules["__init__"]
    modules["text"] = set().union(*(imports_of(path) for path in (READERS / "text").glob("*.py")))
    return {
        name: {
            other
            for other in modules
            if other != name and f"planarcli.deck.readers.{other}" in imports
        }
        for name, imports in modules.items()
    }


def test_source_imports_nothing_above_it() -> None:
    imports = imports_of(READERS / "source.py")
    above = {name for name in imports if name.startswith(("planarcli.deck", "planarcli.cards"))}
    assert not above, f"source.py imports {sorted(above)}"


def test_the_lowest_modules_import_no_reader() -> None:
    graph = readers_graph()
    assert graph["source"] == set()
    assert graph["vocabulary"] == set()
    assert graph["model"] <= {"vocabulary"}
    assert graph["cardnames"] <= {"vocabulary", "planar", "model"}


def test_readers_modules_import_one_way() -> None:
    graph = readers_graph()
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
