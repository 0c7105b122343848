"""Ranked search over rules editions, built the way search engines are, in layers that each
import only the layers below them (``tests/project/test_package_order.py`` keeps the order):

* :mod:`.analysis`: how a text becomes terms (tokens, folding, Snowball stemming) and the
  tables that widen a query word (stopwords, numbers, synonyms), the edit distance;
* :mod:`.index`: :class:`SearchIndex`, the fields, postings and statistics of the passages
  searched (kept on disk by :mod:`planarcli.rulebook.searchcache`);
* :mod:`.expansion`: each query word as weighted index terms (stems in every language in
  scope, accents, synonyms, typos, compounds);
* :mod:`.language`, :mod:`.cards` (with :mod:`.cardnames`), :mod:`.subject` and
  :mod:`.query`: query understanding (the query's language, the cards it names, rule
  numbers, named editions, "what is", "how many", "what happens if"), read into an
  :class:`.query.Understood`;
* :mod:`.scoring`: BM25 over the text and phrasings fields plus named features, whose
  weights are the one table :data:`.weights.WEIGHTS`, for an understood query;
* :mod:`.scope`: which editions a search covers, the checks a query passes, and one search
  (:func:`.scope.search_index`: the query understood, then scored), the one place that ties
  the layers together.

This package exports what the commands, the cache and the tests use.
"""

from __future__ import annotations

from planarcli.rulebook.search.analysis import (
    DEFINITION_WORDS,
    STOPWORDS,
    SYNONYMS,
    content_words,
    fold,
    osa_distance,
    stem,
    stem_da,
    stem_en,
    stem_fr,
    stemmer_version,
    words,
)
from planarcli.rulebook.search.index import (
    AID_SEPARATOR,
    INDEX_VERSION,
    SearchIndex,
    SearchResult,
)
from planarcli.rulebook.search.passages import is_heading
from planarcli.rulebook.search.scope import (
    QUERY_WORDS,
    check_query,
    search,
    search_scope,
    trim_query,
)

#: the name the tests knew (a text that is a title, not a statement)
_is_heading = is_heading

__all__ = [
    "AID_SEPARATOR",
    "DEFINITION_WORDS",
    "INDEX_VERSION",
    "QUERY_WORDS",
    "STOPWORDS",
    "SYNONYMS",
    "SearchIndex",
    "SearchResult",
    "check_query",
    "content_words",
    "fold",
    "osa_distance",
    "search",
    "search_scope",
    "stem",
    "stem_da",
    "stem_en",
    "stem_fr",
    "stemmer_version",
    "trim_query",
    "words",
]
