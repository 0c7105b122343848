#!/usr/bin/env python3
"""How much of the Planechase rulebook each bundled official edition holds.

    python scripts/planechase_coverage.py [--cr CR_DIR] [--rules RULES_DIR] [--list DATE]

For every official Comprehensive Rules file in CR_DIR (default ../shared/data/cr), counts the
rules whose own text speaks of Planechase (:data:`planarcli.rulebook.crtext.PLANECHASE_RE`:
planes, phenomena, the planar deck, die or controller, Planechase / Planar Magic,
planeswalking, supplementary decks), section 901 included and apart, and how many of them
the bundled edition in RULES_DIR holds; then the rules the edition holds now, and what the
closure of planarcli 0.3 (901, the glossary and what they cite, without the rules that speak
of Planechase elsewhere) would hold. Prints a Markdown table (the one in rules/README.md).
``--list DATE`` prints, for one edition, each rule outside 901 the pattern catches, with the
words that made it match, to read them. Exits 1 when a bundled edition lacks one of them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planarcli.rulebook import crtext  # noqa: E402

DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr"
DEFAULT_RULES = ROOT / "rules"


def speaking_rules(data: bytes) -> tuple[str, list[tuple[str, str]]]:
    """(the edition's date, [(rule id, the words that matched)]) for every rule of the
    official file whose own text speaks of Planechase, 901 included, in document order."""
    text, _ = crtext.decode_rules_text(data)
    document = crtext._read_document(text)
    found = []
    for rule in document.rules:
        match = crtext.PLANECHASE_RE.search(rule.full_text())
        if match or crtext._section_of(rule.rule_id) == "901":
            found.append((rule.rule_id, match.group(0) if match else "(section 901)"))
    return document.effective, found


def previous_closure_size(data: bytes) -> int:
    """How many rules the edition would hold with the closure of planarcli 0.3 (no rule
    outside 901 taken for speaking of Planechase)."""
    original = crtext.PLANECHASE_RE
    crtext.PLANECHASE_RE = re.compile(r"(?!)")  # matches nothing
    try:
        return len(crtext.parse_comprehensive_rules(data)["rules"])
    finally:
        crtext.PLANECHASE_RE = original


def coverage(cr_dir: Path, rules_dir: Path) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(cr_dir.glob("MagicCompRules-*.txt")):
        data = path.read_bytes()
        date, found = speaking_rules(data)
        bundled = json.loads((rules_dir / f"{date}.json").read_text(encoding="utf-8"))
        held = {rule["id"] for rule in bundled["rules"]}
        outside = [rule_id for rule_id, _ in found if crtext._section_of(rule_id) != "901"]
        rows.append(
            {
                "edition": date,
                "speaking": len(found),
                "speaking_outside_901": len(outside),
                "held": sum(rule_id in held for rule_id, _ in found),
                "missing": [rule_id for rule_id, _ in found if rule_id not in held],
                "before": previous_closure_size(data),
                "after": len(bundled["rules"]),
                "glossary": len(bundled["glossary"]),
                "found": found,
            }
        )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| edition | rules of 901 and rules elsewhere speaking of Planechase (elsewhere) | "
        "bundled | rules bundled before → now | glossary |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['edition']} | {row['speaking']} ({row['speaking_outside_901']}) | "
            f"{row['held']} | {row['before']} → {row['after']} | {row['glossary']} |"
        )
    total = {key: sum(row[key] for row in rows) for key in ("speaking", "held", "before", "after")}
    outside = sum(row["speaking_outside_901"] for row in rows)
    lines.append(
        f"| all {len(rows)} | {total['speaking']} ({outside}) | {total['held']} | "
        f"{total['before']} → {total['after']} | |"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cr", type=Path, default=DEFAULT_CR, help="official rules files")
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES, help="the rules folder")
    parser.add_argument("--list", metavar="DATE", help="list what the pattern catches")
    args = parser.parse_args(argv)
    rows = coverage(args.cr, args.rules)
    if args.list:
        for row in rows:
            if row["edition"] == args.list:
                for rule_id, words in row["found"]:
                    if crtext._section_of(rule_id) != "901":
                        print(f"{rule_id}\t{words}")
        return 0
    print(table(rows))
    missing = [(row["edition"], row["missing"]) for row in rows if row["missing"]]
    for edition, ids in missing:
        print(f"{edition}: not bundled: {', '.join(ids)}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
