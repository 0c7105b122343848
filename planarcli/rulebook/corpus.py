"""The rules corpus: which editions exist, loading one, showing a rule and its references.

Bundled editions live in ``rules/`` (listed by ``rules/manifest.json``); editions a user
imported with ``planarcli rules import`` live in ``data_dir()/rules/<id>.json`` and have the
same format. Both go through the same loader. Search lives in :mod:`planarcli.rulebook.search`,
edition comparison in :mod:`planarcli.rulebook.diff`, one rule across editions in
:mod:`planarcli.rulebook.history` (both built on the word diff of
:mod:`planarcli.rulebook.textdiff`); they import this module, never the other way round.
Nothing here imports click.

An edition read from an official file holds section 901, the Planechase glossary, every other
rule whose own text speaks of Planechase, and the rules they cite, two references deep; its
``closure`` says which (see
:func:`planarcli.rulebook.crtext.planechase_closure`). An edition built from a seed holds only
what the seed quotes and has no closure.

Which edition is "current": the newest English Comprehensive Rules edition (bundled or
imported) whose effective date is not after today. (A newer official file is the better
answer to "what are the rules now?"; one imported ahead of its date is not in effect yet.)
:func:`current_cr_edition_id` answers the same question without loading any edition.

Damaged imported files never crash the tool: each one is reported once on stderr and skipped,
so the bundled edition with the same id (if any) is used instead.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from planarcli.errors import (
    ECHOED,
    DataUnavailableError,
    NotFoundError,
    UsageError,
    echo_text,
    echoed,
)
from planarcli.lazyre import lazy
from planarcli.records import record, replace

if TYPE_CHECKING:
    from pathlib import Path

EDITION_FORMAT = "planarcli-rules-edition"
MANIFEST_FORMAT = "planarcli-rules-manifest"
SCHEMA_VERSION = 1
ENGLISH_CR = "comprehensive-rules"
#: The kind of the card rulings document (id ``rulings``): not an edition of the rules.
RULINGS = "rulings"
IMPORT_HINT = "import an official Comprehensive Rules file with `planarcli rules import` to read it"
#: What an edition read from an official file holds (see ``closure``).
CLOSURE_SCOPE = (
    "section 901, the Planechase glossary and every rule that speaks of Planechase, with the "
    "rules they cite, two references deep"
)

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


@record
class EditionInfo:
    """One edition or document, as listed (without its rules)."""

    id: str
    title: str
    lang: str
    kind: str
    effective: str | None
    source: str  # "bundled" | "imported"
    location: str  # the file (a string: pathlib stays off the start-up path)
    current: bool = False
    translation_of: str | None = None

    @property
    def path(self) -> Path:
        from pathlib import Path

        return Path(self.location)

    @property
    def is_english_cr(self) -> bool:
        return self.kind == ENGLISH_CR and self.lang == "en"


@record
class Rule:
    """One numbered rule (or document paragraph, or glossary entry when ``kind`` says so)."""

    id: str
    text: str
    lang: str
    kind: str = "rule"  # "rule" | "glossary" | "ruling"
    card: str | None = None  # a card ruling's card (English name)
    date: str | None = None  # a card ruling's date


@record
class GlossaryEntry:
    term: str
    text: str


@record
class Moved:
    """A sentence of a translation's English rule that a later edition moved to another
    rule: that rule's id in the current edition, the edition's date, the sentence as it was."""

    current: str
    since: str
    sentence: str


@record
class Reference:
    """A cross-reference such as "See rule 311" found in a rule's text."""

    target: str  # the rule id referred to, e.g. "701.31"
    from_rule: str  # the id of the rule whose text holds the reference
    found: bool  # whether the target is in the same edition's corpus
    preview: str | None  # the first words of the target, when found
    elsewhere: str | None = None  # when not found: another edition that has it


