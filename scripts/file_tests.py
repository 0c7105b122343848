"""File the flat test modules of tests/ by subject (issue 23 item 6).

    python scripts/file_tests.py           # move what the table knows, report the rest
    python scripts/file_tests.py --check   # only report: exit 1 if a flat test module is left

Each ``tests/test_*.py`` the table below knows is moved with ``git mv`` to its subject folder
(tests/<package>/..., mirroring planarcli/; tests/cli/ for the command line as a whole;
tests/project/ for checks of the whole repository). A moved file is made to work from its
new depth: ``Path(__file__).parent`` and ``.parents[k]`` are moved up by the folders added,
and an import of another test module follows it. Each ``tests/<old>`` the repository's own
text names (docs, comments, scripts) is renamed too; CHANGELOG.md keeps its history.

A flat test module the table does not know is reported, not moved: add it to MOVES (or leave
it where it is in KEPT). Re-run after merging a branch that adds test modules to tests/.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

#: flat module -> its place under tests/
MOVES = {
    # planarcli/cards
    "test_card_rulings.py": "cards/test_rulings.py",
    "test_cards_commands.py": "cards/test_commands.py",
    "test_cards_qa.py": "cards/test_lookup_regressions.py",
    "test_cards_search.py": "cards/test_search.py",
    "test_cards_text.py": "cards/test_text.py",
    "test_catalog_cache.py": "cards/test_catalog.py",
    "test_deck_random.py": "cards/test_deckgen.py",
    "test_names.py": "cards/test_names.py",
    "test_never_wrong_card.py": "cards/test_name_table.py",
    "test_printed_names.py": "cards/test_magicnames.py",
    "test_resolve.py": "cards/test_resolve.py",
    "test_scryfall_sync.py": "cards/test_sync.py",
    "test_snapshot.py": "cards/test_snapshot.py",
    # planarcli/deck
    "test_checks.py": "deck/test_checks.py",
    "test_convert.py": "deck/test_writers.py",
    "test_convert_verdict.py": "deck/test_convert_verdict.py",
    "test_examples.py": "deck/test_examples.py",
    "test_fix.py": "deck/test_fix.py",
    "test_fix_properties.py": "deck/test_fix_properties.py",
    "test_fix_show_agree.py": "deck/test_fix_show_agree.py",
    "test_hostile.py": "deck/test_hostile_inputs.py",
    "test_inputs.py": "deck/test_scan_inputs.py",
    "test_validate_config.py": "deck/test_config.py",
    "test_validate_scan.py": "deck/test_scan.py",
    # planarcli/deck/readers
    "test_csv_reader.py": "deck/readers/test_csvdeck.py",
    "test_formats.py": "deck/readers/test_formats.py",
    "test_formats_properties.py": "deck/readers/test_formats_properties.py",
    "test_jsondeck_plain_check.py": "deck/readers/test_jsondeck.py",
    "test_text_reader.py": "deck/readers/test_text.py",
    # planarcli/rulebook
    "test_crtext.py": "rulebook/test_crtext.py",
    "test_rules_alignment.py": "rulebook/test_alignment.py",
    "test_rules_diff.py": "rulebook/test_diff.py",
    "test_rules_editions.py": "rulebook/test_corpus.py",
    "test_rules_history.py": "rulebook/test_history.py",
    "test_rules_import.py": "rulebook/test_importer.py",
    "test_rules_phrasings.py": "rulebook/test_phrasings.py",
    "test_rules_qa.py": "rulebook/test_lookup_regressions.py",
    "test_rules_rulings.py": "rulebook/test_rulings.py",
    "test_rules_search_cache.py": "rulebook/test_searchcache.py",
    "test_rules_show.py": "rulebook/test_lookup.py",
    # planarcli/rulebook/search
    "test_rules_question_sets.py": "rulebook/search/test_question_sets.py",
    "test_rules_search.py": "rulebook/search/test_search.py",
    "test_rules_search_cost.py": "rulebook/search/test_cards.py",
    "test_rules_search_lang.py": "rulebook/search/test_language.py",
    "test_rules_search_names.py": "rulebook/search/test_cardnames.py",
    "test_rules_search_subject.py": "rulebook/search/test_subject.py",
    "test_rules_search_v3.py": "rulebook/search/test_scope_and_weights.py",
    # planarcli/report
    "test_report_rules.py": "report/test_rules.py",
    "test_sarif.py": "report/test_sarif.py",
    # the small top-level modules of planarcli/
    "test_boundedio.py": "core/test_boundedio.py",
    "test_marshalcache.py": "core/test_marshalcache.py",
    "test_plural.py": "core/test_errors.py",
    "test_termination.py": "core/test_termination.py",
    # the command line as a whole, as installed and as documented
    # the text reader's Python-only pasted-list tests (its cases are files in deck/readers/cases/)
    "test_pasted_lists.py": "deck/readers/test_text_pasted.py",
    "test_pasted_batch13_forms.py": "deck/readers/test_text_paste_forms.py",
    "test_prose_lines.py": "deck/test_prose.py",
    "test_action.py": "cli/test_action.py",
    "test_entry.py": "cli/test_entry.py",
    "test_installed_wheel.py": "cli/test_installed_wheel.py",
    "test_json_usage_errors.py": "cli/test_json_usage_errors.py",
    "test_precommit_hook.py": "cli/test_precommit_hook.py",
    "test_readme.py": "cli/test_readme.py",
    "test_startup.py": "cli/test_startup.py",
    "test_validate_cli.py": "cli/test_validate.py",
    # the repository: layers, the architecture page, the docs site, data built by scripts
    "test_architecture_page.py": "project/test_architecture_page.py",
    "test_docs_site.py": "project/test_docs_site.py",
    "test_layers.py": "project/test_layers.py",
    "test_package_order.py": "project/test_package_order.py",
    "test_sizes.py": "project/test_sizes.py",
    "test_rules_corpus_data.py": "project/test_rules_corpus_data.py",
    "test_rules_planechase_coverage.py": "project/test_planechase_coverage.py",
}

#: modules named by the round that found their cases, whose tests were moved one by one into
#: the subject modules they test (each test verbatim, with the helpers it needs). A branch that
#: adds tests to one of them brings it back: move its new tests by hand, as these were.
SPLIT = {
    "test_qafinal.py": "deck/readers/test_planar.py, deck/readers/test_text.py, "
    "deck/test_config.py, cards/test_deckgen.py, deck/test_scan.py, report/test_deck.py",
    "test_validate_qa.py": "deck/test_fix.py, deck/test_scan.py",
    "test_qa_deck.py": "deck/test_scan.py, deck/test_fix.py, deck/test_fix_properties.py, "
    "deck/test_config.py, deck/test_writers.py, deck/readers/test_forge.py, "
    "deck/readers/test_planar.py, report/test_sarif.py, report/test_deck.py, cli/test_help.py",
}

#: the helpers the test modules import by name (tests/conftest.py puts tests/helpers/ on
#: sys.path): moved once, by hand; their mentions are renamed as the modules' are
HELPERS = {
    "httpserver.py": "helpers/httpserver.py",
    "probes.py": "helpers/probes.py",
    "search_quality.py": "helpers/search_quality.py",
}

#: flat modules that stay flat for now (the pasted-list cases become case files elsewhere)
KEPT = {"test_pasted_lists.py", "test_pasted_batch13_forms.py", "test_prose_lines.py"}

#: text files whose mentions of tests/<old> are renamed (CHANGELOG.md keeps its history;
#: README.md names no test module)
MENTIONS = ("*.md", "*.py", "*.yml", "*.yaml", "*.toml", ".ci/run")
UNTOUCHED = {"CHANGELOG.md", "README.md"}


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def _deeper(text: str, depth: int) -> str:
    """``text`` with its ``Path(__file__)`` parents moved up ``depth`` folders."""

    def more(match: re.Match[str]) -> str:
        return f"{match.group(1)}parents[{int(match.group(2)) + depth}]"

    text = re.sub(r"(Path\(__file__\)(?:\.resolve\(\))?\.)parents\[(\d+)\]", more, text)
    return re.sub(
        r"(Path\(__file__\)(?:\.resolve\(\))?\.)parent\b(?!s)",
        lambda m: f"{m.group(1)}parents[{depth}]",
        text,
    )


def _imports(text: str) -> str:
    """Imports of moved test modules, by their package path (tests/ is on sys.path)."""
    for old, new in MOVES.items():
        dotted = new.removesuffix(".py").replace("/", ".")
        text = re.sub(rf"^from {old.removesuffix('.py')} import", f"from {dotted} import", text,
                      flags=re.M)  # fmt: skip
    return text


def _packages(new: Path) -> None:
    """Every folder between tests/ and ``new`` is a package (two test modules may then share
    a name in different folders)."""
    folder = new.parent
    while folder != TESTS:
        marker = folder / "__init__.py"
        if not marker.exists():
            marker.write_text("", encoding="utf-8")
            _git("add", str(marker.relative_to(ROOT)))
        folder = folder.parent


def _rename_mentions(moved: dict[str, str]) -> None:
    files = _git("ls-files", "--", *MENTIONS).split()
    for name in files:
        if name in UNTOUCHED:
            continue
        path = ROOT / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        changed = text
        for old, new in moved.items():
            changed = re.sub(rf"tests/{re.escape(old)}\b", f"tests/{new}", changed)
        changed = _imports(changed) if name.startswith("tests/") else changed
        if changed != text:
            path.write_text(changed, encoding="utf-8")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    flat = sorted(path.name for path in TESTS.glob("test_*.py"))
    unknown = [name for name in flat if name not in MOVES | SPLIT and name not in KEPT]
    moved: dict[str, str] = {}
    for name in flat:
        if name not in MOVES:
            continue
        if check:
            print(f"to move: tests/{name} -> tests/{MOVES[name]}")
            continue
        new = TESTS / MOVES[name]
        new.parent.mkdir(parents=True, exist_ok=True)
        _packages(new)
        _git("mv", f"tests/{name}", f"tests/{MOVES[name]}")
        depth = len(Path(MOVES[name]).parts) - 1
        new.write_text(_deeper(new.read_text(encoding="utf-8"), depth), encoding="utf-8")
        moved[name] = MOVES[name]
        print(f"moved: tests/{name} -> tests/{MOVES[name]}")
    if moved:
        _rename_mentions({**MOVES, **HELPERS})
    for name in flat:
        if name in SPLIT:
            print(f"split: tests/{name}: move its tests by hand to {SPLIT[name]} (under tests/)")
    for name in unknown:
        print(f"unknown: tests/{name} (add it to MOVES in scripts/file_tests.py)")
    left = [name for name in flat if name in MOVES] if check else []
    return 1 if unknown or left or any(name in SPLIT for name in flat) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
