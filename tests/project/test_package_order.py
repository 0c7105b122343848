"""The modules inside a package import one way: each only from the modules ranked below it.

``PACKAGE_ORDER`` lists, per package, its modules from the bottom up; a tuple is one rank of
modules that do not import each other. Every import counts: at the top, inside a function
(a lazy import) and under ``TYPE_CHECKING``. A package's ``__init__`` may be listed like any
module, and a subpackage is one node (what any of its files imports; the order inside it
is its own row). ``from package import module`` counts as importing that module only.
Adding a package is adding its row.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from probes import imports_of

ROOT = Path(__file__).resolve().parents[2]

#: package folder -> its modules, bottom layer first (a tuple: one rank, no imports within)
PACKAGE_ORDER: dict[str, list[str | tuple[str, ...]]] = {
    "planarcli/cards": [
        ("names", "model", "fuzzy"),  # fuzzy: rapidfuzz's scores in plain Python
        "filters",
        "catalog",  # records, indexes, exact, folded and printed lookups
        "guessing",  # the caches beside a catalog, the leading guesses
        "resolve",  # typos, guesses, other Magic cards: uses the catalog
        "store",  # loads and builds catalogs
        ("search", "deckgen", "scryfall"),
        "sync",
        "__init__",
    ],
    "planarcli/deck": [
        ("__init__", "config", "findings", "readers"),  # options, findings; the readers (own row)
        "gate",  # what a folder scan passes over from a file's first bytes
        ("checks", "prose", "rewrite", "scan"),  # the deck rules; prose lines; bytes; paths
        ("repairs", "validate", "writers"),  # what --fix may do; the pipeline; deck convert
        "locate",  # where in the file a repair goes
        "fix",  # --fix and --diff, built on the pipeline
        "run",  # one validate run: the pipeline or --fix
    ],
    "planarcli/deck/readers": [
        ("model", "source", "vocabulary"),  # Decklist and the limits; bytes; headings, columns
        ("cardline", "planar"),  # one card line taken apart; which entries are the planar deck
        "cardnames",  # the one card-name oracle
        # text from bytes in a legacy encoding (Shift-JIS, EUC-JP, GB18030, Mac Roman: asks
        # the catalog)
        "decoding",
        ("csvdeck", "forge", "mtgjson", "text", "xmldeck", "xmage"),  # the readers (text/: own)
        "cardjson",  # JSON of card objects (Scryfall, apps), parsed as MTGJSON's is
        ("__init__", "cockatrice", "jsondeck", "mtgo"),  # detection, reader_for; XML, JSON
    ],
    "planarcli/rulebook": [
        "corpus",  # the records: EditionInfo, Edition, Rule, GlossaryEntry, Moved, Reference
        "ruleids",  # rule ids and terms as typed and as cited
        "current",  # which edition is current, which edition a name means
        "catalogue",  # the editions bundled and imported, loading one, their caches
        "finder",  # a rule, section or term in one edition, and its references
        "textdiff",  # the word diff
        "diff",  # two editions compared
        "compared",  # the bundled comparisons, each pair aligned one way
        "history",  # one rule through every edition
        "show",  # rules show
        "searchhints",  # what rules search says when it finds nothing
        "crtext",  # reading an official Comprehensive Rules text file
        "importer",  # rules import
        "phrasings",  # the bundled search phrasings
        "shippedindex",  # the index and card names shipped for the bundled editions
        "search",  # ranked search (its own row below)
        "searchcache",  # the search index on disk
        "__init__",
    ],
    "planarcli/rulebook/search": [
        ("weights", "analysis"),  # the features' weights; tokens, folding, stemming, synonyms
        "wordmap",  # the index's word tables, read a bucket at a time
        "passages",  # what kind of passage a text is: a heading, a scope, an aside
        # whether a question asks for a quantity; a story then a question; the rules moved
        ("quantity", "story", "moves"),
        (
            "index",  # fields, postings, statistics: nothing of queries or ranking
            "cards",  # the cards a question names, matched against kept names
            "subject",  # where a text says what a thing is
        ),
        ("language", "cardnames", "timing"),  # the languages a query is not in; making card
        # names; a question asking when
        "expansion",  # each query word as weighted index terms
        "query",  # query understanding: the Understood query
        "pruning",  # only the texts that may rank scored in full
        ("scoring", "snippet"),  # an understood query ranked; a result's answering passage
        "scope",  # which editions a search covers; one search, tying the layers together
        "__init__",
    ],
}


def ranks(package: str) -> dict[str, int]:
    """Each module of ``package`` and its rank (0 at the bottom)."""
    found: dict[str, int] = {}
    for rank, entry in enumerate(PACKAGE_ORDER[package]):
        for module in (entry,) if isinstance(entry, str) else entry:
            found[module] = rank
    return found


def sibling_imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` (by name) that the file ``path`` imports, however."""
    dotted = package.replace("/", ".")
    siblings = set()
    for name in imports_of(path):
        if name == dotted:
            continue  # ``from package import module``: the module is named on its own
        if name.startswith(dotted + "."):
            siblings.add(name[len(dotted) + 1 :].split(".")[0])
    return siblings


