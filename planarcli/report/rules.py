"""Text and JSON shapes of the ``rules`` commands: show, search, editions, diff, history and
import.

The commands in :mod:`planarcli.commands.rules` find what to print (with
:mod:`planarcli.rulebook`) and hand it here. Renderers return strings (the command echoes
them) and never decide exit codes. Text is wrapped to the one width policy of
:mod:`planarcli.report.terminal` (``COLUMNS`` wins, kept between 40 and 100 columns here, 80
when neither ``COLUMNS`` nor a terminal says); colour comes as a ``style`` function
(``click.style`` when the command decided on colour, None for plain text), as in
:mod:`planarcli.report.render`.

Imported only by the ``rules`` commands that print (never at start-up).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from planarcli.errors import plural
from planarcli.report.terminal import text_width, wrap_hanging
from planarcli.rulebook import corpus
from planarcli.rulebook.catalogue import newer_current
from planarcli.rulebook.ruleids import normalise_rule_id

if TYPE_CHECKING:
    from planarcli.rulebook.importer import ImportResult

Style = Callable[..., str]

#: How many groups of rules a text diff names as "not compared" before it sums up the rest.
NOT_COMPARED_SHOWN = 8
#: The width ``rules editions`` fits its table to.
EDITIONS_WIDTH = 80


def _plain(text: str, **_: Any) -> str:
    return text


def rules_width() -> int:
    """The width rules text is wrapped to: the terminal policy's, kept between 40 and 100."""
    return text_width(80, 40, 100)


#: the narrowest column a rule's text is wrapped to beside its id (see :func:`show_text`)
NARROWEST_TEXT = 30


def short(text: str, limit: int = 200) -> str:
    """``text`` on one line, cut at a word before ``limit`` characters (with " …")."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut + " …"


# --------------------------------------------------------------------------- show


def show_json(
    loaded: corpus.Edition,
    asked: corpus.Edition,
    found: Sequence[corpus.Rule],
    refs: Sequence[Any],
) -> dict[str, Any]:
    """``rules show --format json``: the rules found and what they refer to."""
    return {
        "edition": loaded.id,
        **({"requested_edition": asked.id} if asked is not loaded else {}),
        "rules": [
            {
                "id": rule.id,
                "text": rule.text,
                "lang": rule.lang,
                "kind": rule.kind,
                **({"card": rule.card, "date": rule.date} if rule.card else {}),
                **_current_json(loaded, rule.id),
            }
            for rule in found
        ],
        "references": [
            {
                "id": ref.target,
                "from": ref.from_rule,
                "found": ref.found,
                "preview": ref.preview,
                "elsewhere": ref.elsewhere,
            }
            for ref in refs
        ],
    }


def _current_json(edition: corpus.Edition, rule_id: str) -> dict[str, Any]:
    """``current`` and ``current_since`` of a translation's or guide's passage, if any, and
    ``moved``: where the sentences of its English rule that moved since are today."""
    aligned = edition.aligned.get(rule_id)
    today = _today(*aligned) if aligned else None
    if today is None:
        return {}
    moved = edition.moved.get(rule_id, ())
    return {
        "current": today[0],
        "current_since": today[1],
        **({"moved": moved_json(moved)} if moved else {}),
    }


def moved_json(moved: Sequence[corpus.Moved]) -> list[dict[str, str]]:
    """The ``moved`` list of a translation's passage (JSON of ``rules show`` and ``search``)."""
    return [{"current": m.current, "since": m.since, "sentence": m.sentence} for m in moved]


#: a moved sentence is quoted up to this many characters
MOVED_QUOTE = 60


def moved_note(moved: Sequence[corpus.Moved], *, dated: bool = False) -> str:
    """ "; its sentence "At the start of the game, each player shuffles …" is 103.3a since
    2022" per moved sentence (the full date with ``dated``)."""
    out = ""
    for m in moved:
        quoted = m.sentence
        if len(quoted) > MOVED_QUOTE:
            quoted = quoted[:MOVED_QUOTE].rsplit(" ", 1)[0].rstrip(",;:") + " …"
        since = m.since if dated else m.since[:4]
        out += f"; its sentence \u201c{quoted}\u201d is {m.current} since {since}"
    return out


