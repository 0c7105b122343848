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
from planarcli.rulebook.diff import (  # noqa: E402
    PAIR_THRESHOLD,
    Veto,
    Witness,
    align,
    diff_editions,
    family_key,
    settle,
)
from planarcli.rulebook.textdiff import (  # noqa: E402
    NEW_OPS,
    SPLIT_SHARE,
    DiffPiece,
    bag_similarity,
    collapse,
    similarity,
    split_from,
    word_pieces,
    words,
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


class Holder:
    """Where an official file holds a rule's words: the number of its rule most alike (at
    least ``PAIR_THRESHOLD``, or split from it; the rule's own number on a tie), or None (a
    :data:`planarcli.rulebook.diff.Witness`, made by :meth:`witness`). A section's title is
    no rule's words, and a rule the rule's own official file holds under the same number at
    least as alike is that rule (2009's 805.4 and 806.8, winning the game in Free-for-All and
    Two-Headed Giant, are alike but two rules)."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self.by_words: dict[str, set[str]] = {}
        for rule_id, text in texts.items():
            for word in set(words(text)):
                self.by_words.setdefault(word, set()).add(rule_id)
        self.found: dict[tuple[str, str, str], str | None] = {}

    def witness(self, source_id: str, source: dict[str, str] | None) -> Witness:
        """Where this file holds a rule of the edition ``source_id`` (official file
        ``source``, None when none is known)."""

        def where(rule: Rule) -> str | None:
            key = (source_id, rule.id, rule.text)
            if key not in self.found:
                self.found[key] = self._find(rule, source or {})
            return self.found[key]

        return where

    def _find(self, rule: Rule, source: dict[str, str]) -> str | None:
        own = set(words(rule.text))
        # a rule alike enough shares at least some of the rarer words
        rare = sorted(own, key=lambda word: len(self.by_words.get(word, ())))
        candidates = set().union(*(self.by_words.get(w, set()) for w in rare[: len(own) // 2 + 1]))
        accepted: dict[str, float] = {}
        for rule_id in sorted(candidates):
            text = self.texts[rule_id]
            if ("." not in rule_id) != ("." not in rule.id):
                continue
            bag = bag_similarity(rule.text, text)
            shorter = min(len(words(rule.text)), len(words(text)))
            shared = bag * (len(words(rule.text)) + len(words(text))) / 2
            if bag < PAIR_THRESHOLD and shared < SPLIT_SHARE * shorter:
                continue  # the bag of words bounds both measures from above
            score = similarity(rule.text, text) + (0.001 if rule_id == rule.id else 0.0)
            if rule_id != rule.id and similarity(source.get(rule_id, ""), text) >= score:
                continue  # that rule is itself
            if score >= PAIR_THRESHOLD or split_from(rule.text, text):
                accepted[rule_id] = score
        if not accepted:
            return None
        best = max(sorted(accepted), key=lambda rule_id: accepted[rule_id])
        # a rule split into a numbered rule and its subrules is the numbered rule
        return family_key(best) if family_key(best) in accepted else best


def veto(old_official: dict[str, str] | None, new_official: dict[str, str] | None) -> Veto:
    def vetoed(old: Rule, new: Rule, score: float) -> bool:
        return stands(old, new_official, score) or stands(new, old_official, score)

    return vetoed


def witness(
    holders: dict[str, Holder], target: str, source: str, official: dict[str, dict[str, str]]
) -> Witness | None:
    """Where the official file of edition ``target`` holds a rule of ``source`` (None: no
    official file of ``target``)."""
    holder = holders.get(target)
    return holder.witness(source, official.get(source)) if holder is not None else None


def build(editions: Sequence[Edition], official: dict[str, dict[str, str]]) -> dict[str, bytes]:
    """The bytes of rules/comparisons.jsonl and rules/word-diffs.gz, by file name."""
    lines = [json.dumps(header([edition.id for edition in editions]))]
    made: dict[tuple[str, str], tuple[float, tuple[DiffPiece, ...]]] = {}

    def known(old_text: str, new_text: str) -> tuple[float, tuple[DiffPiece, ...]]:
        key = (old_text, new_text)
        if key not in made:
            made[key] = round(similarity(old_text, new_text), 3), word_pieces(old_text, new_text)
        return made[key]

    holders = {edition_id: Holder(texts) for edition_id, texts in official.items()}
    for older, newer in itertools.combinations(editions, 2):
        vetoed = veto(official.get(older.id), official.get(newer.id))
        alignment = align(older.rules, newer.rules, vetoed=vetoed)
        alignment = settle(
            alignment,
            older.rules,
            newer.rules,
            in_new=witness(holders, newer.id, older.id, official),
            in_old=witness(holders, older.id, newer.id, official),
            vetoed=vetoed,
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
