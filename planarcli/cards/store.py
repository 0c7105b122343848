"""Loading and caching the card data: the snapshot bundled in the package and the synced
cache (``cards.json`` in the cache dir, written by ``planarcli cards sync``), which share
``schemas/catalog.schema.json`` and one parser. The catalog in use is their union
(``load_catalog``): every snapshot card, the synced record winning per oracle id, so a sync
that returned only part of the cards never makes a card unknown.

Start-up is kept cheap by marshal copies of the parsed files in the cache dir
(:mod:`planarcli.marshalcache`), a stamp beside the synced cache that spares the schema
check, and ``synced_card``, which answers `cards show` from the cache alone when it can.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TYPE_CHECKING, Any

from planarcli import resources
from planarcli.cards.catalog import Catalog, too_long_message
from planarcli.cards.model import Card, CatalogSource
from planarcli.cards.names import FOLD_VERSION, fold_name
from planarcli.errors import DataUnavailableError
from planarcli.records import record, replace

if TYPE_CHECKING:
    from json import JSONDecodeError
    from pathlib import Path

CACHE_FILE_NAME = "cards.json"
SNAPSHOT_FILE_NAME = "cards.json"


def parse_catalog(document: Any, *, kind: str, path: str | os.PathLike[str]) -> Catalog:
    """Build a Catalog from a parsed catalog document (already schema-checked). Precomputed
    name ``keys`` folded by another version of ``fold_name`` are dropped (folded anew)."""
    header = document["source"]
    if header.get("fold_version") != FOLD_VERSION:
        for record in document["cards"]:
            record.pop("keys", None)
    api_url = header.get("api_url")
    source = CatalogSource(
        kind,
        os.fspath(path),
        header.get("created"),
        data_as_of=header.get("data_as_of"),
        api_url=api_url if isinstance(api_url, str) else None,
    )
    borrow = None if kind == "snapshot" else bundled_snapshot
    return Catalog.from_records(document["cards"], source, borrow=borrow)


def read_catalog_file(path: str | os.PathLike[str], *, kind: str) -> Catalog:
    """Read one catalog file; raises ValueError/OSError on anything unreadable."""
    return parse_catalog(_catalog_document(path), kind=kind, path=path)


def _catalog_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The parsed catalog file at ``path``. Read as bytes and decoded in one go: a text-mode
    read of the 150 kB snapshot (with its Japanese and Chinese names) costs three times as
    much, on every start-up."""
    import json

    with open(path, "rb") as handle:
        document = json.loads(handle.read().decode("utf-8"))
    if not isinstance(document, dict) or document.get("format") != "planarcli-catalog":
        raise ValueError("not a planarcli card catalog")
    return document


#: The parsed snapshot is kept in the cache dir as marshal (:mod:`planarcli.marshalcache`):
#: loading it costs a third of parsing the JSON, and spares the json import, on every
#: start-up that reads the snapshot.
SNAPSHOT_CACHE_MAGIC = b"planarcli-parsed-snapshot\n"
SNAPSHOT_CACHE_NAME = "snapshot.bin"


#: The snapshot's ``rulings`` section, kept in a copy of its own: only `cards show` reads it,
#: so the catalog's copy (read on every start-up that reads the snapshot) is spared its size.
#: The copy is an index (marshalcache: oracle id → offset, length and keyed digest of the card's
#: marshalled rulings in the data file) and the data file, so that `cards show` reads a few
#: kilobytes of index and one card's rulings, not all 512.
RULINGS_CACHE_MAGIC = b"planarcli-parsed-rulings\n"
RULINGS_CACHE_NAME = "snapshot-rulings.bin"
RULINGS_DATA_NAME = "snapshot-rulings.data"
#: The data file starts with this many bytes of a token its index records: an index never
#: reads a data file written with another.
_TOKEN_BYTES = 16


