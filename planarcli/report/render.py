"""Renderers for validation results: text (for people), json (for scripts), github
(workflow commands, so findings show up on pull requests); sarif lives in planarcli.report.sarif.

Renderers return strings and never decide exit codes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from planarcli.deck.findings import FileResult, Finding
from planarcli.errors import plural, printable
from planarcli.records import replace

Style = Callable[..., str]


def _plain(text: str, **_: Any) -> str:
    return text


def summary_counts(results: Sequence[FileResult]) -> dict[str, int]:
    """Counts over the files judged; skipped files are counted apart. ``unreadable``,
    ``missing`` (paths that do not exist) and ``not_fixed`` (``--fix`` could not write the
    repair) break down results that exit 2; the first two are counted in ``invalid`` too,
    a file not fixed in ``valid`` or ``invalid`` as its deck is."""
    judged = [r for r in results if not r.skipped]
    valid = sum(1 for r in judged if r.valid)
    missing = sum(1 for r in judged if r.missing)
    unreadable = sum(1 for r in judged if not r.readable and not r.missing)
    return {
        "files": len(judged),
        "valid": valid,
        "invalid": len(judged) - valid,
        "unreadable": unreadable,
        "missing": missing,
        "not_fixed": sum(1 for r in judged if r.not_fixed),
        "skipped": len(results) - len(judged),
    }


def render_json(
    results: Sequence[FileResult],
    *,
    context: dict[str, Any] | None = None,
    show_skipped: bool = False,
) -> str:
    """The contract's JSON shape (files + summary), with ``context`` keys added. Skipped
    files are listed only with ``show_skipped`` (``-v``); the summary always counts them."""
    document: dict[str, Any] = {
        "files": [result.to_json() for result in results if show_skipped or not result.skipped],
        "summary": summary_counts(results),
    }
    if context:
        document.update(context)
    import json  # the text report never needs it

    return json.dumps(document, ensure_ascii=False, indent=2)


_SEVERITY_COLOURS = {"error": "red", "warning": "yellow", "info": "cyan"}
#: Continuation lines of a wrapped finding are indented this much.
CONTINUATION_INDENT = "      "


def wrap_styled(words: Sequence[tuple[str, str]], width: int | None, indent: str) -> str:
    """Join (plain, styled) words with spaces, breaking lines before ``width`` columns;
    continuation lines start with ``indent``. Widths are measured on the plain text, so
    colour codes do not count. A word longer than a line is never broken (paths, names)."""
    if width is None:
        return " ".join(styled for _, styled in words)
    lines: list[str] = []
    current: list[str] = []
    used = 0
    for plain, styled in words:
        if current and used + 1 + len(plain) > width:
            lines.append(" ".join(current))
            current, used = [indent + styled], len(indent) + len(plain)
        elif current:
            current.append(styled)
            used += 1 + len(plain)
        else:
            current, used = [styled], len(plain)
    if current:
        lines.append(" ".join(current))
    return "\n".join(lines)


def _words(text: str, style: Style | None = None, **styles: Any) -> list[tuple[str, str]]:
    return [(word, style(word, **styles) if style else word) for word in text.split()]


def _finding_line(result: FileResult, finding: Finding, style: Style, width: int | None) -> str:
    name = printable(result.path)
    where = f"{name}:{finding.line}" if finding.line else name
    severity = style(finding.severity, fg=_SEVERITY_COLOURS.get(finding.severity), bold=True)
    cite = f"{finding.rule} {finding.code}" if finding.rule else finding.code
    words = [
        (f"  {where}:", f"  {where}:"),
        (f"{finding.severity}:", f"{severity}:"),
        *_words(printable(finding.message)),
        (f"[{cite}]", f"[{style(cite, dim=True)}]"),  # kept whole: one word
    ]
    return wrap_styled(words, width, CONTINUATION_INDENT)


#: Verdict words for results that could not be judged, by finding code.
_UNREADABLE_WORDS = {
    "no-input": "nothing to check",
    "unreadable-folder": "unreadable folder",
    "not-written": "not fixed",  # --fix: a read-only file, a failed write
    "file-changed": "not fixed",  # --fix: the file changed while it was being fixed
}


def _verdict(result: FileResult, style: Style, width: int | None) -> str:
    name = printable(result.path)
    path = style(name, bold=True)
    if result.skipped:
        words = [(f"{name}:", f"{path}:"), ("skipped:", style("skipped:", dim=True))]
        return wrap_styled([*words, *_words(printable(result.reason or ""))], width, "    ")
    if result.missing:
        return f"{path}: {style('not found', fg='red', bold=True)}"
    if not result.readable:
        code = result.findings[0].code if result.findings else ""
        word = _UNREADABLE_WORDS.get(code, "unreadable")
        return f"{path}: {style(word, fg='red', bold=True)}"
    if result.not_fixed:  # --fix could not write: the verdict on the file as it still is
        deck = _verdict(replace(result, not_fixed=False), style, width)
        return f"{path}: {style('not fixed', fg='red', bold=True)}, {deck[len(path) + 2 :]}"
    phenomena = plural(result.phenomena, "phenomenon", "phenomena")
    size = f"{plural(result.cards, 'card')}, {phenomena}"
    if result.planar_deck == "none":
        if result.valid:  # --no-planar-deck warn
            return f"{path}: {style('no planar deck', fg='yellow', bold=True)} (warning)"
        return f"{path}: {style('no planar deck', fg='red', bold=True)}"
    if result.valid:
        return f"{path}: {style('valid', fg='green', bold=True)} ({size})"
    return f"{path}: {style('invalid', fg='red', bold=True)} ({size})"


#: findings of one code shown per file in text (the rest counted on one line, unless -v)
SAME_CODE_SHOWN = 20


def render_text(
    results: Sequence[FileResult],
    *,
    style: Style = _plain,
    verbose: bool = False,
    header: str | None = None,
    quiet: bool = False,
    width: int | None = None,
) -> str:
    """One verdict line per file, its findings below, and a summary line over every file
    (``quiet``: files without problems are left out, but still counted).

    Skipped files are listed only when ``verbose``. An unreadable file gets its verdict line
    only: why it cannot be read is the one line the command prints on stderr. ``width``:
    wrap findings to this many columns (None: never wrap).
    """
    lines: list[str] = []
    if header:
        lines.append(wrap_styled(_words(header), width, "    "))
    for result in results:
        if result.skipped:
            if verbose and not quiet:
                lines.append(_verdict(result, style, width))
            continue
        if quiet and result.valid and not result.not_fixed:
            continue
        lines.append(_verdict(result, style, width))
        if not result.readable:
            continue
        if verbose and result.prose_lines:  # nothing left out unseen
            lines.append(
                f"    {plural(result.prose_lines, 'line')} read as prose around the list, "
                "left out as comments"
            )
        if verbose:  # what the text reader's steps did, line by line
            lines.extend(_step_lines(result.steps))
        # Why a fix was not written is the one line on stderr: not said again here.
        shown: dict[str, int] = {}  # findings shown per code, for the cap below
        held: dict[str, int] = {}
        for finding in result.findings[1:] if result.not_fixed else result.findings:
            if finding.severity == "info" and not verbose:
                continue
            shown[finding.code] = shown.get(finding.code, 0) + 1
            if shown[finding.code] > SAME_CODE_SHOWN and not verbose:
                held[finding.code] = held.get(finding.code, 0) + 1
                continue
            lines.append(_finding_line(result, finding, style, width))
        for code, count in held.items():
            # a file of thousands of prose lines: the first few show what is wrong
            lines.append(
                f"  ... and {plural(count, 'more line')} with [{code}] "
                "(all of them: -v, or --format json)"
            )
    lines.append(summary_line(results))
    return "\n".join(lines)


def _step_lines(steps: Sequence[tuple[int, str]]) -> list[str]:
    """``line 14: quote mark removed, chat stamp removed``: one line per line of the file
    that a step of the text reader acted on, in line order."""
    by_line: dict[int, list[str]] = {}
    for number, what in steps:
        by_line.setdefault(number, []).append(what)
    return [f"    line {number}: {', '.join(whats)}" for number, whats in by_line.items()]


def summary_line(results: Sequence[FileResult]) -> str:
    """ "3 files: 1 valid, 2 invalid (1 unreadable, 1 not found); 2 skipped": the same
    counts as the JSON summary."""
    counts = summary_counts(results)
    # a path with nothing to check (an empty folder) is counted as unreadable in JSON, but
    # it is no file that could not be read: the text says what it is
    counts["nothing"] = sum(
        1
        for r in results
        if not r.skipped
        and not r.readable
        and not r.missing
        and r.findings
        and r.findings[0].code == "no-input"
    )
    counts["unreadable"] -= counts["nothing"]
    noun = "file" if counts["files"] == 1 else "files"
    line = f"{counts['files']} {noun}: {counts['valid']} valid, {counts['invalid']} invalid"
    apart = [
        f"{counts[key]} {words}"
        for key, words in (
            ("unreadable", "unreadable"),
            ("nothing", "with nothing to check"),
            ("missing", "not found"),
            ("not_fixed", "not fixed"),
        )
        if counts[key]
    ]
    if apart:
        line += f" ({', '.join(apart)})"
    if counts["skipped"]:
        line += f"; {counts['skipped']} skipped"
    return line


def _escape_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF as GitHub asks, other controls as
    :func:`printable` shows them."""
    escaped = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return printable(escaped)


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def render_github(results: Sequence[FileResult], *, verbose: bool = False) -> str:
    """GitHub Actions workflow commands (``::error file=…,line=…,title=…::message``)."""
    lines = []
    for result in results:
        if result.skipped:
            if verbose:  # -v lists each skipped file and why, as the text report does
                where = f"file={_escape_property(result.path)},title=skipped"
                lines.append(f"::notice {where}::{_escape_data(result.reason or '')}")
            continue
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


def github_error(message: str) -> str:
    """One GitHub error annotation for a run that could not start."""
    return f"::error title=planarcli::{_escape_data(message)}"
