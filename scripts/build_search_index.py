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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planarcli.rulebook import shippedindex


def stale(path: str, magic: bytes, key: str, state: dict[str, object]) -> bool:
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
    built = shippedindex.built_files()
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
