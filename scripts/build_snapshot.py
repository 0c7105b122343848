#!/usr/bin/env python3
"""Build the bundled card snapshot (planarcli/data/cards.json) from a planar-cards TSV.

    python scripts/build_snapshot.py ../shared/data/planar-cards.tsv

The printed foreign-language names come from ``planar-foreign-names.tsv`` beside the facts
table (see ``add_printed_names``).

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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planarcli.cards.names import add_name_keys

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


#: MTGJSON's language names → Scryfall's language codes (what ``cards sync`` records).
LANGUAGE_CODES = {
    "German": "de",
    "Spanish": "es",
    "French": "fr",
    "Italian": "it",
    "Japanese": "ja",
    "Portuguese (Brazil)": "pt",
    "Chinese Simplified": "zhs",
}
FOREIGN_NAMES_TSV = "planar-foreign-names.tsv"


def read_printed_names(tsv: Path) -> dict[str, dict[str, list[str]]]:
    """English card name → language code → the names printed in that language, each once,
    in the order of the table (rows are per card, language and set; reprints repeat a name).

    The table has no quoting (ORACLE-SOURCES.md): read it with quoting off."""
    names: dict[str, dict[str, list[str]]] = {}
    with tsv.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            lang = LANGUAGE_CODES[row["lang"]]
            printed = row["printed_name"].strip()
            spelled = names.setdefault(row["name"], {}).setdefault(lang, [])
            if printed and printed not in spelled:
                spelled.append(printed)
    return names


def add_printed_names(catalog: dict[str, Any], tsv: Path) -> None:
    """Give each card of ``catalog`` its printed non-English names (``printed_names``:
    language code → names) from ``tsv``, and record where they came from."""
    printed = read_printed_names(tsv)
    cards = catalog["cards"]
    unknown = sorted(set(printed) - {card["name"] for card in cards})
    if unknown:
        raise SystemExit(f"{tsv}: names not in the facts table: {', '.join(unknown)}")
    for card in cards:
        languages = printed.get(card["name"])
        if languages:
            card["printed_names"] = {lang: languages[lang] for lang in sorted(languages)}
    catalog["source"]["printed_names"] = (
        f"{FOREIGN_NAMES_TSV}: printed names of non-English printings from MTGJSON set files "
        "(OHOP, OPC2, PHOP: MTGJSON 5.2.0+20220425; MOC: 5.2.2+20251019)"
    )


def dump_catalog(catalog: dict[str, object]) -> str:
    """JSON with one card per line: small, quick to parse, and readable in a diff."""
    head = {key: value for key, value in catalog.items() if key != "cards"}
    lines = [json.dumps(card, ensure_ascii=False) for card in catalog["cards"]]  # type: ignore[attr-defined]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return body + ',\n "cards": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: build_snapshot.py PLANAR-CARDS.TSV")
    facts = Path(sys.argv[1])
    catalog = build(facts)
    add_printed_names(catalog, facts.with_name(FOREIGN_NAMES_TSV))
    add_name_keys(catalog)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump_catalog(catalog), encoding="utf-8")
    print(f"wrote {len(catalog['cards'])} cards to {OUT}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