def _snapshot_key(path: str) -> str:
    """What a parsed copy of the snapshot at ``path`` was made from: the file (path, size,
    mtime), and the planarcli and Python that parsed it."""
    from planarcli import __version__, marshalcache

    status = os.stat(path)
    return "\n".join(
        (path, str(status.st_size), str(status.st_mtime_ns), __version__, marshalcache.python_key())
    )


def _snapshot_document(path: str, *, cached: bool = True) -> dict[str, Any]:
    """The parsed bundled snapshot at ``path``, without its ``rulings`` section: from its
    parsed copy in the cache dir when that was made from this very file (path, size, mtime)
    by this planarcli and Python, else parsed and the copies written (the catalog's and the
    rulings'). A copy that is stale, damaged or unwritable costs only the parse."""
    from planarcli import marshalcache
    from planarcli.paths import cache_dir_path

    key = _snapshot_key(path)
    copy = os.path.join(cache_dir_path(), SNAPSHOT_CACHE_NAME)
    document = marshalcache.read(copy, SNAPSHOT_CACHE_MAGIC, key) if cached else None
    if document is not None and document.get("format") == "planarcli-catalog":
        return document
    document = _catalog_document(path)
    rulings = document.pop("rulings", {})
    marshalcache.write(copy, SNAPSHOT_CACHE_MAGIC, key, document)
    with contextlib.suppress(ValueError):  # a broken section is said when it is read
        _write_rulings_copy(key, rulings)
    return document


def _write_rulings_copy(key: str, rulings: Any) -> None:
    """Write the rulings' parsed copy (data file first, then its index) for ``key``. Best
    effort, as every parsed copy: one that cannot be written only costs the parse."""
    import marshal

    from planarcli import marshalcache
    from planarcli.paths import cache_dir_path

    if not isinstance(rulings, dict):
        raise ValueError("its rulings are not a mapping")
    if not marshalcache.secret()[1]:
        return  # no lasting secret (a read-only data dir): no later run could use the copy
    token = os.urandom(_TOKEN_BYTES)
    chunks = [token]
    index: dict[str, tuple[int, int, int]] = {}
    offset = _TOKEN_BYTES
    for oracle_id, entries in rulings.items():
        blob = marshal.dumps(entries)
        index[oracle_id] = (offset, len(blob), marshalcache.digest(blob))
        chunks.append(blob)
        offset += len(blob)
    folder = cache_dir_path()
    data = os.path.join(folder, RULINGS_DATA_NAME)
    temporary = f"{data}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        with os.fdopen(os.open(temporary, flags, 0o600), "wb") as handle:  # as marshalcache's
            handle.write(b"".join(chunks))
        os.replace(temporary, data)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return
    copy = os.path.join(folder, RULINGS_CACHE_NAME)
    marshalcache.write(copy, RULINGS_CACHE_MAGIC, key, {"token": token, "index": index})


def _copied_rulings(key: str, oracle_id: str) -> list[dict[str, str]] | None:
    """The card's rulings from the parsed copy, or None when there is no current, sound copy
    (the caller then parses the snapshot)."""
    from planarcli import marshalcache
    from planarcli.paths import cache_dir_path

    folder = cache_dir_path()
    saved = marshalcache.read(os.path.join(folder, RULINGS_CACHE_NAME), RULINGS_CACHE_MAGIC, key)
    if saved is None or not isinstance(saved.get("index"), dict):
        return None
    where = saved["index"].get(oracle_id)
    if where is None:
        return []
    # The data file is read like every derived file (issue 15): a regular file of sane size
    # only (a FIFO or /dev/zero there cannot hang or exhaust a command), and anything wrong
    # with it means "parse the snapshot".
    data = marshalcache.read_regular_file(os.path.join(folder, RULINGS_DATA_NAME))
    if data is None:
        return None
    try:
        offset, length, signature = where
        if data[:_TOKEN_BYTES] != saved.get("token") or offset < _TOKEN_BYTES:
            return None
        blob = data[offset : offset + length]
        # The index is signed, and each card's rulings with it: the data file's bytes reach
        # marshal only when this user's planarcli wrote them (see marshalcache).
        if len(blob) != length or not isinstance(signature, str):
            return None
        entries = marshalcache.signed_loads(blob, signature)
    except Exception:  # ValueError, TypeError...: parse instead
        return None
    return entries if isinstance(entries, list) else None


