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

DECKS = Path(__file__).parent / "decks"
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
    assert report["mode"]["rules"] == "2010-06-01"


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
        ("players = 3\n", "planarcli.toml: players goes with communal = true"),
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
