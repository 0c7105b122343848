"""The search index on disk: built once per set of editions, reused until they change.

``rules search`` would otherwise load every edition in scope and index it on each run, a cost
that grows with every edition a user imports. Instead the index is kept in
``<cache dir>/search/`` (``PLANARCLI_CACHE_DIR``), one file per scope (which editions a search
covers: the current one, ``--edition all``, ``--lang fr``, ...).

* **Key.** Each file records the content of the editions it was built from: per edition its
  id, language, kind and source, the size of its file and two checksums of its bytes (CRC-32
  and Adler-32), plus the index version, the stemmer's version, and the name, size and
  modification time of each file of search phrasings (``rules/phrasings/``: part of the
  installation, like the code). The key is recomputed
  from the files on every search (reading a few hundred kilobytes costs well under a
  millisecond); any difference rebuilds the index. Nothing else is trusted from file times.
* **Format.** ``marshal`` of plain lists, dicts, strings and numbers, behind a header: a
  magic line, the key, the length and the CRC-32 of the payload
  (:mod:`planarcli.marshalcache`). Loading is about five times
  faster than ``json`` for this data and needs no import. Unlike ``pickle``, ``marshal`` cannot
  run code while loading; the checksum is checked before anything is unmarshalled, and the
  result must have the index's shape, so a truncated, corrupted or foreign file is never
  used. (The file is as trusted as the rest of the user's cache dir: whoever can write there
  can already change what planarcli reads.) ``marshal``'s format may change between Python
  versions, so the interpreter's version is part of the key.
* **Writes** go to a temporary file in the same folder, then ``os.replace``: a reader sees the
  old file or the new one, never half of one. A cache that cannot be written (read-only
  home, full disk) is not an error: the search runs on the index built in memory.
* **Shipped.** With no valid file, the index shipped for the bundled editions
  (:mod:`.shippedindex`) is read when one ships for this scope, and kept here as though built.
* **Damage.** A file that is not a valid index is rebuilt and replaced, silently: it is a
  cache, and the search gives the same results either way.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from planarcli import marshalcache
from planarcli.errors import PlanarError

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import EditionInfo
    from planarcli.rulebook.search import SearchIndex, SearchResult

MAGIC = b"planarcli-search-index\n"
FOLDER = "search"
#: index files kept: the scopes a user searches (current, all, a language, an edition)
KEEP = 12


def _content_key(scope: Sequence[EditionInfo]) -> str:
    from planarcli.rulebook import phrasings, search

    parts = [
        f"v{search.INDEX_VERSION}",
        f"stemmer {search.stemmer_version()}",
        marshalcache.python_key(),
        phrasings.fingerprint(),
    ]
    for info in scope:
        try:
            with open(info.location, "rb") as handle:
                data = handle.read()
            fingerprint = f"{len(data)}:{zlib.crc32(data):08x}:{zlib.adler32(data):08x}"
        except OSError:
            fingerprint = "unreadable"
        parts.append(f"{info.id}|{info.lang}|{info.kind}|{info.source}|{fingerprint}")
    return "\n".join(parts)


def index_path(scope: Sequence[EditionInfo]) -> str:
    """The cache file for a scope (named after which editions it covers, not their text)."""
    from planarcli.paths import cache_dir_path

    names = "\n".join(f"{info.id}|{info.location}" for info in scope).encode("utf-8")
    return os.path.join(cache_dir_path(), FOLDER, f"index-{zlib.crc32(names):08x}.bin")


def _read(path: str, key: str) -> dict[str, Any] | None:
    """The index state stored at ``path`` for ``key``; None when absent, stale or damaged."""
    return marshalcache.read(path, MAGIC, key)


def _write(path: str, key: str, state: dict[str, Any]) -> None:
    """Store ``state`` for ``key`` at ``path`` atomically; a cache that cannot be written is
    left alone."""
    if marshalcache.write(path, MAGIC, key, state):
        _prune(os.path.dirname(path), keep=path)


def _prune(folder: str, keep: str) -> None:
    """Remove the least recently written index files beyond :data:`KEEP`."""
    try:
        names = [name for name in os.listdir(folder) if name.startswith("index-")]
        if len(names) <= KEEP:
            return
        paths = sorted(
            (os.path.join(folder, name) for name in names), key=os.path.getmtime, reverse=True
        )
        for path in paths[KEEP:]:
            if path != keep:
                os.unlink(path)
    except OSError:
        pass


def load_index(scope: Sequence[EditionInfo], *, cached: bool = True) -> SearchIndex:
    """The search index over the editions ``scope``: from the cache when it is valid for
    their current content (and ``cached``), else built (loading the editions) and cached."""
    from planarcli.rulebook.catalogue import load_edition
    from planarcli.rulebook.search import SearchIndex

    key = _content_key(scope)
    path = index_path(scope)
    state = _read(path, key) if cached else None
    if state is not None:
        try:
            index = SearchIndex.from_state(state, scope)
            index.cached = True
            return index
        except Exception:  # anything wrong with a cache file means rebuild
            pass  # not the shape of an index: rebuilt below
    if cached:
        shipped = _shipped(scope)
        if shipped is not None:
            _write(path, key, shipped.state())
            return shipped
    index = SearchIndex([load_edition(info) for info in scope])
    index.infos = {info.id: info for info in scope}
    _write(path, key, index.state())
    return index


def _shipped(scope: Sequence[EditionInfo]) -> SearchIndex | None:
    """The index shipped with planarcli for ``scope`` (:mod:`.shippedindex`), marked as
    read from a file (a search it fails is run again on a built index); None when none
    ships for these editions or it is not an index."""
    from planarcli.rulebook import shippedindex
    from planarcli.rulebook.search import INDEX_VERSION, SearchIndex

    state = shippedindex.index_state(scope, INDEX_VERSION)
    if state is None:
        return None
    try:
        index = SearchIndex.from_state(state, scope)
    except ValueError:
        return None
    index.cached = True
    return index


def search(query: str, scope: Sequence[EditionInfo], limit: int = 10) -> list[SearchResult]:
    """``rules search``: the ``limit`` best results for ``query`` over the editions ``scope``,
    with the cached index. A cached file that has an index's shape but not its content (made
    by hand, or by another program) is never the cause of an error: the index is rebuilt."""
    from planarcli.rulebook.search.scope import search_index as ranked

    index = load_index(scope)
    if not index.cached:
        return ranked(index, query, limit)
    try:
        return ranked(index, query, limit)
    except PlanarError:
        raise  # about the query, not the index
    except Exception:  # whatever a cached index held: rebuild, never a crash
        return ranked(load_index(scope, cached=False), query, limit)
