#!/usr/bin/env python3
"""Does the cost of ``planarcli validate`` grow with the decks, and not with what sits beside
them? Each case compares two whole-process runs side by side (interleaved, medians of the
processes' CPU time, user + system, which a busy shared machine disturbs far less than wall
time) and prints their ratio against its target:

- ``clutter``: a folder of 50 decks plus 450 files that are not decklists (prose notes, JSON
  configs, CSV price sheets) vs the 50 decks alone (target <= 1.5, issue 26; 2.0 before);
- ``real``: ``validate`` of 25 real decklists in their own formats (the test decks: Cockatrice,
  Forge, MTGO, MTGJSON, planarcli JSON, CSV and pasted text, ``REAL_DECKS``) vs ``python -c
  "import click"`` (target <= 1.6, issue 26);
- ``commander``: the 50 decks plus 150 Commander lists of 100 cards (decklists without a
  planar deck, each name looked up) vs the 50 decks alone (reported, no target);
- ``unheaded``: a 2000-line file of unknown names without a heading vs the same names under a
  ``Planar Deck`` heading (target <= 1.5);
- ``editions``: 200 decks with 40 imported rules editions in the data dir vs with none
  (target <= 1.15);
- ``json``: 200 planarcli JSON decks vs the same decks as text (target <= 1.5);
- ``startup``: ``validate`` of one deck vs ``python -c "import click"`` (target <= 1.25).

    python benchmarks/bench_scale.py [--runs 9] [--json] [--case NAME ...] [--instructions]

``--instructions`` compares the instructions each command executes (valgrind callgrind,
after one warm-up run each) instead of CPU time: deterministic on a busy machine.

The 40 editions are copies of the bundled current edition under other dates (what ``rules
import`` writes), so the case needs no network and no ../shared.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

PLANES = [
    "Academy at Tolaria West",
    "Agyrem",
    "Bant",
    "Celestine Reef",
    "Cliffside Market",
    "Eloren Wilds",
    "Feeding Grounds",
    "Fields of Summer",
    "Glimmervoid Basin",
    "Goldmeadow",
    "Grand Ossuary",
    "Grixis",
]

WORDS = (
    "storm", "crow", "vale", "ember", "gloom", "spire", "tide", "warden", "hollow", "rift",
    "archon", "bloom", "cinder", "dusk", "elder", "frost", "grove", "harbinger", "idol", "jade",
    "kraken", "lantern", "mire", "nexus", "oracle", "pyre", "quill", "relic", "shard", "thorn",
    "umbra", "vortex", "wisp", "zealot", "angel", "beast", "circle", "dragon", "echo", "forge",
    "giant", "herald",
)

SENTENCES = (
    "We played four rounds of Planechase on Thursday and the chaos ability kept coming up.",
    "Next time bring more dice, sleeves for the oversized cards and something to drink.",
    "Remember to ask Sam whether the new set has any phenomena worth adding to the deck.",
    "Scores: Alex 3, Robin 2, Sam 1, Kim 0. The next meeting is on the 14th at 7 pm.",
    "The Eternities Map variant was fun but the board took up the whole table.",
    "House rule: planeswalking away from a plane you just arrived at costs nothing.",
    "Kim wants to try a communal planar deck with forty cards for the four of us.",
    "Robin's commander deck needs more ramp; Alex suggested a few cheap artifacts.",
)


TEST_DECKS = Path(__file__).resolve().parents[1] / "tests" / "decks"
#: 25 real decklists in their own formats (the ``real`` case), from tests/decks.
REAL_DECKS = (
    *(f"formats/{name}" for name in (
        "cockatrice-side.cod", "cockatrice-sideboard.cod", "forge-new-planes.dck",
        "forge-old-planar.dck", "forge-precon-no-planar.dck", "mtgo-sideboard.dek",
        "mtgjson-planes.json", "mtgjson-anthology.json", "mtgjson-sideboard-old.json",
        "planarcli-deck.json",
    )),
    *(f"valid/{name}" for name in (
        "archidekt-categories.csv", "count-name-edition.csv", "moxfield-quoted.csv",
        "tappedout-board.csv", "unquoted-comma-in-name.csv", "archidekt-categories.txt",
        "moxfield-export.txt", "taw-commander-precon.txt", "tcgplayer-set-brackets.txt",
        "printed-foreign-names.txt", "forge-style-text-sections.txt", "comment-headings.txt",
    )),
    *(f"pasted/{name}" for name in (
        "arena-deck-with-typo.txt", "numbered-list.txt", "japanese-cp932.txt",
    )),
)  # fmt: skip


def prose(index: int) -> str:
    """Notes of about twenty lines, different in every file."""
    rng = random.Random(index)
    return "\n".join(" ".join(rng.sample(SENTENCES, 2)) for _ in range(20)) + "\n"


def price_sheet(index: int) -> str:
    """A CSV of card prices (no decklist header): 40 rows."""
    rng = random.Random(20_000 + index)
    rows = ["card,price_usd,updated"]
    rows += [f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()},{rng.random() * 20:.2f},"
             "2026-11-01" for _ in range(40)]
    return "\n".join(rows) + "\n"


def commander_list(index: int) -> str:
    """A 100-card Commander list of made-up names, different in every file."""
    rng = random.Random(10_000 + index)
    lines = [
        "Commander",
        f"1 {rng.choice(WORDS).title()} of the {rng.choice(WORDS).title()}",
        "",
        "Deck",
    ]
    lines += [
        f"1 {rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {rng.choice(WORDS).title()}"
        for _ in range(99)
    ]
    return "\n".join(lines) + "\n"


def planarcli_command() -> list[str]:
    script = shutil.which("planarcli", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "planarcli"]


def cpu_time(argv: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    completed = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{argv} failed ({completed.returncode}): {completed.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def deck_text(index: int) -> str:
    names = random.Random(index).sample(PLANES, 10)
    return "Planar Deck\n" + "".join(f"1 {name}\n" for name in names)


def deck_json(index: int) -> str:
    names = random.Random(index).sample(PLANES, 10)
    document = {
        "format": "planarcli-deck",
        "version": 1,
        "name": f"Deck {index}",
        "planar_deck": [{"name": name, "quantity": 1} for name in names],
    }
    return json.dumps(document, indent=2)


class Case(NamedTuple):
    """Two commands to compare: ``subject`` should cost at most ``target`` × ``reference``."""

    subject: list[str]
    reference: list[str]
    target: float | None  # None: reported only
    env: dict[str, str]
    reference_env: dict[str, str] | None = None  # the reference's, when it differs


def make_cases(
    tmp: Path, env: dict[str, str]
) -> dict[str, tuple[list[str], list[str], float, dict[str, str]]]:
    cli = planarcli_command()
    validate = [*cli, "validate"]
    cases: dict[str, Case] = {}

    decks, cluttered = tmp / "decks50", tmp / "cluttered"
    decks.mkdir()
    for index in range(50):
        text = deck_text(index)
        (decks / f"deck{index:02}.txt").write_text(text, encoding="utf-8")
        (cluttered / "decks").mkdir(parents=True, exist_ok=True)
        (cluttered / "decks" / f"deck{index:02}.txt").write_text(text, encoding="utf-8")
    for index in range(450):  # notes, JSON configs and CSV sheets: nothing a deck reader wants
        folder = cluttered / f"other{index % 9}"
        folder.mkdir(exist_ok=True)
        kind = index % 3
        if kind == 0:
            (folder / f"notes{index:03}.txt").write_text(prose(index), encoding="utf-8")
        elif kind == 1:
            config = {"name": f"tool{index}", "version": "1.0", "settings": {"x": list(range(50))}}
            (folder / f"config{index:03}.json").write_text(json.dumps(config), encoding="utf-8")
        else:
            (folder / f"prices{index:03}.csv").write_text(price_sheet(index), encoding="utf-8")
    clutter_args = (
        ["validate", "--no-planar-deck", "skip"]
        if _has_option("--no-planar-deck")
        else ["validate"]
    )
    clutter = [*cli, *clutter_args, str(cluttered)]
    cases["clutter"] = Case(clutter, [*validate, str(decks)], 1.5, env)

    real = tmp / "real"
    real.mkdir()
    for index, source in enumerate(REAL_DECKS):
        shutil.copy(TEST_DECKS / source, real / f"{index:02}-{Path(source).name}")
    click_floor = [sys.executable, "-c", "import click"]
    cases["real"] = Case([*validate, "--no-config", str(real)], click_floor, 1.6, env)

    # Commander lists are decklists (without a planar deck): every name is looked up, so
    # they cost what a deck of their size costs. Reported, with no target of the issue's.
    commander = tmp / "commander"
    shutil.copytree(decks, commander / "decks")
    for index in range(150):
        (commander / f"commander{index:03}.txt").write_text(commander_list(index), "utf-8")
    with_lists = [*cli, *clutter_args, str(commander)]
    cases["commander"] = Case(with_lists, [*validate, str(decks)], None, env)

    rng = random.Random(7)
    names = [" ".join(rng.choice(WORDS).title() for _ in range(3)) for _ in range(2000)]
    bare, headed = tmp / "unknown-bare.txt", tmp / "unknown-headed.txt"
    bare.write_text("".join(f"1 {name}\n" for name in names), encoding="utf-8")
    headed.write_text("Planar Deck\n" + "".join(f"1 {name}\n" for name in names), encoding="utf-8")
    cases["unheaded"] = Case([*validate, str(bare)], [*validate, str(headed)], 1.5, env)

    many = tmp / "decks200"
    many.mkdir()
    for index in range(200):
        (many / f"deck{index:03}.txt").write_text(deck_text(index), encoding="utf-8")
    data = tmp / "data40"
    _forty_editions(data / "rules")
    env40 = dict(env, PLANARCLI_DATA_DIR=str(data))
    cases["editions"] = Case([*validate, str(many)], [*validate, str(many)], 1.15, env40, env)

    jsons = tmp / "json200"
    jsons.mkdir()
    for index in range(200):
        (jsons / f"deck{index:03}.json").write_text(deck_json(index), encoding="utf-8")
    cases["json"] = Case([*validate, str(jsons)], [*validate, str(many)], 1.5, env)

    one = tmp / "one.txt"
    one.write_text(deck_text(1), encoding="utf-8")
    click_only = [sys.executable, "-c", "import click"]
    cases["startup"] = Case([*validate, str(one)], click_only, 1.25, env)
    return cases


def _has_option(option: str) -> bool:
    out = subprocess.run(
        [*planarcli_command(), "validate", "--help"], capture_output=True, text=True
    )
    return option in out.stdout


def _forty_editions(folder: Path) -> None:
    """40 imported editions: the bundled current edition under 40 other dates, as ``rules
    import`` would store them."""
    from planarcli import resources

    folder.mkdir(parents=True)
    manifest = json.loads((resources.rules_dir() / "manifest.json").read_text(encoding="utf-8"))
    current = next(e for e in manifest["editions"] if e["id"] == manifest["current"])
    source = json.loads((resources.rules_dir() / current["file"]).read_text(encoding="utf-8"))
    for index in range(40):
        edition_id = f"20{10 + index // 12:02}-{index % 12 + 1:02}-15"
        document = dict(source, id=edition_id, effective=edition_id)
        (folder / f"{edition_id}.json").write_text(json.dumps(document), encoding="utf-8")


def instructions(argv: list[str], env: dict[str, str]) -> int:
    """The instructions ``argv`` executes, counted as bench_instructions.py counts them
    (callgrind, the hash salt fixed)."""
    from bench_instructions import instructions as counted  # benchmarks/ is on sys.path

    with tempfile.TemporaryDirectory() as folder:
        return counted(argv, dict(env, PYTHONHASHSEED="0"), folder)


def count_case(case: Case) -> dict[str, float]:
    """A case's ratio in instructions (one warm-up run each, then one count each)."""
    reference_env = case.reference_env or case.env
    cpu_time(case.subject, case.env), cpu_time(case.reference, reference_env)
    s = instructions(case.subject, case.env)
    r = instructions(case.reference, reference_env)
    return {
        "subject_ms": round(s / 1e6, 1),  # (millions of instructions, in this mode)
        "reference_ms": round(r / 1e6, 1),
        "ratio": round(s / r, 3),
        "target": case.target,
        "ok": case.target is None or s / r <= case.target,
    }


