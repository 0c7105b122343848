"""The catalogue of rules editions: which exist, bundled and imported, loading one, and the
caches that keep both cheap.

Bundled editions live in ``rules/`` (listed by ``rules/manifest.json``); editions a user
imported with ``planarcli rules import`` live in ``data_dir()/rules/<id>.json`` and have the
same format. Both go through the same loader. Which of them is current is the rule of
:mod:`planarcli.rulebook.current`; :func:`current_cr_edition_id` applies it without loading
or sniffing any edition file.

Damaged imported files never crash the tool: each one is reported once on stderr and skipped,
so the bundled edition with the same id (if any) is used instead.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Any

from planarcli.errors import DataUnavailableError
from planarcli.records import replace
from planarcli.rulebook.corpus import (
    CARD_PREFIX,
    EDITION_FORMAT,
    MANIFEST_FORMAT,
    RULINGS,
    SCHEMA_VERSION,
    Edition,
    EditionInfo,
    GlossaryEntry,
    Moved,
)
from planarcli.rulebook.current import choose_current, resolve_edition

if TYPE_CHECKING:
    from pathlib import Path

#: How many header characters of an imported file are sniffed by :func:`list_editions`.
_HEADER_BYTES = 4096
_HEADER_KEYS = (
    "format",
    "schema_version",
    "id",
    "title",
    "lang",
    "kind",
    "effective",
    "translation_of",
)


# --------------------------------------------------------------------------- warnings

_warned: set[str] = set()


def warn(message: str, *, kind: str = "warning") -> None:
    """Print a warning (or another ``kind`` of message) on stderr, once per message per
    process."""
    if message in _warned:
        return
    _warned.add(message)
    print(f"planarcli: {kind}: {message}", file=sys.stderr)


# --------------------------------------------------------------------------- listing


def bundled_folder(rules_folder: str | os.PathLike[str] | None = None) -> str:
    """The folder of the bundled corpus (``rules_folder`` when given); missing: exit 3."""
    if rules_folder is not None:
        return os.fspath(rules_folder)
    from planarcli import resources

    try:
        return resources.rules_dir_path()
    except FileNotFoundError as error:
        raise DataUnavailableError(
            "the bundled rules corpus is missing from this installation",
            hint="reinstall planarcli",
        ) from error


def bundled_infos(rules_folder: str | os.PathLike[str] | None = None) -> list[EditionInfo]:
    """The editions bundled with planarcli, as the manifest lists them (imported ones not
    included: those are what :func:`list_editions` adds)."""
    return _read_manifest(bundled_folder(rules_folder))[1]


def _imported_folder(data_folder: str | os.PathLike[str] | None) -> str:
    if data_folder is not None:
        return os.fspath(data_folder)
    from planarcli.paths import data_dir_path

    return os.path.join(data_dir_path(), "rules")


#: the parsed bundled manifest, kept in the cache dir: every rules command reads the manifest,
#: and parsing it is the one reason `rules search` would import json
MANIFEST_CACHE = "rules-manifest.bin"
_MANIFEST_MAGIC = b"planarcli-rules-manifest\n"


def _parse_manifest(path: str, *, cached: bool = True) -> Any:
    """The manifest at ``path`` as JSON data, through a marshal copy in the cache dir keyed
    by the file's bytes (see :mod:`planarcli.marshalcache`); ``cached=False`` parses the
    file itself (and rewrites the copy)."""
    import zlib

    from planarcli import marshalcache
    from planarcli.paths import cache_dir_path

    with open(path, "rb") as handle:
        raw = handle.read()
    key = f"{marshalcache.python_key()}\n{path}\n{len(raw)}:{zlib.crc32(raw):08x}"
    cache = os.path.join(cache_dir_path(), MANIFEST_CACHE)
    stored = marshalcache.read(cache, _MANIFEST_MAGIC, key) if cached else None
    if stored is not None and "manifest" in stored:
        return stored["manifest"]
    import json

    manifest = json.loads(raw.decode("utf-8"))
    marshalcache.write(cache, _MANIFEST_MAGIC, key, {"manifest": manifest})
    return manifest


MOVED_CACHE = "rules-moved.bin"
_MOVED_MAGIC = b"planarcli-rules-moved\n"


def moved_sentences(info: EditionInfo) -> dict[str, tuple[Moved, ...]]:
    """A translation's ``moved`` sentences per passage (see :attr:`Edition.moved`), through a
    marshal copy in the cache dir keyed by the file's bytes: ``rules search`` then says where
    they are without parsing the edition's JSON (an import of ``json`` it otherwise skips)."""
    import zlib

    from planarcli import marshalcache
    from planarcli.paths import cache_dir_path

    try:
        with open(info.location, "rb") as handle:
            raw = handle.read()
    except OSError:
        return {}
    key = f"{marshalcache.python_key()}\n{info.location}\n{len(raw)}:{zlib.crc32(raw):08x}"
    cache = os.path.join(cache_dir_path(), MOVED_CACHE)
    moved = _stored_moves(marshalcache.read(cache, _MOVED_MAGIC, key))
    if moved is None:
        try:
            moved = load_edition(info).moved
        except (DataUnavailableError, OSError, ValueError):
            return {}
        stored = {
            "moved": {
                rule_id: [[m.current, m.since, m.sentence] for m in sentences]
                for rule_id, sentences in moved.items()
            }
        }
        marshalcache.write(cache, _MOVED_MAGIC, key, stored)
    return moved


