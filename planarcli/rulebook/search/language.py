"""Query understanding: the language of a query.

With several languages in scope, the query's language is the one whose texts hold most of
its words: texts in other languages are down-weighted (``other_language`` in
:mod:`.weights`), and a stopword of the query's language stays one ("have" is also Danish).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from planarcli.rulebook.search.analysis import RULE_NUMBER_RE, fold, words, wordset

if TYPE_CHECKING:
    from planarcli.rulebook.search.cards import Names
    from planarcli.rulebook.search.index import SearchIndex


def other_languages(index: SearchIndex, query: str) -> frozenset[str]:
    """The languages in scope that are evidently not the query's.

    The query's language is the one whose texts hold the most of its words (stopwords
    included: "how many ... can my ... have" is English even though "have" is a Danish
    word too), English on a tie; the other languages are down-weighted, not dropped.
    """
    if len(index.vocabulary) < 2:
        return frozenset()
    tokens = {
        fold(token)
        for token in words(query)
        if not token.isdigit() and not RULE_NUMBER_RE.match(token)
    }
    if not tokens:
        return frozenset()
    cover = {
        lang: sum(1 for token in tokens if token in index.vocabulary_set(lang))
        for lang in index.vocabulary
    }
    best = max(cover.values())
    leaders = {lang for lang, count in cover.items() if count == best}
    if len(leaders) > 1 and "en" in leaders:
        # A word every language has ("deck", "planeswalk") decides nothing; the rules
        # are English first (the other texts are a translation and guides).
        leaders = {"en"}
    return frozenset(lang for lang in cover if lang not in leaders)


#: words that mark a question as French or Danish (none of them an English word)
MARKERS = {
    "fr": wordset(
        "est-ce qu que qui quoi quand quel quelle quels quelles le la les des du une un est"
        " je tu il elle on peut peux puis dois doit mon ma mes ton ta tes son sa ses dans avec"
        " pour sur c'est comment combien pourquoi ou où et au aux de ce cette ces se ne pas"
        " plus mais si sont ont faut faire fait qu'on qu'il lorsque chaque joueur joueuse"
        " carte cartes plan plans dé planaire phénomène phénomènes bibliothèque partie tour"
        " adversaire transplaner transplane transplanes"
        # the words of the variants' French names and what players say with them, typed
        # with or without accents ("bagarre generale", "geant a deux tetes", "en meme temps")
        " bagarre générale generale géant geant têtes tetes deux plusieurs même meme temps"
    ),
    "da": wordset(
        "hvad hvis hvordan hvornår hvor hvorfor hvem hvilken hvilke kan man jeg du det er og"
        " ikke må skal mit min mine når den der til på med af et en som har sker spiller"
        " spilleren kort kortet kortene fly flyet terning terningen bunke bunken eller også"
        " bliver være blive noget nogen alle hver efter før ligger virker spillet ser ud"
        " kommandozonen flykort flykortet flykortene"
    ),
}
#: letters only that language writes
LETTERS = {"fr": frozenset("éèêàçùâîôûëïœ"), "da": frozenset("æøå")}
#: English words among the markers above: not counted
ENGLISH_MARKERS = wordset("on a an in man can den me if so ten or under plus")
#: English words that say a question is English (ENGLISH_MARKERS, dropped first, never count)
ENGLISH_WORDS = wordset(
    "the is are what how does do when who which you your my i it of to and with for this that"
    " there be"
)


def detect(query: str, cards: Names | None = None, naming: Collection[str] = ()) -> str | None:
    """The language of a question evidently in French or Danish ("fr", "da"), else None (English, or
    too short to tell): by its words that only those languages use and by their letters.
    Cheap, and measured on every English question of the question sets (no false positive).

    A card's name says nothing of the language: the words ``naming`` a card (folded: "Académie
    de l'Ouest de Tolaria") are left out, and a word of an English name of ``cards`` written
    with a letter of another language ("Æther Flues") is no sign."""
    tokens = [
        token
        for token in words(query)
        if token not in ENGLISH_MARKERS and not (naming and fold(token) in naming)
    ]
    if not tokens:
        return None
    folded = " ".join(
        token
        for token in tokens
        if token.isascii() or cards is None or not cards.english_word(token)
    )
    english = sum(1 for token in tokens if token in ENGLISH_WORDS)
    best, chosen = 0.0, None
    for lang, markers in MARKERS.items():
        hits = sum(1 for token in tokens if token in markers)
        hits += 2 * any(letter in folded for letter in LETTERS[lang])
        if hits > best:
            best, chosen = hits, lang
    # A word or two of the game ("terningen", "transplaner", "flykort") is enough when no
    # English word stands beside it; a longer question needs two signs.
    enough = 1 if len(tokens) <= 2 and english == 0 else 2
    if chosen is None or best < enough or best <= english:
        return None
    return chosen
