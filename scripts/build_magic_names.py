#!/usr/bin/env python3
"""Build the bundled list of every Magic card name (planarcli/data/magic-names.txt).

    python scripts/build_magic_names.py ../shared/data/magic-card-names.txt

The source is one card name a line, planar and non-planar alike (mtg.wtf's data, see
../shared/data/ORACLE-SOURCES.md). The bundled form holds each name folded the way planarcli
compares names, sorted, once, with the printed spelling only where it is not the folded
name capitalised the usual way, bucketed by length and first character behind an index of
byte offsets, so that a lookup reads one bucket and never decompresses or splits the whole
list (format: ``planarcli.magicnames``). The same input always gives the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planarcli.cards.names import fold_name  # noqa: E402
from planarcli.magicnames import FILE_NAME, encode, encode_file  # noqa: E402

OUT = ROOT / "planarcli" / "data" / FILE_NAME

PROVENANCE = (
    "source: magic-card-names.txt, every Magic card name known to mtg.wtf's data as of "
    "2026-07-02 (taw/magic-preconstructed-decks, lib/valid_card_names.txt, commit "
    "1f9f1c0c3f98fa7295c7193cd8b9dbaf38ba0627)",
    "licence: card names are Wizards of the Coast's; the list is factual data. planarcli is "
    "unofficial Fan Content.",
)


def build_bytes(source: Path) -> bytes:
    """The bundled file for the name list at ``source``."""
    names = [line.strip() for line in source.read_text(encoding="utf-8").splitlines()]
    names = [name for name in names if name]
    lines = encode((fold_name(name), name) for name in names)
    provenance = [*PROVENANCE, f"{len(names)} names, {len(lines)} folded names"]
    return encode_file(provenance, lines)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: build_magic_names.py MAGIC-CARD-NAMES.TXT")
    OUT.write_bytes(build_bytes(Path(sys.argv[1])))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
