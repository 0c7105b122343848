"""The bundled comparisons (rules/comparisons.jsonl, rules/word-diffs.gz): what the build
makes, every pairing against the whole official files, and the same story either way round."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from planarcli.rulebook import compared
from planarcli.rulebook.catalogue import list_editions, load_edition
from planarcli.rulebook.corpus import Edition, EditionInfo
from planarcli.rulebook.crtext import official_rule_texts
from planarcli.rulebook.diff import PAIR_THRESHOLD, align, diff_editions
from planarcli.rulebook.textdiff import normalise, similarity
from tests.conftest import REPO, SHARED_DATA, load_script, requires_shared_data

CR_DIR = SHARED_DATA / "cr"
RunCli = Callable[..., Any]


@cache
def bundled() -> tuple[Edition, ...]:
    infos = [i for i in list_editions() if i.source == "bundled" and i.is_english_cr]
    return tuple(sorted((load_edition(i) for i in infos), key=compared.order_key))


@cache
def official() -> dict[str, dict[str, str]]:
    found = {}
    for path in sorted(Path(CR_DIR).glob("MagicCompRules-*.txt")):
        effective, texts = official_rule_texts(path.read_bytes())
        found[effective] = texts
    return found


def pairs_of_editions() -> list[tuple[Edition, Edition]]:
    return list(itertools.combinations(bundled(), 2))


@requires_shared_data
@pytest.mark.shared
def test_the_comparisons_are_exactly_what_the_build_script_makes() -> None:
    build = load_script(REPO / "scripts" / "build_comparisons.py")
    files = build.build(build.bundled_editions(), build.official_texts(CR_DIR))
    assert sorted(files) == [compared.STORE, compared.DIFFS]
    for name, content in files.items():
        assert (REPO / "rules" / name).read_bytes() == content, name


@requires_shared_data
@pytest.mark.shared
def test_every_pairing_of_every_pair_of_bundled_editions_holds_in_the_official_files() -> None:
    texts = official()
    wrong: list[str] = []
    checked = 0
    for older, newer in pairs_of_editions():
        for old, new in ((older, newer), (newer, older)):
            alignment = compared.alignment_of(old, new)
            old_file, new_file = texts.get(old.id, {}), texts.get(new.id, {})
            for edition, file in ((old, old_file), (new, new_file)):
                if file:  # the bundle quotes its official file word for word
                    assert all(file.get(r.id) == r.text for r in edition.rules), edition.id
            for a, b in alignment.pairs:
                if a.id == b.id:
                    continue
                checked += 1
                score = similarity(a.text, b.text)
                # renumbered: neither still stands under its own number at least as alike
                if a.id in new_file and similarity(a.text, new_file[a.id]) >= score:
                    wrong.append(f"{old.id}→{new.id}: {a.id}→{b.id}, {a.id} stands")
                if b.id in old_file and similarity(b.text, old_file[b.id]) >= score:
                    wrong.append(f"{old.id}→{new.id}: {a.id}→{b.id}, {b.id} stood")
            for rule in alignment.removed:  # removed: the newer file has no such rule
                if rule.id in new_file:
                    assert similarity(rule.text, new_file[rule.id]) < PAIR_THRESHOLD, rule.id
            # removed (added): the newer (older) file holds its words under no number at all
            for rules, file in ((alignment.removed, new_file), (alignment.added, old_file)):
                held = {normalise(text) for text in file.values()}
                for rule in rules:
                    if normalise(rule.text) in held:
                        wrong.append(f"{old.id}→{new.id}: {rule.id} is held word for word")
    assert checked > 1000  # the renumberings were there to check
    assert wrong == []


@pytest.mark.parametrize(
    ("a", "b"), [(x.id, y.id) for x, y in pairs_of_editions()], ids=lambda value: value
)
def test_the_diff_is_the_same_either_way_round(a: str, b: str) -> None:
    old, new = (next(e for e in bundled() if e.id == name) for name in (a, b))
    forward, backward = compared.alignment_of(old, new), compared.alignment_of(new, old)
    assert {(x.id, y.id) for x, y in forward.pairs} == {(y.id, x.id) for x, y in backward.pairs}
    assert [r.id for r in forward.removed] == [r.id for r in backward.added]
    assert [r.id for r in forward.old_not_compared] == [r.id for r in backward.new_not_compared]
    there, back = compared.compare(old, new), compared.compare(new, old)
    assert (there.unchanged, len(there.reworded)) == (back.unchanged, len(back.reworded))
    assert {(c.old_id, c.new_id) for c in there.renumbered} == {
        (c.new_id, c.old_id) for c in back.renumbered
    }
    assert (len(there.added), len(there.removed)) == (len(back.removed), len(back.added))


def test_a_stored_alignment_reads_back_as_the_one_made() -> None:
    old, new = (next(e for e in bundled() if e.id == i) for i in ("2009-10-01", "2026-01-16"))
    made = align(old.rules, new.rules)
    back = compared.decode(compared.encode(made, old.rules, new.rules), old.rules, new.rules)
    assert back is not None
    assert [(x.id, y.id) for x, y in back.pairs] == [(x.id, y.id) for x, y in made.pairs]
    for part in ("removed", "added", "old_not_compared", "new_not_compared", "sections"):
        assert [getattr(x, "id", x) for x in getattr(back, part)] == [
            getattr(x, "id", x) for x in getattr(made, part)
        ], part
    assert compared.decode({"renumbered": [["999.9", "901.1"]]}, old.rules, new.rules) is None


def _as_imported(edition: Edition) -> Edition:
    info = edition.info
    moved = EditionInfo(
        id=info.id,
        title=info.title,
        lang=info.lang,
        kind=info.kind,
        effective=info.effective,
        source="imported",
        location="",
    )
    return Edition(moved, edition.rules, edition.glossary)


def test_editions_not_bundled_are_aligned_when_asked_and_alike_either_way() -> None:
    old, new = (next(e for e in bundled() if e.id == i) for i in ("2013-07-13", "2016-08-26"))
    old, new = _as_imported(old), _as_imported(new)
    there, back = compared.compare(old, new), compared.compare(new, old)
    plain = diff_editions(old, new)  # aligned older first: as before, one way round
    assert [(c.old_id, c.new_id, c.pieces) for c in there.renumbered] == [
        (c.old_id, c.new_id, c.pieces) for c in plain.renumbered
    ]
    assert {(c.old_id, c.new_id) for c in there.renumbered} == {
        (c.new_id, c.old_id) for c in back.renumbered
    }


def test_the_stored_word_diffs_are_the_ones_made() -> None:
    old, new = (next(e for e in bundled() if e.id == i) for i in ("2009-10-01", "2026-01-16"))
    alignment = compared.alignment_of(old, new)
    stored = diff_editions(old, new, alignment=alignment, known=compared.known_diff)
    made = diff_editions(old, new, alignment=alignment)
    assert stored.reworded and stored.renumbered
    assert stored == made
    assert compared.known_diff("no such text", "nor this") is None


# --------------------------------------------------------------------------- through the CLI


def test_a_rule_that_still_stands_is_not_said_to_be_renumbered(run_cli: RunCli) -> None:
    for rule_id in ("104.3d", "104.3e"):
        result = run_cli("rules", "show", rule_id)
        assert result.exit_code == 1, result
        assert (
            f"hint: {rule_id} is outside the bundled rules of 2026-01-16 (the official rules "
            "may still hold it); the 2009-09-04 edition holds it: read it with "
            "`--edition 2009-09-04`"
        ) in result.stderr
        assert " is 810.8d" not in result.stderr and " is 603.10f" not in result.stderr


def test_the_history_of_a_rule_later_editions_do_not_quote_ends_outside_them(
    run_cli: RunCli,
) -> None:
    result = run_cli("rules", "history", "104.3d", "--edition", "2009-09-04")
    assert result.exit_code == 0, result
    assert "1 wording in 15 editions searched" in result.stdout
    assert "810.8d" not in result.stdout and "fifteen" not in result.stdout
    assert "(outside the bundled rules after 2009-09-04; the" in result.stdout
    today = run_cli("rules", "history", "901.3")
    assert "(in force)" in today.stdout


def test_a_rule_the_newer_official_file_still_holds_is_never_said_to_be_removed(
    run_cli: RunCli,
) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "current", "--format", "json")
    assert result.exit_code == 0, result
    import json

    found = json.loads(result.stdout)
    removed = {rule["id"] for rule in found["removed"]}
    # 810.4 (shared life), 805.4 (team turns), 805.5 (team priority), 603.10 (look back in
    # time) in the official 2026-01-16 file: renumbered, or outside the bundled rules
    assert removed.isdisjoint({"806.4a", "806.4b", "806.6c", "806.6d", "806.6h", "603.6d"})
    assert "806.4" in removed  # "two unique features": no official file after 2010 has it
    renumbered = {(c["old_id"], c["new_id"]) for c in found["renumbered"]}
    assert {("806.4a", "810.4"), ("603.6d", "603.10")} <= renumbered
    assert ("806.4", "810.4") not in renumbered
    history = run_cli("rules", "history", "806.4a", "--edition", "2009")
    assert "(removed)" not in history.stdout
    assert "renumbered: 806.4a → 810.4" in history.stdout


def test_the_diff_lists_no_such_pairing_and_counts_alike_either_way(run_cli: RunCli) -> None:
    there = run_cli("rules", "diff", "2009-09-04", "current", "--format", "json")
    back = run_cli("rules", "diff", "current", "2009-09-04", "--format", "json")
    assert "810.8d" not in there.stdout.split('"not_compared"')[0]
    import json

    a, b = json.loads(there.stdout)["summary"], json.loads(back.stdout)["summary"]
    assert (a["renumbered"], a["reworded"], a["unchanged"]) == (
        b["renumbered"],
        b["reworded"],
        b["unchanged"],
    )
    assert (a["added"], a["removed"]) == (b["removed"], b["added"])


# --------------------------------------------------------------------------- years


@pytest.mark.parametrize(
    ("year", "taken", "note"),
    [
        ("2009", "2009-10-01", "2009: read as 2009-10-01, the newest edition of 2009"),
        ("2013", "2013-07-13", "2013: read as 2013-07-13, the newest edition of 2013"),
        (
            "2015",
            "2013-07-13",
            "2015: no edition is of 2015; read as 2013-07-13, the newest edition before it",
        ),
    ],
)
def test_a_bare_year_is_the_newest_edition_of_it(
    run_cli: RunCli, year: str, taken: str, note: str
) -> None:
    shown = run_cli("rules", "show", "901.3", "--edition", year, "--format", "json")
    assert shown.exit_code == 0, shown
    assert f'"edition": "{taken}"' in shown.stdout
    assert shown.stderr == f"planarcli: note: {note}\n"
    history = run_cli("rules", "history", "901.3", "--edition", year)
    assert f"in the numbering of {taken}" in history.stdout
    assert history.stderr.count("planarcli: note:") == 1


def test_a_bare_year_in_diff_and_validate(run_cli: RunCli) -> None:
    result = run_cli("rules", "diff", "2012", "2013")
    assert result.exit_code == 0, result
    assert result.stdout.startswith("2012-06-01 → 2013-07-13:")
    assert result.stderr.count("planarcli: note:") == 2
    deck = str(REPO / "tests" / "decks" / "formats" / "cockatrice-side.cod")
    checked = run_cli("validate", "--rules", "2012", "--format", "json", deck)
    assert checked.exit_code == 0, checked
    assert '"rules": "2012-06-01"' in checked.stdout
    assert (
        "planarcli: note: --rules 2012: read as 2012-06-01, the newest edition of 2012"
        in checked.stderr
    )


@pytest.mark.parametrize(
    "command", [("rules", "show", "901.3", "--edition"), ("validate", "--rules")]
)
def test_a_year_before_planechase_is_a_usage_error(
    run_cli: RunCli, command: tuple[str, ...]
) -> None:
    deck = str(REPO / "tests" / "decks" / "formats" / "cockatrice-side.cod")
    result = run_cli(*command, "2008", *([deck] if command[0] == "validate" else []))
    assert result.exit_code == 2, result
    assert "no Planechase rules were in effect in 2008" in result.stderr
    assert "Traceback" not in result.stderr
