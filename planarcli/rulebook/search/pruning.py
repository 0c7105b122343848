"""Scoring in full only the texts that may rank: each text's score is bounded first
(:meth:`.scoring._Scoring.text_bound`, every feature at its most for the query's words
the text holds, through the same steps after it), then texts are scored in the order of
their bounds until the ``limit``-th best score is above every bound left. The ranking is
the one scoring every text gives (tests/rulebook/search/test_pruning.py compares them
over the question sets); the bound must grow with any feature :mod:`.scoring` adds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.rulebook.corpus import CARD_KINDS
from planarcli.rulebook.search.weights import WEIGHTS

if TYPE_CHECKING:
    from typing import Protocol

    from planarcli.rulebook.search.index import SearchIndex
    from planarcli.rulebook.search.query import Understood

    class Scorer(Protocol):
        """What is read of :class:`.scoring._Scoring`."""

        defined: list[int]

        def score(
            self, position: int, reached: bool, aid: float | None, bound: bool = False
        ) -> float | None: ...


#: a text is left unscored when its bound is below the ``limit``-th best score by more
#: than this share and this much (the scores are rounded to 6 places, and the bound's
#: window share may differ from the exact one's in the last bit)
PRUNE_SHARE = 1e-9
PRUNE_MARGIN = 2e-6


def may_prune(index: SearchIndex, asked: Understood, candidates: set[int]) -> bool:
    """Whether :func:`best_scores` gives every score that decides the results: not for
    rule numbers (their bonuses) nor card rulings and Oracle texts (their lifts, and the
    rule moved up among them, read other texts' scores), nor with a weight that a greater
    text score could lower the score by (a negative one, a lonely word or a window's share
    counting more than the word itself)."""
    if asked.numbers or not all(feature.weight >= 0.0 for feature in WEIGHTS.values()):
        return False
    if WEIGHTS["lonely"].weight > 1.0 or WEIGHTS["window"].weight > 1.0:
        return False
    kinds = index.kinds
    return not any(kinds[position] in CARD_KINDS for position in candidates)


def best_scores(
    index: SearchIndex,
    scoring: Scorer,
    candidates: set[int],
    reached: set[int],
    aided: dict[int, float],
    limit: int,
) -> dict[int, float]:
    """The scores of ``candidates`` that decide the ``limit`` best (as the full loop of
    :func:`.scoring.rank` gives them, in its order): each text's bound first (``score``
    with ``bound``), then the texts in the order of their bounds scored in full until the
    ``limit``-th best score is above every bound left; a text scored brings its parent (a
    subrule rises to its parent's score) and the current rule it corresponds to (listed
    after it), and a glossary entry the question names is always scored (it rises to the
    best score)."""
    defined = scoring.defined
    bounds: dict[int, float] = {}
    named: list[int] = []
    for position in candidates:
        before = len(defined)
        bound = scoring.score(position, position in reached, aided.get(position), bound=True)
        if len(defined) > before:
            del defined[before:]
            named.append(position)
        if bound is not None:
            bounds[position] = bound
    lift = WEIGHTS["complete_subrule"].weight
    parents = index.parents
    reach = {
        position: max(bound, bounds.get(parents[position], 0.0) * lift)
        for position, bound in bounds.items()
    }
    rules = _CurrentRules(index)
    exact: dict[int, float] = {}

    def settle(position: int) -> None:
        while position in bounds and position not in exact:
            score = scoring.score(position, position in reached, aided.get(position))
            assert score is not None  # (None exactly where the bound is)
            exact[position] = score
            settle(parents[position])
            position = rules.of(position)

    for position in named:
        settle(position)
    for position in sorted(reach, key=reach.__getitem__, reverse=True):
        if position in exact:
            continue
        best = sorted((score for score in exact.values() if score > 0.0), reverse=True)
        bar = reach[position] * (1.0 + PRUNE_SHARE) + PRUNE_MARGIN
        if len(best) >= limit and bar < best[limit - 1]:
            break
        settle(position)
    return {position: exact[position] for position in candidates if position in exact}


class _CurrentRules:
    """The rule of the current edition that a translation's or guide's passage corresponds
    to (its note), as :func:`.scoring._with_current_rules` lists it after the passage."""

    def __init__(self, index: SearchIndex) -> None:
        self.index = index
        self.where: dict[str, int] | None = None

    def of(self, position: int) -> int:
        index = self.index
        note = index.notes[position]
        if not note or index.kinds[position] in CARD_KINDS:
            return -1
        if self.where is None:
            current = next((info.id for info in index.infos.values() if info.current), None)
            self.where = (
                current_rules(index, index.edition_ids.index(current))
                if current in index.edition_ids
                else {}
            )
        return self.where.get(note.split("|")[0], -1)


def current_rules(index: SearchIndex, number: int) -> dict[str, int]:
    """Each rule of the edition ``number`` (of ``edition_ids``) by id: its position."""
    return {
        index.ids[position]: position
        for position in range(len(index.ids))
        if index.kinds[position] == "rule" and number in index.editions[position]
    }