class Edition:
    """A loaded edition: its rules in document order, its glossary and, for an edition read
    from an official file, its ``closure`` (which rules it holds and why; None otherwise).
    Read-only.

    A loaded edition keeps its rule texts by id and makes a :class:`Rule` only when one is
    asked for (``rule``, ``rules``): ``rules show`` of one rule then costs little however
    many rules the edition holds.
    """

    __slots__ = (
        "_made",
        "_rules",
        "_texts",
        "aligned",
        "cards",
        "closure",
        "glossary",
        "info",
        "moved",
        "source",
    )

    def __init__(
        self,
        info: EditionInfo,
        rules: tuple[Rule, ...] = (),
        glossary: tuple[GlossaryEntry, ...] = (),
        source: dict[str, Any] | None = None,
        closure: dict[str, Any] | None = None,
        *,
        texts: dict[str, str] | None = None,
        cards: dict[str, tuple[str, str]] | None = None,
        aligned: dict[str, tuple[str, str]] | None = None,
        moved: dict[str, tuple[Moved, ...]] | None = None,
    ) -> None:
        self.info = info
        #: for the card rulings: ruling id -> (card, date)
        self.cards: dict[str, tuple[str, str]] = cards or {}
        #: for a translation or guide: passage id -> (the rule of the current English
        #: edition it corresponds to, the effective date since which that rule has its
        #: present wording); passages without one are absent
        self.aligned: dict[str, tuple[str, str]] = aligned or {}
        #: for a translation's passage: the sentences of its English rule that moved to
        #: other rules since (French 901.4's shuffling sentence: 103.3a since 2022-10-07)
        self.moved: dict[str, tuple[Moved, ...]] = moved or {}
        self.glossary = glossary
        self.source: dict[str, Any] = source or {}
        self.closure = closure
        if texts is None:
            self._rules: tuple[Rule, ...] | None = tuple(rules)
            self._made = {rule.id: rule for rule in rules}
            self._texts = {rule.id: rule.text for rule in rules}
        else:  # rule id -> text, in document order, in the edition's language
            self._rules = None
            self._made = {}
            self._texts = texts

    def __repr__(self) -> str:
        return f"Edition({self.info.id!r}, {len(self._texts)} rules)"

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def ids(self) -> list[str]:
        """The rule ids in document order (no :class:`Rule` is made)."""
        return list(self._texts)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule, in document order."""
        if self._rules is None:
            self._rules = tuple(self._make(rule_id) for rule_id in self._texts)
        return self._rules

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with exactly this id, or None."""
        if rule_id not in self._texts:
            return None
        return self._make(rule_id)

    def _make(self, rule_id: str) -> Rule:
        made = self._made.get(rule_id)
        if made is None:
            card = self.cards.get(rule_id)
            if card is None:
                made = Rule(rule_id, self._texts[rule_id], self.info.lang)
            else:
                made = Rule(rule_id, self._texts[rule_id], self.info.lang, "ruling", *card)
            self._made[rule_id] = made
        return made


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


def choose_current(
    english: Sequence[tuple[str, str | None]], manifest_current: str | None, today: str | None
) -> str | None:
    """Which English Comprehensive Rules edition is current, from (id, effective) pairs.

    The newest one in effect ``today`` (an ISO date; the local date by default): an edition
    dated after today, imported ahead of time, is not current yet. With no dated edition in
    effect, the manifest's ``current``; failing that, the oldest one.
    """
    if today is None:
        import time  # built in, unlike datetime: nothing to load on the start-up path

        today = time.strftime("%Y-%m-%d")
    in_effect = [(effective, edition_id) for edition_id, effective in english if effective]
    now = [item for item in in_effect if item[0] <= today]
    if now:
        return max(now)[1]
    if manifest_current is not None:
        return manifest_current
    return min(in_effect)[1] if in_effect else None


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


def available_ids(editions: list[EditionInfo]) -> str:
    return ", ".join(info.id for info in editions)


