"""Renderers for validation results: text (for people), json (for scripts), github
(workflow commands, so findings show up on pull requests); sarif lives in planarcli.report.sarif.

Renderers return strings and never decide exit codes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from planarcli.deck.findings import FileResult, Finding

Style = Callable[..., str]


def _plain(text: str, **_: Any) -> str:
    return text


def summary_counts(results: Sequence[FileResult]) -> dict[str, int]:
    valid = sum(1 for r in results if r.valid)
    unreadable = sum(1 for r in results if not r.readable)
    return {
        "files": len(results),
        "valid": valid,
        "invalid": len(results) - valid,
        "unreadable": unreadable,
    }


def render_json(results: Sequence[FileResult], *, context: dict[str, Any] | None = None) -> str:
    """The contract's JSON shape (files + summary), with ``context`` keys added."""
    document: dict[str, Any] = {
        "files": [result.to_json() for result in results],
        "summary": summary_counts(results),
    }
    if context:
        document.update(context)
    return json.dumps(document, ensure_ascii=False, indent=2)


_SEVERITY_COLOURS = {"error": "red", "warning": "yellow", "info": "cyan"}


def _finding_line(result: FileResult, finding: Finding, style: Style) -> str:
    where = f"{result.path}:{finding.line}" if finding.line else result.path
    severity = style(finding.severity, fg=_SEVERITY_COLOURS.get(finding.severity), bold=True)
    cite = f"{finding.rule} {finding.code}" if finding.rule else finding.code
    return f"  {where}: {severity}: {finding.message} [{style(cite, dim=True)}]"


def _verdict(result: FileResult, style: Style) -> str:
    if not result.readable:
        return f"{style(result.path, bold=True)}: {style('unreadable', fg='red', bold=True)}"
    phenomena = f"{result.phenomena} phenomen{'on' if result.phenomena == 1 else 'a'}"
    size = f"{result.cards} card{'' if result.cards == 1 else 's'}, {phenomena}"
    if result.planar_deck == "none":
        word = style("no planar deck", fg="red", bold=True)
        return f"{style(result.path, bold=True)}: {word}"
    if result.valid:
        return f"{style(result.path, bold=True)}: {style('valid', fg='green', bold=True)} ({size})"
    return f"{style(result.path, bold=True)}: {style('invalid', fg='red', bold=True)} ({size})"


def render_text(
    results: Sequence[FileResult],
    *,
    style: Style = _plain,
    verbose: bool = False,
    header: str | None = None,
    quiet: bool = False,
) -> str:
    """One verdict line per file, its findings below, and a summary line over every file
    (``quiet``: files without problems are left out, but still counted)."""
    lines: list[str] = []
    if header:
        lines.append(header)
    for result in results:
        if quiet and result.valid:
            continue
        lines.append(_verdict(result, style))
        for finding in result.findings:
            if finding.severity == "info" and not verbose:
                continue
            lines.append(_finding_line(result, finding, style))
    lines.append(summary_line(results))
    return "\n".join(lines)


def summary_line(results: Sequence[FileResult]) -> str:
    """ "3 files: 1 valid, 2 invalid (1 unreadable)": the same counts as the JSON summary."""
    counts = summary_counts(results)
    noun = "file" if counts["files"] == 1 else "files"
    line = f"{counts['files']} {noun}: {counts['valid']} valid, {counts['invalid']} invalid"
    if counts["unreadable"]:
        line += f" ({counts['unreadable']} unreadable)"
    return line


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def render_github(results: Sequence[FileResult], *, verbose: bool = False) -> str:
    """GitHub Actions workflow commands (``::error file=…,line=…,title=…::message``)."""
    lines = []
    for result in results:
        for finding in result.findings:
            if finding.severity == "info" and not verbose:
                continue
            props = [f"file={_escape_property(result.path)}"]
            if finding.line:
                props.append(f"line={finding.line}")
            title = f"{finding.rule} {finding.code}" if finding.rule else finding.code
            props.append(f"title={_escape_property(title)}")
            level = _GITHUB_LEVELS.get(finding.severity, "error")
            lines.append(f"::{level} {','.join(props)}::{_escape_data(finding.message)}")
    lines.append(summary_line(results))
    return "\n".join(lines)