def _today(aligned_id: str, since: str) -> tuple[str, str] | None:
    """A passage's alignment with the bundled current edition, as it holds in the current
    one (an imported newer edition may have reworded or renumbered the rule)."""
    if newer_current() is None:  # as built (no history to read)
        return aligned_id, since
    from planarcli.rulebook.history import todays_rule

    return todays_rule(aligned_id, since)


def show_not_found_json(
    rule_id: str, suggestions: Sequence[str], in_editions: Sequence[str]
) -> dict[str, Any]:
    """``rules show --format json`` of a rule or term the edition lacks."""
    return {
        "query": rule_id,
        "found": False,
        "suggestions": suggestions,
        "in_editions": in_editions,
    }


def show_text(
    rule_id: str,
    loaded: corpus.Edition,
    asked: corpus.Edition,
    found: Sequence[corpus.Rule],
    refs: Sequence[Any],
    *,
    style: Style | None = None,
    width: int | None = None,
) -> str:
    """``rules show`` as text: the edition, the rules under their ids, "See also" and what
    the edition does not hold."""
    _style = style or _plain
    columns = width or rules_width()
    out: list[str] = []
    info = loaded.info
    heading = f"{info.title} — {info.id} ({info.lang}, {info.source})"
    out.append(_style(wrap_hanging(heading, columns, 2), dim=True))
    if asked is not loaded:
        out.append(
            _style(
                wrap_hanging(
                    f"({rule_id} is not in {asked.id}, which holds {corpus.scope(asked)}; "
                    f"shown from {info.id}, the edition its references are followed into)",
                    columns,
                    0,
                ),
                dim=True,
            )
        )
    label_width = max(len(rule.id) for rule in found) + 2
    # A long id (a card ruling's, a document's paragraph) on a narrow terminal would leave
    # the text a column of a word or two: the id then stands above its text.
    stacked = columns - label_width < NARROWEST_TEXT
    indent = 4 if stacked else label_width
    for rule in found:
        label = rule.id.ljust(label_width)
        body = f"{rule.card} ({rule.date}): {rule.text}" if rule.card else rule.text
        if stacked:
            text = rule.id + "\n" + wrap_hanging(body, columns, indent, first_prefix=" " * indent)
        else:
            text = wrap_hanging(body, columns, label_width, first_prefix=label)
        if style is not None:
            text = _style(rule.id, bold=True) + text[len(rule.id) :]
        out.append(text)
        aligned = loaded.aligned.get(rule.id)
        if aligned is not None:
            today = _today(*aligned)
            moved = moved_note(loaded.moved.get(rule.id, ()), dated=True)
            note = (
                f"(today's {today[0]}, worded as now since {today[1]}{moved})"
                if today
                else f"(no longer a rule today: it was {aligned[0]})"
            )
            out.append(
                _style(
                    wrap_hanging(note, columns, indent, first_prefix=" " * indent),
                    dim=True,
                )
            )
    wanted = normalise_rule_id(rule_id)
    if wanted is not None and loaded.rule(wanted) is None and found[0].kind == "rule":
        out.append(_style(f"(only part of {wanted} is in {info.id})", dim=True))
    followed = [ref for ref in refs if ref.found or ref.elsewhere]
    outside = [ref.target for ref in refs if not ref.found and not ref.elsewhere]
    if followed:
        out.append("")
        out.append(_style("See also:", bold=True))
        ref_width = max(len(ref.target) for ref in followed) + 4
        for ref in followed:
            note = ref.preview or ""
            if not ref.found:
                note = f"in {ref.elsewhere}: {note}"
            label = f"  {ref.target}".ljust(ref_width)
            out.append(wrap_hanging(note, columns, ref_width, first_prefix=label))
        others = list(dict.fromkeys(ref.elsewhere for ref in followed if not ref.found))
        if others:
            commands = " or ".join(
                f"`planarcli rules show ID --edition {other}`" for other in others
            )
            out.append(
                wrap_hanging(
                    f'({info.id} holds {corpus.scope(loaded)}; the rules marked "in" '
                    f"are another edition's: {commands})",
                    columns,
                    2,
                    first_prefix="  ",
                )
            )
    if outside:
        out.append("")
        out.append(
            wrap_hanging(
                f"Not in {info.id}: {', '.join(outside)} ({info.id} holds {corpus.scope(loaded)}).",
                columns,
                2,
            )
        )
    return "\n".join(out)


# --------------------------------------------------------------------------- search


