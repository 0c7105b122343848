"""Configuration files for ``validate``: [tool.planarcli] in pyproject.toml, planarcli.toml,
.planarcli.toml, --config, --no-config; command-line options win; bad keys and values are
one line naming the file and the key (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from planarcli.deck import config
from planarcli.schemacheck import schema_errors

DECKS = Path(__file__).parents[1] / "decks"
LEGAL_TEXT = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")
COMMANDER = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n"
INSTALLED = Path(sys.executable).parent / ("planarcli.exe" if os.name == "nt" else "planarcli")


@pytest.fixture
def project(tmp_path: Path, write, monkeypatch) -> Path:
    """A repository with decks/ (a legal deck, a Commander list) as the working directory."""
    root = tmp_path / "project"
    write("project/decks/good.txt", LEGAL_TEXT)
    write("project/decks/commander.txt", COMMANDER)
    monkeypatch.chdir(root)
    return root


def _json(result) -> dict:
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == []
    return report


def test_pyproject_table_sets_defaults(project, run_cli) -> None:
    assert run_cli("validate", "decks").exit_code == 1  # the Commander list: an error
    (project / "pyproject.toml").write_text(
        '[project]\nname = "decks"\n\n[tool.planarcli]\nno-planar-deck = "warn"\n'
        'format = "json"\nrules = "2010-06-01"\n',
        encoding="utf-8",
    )
    result = run_cli("validate", "decks")
    assert result.exit_code == 0, result
    report = _json(result)
    assert report["config"] == "pyproject.toml"
    assert report["mode"]["rules"] == "2010-02-01"  # the edition in force on 2010-06-01


def test_command_line_options_win(project, run_cli) -> None:
    (project / "planarcli.toml").write_text(
        'no_planar_deck = "skip"\nformat = "json"\ncommunal = true\nplayers = 2\n'
        'exclude = ["commander.txt"]\n',
        encoding="utf-8",
    )
    report = _json(run_cli("validate", "decks"))
    assert report["mode"]["communal"] is True and report["mode"]["players"] == 2
    assert report["summary"]["skipped"] == 1  # excluded by the file's pattern
    result = run_cli(
        "validate", "decks", "--format", "text", "--no-communal", "--exclude", "nothing"
    )
    assert result.exit_code == 0, result  # commander.txt: skip (file), not excluded (flag)
    assert result.stdout.rstrip().endswith("1 file: 1 valid, 0 invalid; 1 skipped")
    players = _json(run_cli("validate", "decks", "--players", "3"))
    assert players["mode"]["players"] == 3
    policy = run_cli("validate", "decks", "--no-planar-deck", "error", "--exclude", "x")
    assert policy.exit_code == 1


def test_nearest_file_wins_walking_up(project, run_cli, monkeypatch) -> None:
    (project / "planarcli.toml").write_text('format = "json"\n', encoding="utf-8")
    sub = project / "decks"
    (sub / ".planarcli.toml").write_text('format = "github"\n', encoding="utf-8")
    monkeypatch.chdir(sub)
    result = run_cli("validate", "good.txt")
    assert result.stdout.rstrip().endswith("1 file: 1 valid, 0 invalid")  # github format
    assert not result.stdout.lstrip().startswith("{")
    (sub / ".planarcli.toml").unlink()
    assert _json(run_cli("validate", "good.txt"))["config"].endswith("planarcli.toml")


def test_pyproject_without_the_table_does_not_stop_the_search(project, run_cli, monkeypatch):
    (project / "planarcli.toml").write_text('format = "json"\n', encoding="utf-8")
    sub = project / "decks"
    (sub / "pyproject.toml").write_text(
        '[project]\nname = "planarcli-decks"\n[project.scripts]\nplanarcli = "x:y"\n'
        "[tool.ruff]\nline-length = 100\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(sub)
    report = _json(run_cli("validate", "good.txt"))
    assert Path(report["config"]).resolve() == (project / "planarcli.toml").resolve()


def test_one_folder_prefers_planarcli_toml(project, run_cli) -> None:
    (project / "pyproject.toml").write_text('[tool.planarcli]\nformat = "github"\n', "utf-8")
    (project / ".planarcli.toml").write_text('format = "sarif"\n', encoding="utf-8")
    (project / "planarcli.toml").write_text('format = "json"\n', encoding="utf-8")
    assert _json(run_cli("validate", "decks/good.txt"))["config"] == "planarcli.toml"


def test_pyproject_prefilter_passes_over_other_projects_without_parsing(tmp_path) -> None:
    plain = tmp_path / "pyproject.toml"
    plain.write_text(
        '[project]\nname = "planarcli"\n[project.scripts]\nplanarcli = "planarcli.cli:main"\n'
        '[tool.hatch.build]\ninclude = ["planarcli"]\n',
        encoding="utf-8",
    )
    assert config._read_table(str(plain)) is None
    assert not config._MAY_HAVE_TABLE.search(plain.read_text(encoding="utf-8"))
    for spelling in (
        '[tool.planarcli]\nformat = "json"\n',
        '[ tool . "planarcli" ]\nformat = "json"\n',
        'tool.planarcli.format = "json"\n',
        '[tool]\nplanarcli = {format = "json"}\n',
        'tool = {planarcli = {format = "json"}}\n',
    ):
        plain.write_text(spelling, encoding="utf-8")
        assert config._read_table(str(plain)) == {"format": "json"}, spelling


def test_config_is_found_only_when_no_file_means_no_toml_import(tmp_path) -> None:
    """Start-up stays cheap: with no configuration file, the TOML parser is not imported;
    with a pyproject.toml that has no [tool.planarcli], neither."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    code = (
        "import sys\nfrom planarcli.deck import config\n"
        "assert config.load_config({'format': ('json',)}).path is None\n"
        "print('tomllib' in sys.modules or 'tomli' in sys.modules)\n"
    )

    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("rulez = 1\n", "planarcli.toml: unknown key 'rulez' (known keys: communal, exclude"),
        ('players = "four"\n', "planarcli.toml: players = 'four': expected a whole number"),
        ("players = true\n", "planarcli.toml: players = True: expected a whole number"),
        ('communal = "yes"\n', "planarcli.toml: communal = 'yes': expected true or false"),
        ('exclude = "drafts"\n', "planarcli.toml: exclude = 'drafts': expected a list of strings"),
        ('format = "xml"\n', "planarcli.toml: format = 'xml': expected one of 'text', 'json'"),
        ('no-planar-deck = "maybe"\n', "planarcli.toml: no-planar-deck = 'maybe': expected one"),
        ('variant = "planechase"\n', "planarcli.toml: variant = 'planechase': expected one"),
        ('rules = "someday"\n', "planarcli.toml: rules = 'someday' is not an edition"),
        ('rules = "2001-01-01"\n', "planarcli.toml: rules = '2001-01-01': there were no"),
        ("players = 1\ncommunal = true\n", "planarcli.toml: players = 1: a communal planar"),
        ("communal = true\n", "planarcli.toml: communal = true needs players = N"),
        ("players = 3\ncommunal = false\n", "planarcli.toml: players goes with communal = true"),
        ("players = 1\n", "planarcli.toml: players = 1: a communal planar deck needs at least 2"),
        ('format = "json"\nformat_ = 1\n', "planarcli.toml: unknown key 'format_'"),
        ('no-planar-deck = "warn"\nno_planar_deck = "skip"\n', "key 'no-planar-deck' is given"),
        ("format = \n", "planarcli.toml: not valid TOML ("),
        # issue 15: what makes tomllib itself fail (recursion, int() limits) is bad TOML too
        ("x = " + "[" * 500 + "]" * 500 + "\n", "planarcli.toml: not valid TOML (arrays or"),
        ("x = " + "{a = " * 500 + "}" * 500 + "\n", "planarcli.toml: not valid TOML (arrays"),
        ("players = " + "9" * 4301 + "\n", "planarcli.toml: not valid TOML (a number with"),
    ],
)
def test_bad_keys_and_values_are_one_line_naming_file_and_key(project, run_cli, content, words):
    (project / "planarcli.toml").write_text(content, encoding="utf-8")
    result = run_cli("validate", "decks")
    assert result.exit_code == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("planarcli: error: ")
    assert words in lines[0], lines[0]


