"""SARIF 2.1.0 output for ``planarcli validate --format sarif``.

One run; the driver's rules are the distinct finding codes used (``deck-too-small``...),
each carrying the Comprehensive Rules number it enforces in ``properties.rule``. Every
finding becomes a result with a location: GitHub code scanning needs one, so a finding
about the whole deck (``line`` is null) points at line 1 of its file, and says so in
``properties.wholeFile``. Paths are relative to the working directory, with forward
slashes, under ``uriBaseId`` ``%SRCROOT%``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import quote

from planarcli.deck.findings import FileResult, Finding

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/planarcli/planarcli"

_LEVELS = {"error": "error", "warning": "warning", "info": "note"}

#: One-line descriptions of the codes planarcli reports; other codes get a description
#: made from the code itself.
DESCRIPTIONS: dict[str, str] = {
    "deck-too-small": "The planar deck has fewer cards than the rules require.",
    "duplicate-card": "A planar deck may hold only one card of each English name.",
    "too-many-phenomena": "The planar deck holds more phenomena than the rules allow.",
    "phenomenon-not-allowed": "Phenomena did not exist under the rules edition applied.",
    "phenomenon-in-eternities-map": "Eternities Map decks use planes only.",
    "unknown-card": "A name in the planar deck is not a known plane or phenomenon.",
    "not-planar-card": "A name in the planar deck is a Magic card, but not a plane or phenomenon.",
    "name-variant": "A card name is written differently from its catalog name.",
    "printed-name": "A card is listed by a name printed on a non-English printing.",
    "no-planar-deck": "The file holds no planar deck.",
    "bad-quantity": "A card line has a quantity that is not a whole number from 1 up.",
    "unreadable-line": "A line of the decklist could not be read as a card.",
    "prose-line": "A line without a quantity was read as prose and left out of the deck.",
    "unreadable-file": "The file could not be read or is malformed.",
    "no-input": "A path on the command line gave no decklist file.",
}


def _description(code: str) -> str:
    return DESCRIPTIONS.get(code) or code.replace("-", " ").capitalize() + "."


def _rule_name(code: str) -> str:
    return "".join(part.capitalize() for part in code.split("-") if part) or "Finding"


def artifact_uri(path: str, *, cwd: Path | None = None) -> str:
    """A relative, forward-slash, percent-encoded URI for a path as the user gave it."""
    if path in ("-", "<stdin>"):
        return "stdin"
    base = cwd or Path.cwd()
    native = Path(path)
    if not native.is_absolute() and native.parts[:1] == ("..",):
        native = (base / native).resolve()  # above the source root: say where it is
    if native.is_absolute():
        try:
            path = os.path.relpath(native, base)
        except ValueError:  # another drive on Windows
            return native.as_uri()
        if path.startswith(".."):
            return native.as_uri()
    posix = PureWindowsPath(path).as_posix() if "\\" in path else path
    parts = [part for part in PurePosixPath(posix).parts if part != "."]
    return quote("/".join(parts), safe="/")


def _artifact_location(uri: str) -> dict[str, str]:
    """A relative URI is relative to the source root; an absolute ``file:`` URI stands alone
    (SARIF 2.1.0 3.4.4: uriBaseId goes only with relative references)."""
    if uri.startswith("file:") or uri == "stdin":
        return {"uri": uri}
    return {"uri": uri, "uriBaseId": "%SRCROOT%"}


def _fingerprint(uri: str, finding: Finding) -> str:
    key = "\x1f".join(
        (
            uri,
            finding.code,
            finding.rule or "",
            finding.card or "",
            "" if finding.card else finding.message,
        )
    )
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def _result(result: FileResult, finding: Finding, rule_index: int) -> dict[str, Any]:
    uri = artifact_uri(result.path)
    whole_file = finding.line is None
    message = finding.message  # names its suggestions already ("did you mean ...?")
    properties: dict[str, Any] = {"edition": finding.edition, "wholeFile": whole_file}
    if finding.rule:
        properties["rule"] = finding.rule
    if finding.card is not None:
        properties["card"] = finding.card
    if finding.suggestions:
        properties["suggestions"] = list(finding.suggestions)
    return {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": _LEVELS.get(finding.severity, "warning"),
        "message": {"text": message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": _artifact_location(uri),
                    "region": {"startLine": finding.line if finding.line else 1},
                }
            }
        ],
        "partialFingerprints": {"planarcliFinding/v1": _fingerprint(uri, finding)},
        "properties": properties,
    }


def sarif_log(
    results: Sequence[FileResult], *, tool_version: str, verbose: bool = False
) -> dict[str, Any]:
    """The SARIF log as a JSON-ready dict (notes only with ``verbose``, as in the text)."""
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    sarif_results: list[dict[str, Any]] = []
    for result in results:
        if result.skipped:
            continue
        for finding in result.findings:
            if finding.severity == "info" and not verbose:
                continue
            if finding.code not in index:
                index[finding.code] = len(rules)
                rule: dict[str, Any] = {
                    "id": finding.code,
                    "name": _rule_name(finding.code),
                    "shortDescription": {"text": _description(finding.code)},
                    "defaultConfiguration": {"level": _LEVELS.get(finding.severity, "warning")},
                    "properties": {"tags": ["planechase"]},
                }
                if finding.rule:
                    rule["properties"]["rule"] = finding.rule
                    rule["fullDescription"] = {
                        "text": f"{_description(finding.code)} (Comprehensive Rules {finding.rule})"
                    }
                rules.append(rule)
            sarif_results.append(_result(result, finding, index[finding.code]))
    unreadable = [r for r in results if not r.skipped and (not r.readable or r.not_fixed)]
    invocation: dict[str, Any] = {"executionSuccessful": not unreadable}
    notifications = [
        {"level": "error", "message": {"text": f"{r.path}: {_why_unreadable(r)}"}}
        for r in unreadable
    ]
    if verbose:  # -v lists each skipped file and why, as the text report does
        notifications += [
            {"level": "note", "message": {"text": f"{r.path}: skipped: {r.reason or ''}"}}
            for r in results
            if r.skipped
        ]
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "planarcli",
                        "informationUri": INFORMATION_URI,
                        "version": tool_version,
                        "rules": rules,
                    }
                },
                "invocations": [invocation],
                "results": sarif_results,
                "columnKind": "utf16CodeUnits",
            }
        ],
    }


def _why_unreadable(result: FileResult) -> str:
    return result.findings[0].message if result.findings else "could not be read"


def render_sarif(results: list[FileResult], *, tool_version: str, verbose: bool = False) -> str:
    """The SARIF 2.1.0 log for these results, as JSON text."""
    log = sarif_log(results, tool_version=tool_version, verbose=verbose)
    return json.dumps(log, ensure_ascii=False, indent=2)


def render_failed_sarif(message: str, *, tool_version: str) -> str:
    """A SARIF log for a run that could not start (a bad option, a broken configuration
    file): no results, and an invocation that failed with ``message``."""
    log = sarif_log([], tool_version=tool_version)
    invocation = log["runs"][0]["invocations"][0]
    invocation["executionSuccessful"] = False
    invocation["toolExecutionNotifications"] = [{"level": "error", "message": {"text": message}}]
    return json.dumps(log, ensure_ascii=False, indent=2)
