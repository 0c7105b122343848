"""``cards sync``: Scryfall card objects → a catalog document → the cache, atomically.

``build_catalog`` turns Scryfall card objects (one per printing) into the document of
``schemas/catalog.schema.json``: one card per oracle id, sets unioned oldest first, kind and
planar subtype read from the type line. ``sync_cards`` fetches, builds, merges in the cards of
the previous cache that the answer lacks (``merge_previous``: a partial answer from a mirror
never loses a card the user had), checks the document against the schema and only then
replaces ``cards.json`` in the cache dir (temp file in the same folder, fsync,
``os.replace``), so a failed sync leaves the previous cache byte for byte.

The network client is imported inside ``sync_cards``; building and writing need no network.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from planarcli.cards import store
from planarcli.cards.model import Card
from planarcli.cards.names import add_name_keys
from planarcli.errors import DataUnavailableError, plural

_DASHES = re.compile(r"\s+[\u2014\u2013-]\s+|\s*\u2014\s*")
_SET_CODE = re.compile(r"^[a-z0-9]{2,6}$")
_ORACLE_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass
class BuildSummary:
    """What a build made of the card objects it was given."""

    printings: int = 0
    cards: int = 0
    planes: int = 0
    phenomena: int = 0
    skipped: list[str] = field(default_factory=list)  # "Name (why)" for each skipped object


@dataclass(frozen=True)
class SyncResult:
    """What ``sync_cards`` did."""

    path: Path
    api_url: str
    summary: BuildSummary
    pages: int
    new_cards: list[str]  # names not in the previous cache
    had_previous: bool  # whether a valid previous cache was there to compare with
    warnings: list[str]
    kept: list[str] = field(default_factory=list)  # previous cache cards the answer lacked
    cache_cards: int = 0  # cards in the cache after the sync (answer + kept)


# -- reading Scryfall card objects ----------------------------------------------------------
def classify_type_line(type_line: str) -> tuple[str, str | None] | None:
    """(kind, subtype) from a planar card's type line, case-insensitively; None if neither.

    "Plane — Dominaria" → ("plane", "Dominaria"); "pLAnE — sECreT LaIR" → ("plane",
    "sECreT LaIR"); "Phenomenon" and "Phenome-nom" → ("phenomenon", None).
    """
    parts = _DASHES.split(type_line.strip(), maxsplit=1)
    types = parts[0].casefold().split()
    subtype = parts[1].strip() if len(parts) > 1 and parts[1].strip() else None
    if "plane" in types:
        return "plane", subtype
    if any(word.startswith("phenom") for word in types):
        return "phenomenon", None
    return None


def _faces(card: dict[str, Any]) -> list[dict[str, Any]]:
    faces = card.get("card_faces")
    if isinstance(faces, list):
        return [face for face in faces if isinstance(face, dict)]
    return []


def _text_field(card: dict[str, Any], key: str, *, joiner: str) -> str | None:
    value = card.get(key)
    if isinstance(value, str) and value:
        return value
    texts = [face.get(key) for face in _faces(card)]
    joined = joiner.join(text for text in texts if isinstance(text, str) and text)
    return joined or None


def _oracle_id(card: dict[str, Any]) -> str | None:
    value = card.get("oracle_id")
    if isinstance(value, str) and _ORACLE_ID.match(value):
        return value
    for face in _faces(card):
        value = face.get("oracle_id")
        if isinstance(value, str) and _ORACLE_ID.match(value):
            return value
    return None


def _released(card: dict[str, Any]) -> str | None:
    value = card.get("released_at")
    return value if isinstance(value, str) and _DATE.match(value) else None


def _plain_uri(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return None
    return value.split("?utm_source=", 1)[0]


@dataclass
class _Gathered:
    name: str
    kind: str
    subtype: str | None
    type_line: str
    oracle_id: str
    set_dates: dict[str, str] = field(default_factory=dict)  # set code → earliest release
    newest: str = ""  # release date of the printing whose text we keep
    oracle_text: str | None = None
    scryfall_uri: str | None = None
    english_text: bool = False  # whether oracle_text came from an English printing
    printed_names: dict[str, list[str]] = field(default_factory=dict)  # lang → names


_LANG = re.compile(r"^[a-z]{2,3}$")


def printed_name_of(card: dict[str, Any]) -> tuple[str, str] | None:
    """(language code, printed name) of a non-English printing, or None: English objects,
    and objects without a language or a printed name, give none. A card with faces and no
    top-level printed name joins its faces' printed names with " // ", as Scryfall joins
    the English ones."""
    lang = card.get("lang")
    if not isinstance(lang, str) or not _LANG.match(lang) or lang == "en":
        return None
    printed = card.get("printed_name")
    if not isinstance(printed, str) or not printed.strip():
        names = [face.get("printed_name") for face in _faces(card)]
        if not names or not all(isinstance(n, str) and n.strip() for n in names):
            return None
        printed = " // ".join(str(n).strip() for n in names)
    return lang, printed.strip()


def _is_english(card: dict[str, Any]) -> bool:
    return card.get("lang") in (None, "en")


def _add_printed_name(names: dict[str, list[str]], lang: str, printed: str) -> None:
    spelled = names.setdefault(lang, [])
    if printed not in spelled:
        spelled.append(printed)


def merge_known_facts(document: dict[str, Any], earlier: Iterable[Any]) -> None:
    """Add to the cards of ``document`` what ``earlier`` cards (Cards of another catalog: the
    previous cache, the bundled snapshot) know of the same oracle id: their printed names,
    their sets, and an earlier first printing. Card data only grows: a mirror that sent part
    of a card's printings, or an old answer, never makes a card's sets or printed names
    shrink (its Oracle text, the answer's, still wins)."""
    by_oracle_id: dict[str, list[Any]] = {}
    for card in earlier:
        by_oracle_id.setdefault(card.oracle_id, []).append(card)
    for record in document["cards"]:
        for card in by_oracle_id.get(record["oracle_id"], ()):
            if card.printed_names:
                names: dict[str, list[str]] = record.setdefault("printed_names", {})
                for lang, printed in card.printed_names:
                    _add_printed_name(names, lang, printed)
                record["printed_names"] = {lang: names[lang] for lang in sorted(names)}
            sets = list(card.sets)  # oldest first; sets only the answer has come after
            sets += [code for code in record["sets"] if code not in sets]
            record["sets"] = sets
            dates = [d for d in (record.get("first_released"), card.first_released) if d]
            record["first_released"] = min(dates) if dates else None


def build_catalog(
    scryfall_cards: Iterable[dict[str, Any]],
    *,
    api_url: str,
    query: str,
    now: datetime | None = None,
) -> tuple[dict[str, Any], BuildSummary]:
    """The catalog document for these Scryfall card objects, and what was made of them."""
    summary = BuildSummary()
    gathered: dict[str, _Gathered] = {}
    for card in scryfall_cards:
        summary.printings += 1
        name = card.get("name")
        label = name if isinstance(name, str) and name else "(nameless card object)"
        type_line = _text_field(card, "type_line", joiner=" // ")
        kind = classify_type_line(type_line) if type_line else None
        oracle_id = _oracle_id(card)
        if not isinstance(name, str) or not name.strip():
            summary.skipped.append(f"{label} (no name)")
            continue
        if kind is None or type_line is None:
            summary.skipped.append(f"{name} (type line {type_line!r}: not a plane or phenomenon)")
            continue
        if oracle_id is None:
            summary.skipped.append(f"{name} (no oracle id)")
            continue
        entry = gathered.get(oracle_id)
        if entry is None:
            entry = gathered[oracle_id] = _Gathered(
                name=name.strip(),
                kind=kind[0],
                subtype=kind[1],
                type_line=type_line,
                oracle_id=oracle_id,
            )
        released = _released(card) or "9999-12-31"
        code = card.get("set")
        if isinstance(code, str) and _SET_CODE.match(code.lower()):
            code = code.lower()
            if code not in entry.set_dates or released < entry.set_dates[code]:
                entry.set_dates[code] = released
        printed = printed_name_of(card)
        if printed is not None:
            _add_printed_name(entry.printed_names, *printed)
        # Keep the newest English printing's Oracle text (older saved objects may predate
        # errata; a non-English printing serves only when there is no English one).
        text = _text_field(card, "oracle_text", joiner="\n//\n")
        uri = _plain_uri(card.get("scryfall_uri"))
        english = _is_english(card)
        if text is not None and (english, released) >= (entry.english_text, entry.newest):
            entry.newest = released
            entry.english_text = english
            entry.oracle_text = text
            entry.scryfall_uri = uri or entry.scryfall_uri
        elif entry.scryfall_uri is None:
            entry.scryfall_uri = uri

    cards: list[dict[str, Any]] = []
    for entry in gathered.values():
        if not entry.set_dates:
            summary.skipped.append(f"{entry.name} (no usable set code)")
            continue
        ordered = sorted(entry.set_dates.items(), key=lambda item: (item[1], item[0]))
        first = ordered[0][1]
        cards.append(
            {
                "name": entry.name,
                "kind": entry.kind,
                "subtype": entry.subtype if entry.kind == "plane" else None,
                "type_line": entry.type_line,
                "sets": [code for code, _ in ordered],
                "first_released": None if first == "9999-12-31" else first,
                "oracle_id": entry.oracle_id,
                "oracle_text": entry.oracle_text,
                "scryfall_uri": entry.scryfall_uri,
            }
        )
        if entry.printed_names:
            names = entry.printed_names
            cards[-1]["printed_names"] = {lang: names[lang] for lang in sorted(names)}
    cards.sort(key=lambda card: (str(card["name"]).casefold(), str(card["name"])))
    summary.cards = len(cards)
    summary.planes = sum(1 for card in cards if card["kind"] == "plane")
    summary.phenomena = summary.cards - summary.planes
    created = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).replace(microsecond=0)
    document = {
        "format": "planarcli-catalog",
        "schema_version": 1,
        "source": {
            "kind": "scryfall",
            "created": created.isoformat(),
            "origin": "Scryfall API search",
            "api_url": api_url,
            "query": query,
            "licence": "Card names and text are Wizards of the Coast's; data via Scryfall "
            "(https://scryfall.com). planarcli is unofficial Fan Content.",
        },
        "cards": cards,
    }
    return document, summary