def test_bad_pyproject_value_names_the_table(project, run_cli) -> None:
    (project / "pyproject.toml").write_text('[tool.planarcli]\nplayers = "x"\n', "utf-8")
    result = run_cli("validate", "decks", "--format", "json")
    assert result.exit_code == 2
    assert result.stderr == (
        "planarcli: error: pyproject.toml: [tool.planarcli]: players = 'x': "
        "expected a whole number\n"
    )
    assert _json(result)["error"]["message"].startswith("pyproject.toml: [tool.planarcli]")


def test_deeply_nested_pyproject_is_a_usage_error_naming_it(project, run_cli) -> None:
    nested = "[" * 500 + "]" * 500
    (project / "pyproject.toml").write_text(f"[tool.planarcli]\nx = {nested}\n", "utf-8")
    result = run_cli("validate", "decks")
    assert result.exit_code == 2, result
    assert result.stderr == (
        "planarcli: error: pyproject.toml: not valid TOML (arrays or tables nested too deep)\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_a_fifo_named_by_config_is_refused_not_read(project, run_cli, tmp_path) -> None:
    fifo = tmp_path / "ci.toml"
    os.mkfifo(fifo)
    result = run_cli("validate", "decks/good.txt", "--config", str(fifo))
    assert result.exit_code == 2, result
    assert result.stderr == (
        f"planarcli: error: --config {fifo}: is not a regular file; "
        "name a TOML configuration file\n"
    )


def test_config_option_and_no_config(project, run_cli, tmp_path) -> None:
    (project / "planarcli.toml").write_text('rulez = "broken"\n', encoding="utf-8")
    assert run_cli("validate", "decks/good.txt").exit_code == 2
    assert run_cli("validate", "decks/good.txt", "--no-config").exit_code == 0
    other = tmp_path / "ci.toml"
    other.write_text('format = "json"\n', encoding="utf-8")
    result = run_cli("validate", "decks/good.txt", "--config", str(other))
    assert _json(result)["config"] == str(other)
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n', encoding="utf-8")
    missing_table = run_cli("validate", "decks/good.txt", "--config", str(pyproject))
    assert missing_table.exit_code == 2
    assert "has no [tool.planarcli] table" in missing_table.stderr
    both = run_cli("validate", "decks/good.txt", "--config", str(other), "--no-config")
    assert both.exit_code == 2
    assert "exclude each other" in both.stderr
    absent = run_cli("validate", "decks/good.txt", "--config", "nowhere.toml")
    assert absent.exit_code == 2
    assert "--config nowhere.toml: does not exist" in absent.stderr


def test_verbose_header_names_the_config(project, run_cli) -> None:
    (project / ".planarcli.toml").write_text('no-planar-deck = "warn"\n', encoding="utf-8")
    result = run_cli("validate", "decks", "-v")
    assert "config: .planarcli.toml" in result.stdout.splitlines()[0]


@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_installed_command_reads_pyproject(project) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.planarcli]\nno_planar_deck = "warn"\nexclude = ["good.*"]\n', encoding="utf-8"
    )
    process = subprocess.run(
        [str(INSTALLED), "validate", "decks", "-v"],
        cwd=project,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert process.returncode == 0, process.stderr
    assert "decks/good.txt: skipped: excluded: matches 'good.*'" in process.stdout
    assert "decks/commander.txt: no planar deck (warning)" in process.stdout


TOO_SMALL = (DECKS / "invalid" / "too-small.txt").read_text(encoding="utf-8")


def test_configured_exclude_is_relative_to_the_configuration_files_folder(
    project, write, run_cli, monkeypatch
) -> None:
    """Issue 16: `exclude = ["decks/archive/**"]` in ./pyproject.toml leaves the archive out
    of `validate .`, `validate decks/`, `validate 'decks/**'` alike, and from a subfolder."""
    write("project/decks/archive/old.txt", TOO_SMALL)
    (project / "pyproject.toml").write_text(
        '[tool.planarcli]\nexclude = ["decks/archive/**", "commander.txt"]\n', encoding="utf-8"
    )
    for argument in (".", "decks", "decks/", "decks/**", "./decks"):
        result = run_cli("validate", argument, "-v")
        assert result.exit_code == 0, (argument, result)
        assert "archive/old.txt: skipped: excluded: matches 'decks/archive/**'" in result.stdout
    # a pattern naming a folder leaves out what a glob finds below it, as a search does
    glob = run_cli("validate", "decks/**", "--exclude", "archive", "--exclude", "commander.txt")
    assert glob.exit_code == 0, glob
    monkeypatch.chdir(project / "decks")
    result = run_cli("validate", ".", "archive/old.txt", "--force-exclude")
    assert result.exit_code == 0, result
    assert "1 file: 1 valid, 0 invalid; 2 skipped" in result.stdout
    # --exclude on the command line replaces the file's list, relative to the argument
    result = run_cli("validate", ".", "--exclude", "decks/archive/**", "--exclude", "commander*")
    assert result.exit_code == 1, result  # relative to "." (decks/): nothing is excluded
    result = run_cli("validate", ".", "--exclude", "archive/**", "--exclude", "commander*")
    assert result.exit_code == 0, result


def test_a_configuration_in_a_subfolder_can_exclude_a_sibling_folder(
    project, write, run_cli
) -> None:
    """`--config ci/planarcli.toml` with `exclude = ["../decks/archive/**"]`: the pattern,
    relative to ci/, names decks/archive, but paths outside the file's folder were never
    matched, so the archive was checked (and -v said the pattern matched nothing)."""
    write("project/decks/archive/old.txt", TOO_SMALL)
    write("project/ci/planarcli.toml", 'exclude = ["../decks/archive/**", "../decks/c*.txt"]\n')
    result = run_cli("validate", "--config", "ci/planarcli.toml", "decks", "-v")
    assert result.exit_code == 0, result
    assert "decks/archive/old.txt: skipped: excluded: matches '../decks/archive/**'" in (
        result.stdout
    )
    assert "matched nothing" not in result.stderr
    # A bare name still matches only below the file's folder, at any depth.
    write("project/ci/planarcli.toml", 'exclude = ["old.txt", "commander.txt"]\n')
    result = run_cli("validate", "--config", "ci/planarcli.toml", "decks")
    assert result.exit_code == 1, result


def test_configured_exclude_holds_for_a_path_through_a_symbolic_link(
    project, write, run_cli, tmp_path
) -> None:
    """A checkout reached through a link (`cd ~/link-to-repo`, macOS's /tmp and /var, a CI
    workspace behind a link): the working directory resolves to the real folder, a path
    given through the link does not, so the configured archive was checked."""
    write("project/decks/archive/old.txt", TOO_SMALL)
    (project / "pyproject.toml").write_text(
        '[tool.planarcli]\nexclude = ["decks/archive/**", "decks/commander.txt"]\n', "utf-8"
    )
    link = tmp_path / "link"
    link.symlink_to(project, target_is_directory=True)
    result = run_cli("validate", str(link / "decks"), "-v")
    assert result.exit_code == 0, result
    assert "archive/old.txt: skipped: excluded: matches 'decks/archive/**'" in result.stdout
    named = run_cli("validate", "--force-exclude", str(link / "decks" / "archive" / "old.txt"))
    assert named.exit_code == 0, named


def test_force_exclude_applies_exclusions_to_named_files(project, write, run_cli) -> None:
    write("project/decks/archive/old.txt", TOO_SMALL)
    write("project/decks/config.json", '{"theme": "dark"}\n')
    (project / "planarcli.toml").write_text(
        'exclude = ["decks/archive", "decks/commander.txt"]\n', encoding="utf-8"
    )
    named = ["decks/good.txt", "decks/archive/old.txt", "decks/commander.txt", "decks/config.json"]
    assert run_cli("validate", *named).exit_code == 1  # named files are judged as named
    result = run_cli("validate", "--force-exclude", "-v", "--format", "json", *named)
    assert result.exit_code == 0, result
    files = {entry["path"]: entry for entry in _json(result)["files"]}
    assert files["decks/archive/old.txt"]["reason"] == "excluded: matches 'decks/archive'"
    assert files["decks/commander.txt"]["reason"] == "excluded: matches 'decks/commander.txt'"
    assert files["decks/config.json"]["skipped"] is True  # not a decklist: as a search skips it
    assert files["decks/good.txt"]["valid"] is True
    # Given patterns apply to named files too, matched against the path as written.
    given = run_cli("validate", "--force-exclude", "--exclude", "decks/archive/**", *named[:2])
    assert given.exit_code == 0, given
    # Only excluded files named: nothing to check, and nothing wrong.
    alone = run_cli("validate", "--force-exclude", "decks/archive/old.txt")
    assert alone.exit_code == 0, alone
    assert "1 skipped" in alone.stdout


def test_verbose_names_a_configured_pattern_that_matched_nothing(project, run_cli) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.planarcli]\nexclude = ["archive/**", "commander.txt"]\n', encoding="utf-8"
    )
    result = run_cli("validate", "decks", "-v")
    assert result.exit_code == 0, result
    assert (
        "planarcli: note: pyproject.toml: exclude pattern 'archive/**' matched nothing"
        in result.stderr
    )
    assert "'commander.txt' matched nothing" not in result.stderr
    assert "matched nothing" not in run_cli("validate", "decks").stderr
    # Files named without --force-exclude are matched against no pattern: nothing to say.
    named = run_cli("validate", "decks/good.txt", "-v")
    assert "matched nothing" not in named.stderr
    forced = run_cli("validate", "decks/good.txt", "-v", "--force-exclude")
    assert "exclude pattern 'archive/**' matched nothing" in forced.stderr


