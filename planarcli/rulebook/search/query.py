"""Query understanding: what a query asks, beyond its words.

* A rule number alone ("901.9", "rule 901.15a") asks for that rule; among other words
  ("exception to rule 113.8") it is a reference to look for.
* "what is X", "define X", "who is the planar controller": the thing asked about, and a
  pattern for a text that says what it is (:func:`defined_subject`).
* "how many", "what happens if": a quantity, a consequence.
* A document, a language or a year named among several editions ("in the Danish guide",
  "under the 2012 rules") says where to look; "in the original rules" asks how the rules
  used to be.
* The variant's name ("Planechase", "Planar Magic") says what a question is about, not which
  rule answers it (:func:`untitled`).

:func:`understand` gathers all of it in an :class:`Understood` for :mod:`.scoring`.
"""

from __future__ import annotations

import os
import re
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from planarcli.lazyre import LazyPattern, lazy
from planarcli.rulebook.corpus import CARD_KINDS, ENGLISH_CR
from planarcli.rulebook.search import cards
from planarcli.rulebook.search.analysis import (
    DEFINITION_WORDS,
    NUMBERS,
    RULE_NUMBER_RE,
    fold,
    normalise_token,
    stem,
    words,
    wordset,
)
from planarcli.rulebook.search.expansion import (
    is_stopword,
    query_groups,
    stems_of,
    translations,
    typo_word,
)
from planarcli.rulebook.search.index import VARIANT_SECTION, SearchIndex
from planarcli.rulebook.search.language import other_languages
from planarcli.rulebook.search.quantity import CASE_TWINS, QUANTITY_HINTS, asks_quantity
from planarcli.rulebook.search.timing import asks_timing
from planarcli.rulebook.search.weights import WEIGHTS

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import EditionInfo

#: a query word whose best term weighs no more than this (an accent restored on a stopword)
#: is not one of its essential words
ESSENTIAL = 0.5
#: what ends a sentence (:data:`.story.ENDS`, kept here so that a query of one sentence
#: does not load that module)
STORY_ENDS = ".!?"
#: a question of at least this many words is long (see :mod:`.scoring`: window, lonely)
LONG_QUERY = 6

