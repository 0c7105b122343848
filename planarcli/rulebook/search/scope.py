"""Which editions a search covers, and the checks a query passes before it is read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from planarcli.errors import UsageError
from planarcli.lazyre import lazy
from planarcli.rulebook.search.analysis import TOKEN_RE

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import Edition, EditionInfo
    from planarcli.rulebook.search.index import SearchResult


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
    passages name the current rule they correspond to."""
    from planarcli.rulebook.corpus import RULINGS, resolve_edition

    rulings = [info for info in infos if info.kind == RULINGS]
    infos = [info for info in infos if info.kind != RULINGS]
    if edition is None and not lang:
        from planarcli.rulebook.search.language import detect

        spoken = detect(query) if query else None
        chosen = [resolve_edition("current", list(infos))]
        chosen += [info for info in infos if spoken and info.lang == spoken]
        if query is None:
            return chosen + rulings
        # the rulings (and their larger index) only for a question that names a card
        from planarcli.rulebook.search.cards import names_in

        return chosen + [info for info in rulings if names_in(query, info)]
    if edition is None or edition.strip().lower() == "all":
        chosen = list(infos)
    else:
        # an id, or a date: the edition in force that day, as `rules show` reads it
        chosen = [resolve_edition(edition, list(infos), by_date=True)]
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

    return SearchIndex(scope).search(query, limit)