def snapshot_rulings(oracle_id: str) -> list[dict[str, str]]:
    """The bundled rulings of the card with ``oracle_id`` (oldest first, each ``{"date",
    "text", "source"}``; empty when it has none): from the rulings' parsed copy when there is
    a current one, else from the snapshot file (and the copy written). Raises
    DataUnavailableError when the snapshot cannot be read."""
    path = resources.package_data_file(SNAPSHOT_FILE_NAME)
    try:
        key = _snapshot_key(path)
        entries = _copied_rulings(key, oracle_id)
        if entries is not None:
            return entries
        rulings = _catalog_document(path).get("rulings", {})
        _write_rulings_copy(key, rulings)
        entries = rulings.get(oracle_id, [])
        if not isinstance(entries, list):
            raise ValueError("a card's rulings are not a list")
    except (OSError, ValueError) as error:
        raise DataUnavailableError(
            f"the bundled card snapshot {path} is unreadable ({error})",
            hint="reinstall planarcli",
        ) from error
    return entries


def snapshot_path() -> Path:
    return resources.package_data(SNAPSHOT_FILE_NAME)


def load_snapshot() -> Catalog:
    """The bundled snapshot (checked against the schema by the test suite, not at run time)."""
    path = resources.package_data_file(SNAPSHOT_FILE_NAME)
    try:
        return parse_catalog(_snapshot_document(path), kind="snapshot", path=path)
    except Exception:  # a parsed copy in the cache dir that is not what was written (issue 15)
        pass
    try:
        return parse_catalog(_snapshot_document(path, cached=False), kind="snapshot", path=path)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise DataUnavailableError(
            f"the bundled card snapshot {path} is unreadable ({error})",
            hint="reinstall planarcli",
        ) from error


_BUNDLED: Catalog | None = None


def bundled_snapshot() -> Catalog:
    """The bundled snapshot, read once per process (for name lookups a synced cache lacks)."""
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = load_snapshot()
    return _BUNDLED


def cache_api_url(source: CatalogSource) -> str | None:
    """The Scryfall API a synced cache was fetched from (its ``source.api_url``), or None
    (the snapshot; a cache that does not say), as read with the cache: the file is not
    read again."""
    return source.api_url if source.kind == "cache" else None


def cache_path() -> Path:
    from planarcli.paths import cache_dir

    return cache_dir() / CACHE_FILE_NAME


#: Sidecar beside the cache recording that exactly these bytes passed the schema.
STAMP_SUFFIX = ".checked"
#: A cache file larger than this is not a card catalog.
MAX_CACHE_BYTES = 16 * 1024 * 1024
_STAMP_FORMAT = "planarcli-cache-stamp"


def stamp_path(path: Path) -> Path:
    """The sidecar stamp of the cache file at ``path`` (``cards.json.checked``)."""
    return path.with_name(path.name + STAMP_SUFFIX)


def _stamp_file(path: str | os.PathLike[str]) -> str:
    """``stamp_path`` as a string: reading the cache never needs pathlib (its import costs
    about 3 ms of every start-up that finds a synced cache)."""
    return os.fspath(path) + STAMP_SUFFIX


def content_digest(data: bytes) -> str:
    """The sha256 of ``data``, hex.

    Uses CPython's built-in sha256 module when there is one: ``import hashlib`` loads
    OpenSSL, which costs about ten milliseconds on every start-up.
    """
    import importlib

    for name in ("_sha2", "_sha256"):  # Python 3.12+, then 3.10/3.11
        try:
            module: Any = importlib.import_module(name)
            return str(module.sha256(data).hexdigest())
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _schema_digest() -> str:
    """sha256 of the catalog schema file, so a new schema invalidates every stamp."""
    try:
        with open(resources.schema_file("catalog.schema.json"), "rb") as handle:
            return content_digest(handle.read())
    except OSError:
        return "unavailable"


