"""Search phrasings: the questions people type that a bundled rules passage answers.

Players ask in their own words ("do I pay to hop planes again?"), the rules say it in theirs
("... costs {1} more for each time they have previously taken that action that turn"). The
files in ``rules/phrasings/`` list, per passage of a bundled edition, queries written by the
planarcli team that the passage answers (see ``rules/README.md``). They are search aids, not
rules text: ``rules show`` never prints them, and the search indexes them in a field of their
own beside each passage (:mod:`planarcli.rulebook.search`).

A passage's phrasings also serve the same passage in other editions: a rule renumbered, or
reworded a little, or an imported edition holding the same text (see ``search.attach``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from planarcli.errors import DataUnavailableError
from planarcli.records import record

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import Edition

FORMAT = "planarcli-search-phrasings"
FOLDER = "phrasings"
KINDS = ("rule", "glossary")
LANGS = ("en", "fr", "da")


@record
class Phrased:
    """The phrasings written for one passage of a bundled edition."""

    edition: str  # the edition's id
    kind: str  # "rule" | "glossary"
    id: str  # the rule id, or the glossary term as the edition spells it
    phrasings: tuple[str, ...]
    #: the language of the phrasings when it is not the passage's ("en" for English
    #: questions about the Danish guide)
    lang: str | None = None


def folder(rules_folder: str | None = None) -> str:
    """Where the phrasing files are: ``phrasings/`` in the bundled rules folder."""
    from planarcli.rulebook.catalogue import bundled_folder

    return os.path.join(bundled_folder(rules_folder), FOLDER)


def files(rules_folder: str | None = None) -> list[str]:
    """The phrasing files, in name order (none when the folder is absent)."""
    where = folder(rules_folder)
    try:
        names = sorted(name for name in os.listdir(where) if name.endswith(".json"))
    except FileNotFoundError:
        return []
    except OSError as error:
        raise DataUnavailableError(
            f"{where}: the search phrasings cannot be read ({error.strerror or error})",
            hint="reinstall planarcli",
        ) from error
    return [os.path.join(where, name) for name in names]


def fingerprint(rules_folder: str | None = None) -> str:
    """What the search index's cache key records of the phrasings: each file's name, size
    and modification time. They are part of the installation, like the code: read and
    checksummed on every search they would cost a third of a millisecond, and a change to
    one (a new version installed, an edit) changes its time and most often its size."""
    parts = []
    for path in files(rules_folder):
        try:
            found = os.stat(path)
        except OSError:
            parts.append(f"{os.path.basename(path)}:unreadable")
            continue
        parts.append(f"{os.path.basename(path)}:{found.st_size}:{found.st_mtime_ns}")
    return "phrasings " + ",".join(parts)


def _parse(data: Any) -> list[Phrased]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    if data.get("schema_version") != 1:
        raise ValueError(f"schema_version {data.get('schema_version')!r} is not 1")
    passages = data.get("passages")
    if not isinstance(passages, list):
        raise ValueError("'passages' is not a list")
    out = []
    for number, passage in enumerate(passages, 1):
        if not isinstance(passage, dict):
            raise ValueError(f"passage {number} is not an object")
        edition, kind, rule_id = (passage.get(key) for key in ("edition", "kind", "id"))
        if not (
            isinstance(edition, str) and isinstance(kind, str) and isinstance(rule_id, str)
        ) or not (edition and kind and rule_id):
            raise ValueError(f"passage {number} lacks edition, kind or id")
        if passage["kind"] not in KINDS:
            raise ValueError(f"passage {number}: kind {passage['kind']!r} is not rule or glossary")
        phrasings = passage.get("phrasings")
        if not isinstance(phrasings, list) or not all(
            isinstance(text, str) and text.strip() for text in phrasings
        ):
            raise ValueError(f"passage {number}: 'phrasings' is not a list of texts")
        lang = passage.get("lang")
        if lang is not None and lang not in LANGS:
            raise ValueError(f"passage {number}: lang {lang!r} is not one of {', '.join(LANGS)}")
        out.append(Phrased(edition, kind, rule_id, tuple(phrasings), lang))
    return out


def load(rules_folder: str | None = None) -> list[Phrased]:
    """Every passage's phrasings, from every file. A damaged bundled file is a damaged
    installation: :class:`DataUnavailableError` (exit 3)."""
    import json

    out: list[Phrased] = []
    for path in files(rules_folder):
        try:
            with open(path, encoding="utf-8") as handle:
                out.extend(_parse(json.load(handle)))
        except (OSError, ValueError, UnicodeDecodeError) as error:
            raise DataUnavailableError(
                f"{path}: damaged search phrasings ({error})", hint="reinstall planarcli"
            ) from error
    return out


def source_editions(entries: list[Phrased], rules_folder: str | None = None) -> dict[str, Edition]:
    """The bundled editions the phrasings were written for, by id (those that exist)."""
    from planarcli.rulebook.catalogue import bundled_infos, load_edition

    wanted = {entry.edition for entry in entries}
    return {
        info.id: load_edition(info) for info in bundled_infos(rules_folder) if info.id in wanted
    }
