"""Ranked search over rules editions: BM25 over light-stemmed words, built per process.

The corpus is small (a few dozen to a few hundred short texts per search), so an in-Python
BM25 index is built on demand; it starts faster than an SQLite FTS5 index and ranks as well
(see ``benchmarks/bench_rules.py``). On top of plain BM25:

* each lettered subrule is also indexed with its parent's words at a low weight (901.15b
  inherits "Single Planar Deck Option");
* query words are stemmed for every language in scope (English, French, Danish light
  suffix strippers) and matched without accents when the accented form is not in the text;
* a small table of general synonyms users type (dice/die, 2HG, communal/shared/single,
  phenomena, ...) adds alternatives at a lower weight;
* a word found nowhere is corrected to the closest corpus word (Damerau-Levenshtein, in
  Python: cheaper than importing rapidfuzz for a vocabulary of a few hundred words);
* a rule number in the query ("901.9", "rule 901.15a") puts that rule first;
* glossary entries are documents too (id: the term, ``kind`` "glossary"), their term counting
  as a title; below the rules they sum up, unless the query is the term itself;
* with several languages in scope, the query's language is the one whose texts hold most of
  its words: texts in other languages are down-weighted, and a stopword of the query's
  language stays one ("have" is also Danish);
* term statistics count a rule once however many editions repeat it, per language, and
  lengths are normalised per edition, so that ``--edition all`` ranks each edition's rules as
  that edition alone does; other English editions rank a little below the current one.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from planarcli.errors import UsageError
from planarcli.rulebook.corpus import Edition, EditionInfo, Rule, fold_accents

BM25_K1 = 1.2
BM25_B = 0.5
PARENT_WEIGHT = 0.35
SYNONYM_WEIGHT = 0.6
TYPO_WEIGHT = 0.85
ACCENT_WEIGHT = 1.0
EXACT_ID_BONUS = 1000.0
CHILD_ID_BONUS = 500.0
PROXIMITY_WEIGHT = 0.5
PROXIMITY_WINDOW = 2
COORD_POWER = 1.0
#: Lettered subrules (901.9a) give details and exceptions; the numbered rule states the rule.
SUBRULE_PRIOR = 0.85
EXACT_FORM_WEIGHT = 0.3
#: A glossary entry's term words count this many times (the term is its title).
GLOSSARY_TERM_WEIGHT = 2.0
#: A glossary entry sums up rules in a sentence: the rules come first, unless the query is
#: the entry's term.
GLOSSARY_PRIOR = 0.6
GLOSSARY_TERM_BONUS = 2.0
#: Documents in a language that covers fewer of the query's words than the query's language.
OTHER_LANGUAGE_PRIOR = 0.4
#: Other English Comprehensive Rules editions, when the current one is searched alongside.
OLDER_EDITION_PRIOR = 0.9
#: Rules outside section 901 that an edition holds because 901 or the glossary cites them
#: (see the edition's ``closure``): they support the Planechase rules, which come first.
CITED_RULE_PRIOR = 0.5


class SearchResult(NamedTuple):
    id: str
    edition: str
    lang: str
    score: float
    text: str
    #: other editions in the search with the same rule, word for word (shown once)
    also_in: tuple[str, ...] = ()
    #: "rule" or "glossary" (a glossary entry's id is its term)
    kind: str = "rule"


# --------------------------------------------------------------------------- words

_TOKEN_RE = re.compile(r"\d{3}\.\d+[a-z]?|[^\W_]+", re.UNICODE)
_RULE_NUMBER_RE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS: dict[str, frozenset[str]] = {
    "en": _wordset(
        "a an and are as at be been but by can could do does doing did for from had has have"
        " how i if in into is it its it's me my of on or so such than that the their them then"
        " there these they this those to was what when where which while who whom why will with"
        " would you your yours we our us he she his her him"
        " many much happen happens happened get gets got should need needs want some about"
        " also just very really"
    ),
    "fr": _wordset(
        "au aux avec ce ces cet cette dans de des du elle en est et il ils je la le les leur"
        " leurs lui ma mais me mes mon ne nous on ou où par pas pour qu que qui sa se ses son"
        " sur ta te tes ton tu un une vos votre vous y à d l c s n j m quoi quel quelle quels"
        " comment combien est-ce"
    ),
    "da": _wordset(
        "af at de dem den denne der deres det dette din dit du eller en end er et for fra har"
        " hun hvad hvis hvor hvordan hvem i jeg kan med men mig min mit ned nu når og om op på"
        " sig sin sine sit skal som til ud under var vi vil"
    ),
}

#: irregular English forms, folded before stemming
_IRREGULAR = {
    "dice": "die",
    "phenomena": "phenomenon",
    "left": "leave",
    "won": "win",
    "lost": "lose",
    "began": "begin",
    "begun": "begin",
    "paid": "pay",
    "took": "take",
    "taken": "take",
}

#: general vocabulary users type -> words the rules use (applied to queries only)
SYNONYMS: dict[str, tuple[str, ...]] = {
    # English
    "2hg": ("two", "headed", "giant"),
    "thg": ("two", "headed", "giant"),
    "communal": ("single", "shared"),
    "shared": ("communal", "single"),
    "common": ("communal", "single"),
    "single": ("communal",),
    "one": ("single",),
    "pay": ("cost", "mana"),
    "price": ("cost", "mana"),
    "free": ("cost",),
    "costs": ("mana",),
    "cost": ("mana",),
    "minimum": ("least",),
    "min": ("least",),
    "maximum": ("more", "than"),
    "max": ("more", "than"),
    "limit": ("more", "least"),
    "size": ("least",),
    "owns": ("owner",),
    "own": ("owner",),
    "owner": ("owns",),
    "controls": ("controller",),
    "control": ("controller",),
    "quit": ("leave",),
    "concede": ("leave",),
    "concedes": ("leave",),
    "dies": ("leave",),
    "eliminated": ("leave",),
    "start": ("starting", "begin"),
    "begin": ("start", "starting"),
    "first": ("starting",),
    "pw": ("planeswalk",),
    "planeswalker": ("planeswalk",),
    "symbol": ("face",),
    "face": ("symbol",),
    "blank": ("nothing",),
    "empty": ("blank",),
    "opponent": ("active", "player"),
    "opponents": ("active", "player"),
    "team": ("two", "headed", "giant"),
    "teammate": ("team",),
    "multiplayer": ("players",),
    "range": ("influence",),
    "melee": ("grand",),
    "mulligan": ("opening", "hands"),
    "zone": ("command",),
    "chaotic": ("chaos",),
    "plane": ("planar",),
    "planes": ("planar",),
    "deck": ("planar",),
    "again": ("previously", "times"),
    "second": ("times", "previously"),
    "twice": ("times", "previously"),
    "third": ("times", "previously"),
    # French
    "dés": ("dé",),
    "jeter": ("lancer",),
    "lancé": ("lancer",),
    "prix": ("coût",),
    "payer": ("coûte", "mana"),
    "coût": ("coûte", "mana"),
    "commun": ("unique", "seul"),
    "stay": ("remain",),
    "stays": ("remain",),
    "keep": ("retain",),
    "keeps": ("retain",),
    "partagé": ("commun", "unique"),
    "possède": ("propriétaire",),
    "propriétaire": ("possédés",),
    "contrôle": ("contrôleur",),
    "quitter": ("quitte",),
    # Danish
    "slå": ("kaste",),
    "slår": ("kaste",),
    "terninger": ("terning",),
    "koster": ("betale", "mana"),
    "pris": ("betale", "mana"),
    "fly": ("flykort",),
    "plan": ("flykort",),
    "kontrollerer": ("kontrollant",),
    "ejer": ("ejeren",),
}


_FOLDED_SYNONYMS: dict[str, tuple[str, ...]] = {}


def _folded_synonyms() -> dict[str, tuple[str, ...]]:
    """SYNONYMS keyed without accents, so "cout" finds the entry for "coût"."""
    if not _FOLDED_SYNONYMS:
        for word, alternatives in SYNONYMS.items():
            _FOLDED_SYNONYMS.setdefault(fold(word), alternatives)
    return _FOLDED_SYNONYMS


def _undouble(word: str) -> str:
    if len(word) > 4 and word[-1] == word[-2] and word[-1] not in "aeiou":
        return word[:-1]
    return word


def stem_en(word: str) -> str:
    word = _IRREGULAR.get(word, word)
    if word.endswith("'s") or word.endswith("’s"):
        word = word[:-2]
    for suffix, replacement, minimum in (
        ("ies", "y", 4),
        ("sses", "ss", 4),
        ("ing", "", 3),
        ("ed", "", 3),
        ("ers", "", 3),
        ("er", "", 3),
        ("ly", "", 4),
        ("es", "e", 3),
        ("s", "", 3),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= minimum:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                break
            word = _undouble(word[: len(word) - len(suffix)] + replacement)
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def stem_fr(word: str) -> str:
    if "'" in word or "’" in word:
        word = re.split(r"['’]", word)[-1]
    for suffix in (
        "ements",
        "ement",
        "ations",
        "ation",
        "euses",
        "euse",
        "ées",
        "ée",
        "és",
        "ent",
        "er",
        "ez",
        "es",
        "é",
        "e",
        "s",
        "x",
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)]
    return word


def stem_da(word: str) -> str:
    for suffix in ("erne", "ene", "ens", "ers", "et", "en", "er", "es", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)]
    return word


STEMMERS = {"en": stem_en, "fr": stem_fr, "da": stem_da}


_STEM_CACHE: dict[tuple[str, str], str] = {}
_FOLD_CACHE: dict[str, str] = {}


def fold(word: str) -> str:
    """Lower case without accents ("Dé" → "de"), memoised: the vocabulary is small."""
    folded = _FOLD_CACHE.get(word)
    if folded is None:
        folded = _FOLD_CACHE[word] = fold_accents(word) if not word.isascii() else word.lower()
    return folded


def stem(word: str, lang: str) -> str:
    """The index term for ``word`` in ``lang`` (rule numbers are kept as they are)."""
    key = (lang, word)
    term = _STEM_CACHE.get(key)
    if term is None:
        term = word if _RULE_NUMBER_RE.match(word) else STEMMERS.get(lang, stem_en)(word)
        _STEM_CACHE[key] = term
    return term


def words(text: str) -> list[str]:
    """Lower-cased word and rule-number tokens; elisions split ("d'un" → "un")."""
    out: list[str] = []
    for token in _TOKEN_RE.findall(text.casefold().replace("’", "'")):
        if "'" in token:
            out.extend(_split_elision(token))
        else:
            out.append(token)
    return out


def _split_elision(token: str) -> list[str]:
    return [part for part in token.split("'") if len(part) > 1]


def content_words(text: str, lang: str) -> list[str]:
    """``words`` without stopwords and single letters."""
    stop = STOPWORDS.get(lang, frozenset())
    return [w for w in words(text) if w not in stop and (len(w) > 1 or w.isdigit())]


# --------------------------------------------------------------------------- index


class _Doc:
    __slots__ = ("cited", "edition", "length", "positions", "rule", "surface", "terms")

    def __init__(
        self,
        rule: Rule,
        edition: EditionInfo,
        terms: dict[str, float],
        length: float,
        positions: dict[str, list[int]],
        surface: frozenset[str],
    ) -> None:
        self.rule = rule
        self.edition = edition
        self.terms = terms
        self.length = length
        self.positions = positions
        self.surface = surface
        self.cited = False  # a rule held because 901 or the glossary cites it


class SearchIndex:
    """A BM25 index over the rules of one or more editions."""

    def __init__(self, editions: Sequence[Edition]) -> None:
        self.docs: list[_Doc] = []
        self.langs: list[str] = []
        self.surface: dict[str, set[str]] = {}  # surface word (lower) -> its stems
        #: every word (stopwords too, accent-free) of each language's texts: what a query in
        #: that language is likely to be made of
        self.vocabulary: dict[str, set[str]] = {}
        self.current_in_scope = any(edition.info.current for edition in editions)
        for edition in editions:
            lang = edition.info.lang
            if lang not in self.langs:
                self.langs.append(lang)
            if lang not in self.vocabulary:
                self.vocabulary[lang] = {fold(word) for word in STOPWORDS.get(lang, ())}
            vocabulary = self.vocabulary[lang]
            by_id = {rule.id: rule for rule in edition.rules}
            contents = {rule.id: content_words(rule.text, lang) for rule in edition.rules}
            entries = [
                (Rule(entry.term, entry.text, lang, kind="glossary"), entry.term)
                for entry in edition.glossary
            ]
            for rule, title in [*((rule, "") for rule in edition.rules), *entries]:
                terms: dict[str, float] = {}
                positions: dict[str, list[int]] = {}
                own = contents[rule.id] if not title else content_words(rule.text, lang)
                vocabulary.update(fold(word) for word in words(rule.text))
                for index, word in enumerate(own):
                    term = stem(word, lang)
                    terms[term] = terms.get(term, 0.0) + 1.0
                    positions.setdefault(term, []).append(index)
                    if not word.isdigit():
                        self.surface.setdefault(word, set()).add(term)
                if title:
                    # the term is the entry's title: its words first, and weighted
                    vocabulary.update(fold(word) for word in words(title))
                    heading = content_words(title, lang)
                    shift = len(heading) + PROXIMITY_WINDOW + 1
                    positions = {t: [i + shift for i in p] for t, p in positions.items()}
                    for index, word in enumerate(heading):
                        term = stem(word, lang)
                        terms[term] = terms.get(term, 0.0) + GLOSSARY_TERM_WEIGHT
                        positions.setdefault(term, []).insert(0, index)
                        self.surface.setdefault(word, set()).add(term)
                    own = [*heading, *own]
                else:
                    parent = _parent(rule.id, by_id)
                    if parent is not None:
                        for word in contents[parent.id]:
                            term = stem(word, lang)
                            terms[term] = terms.get(term, 0.0) + PARENT_WEIGHT
                doc = _Doc(
                    rule,
                    edition.info,
                    terms,
                    sum(terms.values()),
                    positions,
                    frozenset(fold(word) for word in own),
                )
                doc.cited = (
                    not title and edition.closure is not None and not rule.id.startswith("901")
                )
                self.docs.append(doc)
        # Document frequencies count a rule once however many editions hold it (2024-09-20
        # and 2026-01-16 share most of 901, 2009-10-01 words much of it alike), and they are
        # kept per language: searching every edition must not make the words of repeated
        # rules look common, nor let French and Danish texts change how rare an English word
        # looks. A rule then scores as it does when its edition is searched alone.
        self.df: dict[str, int] = {}
        self.lang_df: dict[str, dict[str, int]] = {}
        self.lang_size: dict[str, int] = {}
        seen: dict[tuple[str, str, str], set[str]] = {}
        for doc in self.docs:
            key = (doc.rule.lang, doc.rule.kind, doc.rule.id)
            seen.setdefault(key, set()).update(doc.terms)
        every: dict[tuple[str, str], set[str]] = {}
        for (lang, kind, rule_id), bag in seen.items():
            every.setdefault((kind, rule_id), set()).update(bag)
            if kind == "glossary":
                continue  # entries are scored with the rules' statistics, not part of them
            df = self.lang_df.setdefault(lang, {})
            self.lang_size[lang] = self.lang_size.get(lang, 0) + 1
            for term in bag:
                df[term] = df.get(term, 0) + 1
        for bag in every.values():
            for term in bag:
                self.df[term] = self.df.get(term, 0) + 1
        self.distinct = len(every)
        rules = [doc for doc in self.docs if doc.rule.kind != "glossary"] or self.docs
        self.avg_length = (sum(d.length for d in rules) / len(rules)) if rules else 1.0
        # Lengths are normalised within each edition, so that a rule scores as it does when
        # its edition is searched alone, whatever the other editions' texts are like.
        totals: dict[str, list[float]] = {}
        for doc in rules:
            total = totals.setdefault(doc.edition.id, [0.0, 0.0])
            total[0] += doc.length
            total[1] += 1.0
        self.edition_length = {key: value[0] / value[1] for key, value in totals.items()}
        self.folded: dict[str, set[str]] = {}
        for term in self.df:
            self.folded.setdefault(fold(term), set()).add(term)

    def idf(self, term: str, lang: str | None = None) -> float:
        """Inverse document frequency of ``term`` among the texts in ``lang`` (or all)."""
        if lang is None:
            n, df = self.distinct, self.df.get(term, 0)
        else:
            n, df = self.lang_size.get(lang, 0), self.lang_df.get(lang, {}).get(term, 0)
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    # ----------------------------------------------------------------- query terms

    def _stems(self, token: str) -> set[str]:
        """Index terms that ``token`` may stand for, in any language in scope."""
        if _RULE_NUMBER_RE.match(token):
            return {token} if token in self.df else set()
        found = set()
        for lang in self.langs:
            if token in STOPWORDS.get(lang, frozenset()):
                continue
            term = STEMMERS.get(lang, stem_en)(token)
            if term in self.df:
                found.add(term)
        return found

    def _is_stopword(self, token: str) -> bool:
        return any(token in STOPWORDS.get(lang, frozenset()) for lang in self.langs)

    def query_terms(self, query: str) -> list[dict[str, float]]:
        return [group for _, group in self.query_groups(query)]

    def query_groups(self, query: str) -> list[tuple[str, dict[str, float]]]:
        """Weighted index terms per query word: stems, accent-free matches, synonyms, typos.

        One dict per content word of the query, in query order (for proximity scoring).
        """
        groups: list[tuple[str, dict[str, float]]] = []
        tokens: list[str] = []
        for raw in _TOKEN_RE.findall(query.casefold().replace("’", "'")):
            tokens.extend(_split_elision(raw) if "'" in raw else [raw])
        # a word that is a stopword in the query's language is one, even when it is a
        # content word in another language ("have" is Danish for "garden")
        strange = self.other_languages(query)
        query_stop = [
            STOPWORDS.get(lang, frozenset()) for lang in self.langs if lang not in strange
        ]
        for token in tokens:
            weights: dict[str, float] = {}

            def add(
                terms: Iterable[str], weight: float, weights: dict[str, float] = weights
            ) -> None:
                for term in terms:
                    weights[term] = max(weights.get(term, 0.0), weight)

            token = _IRREGULAR.get(token, token)
            stems = set() if any(token in stop for stop in query_stop) else self._stems(token)
            if stems:
                add(stems, 1.0)
            elif self._is_stopword(token) or len(token) == 1:
                # "de" typed for "dé": restore a missing accent, but only onto a content word
                add(
                    (
                        t
                        for t in self.folded.get(fold(token), ())
                        if t != token and not self._is_stopword(t)
                    ),
                    ACCENT_WEIGHT * 0.5,
                )
            else:
                accentless = self._accent_matches(token)
                if accentless:
                    add(accentless, ACCENT_WEIGHT)
                elif not token.isdigit() and not _RULE_NUMBER_RE.match(token):
                    add(self._typo_matches(token), TYPO_WEIGHT)
            if weights or not self._is_stopword(token):
                for synonym in SYNONYMS.get(token) or _folded_synonyms().get(fold(token), ()):
                    add(self._stems(synonym) or self._accent_matches(synonym), SYNONYM_WEIGHT)
            if weights:
                groups.append((fold(token), weights))
        return groups

    def _accent_matches(self, token: str) -> set[str]:
        found: set[str] = set()
        for lang in self.langs:
            term = fold(STEMMERS.get(lang, stem_en)(fold(token)))
            found |= self.folded.get(term, set())
        return found

    def _typo_matches(self, token: str) -> set[str]:
        """Stems of the corpus words closest to a misspelt ``token`` (edit distance ≤ 1–2)."""
        limit = 1 if len(token) <= 4 else 2
        folded = fold(token)
        best: list[tuple[int, float, int, str]] = []
        for word in self.surface:
            if abs(len(word) - len(folded)) > limit:
                continue
            distance = osa_distance(folded, fold(word), limit)
            if distance <= limit:
                overlap = _indel_similarity(folded, fold(word))
                frequency = sum(self.df.get(s, 0) for s in self.surface[word])
                best.append((distance, -overlap, -frequency, word))
        if not best:
            return set()
        best.sort()
        top = best[0]
        return set(self.surface[top[3]])

    # ----------------------------------------------------------------- ranking

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        surfaced = self.query_groups(query)
        groups = [group for _, group in surfaced]
        weights: dict[str, float] = {}
        for group in groups:
            for term, weight in group.items():
                weights[term] = max(weights.get(term, 0.0), weight)
        pairs = list(itertools.pairwise(groups))
        numbers = [
            t for t in (normalise_token(x) for x in query.split()) if t and _RULE_NUMBER_RE.match(t)
        ]
        strange = self.other_languages(query)
        scored: list[tuple[tuple[float, int, str, int], SearchResult]] = []
        for position, doc in enumerate(self.docs):
            lang = doc.rule.lang
            score = 0.0
            average = self.edition_length.get(doc.edition.id, self.avg_length)
            norm = BM25_K1 * (1.0 - BM25_B + BM25_B * doc.length / average)
            for term, weight in weights.items():
                tf = doc.terms.get(term)
                if tf:
                    score += weight * self.idf(term, lang) * tf * (BM25_K1 + 1.0) / (tf + norm)
            if score <= 0.0 and not numbers:
                continue
            for left, right in pairs:
                score += PROXIMITY_WEIGHT * self._near(doc, left, right)
            for form, group in surfaced:
                if form in doc.surface:
                    score += EXACT_FORM_WEIGHT * max(self.idf(t, lang) for t in group)
            if groups:
                matched = sum(1 for group in groups if any(t in doc.terms for t in group))
                score *= (matched / len(groups)) ** COORD_POWER
            if doc.rule.kind == "glossary":
                score *= GLOSSARY_PRIOR
                if _same_words(doc.rule.id, query):
                    score *= GLOSSARY_TERM_BONUS
            elif doc.rule.id[-1:].isalpha():
                score *= SUBRULE_PRIOR
            if doc.cited:
                score *= CITED_RULE_PRIOR
            if doc.rule.lang in strange:
                score *= OTHER_LANGUAGE_PRIOR
            if self.current_in_scope and doc.edition.is_english_cr and not doc.edition.current:
                score *= OLDER_EDITION_PRIOR
            for number in numbers:
                if doc.rule.id == number:
                    score += EXACT_ID_BONUS
                elif doc.rule.id.startswith(number) and doc.rule.id[len(number) :].isalpha():
                    score += CHILD_ID_BONUS
            if score > 0.0:
                result = SearchResult(
                    doc.rule.id,
                    doc.edition.id,
                    doc.rule.lang,
                    round(score, 3),
                    doc.rule.text,
                    kind=doc.rule.kind,
                )
                # ties: the current edition first, then newer editions, then document order
                newer = "".join(chr(0x10FFFF - ord(ch)) for ch in doc.edition.effective or "")
                key = (-round(score, 6), 0 if doc.edition.current else 1, newer, position)
                scored.append((key, result))
        scored.sort(key=lambda item: item[0])
        # The same rule, word for word, in several editions (2024-09-20 and 2026-01-16 share
        # most of 901) is listed once, under the best-placed edition, naming the others.
        kept: dict[tuple[str, str], int] = {}
        out: list[SearchResult] = []
        for _, result in scored:
            same = (result.id, " ".join(result.text.split()))
            index = kept.get(same)
            if index is not None:
                out[index] = out[index]._replace(also_in=(*out[index].also_in, result.edition))
                continue
            if len(out) < limit:
                kept[same] = len(out)
                out.append(result)
        return out

    def other_languages(self, query: str) -> frozenset[str]:
        """The languages in scope that are evidently not the query's.

        The query's language is the one whose texts hold the most of its words (stopwords
        included: "how many ... can my ... have" is English even though "have" is a Danish
        word too), English on a tie; the other languages are down-weighted, not dropped.
        """
        if len(self.vocabulary) < 2:
            return frozenset()
        tokens = {
            fold(token)
            for token in words(query)
            if not token.isdigit() and not _RULE_NUMBER_RE.match(token)
        }
        if not tokens:
            return frozenset()
        cover = {
            lang: sum(1 for token in tokens if token in vocabulary)
            for lang, vocabulary in self.vocabulary.items()
        }
        best = max(cover.values())
        leaders = {lang for lang, count in cover.items() if count == best}
        if len(leaders) > 1 and "en" in leaders:
            # A word every language has ("deck", "planeswalk") decides nothing; the rules
            # are English first (the other texts are a translation and guides).
            leaders = {"en"}
        return frozenset(lang for lang in cover if lang not in leaders)

    def _near(self, doc: _Doc, left: dict[str, float], right: dict[str, float]) -> float:
        """IDF-weighted bonus when two consecutive query words are close in the text."""
        best = 0.0
        for a, wa in left.items():
            first = doc.positions.get(a)
            if not first:
                continue
            for b, wb in right.items():
                second = doc.positions.get(b)
                if not second or a == b:
                    continue
                if any(0 < abs(j - i) <= PROXIMITY_WINDOW for i in first for j in second):
                    lang = doc.rule.lang
                    best = max(best, wa * wb * min(self.idf(a, lang), self.idf(b, lang)))
        return best


def _same_words(term: str, query: str) -> bool:
    """True when the query is the glossary term ("what are chaos abilities": Chaos Ability)."""
    wanted = [stem_en(fold(word)) for word in words(term)]
    given = [stem_en(_IRREGULAR.get(word, fold(word))) for word in content_words(query, "en")]
    return given == wanted


def normalise_token(token: str) -> str:
    return token.strip(".,;:()[]\"'").lower()


def _parent(rule_id: str, by_id: dict[str, Rule]) -> Rule | None:
    match = re.match(r"^(.*\d)[a-z]+$", rule_id)
    return by_id.get(match.group(1)) if match else None


def osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (edits and adjacent swaps), stopping past ``limit``."""
    if a == b:
        return 0
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        row_min = i
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
            row_min = min(row_min, value)
        if row_min > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _indel_similarity(a: str, b: str) -> float:
    """Share of letters in common, in order (as rapidfuzz's ``fuzz.ratio``, 0–1)."""
    if not a and not b:
        return 1.0
    rows = [0] * (len(b) + 1)
    for ch in a:
        diagonal = 0
        for j, other in enumerate(b, 1):
            above = rows[j]
            rows[j] = diagonal + 1 if ch == other else max(rows[j], rows[j - 1])
            diagonal = above
    return 2.0 * rows[-1] / (len(a) + len(b))