#: a query about how the rules used to be ("in the original rules", "before chaos ensues
#: existed", "under the old Two-Headed Giant rules"): texts no longer in force rank first
PAST_RE = lazy(
    r"\b(?:old|older|oldest|original|originally|early|earliest|formerly|used\s+to"
    r"|back\s+when|no\s+longer|any\s?more|very\s+first|first\s+(?:version|edition|rules)"
    r"|ancien(?:ne)?s?|gamle|oprindelige?)\b",
    re.IGNORECASE,
)
#: the words PAST_RE cannot match without (see :func:`may_hold`)
PAST_NEEDLES = (
    "old",
    "original",
    "earl",
    "formerly",
    "used",
    "back",
    "longer",
    "any",
    "first",
    "ancien",
    "gamle",
    "oprindelig",
)
#: "what is X" as a whole question: its two forms, each with the words it cannot match
#: without (lower case, words one space apart; see :func:`first_match`)
DEFINITION_PARTS = (
    (
        lazy(
            r"^\W*(?:what\s+(?:is|are)|what's|whats|define|definition\s+of|meaning\s+of"
            r"|qu'est-ce\s+que?|c'est\s+quoi|que\s+(?:veut\s+dire|signifie)"
            r"|hvad\s+(?:er|betyder))"
            # a term of one or two words, or two joined by "of", "de", "af" ("capacité de
            # transplanage")
            r"(?:\s+(?:an?|the|une?|le|la|les|l'|en|et))?\s*"
            r"\S+(?:\s+(?:of|de|du|des|af)\s+\S+|\s+\S+)?\W*$",
            re.IGNORECASE,
        ),
        (
            "what is",
            "what a",  # what are
            "what's",
            "whats",
            "define",
            "definition",
            "meaning",
            "qu'est-ce qu",
            "c'est quoi",
            "que veut dire",
            "que signifie",
            "hvad er",
            "hvad betyder",
        ),
    ),
    (
        lazy(r"^\W*\S+(?:\s+\S+)?\s+(?:definition|meaning|means?)\W*$", re.IGNORECASE),
        ("definition", "mean"),  # meaning, means
    ),
)
#: words without which a query cannot ask what something is
DEFINITION_HINTS = wordset(
    "what whats who define definition meaning mean means qu que qui quoi signifie hvad hvem betyder"
)
#: the stems of "card" ("what is a plane card" asks what a plane is)
CARD_TERMS = frozenset({"card", "cart", "kort"})
#: words that may stand beside a rule number that is the whole question ("rule 901.9")
RULE_WORDS = frozenset({"rule", "rules", "règle", "règles", "regel", "reglen", "see", "cf"})
#: "... who is the planar controller": the subject asked about; each form with the words it
#: cannot match without
SUBJECT_PARTS = (
    (
        lazy(r"\b(?:what|who|qui|hvem|hvad)\s+(?:is|are|est|er)\s+(.+?)\W*$", re.IGNORECASE),
        (
            "what is",
            "what a",  # what are
            "what est",
            "what er",
            "who is",
            "who are",
            "who est",
            "who er",
            "qui is",
            "qui are",
            "qui est",
            "qui er",
            "hvem is",
            "hvem are",
            "hvem est",
            "hvem er",
            "hvad is",
            "hvad are",
            "hvad est",
            "hvad er",
        ),
    ),
    # asked inside a longer question: "explain what a phenomenon card is", "what does it
    # mean to planeswalk"
    (
        lazy(r"\bwhat\s+((?:an?|the)\s+\w+(?:\s+\w+)?)\s+(?:is|are)\b", re.IGNORECASE),
        ("what a", "what the"),
    ),
    (
        lazy(r"\bwhat\s+(?:does\s+it|it)\s+means?\s+to\s+(\w+)", re.IGNORECASE),
        ("what does it", "what it"),
    ),
    # "what does chaos ensue mean", "c'est quoi un phénomène", "qu'est-ce qu'un plan",
    # "que signifie transplaner", "hvad betyder planeswalke"
    (lazy(r"\bwhat\s+does\s+(.+?)\s+mean\b", re.IGNORECASE), ("what does",)),
    (lazy(r"\bc'est\s+quoi\s+(.+?)\W*$", re.IGNORECASE), ("c'est quoi",)),
    (
        lazy(r"\bqu'est-ce\s+qu(?:e\s+|')(?:c'est\s+qu(?:e\s+|'))?(.+?)\W*$", re.IGNORECASE),
        ("qu'est-ce qu",),
    ),
    (
        lazy(r"\bque\s+(?:veut\s+dire|signifie)\s+(.+?)\W*$", re.IGNORECASE),
        ("que veut dire", "que signifie"),
    ),
    (lazy(r"\bhvad\s+betyder\s+(.+?)\W*$", re.IGNORECASE), ("hvad betyder",)),
)
#: words that only stress a question ("who actually is ...", "what exactly happens"): left
#: out before its form is read
FILLER_RE = lazy(
    r"\s+(?:actually|exactly|really|basically|even|just|ever|still|now|then|again|please)\b",
    re.IGNORECASE,
)
#: the words FILLER_RE cannot match without (see :func:`may_hold`)
FILLER_NEEDLES = (
    "actually",
    "exactly",
    "really",
    "basically",
    "even",
    "just",
    "ever",
    "still",
    "now",
    "then",
    "again",
    "please",
)


def may_hold(text: str, needles: tuple[str, ...]) -> bool:
    """False only when ``text``, in lower case with its spaces collapsed, holds none of
    ``needles``: then a case-insensitive pattern each of whose matches holds one of them
    (its words apart by whitespace) cannot match it, and need not even be compiled
    (compiling the "what is X" patterns costs a search about 6% of its start-up, and
    "hvad", "qui", "que" open many a question that asks something else)."""
    if not CASE_TWINS.isdisjoint(text):
        return True
    flat = " ".join(text.lower().split())
    return any(needle in flat for needle in needles)


def first_match(
    parts: tuple[tuple[LazyPattern, tuple[str, ...]], ...], text: str
) -> re.Match[str] | None:
    """The match of the alternation of ``parts``' patterns in ``text``: the leftmost of
    their matches, the first part's on a tie (as the regex engine tries alternatives in
    order at each place); a part is searched only when :func:`may_hold` says it may
    match."""
    best: re.Match[str] | None = None
    flat = " ".join(text.lower().split()) if CASE_TWINS.isdisjoint(text) else None
    for pattern, needles in parts:
        if flat is None or any(needle in flat for needle in needles):
            found = pattern.search(text)
            if found is not None and (best is None or found.start() < best.start()):
                best = found
    return best


