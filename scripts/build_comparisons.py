"""Build rules/comparisons.jsonl: every pair of bundled English editions aligned once, with
the whole official files as witnesses.

The bundled editions hold only the Planechase part of each official file; aligned on that
part alone, a rule that one edition quotes and the other does not (2009-09-04 quotes
section 104, no later edition does) may be paired by its words with a rule elsewhere
(104.3d, ten poison counters, with Two-Headed Giant's 810.8d, fifteen), though the official
file still holds it under its own number. Here each pair is aligned by
``planarcli.rulebook.diff.align`` with a veto: two rules of different numbers are not paired
by their words when the other edition's official file holds either one under its own number
at least as alike. The editions without an official file (2024-09-20, quoted from the MTG
Wiki) have no witness and no veto.

One line per pair, older edition first (``planarcli.rulebook.compared.order_key``):
``OLD NEW<TAB>{json}`` after a header line; ``planarcli.rulebook.compared`` reads it for
``rules diff`` and ``rules history``, and reads the other direction backwards.

    python scripts/build_comparisons.py           # write rules/comparisons.jsonl
    python scripts/build_comparisons.py --check   # exit 1 when the file differs
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing planarcli

from planarcli.rulebook.catalogue import list_editions, load_edition  # noqa: E402
from planarcli.rulebook.compared import STORE, encode, header, order_key  # noqa: E402
from planarcli.rulebook.corpus import Edition, Rule  # noqa: E402
from planarcli.rulebook.crtext import official_rule_texts  # noqa: E402
from planarcli.rulebook.diff import Veto, align  # noqa: E402
from planarcli.rulebook.textdiff import similarity  # noqa: E402

DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr"
DEFAULT_OUT = ROOT / "rules" / STORE


def bundled_editions() -> list[Edition]:
    """The bundled English Comprehensive Rules editions, oldest first."""
    infos = [i for i in list_editions() if i.source == "bundled" and i.is_english_cr]
    editions = [load_edition(info) for info in infos]
    return sorted(editions, key=order_key)


def official_texts(cr_dir: Path) -> dict[str, dict[str, str]]:
    """Every rule's text by id, of each official file in ``cr_dir``, by edition id."""
    found: dict[str, dict[str, str]] = {}
    for path in sorted(cr_dir.glob("MagicCompRules-*.txt")):
        effective, texts = official_rule_texts(path.read_bytes())
        found[effective] = texts
    return found


def stands(rule: Rule, official: dict[str, str] | None, score: float) -> bool:
    """Whether an official file (None: none known) holds ``rule`` under its own number at
    least as alike as the rule it would be paired with (``score``)."""
    if official is None or rule.id not in official:
        return False
    return similarity(rule.text, official[rule.id]) >= score


def veto(old_official: dict[str, str] | None, new_official: dict[str, str] | None) -> Veto:
    def vetoed(old: Rule, new: Rule, score: float) -> bool:
        return stands(old, new_official, score) or stands(new, old_official, score)

    return vetoed


def build(editions: Sequence[Edition], official: dict[str, dict[str, str]]) -> str:
    """The text of rules/comparisons.jsonl."""
    lines = [json.dumps(header([edition.id for edition in editions]))]
    for older, newer in itertools.combinations(editions, 2):
        alignment = align(
            older.rules,
            newer.rules,
            vetoed=veto(official.get(older.id), official.get(newer.id)),
        )
        record = encode(alignment, older.rules, newer.rules)
        body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        lines.append(f"{older.id} {newer.id}\t{body}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cr", type=Path, default=DEFAULT_CR, help="official rules files")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the file to write")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    official = official_texts(args.cr)
    if not official:
        print(f"build_comparisons: {args.cr}: no official rules files", file=sys.stderr)
        return 2
    text = build(bundled_editions(), official)
    current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
    if current == text:
        print(f"{args.out}: up to date")
        return 0
    if args.check:
        print(f"{args.out}: differs from the build")
        return 1
    args.out.write_text(text, encoding="utf-8")
    print(f"{args.out}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
