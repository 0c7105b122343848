#!/usr/bin/env python3
"""Build the bundled card snapshot (planarcli/data/cards.json) from the shared card tables.

    python scripts/build_snapshot.py ../shared/data/planar-cards.tsv

``planar-cards.tsv`` (name, kind, subtype, sets, first_released, oracle_id) is a facts table
compiled from Scryfall and MTGJSON data. ``planar-oracle.tsv``, read from the same folder,
gives every card's type line and Oracle text (same names and order; ``\\n`` marks a line
break; no quoting). The script checks that the two tables agree (names, oracle ids, and the
kind and subtype the type line says) and records in the snapshot's header where each part
came from (file, sha256, the upstream sources of the text).

The printed foreign-language names come from ``planar-foreign-names.tsv`` beside the facts
table (see ``add_printed_names``), and every card gets its folded ``keys`` last.

The official rulings come from ``planar-rulings.tsv`` beside it (see ``add_rulings``): a
section ``rulings`` of the snapshot (oracle id → rulings, oldest first, each with its date,
text and source), kept apart from the cards so that reading the catalog never reads them.

``created`` is the build time; everything else is a function of the tables, and the test
suite checks that the bundled file is what ``build`` makes of them.
"""

from __future__ import annotations

import csv
import hashlib
import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planarcli.cards.names import add_name_keys

OUT = Path(__file__).resolve().parent.parent / "planarcli" / "data" / "cards.json"

#: The Oracle text table, read from the folder of the facts table.
ORACLE_TSV = "planar-oracle.tsv"
ORACLE_COLUMNS = ["name", "oracle_id", "type_line", "oracle_text", "source"]


def build(tsv: Path, *, created: str | None = None) -> dict[str, Any]:
    with tsv.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    cards: list[dict[str, Any]] = []
    for row in rows:
        kind = row["kind"].strip().lower()
        subtype = row["subtype"].strip() or None
        cards.append(
            {
                "name": row["name"],
                "kind": kind,
                "subtype": subtype if kind == "plane" else None,
                "type_line": None,  # from the Oracle table (add_oracle_text)
                "sets": [s.strip() for s in row["sets"].split(",") if s.strip()],
                "first_released": row["first_released"].strip() or None,
                "oracle_id": row["oracle_id"].strip(),
                "oracle_text": None,
                "scryfall_uri": None,
            }
        )
    oracle_source = add_oracle_text(cards, tsv.with_name(ORACLE_TSV))
    cards.sort(key=lambda card: str(card["name"]).casefold())
    stamp = created or datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    catalog: dict[str, Any] = {
        "format": "planarcli-catalog",
        "schema_version": 1,
        "source": {
            "kind": "snapshot",
            "created": stamp,
            "origin": "planar-cards.tsv: facts compiled from Scryfall and MTGJSON data, "
            "2025-10 to 2026-08; planar-oracle.tsv: type lines and Oracle text",
            "data_as_of": "2026-08-31",
            "licence": "Card names, facts and text are Wizards of the Coast's; data via Scryfall "
            "(https://scryfall.com) and MTGJSON. planarcli is unofficial Fan Content.",
            "facts": table_record(tsv, len(rows)),
            "oracle_text": oracle_source,
        },
        "cards": cards,
    }
    add_printed_names(catalog, tsv.with_name(FOREIGN_NAMES_TSV))
    add_name_keys(catalog)  # the keys fold every name the card has
    add_rulings(catalog, tsv.with_name(RULINGS_TSV))
    return catalog


RULINGS_TSV = "planar-rulings.tsv"
RULINGS_COLUMNS = ["name", "date", "ruling", "source"]


def read_rulings(tsv: Path) -> dict[str, list[dict[str, str]]]:
    """English card name → its rulings, oldest first (ties in the table's order), each
    ``{"date", "text", "source"}``. The table has no quoting: read with quoting off."""
    rulings: dict[str, list[dict[str, str]]] = {}
    for number, row in enumerate(read_table(tsv, RULINGS_COLUMNS), start=2):
        name, date, text, source = (row[column].strip() for column in RULINGS_COLUMNS)
        if len(date) != 10 or not date[:4].isdigit() or not text or not source:
            raise SystemExit(f"{tsv}:{number}: a ruling needs a date, a text and a source")
        rulings.setdefault(name, []).append({"date": date, "text": text, "source": source})
    for entries in rulings.values():
        entries.sort(key=lambda entry: entry["date"])  # stable: ties keep the table's order
    return rulings


def add_rulings(catalog: dict[str, Any], tsv: Path) -> None:
    """The snapshot's ``rulings`` section (oracle id → rulings, in catalog order) from
    ``tsv``, and where they came from (``source.rulings``)."""
    rulings = read_rulings(tsv)
    by_name = {card["name"]: card["oracle_id"] for card in catalog["cards"]}
    unknown = sorted(set(rulings) - set(by_name))
    if unknown:
        raise SystemExit(f"{tsv}: names not in the facts table: {', '.join(unknown)}")
    rows = sum(len(entries) for entries in rulings.values())
    record = table_record(tsv, rows)
    sources: dict[str, int] = {}
    for entries in rulings.values():
        for entry in entries:
            sources[entry["source"]] = sources.get(entry["source"], 0) + 1
    record["from"] = dict(sorted(sources.items(), key=lambda item: (-item[1], item[0])))
    record["data_as_of"] = "MTGJSON 5.2.0 (2022-04-25), 5.2.2+20251019 and WHO.json; dated " + (
        f"{min(e['date'] for v in rulings.values() for e in v)} to "
        f"{max(e['date'] for v in rulings.values() for e in v)}"
    )
    catalog["source"]["rulings"] = record
    catalog["rulings"] = {
        by_name[card["name"]]: rulings[card["name"]]
        for card in catalog["cards"]
        if card["name"] in rulings
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
        "(OHOP, OPC2, PHOP: MTGJSON 5.2.0+20220425; MOC: 5.2.2+20251019; WHO: "
        "taw/magic-search-engine-data@0041511)"
    )