CONSEQUENCE_RE = lazy(
    r"\bwhat\s+(?:happens|happened|happen)\b|\bque\s+se\s+passe|\bhvad\s+sker",
    re.IGNORECASE,
)
CONSEQUENCE_HINTS = wordset("happen passe sker")


#: a rule that says what follows from something ("If the die roll is ...", "When a player ...")


class Understood:
    """What :func:`understand` reads in a query (a plain class: a dataclass would cost the
    search's start-up more)."""

    __slots__ = (
        "asks",
        "card_asked",
        "cards",
        "consequence",
        "defines",
        "definition",
        "essential",
        "groups",
        "long_query",
        "moved",
        "named",
        "named_editions",
        "numbers",
        "only_numbers",
        "owners",
        "past",
        "quantities",
        "rulings",
        "strange",
        "surfaced",
        "timing",
        "weights",
    )

    #: per content word of the query (in order): its folded form and its weighted terms
    surfaced: list[tuple[str, dict[str, float]]]
    #: the weighted terms of each word, and the best weight of each term over the words
    groups: list[dict[str, float]]
    weights: dict[str, float]
    #: the words that are not an accent restored on a stopword
    essential: list[dict[str, float]]
    #: rule numbers in the query, and whether it says anything else
    numbers: list[str]
    only_numbers: bool
    #: languages in scope that are not the query's
    strange: frozenset[str]
    #: editions the query names (positions in the index's ``edition_ids``), and whether it
    #: asks how the rules used to be
    named_editions: set[int]
    past: set[str]
    #: today's ids of the rules that an older rule the query names went to (:mod:`.moves`)
    moved: frozenset[str]
    #: "what is X": a pattern for a rule saying "X is ..." (or None), whether the query is
    #: only that question (``asks``), whether it asks what a word means (``defines``), and
    #: the terms of X when a longer question names it (``named``)
    definition: Callable[[str], object] | None
    asks: bool
    defines: bool
    named: list[set[str]]
    #: "how many": per language, the words that state a quantity (None: not asked)
    quantities: dict[str, list[str]] | None
    #: "what happens if ..."
    consequence: bool
    #: "when can I ...", "sorcery speed": when something may be done
    timing: bool
    long_query: bool
    #: each term, the query words (by number) it stands for
    owners: dict[str, tuple[int, ...]]
    #: the cards the query names (English names, as in the rulings' ``card``), and the
    #: rulings of those cards (positions; None when the index holds no rulings)
    cards: frozenset[str]
    rulings: frozenset[int] | None
    #: the query asks what a card it names does ("what does naya do", "the great forest
    #: chaos"): its other words are only :data:`CARD_QUESTION_WORDS`, and it does not ask
    #: what something is
    card_asked: bool

    def __init__(self, **values: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, values[name])


