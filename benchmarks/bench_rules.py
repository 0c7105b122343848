"""Start-up cost of `planarcli rules show` and `rules search`, against `python -c "import click"`.

Runs the commands N times each, interleaved (so that machine noise hits all alike), and prints
the median wall time and the median CPU time (user + system, less noisy on a shared machine) of
each, with the ratios to the baseline. Targets (CPU time): show ≤ 1.25× and search ≤ 1.35× the
baseline, `rules diff 2009-10-01 current` ≤ 2.5× and `rules history 901.3` ≤ 2×;
`rules search --edition all` with 40 imported editions ≤ 1.5× the same search with
none. The 40 editions are the official files in ../shared/data/cr imported into a temporary
PLANARCLI_DATA_DIR, and copies of them under other dates (ids) to make up 40; without
../shared/data, 40 copies of the bundled current edition. Every command runs once before the
timed rounds, so the search index is in the (temporary) cache dir, as after a user's first
search. ``--check`` exits with 1 when a target is missed.

``--engines`` also compares, in-process, the in-Python BM25 index that planarcli uses with an
SQLite FTS5 (bm25) index over the same texts: import cost, build time and query time.

    python benchmarks/bench_rules.py -n 40
    python benchmarks/bench_rules.py --engines
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"show": 1.25, "search": 1.35, "diff": 2.5, "history": 2.0}
#: `search --edition all` with 40 imported editions against the same with none
ALL_TARGET = 1.5
IMPORTED = 40
SHARED_CR = Path(__file__).resolve().parents[2] / "shared" / "data" / "cr"


def planarcli_command() -> list[str]:
    beside = Path(sys.executable).with_name("planarcli")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("planarcli")
    return [found] if found else [sys.executable, "-m", "planarcli"]


def _children_cpu() -> float:
    try:
        import resource
    except ImportError:  # Windows: wall time only
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(command: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    """Wall time of one run; its CPU time (user + system) is appended to ``cpu``."""
    cpu_before = _children_cpu()
    start = time.perf_counter()
    completed = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False
    )
    elapsed = time.perf_counter() - start
    if cpu is not None:
        cpu.append(_children_cpu() - cpu_before)
    if completed.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {completed.stderr.decode(errors='replace')}")
    return elapsed


def make_imported(data: Path, env: dict[str, str], count: int = IMPORTED) -> int:
    """Fill ``data``/rules with ``count`` imported English editions; returns how many."""
    import json

    cli = planarcli_command()
    folder = data / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(env, PLANARCLI_DATA_DIR=str(data))
    if SHARED_CR.is_dir():
        for path in sorted(SHARED_CR.glob("MagicCompRules-*.txt")):
            subprocess.run(
                [*cli, "rules", "import", str(path)], env=env, check=True, stdout=subprocess.DEVNULL
            )
    sources = sorted(folder.glob("*.json"))
    if not sources:
        from planarcli import resources

        sources = [resources.rules_dir() / "2026-01-16.json"]
    made = len(sources) if SHARED_CR.is_dir() else 0
    day = 0
    while made < count:
        source = sources[day % len(sources)]
        edition = json.loads(source.read_text(encoding="utf-8"))
        year, day = 1990 + day // 28, day + 1
        new_id = f"{year}-01-{(day - 1) % 28 + 1:02d}"
        edition.update(id=new_id, effective=new_id)
        (folder / f"{new_id}.json").write_text(json.dumps(edition), encoding="utf-8")
        made += 1
    return made


def bench(rounds: int) -> tuple[dict[str, float], dict[str, float], int]:
    """Median wall time and median CPU time of each command, and how many editions the
    40-editions case imported."""
    cli = planarcli_command()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        # Bytecode caches are allowed (as in any installed package): the warm-up runs write
        # them, so that a PYTHONDONTWRITEBYTECODE=1 shell does not time the compiler.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(
            PLANARCLI_DATA_DIR=str(root / "none"),
            PLANARCLI_CACHE_DIR=str(root / "cache-none"),
            NO_COLOR="1",
        )
        many = dict(
            env, PLANARCLI_DATA_DIR=str(root / "many"), PLANARCLI_CACHE_DIR=str(root / "cache")
        )
        imported = make_imported(root / "many", many)
        all_search = [*cli, "rules", "search", "planar die cost", "--edition", "all"]
        commands = {
            "import click": ([sys.executable, "-c", "import click"], env),
            "show": ([*cli, "rules", "show", "901.9"], env),
            "search": ([*cli, "rules", "search", "planar die cost"], env),
            "diff": ([*cli, "rules", "diff", "2009-10-01", "current"], env),
            "history": ([*cli, "rules", "history", "901.3"], env),
            "all, 0 imported": (all_search, env),
            f"all, {imported} imported": (all_search, many),
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for command, command_env in commands.values():  # warm the file and index caches
            run_once(command, command_env)
        names = list(commands)
        for index in range(rounds):
            shift = index % len(names)
            for name in names[shift:] + names[:shift]:
                command, command_env = commands[name]
                times[name].append(run_once(command, command_env, cpu[name]))
    return (
        {name: statistics.median(values) for name, values in times.items()},
        {name: statistics.median(values) for name, values in cpu.items()},
        imported,
    )


def compare_engines(repeat: int = 20) -> None:
    from planarcli.rulebook import search as rulesearch
    from planarcli.rulebook.catalogue import load_edition

    edition = load_edition("current")
    texts = [(rule.id, rule.text) for rule in edition.rules]
    query = "planar die cost"

    def median_ms(func: object, count: int = repeat) -> float:
        samples = []
        for _ in range(count):
            start = time.perf_counter()
            func()  # type: ignore[operator]
            samples.append((time.perf_counter() - start) * 1000)
        return statistics.median(samples)

    def python_bm25() -> list[str]:
        return [r.id for r in rulesearch.search(query, [edition], limit=3)]

    def sqlite_fts5() -> list[str]:
        import sqlite3

        db = sqlite3.connect(":memory:")
        db.execute("CREATE VIRTUAL TABLE rules USING fts5(id UNINDEXED, text, tokenize='porter')")
        db.executemany("INSERT INTO rules VALUES (?, ?)", texts)
        words = " OR ".join(query.split())
        rows = db.execute(
            "SELECT id FROM rules WHERE rules MATCH ? ORDER BY bm25(rules) LIMIT 3", (words,)
        ).fetchall()
        db.close()
        return [row[0] for row in rows]

    importer = [sys.executable, "-c"]
    base = statistics.median(run_once([*importer, "pass"], dict(os.environ)) for _ in range(10))
    sqlite_import = (
        statistics.median(
            run_once([*importer, "import sqlite3"], dict(os.environ)) for _ in range(10)
        )
        - base
    )
    print(f"import sqlite3: +{sqlite_import * 1000:.1f} ms over a bare interpreter")
    print(
        f"in-Python BM25 (build + query, {len(texts)} rules): {median_ms(python_bm25):.2f} ms"
        f" -> {python_bm25()}"
    )
    print(
        f"SQLite FTS5 bm25 (build + query):            {median_ms(sqlite_fts5):.2f} ms"
        f" -> {sqlite_fts5()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--rounds", type=int, default=30, help="runs of each command")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--engines", action="store_true", help="compare BM25 engines too")
    args = parser.parse_args()
    medians, cpu, imported = bench(args.rounds)
    base = medians["import click"]
    cpu_base = cpu["import click"] or 1.0
    print(f"median of {args.rounds} interleaved runs (wall time; CPU time, less noisy, after)")
    missed = False
    for name, value in medians.items():
        ratio = value / base
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            ok = cpu[name] / cpu_base <= target
            missed |= not ok
            verdict = f"  (target cpu ≤ {target}×: {'ok' if ok else 'MISSED'})"
        print(
            f"  {name:<18} {value * 1000:7.1f} ms  {ratio:5.2f}×   "
            f"cpu {cpu[name] * 1000:6.1f} ms  {cpu[name] / cpu_base:5.2f}×{verdict}"
        )
    none, many = cpu["all, 0 imported"], cpu[f"all, {imported} imported"]
    ok = many / (none or 1.0) <= ALL_TARGET
    missed |= not ok
    print(
        f"  search --edition all: {imported} imported editions / none = {many / (none or 1.0):.2f}×"
        f" cpu, {medians[f'all, {imported} imported'] / medians['all, 0 imported']:.2f}× wall"
        f"  (target cpu ≤ {ALL_TARGET}×: {'ok' if ok else 'MISSED'})"
    )
    if args.engines:
        compare_engines()
    if args.check and missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
