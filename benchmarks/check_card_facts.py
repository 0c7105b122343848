"""Check every card's `planarcli cards show --format json` against ../shared/data's tables.

Runs the installed command (one process per name, as a user would), never the package's
own functions, and compares each plane and phenomenon of ``planar-cards.tsv`` (name, kind,
subtype, sets, first printing, oracle id), ``planar-oracle.tsv`` (type line, Oracle text)
and ``planar-rulings.tsv`` (the rulings, their count, dates and order), then reads every
printed name of ``planar-foreign-names.tsv``, as printed and (but Japanese) without its
accents, and checks it is answered with its card. Prints each mismatch; exit 1 if any.

    python benchmarks/check_card_facts.py [--planarcli PATH] [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def read_table(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def show(command: str, name: str) -> tuple[int, Any, str]:
    done = subprocess.run(
        [command, "cards", "show", name, "--format", "json"], capture_output=True, text=True
    )
    try:
        return done.returncode, json.loads(done.stdout), done.stderr
    except ValueError:
        return done.returncode, None, done.stderr + done.stdout


def check_card(command: str, card: dict[str, str], oracle: dict[str, str], rulings: list) -> list:
    name = card["name"]
    code, shown, err = show(command, name)
    if code or not shown:
        return [f"{name}: exit {code}: {err.strip()[:200]}"]
    wrong = []
    expected = {
        "name": name,
        "matched": "exact",
        "kind": card["kind"],
        "subtype": card["subtype"] or None,
        "sets": card["sets"].split(","),
        "first_released": card["first_released"],
        "oracle_id": card["oracle_id"],
        "type_line": oracle["type_line"],
        "oracle_text": oracle["oracle_text"].replace("\\n", "\n"),
    }
    for key, value in expected.items():
        if shown.get(key) != value:
            wrong.append(f"{name}: {key} is {shown.get(key)!r}, the tables say {value!r}")
    got = [(r["date"], r["text"]) for r in shown.get("rulings", [])]
    want = [(r["date"], r["ruling"]) for r in rulings]
    if [d for d, _ in got] != sorted(d for d, _ in got):
        wrong.append(f"{name}: rulings are not oldest first")
    if len(got) != len(want):
        wrong.append(f"{name}: {len(got)} rulings, the table has {len(want)}")
    elif sorted(got) != sorted(want):
        wrong.append(f"{name}: rulings differ in date or text")
    return wrong


def check_printed(command: str, row: dict[str, str]) -> list:
    printed, card = row["printed_name"], row["name"]
    spellings = [printed]
    plain = "".join(
        c for c in unicodedata.normalize("NFD", printed) if not unicodedata.combining(c)
    )
    if plain != printed and row["lang"] != "Japanese":
        spellings.append(plain)
    wrong = []
    for written in spellings:
        code, shown, err = show(command, written)
        if code or not shown or shown.get("name") != card:
            got = shown.get("name") if shown else err.strip()[:150]
            wrong.append(f"{row['lang']} {written!r}: expected {card!r}, got {got!r}")
    return wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--planarcli", default="planarcli", help="the command to run")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not (args.data / "planar-cards.tsv").is_file():
        print(f"no card tables in {args.data}", file=sys.stderr)
        return 2
    cards = read_table(args.data / "planar-cards.tsv")
    oracle = {row["name"]: row for row in read_table(args.data / "planar-oracle.tsv")}
    rulings: dict[str, list] = {}
    for row in read_table(args.data / "planar-rulings.tsv"):
        rulings.setdefault(row["name"], []).append(row)
    printed = read_table(args.data / "planar-foreign-names.tsv")
    with ThreadPoolExecutor(args.workers) as pool:
        wrong = [
            line
            for lines in pool.map(
                lambda c: check_card(
                    args.planarcli, c, oracle[c["name"]], rulings.get(c["name"], [])
                ),
                cards,
            )
            for line in lines
        ]
        wrong += [
            line
            for lines in pool.map(lambda r: check_printed(args.planarcli, r), printed)
            for line in lines
        ]
    for line in wrong:
        print(line)
    print(f"{len(cards)} cards, {len(printed)} printed names: {len(wrong)} mismatches")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
