"""``validate --fix`` and ``--diff``: repair decklists in place, changing nothing else.

For each file: read it once (``rewrite.read_for_rewrite``), find its planar deck, decide
the repairs that have one right answer (``repairs.plan_repairs``), locate the characters
each one changes (``locate``), apply them through the file's own encoding
(``rewrite.Layout``), and read the result back with the same reader: a repair is kept only
if the reader then sees exactly the repaired deck (same sections, the same planar deck
found the same way). The new bytes replace the file atomically, and only if the file is
still what was read; with ``--diff`` nothing is written and the unified diff is returned.

The verdict reported is that of the fixed file, judged by ``validate_file`` like any other.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from planarcli.cards.catalog import Catalog
from planarcli.deck import locate
from planarcli.deck.checks import DeckOptions, resolve_deck_rules
from planarcli.deck.findings import FileResult, Finding
from planarcli.deck.readers import MAX_CARD_LINES, detect_format, reader_for
from planarcli.deck.readers.model import Decklist
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.deck.repairs import Repair, plan_repairs
from planarcli.deck.rewrite import (
    Edit,
    FileChangedError,
    Layout,
    NotWrittenError,
    layout_of,
    read_for_rewrite,
    replace_file,
)
from planarcli.errors import PlanarError, UsageError
from planarcli.records import record, replace

if TYPE_CHECKING:
    from planarcli.deck.scan import Excludes


@record
class FixOutcome:
    """What fixing one file did (or, with ``--diff``, would do)."""

    path: str
    repairs: tuple[Repair, ...]  # made
    declined: tuple[Repair, ...]  # wanted, but not safely expressible in this file
    before: bytes
    after: bytes
    written: bool

    @property
    def changed(self) -> bool:
        return self.after != self.before

    def diff(self) -> str:
        """The unified diff from the old text to the new (empty when nothing changes), as
        ``diff -u`` writes it: each line with its own line break, so that the ``\\r`` of a
        CRLF file stays and ``patch`` and ``git apply`` accept the diff."""
        if not self.changed:
            return ""
        import difflib

        old = layout_of(self.before, self.path).text
        new = layout_of(self.after, self.path).text
        lines = difflib.unified_diff(_diff_lines(old), _diff_lines(new), self.path, self.path)
        return "".join(lines)


def _diff_lines(text: str) -> list[str]:
    """The lines of ``text``, each with its line break (a lone CR also ends the diff's line;
    a last line without a break is marked as ``diff`` marks it)."""
    lines = locate.Lines(text)
    starts = [*lines.starts[1:], len(text)]
    out = [text[start:end] for start, end in zip(lines.starts, starts, strict=True)]
    out = [line if line.endswith("\n") else line + "\n" for line in out]
    if text and lines.ends[-1] == len(text):
        out[-1] += "\\ No newline at end of file\n"
    return out


# -- per format: which locator, how the deck is read back -------------------------------


#: The line offsets of the layout repairs are being located in (one file at a time): made
#: once per layout, not once per repair (per repair, a deck of thousands of lines cost
#: seconds, growing with the square of its size).
_LINES: list[tuple[Layout, locate.Lines]] = []


def _lines_of(layout: Layout) -> locate.Lines:
    if not _LINES or _LINES[0][0] is not layout:
        _LINES[:] = [(layout, locate.Lines(layout.text))]
    return _LINES[0][1]


def _line_locator(repair: Repair, decklist: Decklist, layout: Layout) -> locate.Candidates:
    return locate.line_candidates(repair, _lines_of(layout))


def _xml_locator(tag: str, name_key: str, quantity_key: str) -> locate.Locator:
    def find(repair: Repair, decklist: Decklist, layout: Layout) -> locate.Candidates:
        return locate.xml_candidates(
            repair,
            _lines_of(layout),
            decklist.entries,
            tag=tag,
            name_key=name_key,
            quantity_key=quantity_key,
        )

    return find


def _json_locator(board_keys: Sequence[str], quantity_key: str, nested: bool) -> locate.Locator:
    cache: dict[int, tuple[dict[int, tuple[locate.Node, locate.Node]], Decklist]] = {}

    def find(repair: Repair, decklist: Decklist, layout: Layout) -> locate.Candidates:
        key = id(layout)
        if key not in cache or cache[key][1] is not decklist:
            cache.clear()
            cache[key] = (_json_pairs(decklist, layout, board_keys, quantity_key, nested), decklist)
        pairs = cache[key][0]
        index = next((i for i, e in enumerate(decklist.entries) if e is repair.entry), None)
        if index is None or index not in pairs:
            return []
        item, array = pairs[index]
        return locate.json_candidates(repair, item, array, layout, quantity_key)

    return find


def _json_pairs(
    decklist: Decklist,
    layout: Layout,
    board_keys: Sequence[str],
    quantity_key: str,
    nested: bool,
) -> dict[int, tuple[locate.Node, locate.Node]]:
    try:
        root = locate.parse_json_spans(layout.text)
    except (ValueError, RecursionError):
        return {}
    holder = root.get("data") if nested else root
    if holder is None or holder.kind != "object":
        return {}
    order = board_keys if nested else [k for k in holder.key_order() if k in board_keys]
    boards = []
    for key in order:
        node = holder.get(key)
        if node is not None and node.kind == "array":
            boards.append((node, key))
    return locate.json_card_nodes(decklist, boards, quantity_key)


def _locator(format_name: str) -> locate.Locator | None:
    if format_name in ("text", "forge", "csv", "xmage"):  # a CSV row is a line; read back
        return _line_locator
    if format_name == "cockatrice":
        return _xml_locator("card", "name", "number")
    if format_name == "mtgo":
        return _xml_locator("Cards", "Name", "Quantity")
    if format_name == "json":
        from planarcli.deck.readers.jsondeck import SECTIONS

        return _json_locator(tuple(SECTIONS), "quantity", nested=False)
    if format_name == "mtgjson":
        from planarcli.deck.readers.mtgjson import BOARDS

        return _json_locator(BOARDS, "count", nested=True)
    return None


# -- planning ----------------------------------------------------------------------------


@record
class _Plan:
    decklist: Decklist
    how: str
    repairs: tuple[Repair, ...]


_Seen = tuple[str, int, str | None, str]


def _expected(decklist: Decklist, repairs: Sequence[Repair]) -> list[_Seen]:
    """The entries the reader must see once ``repairs`` are made."""
    by_entry: dict[int, list[Repair]] = {id(r.entry): [] for r in repairs}
    for repair in repairs:
        by_entry[id(repair.entry)].append(repair)
    expected: list[_Seen] = []
    for entry in decklist.entries:
        name, quantity = entry.name, entry.quantity
        made = by_entry.get(id(entry), [])
        if any(r.action == "remove" for r in made):
            continue
        for repair in made:
            if repair.action == "rename":
                name = repair.name
            elif repair.action == "quantity":
                quantity = 1
        expected.append((name, quantity, entry.section, entry.role))
    return expected


def _reads_as(
    data: bytes,
    raw: RawInput,
    format_name: str,
    plan: _Plan,
    repairs: Sequence[Repair],
    catalog: Catalog,
) -> bool:
    """Whether ``data`` reads back as the deck with exactly ``repairs`` made."""
    try:
        again = reader_for(format_name)(RawInput(raw.display, data, raw.suffix))
    except PlanarError:
        return False
    seen = [(e.name, e.quantity, e.section, e.role) for e in again.entries]
    if seen != _expected(plan.decklist, repairs):
        return False
    if again.planar_sections != plan.decklist.planar_sections:
        return False
    planar = find_planar_deck(again, catalog)
    return planar.found and planar.how == plan.how


def _overlaps(edits: Sequence[Edit], taken: Sequence[Edit]) -> bool:
    return any(a.start < b.end and b.start < a.end for a in edits for b in taken)


#: Rounds of repairs at most (each round only removes problems, so two or three suffice).
MAX_FIX_ROUNDS = 5


def fix_bytes(
    raw: RawInput,
    catalog: Catalog,
    options: DeckOptions,
    *,
    input_format: str | None = None,
) -> tuple[bytes, tuple[Repair, ...], tuple[Repair, ...]]:
    """(new bytes, repairs made, repairs declined) for a decklist's bytes. Raises
    InputError when the bytes are no readable decklist.

    Repairs are made in rounds until a round finds nothing more to do, so that fixing
    the result again changes nothing: a repair declined in one round (it would lose the
    planar deck) can make another repair the one right answer in the next ("1 Eloren Wild",
    "2 Eloren Wild": once the first is renamed, removing the second loses the deck, and
    keeping it once is what is left). Every repair's line is that of the original file."""
    data = raw.data
    made: list[Repair] = []
    declined: tuple[Repair, ...] = ()
    to_original: dict[int, int] | None = None  # line now -> line in raw.data (None: same)
    for _ in range(MAX_FIX_ROUNDS):
        current = RawInput(raw.display, data, raw.suffix)
        new, round_made, declined, edits = _fix_round(
            current, catalog, options, input_format=input_format
        )
        if not round_made or new == data:
            break
        made.extend(_at_line(repair, to_original) for repair in round_made)
        step = _line_map(layout_of(data, raw.display).text, edits)
        to_original = {
            now: (to_original.get(before, before) if to_original is not None else before)
            for now, before in step.items()
        }
        data = new
    made.sort(key=lambda repair: (repair.entry.line is None, repair.entry.line or 0))
    return data, tuple(made), tuple(_at_line(r, to_original) for r in declined)


