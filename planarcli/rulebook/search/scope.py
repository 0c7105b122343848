"""Which editions a search covers, the checks a query passes before it is read, and one
search over an index (:func:`search_index`), the top layer of the search."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from planarcli.errors import UsageError
from planarcli.lazyre import lazy
from planarcli.rulebook.search.analysis import TOKEN_RE

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import Edition, EditionInfo
    from planarcli.rulebook.search.cards import Names
    from planarcli.rulebook.search.index import SearchIndex, SearchResult


def search_scope(
    infos: Sequence[EditionInfo],
    edition: str | None,
    lang: str | None,
    query: str | None = None,
) -> list[EditionInfo]:
    """Which editions a search covers (see cli-contract: ``--edition`` and ``--lang``).

    Without either: the current edition; the card rulings for a ``query`` that names a card
    (:mod:`.cards`; for no query, always); and for a ``query`` in French or Danish
    (:func:`.language.detect`), the translation and guides in that language too, whose
    passages name the current rule they correspond to. ``--edition all`` is every document,
    the rulings too; ``--edition rulings`` the rulings alone; ``--lang`` alone, every
    document in that language, with the rulings (English) for a question that names a
    card, as without it."""
    from planarcli.rulebook.corpus import RULINGS
    from planarcli.rulebook.current import resolve_edition

    rulings = [info for info in infos if info.kind == RULINGS]
    infos = [info for info in infos if info.kind != RULINGS]
    if edition is None and not lang:
        from planarcli.rulebook.search.language import detect

        chosen = [resolve_edition("current", list(infos))]
        if query is None:
            return chosen + rulings
        naming: set[str] = set()
        ruled, names = named_rulings(rulings, query, naming)
        # a card's name is no French or Danish ("Æther Flues", "Académie de l'Ouest de Tolaria")
        spoken = detect(query, names, naming) if query else None
        return chosen + [info for info in infos if spoken and info.lang == spoken] + ruled
    wanted = edition.strip().lower() if edition is not None else None
    if wanted is None:
        # the rulings (English, and of today's cards) for a question that names a card
        chosen = list(infos) + (named_rulings(rulings, query, set())[0] if query else rulings)
    elif wanted == "all":
        chosen = list(infos) + rulings
    elif any(info.id.lower() == wanted for info in rulings):
        chosen = [info for info in rulings if info.id.lower() == wanted]
    else:
        # an id, or a date: the edition in force that day, as `rules show` reads it
        assert edition is not None
        chosen = [resolve_edition(edition, list(infos) + rulings, by_date=True)]
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


def named_rulings(
    rulings: Sequence[EditionInfo], query: str, naming: set[str]
) -> tuple[list[EditionInfo], Names | None]:
    """The rulings documents of cards ``query`` names (the words that name them added to
    ``naming``), and the names of the last document (None without rulings). The names
    kept in the cache dir are read again from the document if they make matching fail
    (:func:`.query.read_names`)."""
    from planarcli.rulebook.search.query import read_names

    ruled = []
    names = None
    for info in rulings:
        names, cards, words = read_names(query, info)
        naming |= words
        if names.ruled(cards):
            ruled.append(info)
    return ruled, names


#: a query is read up to this many words: the rest of a pasted page would cost seconds
#: (each unknown word is corrected against the corpus) and says nothing more
QUERY_WORDS = 64
_CONTROL_RE = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def check_query(query: str, limit: int) -> None:
    if not query.strip():
        raise UsageError("the search query is empty", hint="for example: planar die cost")
    if not query.isprintable() and _CONTROL_RE.search(query):
        raise UsageError(
            "the search query holds control characters, so it is not text (binary data?)",
            hint="search for words, for example: planar die cost",
        )
    if limit < 1:
        raise UsageError("--limit must be at least 1")


def trim_query(query: str) -> tuple[str, bool]:
    """``query`` up to its QUERY_WORDS-th word, and whether anything was left out."""
    for count, match in enumerate(TOKEN_RE.finditer(query), 1):
        if count > QUERY_WORDS:
            return query[: match.start()].rstrip(), True
    return query, False


def search(
    query: str, editions: Sequence[Edition], lang: str | None = None, limit: int = 10
) -> list[SearchResult]:
    """The ``limit`` best rules for ``query`` across ``editions``, best first (no cache)."""
    check_query(query, limit)
    query, _ = trim_query(query)
    scope = [e for e in editions if lang is None or e.info.lang == lang]
    from planarcli.rulebook.search.index import SearchIndex

    return search_index(SearchIndex(scope), query, limit)


def search_index(index: SearchIndex, query: str, limit: int = 10) -> list[SearchResult]:
    """The ``limit`` best documents of ``index`` for ``query``, best first: the one place
    that ties the layers together (as Whoosh's searcher does): the query is read against
    the index (:func:`.query.understand`: its terms, by :mod:`.expansion` and
    :mod:`.language`, and what it asks), then ranked over it (:func:`.scoring.rank`), and
    each result given the passage of its text that holds the query's words
    (:func:`.snippet.attach`).
    Neither layer calls the other, and the index calls neither."""
    import gc

    from planarcli.rulebook.search import scoring, snippet
    from planarcli.rulebook.search.query import understand

    collecting = gc.isenabled()
    gc.disable()  # a search makes many small objects and no cycles
    try:
        asked = understand(index, query)
        results = scoring.rank(index, asked, limit)
        # each result's passage that holds the query's words (:mod:`.snippet`)
        snippet.attach(index, asked.weights, asked.owners, results, question=query)
        return results
    finally:
        if collecting:
            gc.enable()