#: per (edition, passage id) of a translation's passage: its moved sentences
MovedBy = Mapping[tuple[str, str], Sequence[corpus.Moved]]


def search_json(
    text: str,
    scope: Sequence[corpus.EditionInfo],
    results: Sequence[Any],
    moved: MovedBy | None = None,
) -> dict[str, Any]:
    """``rules search --format json``: the query as read, the editions searched, the results
    (a translation's passage with ``current`` and, where sentences of it moved, ``moved``)."""
    return {
        "query": text,
        "editions": [info.id for info in scope],
        "results": [
            {
                "id": r.id,
                "edition": r.edition,
                "lang": r.lang,
                "score": r.score,
                "text": r.text,
                **(
                    {"snippet": r.snippet, "highlights": [list(mark) for mark in r.marks]}
                    if r.snippet is not None
                    else {}
                ),
                "also_in": list(r.also_in),
                "kind": r.kind,
                **({"card": r.card, "date": r.date} if r.kind == "ruling" else {}),
                **({"card": r.card, "type_line": r.type_line} if r.kind == "card" else {}),
                **_result_today_json(r),
                **(
                    {"moved": moved_json(moved[r.edition, r.id])}
                    if moved and (r.edition, r.id) in moved
                    else {}
                ),
            }
            for r in results
        ],
    }


def _result_today(result: Any) -> tuple[str, str] | None:
    """(today's rule, worded as now since) of a translation's or guide's search result."""
    if not result.current:
        return None
    return _today(result.current, result.current_since or "")


def _result_today_json(result: Any) -> dict[str, str]:
    today = _result_today(result)
    return {"current": today[0], "current_since": today[1]} if today else {}


def _ranked(before: Any, result: Any, dated: dict[str, corpus.EditionInfo]) -> str:
    """The end of a result's head line: its score, or, for today's rule placed right after
    the translation's or guide's passage it answers (out of the order of scores: its own
    is in the JSON), which passage it stands beside."""
    today = _result_today(before) if before is not None else None
    info = dated.get(result.edition)
    if today is not None and today[0] == result.id and info is not None and info.current:
        return f") today's rule for {before.id} ({before.edition}) above"
    return f") score {result.score:.1f}"


def search_text(
    results: Sequence[Any],
    scope: Sequence[corpus.EditionInfo] = (),
    *,
    style: Style | None = None,
    width: int | None = None,
    moved: MovedBy | None = None,
    full: bool = False,
) -> str:
    """``rules search`` as text: per result a head line (id, edition, score; a ruling's
    card and date, an Oracle text's card and type line) and the passage of its text that
    holds the query's words (its snippet; ``full``: the whole text), indented, those words
    marked when there is colour; a
    translation's or guide's passage is followed by how it relates to today's rule (and
    where its moved sentences are), and today's rule placed beside it says so instead of its
    score, so the scores printed are in order."""
    _style = style or _plain
    columns = width or rules_width()
    dated = {info.id: info for info in scope}
    out: list[str] = []
    for before, result in zip([None, *results[:-1]], results, strict=True):
        head = (
            f"{result.id} ({result.edition}"
            + (f", {result.lang}" if result.lang != "en" else "")
            + (", glossary" if result.kind == "glossary" else "")
            + (f", {result.card}, {result.date}" if result.kind == "ruling" else "")
            + (f", {result.card}, {result.type_line}" if result.kind == "card" else "")
            + _ranked(before, result, dated)
            + (f"  (same text in {', '.join(result.also_in)})" if result.also_in else "")
        )
        # (wrapped like the text: a ruling's head line alone is 70 columns)
        head = wrap_hanging(head, columns, 2)
        if style is not None:
            head = _style(result.id, bold=True) + head[len(result.id) :]
        out.append(head)
        shown = result.snippet if result.snippet is not None and not full else result.text
        said = wrap_hanging(shown, columns, 4, first_prefix="    ")
        out.append(marked(said, result.matched, style) if style is not None else said)
        today = _result_today(result)
        if today is not None:
            note = relation(
                result,
                dated.get(result.edition),
                today,
                (moved or {}).get((result.edition, result.id), ()),
            )
            out.append(_style(wrap_hanging(note, columns, 4, first_prefix="    "), dim=True))
    return "\n".join(out)


