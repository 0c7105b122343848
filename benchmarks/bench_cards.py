#!/usr/bin/env python3
"""Start-up benchmark for the offline card commands: ``planarcli cards show NAME`` (target:
at most 1.25 times ``python -c "import click"``) for an exact name, a folded spelling and
printed foreign names, and ``cards search`` and ``cards list`` beside them (no target).

    python benchmarks/bench_cards.py [--runs 21] [--json] [--synced]

``--synced`` times it for a user who has run ``cards sync``: a synced cache (every card of
the bundled snapshot, written and stamped as a sync writes it) beside the snapshot.

Runs are interleaved (one of each command in turn), so that load on a shared machine hits
them alike; the figures are medians of the CPU time (user + system) of each process, which
other work on the machine does not inflate the way it inflates wall time. Wall-time medians
are printed beside them. planarcli is byte-compiled first (click's bytecode is compiled at
install time).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: What ``cards show`` is asked, by label: each must be answered (exit 0).
NAMES = {
    "exact": "Academy at Tolaria West",
    "folded": "academy at tolaria west",
    "french": "Académie de l'Ouest de Tolaria",
    "french-folded": "ACADEMIE DE L'OUEST DE TOLARIA",
    "japanese": "トレイリア西部のアカデミー",
}
TARGET = 1.25
#: Other offline commands, timed beside ``cards show`` (reported, no target).
OTHERS = {"search chaos": ["cards", "search", "chaos"], "list": ["cards", "list"]}


def planarcli_command() -> list[str]:
    script = shutil.which("planarcli", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "planarcli"]


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run. The CPU time is the child's own resource
    usage (``os.wait4``: microseconds, where ``os.times`` counts 10 ms clock ticks)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{argv} failed with exit {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def write_synced_cache(folder: str) -> None:
    """A cache as ``cards sync`` leaves it: every snapshot card as a synced record (with the
    Scryfall link a sync records), checked and stamped."""
    os.environ["PLANARCLI_CACHE_DIR"] = folder
    from planarcli.cards import store
    from planarcli.cards.names import add_name_keys
    from planarcli.cards.sync import dump_catalog

    with open(store.snapshot_path(), encoding="utf-8") as handle:
        document = json.load(handle)
    document["source"] = {
        "kind": "scryfall",
        "created": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
        "api_url": "https://api.scryfall.com",
        "query": "q=layout:planar",
    }
    for card in document["cards"]:
        card["scryfall_uri"] = card.get("scryfall_uri") or "https://scryfall.com/card/x"
    add_name_keys(document)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "cards.json"), "w", encoding="utf-8") as handle:
        handle.write(dump_catalog(document))
    store.reset_loaded_catalog()
    if store.load_catalog().source.kind != "cache":
        raise SystemExit("the synced cache was not taken")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--synced", action="store_true", help="with a synced (stamped) cache of every card"
    )
    args = parser.parse_args()

    import planarcli

    compileall.compile_dir(str(Path(planarcli.__file__).parent), quiet=1)
    env = dict(os.environ, PLANARCLI_OFFLINE="1")
    commands = {"import click": [sys.executable, "-c", "import click"]}
    for label, name in NAMES.items():
        commands[label] = [*planarcli_command(), "cards", "show", name]
    for label, words in OTHERS.items():
        commands[label] = [*planarcli_command(), *words]
    with tempfile.TemporaryDirectory() as tmp:
        env["PLANARCLI_CACHE_DIR"] = os.path.join(tmp, "cache")  # the bundled snapshot
        env["PLANARCLI_DATA_DIR"] = os.path.join(tmp, "data")
        if args.synced:
            write_synced_cache(env["PLANARCLI_CACHE_DIR"])
        for argv in commands.values():  # warm the file cache
            timed(argv, env)
        walls: dict[str, list[float]] = {label: [] for label in commands}
        cpus: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(args.runs):
            for label, argv in commands.items():
                wall, cpu = timed(argv, env)
                walls[label].append(wall)
                cpus[label].append(cpu)

    base_cpu = statistics.median(cpus["import click"])
    base_wall = statistics.median(walls["import click"])
    figures: dict[str, object] = {"runs": args.runs, "python": sys.version.split()[0]}
    for label in commands:
        cpu = statistics.median(cpus[label])
        wall = statistics.median(walls[label])
        figures[label] = {
            "cpu_ms": round(cpu * 1000, 1),
            "wall_ms": round(wall * 1000, 1),
            "ratio_cpu": round(cpu / base_cpu, 3),
            "ratio_wall": round(wall / base_wall, 3),
        }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"median of {args.runs} interleaved runs (CPU = user + system of the process)")
    for label in commands:
        row = figures[label]
        assert isinstance(row, dict)
        print(
            f"  {label:<14} CPU {row['cpu_ms']:>6.1f} ms ({row['ratio_cpu']:.2f}x)   "
            f"wall {row['wall_ms']:>6.1f} ms ({row['ratio_wall']:.2f}x)"
        )
    worst = max(
        row["ratio_cpu"]
        for label, row in figures.items()
        if label in NAMES and isinstance(row, dict)
    )
    verdict = "within" if worst <= TARGET else "OVER"
    print(f"cards show: worst CPU ratio {worst:.2f}x: {verdict} the {TARGET}x target")


if __name__ == "__main__":
    main()
