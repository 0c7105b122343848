"""Inside a package, the modules import one way: each row of PACKAGE_ORDER lists the modules
of one package folder bottom up, and a module may import (at the top or inside a function:
lazy imports count) only the modules listed before it. No cycle is then possible, and a
new module must be given its place. A subpackage is its own row (or none), not part of its
parent's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: package folder -> its modules, lowest first (a module imports only those before it)
PACKAGE_ORDER: dict[str, list[str]] = {
    "planarcli/rulebook": [
        "corpus",  # the records: EditionInfo, Edition, Rule, GlossaryEntry, Moved, Reference
        "ruleids",  # rule ids and terms as typed and as cited
        "current",  # which edition is current, which edition a name means
        "catalogue",  # the editions bundled and imported, loading one, their caches
        "finder",  # a rule, section or term in one edition, and its references
        "textdiff",  # the word diff
        "diff",  # two editions compared
        "history",  # one rule through every edition
        "show",  # rules show
        "searchhints",  # what rules search says when it finds nothing
        "crtext",  # reading an official Comprehensive Rules text file
        "importer",  # rules import
        "phrasings",  # the bundled search phrasings
        "searchcache",  # the search index on disk
    ],
}


def package_imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` (dotted, "planarcli.rulebook") that the file ``path``
    imports, by their names in it: top-level and lazy imports, absolute and relative."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # "from . import x" in planarcli/rulebook/y.py: planarcli.rulebook.x
                here = ".".join(path.relative_to(ROOT).parts[:-1])
                parent = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                base = f"{parent}.{base}" if base else parent
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            if name.startswith(package + "."):
                found.add(name[len(package) + 1 :].split(".")[0])
    return found


def modules_of(folder: str) -> list[str]:
    return sorted(p.stem for p in (ROOT / folder).glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("folder", sorted(PACKAGE_ORDER))
def test_every_module_of_the_package_has_its_place(folder: str) -> None:
    listed = PACKAGE_ORDER[folder]
    assert len(set(listed)) == len(listed), f"{folder}: a module is listed twice"
    assert sorted(listed) == modules_of(folder), f"{folder}: the row and the folder differ"


@pytest.mark.parametrize("folder", sorted(PACKAGE_ORDER))
def test_modules_import_only_those_below_them(folder: str) -> None:
    order = PACKAGE_ORDER[folder]
    rank = {name: place for place, name in enumerate(order)}
    package = folder.replace("/", ".")
    wrong = []
    for name in order:
        for other in sorted(package_imports(ROOT / folder / f"{name}.py", package)):
            if other in rank and other != name and rank[other] > rank[name]:
                wrong.append(f"{name} imports {other}, which is above it")
    assert not wrong, f"{folder}: " + "; ".join(wrong)


def test_the_check_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    folder = ROOT / "planarcli" / "rulebook"
    sample = folder / "corpus.py"
    imports = package_imports(sample, "planarcli.rulebook")
    assert imports == set(), "the records import no other module of rulebook/"
    made = tmp_path / "sample.py"
    made.write_text(
        "def f():\n"
        "    from planarcli.rulebook import show\n"
        "    import planarcli.rulebook.history\n"
        "    from planarcli.rulebook.search import index\n",
        encoding="utf-8",
    )
    assert package_imports(made, "planarcli.rulebook") == {"show", "history", "search"}