def _stamp_record(size: int, mtime_ns: int, sha256: str) -> dict[str, Any]:
    return {
        "format": _STAMP_FORMAT,
        "schema_sha256": _schema_digest(),
        "size": size,
        "mtime_ns": mtime_ns,
        "sha256": sha256,
    }


def write_cache_stamp(path: str | os.PathLike[str], size: int, mtime_ns: int, sha256: str) -> None:
    """Record that the cache file at ``path`` with this size, mtime and content hash passed
    the catalog schema. Best effort: a stamp that cannot be written only costs speed."""
    stamp = _stamp_file(path)
    folder, name = os.path.split(stamp)
    temp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    import json

    try:
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(_stamp_record(size, mtime_ns, sha256)))
        os.replace(temp, stamp)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _stamp_matches(path: str | os.PathLike[str], size: int, mtime_ns: int, sha256: str) -> bool:
    """True when the sidecar vouches for exactly these bytes under the current schema."""
    import json

    from planarcli.marshalcache import read_regular_file

    # A regular file of sane size only (a FIFO there would hang, /dev/zero exhaust memory),
    # and anything wrong with it (RecursionError from nesting too) means "check in full".
    data = read_regular_file(_stamp_file(path), 64 * 1024)
    if data is None:
        return False
    try:
        recorded = json.loads(data.decode("utf-8"))
    except Exception:
        return False
    return isinstance(recorded, dict) and recorded == _stamp_record(size, mtime_ns, sha256)


def load_cache(path: str | os.PathLike[str]) -> Catalog:
    """The synced cache at ``path``, checked against the catalog schema.

    The schema check (jsonschema) is the slow part, so it is skipped when the sidecar stamp
    (``cards.json.checked``, written by ``cards sync`` and after each full check) records this
    file's size, mtime and sha256 under the current schema. Any edit or replacement changes
    the hash, so the file is checked again (and re-stamped when it passes).

    Raises ValueError with a readable reason when the file is not a valid catalog.
    """
    with open(path, "rb") as handle:
        status = os.fstat(handle.fileno())
        if status.st_size > MAX_CACHE_BYTES:
            raise ValueError(f"{status.st_size} bytes is too large for a card catalog")
        data = handle.read(MAX_CACHE_BYTES + 1)
    if not data.strip():
        raise ValueError("the file is empty")
    digest = content_digest(data)
    from planarcli import marshalcache

    # The parsed copy beside the cache is written only once the file passed the schema: its
    # key (these very bytes, under this schema) vouches for it as the stamp does.
    copy = os.fspath(path) + PARSED_SUFFIX
    key = _parsed_key(path, len(data), status.st_mtime_ns, digest)
    parsed = marshalcache.read(copy, CACHE_COPY_MAGIC, key)
    if parsed is not None:
        # Checksummed, and written only from these bytes once they passed: its cards are
        # made on demand, as the snapshot's are.
        try:
            return parse_catalog(parsed, kind="cache", path=path)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # not what was written: read the file itself below
    import json

    try:
        document = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ValueError(f"not UTF-8 text ({error.reason})") from error
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({_json_problem(error)})") from error
    stamped = _stamp_matches(path, len(data), status.st_mtime_ns, digest)
    if not stamped:
        problem = _schema_problem(document)
        if problem:
            raise ValueError(f"does not match the catalog schema: {problem}")
    # The document is parsed once, whichever way it was vouched for.
    try:
        catalog = parse_catalog(document, kind="cache", path=path)
        if stamped:
            catalog.cards  # noqa: B018  make every Card now: a broken record must show here
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if not stamped:
            raise
        # A stamp never excuses a broken file: the schema says what is wrong with it.
        reason = _schema_problem(document) or f"{type(error).__name__}: {error}"
        raise ValueError(f"does not match the catalog schema: {reason}") from None
    if not stamped:
        write_cache_stamp(path, len(data), status.st_mtime_ns, digest)
    marshalcache.write(copy, CACHE_COPY_MAGIC, key, document)
    return catalog