_BREAK = re.compile(r"\r\n|\r|\n")


def _line_map(text: str, edits: Sequence[Edit]) -> dict[int, int]:
    """After ``edits`` to ``text``: the line numbers of the new text -> those of ``text``,
    for the lines that are still there (a removed line has no number any more)."""
    lines = locate.Lines(text)
    mapping: dict[int, int] = {}
    for number, start in enumerate(lines.starts, start=1):
        end = lines.starts[number] if number < len(lines) else len(text)
        if any(e.start <= start and end <= e.end and e.start < e.end for e in edits):
            continue  # the whole line, its break included, was removed
        shift = sum(
            len(_BREAK.findall(text[e.start : e.end])) - len(_BREAK.findall(e.replacement))
            for e in edits
            if e.end <= start
        )
        mapping[number - shift] = number
    return mapping


def _at_line(repair: Repair, to_original: dict[int, int] | None) -> Repair:
    """``repair`` with its entry's line as numbered in the original file."""
    line = repair.entry.line
    if to_original is None or line is None or line not in to_original:
        return repair
    return replace(repair, entry=replace(repair.entry, line=to_original[line]))


def _fix_round(
    raw: RawInput,
    catalog: Catalog,
    options: DeckOptions,
    *,
    input_format: str | None = None,
) -> tuple[bytes, tuple[Repair, ...], tuple[Repair, ...], list[Edit]]:
    """One round of :func:`fix_bytes`: also the edits made (offsets in the decoded text)."""
    format_name = input_format or detect_format(raw)
    decklist = reader_for(format_name)(raw)
    layout = layout_of(raw.data, raw.display)
    planar = find_planar_deck(decklist, catalog)
    locator = _locator(format_name)
    if not planar.found or locator is None or len(decklist.entries) > MAX_CARD_LINES:
        return raw.data, (), (), []  # nothing to repair, or (too many lines) no decklist
    _, rules = resolve_deck_rules(options.edition)
    # The planar deck, and names left out of a by-type planar deck as near misses of a
    # planar card (a misspelled plane in a Cockatrice sideboard), in file order.
    chosen_ids = {id(e) for e in planar.entries} | {id(e) for e, _ in planar.overlooked}
    entries = tuple(e for e in decklist.entries if id(e) in chosen_ids)
    wanted = plan_repairs(entries, catalog, rules)
    if not wanted:
        return raw.data, (), (), []
    plan = _Plan(decklist, planar.how, tuple(wanted))

    # Each repair with its places (edit sets), best first.
    chosen: list[tuple[Repair, list[list[Edit]]]] = []
    declined: list[Repair] = []
    taken: list[Edit] = []
    for repair in wanted:
        candidates = [
            edits
            for edits in locator(repair, decklist, layout)
            if not _overlaps(edits, taken)
            and all(layout.can_encode(edit.start, edit.replacement) for edit in edits)
        ]
        if len(candidates) > 1:
            # More than one place fits (the 2 of "2 Bant [PC2]"): the places that read back
            # as this repair alone come first. None may, when the repair needs the others
            # (the planar deck is found only once a duplicate is gone): all stay in the
            # running, and only a place that reads back with the others is ever kept.
            alone = [
                edits
                for edits in candidates
                if _reads_as(layout.apply(edits), raw, format_name, plan, [repair], catalog)
            ]
            candidates = alone[:1] or candidates
        if not candidates:
            declined.append(repair)
            continue
        chosen.append((repair, candidates))
        taken.extend(candidates[0])

    def build(items: Sequence[tuple[Repair, list[Edit]]]) -> bytes:
        return layout.apply([edit for _, edits in items for edit in edits])

    def reads_back(items: Sequence[tuple[Repair, list[Edit]]]) -> bool:
        return _reads_as(build(items), raw, format_name, plan, [r for r, _ in items], catalog)

    kept: list[tuple[Repair, list[Edit]]] = []
    pending = chosen
    # Keep what reads back as intended: all at once if possible, else one at a time, again
    # until nothing more can be added (so a second --fix finds nothing left to do).
    while pending:
        if reads_back([*kept, *((r, places[0]) for r, places in pending)]):
            kept, pending = [*kept, *((r, places[0]) for r, places in pending)], []
            break
        progress = False
        for item in list(pending):
            repair, places = item
            made_edits = [edit for _, edits in kept for edit in edits]
            fits = next(
                (
                    edits
                    for edits in places
                    if not _overlaps(edits, made_edits) and reads_back([*kept, (repair, edits)])
                ),
                None,
            )
            if fits is not None:
                kept.append((repair, fits))
                pending.remove(item)
                progress = True
        if not progress:
            break
    declined.extend(repair for repair, _ in pending)
    order = {id(repair): index for index, repair in enumerate(wanted)}
    kept.sort(key=lambda item: order[id(item[0])])
    made = [repair for repair, _ in kept]
    data = build(kept)
    declined.sort(key=lambda repair: order[id(repair)])
    return data, tuple(made), tuple(declined), [edit for _, edits in kept for edit in edits]