def run_case(case: Case, runs: int) -> dict[str, float]:
    subject, reference, target, env = case.subject, case.reference, case.target, case.env
    reference_env = case.reference_env or env
    cpu_time(subject, env), cpu_time(reference, reference_env)  # warm the file cache
    subject_times, reference_times = [], []
    for _ in range(runs):
        subject_times.append(cpu_time(subject, env))
        reference_times.append(cpu_time(reference, reference_env))
    s, r = statistics.median(subject_times), statistics.median(reference_times)
    return {
        "subject_ms": round(s * 1000, 1),
        "reference_ms": round(r * 1000, 1),
        "ratio": round(s / r, 3),
        "target": target,
        "ok": target is None or s / r <= target,
    }


CASES = ("clutter", "real", "commander", "unheaded", "editions", "json", "startup")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--case", action="append", choices=[*CASES]
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="compare instructions counted by valgrind's callgrind instead of CPU time",
    )
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    import planarcli

    compileall.compile_dir(str(Path(planarcli.__file__).parent), quiet=1)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = dict(
            os.environ, PLANARCLI_CACHE_DIR=str(tmp / "cache"), PLANARCLI_DATA_DIR=str(tmp / "data")
        )
        env.pop("PLANARCLI_OFFLINE", None)
        cases = make_cases(tmp, env)
        figures = {}
        unit = "M" if args.instructions else "ms"
        for name in args.case or list(cases):
            figures[name] = (
                count_case(cases[name]) if args.instructions else run_case(cases[name], args.runs)
            )
            if not args.json:
                f = figures[name]
                print(
                    f"{name:9} {f['subject_ms']:8.1f} {unit} vs {f['reference_ms']:8.1f} {unit}  "
                    f"ratio {f['ratio']:.2f} "
                    + (
                        f"(target <= {f['target']:.2f}) {'ok' if f['ok'] else 'OVER'}"
                        if f["target"] is not None
                        else "(no target)"
                    ),
                    flush=True,
                )
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