def understand(index: SearchIndex, query: str) -> Understood:
    """Read ``query`` against ``index``: its words' terms and what it asks."""
    cards, card_words, spelled = card_reading(index, query)
    surfaced = untitled(index, query_groups(index, spelled))
    # a story, then the question: the words said only in the story count less
    # (read only for a query with two sentences at least: :mod:`.story` is not even loaded
    # for the others)
    if any(end in query for end in STORY_ENDS):
        from planarcli.rulebook.search.story import weigh_story

        surfaced = weigh_story(surfaced, query, WEIGHTS["story"].weight)
    card_asked = bool(cards) and asks_the_card(surfaced, card_words, cards)
    named_editions, naming = editions_named(index, query)
    past = asks_the_past(index, query)
    naming |= past
    if WEIGHTS["card_words"].weight <= 0.0:
        naming |= card_words
    if naming and len(surfaced) > len(naming):
        # "in the Danish guide", "under the 2012 rules": where to look, not what for;
        # "Chaotic Aether ...": which card's rulings, not what they say
        surfaced = [(word, group) for word, group in surfaced if word not in naming]
    groups = [group for _, group in surfaced]
    weights: dict[str, float] = {}
    for group in groups:
        for term, weight in group.items():
            weights[term] = max(weights.get(term, 0.0), weight)
    essential = [group for group in groups if max(group.values()) > ESSENTIAL]
    numbers = [
        t for t in (normalise_token(x) for x in query.split()) if t and RULE_NUMBER_RE.match(t)
    ]
    # "901.9", "rule 901.15a": that rule; "exception to rule 113.8": the rules that say
    # so, the rule named only a little above the others
    rest = [
        token
        for token in (normalise_token(x) for x in query.split())
        if token and token not in numbers and token not in RULE_WORDS
    ]
    if numbers and not rest:
        # "rule 309.7": that rule or nothing, not every rule that says "rule"
        weights = {}
    hinted = not DEFINITION_HINTS.isdisjoint(words(query))
    framed = query
    if hinted:
        framed = query.replace("’", "'")
        framed = FILLER_RE.sub("", framed) if may_hold(framed, FILLER_NEEDLES) else framed
    subject = subject_of(index, framed) if hinted else None
    definition = defined_subject(index, *subject) if subject else None
    if definition is None and hinted:
        asked = first_match(SUBJECT_PARTS, framed.replace("’", "'"))
        if asked is not None:
            # "on Tazeem, who is you": a word no rule is indexed by, asked about: a text
            # that quotes it says what it refers to ('If an ability ... refers to "you," ...')
            from planarcli.rulebook.search.subject import quoted_subject

            definition = quoted_subject(next(group for group in asked.groups() if group))
    strange = other_languages(index, query)
    if definition is not None and subject and "en" in strange:
        # "qu'est-ce qu'un phénomène": the English rule saying "Phenomenon is ..." says it
        # too, as for "what is a phenomenon"
        definition = translated_definition(index, definition, *subject, strange)
    asks = bool(hinted and first_match(DEFINITION_PARTS, framed))
    # "what does it mean to encounter a phenomenon" asks for more than a heading
    defines = asks or not DEFINITION_WORDS.isdisjoint(words(query))
    # the terms of what a longer question asks about ("could someone explain what a
    # phenomenon card is ..."): the glossary entry of that term answers it
    named = [stems_of(index, fold(word)) for word in subject[0]] if subject and not asks else []
    # (the patterns compile only for a query that may need them)
    lowered = query.lower()
    quantities = (
        quantity_words(index)
        if any(word in lowered for word in QUANTITY_HINTS) and asks_quantity(query)
        else None
    )
    consequence = any(word in lowered for word in CONSEQUENCE_HINTS) and bool(
        CONSEQUENCE_RE.search(query)
    )
    owners: dict[str, tuple[int, ...]] = {}
    for number, group in enumerate(groups):
        for term in group:
            owners[term] = (*owners.get(term, ()), number)
    return Understood(
        surfaced=surfaced,
        groups=groups,
        weights=weights,
        essential=essential,
        numbers=numbers,
        only_numbers=not rest,
        strange=strange,
        named_editions=named_editions,
        past=past,
        definition=definition,
        asks=asks,
        defines=defines,
        named=named,
        quantities=quantities,
        consequence=consequence,
        moved=went_to(index, query, numbers),
        timing=asks_timing(query),
        long_query=len(groups) >= LONG_QUERY,
        owners=owners,
        cards=cards,
        rulings=rulings_of(index, cards),
        # ("on Tazeem, who is you" asks what a word of it means: its ruling says)
        card_asked=card_asked and definition is None,
    )


#: the words beside a card's name in a question about what the card does: "the great forest
#: chaos", "naya's ability", "interplanar tunnel encounter" ("what does", "happens" are
#: stopwords already; "plane" and "card" are not among them: "interplanar tunnel which plane
#: do i go to after" asks a detail)
CARD_QUESTION_WORDS = wordset(
    "chaos ensue ensues ensuing ability abilities text oracle encounter encountered"
    " encountering effect effects trigger triggers triggered"
    # the same question in French and Danish ("éther chaotique ça fait quoi", "hvad gør
    # naya"), folded as the query's words are
    " fait quoi ca capacite capacites texte effet chaos declenche"
    " gor gør hvad evne evnen tekst teksten effekt kaos"
)


def asks_the_card(
    surfaced: list[tuple[str, dict[str, float]]], card_words: set[str], named: frozenset[str]
) -> bool:
    """Whether a question naming the cards ``named`` (by ``card_words``) asks what they do:
    each of its content words names one or is one of :data:`CARD_QUESTION_WORDS`."""
    english = {word for card in named for word in cards.name_words(card)}
    return all(
        word in card_words or cards.key(word) in english or word in CARD_QUESTION_WORDS
        for word, _ in surfaced
    )


