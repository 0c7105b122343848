"""Record what every command prints on the test decks and every search question set, so a
change that must leave behaviour alone (a refactor) can be checked: record before, record
after, compare.

    python scripts/record_outputs.py before.json
    ... change the code ...
    python scripts/record_outputs.py after.json --compare before.json

Each command runs in this process through click's test runner (a search question costs
milliseconds, not a process start), with fresh cache and data dirs, offline, NO_COLOR and
a fixed width. The file holds, per command line, its exit code, standard output and standard
error; --compare prints the command lines whose results differ and exits 1 when any does.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import tempfile
from collections.abc import Iterator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECKS = os.path.join(ROOT, "tests", "decks")


def deck_files() -> list[str]:
    """Every test deck, as a path relative to the checkout (outputs name them so)."""
    found = []
    for path in sorted(glob.glob(os.path.join(DECKS, "**", "*"), recursive=True)):
        if os.path.isfile(path) and not path.endswith(".expected.json"):
            found.append(os.path.relpath(path, ROOT))
    return found


def questions() -> list[str]:
    """Every query of every search question set, in file order, once each."""
    seen: dict[str, None] = {}
    pattern = os.path.join(ROOT, "tests", "questions", "rules", "**", "*.json")
    for path in sorted(glob.glob(pattern, recursive=True)):
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        items = document.get("questions", []) if isinstance(document, dict) else document
        for item in items:
            query = item.get("query") if isinstance(item, dict) else None
            if isinstance(query, str):
                seen.setdefault(query, None)
    return list(seen)


def card_names() -> list[str]:
    """Every card of the bundled snapshot, and names that are not (typos, other cards)."""
    with open(os.path.join(ROOT, "planarcli", "data", "cards.json"), encoding="utf-8") as handle:
        snapshot = json.load(handle)
    cards = snapshot.get("cards", []) if isinstance(snapshot, dict) else snapshot
    names = [card["name"] for card in cards if isinstance(card, dict) and "name" in card]
    return [
        *names,
        "Akuom", "akoum", "Tazem", "Pnat", "Nayx", "Naya", "Nyx", "Llanowar Elves",
        "chaotic aether", "Chaotic Ether", "Sea of Sand", "Grixis", "bant", "Lethe Lake",
        "Fields of Summer", "Sokenzan", "Talon Gates", "Interplanar Tunnel", "Zzzzz",
        "Glimmervoid Basin", "Orochi Colony", "Otaria", "Pools of Becoming", "Raven's Run",
    ]  # fmt: skip


def rule_ids() -> list[str]:
    """Rule and glossary ids of the current rules, and a few of older editions."""
    ids = ["901", "901.3", "901.15", "901.15a", "901.9", "103.3a", "104.3d", "104.3e", "311.7",
           "309", "316", "107.12", "116.2i", "706", "810.8d", "603.10f", "ruling:Akoum",
           "planar die", "planeswalk", "chaos ability", "phenomenon", "plane", "bogus",
           "902.1", "999.9"]  # fmt: skip
    return ids


def commands(quick: bool) -> Iterator[list[str]]:
    """The command lines recorded."""
    decks = deck_files()
    formats = ["text", "json", "github", "sarif"]
    for folder in ("tests/decks/valid", "tests/decks/invalid", "tests/decks/formats",
                   "tests/decks/pasted", "tests/decks"):  # fmt: skip
        for fmt in formats:
            yield ["validate", "--no-config", "--format", fmt, folder]
        yield ["validate", "--no-config", "-v", folder]
        yield ["validate", "--no-config", "--diff", folder]
    for deck in decks:
        yield ["validate", "--no-config", deck]
        yield ["validate", "--no-config", "--format", "json", deck]
        yield ["validate", "--no-config", "-v", "--rules", "2009-10-01", deck]
        yield ["validate", "--no-config", "--communal", "--players", "3", deck]
        yield ["validate", "--no-config", "--diff", deck]
        for target in ("text", "forge", "cockatrice", "mtgo", "json"):
            yield ["deck", "convert", "--to", target, deck]
    for seed in ("1", "2", "planechase"):
        yield ["deck", "random", "--seed", seed]
        yield ["deck", "random", "--seed", seed, "--communal", "--players", "4"]
    yield ["cards", "list"]
    yield ["cards", "list", "--format", "json"]
    yield ["cards", "info"]
    for name in card_names():
        yield ["cards", "show", name]  # offline: PLANARCLI_OFFLINE is set
        yield ["cards", "match", name]
    for query in ("t:phenomenon", "o:chaos", "n:the", "set:hop", "o:draw t:plane", "akoum",
                  "t:plane -o:chaos", "year:2012", "foo:bar"):  # fmt: skip
        yield ["cards", "search", query]
    yield ["rules", "editions"]
    yield ["rules", "editions", "--format", "json"]
    for rule in rule_ids():
        yield ["rules", "show", rule]
        yield ["rules", "show", rule, "--format", "json"]
        yield ["rules", "show", rule, "--edition", "2009-10-01"]
        yield ["rules", "history", rule]
    for old, new in (("2009-10-01", "current"), ("2012-06-01", "2013-07-13"),
                     ("2024-09-20", "2024-11-08"), ("2009-09-04", "current")):  # fmt: skip
        yield ["rules", "diff", old, new]
        if not quick:
            yield ["rules", "diff", new, old, "--format", "json"]
    for query in questions():
        yield ["rules", "search", query]
        if not quick:
            yield ["rules", "search", "--format", "json", query]


def record(quick: bool) -> dict[str, list[object]]:
    """Run every command line; its key is the line joined by NUL."""
    from click.testing import CliRunner

    from planarcli.cli import cli as group

    results: dict[str, list[object]] = {}
    with tempfile.TemporaryDirectory() as home:
        env = {
            "PLANARCLI_CACHE_DIR": os.path.join(home, "cache"),
            "PLANARCLI_DATA_DIR": os.path.join(home, "data"),
            "PLANARCLI_OFFLINE": "1",
            "NO_COLOR": "1",
            "COLUMNS": "100",
        }
        os.environ.update(env)
        os.chdir(ROOT)
        runner = CliRunner()
        for line in commands(quick):
            outcome = runner.invoke(group, line, catch_exceptions=True)
            error = outcome.stderr if hasattr(outcome, "stderr") else ""
            if outcome.exception is not None and not isinstance(outcome.exception, SystemExit):
                error += f"\n[exception] {type(outcome.exception).__name__}: {outcome.exception}"
            shown = [
                text.replace(home, "<home>").replace(ROOT, "<checkout>")
                for text in (outcome.stdout, error)
            ]
            results["\0".join(line)] = [outcome.exit_code, *shown]
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", help="where to write the recording (JSON)")
    parser.add_argument("--compare", metavar="BEFORE", help="a recording to compare with")
    parser.add_argument("--quick", action="store_true", help="text search results only")
    args = parser.parse_args()
    sys.path.insert(0, ROOT)
    results = record(args.quick)
    with open(args.output, "w", encoding="utf-8") as handle:
        json.dump(results, handle, ensure_ascii=False, indent=0, sort_keys=True)
    print(f"{len(results)} command lines recorded in {args.output}")
    if not args.compare:
        return 0
    with open(args.compare, encoding="utf-8") as handle:
        before = json.load(handle)
    changed = [
        key for key in sorted(set(before) | set(results)) if before.get(key) != results.get(key)
    ]
    for key in changed[:50]:
        print("differs:", " ".join(key.split("\0")))
    print(f"{len(changed)} of {len(results)} command lines differ from {args.compare}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
