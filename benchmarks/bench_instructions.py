#!/usr/bin/env python3
"""Start-up of the everyday commands in instructions, against ``python -c "import click"``.

CPU-time ratios move by several percent from run to run on a shared machine; the number of
instructions a process executes does not (valgrind's callgrind counts them, the same for the
same binary, inputs and environment whatever else the machine does; the hash salt is fixed,
``PYTHONHASHSEED=0``, else it moves a count by a few tenths of a percent). Each command runs once
under ``valgrind --tool=callgrind`` after a warm-up run (which writes the parsed snapshot and
the search index to the cache dir, as a user's first run does).

    python benchmarks/bench_instructions.py [--json] [--only LABEL ...]

``--only`` counts the commands whose label contains LABEL (and the baseline) and no other:
each count takes valgrind several seconds.

``FIRST_RUN`` commands run once, with empty cache and data dirs and no warm-up: the first
search after an install (issue 26 holds it to 3x).

Needs valgrind (Debian's package of that name); without it the script says so and exits 0.
Targets are issue 8's, 9's and 10's, stated for CPU time: validate and cards show <= 1.25,
rules show <= 1.25, rules search <= 1.35; issue 18 (item 5) holds every ``rules search`` to
1.35, a question naming a card (which also reads the card rulings) or in French or Danish
(which also reads that language's texts) as well as the everyday English one.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_validate import DECK  # the same deck bench_validate times (benchmarks/ is on sys.path)

#: label -> (planarcli arguments, target ratio)
COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "validate deck.txt": (["validate", "{deck}"], 1.25),
    "cards show Tazeem": (["cards", "show", "Tazeem"], 1.25),
    "cards show (French)": (["cards", "show", "Académie de l'Ouest de Tolaria"], 1.25),
    # a misspelling: the guesses (scored in plain Python from the few names their letters
    # allow, rapidfuzz only when many are close) and the list of every Magic card name
    # (issue 26)
    "cards show Akuom (typo)": (["cards", "show", "Akuom"], 1.25),
    # ... another slip (a letter left out), and a misspelt name that is another Magic card
    "cards show Tazem (typo)": (["cards", "show", "Tazem"], 1.25),
    "cards show Lllanowar Elves (typo)": (["cards", "show", "Lllanowar Elves"], None),
    "rules show 901.9": (["rules", "show", "901.9"], 1.25),
    "rules search": (["rules", "search", "planar die cost"], 1.35),
    # a question naming a card also searches that card's rulings; one in French or Danish
    # also that language's texts (each scope has its own cached index)
    "rules search (card)": (["rules", "search", "spatial merging chaos"], 1.35),
    # ... and what a card does: its Oracle text, first
    "rules search (card text)": (["rules", "search", "what does naya do"], 1.35),
    "rules search (French)": (["rules", "search", "coût du dé planaire"], 1.35),
    "rules search (Danish)": (["rules", "search", "hvad koster det at slå med terningen"], 1.35),
    # a question asking what something is also reads the rules' wording of it ("A planar
    # die is ..."): the patterns of the question's form compile on every such search (the
    # rules' wording is read by rulebook/search/subject.py without one)
    "rules search (what is)": (["rules", "search", "what is a phenomenon"], 1.35),
    "rules search (who is)": (["rules", "search", "who is the planar controller"], 1.35),
    # a Danish compound, read as its parts ("planarterningen": planar + terningen)
    "rules search (Danish compound)": (["rules", "search", "hvad koster planarterningen"], 1.35),
    # long questions reach many more texts, each holding a few of their words (issue 26)
    "rules search (long)": (
        [
            "rules",
            "search",
            "how much mana does it cost to roll the planar die a second time in one turn",
        ],
        1.35,
    ),
    "rules search (long French)": (
        [
            "rules",
            "search",
            "combien de mana faut-il payer pour lancer le dé planaire une deuxième fois "
            "dans le même tour",
        ],
        1.35,
    ),
    "rules search (long Danish)": (
        [
            "rules",
            "search",
            "hvor meget mana koster det at slå med planarterningen en anden gang i samme tur",
        ],
        1.35,
    ),
}

#: label -> (planarcli arguments, target ratio): commands counted as the first run after an
#: install, an upgrade or a cleared cache (empty cache and data dirs, no warm-up run): the
#: first search builds or reads its index and the card names (issue 26: 3x)
FIRST_RUN: dict[str, tuple[list[str], float | None]] = {
    "first rules search": (["rules", "search", "planar die cost"], 3.0),
    "first rules search (card)": (["rules", "search", "spatial merging chaos"], 3.0),
}


def planarcli_command() -> list[str]:
    script = shutil.which("planarcli", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "planarcli"]


def instructions(argv: list[str], env: dict[str, str], folder: str) -> int:
    out = os.path.join(folder, "callgrind.out")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {argv}: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--only",
        action="append",
        metavar="LABEL",
        help="count only the commands whose label contains LABEL (repeatable)",
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts (apt-get install valgrind)")
        return

    import planarcli

    compileall.compile_dir(str(Path(planarcli.__file__).parent), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PLANARCLI_CACHE_DIR=os.path.join(tmp, "cache"))
        env["PLANARCLI_DATA_DIR"] = os.path.join(tmp, "data")
        # string hashes are salted per process, and with them the order of sets and the
        # probes of dicts: a fixed salt makes a count repeat to the instruction
        env["PYTHONHASHSEED"] = "0"
        env.pop("PLANARCLI_OFFLINE", None)
        deck = os.path.join(tmp, "deck.txt")
        Path(deck).write_text(DECK, encoding="utf-8")
        base = instructions([sys.executable, "-c", "import click"], env, tmp)
        figures = {"import click": {"instructions": base, "ratio": 1.0}}
        rows = [(row, False) for row in COMMANDS.items()]
        rows += [(row, True) for row in FIRST_RUN.items()]
        for (label, (words, target)), first in rows:
            if args.only and not any(part in label for part in args.only):
                continue
            argv = [*planarcli_command(), *(w.format(deck=deck) for w in words)]
            if first:
                fresh = tempfile.mkdtemp(dir=tmp)
                run_env = dict(env, PLANARCLI_CACHE_DIR=os.path.join(fresh, "cache"))
                run_env["PLANARCLI_DATA_DIR"] = os.path.join(fresh, "data")
            else:
                run_env = env
                subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            count = instructions(argv, run_env, tmp)
            figures[label] = {
                "instructions": count,
                "ratio": round(count / base, 3),
                "target": target,
            }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print("instructions executed (valgrind callgrind), against python -c 'import click'")
    for label, row in figures.items():
        target = row.get("target")
        verdict = "" if target is None else f"  (target <= {target:.2f})"
        print(f"  {label:<30} {row['instructions'] / 1e6:8.1f} M  {row['ratio']:.3f}x{verdict}")


if __name__ == "__main__":
    main()