def card_from_scryfall(card: dict[str, Any]) -> dict[str, Any] | None:
    """One Scryfall card object as a catalog card (for ``cards show --online``); None when
    it is not a plane or phenomenon."""
    document, _ = build_catalog([card], api_url="", query="")
    cards: list[dict[str, Any]] = document["cards"]
    return cards[0] if cards else None


# -- writing --------------------------------------------------------------------------------
def dump_catalog(document: dict[str, Any]) -> str:
    """JSON with one card per line: small, quick to parse, readable in a diff."""
    head = {key: value for key, value in document.items() if key != "cards"}
    lines = [json.dumps(card, ensure_ascii=False) for card in document["cards"]]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return body + ',\n "cards": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def write_catalog(document: dict[str, Any], path: Path) -> None:
    """Check ``document`` against the catalog schema, then replace ``path`` atomically and
    stamp it as checked. Any failure leaves ``path`` as it was."""
    from planarcli.schemacheck import schema_errors

    problems = schema_errors(document, "catalog.schema.json", limit=3)
    if problems:
        raise DataUnavailableError(
            "the synced card data does not match the catalog schema "
            f"({'; '.join(problems)}); the cache was left as it was"
        )
    data = dump_catalog(document).encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed below, before replace)
            mode="wb", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False
        )
        temp = Path(handle.name)
        try:
            with handle:
                os.chmod(handle.name, _file_mode(path))
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        _fsync_dir(path.parent)
        stat = path.stat()
    except OSError as error:
        raise DataUnavailableError(
            f"cannot write the card cache {path}: {error.strerror or error}",
            hint="check PLANARCLI_CACHE_DIR and its permissions",
        ) from error
    store.write_cache_stamp(
        path, stat.st_size, stat.st_mtime_ns, store.content_digest(data)
    )