def marked(text: str, matched: Sequence[str], style: Style) -> str:
    """``text`` with each of its words that is one of ``matched`` (lower case) styled: the
    query's words in a result, marked after wrapping (styles take no columns)."""
    if not matched:
        return text
    from planarcli.rulebook.search.analysis import TOKEN_RE

    wanted = frozenset(matched)

    def mark(match: Any) -> str:
        word: str = match[0]
        return _style(word) if word.casefold() in wanted else word

    def _style(word: str) -> str:
        return style(word, fg="yellow", bold=True)

    return TOKEN_RE.sub(mark, text)


def relation(
    result: Any,
    info: corpus.EditionInfo | None,
    today: tuple[str, str] | None = None,
    moved: Sequence[corpus.Moved] = (),
) -> str:
    """How a translation's or guide's passage relates to today's rule: "901.8b in the French
    text is 901.9b today; its wording changed in 2023"; and where a sentence of it is that
    moved to another rule: "...; its sentence “At the start of the game, ...” is 103.3a since
    2022". ``today`` (today's rule and since when it is so worded) defaults to the result's
    own ``current`` and ``current_since``."""
    current, since = today or (result.current, result.current_since or "")
    what = {"fr": "the French text", "da": "the Danish guide"}.get(result.lang, result.edition)
    said = f"{result.id} in {what}"
    effective = (info.effective if info is not None else None) or ""
    if since and effective and since > effective:
        when = f"; its wording changed in {since[:4]}"
    elif since:
        when = f"; worded so since {since[:4]}"
    else:
        when = ""
    return f"{said} is {current} today{when}{moved_note(moved)}."


# --------------------------------------------------------------------------- editions


def editions_json(infos: Sequence[corpus.EditionInfo]) -> dict[str, Any]:
    """``rules editions --format json``."""
    return {
        "editions": [
            {
                "id": info.id,
                "title": info.title,
                "lang": info.lang,
                "kind": info.kind,
                "effective": info.effective,
                "source": info.source,
                "current": info.current,
                "translation_of": info.translation_of,
            }
            for info in infos
        ]
    }


def editions_text(
    infos: Sequence[corpus.EditionInfo], *, style: Style | None = None, width: int | None = None
) -> str:
    """``rules editions`` as a table fitted to :data:`EDITIONS_WIDTH` columns, or to the
    terminal's when narrower (titles cut with "…"; JSON has them whole), the current edition
    marked * (and bold). Too narrow for the table (a phone), each edition takes two lines:
    its id, language and source, then its kind and title."""
    _style = style or _plain
    columns = min(width or rules_width(), EDITIONS_WIDTH)
    out: list[str] = []
    id_width = max(len(info.id) for info in infos) + 2
    kind_width = max(len(info.kind) for info in infos) + 2
    stacked = 2 + id_width + 4 + kind_width + 10 + 12 > columns
    for info in infos:
        mark = "*" if info.current else " "
        if stacked:
            line = f"{mark} {info.id.ljust(id_width)}{info.lang.ljust(4)}{info.source}"
            line += "\n" + wrap_hanging(f"{info.kind}: {info.title}", columns, 6, "    ")
        else:
            line = (
                f"{mark} {info.id.ljust(id_width)}{info.lang.ljust(4)}"
                f"{info.kind.ljust(kind_width)}{info.source.ljust(10)}"
            )
            room = max(columns - len(line), 12)  # JSON has the title whole
            title = info.title
            line += title if len(title) <= room else title[: room - 1].rstrip() + "…"
        out.append(_style(line, bold=True) if info.current else line)
    return "\n".join(out)


# --------------------------------------------------------------------------- diff


def _pieces_json(pieces: Any) -> list[dict[str, str]]:
    return [{"op": p.op, "text": p.text} for p in pieces]


def _change_json(change: Any) -> dict[str, Any]:
    return {
        "old_id": change.old_id,
        "new_id": change.new_id,
        "similarity": change.similarity,
        "text_changed": change.text_changed,
        "old_text": change.old_text,
        "new_text": change.new_text,
        "diff": change.word_diff(),
        "pieces": _pieces_json(change.pieces),
    }


