#!/usr/bin/env python3
"""Build the table of names that ``cards show`` is scored on (tests/questions/names/*.json).

    python scripts/build_name_table.py ../shared/data

The names are picked systematically, with a fixed seed, from the shared tables, never by hand:

- ``other-card``: real non-planar Magic cards that share a word with a plane or phenomenon
  name ("Llanowar Elves", "Tolaria West"): every such name of magic-card-names.txt, sampled.
  Answering one with a planar card is wrong.
- ``other-card-typo``: such names with one random typing slip (a letter left out, doubled,
  swapped with the next or replaced) that makes them no card's name. Answering one with a
  planar card is wrong too: it is a misspelt other card.
- ``plane-typo``: every plane and phenomenon name with one slip, and again with two.
  The right answer is the card; another card is wrong.
- ``foreign``: every printed non-English name of planar-foreign-names.tsv that is not the
  English name. The right answer is its card.
- ``foreign-typo``: those of them written in Latin letters, with one slip. Another card is
  wrong; no answer is acceptable (guesses are made from English names).

Each category is shuffled and cut in two: ``dev.json`` (used while designing the rules) and
``heldout.json`` (only ever scored). ``benchmarks/score_names.py`` scores either.
"""

from __future__ import annotations

import csv
import json
import random
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planarcli.cards.names import fold_name  # noqa: E402
from planarcli.magicnames import SMALL_WORDS  # noqa: E402

OUT = ROOT / "tests" / "questions" / "names"
SEED = 20261130
SAMPLE = {"other-card": 400, "other-card-typo": 400}


def typo(name: str, rng: random.Random) -> str:
    """``name`` with one typing slip at a random letter."""
    letters = [i for i, ch in enumerate(name) if ch.isalpha()]
    at = rng.choice(letters)
    kind = rng.choice(["drop", "double", "swap", "replace"])
    if kind == "drop":
        return name[:at] + name[at + 1 :]
    if kind == "double":
        return name[: at + 1] + name[at] + name[at + 1 :]
    if kind == "swap" and at + 1 < len(name):
        return name[:at] + name[at + 1] + name[at] + name[at + 2 :]
    pool = string.ascii_lowercase.replace(name[at].lower(), "")
    return name[:at] + rng.choice(pool) + name[at + 1 :]


def build(data: Path) -> dict[str, list[dict[str, object]]]:
    rng = random.Random(SEED)
    with (data / "planar-cards.tsv").open(encoding="utf-8", newline="") as handle:
        planar = [row["name"] for row in csv.DictReader(handle, delimiter="\t")]
    planar_keys = {fold_name(name) for name in planar}
    words = {w for name in planar for w in fold_name(name).split()}
    words = {w for w in words if len(w) >= 3 and w not in SMALL_WORDS}
    every = (data / "magic-card-names.txt").read_text(encoding="utf-8").splitlines()
    every_keys = {fold_name(name) for name in every}
    others = sorted(
        {
            name
            for name in every
            if fold_name(name) not in planar_keys and words & set(fold_name(name).split())
        }
    )

    def slip(name: str, times: int = 1) -> str | None:
        for _ in range(20):
            written = name
            for _ in range(times):
                written = typo(written, rng)
            key = fold_name(written)
            if key and key != fold_name(name) and key not in every_keys:
                return written
        return None

    items: dict[str, list[dict[str, object]]] = {}
    items["other-card"] = [
        {"name": name, "card": None} for name in rng.sample(others, SAMPLE["other-card"])
    ]
    typos = []
    for name in rng.sample(others, SAMPLE["other-card-typo"]):
        written = slip(name)
        if written is not None:
            typos.append({"name": written, "card": None, "from": name})
    items["other-card-typo"] = typos
    plane_typos = []
    for name in planar:
        for times in (1, 2):
            written = slip(name, times)
            if written is not None:
                plane_typos.append({"name": written, "card": name, "slips": times})
    items["plane-typo"] = plane_typos
    with (data / "planar-foreign-names.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    printed = sorted(
        {(row["printed_name"], row["name"]) for row in rows if row["printed_name"] != row["name"]}
    )
    items["foreign"] = [{"name": written, "card": card} for written, card in printed]
    foreign_typos = []
    for written, card in printed:
        if written.isascii() or all(ord(ch) < 0x250 for ch in written):
            slipped = slip(written)
            if slipped is not None:
                foreign_typos.append({"name": slipped, "card": card, "from": written})
    items["foreign-typo"] = foreign_typos
    return items


def split(items: dict[str, list[dict[str, object]]]) -> tuple[dict[str, object], dict[str, object]]:
    rng = random.Random(SEED + 1)
    dev: dict[str, object] = {}
    heldout: dict[str, object] = {}
    for category, entries in items.items():
        shuffled = list(entries)
        rng.shuffle(shuffled)
        half = len(shuffled) // 2
        dev[category] = shuffled[:half]
        heldout[category] = shuffled[half:]
    return dev, heldout


def header(part: str) -> dict[str, object]:
    return {
        "part": part,
        "seed": SEED,
        "built_by": "scripts/build_name_table.py",
        "from": "../shared/data: planar-cards.tsv, planar-foreign-names.tsv, magic-card-names.txt",
    }


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: build_name_table.py SHARED-DATA-DIR")
    dev, heldout = split(build(Path(sys.argv[1])))
    OUT.mkdir(parents=True, exist_ok=True)
    for part, table in (("dev", dev), ("heldout", heldout)):
        document = {**header(part), "names": table}
        path = OUT / f"{part}.json"
        path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        sizes = {category: len(entries) for category, entries in table.items()}  # type: ignore[arg-type]
        print(f"wrote {path}: {sizes}")


if __name__ == "__main__":
    main()
