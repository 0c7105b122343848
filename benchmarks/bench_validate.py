#!/usr/bin/env python3
"""Start-up and throughput benchmark for ``planarcli validate``.

Prints, for the Python environment it runs in (use the one planarcli is installed in):
- the median wall time of ``python -c "import click"`` and of ``planarcli validate deck.txt``
  over interleaved runs, and their ratio (target: at most 1.25, issue 8);
- the time of ``planarcli validate`` on 500 decks in one call, minus the single-deck time,
  per deck (target: at most 1 ms).

    python benchmarks/bench_validate.py [--runs 21] [--json]

Python must find compiled bytecode for a fair comparison (click's is compiled at install
time); the script byte-compiles planarcli first, since PYTHONDONTWRITEBYTECODE may be set.
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


def planarcli_command() -> list[str]:
    script = shutil.which("planarcli", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "planarcli"]


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Wall time of one run; its CPU time is appended to ``CPU`` (less noisy on a shared
    machine, where other work delays a process without making it do more)."""
    before = os.times()
    start = time.perf_counter()
    completed = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = os.times()
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{argv} failed: {completed.stderr.decode(errors='replace')}")
    CPU.setdefault(tuple(argv), []).append(
        (after.children_user - before.children_user)
        + (after.children_system - before.children_system)
    )
    return elapsed


CPU: dict[tuple[str, ...], list[float]] = {}


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

        baseline_cmd = [sys.executable, "-c", "import click"]
        validate_cmd = [*planarcli_command(), "validate", str(deck)]
        many_cmd = [*planarcli_command(), "validate", str(many)]
        for argv in (baseline_cmd, validate_cmd, many_cmd):  # warm the file cache
            timed(argv, env)
        baseline, single, batch = [], [], []
        for _ in range(args.runs):
            baseline.append(timed(baseline_cmd, env))
            single.append(timed(validate_cmd, env))
        for _ in range(max(5, args.runs // 3)):
            batch.append(timed(many_cmd, env))

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


if __name__ == "__main__":
    main()
