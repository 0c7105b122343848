"""Query understanding: the language of a query.

With several languages in scope, the query's language is the one whose texts hold most of
its words: texts in other languages are down-weighted (``other_language`` in
:mod:`.weights`), and a stopword of the query's language stays one ("have" is also Danish).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.rulebook.search.analysis import RULE_NUMBER_RE, fold, words

if TYPE_CHECKING:
    from planarcli.rulebook.search.index import SearchIndex

#: how a query names the language of a translation or guide
LANGUAGE_NAMES = {
    "fr": ("french", "français", "francais", "française", "francaise", "fransk", "franske"),
    "da": ("danish", "dansk", "danske", "danois", "danoise", "denmark", "danmark"),
    "en": ("english", "anglais", "engelsk", "engelske"),
}


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