def test_a_configured_rules_date_may_be_a_toml_date(write, run_cli) -> None:
    """`rules = 2012-06-01` unquoted (a TOML date) stopped the run with "rules =
    datetime.date(2012, 6, 1): expected a string", Python's spelling of the value."""
    deck = write("deck.txt", "Planes\n1 Akoum\n")
    config = write("pyproject.toml", "[tool.planarcli]\nrules = 2012-06-01\n")
    result = run_cli("validate", "--config", str(config), "--format", "json", str(deck))
    assert result.exit_code == 1, result
    assert json.loads(result.stdout)["mode"]["rules"] == "2012-06-01"


def test_a_toml_date_time_where_none_belongs_is_shown_as_the_file_writes_it(write, run_cli) -> None:
    deck = write("deck.txt", "Planes\n1 Akoum\n")
    config = write("planarcli.toml", "rules = 2012-06-01T10:00:00\nformat = 'text'\n")
    result = run_cli("validate", "--config", str(config), str(deck))
    assert result.exit_code == 2, result
    assert result.stderr.strip().endswith("rules = 2012-06-01T10:00:00: expected a string")
    assert "datetime" not in result.stderr


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


@pytest.mark.parametrize("key", ["force-exclude", "force_exclude"])
def test_force_exclude_in_the_configuration_applies_to_named_files(project, write, run_cli, key):
    """Issue 25 item 6: `force-exclude = true` (as ruff has it) applies the exclusions to the
    files named on the command line, which is what pre-commit passes; --no-force-exclude
    turns it off for one run."""
    (project / "pyproject.toml").write_text(
        f'[tool.planarcli]\nexclude = ["decks/commander.txt"]\n{key} = true\n', encoding="utf-8"
    )
    forced = run_cli("validate", "decks/good.txt", "decks/commander.txt", "-v")
    assert forced.exit_code == 0, forced
    assert "decks/commander.txt: skipped" in forced.stdout
    named = run_cli("validate", "--no-force-exclude", "decks/good.txt", "decks/commander.txt")
    assert named.exit_code == 1, named
    assert "decks/commander.txt: no planar deck" in named.stdout
    (project / "pyproject.toml").write_text(
        '[tool.planarcli]\nexclude = ["decks/commander.txt"]\n', encoding="utf-8"
    )
    assert run_cli("validate", "decks/good.txt", "decks/commander.txt").exit_code == 1