def wrong_imports(path: Path, package: str, unit: str | None = None) -> list[str]:
    """The imports of ``path`` (part of ``unit``: its module, or the subpackage it is in)
    that do not go down ``package``'s order."""
    unit = unit or path.stem
    order = ranks(package)
    own = order[unit]
    return sorted(
        f"{unit} imports {other}"
        for other in sibling_imports(path, package)
        if other != unit and order.get(other, own) >= own
    )


def units(package: str) -> dict[str, list[Path]]:
    """Each module of ``package`` (its file) and each subpackage (all its files), by name."""
    folder = ROOT / package
    found = {path.stem: [path] for path in folder.glob("*.py")}
    for init in folder.glob("*/__init__.py"):
        found[init.parent.name] = sorted(init.parent.rglob("*.py"))
    return found


CASES = [
    (package, unit, path)
    for package in PACKAGE_ORDER
    for unit, paths in sorted(units(package).items())
    for path in paths
]


@pytest.mark.parametrize("package", sorted(PACKAGE_ORDER))
def test_every_module_of_the_package_has_a_rank(package: str) -> None:
    listed = ranks(package)
    present = set(units(package))
    assert present - set(listed) == set(), f"modules of {package} missing from PACKAGE_ORDER"
    assert set(listed) - present == set(), f"PACKAGE_ORDER lists modules {package} lacks"


@pytest.mark.parametrize(
    ("package", "unit", "path"),
    CASES,
    ids=[str(path.relative_to(ROOT).with_suffix("")) for _, _, path in CASES],
)
def test_a_module_imports_only_modules_below_it(package: str, unit: str, path: Path) -> None:
    assert wrong_imports(path, package, unit) == []


def test_the_order_check_sees_lazy_same_rank_and_upward_imports(tmp_path: Path) -> None:
    folder = tmp_path / "planarcli" / "cards"
    folder.mkdir(parents=True)
    for name in ("names", "model", "catalog", "store"):
        (folder / f"{name}.py").write_text("", encoding="utf-8")
    (folder / "names.py").write_text(
        "def f():\n    from planarcli.cards import model\n", encoding="utf-8"
    )
    (folder / "catalog.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from planarcli.cards.store import load_catalog\nfrom planarcli.cards import names\n",
        encoding="utf-8",
    )
    assert wrong_imports(folder / "names.py", "planarcli/cards") == ["names imports model"]
    assert wrong_imports(folder / "catalog.py", "planarcli/cards") == ["catalog imports store"]


def test_a_subpackage_is_one_node_of_its_parents_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a row for planarcli/rulebook, search/ is ranked as a whole: a file inside it that
    imports a rulebook module ranked above search/ is caught; one below it is not."""
    module = tmp_path / "index.py"
    module.write_text("from planarcli.rulebook import corpus, lookup\n", encoding="utf-8")
    monkeypatch.setitem(PACKAGE_ORDER, "planarcli/rulebook", ["corpus", "search", "lookup"])
    assert wrong_imports(module, "planarcli/rulebook", "search") == ["search imports lookup"]


def test_no_module_imports_relatively() -> None:
    """The order check reads absolute imports; planarcli writes only those (a relative
    import would pass it unseen)."""
    import ast

    relative = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "planarcli").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.level
    ]
    assert relative == []