def table_record(path: Path, rows: int) -> dict[str, Any]:
    """Provenance of one input table: its file name, row count and sha256."""
    return {
        "file": path.name,
        "rows": rows,
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
    }


def read_oracle_table(path: Path) -> list[dict[str, str]]:
    """The rows of planar-oracle.tsv, read with quoting off (the texts hold quotes)."""
    return read_table(path, ORACLE_COLUMNS)


def read_table(path: Path, columns: list[str]) -> list[dict[str, str]]:
    """The rows of a table with exactly ``columns``, read with quoting off (the texts hold
    quotes); a header or a row that does not fit them stops the build."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader)
        if header != columns:
            raise SystemExit(f"{path}: expected the columns {columns}, found {header}")
        rows = []
        for number, fields in enumerate(reader, start=2):
            if len(fields) != len(columns):
                raise SystemExit(f"{path}:{number}: {len(fields)} fields, expected {len(columns)}")
            rows.append(dict(zip(columns, fields, strict=True)))
    return rows


def type_line_kind(type_line: str) -> tuple[str, str | None]:
    """(kind, subtype) as the type line says, case-insensitively: "Plane — Dominaria" →
    ("plane", "Dominaria"); "Phenomenon" and the joke "Phenome-nom" → ("phenomenon", None)."""
    main, _, sub = type_line.partition("—")
    words = main.casefold().split()
    if "plane" in words:
        return "plane", sub.strip() or None
    if any(word.startswith("phenom") for word in words):
        return "phenomenon", None
    raise SystemExit(f"type line {type_line!r} is neither a plane nor a phenomenon")


def add_oracle_text(cards: list[dict[str, Any]], path: Path) -> dict[str, Any]:
    """Fill in each card's type line and Oracle text from the Oracle table, in place, after
    checking that it agrees with the facts (same cards in the same order, same oracle ids,
    the kind and subtype the type line says). Returns the table's provenance."""
    rows = read_oracle_table(path)
    if [row["name"] for row in rows] != [card["name"] for card in cards]:
        raise SystemExit(f"{path}: the names differ from the facts table's (or their order)")
    sources: dict[str, int] = {}
    for card, row in zip(cards, rows, strict=True):
        if row["oracle_id"] != card["oracle_id"]:
            raise SystemExit(f"{path}: {card['name']}: oracle id {row['oracle_id']} differs")
        kind, subtype = type_line_kind(row["type_line"])
        if (kind, subtype) != (card["kind"], card["subtype"]):
            raise SystemExit(
                f"{path}: {card['name']}: type line {row['type_line']!r} disagrees with "
                f"kind {card['kind']!r} and subtype {card['subtype']!r}"
            )
        text = row["oracle_text"].replace("\\n", "\n").strip()
        if not text:
            raise SystemExit(f"{path}: {card['name']} has no Oracle text")
        card["type_line"] = row["type_line"]
        card["oracle_text"] = text
        sources[row["source"]] = sources.get(row["source"], 0) + 1
    record = table_record(path, len(rows))
    record["from"] = dict(sorted(sources.items(), key=lambda item: (-item[1], item[0])))
    record["data_as_of"] = "2026-03 (Scryfall Oracle data); 2025-10-19 (MTGJSON, one card)"
    return record


def dump_catalog(catalog: dict[str, Any]) -> str:
    """JSON with one card per line: small, quick to parse, and readable in a diff."""
    head = {key: value for key, value in catalog.items() if key not in ("cards", "rulings")}
    lines = [json.dumps(card, ensure_ascii=False) for card in catalog["cards"]]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    text = body + ',\n "cards": [\n  ' + ",\n  ".join(lines) + "\n ]"
    if "rulings" in catalog:  # one card's rulings a line, after the cards
        rulings = [
            f"{json.dumps(oracle_id)}: {json.dumps(entries, ensure_ascii=False)}"
            for oracle_id, entries in catalog["rulings"].items()
        ]
        text += ',\n "rulings": {\n  ' + ",\n  ".join(rulings) + "\n }"
    return text + "\n}\n"


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(
        description="Build planarcli/data/cards.json from the shared card tables."
    )
    parser.add_argument(
        "facts",
        type=Path,
        metavar="PLANAR-CARDS.TSV",
        help="the facts table (planar-oracle.tsv, planar-foreign-names.tsv and "
        "planar-rulings.tsv beside it)",
    )
    args = parser.parse_args()
    try:
        catalog = build(args.facts)
    except OSError as error:
        parser.exit(2, f"build_snapshot.py: cannot read a table: {error}\n")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump_catalog(catalog), encoding="utf-8")
    print(f"wrote {len(catalog['cards'])} cards to {OUT}")


if __name__ == "__main__":
    main()