def test_force_exclude_must_be_true_or_false(project, run_cli):
    (project / "planarcli.toml").write_text('force-exclude = "yes"\n', encoding="utf-8")
    result = run_cli("validate", "decks")
    assert result.exit_code == 2
    assert result.stderr == (
        "planarcli: error: planarcli.toml: force-exclude = 'yes': expected true or false\n"
    )


#: What the "no planar deck" error of a list without planar cards says to leave it out.
LEAVE_OUT = (
    "; if it is no planar deck (a Commander or other list), leave such files out: "
    'no-planar-deck = "skip" or exclude = ["PATTERN"] in the configuration file '
    "([tool.planarcli] or planarcli.toml), or --no-planar-deck skip"
)


@pytest.mark.parametrize(
    ("text", "hinted"),
    [
        (COMMANDER, True),  # a Commander list: say how to leave it out
        ("1 Sol Ring\n1 Lightning Bolt\n1 Counterspell\n", True),  # a normal list, no sections
        ("Planes\n", False),  # a planar heading with nothing under it: skip would not apply
        ("Deck\n1 Sol Ring\n1 Akoum\n1 Counterspell\n", False),  # a plane seen in the main deck
        ("0 Akoum\n", False),  # a planar deck whose one line has an error
    ],
)
def test_no_planar_deck_says_how_to_leave_other_lists_out(write, run_cli, text, hinted):
    """Issue 25 item 6: a Commander list the hook picks up fails; its error says how to leave
    such files out, and only where skipping would apply (no planar card, no planar heading)."""
    deck = write("decks/list.txt", text)
    result = run_cli("validate", str(deck), "--format", "json")
    assert result.exit_code == 1, result
    finding = json.loads(result.stdout)["files"][0]["findings"][-1]
    assert finding["code"] == "no-planar-deck"
    assert finding["message"].endswith(LEAVE_OUT) is hinted, finding["message"]
    # and what it says works: skipped with the configuration key the hint names
    if hinted:
        write("decks/planarcli.toml", 'no-planar-deck = "skip"\n')
        skipped = run_cli("validate", "--config", str(deck.parent / "planarcli.toml"), str(deck))
        assert skipped.exit_code == 0, skipped
        (deck.parent / "planarcli.toml").unlink()
    warned = run_cli("validate", str(deck), "--no-planar-deck", "warn", "--format", "json")
    assert LEAVE_OUT not in warned.stdout