def _stored_moves(stored: dict[str, Any] | None) -> dict[str, tuple[Moved, ...]] | None:
    """The moved sentences of a cached copy, or None when it is not what
    :func:`moved_sentences` writes (per passage id, lists of three strings): a copy of
    another shape, made by hand or by another program, is rebuilt, never shown."""
    table = None if stored is None else stored.get("moved")
    if not isinstance(table, dict):
        return None
    out: dict[str, tuple[Moved, ...]] = {}
    for rule_id, sentences in table.items():
        if not isinstance(rule_id, str) or not isinstance(sentences, list):
            return None
        for each in sentences:
            if not (
                isinstance(each, list)
                and len(each) == 3
                and all(isinstance(part, str) for part in each)
            ):
                return None
        out[rule_id] = tuple(Moved(*each) for each in sentences)
    return out


def _read_manifest(folder: str) -> tuple[str | None, list[EditionInfo]]:
    path = os.path.join(folder, "manifest.json")
    try:
        return _manifest_infos(_parse_manifest(path), folder)
    except Exception:  # a cached copy that is not what was written: read the file itself
        pass
    try:
        return _manifest_infos(_parse_manifest(path, cached=False), folder)
    except FileNotFoundError:
        return None, []
    except (OSError, ValueError, KeyError, TypeError) as error:
        warn(f"{path}: unreadable rules manifest ({error}); bundled editions skipped")
        return None, []


def _manifest_infos(manifest: Any, folder: str) -> tuple[str | None, list[EditionInfo]]:
    """The current edition's id and the editions of a parsed manifest (ValueError, KeyError
    or TypeError when it is not one)."""
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        raise ValueError(f"not a {MANIFEST_FORMAT} file")
    entries = manifest["editions"]
    if not isinstance(entries, list):
        raise ValueError("'editions' is not a list")
    infos = []
    for entry in entries:
        infos.append(
            EditionInfo(
                id=_text(entry, "id"),
                title=_text(entry, "title"),
                lang=_text(entry, "lang"),
                kind=_text(entry, "kind"),
                effective=_optional_text(entry, "effective"),
                source="bundled",
                location=os.path.join(folder, _text(entry, "file")),
                translation_of=_optional_text(entry, "translation_of"),
            )
        )
    current = manifest.get("current")
    return (current if isinstance(current, str) else None), infos