def fix_file(
    path: str,
    catalog: Catalog,
    options: DeckOptions,
    *,
    input_format: str | None = None,
    write: bool = True,
) -> FixOutcome:
    """Fix one file (or, with ``write=False``, only work out the fix). Raises InputError
    for an unreadable file, FileChangedError when it changed while being fixed."""
    raw, state = read_for_rewrite(path)
    data, made, declined = fix_bytes(raw, catalog, options, input_format=input_format)
    written = False
    if write and data != raw.data:
        replace_file(path, data, state)
        written = True
    return FixOutcome(raw.display, made, declined, raw.data, data, written)


def fix_inputs(
    paths: list[str],
    catalog: Catalog,
    options: DeckOptions,
    *,
    input_format: str | None = None,
    write: bool = True,
    exclude: tuple[str, ...] | Excludes = (),
    no_planar_deck: str = "error",
) -> tuple[list[FileResult], list[FixOutcome]]:
    """Fix every input path; the results are the verdicts on the fixed files (each with
    its ``fixes`` listed), in order, found by the same scan as ``validate`` (skipped,
    unreadable and missing paths included, and never touched)."""
    import tempfile

    if "-" not in paths:
        return _fix_inputs(
            paths, catalog, options, input_format, write, exclude, no_planar_deck, {}
        )
    if write:
        raise UsageError(
            "standard input cannot be fixed: name the file, or use --diff - to see the fix "
            "(or drop --fix to check it)"
        )
    from planarcli.deck.readers.source import read_input

    # --diff - writes nothing, so standard input is fine: it is read once, into a file of
    # its own (named without an extension, as standard input has none), and judged as that.
    from planarcli.termination import signals_raise

    raw = read_input("-")
    # SIGTERM and SIGHUP, too, remove the folder (as Ctrl-C does)
    with signals_raise(), tempfile.TemporaryDirectory(prefix="planarcli-stdin-") as folder:
        copy = os.path.join(folder, "stdin")
        with open(copy, "wb") as handle:
            handle.write(raw.data)
        named = [copy if path == "-" else path for path in paths]
        results, outcomes = _fix_inputs(
            named,
            catalog,
            options,
            input_format,
            write,
            exclude,
            no_planar_deck,
            {copy: raw.display},
        )
    results = [replace(r, path=raw.display) if r.path == copy else r for r in results]
    return results, outcomes