def _schema_problem(document: Any) -> str | None:
    """The first way ``document`` fails the catalog schema, or None (jsonschema is imported
    only here: a stamped cache never needs it)."""
    from planarcli.schemacheck import schema_errors

    problems = schema_errors(document, "catalog.schema.json", limit=1)
    return problems[0] if problems else None


#: Beside the synced cache, its parsed copy (:mod:`planarcli.marshalcache`), as beside it the
#: stamp: reading it spares the json import and the parse on every start-up after a sync.
PARSED_SUFFIX = ".parsed"
CACHE_COPY_MAGIC = b"planarcli-parsed-cache\n"


def _parsed_key(path: str | os.PathLike[str], size: int, mtime_ns: int, sha256: str) -> str:
    """What a parsed copy of the cache was made from: the file's bytes (size, mtime,
    sha256), the schema they passed, and the planarcli and Python that parsed them."""
    from planarcli import __version__, marshalcache

    parts = (os.fspath(path), str(size), str(mtime_ns), sha256, _schema_digest(), __version__)
    return "\n".join((*parts, marshalcache.python_key()))


def _json_problem(error: JSONDecodeError) -> str:
    """``error`` as "Expecting value at line 1, column 1" (json's messages may already end
    in "at", as "Unterminated string starting at" does: no "at at")."""
    message = error.msg.rstrip()
    joiner = " " if message.endswith(" at") else " at "
    return f"{message}{joiner}line {error.lineno}, column {error.colno}"


#: Fields a synced record may lack (null) that the snapshot's record of the card can fill.
_FILLABLE = ("oracle_text", "first_released", "scryfall_uri")


def union_catalog(cache: Catalog, snapshot: Catalog) -> Catalog:
    """The synced cache's cards plus every snapshot card it lacks (by oracle id, and by name),
    in catalog order. The synced record wins; a field it leaves null (no Oracle text) is
    taken from the snapshot's record of the same card. Records stay records: Cards are still
    made only when looked up."""
    cached = cache.records()
    snapshot_records = snapshot.records()
    by_oracle_id = {entry["oracle_id"]: entry for entry in snapshot_records}
    merged: dict[str, dict[str, Any]] = {}
    for entry in cached:
        known = by_oracle_id.get(entry["oracle_id"])
        if known is not None and any(entry.get(key) is None for key in _FILLABLE):
            entry = dict(entry)
            for key in _FILLABLE:
                if entry.get(key) is None:
                    entry[key] = known.get(key)
        merged[entry["name"]] = entry
    synced_ids = {entry["oracle_id"] for entry in cached}
    origins = {}
    for entry in snapshot_records:
        if entry["oracle_id"] not in synced_ids and entry["name"] not in merged:
            merged[entry["name"]] = entry
            origins[entry["name"]] = snapshot.source.kind
    ordered = list(merged.values())
    if origins:
        ordered.sort(key=lambda entry: (entry["name"].casefold(), entry["name"]))
    return Catalog.from_records(
        ordered,
        cache.source,
        sources=(cache.source, snapshot.source),
        origins=origins,
        borrow=bundled_snapshot,
    )


_LOADED: Catalog | None = None
#: The synced cache as read in this process (or None) and why it was passed over (or None).
_SYNCED: tuple[Catalog | None, str | None] | None = None


def _synced_cache() -> tuple[Catalog | None, str | None]:
    """The valid synced cache, if there is one, and the reason a cache file that is there
    was passed over (read once per process)."""
    global _SYNCED
    if _SYNCED is None:
        from planarcli.paths import cache_dir_path

        location = os.path.join(cache_dir_path(), CACHE_FILE_NAME)
        catalog: Catalog | None = None
        warning = None
        if os.path.isfile(location):
            try:
                catalog = load_cache(location)
            except (OSError, ValueError) as error:
                reason = getattr(error, "strerror", None) or str(error)
                warning = (
                    f"ignoring the card cache {location}: {reason}; using the bundled snapshot"
                )
        elif os.path.lexists(location):  # a folder, a broken link: a sync could not write it
            warning = (
                f"ignoring the card cache {location}: it is not a file; using the bundled "
                "snapshot (remove it so that `planarcli cards sync` can write the cache)"
            )
        _SYNCED = (catalog, warning)
    return _SYNCED