def quantity_words(index: SearchIndex) -> dict[str, list[str]]:
    """Per language, the words that state a quantity: numbers from two, spelt or as
    digits, folded ("one" and "a" say too little)."""
    out: dict[str, list[str]] = {}
    for lang in index.langs:
        spelt = NUMBERS.get(lang, "").split()[2:]
        out[lang] = [fold(word) for word in spelt] + [str(n) for n in range(2, 100)]
    return out


def editions_named(index: SearchIndex, query: str) -> tuple[set[int], set[str]]:
    """The editions in scope a query names (by their words, their language, or a year:
    the English editions that took effect that year, else the last one before), when it
    names some but not all; and the query's words that did the naming."""
    if len(index.edition_ids) < 2:
        return set(), set()
    said = {fold(word) for word in words(query)}
    named: set[int] = set()
    naming: set[str] = set()
    for number, names in enumerate(index.edition_names):
        hit = said.intersection(names)
        if hit:
            named.add(number)
            naming |= hit
    for year in sorted(w for w in said if len(w) == 4 and w.isdigit() and w[:2] in ("19", "20")):
        dated = [
            (info.effective, number)
            for number, edition_id in enumerate(index.edition_ids)
            if (info := index.infos.get(edition_id)) is not None
            and info.kind == ENGLISH_CR
            and info.effective
        ]
        that_year = {number for effective, number in dated if effective[:4] == year}
        if not that_year:
            before = [(effective, number) for effective, number in dated if effective < year]
            that_year = {max(before)[1]} if before else set()
        if that_year:
            named |= that_year
            naming.add(year)
    if len(named) == len(index.edition_ids):
        return set(), set()
    return named, naming


def went_to(index: SearchIndex, query: str, numbers: list[str]) -> frozenset[str]:
    """For a query naming a rule number and a year before the current edition's, or asking
    how the rules used to be: today's rules that rule went to (:func:`.moves.moved_rules`)."""
    current = next((info for info in index.infos.values() if info.current), None)
    if not numbers or current is None or not current.effective:
        return frozenset()
    years = [w for w in words(query) if len(w) == 4 and w.isdigit() and w < current.effective[:4]]
    if not years and not (may_hold(query, PAST_NEEDLES) and PAST_RE.compiled.search(query)):
        return frozenset()
    from planarcli.rulebook.catalogue import bundled_infos
    from planarcli.rulebook.search.moves import moved_rules

    infos = bundled_infos(os.path.dirname(current.location))
    return moved_rules(infos, current, numbers, years)


def asks_the_past(index: SearchIndex, query: str) -> set[str]:
    """The words by which a query asks how the rules used to be, when the editions
    searched hold the current one and older ones (else none)."""
    current = next((info.id for info in index.infos.values() if info.current), None)
    if current not in index.edition_ids or len(index.edition_ids) < 2:
        return set()
    if not may_hold(query, PAST_NEEDLES):
        return set()
    return {fold(word) for match in PAST_RE.compiled.finditer(query) for word in words(match[0])}


def subject_of(index: SearchIndex, query: str) -> tuple[list[str], bool] | None:
    """For a query that asks what something is: the words of that thing, and whether it
    is a person ("who is ...")."""
    text = query.replace("’", "'")
    asked = first_match(SUBJECT_PARTS, text)
    person = False
    if asked is not None:
        # "who is the planar controller in grand melee": the planar controller, in the
        # case the rest names
        found = next(group for group in asked.groups() if group)
        from planarcli.rulebook.search.subject import subject_head

        text = subject_head(found)
        person = asked.group(0).lower().startswith(("who", "qui", "hvem"))
    elif not first_match(DEFINITION_PARTS, text):
        return None
    subject = [
        word
        for word in words(text)
        if not is_stopword(index, word) and word not in DEFINITION_WORDS and len(word) > 1
    ]
    if not 0 < len(subject) <= 3:
        return None
    return subject, person