_TABLE = '[tool.planarcli]\nexclude = ["commander.txt"]\n'


@pytest.mark.parametrize(
    "junk",
    [
        bytes(range(256)) * 4,
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"exclude\x00 = 1\n",
        ("\ufeff" + _TABLE).encode("utf-16"),
        ("\ufeff" + _TABLE).encode("utf-16-be"),
    ],
    ids=["bytes", "png", "nul", "utf-16", "utf-16-be"],
)
def test_a_pyproject_that_is_no_utf8_text_is_an_error_not_passed_over(
    project, run_cli, junk
) -> None:
    """Junk bytes hold no [tool.planarcli] the scan would find, so the file was passed over
    in silence (its exclusions lost) while malformed TOML is an error: it is that error.
    Windows Notepad's "Unicode" is UTF-16: such a file holding the table is no TOML either,
    and passing over it dropped its exclusions while the run went on as if there were none."""
    (project / "pyproject.toml").write_bytes(junk)
    result = run_cli("validate", "decks")
    assert result.exit_code == 2, result
    assert result.stdout == ""
    assert result.stderr == "planarcli: error: pyproject.toml: not UTF-8 text, so not a TOML file\n"


def test_a_pyproject_holding_a_replacement_character_is_still_text(project, run_cli) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "x\ufffd"\n', encoding="utf-8")
    result = run_cli("validate", "decks")
    assert result.exit_code == 1, result  # the Commander list has no planar deck