def _file_mode(path: Path) -> int:
    """The mode for the new cache file: the old file's, else 0o666 minus the umask
    (a temp file starts as 0o600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- the whole sync -------------------------------------------------------------------------
def _previous_records(path: Path) -> list[dict[str, Any]] | None:
    """The card records of the current cache, if it is a valid catalog; None otherwise."""
    if not path.is_file():
        return None
    try:
        previous = store.load_cache(path)
    except (OSError, ValueError):
        return None
    return previous.records()


def merge_previous(document: dict[str, Any], previous: list[dict[str, Any]]) -> list[str]:
    """Add to ``document`` (in place) every card of the previous cache that it lacks, by
    oracle id and by name: data only grows, so a sync that got part of the cards (a mirror
    that answered 111 of 207) keeps the rest as they were. Returns the names kept."""
    cards: list[dict[str, Any]] = document["cards"]
    oracle_ids = {card["oracle_id"] for card in cards}
    names = {card["name"] for card in cards}
    kept = [
        card
        for card in previous
        if card["oracle_id"] not in oracle_ids and card["name"] not in names
    ]
    if kept:
        cards.extend(kept)
        cards.sort(key=lambda card: (str(card["name"]).casefold(), str(card["name"])))
        document["source"]["kept_from_previous"] = len(kept)
    return [card["name"] for card in kept]


def sync_cards(
    *,
    api_url: str,
    progress: Callable[[int, int], None] | None = None,
    client_options: dict[str, Any] | None = None,
    path: Path | None = None,
) -> SyncResult:
    """Fetch every planar card from Scryfall at ``api_url`` into the cache (``path``)."""
    from planarcli.cards.scryfall import PLANAR_QUERY, SEARCH_PARAMS, ScryfallClient

    target = path or store.cache_path()
    with ScryfallClient(api_url, **(client_options or {})) as client:
        fetched = client.fetch_planar_cards(progress=progress)
    query = "&".join(f"{key}={value}" for key, value in SEARCH_PARAMS.items())
    document, summary = build_catalog(fetched.cards, api_url=client.base_url, query=query)
    if not document["cards"]:
        raise DataUnavailableError(
            f"Scryfall's answer to {PLANAR_QUERY!r} held no plane or phenomenon "
            f"({plural(summary.printings, 'card object')}); "
            "the cache was left as it was"
        )
    warnings = list(fetched.warnings)
    if fetched.total_cards is not None and fetched.total_cards != len(fetched.cards):
        warnings.append(
            f"Scryfall announced {fetched.total_cards} printings but sent {len(fetched.cards)}"
        )
    previous = _previous_records(target)
    kept = merge_previous(document, previous) if previous is not None else []
    # The cache now holds the answer and what it kept: the snapshot provides only the rest.
    answered_ids = {card["oracle_id"] for card in document["cards"]}
    if kept:
        warnings.append(
            f"Scryfall's answer lacked {plural(len(kept), 'card')} of the previous cache; kept "
            f"{'it' if len(kept) == 1 else 'them'} as synced before "
            f"(e.g. {', '.join(kept[:3])})"
        )
    try:
        snapshot = store.load_snapshot()
    except DataUnavailableError:
        snapshot = None
    if snapshot is not None:
        missing = [card.name for card in snapshot.cards if card.oracle_id not in answered_ids]
        if missing:
            warnings.append(
                f"{plural(len(missing), 'card')} of the bundled snapshot are not in "
                "Scryfall's answer; "
                f"the snapshot still provides {'it' if len(missing) == 1 else 'them'} "
                f"(e.g. {', '.join(missing[:3])})"
            )
    previous_ids = {card["oracle_id"] for card in previous} if previous is not None else None
    # What a card's record knows only grows: printed names, sets and the first printing of
    # the previous cache and of the bundled snapshot stay.
    if previous is not None:
        merge_known_facts(document, map(Card.from_json, previous))
    if snapshot is not None:
        merge_known_facts(document, snapshot.cards)
    add_name_keys(document)
    write_catalog(document, target)
    store.reset_loaded_catalog()
    new_cards = (
        [card["name"] for card in document["cards"] if card["oracle_id"] not in previous_ids]
        if previous_ids is not None
        else []
    )
    return SyncResult(
        path=target,
        api_url=client.base_url,
        summary=summary,
        pages=fetched.pages,
        new_cards=new_cards,
        had_previous=previous is not None,
        warnings=warnings,
        kept=kept,
        cache_cards=len(document["cards"]),
    )


def online_card(name: str, api_url: str, client_options: dict[str, Any] | None = None) -> Any:
    """The plane or phenomenon Scryfall's fuzzy name lookup (``/cards/named?fuzzy=``) gives
    for ``name`` (`cards show --online`), as a catalog Card. Raises NotFoundError when
    Scryfall's card is no planar card (and Scryfall's own errors as the client does)."""
    from planarcli.cards.scryfall import ScryfallClient
    from planarcli.errors import NotFoundError, echoed

    with ScryfallClient(api_url, **(client_options or {})) as client:
        found = client.named_fuzzy(name)
    found_name = found.get("name", name)
    layout = found.get("layout")
    entry = card_from_scryfall(found) if layout == "planar" else None
    if entry is None:
        raise NotFoundError(
            f"Scryfall's card for {echoed(name)} is {found_name!r}, which is not a plane or "
            f"phenomenon (layout {layout!r})"
        )
    return Card.from_json(entry)
