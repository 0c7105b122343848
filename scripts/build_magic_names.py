#!/usr/bin/env python3
"""Build the bundled list of every Magic card name (planarcli/data/magic-names.txt.gz).

    python scripts/build_magic_names.py ../shared/data/magic-card-names.txt

The source is one card name a line, planar and non-planar alike (mtg.wtf's data, see
../shared/data/ORACLE-SOURCES.md). The bundled form holds each name folded the way planarcli
compares names, sorted, once, with the printed spelling only where it is not the folded
name capitalised the usual way (format: ``planarcli.cards.magicnames``), gzip-compressed
with a fixed timestamp so that the same input always gives the same bytes.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planarcli.cards.magicnames import FILE_NAME, FORMAT_LINE, encode  # noqa: E402
from planarcli.cards.names import fold_name  # noqa: E402

OUT = ROOT / "planarcli" / "data" / FILE_NAME

PROVENANCE = (
    "source: magic-card-names.txt, every Magic card name known to mtg.wtf's data as of "
    "2026-07-02 (taw/magic-preconstructed-decks, lib/valid_card_names.txt, commit "
    "1f9f1c0c3f98fa7295c7193cd8b9dbaf38ba0627)",
    "licence: card names are Wizards of the Coast's; the list is factual data. planarcli is "
    "unofficial Fan Content.",
)


def build_text(source: Path) -> str:
    """The uncompressed bundled text for the name list at ``source``."""
    names = [line.strip() for line in source.read_text(encoding="utf-8").splitlines()]
    names = [name for name in names if name]
    lines = encode((fold_name(name), name) for name in names)
    header = [FORMAT_LINE, *(f"# {line}" for line in PROVENANCE)]
    header.append(f"# {len(names)} names, {len(lines)} folded names")
    return "\n".join([*header, *lines]) + "\n"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: build_magic_names.py MAGIC-CARD-NAMES.TXT")
    text = build_text(Path(sys.argv[1]))
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
