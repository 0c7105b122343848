#!/usr/bin/env python3
"""Start-up and throughput benchmark for ``planarcli validate``.

Prints, for the Python environment it runs in (use the one planarcli is installed in):
- the median wall time of ``python -c "import click"`` and of ``planarcli validate deck.txt``
  over interleaved runs, and their ratio (target: at most 1.25, issue 8);
- the time of ``planarcli validate`` on 500 decks in one call, minus the single-deck time,
  per deck (target: at most 1 ms);
- per real deck: the test decks of every format in tests/decks/ (``MIXED_FOLDERS``: Forge,
  Cockatrice, MTGO, MTGJSON, Scryfall and app JSON, XMage, CSV, pasted text, valid and
  invalid), once and repeated to about 500 files, the difference in CPU time per extra
  file (issue 26: about 0.8 ms, aim 0.4 ms). Copies of a file meet the per-run caches its
  first copy filled (a typo's guesses), so this is the cost of reading and checking decks
  of these shapes, not of a first misspelling;
- per file that is no decklist, against a deck: a folder of N decks, of 2N decks and of N
  decks beside M files of one kind (prose notes, JSON configs, CSV price sheets, the
  kinds of ``bench_scale``'s ``clutter`` case), in CPU time: (N + M files - N decks) / M
  over (2N decks - N decks) / N (issue 26: at most 1/20 for notes; 1/8 before).

    python benchmarks/bench_validate.py [--runs 21] [--json]

Python must find compiled bytecode for a fair comparison (click's is compiled at install
time); the script byte-compiles planarcli first, since PYTHONDONTWRITEBYTECODE may be set.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_scale import price_sheet, prose  # the clutter case's files (benchmarks/ is on sys.path)

DECK = """// NAME: Benchmark deck
Planar Deck
1 Academy at Tolaria West
1 Agyrem
1 Bant
1 Celestine Reef
1 Cliffside Market
1 Eloren Wilds
1 Feeding Grounds
1 Fields of Summer
1 Chaotic Aether
1 Interplanar Tunnel
"""


TEST_DECKS = Path(__file__).resolve().parents[1] / "tests" / "decks"
#: The folders of real test decks the mixed per-deck figure reads, every file in them.
MIXED_FOLDERS = ("formats", "valid", "invalid", "pasted")
#: How many times the mixed set is repeated for the per-deck figure (72 files: 504).
MIXED_COPIES = 7
#: Decks (N) and files that are no decklist (M) of the per-file figure.
NONDECK_DECKS = 200
NONDECK_FILES = 400


def config_json(index: int) -> str:
    """A tool's JSON configuration, as in bench_scale's clutter case."""
    return json.dumps(
        {"name": f"tool{index}", "version": "1.0", "settings": {"x": list(range(50))}}
    )


#: The kinds of file that are no decklist: (name, suffix, content of the file numbered i).
NONDECK_KINDS = (
    ("notes", ".txt", prose),
    ("config", ".json", config_json),
    ("prices", ".csv", price_sheet),
)


def planarcli_command() -> list[str]:
    script = shutil.which("planarcli", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "planarcli"]


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Wall time of one run; its CPU time is appended to ``CPU`` (less noisy on a shared
    machine, where other work delays a process without making it do more; from getrusage,
    in microseconds: ``os.times`` counts clock ticks of 10 ms, coarser than a file's cost)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{argv} failed: {completed.stderr.decode(errors='replace')}")
    CPU.setdefault(tuple(argv), []).append(
        (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    )
    return elapsed


CPU: dict[tuple[str, ...], list[float]] = {}


def cpu_ms(argv: list[str]) -> float:
    """The median CPU time of ``argv``'s runs so far, in ms."""
    return statistics.median(CPU[tuple(argv)]) * 1000


def mixed_folders(tmp: str) -> tuple[Path, Path, int]:
    """The real test decks once and MIXED_COPIES times (each copy in its own folder, so
    the names and the order are alike), and how many files one copy holds."""
    sources = sorted(
        path
        for folder in MIXED_FOLDERS
        for path in (TEST_DECKS / folder).iterdir()
        if path.is_file()
    )
    for copies in (1, MIXED_COPIES):
        for copy in range(copies):
            target = Path(tmp, f"mixed{copies}", f"copy{copy}")
            target.mkdir(parents=True)
            for source in sources:
                shutil.copy(source, target / f"{source.parent.name}-{source.name}")
    return Path(tmp, "mixed1"), Path(tmp, f"mixed{MIXED_COPIES}"), len(sources)


def nondeck_folders(tmp: str) -> dict[str, Path]:
    """N decks, 2N decks, and N decks beside M files of each kind that is no decklist."""
    folders: dict[str, Path] = {}
    for name, decks in (("decks", NONDECK_DECKS), ("decks2", 2 * NONDECK_DECKS)):
        folder = folders[name] = Path(tmp, name)
        folder.mkdir()
        for index in range(decks):
            Path(folder, f"deck{index:03}.txt").write_text(DECK, encoding="utf-8")
    for kind, suffix, content in NONDECK_KINDS:
        folder = folders[kind] = Path(tmp, f"decks-{kind}")
        shutil.copytree(folders["decks"], folder / "decks")
        (folder / "other").mkdir()
        for index in range(NONDECK_FILES):
            (folder / "other" / f"{kind}{index:03}{suffix}").write_text(content(index), "utf-8")
    return folders


