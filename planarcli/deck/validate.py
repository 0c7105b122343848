"""The validation pipeline: inputs → decklists → planar deck → checks → results.

``expand_inputs`` turns the command line's paths (files, directories, globs, ``-``) into
the list of files to read; ``validate_file`` judges one; ``validate_inputs`` does both and
never raises for a bad file: an unreadable file is a result like any other.
"""

from __future__ import annotations

import os

from planarcli.cards.catalog import Catalog
from planarcli.deck.checks import DeckOptions, check_planar_deck, resolve_deck_rules
from planarcli.deck.findings import FileResult, Finding
from planarcli.deck.readers import (
    DECKLIST_SUFFIXES,
    MAX_CARD_LINES,
    looks_like_csv_decklist,
    looks_like_json_decklist,
    read_decklist,
)
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.errors import PlanarError
from planarcli.lazyre import lazy
from planarcli.records import record

_GLOB_CHARS = frozenset("*?[")
_SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"})


@record
class InputProblem:
    """A command-line path that yields no file: it does not exist, or holds no decklist."""

    path: str
    message: str


def expand_inputs(paths: list[str]) -> tuple[list[str], list[InputProblem]]:
    """Files to validate, in order and without repeats, and the paths that gave none."""
    files: list[str] = []
    problems: list[InputProblem] = []
    for path in paths:
        if path == "-":
            files.append(path)
            continue
        if os.path.islink(path) and not os.path.exists(path):
            problems.append(InputProblem(path, "broken symbolic link (its target is missing)"))
            continue
        if os.path.isdir(path):
            found = _decklists_under(path)
            if found:
                files.extend(found)
            else:
                problems.append(
                    InputProblem(
                        path, f"directory holds no decklist file ({', '.join(DECKLIST_SUFFIXES)})"
                    )
                )
        elif os.path.exists(path):
            files.append(path)
        elif _GLOB_CHARS.intersection(path):
            import glob

            matches = sorted(m for m in glob.glob(path, recursive=True) if os.path.isfile(m))
            if matches:
                files.extend(matches)
            else:
                problems.append(InputProblem(path, "no file matches this pattern"))
        else:
            problems.append(InputProblem(path, "no such file or directory"))
    unique = list({_same_file_key(f): f for f in reversed(files)}.values())[::-1]
    return unique, problems


def _same_file_key(path: str) -> str:
    """``deck.txt`` and ``./deck.txt`` are one file (validated once)."""
    return path if path == "-" else os.path.normcase(os.path.abspath(path))


def _decklists_under(folder: str) -> list[str]:
    """Decklist files below ``folder``, sorted, skipping hidden and tool folders. A ``.json``
    file counts only when it looks like a decklist (planarcli's own or MTGJSON's), and a
    ``.csv`` file only when its header names a card-name column, so that package.json or a
    price sheet is not reported as a broken deck."""
    found = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(names):
            suffix = os.path.splitext(name)[1].lower()
            if suffix not in DECKLIST_SUFFIXES or name.startswith("."):
                continue
            path = os.path.join(root, name)
            if not os.path.isfile(path):  # FIFOs, sockets, devices, broken links: never read
                continue
            if _NOT_A_DECK.match(name):
                continue
            if suffix == ".json" and not _looks_like_json_decklist(path):
                continue
            if suffix == ".csv" and not _looks_like_csv_decklist(path):
                continue
            found.append(path)
    return found


#: Files a directory search passes over: the text files every repository has.
_NOT_A_DECK = lazy(
    r"(?i)^(readme|license|licence|copying|notice|authors|contributors|changelog|changes|"
    r"history|todo|requirements[\w.-]*|constraints[\w.-]*|robots|cmakelists)\.(txt|json)$"
)


