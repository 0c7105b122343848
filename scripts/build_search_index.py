#!/usr/bin/env python3
"""Build the search index and card names shipped for the bundled editions
(``planarcli/data/search/``, see :mod:`planarcli.rulebook.shippedindex`).

    python scripts/build_search_index.py [--check]

Run it after any change to what the index or the card names hold (the index code, its
version, the phrasings, a bundled edition, the card snapshot, PyStemmer's release):
``tests/rulebook/test_shippedindex.py`` fails until it is run. A file whose content is
already what the code builds is left as it is (``marshal``'s bytes can differ from run to
run for the same data); files no longer built are removed. ``--check`` writes nothing and
exits 1 when a file is missing, stale or no longer built.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planarcli import resources
from planarcli.rulebook import shippedindex
from planarcli.rulebook.catalogue import list_editions, load_edition
from planarcli.rulebook.corpus import RULINGS, EditionInfo
from planarcli.rulebook.current import resolve_edition
from planarcli.rulebook.search import INDEX_VERSION, SearchIndex, cardnames
from planarcli.rulebook.search.cards import NAMES_VERSION

#: a shipped file: its magic line, its key and the state it holds
Entry = tuple[bytes, str, dict[str, Any]]

#: the scopes shipped: which languages' other documents join the current edition (those a
#: question in that language also searches), and whether the card rulings do (a question
#: that names a card). See :func:`.search.scope.search_scope` without options.
SCOPES: tuple[tuple[str | None, bool], ...] = (
    (None, False),
    (None, True),
    ("fr", False),
    ("fr", True),
    ("da", False),
    ("da", True),
)


def bundled_scopes(rules_folder: str | None = None) -> list[list[EditionInfo]]:
    """The scopes of :data:`SCOPES` over the bundled editions alone, as
    :func:`.search.scope.search_scope` orders them (distinct, in :data:`SCOPES` order)."""
    with tempfile.TemporaryDirectory() as nothing_imported:
        folder_path = Path(rules_folder) if rules_folder is not None else None
        every = list_editions(folder_path, Path(nothing_imported))
    rulings = [info for info in every if info.kind == RULINGS]
    infos = [info for info in every if info.kind != RULINGS]
    current = [resolve_edition("current", list(infos))]
    scopes: list[list[EditionInfo]] = []
    for lang, ruled in SCOPES:
        scope = current + [info for info in infos if lang and info.lang == lang]
        scope += rulings if ruled else []
        if scope not in scopes:
            scopes.append(scope)
    return scopes


def built_files(rules_folder: str | None = None) -> dict[str, Entry]:
    """Every shipped file as the code builds it now: file name -> (magic, key, state)."""
    files: dict[str, Entry] = {}
    snapshot = resources.package_data_file("cards.json")
    for scope in bundled_scopes(rules_folder):
        key = shippedindex.index_key(scope, INDEX_VERSION)
        state = SearchIndex([load_edition(info) for info in scope]).state()
        files[shippedindex.index_file(key)] = (shippedindex.INDEX_MAGIC, key, state)
        for info in scope:
            made = cardnames.make(info, snapshot) if info.kind == RULINGS else None
            if made is not None:
                key = shippedindex.names_key(info, snapshot, NAMES_VERSION)
                own, whole = (cardnames.state(names) for names in made)
                entry = (shippedindex.NAMES_MAGIC, key, {"own": own, "all": whole})
                files[shippedindex.names_file(key)] = entry
    return files


def stale(path: str, magic: bytes, key: str, state: dict[str, Any]) -> bool:
    """Whether ``path`` does not hold ``state`` for ``key``."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return True
    return shippedindex.decode(data, magic, key) != state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    args = parser.parse_args()
    folder = shippedindex.folder()
    built = built_files()
    present = set(os.listdir(folder)) if os.path.isdir(folder) else set()
    changed = [name for name, entry in built.items() if stale(os.path.join(folder, name), *entry)]
    extra = sorted(name for name in present - set(built) if name.endswith(".bin"))
    if args.check:
        for name in changed + extra:
            print(f"{os.path.join(folder, name)}: stale", file=sys.stderr)
        return 1 if changed or extra else 0
    os.makedirs(folder, exist_ok=True)
    for name in changed:
        Path(folder, name).write_bytes(shippedindex.encode(*built[name]))
        print(f"wrote {os.path.join(folder, name)}")
    for name in extra:
        os.unlink(os.path.join(folder, name))
        print(f"removed {os.path.join(folder, name)}")
    print(f"{len(built)} shipped files, {len(changed)} written, {len(extra)} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