# --------------------------------------------------------------------------- scope


def search_scope(
    infos: Sequence[EditionInfo], edition: str | None, lang: str | None
) -> list[EditionInfo]:
    """Which editions a search covers (see cli-contract: ``--edition`` and ``--lang``)."""
    from planarcli.rulebook.corpus import resolve_edition

    if edition is None:
        chosen = list(infos) if lang else [resolve_edition("current", list(infos))]
    elif edition.strip().lower() == "all":
        chosen = list(infos)
    else:
        chosen = [resolve_edition(edition, list(infos))]
    if lang:
        narrowed = [info for info in chosen if info.lang == lang]
        if not narrowed:
            langs = sorted({info.lang for info in infos})
            what = (
                f"edition {chosen[0].id} is in {chosen[0].lang!r}"
                if len(chosen) == 1
                else (f"no edition is in {lang!r}")
            )
            raise UsageError(
                f"{what}, not {lang!r}; languages available: {', '.join(langs)}",
                hint="drop --edition to search every edition in that language",
            )
        chosen = narrowed
    return chosen


def search(
    query: str, editions: Sequence[Edition], lang: str | None = None, limit: int = 10
) -> list[SearchResult]:
    """The ``limit`` best rules for ``query`` across ``editions``, best first."""
    if not query.strip():
        raise UsageError("the search query is empty", hint="for example: planar die cost")
    if limit < 1:
        raise UsageError("--limit must be at least 1")
    scope = [e for e in editions if lang is None or e.info.lang == lang]
    return SearchIndex(scope).search(query, limit)