def _looks_like_json_decklist(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            head = handle.read(8192)
    except OSError:
        return True  # let the reader report why it cannot be read
    return looks_like_json_decklist(head)


def _looks_like_csv_decklist(path: str) -> bool:
    from planarcli.deck.readers import _sniff_text

    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return True  # let the reader report why it cannot be read
    return looks_like_csv_decklist(_sniff_text(head))


def unreadable_result(
    path: str, message: str, edition: str, *, line: int | None = None, code: str = "unreadable-file"
) -> FileResult:
    finding = Finding(None, edition, "error", code, message, line)
    return FileResult(
        path=path,
        valid=False,
        cards=0,
        phenomena=0,
        findings=(finding,),
        format=None,
        planar_deck="none",
        readable=False,
    )


def validate_file(
    path: str, catalog: Catalog, options: DeckOptions, *, input_format: str | None = None
) -> FileResult:
    """Judge one decklist file. Unreadable input becomes a result, never an exception."""
    edition, rules = resolve_deck_rules(options.edition)
    try:
        decklist = read_decklist(path, input_format=input_format, catalog=catalog)
    except PlanarError as error:
        line = getattr(error, "line", None)
        reason = getattr(error, "reason", None) or error.message
        shown = "<stdin>" if path == "-" else path
        return unreadable_result(
            shown, reason + (f" ({error.hint})" if error.hint else ""), edition, line=line
        )
    findings: list[Finding] = [
        Finding(None, edition, issue.severity, issue.code, issue.message, issue.line)
        for issue in decklist.issues
        # --communal --players N answers what a JSON deck marked communal left open
        if not (issue.code == "communal-without-players" and options.communal_players)
    ]
    if options.communal_players is None and decklist.communal_players is not None:
        # The file declares itself a communal deck for N players; flags still win.
        options = DeckOptions(options.edition, decklist.communal_players, options.variant)
    if len(decklist.entries) > MAX_CARD_LINES:
        return unreadable_result(
            decklist.path,
            f"lists more than {MAX_CARD_LINES} card lines; no decklist has that many, so this "
            "is not one",
            edition,
        )
    planar = find_planar_deck(decklist, catalog)
    if not planar.found:
        rule = rules.communal_rule if options.communal_players else rules.individual_rule
        findings.append(
            Finding(
                rule,
                edition,
                "error",
                "no-planar-deck",
                f"no planar deck: {planar.reason}",
            )
        )
        return FileResult(
            decklist.path,
            False,
            0,
            0,
            tuple(findings),
            decklist.format,
            "none",
            extra={"planar_cards_seen": planar.planar_seen},
        )
    deck_findings, counts = check_planar_deck(planar.entries, catalog, options)
    findings.extend(deck_findings)
    findings.extend(
        Finding(
            None,
            edition,
            "warning",
            "possible-planar-card",
            f"{entry.name!r} is not a card planarcli knows, so it was not counted in the "
            f"planar deck; did you mean {guess!r}?",
            entry.line,
            entry.name,
            (guess,),
        )
        for entry, guess in planar.overlooked
    )
    findings.sort(key=lambda f: (f.line is None, f.line or 0))
    valid = not any(f.severity == "error" for f in findings)
    return FileResult(
        decklist.path,
        valid,
        counts.cards,
        counts.phenomena,
        tuple(findings),
        decklist.format,
        planar.how,
    )


def validate_inputs(
    paths: list[str], catalog: Catalog, options: DeckOptions, *, input_format: str | None = None
) -> list[FileResult]:
    """Results for every input path, in order (missing paths included)."""
    edition, _ = resolve_deck_rules(options.edition)
    files, problems = expand_inputs(paths)
    results = [validate_file(f, catalog, options, input_format=input_format) for f in files]
    results.extend(
        unreadable_result(problem.path, problem.message, edition, code="no-input")
        for problem in problems
    )
    return results


def exit_code(results: list[FileResult]) -> int:
    """The worst result decides: 2 (unreadable) over 1 (illegal) over 0."""
    return max((result.exit_code for result in results), default=0)
