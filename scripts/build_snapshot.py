#!/usr/bin/env python3
"""Build the bundled card snapshot (planarcli/data/cards.json) from a planar-cards TSV.

    python scripts/build_snapshot.py ../shared/data/planar-cards.tsv

The TSV (name, kind, subtype, sets, first_released, oracle_id) is a facts table compiled
from Scryfall and MTGJSON data. It has no type lines, so the snapshot composes them from kind
and subtype ("Plane — Dominaria", "Phenomenon"), except for the two joke cards whose printed
type lines are known not to follow that pattern. Oracle text is not in the TSV: the snapshot
carries none, and ``planarcli cards sync`` fills it in from Scryfall.
"""

from __future__ import annotations

import csv
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "planarcli" / "data" / "cards.json"

# Printed type lines that differ from "Plane — <subtype>" / "Phenomenon".
UNUSUAL_TYPE_LINES = {
    "That's Enough Slices": "Phenome-nom",
    "sAnS mERcY": "pLAnE — sECreT LaIR",
}


def build(tsv: Path) -> dict[str, object]:
    with tsv.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    cards = []
    for row in rows:
        kind = row["kind"].strip().lower()
        subtype = row["subtype"].strip() or None
        type_line = UNUSUAL_TYPE_LINES.get(row["name"]) or (
            f"Plane — {subtype}" if kind == "plane" else "Phenomenon"
        )
        cards.append(
            {
                "name": row["name"],
                "kind": kind,
                "subtype": subtype if kind == "plane" else None,
                "type_line": type_line,
                "sets": [s.strip() for s in row["sets"].split(",") if s.strip()],
                "first_released": row["first_released"].strip() or None,
                "oracle_id": row["oracle_id"].strip(),
                "oracle_text": None,
                "scryfall_uri": None,
            }
        )
    cards.sort(key=lambda card: str(card["name"]).casefold())
    return {
        "format": "planarcli-catalog",
        "schema_version": 1,
        "source": {
            "kind": "snapshot",
            "created": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
            "origin": "planar-cards.tsv: facts compiled from Scryfall and MTGJSON data, "
            "2025-10 to 2026-08",
            "data_as_of": "2026-08-31",
            "licence": "Card names and facts are Wizards of the Coast's; data via Scryfall "
            "(https://scryfall.com) and MTGJSON. planarcli is unofficial Fan Content.",
        },
        "cards": cards,
    }


def dump_catalog(catalog: dict[str, object]) -> str:
    """JSON with one card per line: small, quick to parse, and readable in a diff."""
    head = {key: value for key, value in catalog.items() if key != "cards"}
    lines = [json.dumps(card, ensure_ascii=False) for card in catalog["cards"]]  # type: ignore[attr-defined]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return body + ',\n "cards": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: build_snapshot.py PLANAR-CARDS.TSV")
    catalog = build(Path(sys.argv[1]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump_catalog(catalog), encoding="utf-8")
    print(f"wrote {len(catalog['cards'])} cards to {OUT}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