def resolve_edition(
    name: str, editions: list[EditionInfo] | None = None, *, by_date: bool = False
) -> EditionInfo:
    """The edition called ``name``: ``current``, an id (case-insensitive), or (``by_date``) a
    date.

    With ``by_date``, a date that is no edition's id means the rules in force that day, as
    ``validate --rules DATE`` reads it: the newest English Comprehensive Rules edition
    available whose effective date is not after it. Which one was taken is said on stderr,
    since an edition planarcli does not have may have come out in between. A date before the
    first Planechase rules, or no valid date, is an error listing the ids that exist.
    """
    if editions is None:
        editions = list_editions()
    wanted = plain_query(name).strip().lower()  # a pasted "２０２６-01-16\u200b" too
    if wanted == "current":
        return next(info for info in editions if info.current)
    for info in editions:
        if info.id.lower() == wanted:
            return info
    if wanted == "all":  # `rules search --edition all`, given to a command that reads one
        raise UsageError(
            "'all' (every edition at once) is for `rules search --edition all`; this command "
            f"reads one edition; available editions: {available_ids(editions)}",
            hint="use `current`, one of the ids above, or a date (the rules in force that day)",
        )
    if by_date and re.fullmatch(r"\d{4}-\d{2}-\d{2}", wanted) and _day_number(wanted) is None:
        raise UsageError(  # "2012-13-01": no day to find the rules in force on
            f"no rules edition with id {name}, and {wanted} is not a date (YYYY-MM-DD); "
            f"available editions: {available_ids(editions)}",
            hint="give a real day, such as 2012-06-01 (the rules in force that day), or one of "
            "the ids above",
        )
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", wanted):
        in_force = _in_force_on(wanted, editions) if by_date else None
        if in_force is not None:
            print(
                f"planarcli: note: {wanted} is no edition's date; using {in_force.id}, the "
                "newest edition available that was in effect that day",
                file=sys.stderr,
            )
            return in_force
        message = f"no rules edition with id {name}; available editions: {available_ids(editions)}"
        hint = "import the official rules file of that date with `planarcli rules import`"
        if by_date and _day_number(wanted) is not None:
            first = min(
                (i.effective for i in editions if i.is_english_cr and i.effective), default=None
            )
            message = f"no Planechase rules were in effect on {wanted}" + (
                f"; the first edition available is {first}" if first else ""
            )
            hint = "the Planechase rules (section 901) first appeared on 2009-09-04"
    else:
        message = (
            f"unknown rules edition {echoed(name)}; available editions: {available_ids(editions)}"
        )
        hint = "use `current`, one of the ids above, or see `planarcli rules editions`"
        spelt = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", wanted)
        if by_date and spelt is not None:
            # "2012/06/01", "2012-6-1": a date, written another way
            year, month, day = spelt.groups()
            hint = f"write the date as {year}-{int(month):02d}-{int(day):02d}"
        elif by_date:
            hint = (
                "use `current`, one of the ids above, or a date as YYYY-MM-DD (the rules in "
                "force that day); see `planarcli rules editions`"
            )
    raise UsageError(message, hint=hint)


def _in_force_on(day: str, editions: list[EditionInfo]) -> EditionInfo | None:
    """The newest English Comprehensive Rules edition in effect on ``day`` (an ISO date)."""
    if _day_number(day) is None:
        return None
    dated = [
        (info.effective, info.id, info)
        for info in editions
        if info.is_english_cr and info.effective and info.effective <= day
    ]
    return max(dated)[2] if dated else None


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
            cards[rule_id] = (_text(item, "card"), _text(item, "date"))
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


# --------------------------------------------------------------------------- show

# compiled on first use: `rules search` answered from its cached index needs none of these
_ID_RE = lazy(
    r"^(?:rules?\s+|règles?\s+|regel(?:en)?\s+)?([0-9]{3}(?:\.[0-9]+[a-z]?)?|[a-z][\w-]*\.[0-9]+"
    r"|ruling:[a-z0-9-]+(?:\.[0-9]+)?)\.?$"
)
_RULE_KEY_PATTERN = r"^(.*?)(?:\.([0-9]+)([a-z]*))?$"


def normalise_rule_id(text: str) -> str | None:
    """``"Rule 901.3a."`` → ``"901.3a"``, ``"ruling:Spatial Merging.2"`` →
    ``"ruling:spatial-merging.2"``; None when ``text`` does not look like a rule id."""
    text = plain_query(text).strip()
    named = ruling_named(text)
    if named is not None:
        text = RULING_PREFIX + ruling_slug(named)
    elif any(ch in text for ch in "()[]§, ") or text[:2].lower() == "cr":
        text = _loose_id(text)
    match = _ID_RE.match(text.lower())
    return match.group(1) if match else None


#: How a card ruling's id begins ("ruling:spatial-merging.2"); written in any case.
RULING_PREFIX = "ruling:"


def ruling_named(text: str) -> str | None:
    """What follows ``ruling:`` (in any case) in ``text``, stripped of surrounding space first:
    "Ruling:Spatial Merging.2" → "Spatial Merging.2"; None when ``text`` is no ruling id."""
    text = text.strip()
    if text[: len(RULING_PREFIX)].lower() != RULING_PREFIX:
        return None
    return text[len(RULING_PREFIX) :]


