"""One search: the layer that ties the others together (as Whoosh's ``searching``).

The query is read against the index (:func:`.query.understand`: its terms, by
:mod:`.expansion` and :mod:`.language`, and what it asks), then ranked over the index
(:func:`.scoring.rank`). Neither layer calls the other, and the index calls neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.rulebook.search import scoring
from planarcli.rulebook.search.query import understand

if TYPE_CHECKING:
    from planarcli.rulebook.search.index import SearchIndex, SearchResult


def search(index: SearchIndex, query: str, limit: int = 10) -> list[SearchResult]:
    """The ``limit`` best documents of ``index`` for ``query``, best first."""
    import gc

    collecting = gc.isenabled()
    gc.disable()  # a search makes many small objects and no cycles
    try:
        return scoring.rank(index, understand(index, query), limit)
    finally:
        if collecting:
            gc.enable()