def defined_subject(
    index: SearchIndex, subject: list[str], person: bool
) -> Callable[[str], object]:
    """The search for a text that says what ``subject`` is: true in exactly the texts
    where :func:`subject_pattern` (case-insensitive) finds a match. The pattern costs a
    search about 3% of its start-up to compile; the subject's words are found in the lower
    case text with ``str.find``, and the words around them read by
    :func:`.subject.says_what`. A text or a word holding one of ``subject.FOLD_TWINS`` (a
    letter the pattern reads as another one that its lower case does not equal), or a word
    with a character other than a word character, is read by the pattern itself."""
    from planarcli.rulebook.search.subject import FOLD_TWINS, is_word, says_what

    said = corrected(index, subject)
    folded = [word.lower() for word in said]
    if not all(word and all(is_word(char) for char in word) for word in folded) or not (
        FOLD_TWINS.isdisjoint("".join(said))
    ):
        return gated(*subject_pattern(index, said, person), re.IGNORECASE)
    pattern = lazy(subject_pattern(index, said, person)[0], re.IGNORECASE)
    # the letters that may stand for a letter of ASCII words in the pattern's reading but
    # not in the lower case text's (for other words, any of FOLD_TWINS)
    twins = CASE_TWINS if all(word.isascii() for word in folded) else FOLD_TWINS

    def search(text: str) -> object:
        plain = text.isascii()  # (known without reading the text)
        lowered = text.lower()
        for word in folded:
            if word not in lowered:
                # most texts: the pattern would not find the word either
                if plain or not any(twin in text for twin in twins):
                    return False
                return pattern.search(text)
        if not plain and not FOLD_TWINS.isdisjoint(text):
            return pattern.search(text)
        return says_what(lowered, folded, person)

    return search


def corrected(index: SearchIndex, subject: list[str]) -> list[str]:
    """``subject``'s words, a word the index does not hold corrected (a typo)."""
    subject = list(subject)
    known = index.surface
    for number, word in enumerate(subject):
        if word not in known and not word.isdigit():
            subject[number] = typo_word(index, word) or word
    return subject


def subject_pattern(index: SearchIndex, subject: list[str], person: bool) -> tuple[str, list[str]]:
    """A pattern for a text that says what ``subject`` is: the subject followed by "is",
    "are", "means"; and the subject's words as literals (each match holds them all)."""
    subject = corrected(index, subject)
    # the words as the question gave them, perhaps with a short word between ("capacité
    # de transplanage")
    said = r"(?:\W+\w{1,3})?\W+".join(re.escape(word) for word in subject)
    # "<the thing> is ...", and for a person also "... is a <the thing>" ("Each of them
    # is a planar controller.")
    named = (
        rf"|\b(?:is|are|est|sont|er)\s+"
        rf"(?:a|an|the|un|une|le|la|en|et)\s+{said}\b"
        if person
        else ""
    )
    # ... or that names it: 'known as the "planeswalking ability"', "Cela s'appelle la
    # « capacité de transplanage »"
    called = (
        rf"|\b(?:known\s+as|called|s'appelle|appelée?s?|kaldes|kaldet)\s+"
        rf"(?:(?:a|an|the|un|une|le|la|l'|en|et)\s*)?[\"“«'‘]?\s*{said}\b"
    )
    pattern = (
        # "A planar die is ...", "A player's range of influence is ...", "Each turn
        # marker represents ..." (a possessive from a word's start: the match is the same
        # as from any letter of it, and the search does not try every letter)
        rf"(?:^|[.:]\s|\b(?:a|an|the|to|each|un|une|le|la|en|et)\s|\b\w+['’]s\s){said}s?"
        rf"\s+(?:is|are|means|represents?|est|sont|er)\b{named}{called}"
    )
    return pattern, [re.escape(word) for word in subject]


def gated(pattern: str, gates: list[str], flags: int) -> Callable[[str], re.Match[str] | None]:
    """``pattern``'s search, run only in a text where each of ``gates`` (patterns each of
    its matches holds) is found. The pattern of "what is X" may start at any word and
    is slow to search; X's words are literals, found fast, and most texts do not hold them.
    The pattern compiles on its first search. (A function, not a class: a class costs
    every search's start-up more.)"""
    whole = lazy(pattern, flags)
    literals = [re.compile(gate, flags) for gate in gates]

    def search(text: str) -> re.Match[str] | None:
        for gate in literals:
            if gate.search(text) is None:
                return None
        return whole.search(text)

    return search


