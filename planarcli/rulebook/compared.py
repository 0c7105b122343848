"""Two editions compared once, in one direction: the bundled comparisons and their inverses.

``rules diff A B`` and ``rules diff B A`` must tell one story: what A → B renumbers, B → A
renumbers back, and the counts agree. So two editions are always aligned older first (by
effective date, then id: :func:`order_key`) and the other direction is that alignment read
backwards (:meth:`planarcli.rulebook.diff.Alignment.inverse`).

The bundled editions quote only parts of the official rules, so aligning them alone cannot
tell a rule renumbered from one that still stands under its own number in the part another
edition does not quote (2009-09-04's 104.3d, ten poison counters, is still 104.3d today; it
is not Two-Headed Giant's 810.8d). ``scripts/build_comparisons.py`` aligns every pair of
bundled English editions with the whole official files at hand (:func:`align`'s ``vetoed``)
and keeps the result in ``rules/comparisons.jsonl``, one line per pair: the rules paired
under other numbers, the ids both hold that are not one rule, and the rules removed and
added. Read here, it also spares ``rules diff`` and ``rules history`` the alignment itself.
An edition that is not bundled (imported) is aligned when asked, without the official
texts' veto.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from planarcli.rulebook.corpus import Edition, Rule
from planarcli.rulebook.diff import (
    Alignment,
    EditionDiff,
    align,
    check_comparable,
    diff_editions,
)
from planarcli.rulebook.textdiff import NEW_OPS, DiffPiece, collapse

#: the file of the bundled comparisons, in the rules folder
STORE = "comparisons.jsonl"
FORMAT = "planarcli-rules-comparisons"
SCHEMA_VERSION = 1

_stored: dict[str, str] | None = None


def order_key(edition: Edition) -> tuple[str, str]:
    """Which of two editions is the older: the one aligned first."""
    return (edition.info.effective or "", edition.id)


def alignment_of(old: Edition, new: Edition) -> Alignment:
    """How the rules of ``old`` and ``new`` correspond, old → new (module docstring)."""
    if order_key(old) > order_key(new):
        return _aligned(new, old).inverse(new.rules)
    return _aligned(old, new)


def compare(old: Edition, new: Edition) -> EditionDiff:
    """What changed from ``old`` to ``new``, the same story told either way round (with the
    word diffs the build made, for two bundled editions)."""
    check_comparable(old, new)  # before aligning what cannot be compared
    bundled = all(e.info.source == "bundled" and e.info.location for e in (old, new))
    known = known_diff if bundled else None
    return diff_editions(old, new, alignment=alignment_of(old, new), known=known)


#: the word diffs of the bundled comparisons, kept (gzipped lines) beside them
DIFFS = "word-diffs.gz"
_OPS = ("equal", "delete", "insert", "move-from", "move-to")
_diffs: dict[str, str] | None = None


def diff_key(old_text: str, new_text: str) -> str:
    """What a stored word diff is found by: a digest of the two texts, in order."""
    import hashlib

    both = old_text.encode("utf-8") + b"\0" + new_text.encode("utf-8")
    return hashlib.blake2b(both, digest_size=12).hexdigest()


def known_diff(old_text: str, new_text: str) -> tuple[float, tuple[DiffPiece, ...]] | None:
    """(similarity, word diff) of two texts as the build made them, or None."""
    global _diffs
    if _diffs is None:
        _diffs = _read_diffs()
    row = _diffs.get(diff_key(old_text, new_text))
    if row is None:
        return None
    import json

    score, pieces = json.loads(row)
    made = tuple(DiffPiece(_OPS[op], text) for op, text in pieces)
    if collapse(new_text) != "".join(p.text for p in made if p.op in NEW_OPS):
        return None  # not the diff of these texts: made anew
    return score, made


def encode_diff(score: float, pieces: Sequence[DiffPiece]) -> list[Any]:
    return [score, [[_OPS.index(piece.op), piece.text] for piece in pieces]]


def _read_diffs() -> dict[str, str]:
    import gzip
    import os

    from planarcli.resources import rules_dir_path

    try:
        with open(os.path.join(rules_dir_path(), DIFFS), "rb") as handle:
            text = gzip.decompress(handle.read()).decode("utf-8")
    except (OSError, EOFError, ValueError):
        return {}  # no stored diffs: each is made when asked
    rows: dict[str, str] = {}
    for line in text.splitlines():
        key, _, body = line.partition("\t")
        rows[key] = body
    return rows


def _aligned(older: Edition, newer: Edition) -> Alignment:
    record = _bundled_record(older, newer)
    if record is not None:
        found = decode(record, older.rules, newer.rules)
        if found is not None:
            return found
    return align(older.rules, newer.rules)


def _bundled_record(older: Edition, newer: Edition) -> dict[str, Any] | None:
    if not all(e.info.source == "bundled" and e.info.location for e in (older, newer)):
        return None
    line = _store().get(f"{older.id} {newer.id}")
    if line is None:
        return None
    import json

    record: dict[str, Any] = json.loads(line)
    return record


def _store() -> dict[str, str]:
    """The lines of the bundled comparisons by "OLD NEW" (not yet parsed: one is needed)."""
    global _stored
    if _stored is None:
        import os

        from planarcli.resources import rules_dir_path

        lines: dict[str, str] = {}
        try:
            with open(os.path.join(rules_dir_path(), STORE), encoding="utf-8") as handle:
                for line in handle:
                    key, _, body = line.partition("\t")
                    if body:
                        lines[key] = body
        except OSError:
            pass  # no stored comparisons: every pair is aligned when asked
        _stored = lines
    return _stored


# --------------------------------------------------------------------------- the file


def encode(
    alignment: Alignment, old_rules: Sequence[Rule], new_rules: Sequence[Rule]
) -> dict[str, Any]:
    """An alignment as stored: what differs from "every id both hold is one rule"."""
    new_ids = {rule.id for rule in new_rules}
    same = {a.id for a, b in alignment.pairs if a.id == b.id}
    return {
        "renumbered": [[a.id, b.id] for a, b in alignment.pairs if a.id != b.id],
        "apart": [r.id for r in old_rules if r.id in new_ids and r.id not in same],
        "removed": [rule.id for rule in alignment.removed],
        "added": [rule.id for rule in alignment.added],
        "sections": [[old, new] for old, new, _ in alignment.sections],
    }


def decode(
    record: dict[str, Any], old_rules: Sequence[Rule], new_rules: Sequence[Rule]
) -> Alignment | None:
    """The alignment a stored record describes, or None when it does not fit these rules
    (a record of other editions' files)."""
    old_by_id = {rule.id: rule for rule in old_rules}
    new_by_id = {rule.id: rule for rule in new_rules}
    try:
        apart = set(record["apart"])
        renumbered = [(old_by_id[a], new_by_id[b]) for a, b in record["renumbered"]]
        removed = [old_by_id[i] for i in record["removed"]]
        added = [new_by_id[i] for i in record["added"]]
        sections = [(a, b, new_by_id[b].text) for a, b in record["sections"]]
    except (KeyError, TypeError, ValueError):
        return None
    same = [
        (old_by_id[rule.id], rule)
        for rule in new_rules
        if rule.id in old_by_id and rule.id not in apart
    ]
    pairs = same + renumbered
    order = {rule.id: index for index, rule in enumerate(new_rules)}
    pairs.sort(key=lambda found: order[found[1].id])
    paired_old = {a.id for a, _ in pairs}
    paired_new = {b.id for _, b in pairs}
    left_old = {rule.id for rule in removed}
    left_new = {rule.id for rule in added}
    return Alignment(
        pairs,
        removed=removed,
        added=added,
        old_not_compared=[r for r in old_rules if r.id not in paired_old and r.id not in left_old],
        new_not_compared=[r for r in new_rules if r.id not in paired_new and r.id not in left_new],
        sections=sections,
    )


def header(edition_ids: Sequence[str]) -> dict[str, Any]:
    return {"format": FORMAT, "schema_version": SCHEMA_VERSION, "editions": list(edition_ids)}
