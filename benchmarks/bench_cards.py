"""Start-up cost of the offline card commands, against `python -c "import click"`.

Runs each command N times, interleaved (machine noise hits all of them alike), and prints
the median CPU time (user + system of the child process) and the median wall time of each,
with the ratios to the baseline. Target: `cards show NAME` offline <= 1.25x in CPU time.
``--check`` exits with 1 when the target is missed.

    python benchmarks/bench_cards.py -n 31
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

TARGET = 1.25


def planarcli_command() -> list[str]:
    beside = Path(sys.executable).with_name("planarcli")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("planarcli")
    return [found] if found else [sys.executable, "-m", "planarcli"]


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of ``argv``."""
    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - start
    cpu = _children_cpu() - before
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return wall, cpu


def _children_cpu() -> float:
    """User + system CPU seconds of finished children (getrusage: microseconds, where
    ``os.times`` counts 10 ms clock ticks)."""
    try:
        import resource
    except ImportError:  # Windows
        times = os.times()
        return times.children_user + times.children_system
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=21)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()

    import planarcli

    compileall.compile_dir(str(Path(planarcli.__file__).parent), quiet=1)
    planarcli_argv = planarcli_command()
    commands = {
        "import click": [sys.executable, "-c", "import click"],
        "cards show": [*planarcli_argv, "--offline", "cards", "show", "Tazeem"],
        "cards show (folded)": [*planarcli_argv, "--offline", "cards", "show", "the aether flues"],
        "cards search": [*planarcli_argv, "--offline", "cards", "search", "chaos"],
        "cards list": [*planarcli_argv, "--offline", "cards", "list"],
    }
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env["PLANARCLI_CACHE_DIR"] = os.path.join(tmp, "cache")  # no cache: the snapshot
        env["PLANARCLI_DATA_DIR"] = os.path.join(tmp, "data")
        for argv in commands.values():  # warm the file cache
            timed(argv, env)
        wall: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, argv in commands.items():
                seconds, cpu_seconds = timed(argv, env)
                wall[name].append(seconds)
                cpu[name].append(cpu_seconds)
    base_cpu = statistics.median(cpu["import click"])
    base_wall = statistics.median(wall["import click"])
    figures = {
        name: {
            "cpu_ms": round(statistics.median(cpu[name]) * 1000, 1),
            "wall_ms": round(statistics.median(wall[name]) * 1000, 1),
            "cpu_ratio": round(statistics.median(cpu[name]) / base_cpu, 3),
            "wall_ratio": round(statistics.median(wall[name]) / base_wall, 3),
        }
        for name in commands
    }
    if args.json:
        print(json.dumps({"runs": args.runs, "figures": figures}, indent=2))
    else:
        print(f"{args.runs} interleaved runs each; medians")
        print(f"{'command':<22} {'CPU ms':>7} {'ratio':>6} {'wall ms':>8} {'ratio':>6}")
        for name, row in figures.items():
            print(
                f"{name:<22} {row['cpu_ms']:>7.1f} {row['cpu_ratio']:>6.2f} "
                f"{row['wall_ms']:>8.1f} {row['wall_ratio']:>6.2f}"
            )
        print(f"target: cards show CPU ratio <= {TARGET}")
    if args.check and figures["cards show"]["cpu_ratio"] > TARGET:
        sys.exit(1)


if __name__ == "__main__":
    main()