def untitled(
    index: SearchIndex, surfaced: list[tuple[str, dict[str, float]]]
) -> list[tuple[str, dict[str, float]]]:
    """The query's words with the variant's name ("Planechase", "Planar Magic", the title
    of 901 in the editions searched) at WEIGHTS["title"].weight: every text is about it, so it
    says what a question is about, not which rule answers it."""
    if len(surfaced) < 2:
        return surfaced
    titles = {
        tuple(index.tokens[position].split(" "))
        for position, rule_id in enumerate(index.ids)
        if rule_id == VARIANT_SECTION and index.kinds[position] == "rule"
    }
    named: set[int] = set()
    for title in titles:
        size = len(title)
        for start in range(len(surfaced) - size + 1):
            if all(title[k] in surfaced[start + k][1] for k in range(size)):
                named.update(range(start, start + size))
    if not named or len(named) == len(surfaced):
        return surfaced
    return [
        (word, {t: w * WEIGHTS["title"].weight for t, w in group.items()} if n in named else group)
        for n, (word, group) in enumerate(surfaced)
    ]


def rulings_of(index: SearchIndex, cards: frozenset[str]) -> frozenset[int] | None:
    """The positions of the rulings and Oracle texts of ``cards``, or None for an index
    without rulings.

    Raises ValueError when the index says otherwise than its rulings (a cached file with an
    index's shape but not its content: :mod:`planarcli.rulebook.searchcache` rebuilds it)."""
    if not index.cards:
        return None
    found = frozenset(position for card in cards for position in index.cards.get(card, ()))
    kinds, notes = index.kinds, index.notes
    for position in found:
        if not (
            type(position) is int
            and 0 <= position < len(kinds)
            and kinds[position] in CARD_KINDS
            and notes[position].split("|")[0] in cards
        ):
            raise ValueError("the index's card rulings are not its rulings")
    return found


#: each index's card names (:func:`card_names`), for as long as the index lives
_CARD_NAMES: weakref.WeakKeyDictionary[SearchIndex, cards.Names] = weakref.WeakKeyDictionary()


def card_names(index: SearchIndex) -> cards.Names:
    """The cards the index holds rulings of (made once per index)."""
    known = _CARD_NAMES.get(index)
    if known is None:
        found = sorted(index.cards)
        # with the names printed in other languages, kept beside the rulings document's
        # (read here only for an index that holds rulings: a question that names a card)
        info = rulings_info(index) if found else None
        known = cards.Names.of(found) if info is None else scope_names(info)
        _CARD_NAMES[index] = known
    return known


def rulings_info(index: SearchIndex) -> EditionInfo | None:
    """The rulings document among the editions ``index`` searches (None if none)."""
    return next(
        (
            info
            for info in index.infos.values()
            if info.kind == "rulings" and info.id in index.edition_ids
        ),
        None,
    )


def cards_named(index: SearchIndex, query: str) -> tuple[frozenset[str], set[str]]:
    """The cards a query names (see :mod:`.cards`), and the words that name them."""
    names = card_names(index)
    if not names.spelt:
        return frozenset(), set()
    ruled = index.lang_df.get("en", {})
    return cards.named(
        query,
        names,
        known=index.surface,
        ruled=lambda word: bool(ruled.get(stem(word, "en"))),
        among=index.cards,
    )


def card_reading(index: SearchIndex, query: str) -> tuple[frozenset[str], set[str], str]:
    """The cards ``query`` names, the words that name them (:func:`cards_named`) and the
    query with those words as the cards' English names write them
    (:func:`card_spelling`). Card names kept in the cache dir that make this fail
    (a file with the right shape, not the right content) are read again from the rulings,
    as the search's scope reads them (:func:`read_names`)."""
    try:
        found, card_words = cards_named(index, query)
        if not found:
            return found, card_words, query
        return found, card_words, card_spelling(query, card_names(index), found, card_words)
    except Exception:
        info = rulings_info(index)
        if info is None:
            raise
        names = scope_names(info, cached=False)
        _CARD_NAMES[index] = names
        found, card_words = cards_named(index, query)
        return found, card_words, card_spelling(query, names, found, card_words)


def card_spelling(
    query: str, names: cards.Names, named: frozenset[str], card_words: set[str]
) -> str:
    """``query`` with the words that name a card as the card's English name writes them
    (:func:`.cardnames.card_spelling`; most questions say the English name's words)."""
    english = {word for card in named for word in cards.name_words(card)}
    if all(word in english for word in card_words):
        return query
    from planarcli.rulebook.search import cardnames

    return cardnames.card_spelling(query, names, named, card_words, english)


