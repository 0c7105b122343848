"""Build rules/comparisons.jsonl: every pair of bundled English editions aligned once, with
the whole official files as witnesses, and rules/word-diffs.gz, their word diffs.

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
``rules/word-diffs.gz`` holds the similarity and word diff of every pair of texts that
``rules diff`` of two bundled editions shows (either way round), by a digest of the two
texts (``planarcli.rulebook.compared.diff_key``): gzipped lines ``KEY<TAB>[similarity,
[[op, text], ...]]``.

    python scripts/build_comparisons.py           # write rules/comparisons.jsonl
    python scripts/build_comparisons.py --check   # exit 1 when the file differs
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing planarcli

from planarcli.rulebook.catalogue import list_editions, load_edition  # noqa: E402
from planarcli.rulebook.compared import (  # noqa: E402
    DIFFS,
    STORE,
    diff_key,
    encode,
    encode_diff,
    header,
    order_key,
)
from planarcli.rulebook.corpus import Edition, Rule  # noqa: E402
from planarcli.rulebook.crtext import official_rule_texts  # noqa: E402
from planarcli.rulebook.diff import Veto, align, diff_editions  # noqa: E402
from planarcli.rulebook.textdiff import (  # noqa: E402
    NEW_OPS,
    DiffPiece,
    collapse,
    similarity,
    word_pieces,
)

DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr"
DEFAULT_OUT = ROOT / "rules"


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


def build(editions: Sequence[Edition], official: dict[str, dict[str, str]]) -> dict[str, bytes]:
    """The bytes of rules/comparisons.jsonl and rules/word-diffs.gz, by file name."""
    lines = [json.dumps(header([edition.id for edition in editions]))]
    made: dict[tuple[str, str], tuple[float, tuple[DiffPiece, ...]]] = {}

    def known(old_text: str, new_text: str) -> tuple[float, tuple[DiffPiece, ...]]:
        key = (old_text, new_text)
        if key not in made:
            made[key] = round(similarity(old_text, new_text), 3), word_pieces(old_text, new_text)
        return made[key]

    for older, newer in itertools.combinations(editions, 2):
        alignment = align(
            older.rules,
            newer.rules,
            vetoed=veto(official.get(older.id), official.get(newer.id)),
        )
        record = encode(alignment, older.rules, newer.rules)
        body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        lines.append(f"{older.id} {newer.id}\t{body}")
        diff_editions(older, newer, alignment=alignment, known=known)
        diff_editions(newer, older, alignment=alignment.inverse(older.rules), known=known)
    rows = []
    for (old_text, new_text), (score, pieces) in made.items():
        if collapse(new_text) != "".join(p.text for p in pieces if p.op in NEW_OPS):
            raise AssertionError(f"a word diff that does not give its new text: {new_text!r}")
        body = json.dumps(encode_diff(score, pieces), ensure_ascii=False, separators=(",", ":"))
        rows.append(f"{diff_key(old_text, new_text)}\t{body}")
    diffs = "\n".join(sorted(rows)) + "\n"
    return {
        STORE: ("\n".join(lines) + "\n").encode("utf-8"),
        DIFFS: gzip.compress(diffs.encode("utf-8"), compresslevel=9, mtime=0),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cr", type=Path, default=DEFAULT_CR, help="official rules files")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the rules folder")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    official = official_texts(args.cr)
    if not official:
        print(f"build_comparisons: {args.cr}: no official rules files", file=sys.stderr)
        return 2
    files = build(bundled_editions(), official)
    stale = []
    for name, content in files.items():
        target = args.out / name
        if target.exists() and target.read_bytes() == content:
            continue
        stale.append(name)
        if not args.check:
            target.write_bytes(content)
    verb = "differs from the build" if args.check else "written"
    for name in stale:
        print(f"{args.out / name}: {verb}")
    if not stale:
        print(f"{args.out}: comparisons up to date")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
