"""Scoring: BM25 over the text and phrasings fields, plus named features.

A passage's score is the BM25 of the query's terms in its text (lengths compared within its
group: one document, or all English editions; term statistics per language), then:

* added: closeness of consecutive query words (``proximity``), query words among its first
  words (``lead``), words in the very form typed (``exact_form``);
* multiplied by coordination (the share of the query's words it holds, each by its rarity),
  and in a long question by how much of it one passage says together (``window``), a word
  far from all others counting less (``lonely``);
* plus the BM25 of its phrasings field (``phrasings``);
* multiplied by priors: off-topic rules, subrules (out of the context their parent sets),
  introductions and headings, glossary entries (above the rules when the query is their term
  or asks what it is), a rule stating a quantity or a condition for a question asking for
  one, an edition the query names, other languages and older editions;
* then a subrule that matches all its parent matches and more ranks above it, a glossary
  entry a long question names as its subject comes first, and a rule number named puts that
  rule first.

Every weight is in :data:`.weights.WEIGHTS`; the query's reading is :mod:`.query`'s, handed
in already understood (:func:`.scope.search_index` reads the query, then ranks it here).
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from planarcli.lazyre import lazy
from planarcli.rulebook.corpus import CARD_KINDS, CARD_TEXT
from planarcli.rulebook.search import pruning
from planarcli.rulebook.search.index import (
    PROXIMITY_WINDOW,
    QUOTES,
    VARIANT_SECTION,
    SearchResult,
    bm25_idf,
    numbers_of,
)
from planarcli.rulebook.search.passages import ASIDE, is_heading
from planarcli.rulebook.search.query import CARD_TERMS, ESSENTIAL, Understood
from planarcli.rulebook.search.timing import TIME_FORMS
from planarcli.rulebook.search.weights import WEIGHTS

if TYPE_CHECKING:
    from planarcli.rulebook.search.index import Positions, SearchIndex

BM25_K1 = 1.2
BM25_B = 0.75
#: the phrasings field's BM25 parameters
AID_K1 = 1.2
AID_B = 0.75
#: query words among this many first words of a text: the text is about them (rules that
#: state a thing start with it: "A planar die is ...", "The owner of a plane card is")
LEAD_WINDOW = 6
#: in a long question, a word a text holds with none of the others within this many words
#: is lonely (``lonely``)
LONELY_WINDOW = 3
#: the span in which one passage of a text says the query's words together (``window``)
WINDOW = 8
#: a subrule matching all its parent matches and more ranks above the parent when what it
#: matches more is at least this share of the query (by rarity)
COMPLETE_SUBRULE_SHARE = 0.2

#: a rule that says what follows from something ("If the die roll is ...", "When a player ...")
CONDITION_RE = lazy(r"^(?:if|when|whenever|si|quand|lorsqu|hvis|når)\b", re.IGNORECASE)


def aid_scores(index: SearchIndex, weights: dict[str, float]) -> dict[int, float]:
    """BM25 of the query's terms over each document's phrasings."""
    scores: dict[int, float] = {}
    lengths, doc_langs = index.aid_lengths, index.doc_langs
    averages: dict[str, float] = {}
    for term, weight in weights.items():
        packed = index.aid_postings.get(term)
        if not packed:
            continue
        found = numbers_of(packed)
        idfs: dict[str, float] = {}
        for position, tf in zip(found[::2], found[1::2], strict=True):
            lang = doc_langs[position]
            idf = idfs.get(lang)
            if idf is None:
                n = index.aid_size.get(lang, 0)
                df = index.aid_df.get(lang, {}).get(term, 0)
                idf = idfs[lang] = bm25_idf(n, df)
            average = averages.get(lang)
            if average is None:
                average = averages[lang] = index.aid_length.get(lang) or 1.0
            norm = AID_K1 * (1.0 - AID_B + AID_B * lengths[position] / average)
            part = weight * idf * tf * (AID_K1 + 1.0) / (tf + norm)
            scores[position] = scores.get(position, 0.0) + part
    return scores


def asks_for_term(index: SearchIndex, position: int, groups: list[dict[str, float]]) -> bool:
    """True when the query is the glossary term ("what are chaos abilities", "define
    planeswalk", "phenominon"): its content words are the term's words."""
    heads = index.heads[position]
    title = index.tokens[position].split(" ")[:heads]
    if not title:
        return False
    # "what is a phenomenon card": the card is the term
    groups = [
        group for group in groups if not (CARD_TERMS.intersection(group) and len(groups) > 1)
    ] or groups
    if len(title) != len(groups):
        return False
    return all(any(term in group for group in groups) for term in title)


def names_term(index: SearchIndex, position: int, subject: list[set[str]]) -> bool:
    """True when what a question asks about is the glossary term, perhaps with the word
    "card" ("what a phenomenon card is" asks about the term "Phenomenon"; "who is the
    owner of the planes" asks about an owner, not the term "Plane")."""
    heads = index.heads[position]
    title = index.tokens[position].split(" ")[:heads]
    if not title or not heads <= len(subject) <= heads + 1:
        return False
    if not all(any(term in terms for terms in subject) for term in title):
        return False
    return len(subject) == heads or any(
        CARD_TERMS.intersection(terms) and not terms.intersection(title) for terms in subject
    )


def names_heading(index: SearchIndex, position: int, groups: list[dict[str, float]]) -> bool:
    """True when the query is the title a heading gives ("single planar deck option" is
    901.15 "Single Planar Deck Option"): the heading is what it asks about."""
    if not is_heading(index.texts[position]):
        return False
    title = index.tokens[position].split(" ")
    if len(title) != len(groups):
        return False
    return all(any(term in group for group in groups) for term in title)


def window_mass(placed: list[tuple[int, int]], mass: list[float]) -> float:
    """The most of the query's rarity-weighted words (``placed``: where each word of the
    query stands in a text) found within WINDOW words."""
    placed = [(place, number) for place, number in placed if mass[number]]
    best = 0.0
    start = 0
    count = len(placed)
    for end in range(count):
        while placed[end][0] - placed[start][0] >= WINDOW:
            start += 1
        if end + 1 < count and placed[end + 1][0] - placed[start][0] < WINDOW:
            # the next window holds this one and more: only the widest are summed
            continue
        inside = {number for _, number in placed[start : end + 1]}
        best = max(best, sum(mass[number] for number in inside))
    return best


def lonely_terms(placed: list[tuple[int, int]], owners: dict[str, tuple[int, ...]]) -> set[str]:
    """In a long question, the terms a text holds only far from any other of the
    question's words: "normal" in "the normal game materials" is not what "a normal plane
    card" asks about. ``placed``: where each query word (by number) stands in the text;
    terms only a subrule's parent holds are not counted lonely."""
    present = {number for _, number in placed}
    if len(present) < 2:
        return set()
    close: set[int] = set()
    for (a, first), (b, second) in itertools.pairwise(placed):
        if first != second and b - a <= LONELY_WINDOW:
            close.add(first)
            close.add(second)
    # (two neighbours of different words are enough: each is near another word)
    return {
        term
        for term, numbers in owners.items()
        if numbers[0] in present and numbers[0] not in close
    }


def near(
    index: SearchIndex,
    where: Positions,
    lang: str,
    left: dict[str, float],
    right: dict[str, float],
) -> float:
    """IDF-weighted bonus when two consecutive query words are close in the text."""
    best = 0.0
    for a, wa in left.items():
        first = where.get(a)
        if not first:
            continue
        for b, wb in right.items():
            second = where.get(b)
            if not second or a == b:
                continue
            if any(0 < abs(j - i) <= PROXIMITY_WINDOW for i in first for j in second):
                best = max(best, wa * wb * min(index.idf(a, lang), index.idf(b, lang)))
    return best


def rank(
    index: SearchIndex, asked: Understood, limit: int, prune: bool = True
) -> list[SearchResult]:
    """The ``limit`` best documents of ``index`` for the query ``asked`` (as
    :func:`.query.understand` read it), best first. With ``prune``, only the texts that
    may rank among them are scored in full (:func:`.pruning.best_scores`: the same results)."""
    weights = asked.weights
    reached: set[int] = set()  # the texts that hold a query word, or are a rule named
    for term in weights:
        reached.update(numbers_of(index.postings.get(term, b"")))
    if asked.numbers:
        reached.update(
            position
            for position, rule_id in enumerate(index.ids)
            if any(rule_id.startswith(number) for number in asked.numbers)
        )
    if asked.moved:
        # "old rule 901.8, what is it now": the rules it went to are answers
        reached.update(
            position
            for position, rule_id in enumerate(index.ids)
            if rule_id in asked.moved and index.kinds[position] == "rule"
        )
    aided = aid_scores(index, weights) if index.aid_postings else {}
    current = next((info.id for info in index.infos.values() if info.current), None)
    current_number = index.edition_ids.index(current) if current in index.edition_ids else -1
    scoring = _Scoring(index, asked, current_number)
    scores: dict[int, float] = {}
    candidates = reached.union(aided)
    if asked.rulings is not None and any(info.kind != "rulings" for info in index.infos.values()):
        # the card rulings answer a question about their card: the others are not scored
        # (when the rules are searched too: `--edition rulings` searches all the rulings)
        kinds = index.kinds
        candidates = {
            position
            for position in candidates
            if kinds[position] not in CARD_KINDS or position in asked.rulings
        }
    if prune and pruning.may_prune(index, asked, candidates):
        # (the RESTATED_AMONG best are compared after the sort: as many scored in full)
        wanted = max(limit, RESTATED_AMONG)
        scores = pruning.best_scores(index, scoring, candidates, reached, aided, wanted)
    else:
        for position in candidates:
            score = scoring.score(position, position in reached, aided.get(position))
            if score is not None:
                scores[position] = score
    if scoring.defined and scores:
        # "could someone explain what a phenomenon card is ...": the question says what
        # it asks about, and the glossary entry of that term answers it first
        top = max(scores.values())
        lift = WEIGHTS["named_term"].weight
        if lift > 0.0:
            for position in scoring.defined:
                scores[position] = max(scores[position], top * lift)
    _lift_complete_subrules(index, scores, scoring)
    _lift_card_texts(index, asked, scores)
    return _ordered(index, asked, scores, limit)


#: a named card's Oracle text, for a question that does not ask what the card does, ranks
#: below this many of the other results (the rulings and rules that answer the details)
CARD_TEXT_BELOW = 3


def _lift_card_texts(index: SearchIndex, asked: Understood, scores: dict[int, float]) -> None:
    """The Oracle text of each card the query names, where it answers: first of all for a
    question asking what the card does (``card_asked``: at the best score times the
    weight); for another question, right after the CARD_TEXT_BELOW best other results
    (its rulings and the rules, which answer a question about a detail: ``card_text``, the
    share of the last of those scores it is held to), or lower on its own score."""
    lift = WEIGHTS["card_text"].weight
    if not asked.cards or asked.rulings is None or lift <= 0.0:
        return
    kinds, notes = index.kinds, index.notes
    texts = [
        position
        for card in asked.cards
        for position in index.cards.get(card, ())
        if position in asked.rulings
        and kinds[position] == CARD_TEXT
        and notes[position].split("|")[0] == card
    ]
    if asked.card_asked:
        top = max(scores.values(), default=0.0) * WEIGHTS["card_asked"].weight
        for position in texts:
            scores[position] = max(scores.get(position, 0.0), top)
        return
    others = sorted(
        (score for position, score in scores.items() if kinds[position] != CARD_TEXT),
        reverse=True,
    )
    below = others[CARD_TEXT_BELOW - 1] * lift if len(others) >= CARD_TEXT_BELOW else None
    for position in texts:
        if position in scores and below is not None:
            scores[position] = min(scores[position], below)


#: what :meth:`_Scoring.text_bound` reads of a query in one language (see bound_parts)
_BoundParts = tuple[
    dict[str, float],
    list[list[tuple[float, str, str]]],
    list[list[tuple[float, str]]],
    list[tuple[str, float]],
]


class _Scoring:
    """Scores one document after another for one query (what the query gives is read once)."""

    def __init__(self, index: SearchIndex, asked: Understood, current_number: int) -> None:
        self.index = index
        self.asked = asked
        #: the weights of the one table (read once per query)
        self.w = {name: feature.weight for name, feature in WEIGHTS.items()}
        self.current_number = current_number
        self.pairs = list(itertools.pairwise(asked.groups))
        #: the query's terms that no text about Planechase throughout holds (see own_words)
        self.general: set[str] | None = None
        self.terms = set(asked.weights)
        #: per document, the query's terms it holds (its words' or its parent's), by the
        #: postings: a text's own bag of terms is never made
        self.holds: dict[int, list[str]] = {}
        for term in dict.fromkeys([*asked.owners, *asked.weights]):
            for position in numbers_of(index.postings.get(term, b"")):
                self.holds.setdefault(position, []).append(term)
        # ("what is X": the lead adds nothing; a weight of its own for it added nothing)
        self.lead_weight = 0.0 if asked.asks else WEIGHTS["lead"].weight
        #: glossary entries of the term the question asks about
        self.defined: list[int] = []
        #: per document, the query words (by number) it holds
        self.covered: dict[int, frozenset[int]] = {}
        #: per language, the parts of :meth:`text_bound` that hold for every text
        self._bound_parts: dict[str, _BoundParts] = {}
        #: every weighted term is a query word's (a text's holds are its held terms)
        self.owned = set(asked.weights) <= set(asked.owners)
        #: per language, each query word's rarity, and their sum
        self.masses: dict[str, list[float]] = {}
        self.mass_totals: dict[str, float] = {}
        #: the forms typed, as they stand in a text's ``forms`` (" a b c ")
        self.padded = [(f" {form} ", group) for form, group in asked.surfaced]
        #: "how many": per language, the words stating a quantity, as a set
        self.quantity_sets = (
            {lang: frozenset(found) for lang, found in asked.quantities.items()}
            if asked.quantities is not None
            else None
        )

    def score(
        self, position: int, reached: bool, aid: float | None, bound: bool = False
    ) -> float | None:
        """The score of the text at ``position``; with ``bound``, at least that, from
        :meth:`text_bound` (every step after the text's own score is a product or a sum of
        weights, none negative: a greater text score never gives a lower score)."""
        index, asked = self.index, self.asked
        lang = index.doc_langs[position]
        if reached:
            text = self.text_bound if bound else self.text_score
            score = text(position, lang, aid is not None)
            if score is None:
                return None
        else:
            # reached by its phrasings alone: none of the query's words is in the text
            score = 0.0
            self.covered[position] = frozenset()
        topical = index.topical[position]
        if not topical:
            # a rule that says nothing of Planechase, unless players ask it of Planechase
            score *= self.w["off_topic"]
        score += self.w["phrasings"] * (aid or 0.0)
        if topical == ASIDE and not self.own_words(position):
            # a general rule naming Planechase in passing (the command zone, owners,
            # shuffling): below 901 and what it cites on the words they share, text and
            # phrasings alike; not when the query asks what only it speaks of
            # ("timestamp", "subgame")
            score *= self.w["aside"]
        score = self.priors(position, score)
        holders = index.editions[position]
        if (asked.named_editions and not asked.named_editions.isdisjoint(holders)) or (
            asked.past and self.current_number not in holders and index.groups[position] == "en-cr"
        ):
            score *= self.w["named_edition"]
        else:
            if lang in asked.strange and asked.strange == {"en"} and self.current_number in holders:
                # a French or Danish question: today's English rules, beside its language's
                # text (texts in other languages are not down-weighted: the ablation found
                # it added nothing)
                score *= self.w["today_for_foreign"]
            if (
                self.current_number >= 0
                and index.groups[position] == "en-cr"
                and self.current_number not in holders
            ):
                score *= self.w["older_edition"]
        return score

    def own_words(self, position: int) -> bool:
        """Whether the query holds a word of the text at ``position`` that no passage about
        Planechase throughout (901, 311, 312, the glossary...) has."""
        if self.general is None:
            index = self.index
            topical = index.topical
            self.general = {
                term
                for term in self.terms
                if not any(topical[p] == 1 for p in numbers_of(index.postings.get(term, b"")))
            }
        if not self.general:
            return False
        return not self.general.isdisjoint(self.holds.get(position, ()))

    def text_score(self, position: int, lang: str, aided: bool) -> float | None:
        """BM25 of the text field with the features added to it and coordination; None for
        a text that holds none of the query's words and is neither aided nor named.

        Only the query's terms the text holds are visited (a long question's terms reach
        many texts, each holding few of them): a feature of a word the text lacks adds 0."""
        index, asked = self.index, self.asked
        groups = asked.groups
        holds = self.holds.get(position, ())
        owners = asked.owners
        # (a query of rule numbers alone has words but no weights: its words still count
        # for the lead, proximity and coordination)
        # (the owners' terms stand first in each text's holds, in the owners' order)
        held = [term for term in holds if term in owners]
        terms = index.term_weights(position, holds)
        where = index.positions(position)
        covered = self.covered[position] = frozenset(
            itertools.chain.from_iterable(map(owners.__getitem__, held))
        )
        # where the query's words stand in the text, in the text's order
        placed = (
            [
                (place, number)
                for term in held
                for place in where.get(term)
                for number in owners[term]
            ]
            if asked.long_query
            else []
        )
        placed.sort()
        lonely = lonely_terms(placed, owners) if len(covered) > 1 else set()
        score = 0.0
        weights = asked.weights
        if held and weights:
            average = index.group_length.get(index.groups[position]) or 1.0
            norm = BM25_K1 * (1.0 - BM25_B + BM25_B * index.lengths[position] / average)
            lonely_weight = self.w["lonely"]
            for term in held:
                tf = terms[term]
                weight = weights.get(term)
                if tf and weight is not None:
                    part = weight * index.idf(term, lang) * tf * (BM25_K1 + 1.0) / (tf + norm)
                    score += part * lonely_weight if term in lonely else part
        if score <= 0.0 and not aided and not asked.numbers:
            return None
        if len(covered) > 1:
            proximity = self.w["proximity"]
            for number, (left, right) in enumerate(self.pairs):
                if number in covered and number + 1 in covered:
                    score += proximity * near(index, where, lang, left, right)
        if covered:
            # the lead: a rule's first words, a glossary entry's term
            lead = LEAD_WINDOW if not index.heads[position] else index.heads[position]
            lead_weight = self.lead_weight
            for number in sorted(covered):
                best = 0.0
                for term, weight in groups[number].items():
                    found = where.get(term)
                    if found and found[0] < lead:
                        best = max(best, weight * index.idf(term, lang))
                score += lead_weight * best
        if self.padded:
            forms = index.forms[position]
            exact = self.w["exact_form"]
            for form, group in self.padded:
                if form in forms:
                    score += exact * max(index.idf(t, lang) for t in group)
        if groups:
            # coordination: the share of the query's words the text holds, each weighted
            # by its rarity
            mass = self.mass(lang)
            total = self.mass_totals[lang]
            got = sum(mass[number] for number in sorted(covered))
            score *= (got / (total or 1.0)) ** self.w["coordination"]
            if asked.long_query:
                # ... and how much of it one passage of the text says together
                together = window_mass(placed, mass)
                share = self.w["window"]
                score *= (1.0 - share) + share * together / (got or 1.0)
        return score

    def text_bound(self, position: int, lang: str, aided: bool) -> float | None:
        """At least what :meth:`text_score` gives (None where it does), without where the
        words stand in the text: each feature at its most for the query's words the text
        holds (two consecutive words as close as can be, the rarest of a word's terms
        among the first words), no word lonely, and in a long question all of them in one
        passage. Each part is at least the exact one's (the sums in another order differ
        from the exact ones' in the last bits: :data:`PRUNE_SHARE`)."""
        index, asked = self.index, self.asked
        holds = self.holds.get(position, ())
        owners = asked.owners
        # (the owners' terms stand first in each text's holds, in the owners' order)
        held = holds if self.owned else [term for term in holds if term in owners]
        covered = frozenset(itertools.chain.from_iterable(map(owners.__getitem__, held)))
        idf, pairs, leads, exact = self.bound_parts(lang)
        score = 0.0
        weights = asked.weights
        if held and weights:
            terms = index.term_weights(position, holds)
            average = index.group_length.get(index.groups[position]) or 1.0
            norm = BM25_K1 * (1.0 - BM25_B + BM25_B * index.lengths[position] / average)
            for term in held:
                tf = terms[term]
                weight = weights.get(term)
                if tf and weight is not None:
                    score += weight * idf[term] * tf * (BM25_K1 + 1.0) / (tf + norm)
        if score <= 0.0 and not aided and not asked.numbers:
            return None
        for number in covered:
            if number + 1 in covered:
                for value, a, b in pairs[number]:
                    if a in holds and b in holds:
                        score += value
                        break
            for value, term in leads[number]:
                if term in holds:
                    score += value
                    break
        if exact:
            forms = index.forms[position]
            for form, value in exact:
                if form in forms:
                    score += value
        if asked.groups:
            got = sum(map(self.mass(lang).__getitem__, covered))
            score *= (got / (self.mass_totals[lang] or 1.0)) ** self.w["coordination"]
        return score

    def bound_parts(self, lang: str) -> _BoundParts:
        """What :meth:`text_bound` reads of the query in ``lang``, made once per language:
        each term's rarity; per pair of consecutive query words, what :func:`near` may add
        for each two of their terms, most first; per query word, what the lead may add for
        each of its terms, most first; per form typed, what it adds when the text holds it."""
        known = self._bound_parts.get(lang)
        if known is None:
            rarity = self.index.idf
            idf = {
                term: rarity(term, lang)
                for term in itertools.chain(
                    self.asked.owners, self.asked.weights, *self.asked.groups
                )
            }
            proximity, lead = self.w["proximity"], self.lead_weight
            pairs = [
                sorted(
                    (
                        (proximity * (wa * wb * min(idf[a], idf[b])), a, b)
                        for a, wa in left.items()
                        for b, wb in right.items()
                        if a != b
                    ),
                    reverse=True,
                )
                for left, right in self.pairs
            ]
            leads = [
                sorted(((lead * (weight * idf[t]), t) for t, weight in group.items()), reverse=True)
                for group in self.asked.groups
            ]
            exact = [
                (form, self.w["exact_form"] * max(idf[t] for t in group))
                for form, group in self.padded
            ]
            known = self._bound_parts[lang] = (idf, pairs, leads, exact)
        return known

    def mass(self, lang: str) -> list[float]:
        """Each query word's rarity among the texts in ``lang`` (0 for an inessential one)."""
        mass = self.masses.get(lang)
        if mass is None:
            index = self.index
            mass = self.masses[lang] = [
                max(index.idf(t, lang) for t in g) if max(g.values()) > ESSENTIAL else 0.0
                for g in self.asked.groups
            ]
            self.mass_totals[lang] = sum(mass)
        return mass

    def priors(self, position: int, score: float) -> float:
        """``score`` times the priors of the kind of passage and what the query asks."""
        index, asked = self.index, self.asked
        kind = index.kinds[position]
        rule_id = index.ids[position]
        if kind == "glossary":
            score *= self.w["glossary"]
            if (
                self.w["foreign_glossary"]
                and asked.strange == {"en"}
                and index.doc_langs[position] == "en"
            ):
                # a French or Danish question names the term only through a translation:
                # the English glossary's one line is not what it asks for, the rules are
                # ("hvad er planechase egentlig": 901.1 and the Danish guide)
                pass
            elif asks_for_term(index, position, asked.essential):
                score *= self.w["glossary_named"]
                if asked.asks:
                    # "what is a phenomenon": the glossary says it in a sentence
                    score *= self.w["definition"]
            elif asked.named and names_term(index, position, asked.named):
                score *= self.w["glossary_named"] * self.w["definition"]
                self.defined.append(position)
        if kind == "rule" and rule_id[-1:].isalpha():
            score *= self.w["subrule"]
            context = index.context[position]
            if context and not self.terms.intersection(context.split(" ")):
                score *= self.w["out_of_context"]
        if (
            asked.definition
            and kind in ("rule", "ruling")
            and asked.definition(index.texts[position])
        ):
            # "what is the planar die": "A planar die is a six-sided die."
            score *= self.w["definition"]
        if (
            kind == "rule"
            and index.intro[position]
            and (asked.defines or not names_heading(index, position, asked.essential))
        ):
            # a heading answers a query that names it, but not one asking what it means
            score *= self.w["introduction"]
        if asked.quantities is not None and kind == "rule":
            # "how many cards ...": "at least ten", "no more than two"
            stated = (
                self.quantity_sets.get(index.doc_langs[position]) if self.quantity_sets else None
            )
            if stated and not stated.isdisjoint(index.forms[position].split()):
                score *= self.w["quantity"]
        if asked.consequence and kind == "rule" and CONDITION_RE.match(index.texts[position]):
            # "what happens if I roll a blank": "If the die roll is a blank face, ..."
            score *= self.w["consequence"]
        if asked.moved and kind == "rule" and rule_id in asked.moved:
            # "it used to be rule 901.4": today's rule it went to (103.3a)
            score *= self.w["moved_rule"]
        if asked.timing and kind == "rule":
            # "when can I roll the planar die": "any time ... they have priority ... during a
            # main phase" (901.9, 116.2i), not a rule on what rolling it does (706.7)
            stated = TIME_FORMS.get(index.doc_langs[position])
            if stated and not stated.isdisjoint(index.forms[position].split()):
                score *= self.w["timing"]
        if kind in CARD_KINDS:
            # the rulings (and Oracle text) of the card a question names answer it; for a
            # question about the rules in general, a ruling restating a rule ranks below the
            # rule
            card = index.notes[position].split("|")[0]
            if kind == "ruling" and position in index.restating_rulings():
                score *= self.w["restating"]
            elif card in asked.cards:
                score *= self.w["card_named"]
        return score


#: how many of the best results are compared for a general rule restating a Planechase rule,
#: and the share of their words two texts must have in common to say one thing
RESTATED_AMONG = 3
RESTATED_SHARE = 0.7
#: the sections of Planechase's own rules (the variant, planes, phenomena)
OWN_SECTIONS = (VARIANT_SECTION + ".", "311.", "312.")


def _restated_below_variant(
    index: SearchIndex, asked: Understood, keyed: list[tuple[float, int, int, int]]
) -> None:
    """A rule of 901 that a general rule says again (706.7 and 901.9d, the planar die and
    abilities that trigger on a roll: most of their words in common) is moved, among the
    RESTATED_AMONG best of ``keyed`` (best first), just above it (``restated``: at that
    rule's score times the weight): the variant's own rule answers a question about
    Planechase, the general one cites it. Not for a question about an older edition ("in
    the very first rules ..."), whose rules said it otherwise."""
    lift = WEIGHTS["restated"].weight
    if lift <= 1.0 or len(keyed) < 2 or asked.past or asked.named_editions:
        return
    ids, kinds, tokens = index.ids, index.kinds, index.tokens
    best = keyed[:RESTATED_AMONG]
    own = [
        place
        for place, item in enumerate(best)
        if kinds[item[2]] == "rule" and ids[item[2]].startswith(VARIANT_SECTION + ".")
    ]
    others = [
        place
        for place, item in enumerate(best)
        if kinds[item[2]] == "rule" and not ids[item[2]].startswith(OWN_SECTIONS)
    ]
    if not own or not others or own[-1] < others[0]:
        return
    words = {place: frozenset(tokens[best[place][2]].split(" ")) for place in own + others}
    for other in others:
        for rule in own:
            if rule > other and len(words[other] & words[rule]) >= RESTATED_SHARE * len(
                words[other] | words[rule]
            ):
                lifted = keyed.pop(rule)
                keyed.insert(other, (keyed[other][0] * lift, *lifted[1:]))
                return


def _lift_complete_subrules(
    index: SearchIndex, scores: dict[int, float], scoring: _Scoring
) -> None:
    """A subrule that matches all its parent matches and more answers better than the
    parent: "grand melee planar controller" is 901.14a, not 901.14 (not when the parent is
    the rule a question asks an older rule's number of: "old rule 901.8" is 901.9)."""
    lift = WEIGHTS["complete_subrule"].weight
    if lift <= 0.0:
        return
    covered = scoring.covered
    moved = scoring.asked.moved
    for position, score in list(scores.items()):
        parent = index.parents[position]
        if moved and parent >= 0 and index.ids[parent] in moved:
            continue
        parent_score = scores.get(parent, 0.0) if parent >= 0 else 0.0
        if parent_score > score and covered[position] > covered[parent]:
            # ... by words that matter: not "one" in "a third time in one turn"
            mass = scoring.masses[index.doc_langs[position]]
            more = sum(mass[number] for number in covered[position] - covered[parent])
            if more >= COMPLETE_SUBRULE_SHARE * sum(mass):
                scores[position] = parent_score * lift


def _ordered(
    index: SearchIndex, asked: Understood, scores: dict[int, float], limit: int
) -> list[SearchResult]:
    """The best ``limit`` documents as results: a rule number named puts that rule first; a
    document is listed under the best placed edition holding it (the current one, else the
    newest English one, else the newest), and ties in score go the same way."""
    # "901.9", "rule 901.15a": that rule, then its subrules; a number among other words
    # ("exception to rule 113.8") is a reference to look for, the rule named no higher
    # (a small bonus for it added nothing: see the ablation in rules/README.md)
    if asked.only_numbers:
        id_bonus, child_bonus = WEIGHTS["exact_id"].weight, WEIGHTS["child_id"].weight
    else:
        id_bonus = child_bonus = 0.0
    rank_of = index.edition_ranks()
    named_editions = asked.named_editions
    keyed: list[tuple[float, int, int, int]] = []
    for position, score in scores.items():
        rule_id = index.ids[position]
        for wanted in asked.numbers:
            if rule_id == wanted:
                score += id_bonus
            elif rule_id.startswith(wanted) and rule_id[len(wanted) :].isalpha():
                score += child_bonus
        if score > 0.0:
            holders = index.editions[position]
            # under the edition the query names, when it holds the text
            preferred = [n for n in holders if n in named_editions] or holders
            shown = min(preferred, key=rank_of.__getitem__)
            keyed.append((-round(score, 6), rank_of[shown], position, shown))
    keyed.sort()
    _restated_below_variant(index, asked, keyed)
    keyed = _with_current_rules(index, keyed)
    out: list[SearchResult] = []
    said: set[str] = set()  # the rulings' texts listed: one a rule many cards repeat, once
    for negative, _, position, shown in _rules_among_rulings(index, keyed):
        if len(out) >= limit:
            break
        kind = index.kinds[position]
        if kind == "ruling":
            text = index.texts[position].translate(QUOTES)
            if text in said:
                continue
            said.add(text)
        holders = index.editions[position]
        note = index.notes[position].split("|") if index.notes[position] else [None, None]
        card, date = note if kind in CARD_KINDS else (None, None)
        current, since = note if kind not in CARD_KINDS else (None, None)
        out.append(
            SearchResult(
                index.ids[position],
                index.edition_ids[shown],
                index.doc_langs[position],
                round(-negative, 3),
                index.texts[position],
                also_in=tuple(index.edition_ids[n] for n in holders if n != shown),
                kind=kind,
                card=card,
                date=date if kind == "ruling" else None,
                type_line=date if kind == CARD_TEXT else None,
                current=current,
                current_since=since,
            )
        )
    return out


#: card rulings listed, at most, before the best rule
RULINGS_FIRST = 2


def _rules_among_rulings(
    index: SearchIndex, keyed: list[tuple[float, int, int, int]]
) -> list[tuple[float, int, int, int]]:
    """``keyed`` (best first) with the best rule or glossary entry moved up to follow at most
    RULINGS_FIRST card rulings: a card's rulings answer a question about it, and the rule
    they apply comes next, not below all of them."""
    for place, item in enumerate(keyed):
        if index.kinds[item[2]] not in CARD_KINDS:
            if place > RULINGS_FIRST:
                return [
                    *keyed[:RULINGS_FIRST],
                    item,
                    *keyed[RULINGS_FIRST:place],
                    *keyed[place + 1 :],
                ]
            return keyed
    return keyed


def _with_current_rules(
    index: SearchIndex, keyed: list[tuple[float, int, int, int]]
) -> list[tuple[float, int, int, int]]:
    """``keyed`` (best first) with, right after each passage of a translation or guide that
    corresponds to a current rule (its ``current``), that rule of the current edition, when
    the index holds it and it is not listed above: a French or Danish question is answered
    from its language's text and from today's rule."""
    current = next((info.id for info in index.infos.values() if info.current), None)
    if current not in index.edition_ids or not any(
        index.notes[item[2]] and index.kinds[item[2]] not in CARD_KINDS for item in keyed
    ):
        return keyed
    number = index.edition_ids.index(current)
    where = pruning.current_rules(index, number)
    out: list[tuple[float, int, int, int]] = []
    placed: set[int] = set()
    later = {item[2]: item for item in keyed}
    for item in keyed:
        position = item[2]
        if position in placed:
            continue
        out.append(item)
        placed.add(position)
        note = index.notes[position]
        if not note or index.kinds[position] in CARD_KINDS:
            continue
        rule = where.get(note.split("|")[0])
        if rule is None or rule in placed:
            continue
        found = later.get(rule)
        out.append(found if found is not None else (item[0], item[1], rule, number))
        placed.add(rule)
    return out