#: the longest text read as a heading's title ("Limited Range of Influence Option")
_TITLE_LENGTH = 60


def _title_key(title: str) -> str:
    """A folded section or heading title as players name it: without a last "variant" or
    "option", hyphens as spaces ("Two-Headed Giant Variant" → "two headed giant")."""
    words = title.replace("-", " ").split()
    if len(words) > 1 and words[-1] in ("variant", "option"):
        words = words[:-1]
    return " ".join(words)


def term_forms(folded: str) -> tuple[str, ...]:
    """The glossary names a folded term may be written for: itself, singular or plural
    ("phenomenons", "planar decks"), "-ies" for "-y" ("chaos abilities"), "dice" for "die"
    ("planar dice"), and without a last "card(s)" ("phenomenon card")."""
    forms = [folded, folded.rstrip("s"), folded + "s"]
    if folded.endswith("ies"):
        forms.append(folded[:-3] + "y")
    if folded.endswith("dice"):
        forms.append(folded[:-4] + "die")
    for card in (" cards", " card"):
        if folded.endswith(card) and len(folded) > len(card):
            forms.append(folded[: -len(card)])
    return tuple(dict.fromkeys(forms))


def _loose_id(text: str) -> str:
    """A rule id as judges and players write it, as planarcli reads it: "(901.3a)" and
    "901.3a)" (quoted from a "See rule" reference), "CR 901.3" and "§ 901.3", "901,3" (a
    decimal comma), "901.3 a" → "901.3a"; anything else unchanged."""
    loose = text.strip().strip("()[]").strip()
    loose = re.sub(r"^(?:cr(?=[\s\d])|§)\s*", "", loose, flags=re.IGNORECASE)
    loose = re.sub(r"^(\d{3}),(\d+)", r"\1.\2", loose)
    loose = re.sub(r"^(\d{3}\.\d+) ([a-z])\b", r"\1\2", loose, flags=re.IGNORECASE)
    return loose if re.match(r"^\d{3}\b", loose) else text


def plain_query(text: str) -> str:
    """``text`` as typed, less what a copy from a web page or chat adds unseen: compatibility
    forms become plain ones (NFKC: full-width "９０１．３" is "901.3", a no-break space a
    space) and invisible format characters (a zero-width space, a byte-order mark, a
    direction mark) are dropped. ASCII text is returned as it is, at no cost."""
    if text.isascii():
        return text
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def check_text(text: str, command: str) -> None:
    """A :class:`UsageError` for ``text`` that holds control characters (an escape sequence,
    binary data, bytes the locale cannot decode): not a rule id or term, as `rules search`
    says of such a query. ``command`` is the one the hint shows (``rules show``)."""
    if not text.isprintable() and re.search(
        r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]", text
    ):
        raise UsageError(
            f"the rule id or term {echoed(text)} holds control characters, so it is not text",
            hint=f"for example `planarcli {command} 901.3`",
        )


def ruling_slug(name: str) -> str:
    """A card name (and a ruling's place) as in a ruling id, the way scripts/build_rules.py
    makes it: "Spatial Merging.2" → "spatial-merging.2", "Æther Flues" → "aether-flues"."""
    place = re.search(r"\.(\d+)\s*$", name)
    if place is not None:
        name = name[: place.start()]
    folded = fold_accents(name.casefold().translate(_SLUG_LETTERS))
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return slug + (f".{place.group(1)}" if place is not None else "")


#: letters NFKD does not take apart ("æ" is one letter, not a + e with a mark)
_SLUG_LETTERS = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "đ": "d", "ł": "l"})


def _is_child(rule_id: str, parent: str) -> bool:
    if "." not in parent or not parent[-1].isdigit():
        return rule_id.startswith(parent + ".")
    rest = rule_id[len(parent) :]
    return rule_id.startswith(parent) and rest.isalpha() and rest.islower()