def diff_json(result: Any) -> dict[str, Any]:
    """``rules diff --format json``."""
    return {
        "old": result.old,
        "new": result.new,
        "summary": {
            "unchanged": result.unchanged,
            "added": len(result.added),
            "removed": len(result.removed),
            "reworded": len(result.reworded),
            "renumbered": len(result.renumbered),
            "not_compared": len(result.old_not_compared) + len(result.new_not_compared),
        },
        "sections_moved": [
            {"old": m.old, "new": m.new, "title": m.title} for m in result.sections_moved
        ],
        "not_compared": {
            result.old: [r.id for r in result.old_not_compared],
            result.new: [r.id for r in result.new_not_compared],
        },
        "added": [{"id": r.id, "text": r.text} for r in result.added],
        "removed": [{"id": r.id, "text": r.text} for r in result.removed],
        "reworded": [_change_json(c) for c in result.reworded],
        "renumbered": [_change_json(c) for c in result.renumbered],
        "glossary": {
            "reworded": [_change_json(c) for c in result.glossary_reworded],
            "renamed": [_change_json(c) for c in result.glossary_renamed],
            "not_compared": {
                result.old: list(result.glossary_old_only),
                result.new: list(result.glossary_new_only),
            },
        },
    }


def _render(pieces: Any, context: int | None = 6, style: Style | None = None) -> str:
    """A word diff for the terminal; with ``context``, long unchanged stretches shortened."""
    from planarcli.rulebook.textdiff import render_pieces

    if style is None:
        return render_pieces(pieces, context=context, style=None)
    paint = style

    def colour(marked: str, op: str) -> str:
        return paint(marked, fg="red" if op in ("delete", "move-from") else "green")

    return render_pieces(pieces, context=context, style=colour)


def diff_text(
    result: Any, full: bool, *, style: Style | None = None, width: int | None = None
) -> str:
    """``rules diff`` as text: the summary, what was not compared, then the renumbered,
    reworded, added and removed rules and the glossary, as word diffs (whole with ``full``)."""
    from planarcli.rulebook.diff import describe_rules

    _style = style or _plain
    columns = width or rules_width()
    out: list[str] = []
    summary = (
        f"{result.old} → {result.new}: {len(result.reworded)} reworded, "
        f"{len(result.renumbered)} renumbered, {len(result.added)} added, "
        f"{len(result.removed)} removed, {result.unchanged} unchanged"
    )
    out.append(wrap_hanging(summary, columns, 2))
    for move in result.sections_moved:
        out.append(
            wrap_hanging(
                f"section {move.old} → {move.new} ({move.title}), with its rules", columns, 4
            )
        )
    for edition, rules_only, terms_only in (
        (result.old, result.old_not_compared, result.glossary_old_only),
        (result.new, result.new_not_compared, result.glossary_new_only),
    ):
        if rules_only:
            labels = describe_rules(rules_only)
            if len(labels) > NOT_COMPARED_SHOWN:
                rest = len(labels) - NOT_COMPARED_SHOWN + 1
                labels = [*labels[: NOT_COMPARED_SHOWN - 1], f"and {rest} more (--format json)"]
            # (the words of the lead-in wrap too: on 40 columns it is most of a line)
            out.append(
                wrap_hanging(f"only in {edition}, not compared: " + "; ".join(labels), columns, 4)
            )
        if terms_only:
            out.append(
                wrap_hanging(
                    f"glossary only in {edition}, not compared: " + ", ".join(terms_only),
                    columns,
                    4,
                )
            )
    if result.is_empty:
        partial = result.old_not_compared or result.new_not_compared
        out.append("no differences in what both editions hold" if partial else "no differences")
        return "\n".join(out)

    def heading(title: str) -> None:
        out.append("")
        out.append(_style(title, bold=True))

    def show_change(label: str, change: Any) -> None:
        if not change.text_changed:
            out.append(f"  {label}  (same text)")
            return
        body = _render(change.pieces, None if full else 6, style)
        out.append(f"  {label}")
        out.append(wrap_hanging(body, columns, 6, first_prefix="      "))

    if result.renumbered:
        heading("Renumbered")
        for change in result.renumbered:
            show_change(f"{change.old_id} → {change.new_id}", change)
    if result.reworded:
        heading("Reworded")
        for change in result.reworded:
            show_change(change.new_id, change)
    for title, rules in (("Added", result.added), ("Removed", result.removed)):
        if rules:
            heading(title)
            for rule in rules:
                out.append(f"  {rule.id}")
                out.append(wrap_hanging(short(rule.text, 160), columns, 4, first_prefix="    "))
    if result.glossary_reworded or result.glossary_renamed:
        heading("Glossary")
        for change in result.glossary_renamed:
            show_change(f"{change.old_id} → {change.new_id}", change)
        for change in result.glossary_reworded:
            show_change(change.new_id, change)
    return "\n".join(out)


