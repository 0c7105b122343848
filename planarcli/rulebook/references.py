"""The cross-references of rules ("See rule 311"), each resolved in the rules' edition or,
for an edition that cannot follow them (one built from a seed quoting rule 901 alone), in
the editions numbered as it is (:func:`reference_sources`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from planarcli.errors import DataUnavailableError
from planarcli.rulebook.catalogue import load_edition
from planarcli.rulebook.corpus import ENGLISH_CR, Edition, EditionInfo, Reference, Rule
from planarcli.rulebook.current import day_number
from planarcli.rulebook.ruleids import find_references


def first_words(text: str, count: int = 12) -> str:
    words = text.split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


def _lookup(edition: Edition, target: str) -> Rule | None:
    """The rule ``target`` names: its own entry (a section by its heading). Only in an
    edition without a closure, which may lack section headings, does a section's first
    rule stand for it; otherwise "see rule 704" is not answered by 704.6f alone."""
    hit = edition.rule(target)
    if hit is None and "." not in target and edition.closure is None:
        first = next((i for i in edition.ids if i.startswith(target + ".")), None)
        hit = edition.rule(first) if first is not None else None
    return hit


def references(
    edition: Edition, rules: list[Rule], others: Iterable[Edition] = ()
) -> list[Reference]:
    """Every cross-reference in ``rules``, each resolved against ``edition``.

    A reference the edition cannot follow is looked up in ``others`` (see
    :func:`reference_sources`), first match wins; its preview is then that edition's text.
    A reference to a rule shown alongside (a subrule citing its parent) is left out.
    """
    shown = {rule.id for rule in rules}
    out: dict[str, Reference] = {}
    for rule in rules:
        for target in find_references(rule.text):
            if target in shown or target in out:
                continue
            hit = _lookup(edition, target)
            elsewhere = None
            hit_elsewhere = None
            if hit is None:
                for other in others:
                    hit_elsewhere = _lookup(other, target)
                    if hit_elsewhere is not None:
                        elsewhere = other.id
                        break
            preview = hit or (hit_elsewhere if elsewhere else None)
            out[target] = Reference(
                target=target,
                from_rule=rule.id,
                found=hit is not None,
                preview=first_words(preview.text) if preview is not None else None,
                elsewhere=elsewhere,
            )
    return list(out.values())


def reference_sources(edition: Edition, editions: list[EditionInfo]) -> Iterable[Edition]:
    """The editions to follow ``edition``'s references into when it cannot, nearest first.

    Only an edition without a closure (built from a seed that quotes rule 901 alone, or
    imported by an older planarcli) needs them: the other English Comprehensive Rules
    editions, bundled and imported, and imported editions in the same language. A rule
    number means different rules in different editions (2009's 309.6 is not 2016's), so the
    editions nearest in date to ``edition`` come first; for an undated document, the newest
    first. A translation gets the English editions numbered as it is (see
    :func:`_same_numbering`). Editions with a closure hold everything they cite (two
    references deep) and get none: another year's rule of the same number would be a guess.
    Each edition is loaded only when a reference gets that far.
    """
    if edition.closure is not None:
        return []
    if edition.info.kind == "translation":
        return _same_numbering(edition, editions)
    candidates = [
        info
        for info in editions
        if info.lang == edition.info.lang
        and info.id != edition.id
        and (info.source == "imported" or info.kind == edition.info.kind == ENGLISH_CR)
    ]
    shown = day_number(edition.info.effective)

    def nearness(info: EditionInfo) -> tuple[int, int]:
        day = day_number(info.effective)
        if day is None:
            return (1, 0)
        if shown is None:
            return (0, -day)
        return (0, abs(day - shown))

    return _OnDemand(sorted(candidates, key=nearness))


def _cited_by_901(edition: Edition) -> set[str]:
    """The rules outside 901 that ``edition``'s section 901 cites."""
    section = [rule_id for rule_id in edition.ids if rule_id == "901" or rule_id[:4] == "901."]
    return {
        target
        for rule_id in section
        for target in find_references(edition.text(rule_id))
        if target.split(".")[0] != "901"
    }


def _same_numbering(edition: Edition, editions: list[EditionInfo]) -> list[Edition]:
    """For a translation (the French 2010-07-16 text): the English Comprehensive Rules
    editions whose rule 901 cites exactly the rules the translation's 901 cites, nearest in
    date first. The translation's "Cf. règle 309.6" means rule 309.6 of the English edition
    it translates; an English edition numbered the same way (2011-07-15 for 2010-07-16: its
    901 cites 103.6, 115.2f, 309, 309.6, 701.20, 800.4a, 801 and 806, as the French does)
    holds that rule under that number, one numbered otherwise (2010-02-01: 114.2f, 805)
    does not. None agrees: nothing is followed."""
    wanted = _cited_by_901(edition)
    if not wanted:
        return []
    shown = day_number(edition.info.effective)
    english = sorted(
        (info for info in editions if info.is_english_cr),
        key=lambda info: abs((day_number(info.effective) or 0) - (shown or 0)),
    )
    agreeing = []
    for info in english:
        try:
            other = load_edition(info)
        except DataUnavailableError:
            continue
        if other.closure is not None and _cited_by_901(other) == wanted:
            agreeing.append(other)
    return agreeing


class _OnDemand:
    """Editions loaded the first time iteration reaches them (unreadable ones skipped)."""

    def __init__(self, infos: list[EditionInfo]) -> None:
        self._infos = infos
        self._loaded: list[Edition | None] = []

    def __iter__(self) -> Iterator[Edition]:
        for index, info in enumerate(self._infos):
            if index == len(self._loaded):
                try:
                    self._loaded.append(load_edition(info))
                except DataUnavailableError:
                    self._loaded.append(None)
            edition = self._loaded[index]
            if edition is not None:
                yield edition
