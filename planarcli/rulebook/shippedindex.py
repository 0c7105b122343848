"""The search index and card names shipped with planarcli, for the first search.

The first ``rules search`` after an install, an upgrade or a cleared cache would build the
index of its editions (a few tenths of a second to over a second) and the card names of the
rulings; for the bundled editions that work is the same for everyone. So
``scripts/build_search_index.py`` builds it once, for the scopes a search without
``--edition`` or ``--lang`` covers over the bundled editions, into
``planarcli/data/search/``; :mod:`.searchcache` and :func:`.search.query.scope_names` read it
when the cache dir has no valid copy, and then keep it in the cache dir as though they had
built it (signed with the user's secret, :mod:`planarcli.marshalcache`).

* **Key.** Each shipped file is named after, and headed by, a *portable* key: what the
  cache's key records, with the content of files instead of their paths and times (the index
  version, the version of PyStemmer from its installed metadata, the marshal format, the name
  and checksums of each phrasings file, and per edition its id, language, kind, source, size
  and checksums). A scope whose key has no shipped file (an imported edition, a newer current
  edition, another PyStemmer, edited phrasings) is built as before.
* **Format.** The magic line, the key, a blank line, then ``zlib`` of ``marshal`` (format 4,
  which every supported Python reads). The file is package data, as trusted as the code
  beside it (SECURITY.md); it is still read only when it is a regular file of a sane size,
  and what it decodes to must have the index's or the names' shape, else it is not used.
* **Staleness.** ``tests/rulebook/test_shippedindex.py`` builds every shipped state with the
  code and fails when a file differs, naming :data:`BUILD_COMMAND`.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import EditionInfo

#: the one command that rebuilds every shipped file (after any change to what the index holds)
BUILD_COMMAND = "python scripts/build_search_index.py"
INDEX_MAGIC = b"planarcli shipped search index 1\n"
NAMES_MAGIC = b"planarcli shipped card names 1\n"
#: the folder of the shipped files, in ``planarcli/data``
FOLDER = "search"
#: the marshal format written (version 4: Python 3.4 and later read it)
MARSHAL_FORMAT = 4
#: the largest shipped file read, compressed and decompressed
MAX_BYTES = 16 * 1024 * 1024


def folder() -> str:
    """Where the shipped files are."""
    from planarcli import resources

    return resources.package_data_file(FOLDER)


def content(path: str) -> str:
    """A file's size and two checksums of its bytes ("unreadable" when it cannot be read)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return "unreadable"
    return f"{len(data)}:{zlib.crc32(data):08x}:{zlib.adler32(data):08x}"


def edition_part(info: EditionInfo) -> str:
    """An edition as keys record it: id, language, kind, source and content."""
    return f"{info.id}|{info.lang}|{info.kind}|{info.source}|{content(info.location)}"


def stemmer_release() -> str:
    """PyStemmer's installed release (from its metadata folder beside the module, without
    importing it); "none" when it is not installed, "unknown" when its release is not found."""
    from importlib.machinery import PathFinder

    spec = PathFinder.find_spec("Stemmer")
    if spec is None or not spec.origin:
        return "none"
    try:
        names = os.listdir(os.path.dirname(spec.origin))
    except OSError:
        return "unknown"
    found = sorted(
        name[: -len(".dist-info")].lower()
        for name in names
        if name.lower().startswith("pystemmer-") and name.endswith(".dist-info")
    )
    return found[-1] if len(found) == 1 else "unknown"


def index_key(scope: Sequence[EditionInfo], version: int) -> str:
    """The portable key of the index over the editions ``scope``, of index ``version``
    (:data:`.search.INDEX_VERSION`: this module is below the search, which reads it)."""
    from planarcli.rulebook import phrasings

    parts = [f"v{version}", f"stemmer {stemmer_release()}", f"marshal {MARSHAL_FORMAT}"]
    parts += [f"phrasings {os.path.basename(p)}|{content(p)}" for p in phrasings.files()]
    parts += [edition_part(info) for info in scope]
    return "\n".join(parts)


def names_key(rulings: EditionInfo, snapshot: str, version: str) -> str:
    """The portable key of the card names of the rulings ``rulings`` and the card
    ``snapshot``, of format ``version`` (the magic line of :mod:`.search.cards`' files)."""
    return "\n".join(
        [version, f"marshal {MARSHAL_FORMAT}", edition_part(rulings), f"cards {content(snapshot)}"]
    )


def file_name(prefix: str, key: str) -> str:
    return f"{prefix}-{zlib.crc32(key.encode('utf-8', 'surrogatepass')):08x}.bin"


def index_file(key: str) -> str:
    return file_name("index", key)


def names_file(key: str) -> str:
    return file_name("card-names", key)


def encode(magic: bytes, key: str, state: dict[str, Any]) -> bytes:
    """A shipped file's bytes for ``state`` under ``key``."""
    import marshal

    payload = zlib.compress(marshal.dumps(state, MARSHAL_FORMAT), 9)
    return magic + key.encode("utf-8", "surrogatepass") + b"\n\n" + payload


def decode(data: bytes, magic: bytes, key: str) -> dict[str, Any] | None:
    """The state in a shipped file's ``data`` for ``key``; None when it is not one."""
    import marshal

    head = magic + key.encode("utf-8", "surrogatepass") + b"\n\n"
    if not data.startswith(head):
        return None
    try:
        unpacker = zlib.decompressobj()
        payload = unpacker.decompress(data[len(head) :], MAX_BYTES)
        if unpacker.unconsumed_tail or unpacker.unused_data or not unpacker.eof:
            return None
        state = marshal.loads(payload)
    except Exception:  # zlib.error, ValueError, EOFError, MemoryError: not used
        return None
    return state if type(state) is dict else None


def read(name: str, magic: bytes, key: str) -> dict[str, Any] | None:
    """The shipped state ``name`` for ``key``; None when none ships or it is not one."""
    from planarcli.marshalcache import read_regular_file

    data = read_regular_file(os.path.join(folder(), name), MAX_BYTES)
    return decode(data, magic, key) if data is not None else None


def index_state(scope: Sequence[EditionInfo], version: int) -> dict[str, Any] | None:
    """The shipped index state of index ``version`` for the editions ``scope`` (None when
    none ships)."""
    key = index_key(scope, version)
    return read(index_file(key), INDEX_MAGIC, key)


def names_states(rulings: EditionInfo, snapshot: str, version: str) -> tuple[Any, Any] | None:
    """The shipped card names (format ``version``) of ``rulings`` and ``snapshot``: the
    states of the rulings' own names and of all the names (:func:`.search.cardnames.state`);
    None when none ship."""
    key = names_key(rulings, snapshot, version)
    state = read(names_file(key), NAMES_MAGIC, key)
    if state is None or set(state) != {"own", "all"}:
        return None
    return state["own"], state["all"]