# --------------------------------------------------------------------------- history


def history_not_found_json(rule_id: str, suggestions: Sequence[str]) -> dict[str, Any]:
    """``rules history --format json`` of a rule or term the edition lacks."""
    return {"query": rule_id, "found": False, "suggestions": suggestions}


def history_json(result: Any) -> dict[str, Any]:
    """``rules history --format json``: every wording, with the editions that print it."""
    return {
        "rule": result.rule,
        "edition": result.edition,
        "versions": [
            {
                "id": v.id,
                "since": v.since,
                "until": v.until,
                "editions": list(v.editions),
                "text": v.text,
            }
            for v in result.versions
        ],
    }


def _in_force(version: Any, result: Any) -> str:
    """How the last wording ends: in force in the newest edition searched, or (an edition
    quoting only part of the rules) outside the rules held for the editions after it."""
    newest = result.editions_searched[-1] if result.editions_searched else None
    if newest is None or newest in version.editions:
        return "(in force)"
    return (
        f"(outside the bundled rules after {version.editions[-1]}; the official rules may "
        "still hold it)"
    )


def history_text(result: Any, *, style: Style | None = None, width: int | None = None) -> str:
    """``rules history`` as text: each wording with its span and editions, and after the
    first a word diff from the one before."""
    _style = style or _plain
    columns = width or rules_width()
    out: list[str] = []
    versions = result.versions
    count = len(versions)
    kind = "glossary entry " if result.kind == "glossary" else ""
    out.append(
        wrap_hanging(
            f"{kind}{result.rule} in the numbering of {result.edition}: "
            f"{plural(count, 'wording')} in "
            f"{len(result.editions_searched)} editions searched",
            columns,
            2,
        )
    )
    changes = [None, *result.changes()]
    for version, before, pieces in zip(versions, [None, *versions[:-1]], changes, strict=True):
        span = f"from {version.since} " + (
            f"until {version.until}" if version.until else _in_force(version, result)
        )
        if version is versions[-1] and version.until:
            span += " (removed)"
        out.append("")
        # (an id and its span: 41 columns for "901.15a  from 2009-09-04 until 2009-10-01")
        line = wrap_hanging(span, columns, 4, first_prefix=f"{version.id}  ")
        out.append(_style(version.id, bold=True) + line[len(version.id) :])
        out.append(
            wrap_hanging(", ".join(version.editions), columns, 4, first_prefix="    editions: ")
        )
        if before is not None and before.id != version.id:
            change = "renamed" if result.kind == "glossary" else "renumbered"
            out.append(f"    {change}: {before.id} → {version.id}")
        body = version.text if pieces is None else _render(pieces, None, style)
        out.append(wrap_hanging(body, columns, 4, first_prefix="    "))
        for since, sentence, today in getattr(result, "moved", ()):
            if since == version.since and before is not None:
                said = sentence if len(sentence) <= 60 else sentence[:57].rsplit(" ", 1)[0] + " …"
                note = f"moved: its sentence “{said}” is {today} since {since}"
                out.append(wrap_hanging(note, columns, 4, first_prefix="    "))
    return "\n".join(out)


# --------------------------------------------------------------------------- import


def import_json(result: ImportResult, source: str) -> dict[str, Any]:
    """``rules import --format json``: the edition imported and where it was saved."""
    return {
        "edition_id": result.edition_id,
        "title": result.title,
        "path": str(result.path),
        "rule_count": result.rule_count,
        "glossary_count": result.glossary_count,
        "replaced": result.replaced,
        "source": source,
    }


def import_text(result: ImportResult) -> str:
    """The one-line text report of an import."""
    line = (
        f"imported {result.edition_id} ({result.title}): {result.rule_count} rules, "
        f"{result.glossary_count} glossary entries → {result.path}"
    )
    if result.replaced == "bundled":
        line += f"; replaces the bundled {result.edition_id} edition for you"
    elif result.replaced == "imported":
        line += f"; replaces your earlier import of {result.edition_id}"
    return line