def _fix_inputs(
    paths: list[str],
    catalog: Catalog,
    options: DeckOptions,
    input_format: str | None,
    write: bool,
    exclude: tuple[str, ...] | Excludes,
    no_planar_deck: str,
    shown: dict[str, str],
) -> tuple[list[FileResult], list[FixOutcome]]:
    """``fix_inputs`` for paths on disk; ``shown``: the name to show for a path (a copy of
    standard input is "<stdin>")."""
    from planarcli.deck.validate import file_judge, unreadable_result, validate_inputs

    edition, _ = resolve_deck_rules(options.edition)
    outcomes: list[FixOutcome] = []

    verdict = file_judge(catalog, options, input_format, no_planar_deck)

    def judge(path: str, scanned: bool) -> FileResult:
        if os.path.exists(path) and not os.path.isfile(path):
            # A pipe (`<(...)`), a device: it can be read once, never replaced.
            return unreadable_result(
                path,
                "is not a regular file (a pipe or a device), so it cannot be fixed in "
                "place: fix the file it comes from, or drop --fix/--diff to check it",
                edition,
                code="not-written",
            )
        before = verdict(path, scanned)
        if before.skipped or not before.readable:
            return before  # nothing to fix in what is not a readable decklist
        try:
            outcome = fix_file(path, catalog, options, input_format=input_format, write=write)
            if path in shown:
                outcome = replace(outcome, path=shown[path])
        except NotWrittenError as error:
            # The file was read and judged: its findings stand, as for a check without
            # --fix, after the one that says why the fix was not written (exit 2).
            code = "file-changed" if isinstance(error, FileChangedError) else "not-written"
            why = Finding(None, edition, "error", code, error.message)
            return replace(
                before,
                findings=(why, *before.findings),
                not_fixed=True,
                extra={**before.extra, "fixes": []},
            )
        except PlanarError:
            return before
        outcomes.append(outcome)
        if outcome.changed:
            # The bytes written (or, with --diff, that would be), judged from memory: read
            # back from the file they could already be another writer's.
            result = replace(_judge_bytes(verdict, outcome.after, path, scanned), path=path)
        elif write and before.findings:
            # Nothing to fix in what fix_file read; that may not be what `before` judged
            # (another --fix run replaced the file in between): judge what was read.
            result = replace(_judge_bytes(verdict, outcome.before, path, scanned), path=path)
        else:
            result = before
        extra = {**result.extra, "fixes": [repair.to_json() for repair in outcome.repairs]}
        if not write:
            extra["diff"] = outcome.diff()
        return replace(result, extra=extra)

    results = validate_inputs(
        paths,
        catalog,
        options,
        input_format=input_format,
        exclude=exclude,
        no_planar_deck=no_planar_deck,
        judge=judge,
    )
    return results, outcomes


def _judge_bytes(
    verdict: Callable[[str, bool], FileResult], data: bytes, path: str, scanned: bool
) -> FileResult:
    """The verdict on ``data`` as the content of a file named as ``path`` is (a copy in a
    private temporary folder: the readers read files)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="planarcli-fix-") as folder:
        copy = os.path.join(folder, os.path.basename(path) or "deck")
        with open(copy, "wb") as handle:
            handle.write(data)
        return verdict(copy, scanned)


def describe_fixes(outcomes: Sequence[FixOutcome], *, written: bool) -> list[str]:
    """One line per repair made (or that ``--diff`` would make) and per repair left to the
    user, for people: ``deck.txt:3: fixed: 'Akuom' -> 'Akoum'``."""
    verb = "fixed" if written else "would fix"
    out = []
    for outcome in outcomes:
        for repair in outcome.repairs:
            where = f"{outcome.path}:{repair.entry.line}" if repair.entry.line else outcome.path
            out.append(f"{where}: {verb}: {repair.describe()}")
        for repair in outcome.declined:
            where = f"{outcome.path}:{repair.entry.line}" if repair.entry.line else outcome.path
            out.append(f"{where}: not fixed (cannot be rewritten safely here): {repair.describe()}")
    return out
