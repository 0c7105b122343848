"""Regressions found by trying issues 8 and 11 as a user would (branch qa-deck): each test
names the behaviour that was wrong."""

from __future__ import annotations

import builtins
import errno
import json
import os
from pathlib import Path

import pytest

DECKS = Path(__file__).parents[1] / "decks"
LEGAL_TEXT = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")


def _deny(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """Make ``target`` behave as a file below a folder without search permission (as root,
    chmod does not stop anything): stat and open fail with EACCES."""
    real_stat, real_open = os.stat, builtins.open

    def stat(path, *args, **kwargs):
        if isinstance(path, (str, os.PathLike)) and Path(path) == target:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    def guarded_open(file, *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and Path(file) == target:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(builtins, "open", guarded_open)


def test_a_named_file_that_cannot_be_looked_at_is_not_called_missing(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`validate locked/deck.txt` where locked/ has no search permission said "no such
    file or directory": the file is there, it cannot be read."""
    target = write("locked/deck.txt", LEGAL_TEXT)
    _deny(monkeypatch, target)
    result = run_cli("validate", str(target))
    assert result.exit_code == 2, result
    assert f"planarcli: error: {target}: permission denied" in result.stderr
    assert "no such file" not in result.stderr
    assert f"{target}: unreadable" in result.stdout


def test_a_glob_passes_over_what_a_directory_search_passes_over(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`validate 'decks/**'` failed (exit 2) on a logo and (exit 1) on a price list that
    `validate decks` passes over, and checked decks inside node_modules."""
    write("decks/good.txt", LEGAL_TEXT)
    write("decks/logo.png", bytes(range(256)) * 4)
    write("decks/README.md", "# Our decks\n\nBring sleeves.\n")
    write("decks/prices.csv", "name,price\nSol Ring,1.50\n")
    write("decks/node_modules/pkg/list.txt", "1 Not A Plane\n")
    write("decks/.drafts/draft.txt", "1 Not A Plane\n")
    monkeypatch.chdir(tmp_path)
    folder = run_cli("validate", "decks")
    assert folder.exit_code == 0, folder
    for pattern in ("decks/**", "decks/*", "decks/**/*.txt"):
        result = run_cli("validate", pattern, "-v", "--format", "json")
        assert result.exit_code == 0, (pattern, result)
        files = {entry["path"]: entry for entry in json.loads(result.stdout)["files"]}
        judged = {path for path, entry in files.items() if not entry["skipped"]}
        assert judged == {"decks/good.txt"}, (pattern, files)
    listed = run_cli("validate", "decks/**", "-v")
    assert "decks/logo.png: skipped: not a decklist extension" in listed.stdout
    assert "decks/node_modules/pkg/list.txt: skipped: in a tool or package folder" in (
        listed.stdout
    )
    # A glob that finds only what is no decklist says so (exit 2), as a folder does.
    nothing = run_cli("validate", "decks/*.md")
    assert nothing.exit_code == 2, nothing
    assert "pattern holds no decklist: 1 file was skipped" in nothing.stderr


@pytest.mark.parametrize("policy", ["error", "warn", "skip"])
def test_a_forge_deck_with_a_damaged_section_header_is_broken(write, run_cli, policy) -> None:
    """`[Planes` cut short put the planes into [metadata], where they vanished: the file was
    "no planar deck", and with --no-planar-deck skip it passed (exit 0)."""
    deck = write(
        "decks/strike.dck",
        "[metadata]\nName=Strike\n[Planes\n1 Akoum|PC2\n1 Bant|HOP\n",
    )
    for target in (deck, deck.parent):
        result = run_cli("validate", str(target), "--no-planar-deck", policy)
        assert result.exit_code == 2, result
        assert f"{deck}:3: malformed section header '[Planes'" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "x", "deck.txt"],  # click refuses the value
        ["--communal", "deck.txt"],  # planarcli refuses the combination
        [],  # no path at all
        ["--rules", "bogus", "deck.txt"],
    ],
)
def test_sarif_and_github_outputs_stay_documents_when_the_run_cannot_start(
    run_cli, args
) -> None:
    """`planarcli validate decks/ --format sarif > report.sarif` with a bad option left an
    empty report.sarif, which the upload-sarif step of docs/ci.md (if: always()) then rejects,
    hiding the real error."""
    sarif = run_cli("validate", *args, "--format", "sarif")
    assert sarif.exit_code == 2, sarif
    log = json.loads(sarif.stdout)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    assert run["tool"]["driver"]["name"] == "planarcli"
    assert run["results"] == []
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is False
    message = invocation["toolExecutionNotifications"][0]["message"]["text"]
    assert message and message.split(" (")[0] in sarif.stderr
    github = run_cli("validate", *args, "--format", "github")
    assert github.exit_code == 2, github
    assert github.stdout.startswith("::error title=planarcli::"), github
    assert len(github.stdout.splitlines()) == 1
    # The last --format wins, as click decides.
    last = run_cli("validate", "--format", "sarif", *args, "--format=json")
    assert "error" in json.loads(last.stdout)


def _command_paths() -> list[list[str]]:
    import click

    from planarcli.cli import cli

    paths: list[list[str]] = [[]]
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        paths.append([name])
        if isinstance(command, click.Group):
            sub = click.Context(command, parent=ctx)
            paths.extend([name, child] for child in command.list_commands(sub))
    return paths


def test_every_help_page_fits_80_columns(run_cli) -> None:
    """`validate --help` and `deck convert --help` had an 83-column exit-code line."""
    paths = _command_paths()
    assert ["validate"] in paths and ["deck", "convert"] in paths
    for path in paths:
        result = run_cli(*path, "--help", env={"COLUMNS": "80"})
        assert result.exit_code == 0, (path, result)
        wide = [line for line in result.stdout.splitlines() if len(line) > 80]
        assert not wide, (path, wide)


def test_a_read_only_file_is_reported_as_not_fixed_not_unreadable(write, run_cli) -> None:
    """`validate --fix` on a read-only file printed "deck.txt: unreadable" (it was read
    fine), and the SARIF log said "could not be read"."""
    deck = write("deck.txt", "Planar Deck\n1 Akuom\n")
    deck.chmod(0o444)
    try:
        text = run_cli("validate", "--fix", str(deck))
        sarif = run_cli("validate", "--fix", "--format", "sarif", str(deck))
    finally:
        deck.chmod(0o644)
    assert text.exit_code == 2, text
    assert f"{deck}: not fixed" in text.stdout
    assert "unreadable" not in text.stdout.splitlines()[0]
    notes = json.loads(sarif.stdout)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert "read-only" in notes[0]["message"]["text"]


def test_the_verbose_header_wraps_like_the_findings(write, run_cli) -> None:
    """`validate -v` with COLUMNS=80 wrapped every finding but printed a 145-column header."""
    deck = write("deck.txt", LEGAL_TEXT)
    result = run_cli("validate", "-v", str(deck), env={"COLUMNS": "80"})
    assert result.exit_code == 0, result
    header = result.stdout.split(f"{deck}:")[0]
    assert "card data:" in header and "config:" in header
    # A path longer than a line stays whole (one word); everything else fits.
    wide = [line for line in header.splitlines() if len(line) > 80 and " " in line.strip()]
    assert not wide, header


def test_a_bad_rules_value_in_a_config_file_still_names_the_editions(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`rules = "bogus"` in planarcli.toml lost the list of known editions that
    `--rules bogus` gives."""
    write("decks/good.txt", LEGAL_TEXT)
    write("planarcli.toml", 'rules = "bogus"\n')
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "decks")
    assert result.exit_code == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("planarcli: error: planarcli.toml: rules = 'bogus'")
    assert "known editions: " in lines[0] and "2009-10-01" in lines[0]


def test_a_tool_planarcli_table_in_planarcli_toml_is_explained(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """Copying the pyproject snippet into planarcli.toml gave "unknown key 'tool'"."""
    write("decks/good.txt", LEGAL_TEXT)
    write("planarcli.toml", '[tool.planarcli]\nrules = "current"\n')
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "decks")
    assert result.exit_code == 2, result
    assert result.stderr == (
        "planarcli: error: planarcli.toml: [tool.planarcli] belongs in pyproject.toml; in "
        "this file the keys stand at the top level (rules = ..., not under a table)\n"
    )


MOXFIELD_CSV = (
    '"Count","Tradelist Count","Name","Edition","Condition"\r\n'
    '"1","0","Akuom","pc2","Near Mint"\r\n'
    '"2","0","Bant","hop","Near Mint"\r\n'
    '"1","0","Eloren Wilds","hop","Near Mint"\r\n'
    '"1","0","Stairs to Infinty","pc2","Near Mint"\r\n'
    '"1","0","The Drum, Mining Facility","ohop","Near Mint"\r\n'
    '"1","0","Bant","hop","Near Mint"\r\n'
)


def test_fix_repairs_csv_exports_too(write, run_cli) -> None:
    """`validate --fix` on a CSV export (Moxfield, Archidekt, TappedOut) changed nothing and
    said nothing, though `validate` offered the same one-answer repairs as for text."""
    deck = write("moxfield.csv", b"\xef\xbb\xbf" + MOXFIELD_CSV.encode("utf-8"))
    before = deck.read_bytes()
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 1, result  # 5 cards: still too small, but repaired
    after = deck.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf")
    old_lines, new_lines = before.split(b"\r\n"), after.split(b"\r\n")
    assert new_lines == [
        *old_lines[:1],
        b'"1","0","Akoum","pc2","Near Mint"',
        b'"1","0","Bant","hop","Near Mint"',
        *old_lines[3:4],
        b'"1","0","Stairs to Infinity","pc2","Near Mint"',
        *old_lines[5:6],
        *old_lines[7:],
    ]
    assert "moxfield.csv:7: fixed: removed 'Bant', listed earlier" in result.stdout
    again = run_cli("validate", "--fix", str(deck))
    assert deck.read_bytes() == after, again
    report = json.loads(run_cli("validate", str(deck), "--format", "json").stdout)
    codes = {finding["code"] for finding in report["files"][0]["findings"]}
    assert codes == {"deck-too-small"}, report


@pytest.mark.parametrize(
    ("content", "fixed"),
    [
        ("Board,Qty,Name\nside,3,Tazeem\nside,1,Akoum\n", "Board,Qty,Name\nside,1,Tazeem\n"),
        (
            "Quantity,Name,Edition,Categories\n1,Akuom,pc2,Planes\n2,Bant,hop,\"Planes,x\"\n",
            "Quantity,Name,Edition,Categories\n1,Akoum,pc2,Planes\n1,Bant,hop,\"Planes,x\"\n",
        ),
        ('Count;Name\n1;"Stairs to Infinty"\n1;Naya\n', 'Count;Name\n1;"Stairs to Infinity"\n'),
    ],
)
def test_fix_csv_line_forms(write, run_cli, content, fixed) -> None:
    deck = write("deck.csv", content)
    run_cli("validate", "--fix", str(deck))
    assert deck.read_text(encoding="utf-8").startswith(fixed)


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="needs /dev/fd (process substitution)")
def test_fix_refuses_a_pipe_as_it_refuses_standard_input(run_cli) -> None:
    """`validate --fix <(cat deck.txt)` read the pipe, could not read it again to fix it, and
    reported the unfixed verdict without a word (exit 1)."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"Planar Deck\n1 Akuom\n1 Bant\n")
        os.close(write_end)
        result = run_cli("validate", "--fix", f"/dev/fd/{read_end}")
    finally:
        os.close(read_end)
    assert result.exit_code == 2, result
    assert "is not a regular file (a pipe or a device), so it cannot be fixed" in result.stderr
    assert f"/dev/fd/{read_end}: not fixed" in result.stdout


FORGE_DECK = (DECKS / "formats" / "forge-new-planes.dck").read_text(encoding="utf-8")
NO_PLANES = (DECKS / "formats" / "forge-precon-no-planar.dck").read_text(encoding="utf-8")


def test_deck_convert_json_stays_json_when_it_fails(write, tmp_path, run_cli) -> None:
    """`deck convert ... --format json` printed nothing on stdout for a missing file, a file
    without a planar deck, an existing -o, or a bad --to."""
    deck = write("strike.dck", FORGE_DECK)
    empty = write("precon.dck", NO_PLANES)
    taken = write("taken.json", "{}")
    cases = [
        (["deck", "convert", str(tmp_path / "nope.dck"), "--to", "json"], 2),
        (["deck", "convert", str(empty), "--to", "json"], 1),
        (["deck", "convert", str(deck), "--to", "json", "-o", str(taken)], 2),
        (["deck", "convert", str(deck), "--to", "forge", "-o", str(deck)], 2),
        (["deck", "convert", str(deck), "--to", "bogus"], 2),
        (["deck", "convert", str(deck)], 2),
    ]
    for args, code in cases:
        result = run_cli(*args, "--format", "json")
        assert result.exit_code == code, (args, result)
        document = json.loads(result.stdout)
        assert document["error"]["exit_code"] == code, document
        assert document["content"] is None
        assert document["error"]["message"].split(":")[0].split("'")[0] in result.stderr
    assert taken.read_text(encoding="utf-8") == "{}"
    assert deck.read_text(encoding="utf-8") == FORGE_DECK


CSV_NAMES = [
    "Akoum",
    "Akuom",
    "Bant",
    "Tazem",
    "Stairs to Infinty",
    "The Drum, Mining Facility",
    "Chaotic Æther",
    "Sol Ring",
    "Llanowar Elves",
]
CSV_LAYOUTS = [
    ('"Count","Tradelist Count","Name","Edition"', '"{q}","0","{n}","pc2"', ","),
    ("Board,Qty,Name,Printing", 'side,{q},"{n}",', ","),
    ("Quantity;Name;Edition", '{q};"{n}";PC2', ";"),
    ("Count\tName", "{q}\t{n}", "\t"),
]


def _csv_fix(data: bytes) -> tuple[bytes, tuple]:
    from planarcli.cards.catalog import load_catalog
    from planarcli.deck.checks import DeckOptions
    from planarcli.deck.fix import fix_bytes
    from planarcli.deck.readers.source import RawInput

    new, made, _ = fix_bytes(RawInput("deck.csv", data, ".csv"), load_catalog(), DeckOptions())
    return new, made


def test_fixing_a_csv_twice_changes_nothing_more() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    rows = st.lists(
        st.tuples(st.sampled_from(CSV_NAMES), st.integers(min_value=1, max_value=3)),
        min_size=1,
        max_size=12,
    )

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(rows, st.sampled_from(CSV_LAYOUTS), st.sampled_from(["\n", "\r\n"]))
    def check(cards, layout, newline) -> None:
        header, row, _ = layout
        lines = [header] + [row.format(q=q, n=n) for n, q in cards]
        data = (newline.join(lines) + newline).encode("utf-8")
        once, made = _csv_fix(data)
        again, more = _csv_fix(once)
        assert again == once and more == (), (data, once)
        # Rows the repairs did not touch keep their bytes, in order.
        touched = {repair.entry.line for repair in made}
        old_rows = data.split(newline.encode())
        kept = [r for number, r in enumerate(old_rows, start=1) if number not in touched]
        rest = iter(once.split(newline.encode()))
        assert all(any(r == other for other in rest) for r in kept), (data, once)

    check()


@pytest.mark.parametrize("name", ["planarcli.toml", "pyproject.toml"])
def test_a_configuration_file_saved_with_a_byte_order_mark_is_read(
    write, tmp_path, run_cli, monkeypatch, name
) -> None:
    """A planarcli.toml saved by a Windows editor with a BOM stopped every run with "not
    valid TOML (Invalid statement (at line 1, column 1))"."""
    write("decks/good.txt", LEGAL_TEXT)
    table = "[tool.planarcli]\n" if name == "pyproject.toml" else ""
    write(name, b"\xef\xbb\xbf" + f'{table}rules = "2009-10-01"\n'.encode())
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "decks", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["mode"]["rules"] == "2009-10-01"


def test_a_repair_with_two_places_is_made_when_it_needs_the_other_repairs(write, run_cli) -> None:
    """In `2 Bant [PC2]` the 2 can be the quantity or the set's; each place was tried with
    this repair alone, and alone it loses the planar deck (3 of 6 cards are planar until the
    duplicate Akuom goes), so the repair was declined, and a second --fix made it."""
    deck = write("deck.txt", "1 Akoum\n1 Akoum\n1 Akuom\n2 Akuom\n2 Bant [PC2]\n")
    first = run_cli("validate", "--fix", str(deck))
    assert "not fixed" not in first.stdout, first
    assert deck.read_text(encoding="utf-8") == "1 Akoum\n1 Akuom\n1 Bant [PC2]\n"
    second = run_cli("validate", "--fix", str(deck))
    assert "fixed:" not in second.stdout, second


def test_fixing_twice_changes_nothing_more_when_a_repair_is_declined(write, run_cli) -> None:
    """Found by the property test of tests/deck/test_fix_properties.py (flaky on main):
    "1 Eloren Wild / 2 Eloren Wild": the first is renamed, removing the second would lose the
    planar deck (declined), and only a second --fix kept it once."""
    deck = write("deck.txt", "1 Eloren Wild\n2 Eloren Wild\n1 Sol Ring")
    first = run_cli("validate", "--fix", str(deck))
    assert "deck.txt:2: fixed: 'Eloren Wild': quantity 2 -> 1" in first.stdout, first
    assert "not fixed" not in first.stdout, first
    fixed = deck.read_bytes()
    assert fixed == b"1 Eloren Wilds\n1 Eloren Wild\n1 Sol Ring"
    second = run_cli("validate", "--fix", str(deck))
    assert "fixed:" not in second.stdout, second
    assert deck.read_bytes() == fixed


def test_repairs_of_a_later_round_name_lines_of_the_original_file(write, run_cli) -> None:
    """A repair made in a later round is reported at its line in the file as it was: two
    identical rows must not be mistaken for one another."""
    header = '"Count","Tradelist Count","Name","Edition"\n'
    row = '"2","0","{}","pc2"\n'
    deck = write("deck.csv", header + row.format("Tazem") * 2 + row.format("Sol Ring"))
    result = run_cli("validate", "--fix", str(deck), "--format", "json")
    fixes = json.loads(result.stdout)["files"][0]["fixes"]
    assert [(f["line"], f["action"]) for f in fixes] == [
        (2, "rename"),
        (2, "quantity"),
        (3, "quantity"),
        (4, "quantity"),
    ], fixes


def test_line_map_follows_removed_and_rewritten_lines() -> None:
    from planarcli.deck.fix import _line_map
    from planarcli.deck.rewrite import Edit

    text = "a\r\nb\r\nc\r\nd"
    # remove line 2 (with its break), rewrite a word on line 3, remove the last line
    edits = [Edit(3, 6, ""), Edit(6, 7, "C"), Edit(8, 10, "")]
    assert _line_map(text, edits) == {1: 1, 2: 3}


@pytest.mark.parametrize("policy", ["warn", "skip"])
def test_no_planar_deck_policy_never_waves_through_a_misplaced_planar_deck(
    write, run_cli, policy
) -> None:
    """With --no-planar-deck skip (docs/ci.md's advice for repositories with Commander
    lists), a planar deck under a misspelled heading was skipped: CI green, deck unchecked."""
    typo = write(
        "decks/typo.txt",
        "Commander\n1 Atraxa, Praetors' Voice\n\nPlanar Dek\n1 Akoum\n1 Bant\n1 Naya\n",
    )
    write("decks/empty.txt", "Commander\n1 Atraxa, Praetors' Voice\n\nPlanar Deck\n")
    commander = write("decks/commander.txt", "Commander\n1 Atraxa, Praetors' Voice\n")
    result = run_cli("validate", str(typo.parent), "--no-planar-deck", policy, "--format", "json")
    assert result.exit_code == 1, result
    files = {Path(f["path"]).name: f for f in json.loads(result.stdout)["files"]}
    for name in ("typo.txt", "empty.txt"):
        finding = files[name]["findings"][-1]
        assert finding["code"] == "no-planar-deck" and finding["severity"] == "error", files
        assert f"--no-planar-deck {policy} does not apply" in finding["message"]
    # A Commander list without any sign of a planar deck still gets the policy.
    alone = run_cli("validate", str(commander), "--no-planar-deck", policy)
    assert alone.exit_code == 0, alone


def test_a_glob_reports_the_folders_it_cannot_read(write, tmp_path, run_cli, monkeypatch) -> None:
    """`validate 'decks/**'` passed over an unreadable decks/locked/ in silence (Python's
    glob ignores folders it cannot list): "1 file: 1 valid", exit 0."""
    write("decks/good.txt", LEGAL_TEXT)
    locked = write("decks/locked/deck.txt", "1 Not A Plane\n").parent
    write("decks/other/deck.txt", LEGAL_TEXT)
    real_scandir = os.scandir

    def scandir(path="."):
        if Path(path).resolve() == locked.resolve():
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.chdir(tmp_path)
    for pattern in ("decks/**", "decks/**/*.txt", "decks/l*/*.txt", "decks/*/deck.txt"):
        result = run_cli("validate", pattern)
        assert result.exit_code == 2, (pattern, result)
        assert "decks/locked: unreadable folder" in result.stdout, (pattern, result)
        assert "planarcli: error: decks/locked: cannot read this folder" in result.stderr
    # A folder the pattern never enters is no concern of it.
    for pattern in ("decks/*.txt", "decks/o*/*.txt"):
        result = run_cli("validate", pattern)
        assert result.exit_code == 0, (pattern, result)
    excluded = run_cli("validate", "decks/**", "--exclude", "locked")
    assert excluded.exit_code == 0, excluded


def test_a_path_found_twice_is_one_result_even_when_it_cannot_be_read(
    write, tmp_path, run_cli, monkeypatch
) -> None:
    """`validate decks 'decks/**'` named a broken link twice (two results, two errors)."""
    write("decks/good.txt", LEGAL_TEXT)
    try:
        (tmp_path / "decks" / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    except OSError:
        pytest.skip("cannot create symbolic links here")
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "decks", "decks/**", "decks/gone.txt")
    assert result.exit_code == 2, result
    assert result.stderr.count("gone.txt") == 1, result.stderr
    assert result.stdout.count("gone.txt") == 1, result.stdout
