"""The validation pipeline: request → inputs → decklists → planar deck → checks → results.

``planarcli.deck.scan.expand_inputs`` turns the command line's paths (files, directories,
globs, ``-``) into the files to read; ``validate_file`` judges one; ``validate_inputs`` does
both and never raises for a bad file: an unreadable file or folder is a result like any
other, and a file a directory search left out is a *skipped* result with its reason.

One ``planarcli validate`` run, which picks this pipeline or ``--fix`` (built on it), is
:mod:`planarcli.deck.run`. Nothing here imports click.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from planarcli.cards.catalog import Catalog
from planarcli.deck.checks import (
    DeckOptions,
    DeckRules,
    check_planar_deck,
    resolve_deck_rules,
    rules_kept,
)
from planarcli.deck.findings import FileResult, Finding
from planarcli.deck.readers import (
    DECKLIST_SUFFIXES,
    MAX_CARD_LINES,
    DeckEntry,
    Decklist,
    read_decklist,
)
from planarcli.deck.readers.planar import PlanarDeck, find_planar_deck, near_miss, planar_card
from planarcli.errors import NotADecklistError, PlanarError

if TYPE_CHECKING:
    from planarcli.deck.scan import Excludes

#: What a file without a planar deck gets (``--no-planar-deck``): an error (exit 1), a
#: warning (exit 0), or nothing (it is skipped, and ``-v`` lists it).
NO_PLANAR_DECK_POLICIES = ("error", "warn", "skip")


def unreadable_result(
    path: str,
    message: str,
    edition: str,
    *,
    line: int | None = None,
    code: str = "unreadable-file",
    missing: bool = False,
) -> FileResult:
    """The result for input that could not be judged; ``missing``: the path does not exist
    (a usage error, counted apart from unreadable files)."""
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
        missing=missing,
    )


def skipped_result(path: str, reason: str, *, format: str | None = None) -> FileResult:
    """A file that was not judged, and why (shown with ``validate -v``)."""
    return FileResult(path, True, 0, 0, (), format, "none", skipped=True, reason=reason)


def _no_planar_deck(
    decklist_path: str,
    message: str,
    findings: list[Finding],
    rule: str,
    edition: str,
    policy: str,
    *,
    format: str | None,
    extra: dict[str, int] | None = None,
) -> FileResult:
    """The result for a file without a planar deck, as ``--no-planar-deck`` says."""
    if policy == "skip":
        return skipped_result(decklist_path, message, format=format)
    severity = "warning" if policy == "warn" else "error"
    findings = [*findings, Finding(rule, edition, severity, "no-planar-deck", message)]
    return FileResult(
        decklist_path,
        not any(f.severity == "error" for f in findings),
        0,
        0,
        tuple(findings),
        format,
        "none",
        extra=extra or {},
    )


#: How many names of a text file without other signs of a deck are tried as misspellings
#: (a fuzzy search each: the cost of a folder of notes must stay small).
_NEAR_MISS_TRIES = 3
#: Planar card names are short and never end a sentence.
_SENTENCE_END = (".", "?", ";", ":", ",")  # "!" ends "Team-Up!"


def _could_be_a_card_name(text: str) -> bool:
    """Whether a line without a quantity could be a plane's name, maybe misspelled: at most
    six words and 60 characters (the longest planar card name has five and 41), not ending
    like a sentence."""
    return len(text) <= 60 and text.count(" ") < 6 and not text.endswith(_SENTENCE_END)


def not_a_decklist_reason(decklist: Decklist, catalog: Catalog) -> str | None:
    """Why a text file found by a directory search is not a decklist, or None when it may
    be one. A decklist shows at least one of: a section heading, a quantity on a card line,
    a plane or phenomenon name (or a near miss of one). Prose (``notes.txt``) shows none,
    nor does a spreadsheet of names without a quantity or board column that names no
    plane or phenomenon (``contacts.csv``: Name,Email). Lines that only end in numbers
    ("entry 3") are quantities of a decklist when one of them names a Magic card, planar or
    not; else they are notes."""
    if decklist.format != "text":
        if decklist.format != "csv" or decklist.counted_lines or not decklist.entries:
            return None  # the structured formats said already whether the file is a deck
        return _names_no_card(decklist, catalog, "no row names a plane or phenomenon")
    entries = decklist.entries
    if not entries:
        # "0 Akoum": a quantity on a card line, dropped for its error, still marks a decklist
        if decklist.planar_sections or any(i.code == "bad-quantity" for i in decklist.issues):
            return None
        return "lists no cards (empty, or only comments)"
    return _names_no_card(
        decklist,
        catalog,
        "no line reads as a card line (no quantities, no section headings, no plane or "
        "phenomenon names)",
    )


def _names_no_card(decklist: Decklist, catalog: Catalog, what: str) -> str | None:
    """``what`` (+ "not a decklist") when the entries show no sign of a deck: no section,
    no quantity above 1, no plane or phenomenon name or a near miss of one; lines that only
    end in numbers, none of them naming a Magic card, are notes."""
    entries = decklist.entries
    if decklist.planar_sections or any(e.role != "unsectioned" for e in entries):
        return None
    trailing_only = 0 < decklist.counted_lines <= decklist.trailing_lines
    if not trailing_only and any(e.quantity > 1 for e in entries):
        return None
    name_like = [e.name for e in entries if _could_be_a_card_name(e.name)]
    if any(planar_card(catalog, name) for name in name_like):
        return None
    if decklist.counted_lines and not trailing_only:
        return None
    if trailing_only and _names_a_magic_card(entries, catalog):
        return None
    if any(near_miss(name, catalog) for name in name_like[:_NEAR_MISS_TRIES]):
        return None
    if trailing_only:
        first = decklist.first_trailing
        quoted = f" (line {first[0]}: {_shown(first[1])})" if first else ""
        return (
            f"no line names a Magic card before the number that ends it{quoted}: notes, "
            "not a decklist"
        )
    return f"{what}: not a decklist"


def _shown(line: str) -> str:
    """A line quoted in a reason, cut to a readable length."""
    return repr(line if len(line) <= 60 else line[:57] + "...")


def _names_a_magic_card(entries: tuple[DeckEntry, ...], catalog: Catalog) -> bool:
    """Whether any entry names a card of the catalog, another Magic card (the bundled list
    of every name, read bucket by bucket), or a planar card misspelt by a few slips
    ("Akuom 1")."""
    from planarcli.cards.resolve import other_magic_card, typos_of

    return any(
        planar_card(catalog, entry.name) or other_magic_card(catalog, entry.name) is not None
        for entry in entries
    ) or any(typos_of(catalog, entry.name) for entry in entries)


def _rules_for(options: DeckOptions) -> tuple[str, DeckRules, str]:
    """The edition to cite, the deck rules in force, and the rule a file without a planar
    deck breaks (the communal deck's or a player's own)."""
    edition, rules = resolve_deck_rules(options.edition)
    return (
        edition,
        rules,
        rules.communal_rule if options.communal_players else rules.individual_rule,
    )


def validate_file(
    path: str,
    catalog: Catalog,
    options: DeckOptions,
    *,
    input_format: str | None = None,
    scanned: bool = False,
    no_planar_deck: str = "error",
) -> FileResult:
    """Judge one decklist file. Unreadable input becomes a result, never an exception.

    ``scanned``: the file was found by a directory search or a glob, so a file that is not a
    decklist is skipped; a file named on the command line is judged as one without a planar
    deck (``no_planar_deck`` says what that gets: error, warn or skip).
    """
    # The rules are resolved once a file needs them: a search skips most of what it finds
    # (notes, configs), and validate_inputs has resolved --rules before the first file.
    try:
        decklist = read_decklist(path, input_format=input_format, catalog=catalog)
    except PlanarError as error:
        shown = "<stdin>" if path == "-" else path
        return _unread(shown, error, options, scanned=scanned, no_planar_deck=no_planar_deck)
    if scanned:
        not_deck = not_a_decklist_reason(decklist, catalog)
        if not_deck is not None:
            return skipped_result(decklist.path, not_deck, format=decklist.format)
    edition, rules, no_deck_rule = _rules_for(options)
    findings = _reader_findings(decklist, options, edition, rules)
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
        return _planar_deck_not_found(
            decklist, planar, findings, no_deck_rule, edition, no_planar_deck
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
    extra = {}
    if decklist.prose:  # lines left out as prose: named where that may have cost a card
        from planarcli.deck.prose import prose_findings

        short = any(finding.code == "deck-too-small" for finding in deck_findings)
        findings.extend(prose_findings(decklist, planar.entries, catalog, edition, short=short))
        extra["prose_lines"] = [line for line, _ in decklist.prose]
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
        extra=extra,
        prose_lines=decklist.prose_lines,
        steps=decklist.steps,
    )


def _unread(
    shown: str, error: PlanarError, options: DeckOptions, *, scanned: bool, no_planar_deck: str
) -> FileResult:
    """The result for a file that could not be read as a decklist: skipped when a search
    found it and it is not one; otherwise one without a planar deck (not a decklist) or an
    unreadable file."""
    if isinstance(error, NotADecklistError):
        if scanned:
            return skipped_result(shown, error.reason)
        edition, _, no_deck_rule = _rules_for(options)
        reason = error.reason + (f" ({error.hint})" if error.hint else "")
        return _no_planar_deck(
            shown,
            f"no planar deck: not a decklist: {reason}",
            [],
            no_deck_rule,
            edition,
            no_planar_deck,
            format=None,
        )
    line = getattr(error, "line", None)
    reason = getattr(error, "reason", None) or error.message
    if error.hint:
        reason += f" ({error.hint})"
    if scanned:  # found by a search, not named: it may be no decklist at all
        advice = "if it is not a decklist, leave it out with --exclude"
        reason += f" {advice[0].upper()}{advice[1:]}" if reason.endswith("?") else f"; {advice}"
    edition, _ = resolve_deck_rules(options.edition)
    return unreadable_result(shown, reason, edition, line=line)


def _reader_findings(
    decklist: Decklist, options: DeckOptions, edition: str, rules: DeckRules
) -> list[Finding]:
    """What the reader said of the file, as findings."""
    return [
        Finding(
            rules.communal_rule if issue.code == "communal-without-players" else None,
            edition,
            issue.severity,
            issue.code,
            issue.message,
            issue.line,
        )
        for issue in decklist.issues
        # --communal --players N answers what a JSON deck marked communal left open
        if not (issue.code == "communal-without-players" and options.communal_players)
    ]


def _planar_deck_not_found(
    decklist: Decklist,
    planar: PlanarDeck,
    findings: list[Finding],
    no_deck_rule: str,
    edition: str,
    no_planar_deck: str,
) -> FileResult:
    """A decklist in which no planar deck was found, as ``--no-planar-deck`` says; but a
    file with planes or a planar heading is always an error."""
    message = f"no planar deck: {planar.reason}"
    policy = no_planar_deck
    other_list = decklist.entries and not (planar.planar_seen or decklist.planar_sections)
    if policy == "error" and other_list:
        message += LEAVE_OUT_HINT  # a Commander or other list the search or the hook picked
    held = _held_for_a_planar_deck(decklist, planar) if policy != "error" else None
    if held is not None:
        # Planes outside any planar section, a planar heading with nothing under it, lines
        # the reader could not read (the planes may be on them): a planar deck planarcli
        # could not find, not a Commander list. Waved through, it would never be checked.
        policy = "error"
        message += (
            f" (the file has {held}, so --no-planar-deck {no_planar_deck} does not apply to it)"
        )
    return _no_planar_deck(
        decklist.path,
        message,
        findings,
        no_deck_rule,
        edition,
        policy,
        format=decklist.format,
        extra={"planar_cards_seen": planar.planar_seen},
    )


def _held_for_a_planar_deck(decklist: Decklist, planar: PlanarDeck) -> str | None:
    """What in a file without a planar deck says it may hold one all the same (so it is
    not waved through), or None."""
    if planar.planar_seen:
        return "planar cards"
    if decklist.planar_sections:
        return "a planar heading"
    if any(i.code == "unreadable-line" and i.severity == "error" for i in decklist.issues):
        return "lines planarcli could not read"
    return None


#: Said after why a list of cards, none planar, has no planar deck: how to leave such files
#: out of a run (a Commander list beside the planar decks, picked by a folder search or by
#: the pre-commit hook).
LEAVE_OUT_HINT = (
    "; if it is no planar deck (a Commander or other list), leave such files out: "
    'no-planar-deck = "skip" or exclude = ["PATTERN"] in the configuration file '
    "([tool.planarcli] or planarcli.toml), or --no-planar-deck skip"
)


#: Gives one file's result: ``judge(path, scanned)``.
Judge = Callable[[str, bool], FileResult]


def file_judge(
    catalog: Catalog, options: DeckOptions, input_format: str | None, no_planar_deck: str
) -> Judge:
    """``validate_file`` with these settings, as a Judge."""

    def judge(path: str, scanned: bool) -> FileResult:
        return validate_file(
            path,
            catalog,
            options,
            input_format=input_format,
            scanned=scanned,
            no_planar_deck=no_planar_deck,
        )

    return judge


def validate_inputs(
    paths: list[str],
    catalog: Catalog,
    options: DeckOptions,
    *,
    input_format: str | None = None,
    exclude: tuple[str, ...] | Excludes = (),
    no_planar_deck: str = "error",
    judge: Judge | None = None,
) -> list[FileResult]:
    """Results for every input path, in command-line order: judged files, skipped files
    (``skipped=True``, with the reason), unreadable files and folders, and the paths that
    gave no decklist (a missing path; a folder or glob where nothing was left to check).

    ``judge(path, scanned)`` gives each file's result (``validate --fix`` repairs the file
    first); by default :func:`validate_file` with these options. The deck rules are
    resolved once for the run (``checks.rules_kept``)."""
    if judge is None:
        judge = file_judge(catalog, options, input_format, no_planar_deck)
    with rules_kept():
        return _results(paths, options, exclude, judge)


def _results(
    paths: list[str], options: DeckOptions, exclude: tuple[str, ...] | Excludes, judge: Judge
) -> list[FileResult]:
    """``validate_inputs``'s results, each file judged by ``judge``."""
    from planarcli.deck.scan import expand_inputs

    edition, _ = resolve_deck_rules(options.edition)
    seen: set[str] = set()
    results: list[FileResult] = []
    for expansion in expand_inputs(paths, exclude=exclude):
        found: list[FileResult] = []
        for item in expansion.items:
            key = _same_file_key(item.path)
            if key in seen:  # one path, one result (and its error said once)
                continue
            seen.add(key)
            if item.kind == "error":
                found.append(
                    unreadable_result(
                        item.path, item.reason or "", edition, code=item.code, missing=item.missing
                    )
                )
                continue
            if item.kind == "skipped":
                found.append(skipped_result(item.path, item.reason or "", format=item.format))
            else:
                found.append(judge(item.path, item.scanned))
        if expansion.searched and all(result.skipped for result in found):
            found.append(
                unreadable_result(
                    expansion.argument,
                    _nothing_found(expansion.argument, found),
                    edition,
                    code="no-input",
                )
            )
        results.extend(found)
    return results


def _nothing_found(argument: str, skipped: list[FileResult]) -> str:

    what = "directory" if os.path.isdir(argument) else "pattern"
    if not skipped:
        if what == "pattern":
            return "no file matches this pattern"
        return f"directory holds no decklist file ({', '.join(DECKLIST_SUFFIXES)})"
    count = len(skipped)
    return (
        f"{what} holds no decklist: {count} {'file was' if count == 1 else 'files were'} "
        "skipped (run with -v to see which, and why)"
    )


def _same_file_key(path: str) -> str:
    """``deck.txt`` and ``./deck.txt`` are one file (validated once)."""

    return path if path == "-" else os.path.normcase(os.path.abspath(path))


def exit_code(results: list[FileResult]) -> int:
    """The worst result decides: 2 (unreadable) over 1 (illegal) over 0."""
    return max((result.exit_code for result in results), default=0)
