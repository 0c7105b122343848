#!/usr/bin/env python3
"""Score ``cards show``'s name resolution on the name table (tests/questions/names/).

    python benchmarks/score_names.py [dev|heldout|both] [--json] [--show-errors]

For every name of the table it asks the bundled snapshot what ``cards show NAME`` asks
(``resolve.find``: exact, folded, printed name, then a clear guess that is not another
Magic card) and counts, per category: answered with the right card, answered with a wrong
card, not answered; and how often ``validate`` would make a single suggestion (what
``validate --fix`` applies) naming a wrong card. The table is built by
``scripts/build_name_table.py``; ``dev`` is the part the rules were designed on, ``heldout``
is only ever scored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "questions" / "names"


def answer(catalog: Any, name: str) -> str | None:
    """The card ``cards show NAME`` answers with, or None (exit 1)."""
    from planarcli.cards import resolve
    from planarcli.errors import NotFoundError

    try:
        card, _ = resolve.find(catalog, name)
    except NotFoundError:
        return None
    return str(card.name)


def fix_answer(catalog: Any, name: str) -> str | None:
    """The card ``validate --fix`` would write for ``name``: the card it resolves to, else
    the card ``cards show`` confidently guesses (``resolve.confident_guess``, the one
    decision both make; none for another Magic card or a name like one)."""
    card = catalog.resolve(name).card
    if card is not None:
        return str(card.name)
    from planarcli.cards import resolve

    guess = resolve.confident_guess(catalog, name)
    return None if guess is None else str(guess.name)


def score(part: str, *, errors: list[str] | None = None) -> dict[str, dict[str, int]]:
    """Per category: names, right, wrong, unanswered (``right`` counts only where the table
    names a card; for names of other cards every answer is wrong)."""
    from planarcli.cards.store import load_snapshot

    catalog = load_snapshot()
    document = json.loads((TABLE / f"{part}.json").read_text(encoding="utf-8"))
    results: dict[str, dict[str, int]] = {}
    for category, entries in document["names"].items():
        counts = {"names": 0, "right": 0, "wrong": 0, "unanswered": 0, "fix_wrong": 0}
        for entry in entries:
            counts["names"] += 1
            fixed = fix_answer(catalog, entry["name"])
            if fixed is not None and fixed != entry["card"]:
                counts["fix_wrong"] += 1
                if errors is not None:
                    errors.append(f"{part} {category}: --fix {entry['name']!r} -> {fixed!r}")
            got = answer(catalog, entry["name"])
            if got is None:
                counts["unanswered"] += 1
            elif got == entry["card"]:
                counts["right"] += 1
            else:
                counts["wrong"] += 1
                if errors is not None:
                    errors.append(f"{part} {category}: {entry['name']!r} -> {got!r}")
        results[category] = counts
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="both", choices=["dev", "heldout", "both"])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show-errors", action="store_true", help="list every wrong answer")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    parts = ["dev", "heldout"] if args.part == "both" else [args.part]
    errors: list[str] = []
    figures: dict[str, Any] = {}
    for part in parts:
        start = time.perf_counter()
        figures[part] = score(part, errors=errors)
        figures[part]["seconds"] = round(time.perf_counter() - start, 1)  # type: ignore[assignment]
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for part, results in figures.items():
            print(f"{part} ({results.pop('seconds')} s)")
            for category, c in results.items():
                print(
                    f"  {category:<16} {c['names']:>4} names: {c['right']:>4} right, "
                    f"{c['wrong']:>3} wrong, {c['unanswered']:>4} unanswered; "
                    f"validate's one suggestion wrong: {c['fix_wrong']}"
                )
    if args.show_errors:
        print("\n".join(errors))


if __name__ == "__main__":
    main()