def fold_accents(text: str) -> str:
    """Case-folded text without accents ("Dé" → "de")."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class RuleNotFound(NotFoundError):
    """``rules show`` found nothing; ``suggestions`` are the nearest ids or glossary terms."""

    def __init__(self, message: str, *, suggestions: list[str], hint: str | None) -> None:
        super().__init__(message, hint=hint)
        self.suggestions = suggestions


def show(edition: Edition, rule_id: str) -> list[Rule]:
    """The rule ``rule_id`` with its lettered subrules, or a whole section ("901").

    Anything that is not a rule id is looked up as a glossary term ("planeswalk"), then as a
    section title ("phenomena" is section 312).
    Nothing found: :class:`RuleNotFound` naming the nearest ids or terms.
    """
    query = plain_query(rule_id).strip()
    if not query:
        raise UsageError("no rule id given", hint="for example `planarcli rules show 901.3`")
    check_text(query, "rules show")
    wanted = normalise_rule_id(query)
    if wanted is not None:
        found = [i for i in edition.ids if i == wanted or _is_child(i, wanted)]
        if found:
            return [edition._make(i) for i in found]
        suggestions = nearest_ids(edition, wanted)
        nearest = ", ".join(suggestions)
        raise RuleNotFound(
            f"no rule {echo_text(wanted)} in {edition.id}; nearest: {nearest}"
            if nearest
            else f"no rule {echo_text(wanted)} in {edition.id}",
            suggestions=suggestions,
            hint=missing_hint(edition, wanted),
        )
    if query.lower() == edition.id.lower() and edition.info.kind != ENGLISH_CR:
        return list(edition.rules)  # a whole document: "rules show danish-guide"
    # the official files mark italics with underscores ("Planar _Magic_"): ignore them
    folded = fold_accents(query.replace("_", ""))
    terms = {fold_accents(entry.term.replace("_", "")): entry for entry in edition.glossary}
    for candidate in term_forms(folded):
        entry = terms.get(candidate)
        if entry is not None:
            return [Rule(entry.term, entry.text, edition.info.lang, kind="glossary")]
    # a section by its title: "phenomena" → 312, "rolling a die" → 706
    for section_id in edition.ids:
        if "." not in section_id and fold_accents(edition._texts[section_id]) == folded:
            return [
                edition._make(i) for i in edition.ids if i == section_id or _is_child(i, section_id)
            ]
    # ... or by its title without "Variant" or "Option", as players name them ("grand melee"
    # → 807, "two-headed giant" → 810), and a heading rule so too ("single planar deck" →
    # 901.15, "Single Planar Deck Option")
    named = _title_key(folded)
    for heading_id in edition.ids:
        title = edition._texts[heading_id]
        if len(title) <= _TITLE_LENGTH and not title.endswith(".") and _title_key(
            fold_accents(title)
        ) == named:
            return [
                edition._make(i) for i in edition.ids if i == heading_id or _is_child(i, heading_id)
            ]
    # "chaos" → every term with that word: Chaos Ability, Chaos Symbol
    wanted_words = folded.split()
    partial = [
        entry
        for name, entry in terms.items()
        if wanted_words
        and any(
            name.split()[i : i + len(wanted_words)] == wanted_words
            for i in range(len(name.split()))
        )
    ]
    if partial:
        return [Rule(e.term, e.text, edition.info.lang, kind="glossary") for e in partial]
    import difflib

    close = difflib.get_close_matches(folded, list(terms), n=3, cutoff=0.6)
    suggestions = [terms[name].term for name in close]
    names = ", ".join(suggestions)
    too_long = len(query) > ECHOED
    # the search of the edition shown, not of the current one (the card rulings are searched
    # by naming a card, not by --edition)
    shown_here = edition.info.current or edition.info.kind == RULINGS
    where = "" if shown_here else f" --edition {edition.id}"
    raise RuleNotFound(
        f"no rule or glossary entry {echoed(query)} in {edition.id}"
        + (f"; nearest glossary terms: {names}" if names else ""),
        suggestions=suggestions,
        hint=f"search the text with `planarcli rules search QUERY{where}`"
        if too_long
        else f"search the text with `planarcli rules search {query!r}{where}`",
    )


def missing_hint(edition: Edition, wanted: str) -> str | None:
    if wanted.startswith("901") or not re.match(r"^\d{3}", wanted):
        return None
    if edition.closure is not None:
        return (
            f"{edition.id} holds {CLOSURE_SCOPE}; the whole Comprehensive Rules are at "
            "https://magic.wizards.com/en/rules"
        )
    if edition.info.is_english_cr:
        return f"{edition.id} holds only what its source quotes; {IMPORT_HINT}"
    return None


def scope(edition: Edition) -> str:
    """What ``edition`` holds, for messages about references it cannot follow."""
    if edition.closure is not None:
        return CLOSURE_SCOPE
    if edition.info.kind in (ENGLISH_CR, "translation"):
        return "only what its source quotes"
    return "a document, not the Comprehensive Rules"


def _rule_key(rule_id: str) -> tuple[str, int, int]:
    match = re.match(_RULE_KEY_PATTERN, rule_id)
    if match is None or match.group(2) is None:
        return rule_id, -1, 0
    digits, letters = match.group(2), match.group(3)
    if len(digits) > _KEY_DIGITS or len(letters) > _KEY_LETTERS:
        # No rule is numbered so far out (and int() refuses 4,301 digits): past every rule.
        return match.group(1), 10**_KEY_DIGITS, 0
    letter = sum((ord(ch) - 96) * 26**i for i, ch in enumerate(reversed(letters)))
    return match.group(1), int(digits), letter


#: Longest number and letter suffix _rule_key orders exactly; longer ones sort last.
_KEY_DIGITS = 9
_KEY_LETTERS = 4


def nearest_ids(edition: Edition, wanted: str, count: int = 3) -> list[str]:
    """The ids closest to ``wanted`` by number (same section first), for error messages."""
    section, number, letter = _rule_key(wanted)

    def distance(rule: Rule) -> tuple[float, str]:
        other_section, other_number, other_letter = _rule_key(rule.id)
        if other_section != section:
            return (1e9, rule.id)
        if number < 0 or other_number < 0:
            return (1e6 + abs(other_number), rule.id)
        return (abs(other_number - number) + 0.6 * abs(other_letter - letter), rule.id)

    ranked = sorted(edition.rules, key=distance)
    return [rule.id for rule in ranked[:count] if distance(rule)[0] < 1e9]


# --------------------------------------------------------------------------- references

_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?(?![\d])"
# Spelled out in both cases rather than re.IGNORECASE, which costs twice as much to compile
# (and this compiles on every `rules show`).
_REFERENCE_RE = lazy(
    r"(?:\b[Rr]ules?|\b[Rr]ègles?|\b[Ss]ections?|\b[Ss]ee|\b[Cc]f\.)\s+(" + _NUMBER + ")"
)
#: a number listed after a reference: "rules 614 and 615", "rules 403.3, 603.6a, 603.6d",
#: "rules 903.6–903.11", "règles 800.4a et 800.4c"
_LISTED_PATTERN = r"(?:,|,? and|,? or|,? et|,? ou| and| or| et| ou|\s*[–-])\s*(" + _NUMBER + ")"


def find_references(text: str) -> list[str]:
    """The rule ids that ``text`` refers to ("See rule 311", "Cf. règle 115.2f", "rules 614
    and 615"), in order, each once."""
    seen: dict[str, None] = {}
    for match in _REFERENCE_RE.compiled.finditer(text):
        seen.setdefault(match.group(1), None)
        end = match.end()
        while True:
            listed = re.compile(_LISTED_PATTERN).match(text, end)  # re caches the compiled
            if listed is None:
                break
            seen.setdefault(listed.group(1), None)
            end = listed.end()
    return list(seen)


def first_words(text: str, count: int = 12) -> str:
    words = text.split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


def _lookup(edition: Edition, target: str) -> Rule | None:
    """The rule ``target`` names: its own entry (a section by its heading). Only in an
    edition without a closure, which may lack section headings, does a section's first
    rule stand for it; otherwise "see rule 704" is not answered by 704.6f alone."""
    hit = edition.rule(target)
    if hit is None and "." not in target and edition.closure is None:
        first = next((i for i in edition.ids if i.startswith(target + ".")), None)
        hit = edition.rule(first) if first is not None else None
    return hit


def references(
    edition: Edition, rules: list[Rule], others: Iterable[Edition] = ()
) -> list[Reference]:
    """Every cross-reference in ``rules``, each resolved against ``edition``.

    A reference the edition cannot follow is looked up in ``others`` (see
    :func:`reference_sources`), first match wins; its preview is then that edition's text.
    A reference to a rule shown alongside (a subrule citing its parent) is left out.
    """
    shown = {rule.id for rule in rules}
    out: dict[str, Reference] = {}
    for rule in rules:
        for target in find_references(rule.text):
            if target in shown or target in out:
                continue
            hit = _lookup(edition, target)
            elsewhere = None
            hit_elsewhere = None
            if hit is None:
                for other in others:
                    hit_elsewhere = _lookup(other, target)
                    if hit_elsewhere is not None:
                        elsewhere = other.id
                        break
            preview = hit or (hit_elsewhere if elsewhere else None)
            out[target] = Reference(
                target=target,
                from_rule=rule.id,
                found=hit is not None,
                preview=first_words(preview.text) if preview is not None else None,
                elsewhere=elsewhere,
            )
    return list(out.values())


def reference_sources(edition: Edition, editions: list[EditionInfo]) -> Iterable[Edition]:
    """The editions to follow ``edition``'s references into when it cannot, nearest first.

    Only an edition without a closure (built from a seed that quotes rule 901 alone, or
    imported by an older planarcli) needs them: the other English Comprehensive Rules
    editions, bundled and imported, and imported editions in the same language. A rule
    number means different rules in different editions (2009's 309.6 is not 2016's), so the
    editions nearest in date to ``edition`` come first; for an undated document, the newest
    first. A translation gets the English editions numbered as it is (see
    :func:`_same_numbering`). Editions with a closure hold everything they cite (two
    references deep) and get none: another year's rule of the same number would be a guess.
    Each edition is loaded only when a reference gets that far.
    """
    if edition.closure is not None:
        return []
    if edition.info.kind == "translation":
        return _same_numbering(edition, editions)
    candidates = [
        info
        for info in editions
        if info.lang == edition.info.lang
        and info.id != edition.id
        and (info.source == "imported" or info.kind == edition.info.kind == ENGLISH_CR)
    ]
    shown = _day_number(edition.info.effective)

    def nearness(info: EditionInfo) -> tuple[int, int]:
        day = _day_number(info.effective)
        if day is None:
            return (1, 0)
        if shown is None:
            return (0, -day)
        return (0, abs(day - shown))

    return _OnDemand(sorted(candidates, key=nearness))


def _cited_by_901(edition: Edition) -> set[str]:
    """The rules outside 901 that ``edition``'s section 901 cites."""
    section = [rule_id for rule_id in edition.ids if rule_id == "901" or rule_id[:4] == "901."]
    return {
        target
        for rule_id in section
        for target in find_references(edition._texts[rule_id])
        if target.split(".")[0] != "901"
    }


def _same_numbering(edition: Edition, editions: list[EditionInfo]) -> list[Edition]:
    """For a translation (the French 2010-07-16 text): the English Comprehensive Rules
    editions whose rule 901 cites exactly the rules the translation's 901 cites, nearest in
    date first. The translation's "Cf. règle 309.6" means rule 309.6 of the English edition
    it translates; an English edition numbered the same way (2011-07-15 for 2010-07-16: its
    901 cites 103.6, 115.2f, 309, 309.6, 701.20, 800.4a, 801 and 806, as the French does)
    holds that rule under that number, one numbered otherwise (2010-02-01: 114.2f, 805)
    does not. None agrees: nothing is followed."""
    wanted = _cited_by_901(edition)
    if not wanted:
        return []
    shown = _day_number(edition.info.effective)
    english = sorted(
        (info for info in editions if info.is_english_cr),
        key=lambda info: abs((_day_number(info.effective) or 0) - (shown or 0)),
    )
    agreeing = []
    for info in english:
        try:
            other = load_edition(info)
        except DataUnavailableError:
            continue
        if other.closure is not None and _cited_by_901(other) == wanted:
            agreeing.append(other)
    return agreeing


class _OnDemand:
    """Editions loaded the first time iteration reaches them (unreadable ones skipped)."""

    def __init__(self, infos: list[EditionInfo]) -> None:
        self._infos = infos
        self._loaded: list[Edition | None] = []

    def __iter__(self) -> Iterator[Edition]:
        for index, info in enumerate(self._infos):
            if index == len(self._loaded):
                try:
                    self._loaded.append(load_edition(info))
                except DataUnavailableError:
                    self._loaded.append(None)
            edition = self._loaded[index]
            if edition is not None:
                yield edition


def _day_number(effective: str | None) -> int | None:
    """Days since 0001-01-01 of an ISO date, or None when there is no (valid) date."""
    if not effective:
        return None
    import datetime

    try:
        return datetime.date.fromisoformat(effective[:10]).toordinal()
    except ValueError:
        return None
