"""Importing an official Comprehensive Rules text file as a rules edition.

``planarcli rules import SOURCE`` reads the file (a path, or an http(s) URL fetched once),
parses it with :mod:`planarcli.rulebook.crtext`, checks the result against
``schemas/rules-edition.schema.json`` and writes it to ``<data dir>/rules/<id>.json``, where the
corpus loader finds it. The id is the effective date printed in the file; an imported edition
with the id of a bundled one replaces it for this user. The write is atomic: a failed import
never leaves a half-written or corrupted edition behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from planarcli import __version__, paths, resources
from planarcli.errors import DataUnavailableError, InputError, UsageError
from planarcli.rulebook import crtext

EDITION_SCHEMA = "rules-edition.schema.json"
#: The official files are about 1 MB (2 MB in UTF-16); anything far bigger is something else.
MAX_BYTES = 20 * 1024 * 1024
#: (connect, read) timeouts in seconds for a URL.
DEFAULT_TIMEOUT = (10.0, 60.0)
RULES_PAGE = "https://magic.wizards.com/en/rules"


@dataclass(frozen=True)
class ImportResult:
    """What an import did."""

    edition_id: str
    path: Path
    rule_count: int
    glossary_count: int
    replaced: str | None  # "bundled" | "imported" | None
    title: str


def is_url(source: str) -> bool:
    """True for an http(s) URL (anything else is taken as a path)."""
    return source.lower().startswith(("http://", "https://"))


def url_scheme(source: str) -> str | None:
    """The scheme of ``source`` when it is written as a URL ("ftp" for ftp://...), else None.

    A Windows path such as ``C:\\rules.txt`` has no "://" and is not a URL.
    """
    import re

    match = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://", source.strip())
    return match.group(1).lower() if match else None


def import_rules(
    source: str,
    *,
    offline: bool,
    data_dir: Path | None = None,
    timeout: tuple[float, float] = DEFAULT_TIMEOUT,
    max_bytes: int = MAX_BYTES,
) -> ImportResult:
    """Import the Comprehensive Rules text file at ``source`` (a path or an http(s) URL).

    Raises :class:`UsageError` for a URL in offline mode (nothing is sent),
    :class:`DataUnavailableError` when the URL cannot be fetched, and :class:`InputError` for a
    missing, unreadable or unsuitable file.
    """
    if not source.strip():  # Path("") is the working directory: say what is missing
        raise UsageError(
            "no SOURCE given: rules import needs the path or URL of a Comprehensive Rules .txt",
            hint="for example `planarcli rules import MagicCompRules.txt`",
        )
    retrieved = datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    scheme = url_scheme(source)
    if scheme is not None and scheme not in ("http", "https"):
        raise UsageError(
            f"{source}: unsupported URL scheme {scheme!r}; rules import reads http(s) URLs "
            "and file paths",
            hint="give the path of the downloaded file"
            if scheme == "file"
            else "use the https link of the .txt file from " + RULES_PAGE,
        )
    if is_url(source):
        if offline:
            raise UsageError(
                "rules import from a URL needs the network; it is switched off by offline mode",
                hint="download the file yourself and import the path, or drop --offline / "
                "PLANARCLI_OFFLINE",
            )
        data = fetch_rules_file(source, timeout=timeout, max_bytes=max_bytes)
        url: str | None = source
    else:
        data = read_rules_file(Path(source), max_bytes=max_bytes)
        url = None
    edition = crtext.parse_comprehensive_rules(
        data, source_name=source, url=url, retrieved=retrieved
    )
    check_edition(edition, source)
    folder = (data_dir if data_dir is not None else paths.data_dir()) / "rules"
    target = folder / f"{edition['id']}.json"
    replaced = _what_it_replaces(target, edition["id"])
    write_atomically(target, crtext.dump_edition(edition))
    return ImportResult(
        edition_id=edition["id"],
        path=target,
        rule_count=len(edition["rules"]),
        glossary_count=len(edition["glossary"]),
        replaced=replaced,
        title=edition["title"],
    )


def read_rules_file(path: Path, *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a local rules file; a clear :class:`InputError` when that fails."""
    name = str(path)
    if name == "-" and not path.exists():
        raise InputError(
            "rules import reads a file path or an http(s) URL, not standard input",
            hint="save the text to a file and import its path",
        )
    if not path.exists():
        raise InputError("no such file", path=name)
    if path.is_dir():
        raise InputError("is a folder; give the Comprehensive Rules .txt file itself", path=name)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InputError(
                f"is {size // (1024 * 1024)} MB, too big for a Comprehensive Rules text file "
                f"(limit {max_bytes // (1024 * 1024)} MB)",
                path=name,
            )
        from planarcli.boundedio import read_limited

        with path.open("rb") as handle:
            data = read_limited(handle, max_bytes)
    except OSError as error:
        raise InputError(f"cannot read the file ({error.strerror or error})", path=name) from None
    if len(data) > max_bytes:  # a device or a FIFO that reported no size, or a file that grew
        raise InputError(
            f"holds more than {max_bytes // (1024 * 1024)} MB, too much for a Comprehensive "
            "Rules text file",
            path=name,
        )
    return data


def fetch_rules_file(
    url: str, *, timeout: tuple[float, float] = DEFAULT_TIMEOUT, max_bytes: int = MAX_BYTES
) -> bytes:
    """Download ``url`` (streamed, at most ``max_bytes``); network trouble is exit 3."""
    import requests

    headers = {
        "User-Agent": f"planarcli/{__version__}",
        "Accept": "text/plain, */*;q=0.5",
    }
    hint = "check the URL and your connection, or download the file and import its path"
    try:
        with requests.get(url, headers=headers, timeout=timeout, stream=True) as response:
            if response.status_code >= 400:
                reason = f" {response.reason}" if response.reason else ""
                raise DataUnavailableError(
                    f"{url}: the server answered HTTP {response.status_code}{reason}", hint=hint
                )
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > max_bytes:
                raise _too_big(url, max_bytes)
            chunks: list[bytes] = []
            total = 0
            for chunk in response.iter_content(chunk_size=64 * 1024):
                total += len(chunk)
                if total > max_bytes:
                    raise _too_big(url, max_bytes)
                chunks.append(chunk)
    except requests.exceptions.Timeout:
        raise DataUnavailableError(
            f"{url}: the server did not answer in time (timeouts: {timeout[0]:g} s to connect, "
            f"{timeout[1]:g} s to read)",
            hint=hint,
        ) from None
    except (requests.exceptions.InvalidURL, requests.exceptions.MissingSchema) as error:
        raise UsageError(f"{url}: not a usable URL ({error})") from None
    except requests.exceptions.ConnectionError as error:
        detail = (
            "timed out while reading"
            if "timed out" in str(error).lower()
            else ("could not connect")
        )
        raise DataUnavailableError(f"{url}: {detail}", hint=hint) from None
    except requests.exceptions.RequestException as error:
        raise DataUnavailableError(
            f"{url}: download failed ({type(error).__name__})", hint=hint
        ) from None
    return b"".join(chunks)


def _too_big(url: str, max_bytes: int) -> InputError:
    return InputError(
        f"{url}: more than {max_bytes // (1024 * 1024)} MB, too big for a Comprehensive Rules "
        "text file",
        hint=f"use the .txt link from {RULES_PAGE}",
    )


def check_edition(edition: dict[str, Any], source: str) -> None:
    """Refuse an edition that does not fit the schema (a parser bug, but never written)."""
    from planarcli.schemacheck import schema_errors

    errors = schema_errors(edition, EDITION_SCHEMA)
    if errors:
        raise InputError(
            "the parsed edition does not fit the rules-edition schema: " + "; ".join(errors),
            path=source,
            hint="please report this, with the file, as a planarcli bug",
        )


def _bundled_ids() -> set[str]:
    try:
        manifest_path = resources.rules_dir() / "manifest.json"
        with manifest_path.open(encoding="utf-8") as handle:
            manifest = json.load(handle)
        return {str(entry["id"]) for entry in manifest["editions"]}
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def _what_it_replaces(target: Path, edition_id: str) -> str | None:
    if target.exists():
        return "imported"
    if edition_id in _bundled_ids():
        return "bundled"
    return None


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` via a temporary file in the same folder and os.replace."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temp_name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as error:
        raise _cannot_write(target, error) from None
    temp = Path(temp_name)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as error:
        temp.unlink(missing_ok=True)
        raise _cannot_write(target, error) from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _cannot_write(target: Path, error: OSError) -> UsageError:
    return UsageError(
        f"cannot write {target} ({error.strerror or error})",
        hint="set PLANARCLI_DATA_DIR to a folder you can write to",
    )
