"""Query understanding: where a rule of an older edition stands today ("in the 2009 rules
shuffling the planar deck was rule 901.4, where is it now", "old rule 901.8, what number is
it today", "it used to be in 901").

The build knows every renumbering between two bundled English editions
(``rules/comparisons.jsonl``, :mod:`planarcli.rulebook.compared`) and the sentences of a
translation's rule that a later edition moved to another rule (the French text's 901.4,
whose shuffle is 103.3a since 2022-10-07). A question that asks about the past and names a
rule number gets today's rules that the named rule (or section) went to: :mod:`.scoring`
ranks them above the others (``moved_rule`` in :mod:`.weights`). Read only for such a
question: the comparisons are a file of their own, parsed for the pairs it needs.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from planarcli.rulebook.corpus import ENGLISH_CR

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import EditionInfo

#: the bundled comparisons, beside the bundled editions (see :mod:`planarcli.rulebook.compared`)
COMPARISONS = "comparisons.jsonl"


def english_editions(infos: Sequence[EditionInfo], current: EditionInfo) -> list[EditionInfo]:
    """The bundled English editions older than ``current``, oldest first."""
    day = current.effective or ""
    return sorted(
        (
            info
            for info in infos
            if info.kind == ENGLISH_CR and info.effective and info.effective < day
        ),
        key=lambda info: info.effective or "",
    )


def named_editions(older: Sequence[EditionInfo], years: Iterable[str]) -> list[EditionInfo]:
    """Those of ``older`` a question means: the editions that took effect in a year it
    names (else the last one before that year); without a year, all of them."""
    named = sorted(set(years))
    if not named:
        return list(older)
    out: list[EditionInfo] = []
    for year in named:
        that_year = [info for info in older if (info.effective or "")[:4] == year]
        if not that_year:
            that_year = [info for info in older if (info.effective or "")[:4] < year][-1:]
        out.extend(info for info in that_year if info not in out)
    return out


def renumberings(folder: str, pairs: set[tuple[str, str]]) -> dict[tuple[str, str], dict[str, str]]:
    """Per pair (older, newer) of ``pairs`` the comparisons hold: old id -> new id of each
    rule renumbered (the others keep their number)."""
    import json

    wanted = {f"{old} {new}": (old, new) for old, new in pairs}
    out: dict[tuple[str, str], dict[str, str]] = {}
    try:
        with open(os.path.join(folder, COMPARISONS), encoding="utf-8") as handle:
            for line in handle:
                key, _, record = line.partition("\t")
                if key in wanted:
                    out[wanted[key]] = dict(json.loads(record)["renumbered"])
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return out


def in_force(english: Sequence[EditionInfo], day: str) -> EditionInfo | None:
    """The newest of ``english`` (oldest first) that took effect on or before ``day``."""
    before = [info for info in english if (info.effective or "") <= day]
    return before[-1] if before else None


def sentence_moves(
    infos: Sequence[EditionInfo], english: Sequence[EditionInfo], current: EditionInfo
) -> dict[str, list[tuple[str, str]]]:
    """Per rule of ``current``: (since when, today's rule) of each sentence a translation's
    passage of it held that a later edition moved to another rule. A translation is
    numbered as the English edition in force on its date, renumbered to today's ids."""
    from planarcli.rulebook.catalogue import moved_sentences

    based = [
        (info, base)
        for info in infos
        if info.translation_of and (base := in_force(english, info.translation_of)) is not None
    ]
    renumbered = renumberings(
        os.path.dirname(current.location), {(base.id, current.id) for _, base in based}
    )
    moves: dict[str, list[tuple[str, str]]] = {}
    for info, base in based:
        table = renumbered.get((base.id, current.id), {})
        for passage, sentences in moved_sentences(info).items():
            today = table.get(passage, passage)
            moves.setdefault(today, []).extend((m.since, m.current) for m in sentences)
    return moves


def moved_rules(
    infos: Sequence[EditionInfo], current: EditionInfo, numbers: Sequence[str], years: Iterable[str]
) -> frozenset[str]:
    """Today's ids of the rules that the rules ``numbers`` of the older editions a question
    means (``years``, else all) went to: renumbered (2009's 901.8 is 901.9) or a sentence of
    it moved (2009's 901.4 shuffle is 103.3a), other than the number named; for a section
    ("901"), the rules outside it that its rules went to."""
    if current.source != "bundled" or not numbers:
        return frozenset()
    english = english_editions(infos, current)
    older = named_editions(english, years)
    if not older:
        return frozenset()
    renumbered = renumberings(
        os.path.dirname(current.location), {(info.id, current.id) for info in older}
    )
    moves = sentence_moves(infos, english, current)
    out: set[str] = set()
    for info in older:
        table = renumbered.get((info.id, current.id))
        if table is None:
            continue
        since = info.effective or ""
        for number in numbers:
            if "." in number:
                # a rule: where it is numbered today, and where its sentences went
                today = table.get(number, number)
                went = {today, *(to for day, to in moves.get(today, ()) if day > since)}
                out.update(target for target in went if target != number)
                continue
            # a section: what left it, renumbered or moved
            inside = number + "."
            todays = {new for old, new in table.items() if old.startswith(inside)}
            todays |= {today for today in moves if today.startswith(inside)}
            for today in todays:
                went = {today, *(to for day, to in moves.get(today, ()) if day > since)}
                out.update(target for target in went if not target.startswith(inside))
    return frozenset(out)