def _text(data: Any, key: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value:
        raise ValueError(f"{key!r} must be a non-empty string")
    return value


def _optional_text(data: Any, key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{key!r} must be a string or null")
    return value


# Patterns used only for imported files or errors stay strings: ``re`` compiles (and caches)
# them on first use, so ``rules show`` does not pay for them at start-up.
_KEY_PATTERN = r'"(' + "|".join(_HEADER_KEYS) + r')"\s*:\s*'
_BODY_PATTERN = r'"(rules|glossary|source)"\s*:'


def _sniff_header(path: str) -> dict[str, Any]:
    """The top-level header fields of an edition file, read cheaply.

    Only the first few kilobytes are read when the header keys come before the rules (as
    planarcli writes them); otherwise the whole file is parsed.
    """
    with open(path, encoding="utf-8") as handle:
        prefix = handle.read(_HEADER_BYTES)
    body = re.search(_BODY_PATTERN, prefix)
    header: dict[str, Any] = {}
    import json

    if body is not None and prefix.lstrip().startswith("{"):
        decoder = json.JSONDecoder()
        head = prefix[: body.start()]
        for match in re.finditer(_KEY_PATTERN, head):
            try:
                value, _ = decoder.raw_decode(head, match.end())
            except ValueError:
                break
            header[match.group(1)] = value
    if not all(key in header for key in ("format", "id", "lang", "kind")):
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        header = {key: data.get(key) for key in _HEADER_KEYS}
    return header


def _imported_infos(folder: str) -> list[EditionInfo]:
    try:  # os.listdir, not Path.glob: no fnmatch to import on every start
        names = sorted(os.listdir(folder))
        paths = [os.path.join(folder, name) for name in names if name.endswith(".json")]
    except FileNotFoundError:  # nothing imported yet
        return []
    except OSError as error:
        # a folder that cannot be read (no permission, a file in the way): the editions
        # imported there would be missing without a word, and `--edition` called unknown
        reason = error.strerror or type(error).__name__
        warn(
            f"cannot read the imported rules editions in {folder} ({reason}); using the "
            "bundled editions only (check PLANARCLI_DATA_DIR and the folder's permissions)"
        )
        return []
    infos = []
    for path in paths:
        try:
            # A FIFO would hang the read, /dev/zero exhaust memory (issue 15).
            if not os.path.isfile(path):
                raise ValueError("not a regular file")
            if os.path.getsize(path) > _MAX_EDITION_BYTES:
                raise ValueError("larger than any rules edition")
            header = _sniff_header(path)
            if header.get("format") != EDITION_FORMAT:
                raise ValueError(f"not a {EDITION_FORMAT} file")
            infos.append(
                EditionInfo(
                    id=_text(header, "id"),
                    title=_optional_text(header, "title") or _text(header, "id"),
                    lang=_text(header, "lang"),
                    kind=_text(header, "kind"),
                    effective=_optional_text(header, "effective"),
                    source="imported",
                    location=path,
                    translation_of=_optional_text(header, "translation_of"),
                )
            )
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            warn(f"{path}: ignoring a damaged imported rules file ({error}); re-import it")
    return infos


#: The largest imported edition file read (those `rules import` writes are under 2 MB).
_MAX_EDITION_BYTES = 64 * 1024 * 1024


def list_editions(
    rules_folder: Path | None = None,
    data_folder: Path | None = None,
    *,
    today: str | None = None,
) -> list[EditionInfo]:
    """Every edition and document available, bundled and imported together, in display
    order: English Comprehensive Rules editions by date, then translations (by date), then
    the other documents (bundled order, then imported by id).

    ``rules_folder`` defaults to the bundled ``rules/``; ``data_folder`` to
    ``data_dir()/rules``. An imported edition replaces the bundled one with the same id.
    Exactly one edition has ``current=True``: the newest English Comprehensive Rules edition
    in effect ``today`` (an ISO date; the local date by default), see :func:`choose_current`.
    """
    current_id, bundled = _read_manifest(bundled_folder(rules_folder))
    imported = _imported_infos(_imported_folder(data_folder))
    by_id: dict[str, EditionInfo] = {}
    for info in bundled + imported:
        by_id[info.id] = info  # dict keeps the first position, imported replaces bundled
    if not by_id:
        raise DataUnavailableError(
            "no rules editions are available (the bundled corpus is missing or damaged)",
            hint="reinstall planarcli, or import an official file with `planarcli rules import`",
        )
    english = [(info.id, info.effective) for info in by_id.values() if info.is_english_cr]
    chosen_id = choose_current(english, current_id, today)
    if chosen_id not in by_id:
        chosen_id = next(iter(by_id))
    order = {info.id: position for position, info in enumerate(by_id.values())}

    def display(info: EditionInfo) -> tuple[int, str, int, str]:
        group = 0 if info.is_english_cr else 1 if info.kind == "translation" else 2
        dated = (info.effective or "") if group < 2 else ""
        return (group, dated, order[info.id] if info.source == "bundled" else len(order), info.id)

    return [
        replace(info, current=info.id == chosen_id) for info in sorted(by_id.values(), key=display)
    ]


def newer_current() -> tuple[str, str] | None:
    """(the bundled current edition, the current one) when an imported edition other than
    the bundled current one is current (the translations' passages were aligned with the
    bundled one), else None."""
    folder = _imported_folder(None)
    try:  # what is imported, as the key of the answer (a test may change the data dir)
        key = (folder, tuple(sorted(os.listdir(folder))))
    except OSError:
        key = (folder, ())
    if key not in _newer:
        base, _ = _read_manifest(bundled_folder())
        current = next((info for info in list_editions() if info.current), None)
        found = None if base is None or current is None or current.id == base else current.id
        _newer[key] = (base or "", found)
    base, found = _newer[key]
    return (base, found) if found is not None else None


_newer: dict[tuple[str, tuple[str, ...]], tuple[str, str | None]] = {}


_IMPORTED_CR_NAME = r"^\d{4}-\d{2}-\d{2}\.json$"


def current_cr_edition_id(
    data_folder: str | None = None,
    *,
    rules_folder: str | None = None,
    today: str | None = None,
) -> str:
    """The id of the current English Comprehensive Rules edition, cheaply.

    The same rule as :func:`list_editions`, without loading or sniffing any edition file:
    the bundled manifest, plus the names of the imported files (an imported English
    Comprehensive Rules edition is saved as ``<YYYY-MM-DD>.json``). For ``validate --rules
    current``. Raises :class:`DataUnavailableError` when there is no edition at all.
    """
    current_id, bundled = _read_manifest(bundled_folder(rules_folder))
    english = {info.id: info.effective for info in bundled if info.is_english_cr}
    try:
        names = os.listdir(_imported_folder(data_folder))
    except OSError:
        names = []
    for name in names:
        if re.match(_IMPORTED_CR_NAME, name):
            english[name[:-5]] = name[:-5]
    chosen = choose_current(list(english.items()), current_id, today)
    if chosen is None:
        if bundled:
            return current_id or bundled[0].id
        raise DataUnavailableError(
            "no rules editions are available (the bundled corpus is missing or damaged)",
            hint="reinstall planarcli, or import an official file with `planarcli rules import`",
        )
    return chosen


# --------------------------------------------------------------------------- loading

_cache: dict[tuple[str, float, int], Edition] = {}


def _parse_edition(data: Any, info: EditionInfo) -> Edition:
    if not isinstance(data, dict) or data.get("format") != EDITION_FORMAT:
        raise ValueError(f"not a {EDITION_FORMAT} file")
    if data.get("schema_version") != SCHEMA_VERSION:
        raise ValueError(f"unsupported schema_version {data.get('schema_version')!r}")
    if data.get("id") != info.id:
        raise ValueError(f"id {data.get('id')!r} does not match {info.id!r}")
    _text(data, "lang")
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise ValueError("'rules' must be a non-empty list")
    texts: dict[str, str] = {}
    cards: dict[str, tuple[str, str]] = {}
    aligned: dict[str, tuple[str, str]] = {}
    moved: dict[str, tuple[Moved, ...]] = {}
    rulings = data.get("kind") == RULINGS
    for item in raw_rules:
        rule_id, text = item["id"], item["text"]
        if type(rule_id) is not str or type(text) is not str or not rule_id or not text:
            raise ValueError("each rule needs a non-empty string 'id' and 'text'")
        texts[rule_id] = text
        if rulings:
            # a ruling's date; a card's Oracle text's type line
            cards[rule_id] = (
                _text(item, "card"),
                _text(item, "type_line" if rule_id.startswith(CARD_PREFIX) else "date"),
            )
        elif "current" in item:
            aligned[rule_id] = (_text(item, "current"), _text(item, "current_since"))
            if "moved" in item:
                moved[rule_id] = tuple(
                    Moved(_text(each, "current"), _text(each, "since"), _text(each, "sentence"))
                    for each in item["moved"]
                )
    raw_glossary = data.get("glossary") or []
    if not isinstance(raw_glossary, list):
        raise ValueError("'glossary' must be a list")
    glossary = tuple(
        GlossaryEntry(_text(item, "term"), _text(item, "text")) for item in raw_glossary
    )
    source = data.get("source")
    closure = data.get("closure")
    return Edition(
        info=info,
        glossary=glossary,
        source=source if isinstance(source, dict) else {},
        closure=closure if isinstance(closure, dict) else None,
        texts=texts,
        cards=cards,
        aligned=aligned,
        moved=moved,
    )


def _load_file(info: EditionInfo) -> Edition:
    stat = os.stat(info.location)
    key = (info.location, stat.st_mtime, stat.st_size)
    edition = _cache.get(key)
    if edition is None:
        import json

        with open(info.location, encoding="utf-8") as handle:
            data = json.load(handle)
        edition = _parse_edition(data, info)
        _cache[key] = edition
    return edition


def load_edition(
    edition: str | EditionInfo,
    *,
    rules_folder: Path | None = None,
    data_folder: Path | None = None,
) -> Edition:
    """Load one edition by id (or ``current``) or by its :class:`EditionInfo`.

    A damaged imported file is reported once on stderr and the bundled edition with the same
    id is used instead; with no bundled fallback, :class:`DataUnavailableError` (exit 3).
    """
    if isinstance(edition, EditionInfo):
        info = edition
    else:
        info = resolve_edition(edition, list_editions(rules_folder, data_folder))
    try:
        return _load_file(info)
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
        if info.source == "imported":
            warn(f"{info.location}: ignoring a damaged imported rules file ({error}); re-import it")
            _, bundled = _read_manifest(bundled_folder(rules_folder))
            for candidate in bundled:
                if candidate.id == info.id:
                    fallback = replace(candidate, current=info.current)
                    return load_edition(fallback, rules_folder=rules_folder)
            if info.current and info.is_english_cr:
                before = _current_before(info, rules_folder, data_folder)
                if before is not None:
                    return before
        raise DataUnavailableError(
            f"rules edition {info.id} cannot be read from {info.location}: {error}",
            hint="re-import it with `planarcli rules import`"
            if info.source == "imported"
            else "reinstall planarcli",
        ) from error


def _current_before(
    damaged: EditionInfo, rules_folder: Path | None, data_folder: Path | None
) -> Edition | None:
    """For a current edition that cannot be read (an import cut off after its header): the
    newest English Comprehensive Rules edition before it that loads, as the current one,
    said on stderr; None when there is none."""
    older = [
        info
        for info in list_editions(rules_folder, data_folder)
        if info.is_english_cr
        and info.id != damaged.id
        and (info.effective or "") <= (damaged.effective or "")
    ]
    for info in sorted(older, key=lambda i: (i.effective or "", i.id), reverse=True):
        try:
            edition = _load_file(replace(info, current=True))
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            warn(f"{info.location}: ignoring a damaged imported rules file ({error}); re-import it")
            continue
        warn(
            f"using {info.id} as the current edition until {damaged.id} is re-imported",
            kind="note",
        )
        return edition
    return None
