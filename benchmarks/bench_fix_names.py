#!/usr/bin/env python3
"""How often ``validate --fix`` renames an unknown name, and how often wrongly.

Two measures of ``planarcli.deck.repairs.clear_suggestion``:

- misspellings: for every catalog card, seeded random typing slips (one or two edits:
  drop, double, swap two neighbours, replace by a neighbouring key) of its name; a fix is
  *right* when it gives that card, *wrong* when it gives another, *none* when it declines.
  The cards are split by a hash of their name into a development half (used to choose
  TYPO_CHARS_PER_EDIT) and a held-out half (only scored);
- real names: every Magic card name in ``../shared/data/magic-card-names.txt`` that is not a
  planar card; any rename of one is wrong (a Plains in a planar deck is not a typo).

    python benchmarks/bench_fix_names.py [--per-card 6] [--chars-per-edit 6] [--held-out] [--json]
    python benchmarks/bench_fix_names.py --transpositions

``--transpositions`` checks instead, over every card name with every pair of neighbouring
characters swapped, that ``--fix`` renames a name exactly when ``cards show`` answers it with
a confident guess, and to the same card (issue 16 item 3; tests/deck/test_fix_show_agree.py
checks a sample of them on every run).
"""

from __future__ import annotations

import argparse
import json
import random
import zlib
from pathlib import Path

from planarcli.cards import resolve
from planarcli.cards.names import fold_name
from planarcli.cards.store import load_snapshot
from planarcli.deck import repairs
from planarcli.deck.checks import DECK_RULES

NAMES_FILE = Path(__file__).resolve().parents[2] / "shared" / "data" / "magic-card-names.txt"
_KEYBOARD = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def _neighbour(ch: str, rng: random.Random) -> str:
    for row in _KEYBOARD:
        i = row.find(ch.lower())
        if i >= 0:
            near = [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
            return rng.choice(near)
    return ch


def typo(name: str, edits: int, rng: random.Random) -> str:
    text = list(name)
    for _ in range(edits):
        letters = [i for i, ch in enumerate(text) if ch.isalpha()]
        if len(letters) < 3:
            break
        i = rng.choice(letters)
        kind = rng.choice(["drop", "double", "swap", "near"])
        if kind == "drop":
            del text[i]
        elif kind == "double":
            text.insert(i, text[i])
        elif kind == "swap" and i + 1 < len(text) and text[i + 1].isalpha():
            text[i], text[i + 1] = text[i + 1], text[i]
        else:
            text[i] = _neighbour(text[i], rng)
    return "".join(text)


def held_out(name: str) -> bool:
    return zlib.crc32(name.encode("utf-8")) % 2 == 1


def transpositions() -> int:
    """Exit status 0 when fix and show agree on every adjacent transposition of every name."""
    from planarcli.errors import NotFoundError

    catalog = load_snapshot()
    rules = DECK_RULES[-1]
    names = disagree = guessed = 0
    for card in catalog.cards:
        text = card.name
        for i in range(len(text) - 1):
            if text[i] == text[i + 1]:
                continue
            written = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
            if catalog.resolve(written).card is not None:
                continue
            names += 1
            try:
                found, how = resolve.find(catalog, written)
                shown = found.name if how == "fuzzy" else None
            except NotFoundError:
                shown = None
            fixed = repairs.clear_suggestion(written, catalog, set(), rules)
            guessed += shown is not None
            if fixed != shown:
                disagree += 1
                print(f"  {written!r}: show {shown!r}, fix {fixed!r}")
    print(f"{names} transpositions: show guesses {guessed}, fix and show disagree on {disagree}")
    return 1 if disagree else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-card", type=int, default=6)
    parser.add_argument("--chars-per-edit", type=int, default=resolve.TYPO_CHARS_PER_EDIT)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--held-out", action="store_true", help="also score the held-out half (once, at the end)"
    )
    parser.add_argument("--transpositions", action="store_true")
    args = parser.parse_args()
    if args.transpositions:
        raise SystemExit(transpositions())
    # the rule lives in the catalog (cards show guesses by it too)
    resolve.TYPO_CHARS_PER_EDIT = args.chars_per_edit
    catalog = load_snapshot()
    rules = DECK_RULES[-1]
    scores: dict[str, dict[str, int]] = {
        part: {"right": 0, "wrong": 0, "none": 0} for part in ("development", "held-out")
    }
    for card in catalog.cards:
        if held_out(card.name) and not args.held_out:
            continue
        part = scores["held-out" if held_out(card.name) else "development"]
        rng = random.Random(zlib.crc32(card.name.encode("utf-8")))  # the same slips every run
        for n in range(args.per_card):
            written = typo(card.name, 1 + n % 2, rng)
            if catalog.lookup(written) is not None:
                continue  # the slip folds away or hits another card: nothing to fix
            fixed = repairs.clear_suggestion(written, catalog, set(), rules)
            part["none" if fixed is None else "right" if fixed == card.name else "wrong"] += 1
    real: dict[str, object] = {"names": 0, "renamed": 0, "examples": []}
    if NAMES_FILE.is_file():
        planar = {fold_name(card.name) for card in catalog.cards}
        renamed = []
        names = NAMES_FILE.read_text(encoding="utf-8").splitlines()
        for name in names:
            if not name.strip() or fold_name(name) in planar:
                continue
            real["names"] = int(real["names"]) + 1  # type: ignore[call-overload]
            fixed = repairs.clear_suggestion(name, catalog, set(), rules)
            if fixed is not None:
                renamed.append(f"{name} -> {fixed}")
        real["renamed"] = len(renamed)
        real["examples"] = renamed[:10]
    report = {"chars_per_edit": args.chars_per_edit, "misspellings": scores, "real_names": real}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"TYPO_CHARS_PER_EDIT = {args.chars_per_edit}")
    for part, counts in scores.items():
        total = sum(counts.values())
        if not total:
            continue
        print(
            f"  {part:12} {total} misspellings: {counts['right']} fixed right "
            f"({100 * counts['right'] / total:.1f}%), {counts['wrong']} wrong, "
            f"{counts['none']} left alone"
        )
    print(
        f"  real non-planar names: {real['names']}, renamed: {real['renamed']} {real['examples']}"
    )


if __name__ == "__main__":
    main()