def synced_card(name: str) -> tuple[Card, str] | None:
    """(card, "exact" | "folded") when the synced cache alone gives the catalog's answer to
    ``name``: its English name, as written or folded, is a card of the cache whose record
    is complete (nothing for the snapshot to fill in). The union with the snapshot would
    give that same card (the synced record wins), so ``cards show`` then need not read the
    snapshot at all: about 2 ms of its start-up. None otherwise (no cache, another
    spelling, a printed name): ask ``load_catalog()``."""
    cache, _ = _synced_cache()
    if cache is None:
        return None
    card = cache.exact(name)
    how = "exact"
    if card is None:
        found = cache.folded_names().get(fold_name(name))
        if found is None:
            return None
        card, how = cache.card_named(found), "folded"
    if any(getattr(card, key) is None for key in _FILLABLE):
        return None
    return card, how


def load_catalog(*, use_cache: bool = True, warn: bool = True) -> Catalog:
    """The bundled snapshot, united with a valid synced cache when there is one (the
    cache's record wins per oracle id; see ``union_catalog``).

    A cache that is unreadable or fails its schema is passed over with a warning on
    stderr (once per process; ``warn=False`` keeps quiet, for shell completion), never
    trusted and never fatal. The reason stays in ``catalog.source.warning``.
    """
    global _LOADED
    if _LOADED is not None and (use_cache or _LOADED.source.kind == "snapshot"):
        return _LOADED
    catalog: Catalog | None = None
    warning = None
    if use_cache:
        catalog, warning = _synced_cache()
        if warning and warn:
            print(f"planarcli: warning: {warning}", file=sys.stderr)
    # The snapshot read once per process: a synced cache's lookups borrow it again.
    if catalog is not None:
        catalog = union_catalog(catalog, bundled_snapshot())
    else:
        catalog = bundled_snapshot()
        if warning:
            snapshot = catalog.source
            catalog = Catalog(
                cards=catalog.cards,
                source=replace(snapshot, warning=warning),
            )
    _LOADED = catalog
    return catalog


@record
class FoundCard:
    """The card `cards show` answers a name with: how the name matched ("exact", "folded",
    "printed", "fuzzy"; "scryfall" for `--online`), where the card came from ("cache",
    "snapshot", "scryfall") and, for a printed name, its language code."""

    card: Card
    how: str
    source: str
    lang: str | None = None


def look_up(name: str) -> FoundCard:
    """The card a written name denotes in the card data in use (``store.load_catalog``): a
    synced card by its English name straight from the cache (``store.synced_card``: the
    snapshot is not read), else the catalog's answer (``Catalog.resolve``; for a name it
    lacks, ``resolve.find_unknown``, imported only then). Raises
    CardNotFoundError, with suggestions, when there is no clear answer, and UsageError for
    a name longer than any card's could be."""
    quick = synced_card(name)
    if quick is not None:
        return FoundCard(quick[0], quick[1], "cache")
    catalog = load_catalog()
    if catalog.too_long(name):
        from planarcli.errors import UsageError

        raise UsageError(too_long_message(catalog, name))
    resolution = catalog.resolve(name)
    if resolution.card is not None:
        card, how, lang = resolution.card, resolution.how, resolution.lang
    else:
        from planarcli.cards import resolve

        card, how = resolve.find_unknown(catalog, name)
        lang = None
    return FoundCard(card, how, catalog.origin(card), lang)


def reset_loaded_catalog() -> None:
    """Forget the catalog loaded in this process (tests; after a sync)."""
    global _LOADED, _BUNDLED, _SYNCED
    _LOADED = None
    _BUNDLED = None
    _SYNCED = None