def nondeck_figures(commands: dict[str, list[str]]) -> dict[str, float]:
    """The CPU time of a deck in a folder of decks, and of each kind of file that is no
    decklist beside them, in ms and as a fraction of a deck."""
    decks = cpu_ms(commands["decks"])
    per_deck = (cpu_ms(commands["decks2"]) - decks) / NONDECK_DECKS
    figures = {"nondeck_per_deck_ms": round(per_deck, 4)}
    for kind, _, _ in NONDECK_KINDS:
        per_file = (cpu_ms(commands[kind]) - decks) / NONDECK_FILES
        figures[f"nondeck_{kind}_ms"] = round(per_file, 4)
        figures[f"nondeck_{kind}_ratio"] = round(per_file / per_deck, 3)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--decks", type=int, default=500)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    import planarcli

    compileall.compile_dir(str(Path(planarcli.__file__).parent), quiet=1)
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        env["PLANARCLI_CACHE_DIR"] = os.path.join(tmp, "cache")  # the bundled snapshot
        env["PLANARCLI_DATA_DIR"] = os.path.join(tmp, "data")
        deck = Path(tmp, "deck.txt")
        deck.write_text(DECK, encoding="utf-8")
        many = Path(tmp, "many")
        many.mkdir()
        for index in range(args.decks):
            Path(many, f"deck{index:03}.txt").write_text(DECK, encoding="utf-8")

        mixed_one, mixed_many, mixed_files = mixed_folders(tmp)
        nondeck = nondeck_folders(tmp)

        baseline_cmd = [sys.executable, "-c", "import click"]
        validate_cmd = [*planarcli_command(), "validate", str(deck)]
        many_cmd = [*planarcli_command(), "validate", str(many)]
        # --no-config: a run reads no configuration file of the folder it starts in
        mixed_cmds = [
            [*planarcli_command(), "validate", "--no-config", str(folder)]
            for folder in (mixed_one, mixed_many)
        ]
        nondeck_cmds = {
            name: [*planarcli_command(), "validate", "--no-config", str(folder)]
            for name, folder in nondeck.items()
        }
        batch_cmds = [*mixed_cmds, *nondeck_cmds.values()]
        for argv in (baseline_cmd, validate_cmd, many_cmd, *batch_cmds):  # warm the file cache
            timed(argv, env)
        baseline, single, batch = [], [], []
        for _ in range(args.runs):
            baseline.append(timed(baseline_cmd, env))
            single.append(timed(validate_cmd, env))
        for _ in range(max(5, args.runs // 3)):
            batch.append(timed(many_cmd, env))
            for argv in batch_cmds:  # interleaved: a busy spell disturbs them alike
                timed(argv, env)

    base_ms = statistics.median(baseline) * 1000
    single_ms = statistics.median(single) * 1000
    batch_ms = statistics.median(batch) * 1000
    base_cpu = statistics.median(CPU[tuple(baseline_cmd)]) * 1000
    single_cpu = statistics.median(CPU[tuple(validate_cmd)]) * 1000
    figures = {
        "import_click_ms": round(base_ms, 1),
        "validate_one_ms": round(single_ms, 1),
        "startup_ratio": round(single_ms / base_ms, 3),
        "startup_ratio_cpu": round(single_cpu / base_cpu, 3),
        "validate_500_ms": round(batch_ms, 1),
        "per_deck_ms": round((batch_ms - single_ms) / (args.decks - 1), 3),
        "per_deck_mixed_ms": round(
            (cpu_ms(mixed_cmds[1]) - cpu_ms(mixed_cmds[0])) / ((MIXED_COPIES - 1) * mixed_files),
            3,
        ),
        "mixed_files": mixed_files * MIXED_COPIES,
        **nondeck_figures(nondeck_cmds),
        "runs": args.runs,
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"python -c 'import click'     median {base_ms:7.1f} ms")
    ratio, per_deck = figures["startup_ratio"], figures["per_deck_ms"]
    print(f"planarcli validate deck.txt  median {single_ms:7.1f} ms   ratio {ratio:.2f}", end="")
    print(f"  (target <= 1.25; CPU time ratio {figures['startup_ratio_cpu']:.2f})")
    print(f"planarcli validate 500 decks median {batch_ms:7.1f} ms   {per_deck:.3f} ms/extra deck")
    print("                                                  (target <= 1.0)")
    print(
        f"real decks of every format ({figures['mixed_files']} files): "
        f"{figures['per_deck_mixed_ms']:.3f} ms CPU per extra deck (aim 0.4)"
    )
    deck_ms = figures["nondeck_per_deck_ms"]
    print(f"per deck in a folder of {NONDECK_DECKS} decks: {deck_ms:.3f} ms CPU")
    for kind, _, _ in NONDECK_KINDS:
        per_file, ratio = figures[f"nondeck_{kind}_ms"], figures[f"nondeck_{kind}_ratio"]
        print(f"  per {kind} file beside them: {per_file:.3f} ms, {ratio:.3f} of a deck", end="")
        print("  (target <= 0.05)" if kind == "notes" else "")


if __name__ == "__main__":
    main()