def translated_definition(
    index: SearchIndex,
    definition: Callable[[str], object],
    subject: list[str],
    person: bool,
    strange: frozenset[str],
) -> Callable[[str], object]:
    """``definition`` (of ``subject`` in a question in French or Danish) or the same said
    of the subject's English words (:data:`.analysis.TRANSLATIONS`): each its own search
    (:func:`defined_subject`), true where the one or the other pattern matches."""
    spoken = [lang for lang in index.langs if lang not in strange]
    english = [word for said in subject for word in translations(said, spoken) or (said,)]
    if english == subject:
        return definition
    also = defined_subject(index, english, person)

    def search(text: str) -> object:
        return definition(text) or also(text)

    return search


# --------------------------------------------------------------------------- card names
# The card names kept in the cache dir are read here (:mod:`.cards` matches them), and
# made by :mod:`.cardnames`, loaded only then.


def scope_names(info: EditionInfo, *, cached: bool = True) -> cards.Names:
    """The card names of the rulings document ``info`` and their printed names (from the
    bundled card snapshot), from the cache dir when it holds them for these files (and
    ``cached``), else read from them, and kept. The part read for every question is the
    rulings' own names (:func:`.cardnames.split`); the other names are read only when a
    question may say one (:meth:`.cards.Names.everything`). A kept file that makes matching
    fail is read again by :func:`read_names`."""
    from planarcli import marshalcache, resources
    from planarcli.paths import cache_dir_path

    snapshot = resources.package_data_file("cards.json")
    try:
        status = os.stat(info.location)
        printed_status = os.stat(snapshot)
    except OSError:
        return cards.Names({})
    stamp = (
        f"{marshalcache.python_key()}\n{info.location}\n{status.st_size}:{status.st_mtime_ns}"
        f"\n{snapshot}\n{printed_status.st_size}:{printed_status.st_mtime_ns}"
    )
    folder = os.path.join(cache_dir_path(), "search")
    if not cached:
        return build_card_names(info, snapshot, stamp, folder)[0]

    def everything() -> cards.Names:
        every = cards.read_kept(os.path.join(folder, cards.ALL_FILE), stamp)
        whole = cards.Names.restore(every)
        return whole if whole is not None else build_card_names(info, snapshot, stamp, folder)[1]

    own = cards.read_kept(os.path.join(folder, cards.OWN_FILE), stamp)
    kept = cards.Names.restore(own, everything)
    if kept is None:
        kept = shipped_card_names(info, snapshot, stamp, folder)
    return kept if kept is not None else build_card_names(info, snapshot, stamp, folder)[0]


def shipped_card_names(
    info: EditionInfo, snapshot: str, stamp: str, folder: str
) -> cards.Names | None:
    """The rulings' own names as shipped with planarcli for the bundled rulings and card
    snapshot (:mod:`planarcli.rulebook.shippedindex`), both parts kept in the cache dir as
    though made here; None when none ship for these files."""
    from planarcli import marshalcache
    from planarcli.rulebook import shippedindex

    states = shippedindex.names_states(info, snapshot, cards.NAMES_VERSION)
    if states is None:
        return None
    whole = cards.Names.restore(states[1])
    own = cards.Names.restore(states[0], lambda: whole) if whole is not None else None
    if own is None:
        return None
    marshalcache.write(os.path.join(folder, cards.OWN_FILE), cards.MAGIC, stamp, states[0])
    marshalcache.write(os.path.join(folder, cards.ALL_FILE), cards.MAGIC, stamp, states[1])
    return own


def build_card_names(
    info: EditionInfo, snapshot: str, stamp: str, folder: str
) -> tuple[cards.Names, cards.Names]:
    """The names made again and kept (see :func:`.cardnames.build`; the code that makes
    them is loaded only then)."""
    from planarcli.rulebook.search import cardnames

    return cardnames.build(info, snapshot, stamp, folder)


def read_names(query: str, info: EditionInfo) -> tuple[cards.Names, frozenset[str], set[str]]:
    """The card names of the rulings ``info`` (:func:`scope_names`), the cards ``query``
    names in them and the words naming those (:func:`.cards.named`). Names kept in the cache dir
    that make this fail (a file with the right shape, not the right content: made by hand
    or by another program) are read again from the rulings: a crafted file costs a
    rebuild, never a traceback."""
    try:
        names = scope_names(info)
        found, naming = cards.named(query, names)
        names.ruled(found)
    except Exception:  # whatever the cached files held: rebuild
        names = scope_names(info, cached=False)
        found, naming = cards.named(query, names)
    return names, found, naming
