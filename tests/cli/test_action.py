"""The composite GitHub Action (action.yml), run the way a runner runs it: its ``${{ }}``
expressions substituted (``github.action_path`` = this checkout, ``inputs`` from the
defaults and a ``with:`` table, ``steps.<id>.outputs`` from ``$GITHUB_OUTPUT``), ``if:``
conditions evaluated, and each ``run:`` step executed with ``bash --noprofile --norc -eo
pipefail`` in a workspace of decks. ``uses:`` steps (actions/setup-python) are stood in for
by a Python on PATH: a fresh venv that sees this environment's packages, into which the
install step really installs planarcli from the checkout (pip told ``--no-deps
--no-build-isolation --no-index`` through its environment variables)."""

from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
ACTION = REPO / "action.yml"
DECKS = Path(__file__).parents[1] / "decks"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
#: the install step's result and outputs, by the step's script, env and PATH
InstallRun = tuple["subprocess.CompletedProcess[str]", dict[str, str]]
#: every install step run in this process, by what it was: a runner venv (module-scoped, its
#: bindir first on PATH) is installed into once; its later Action runs replay that run
INSTALLS: dict[tuple[str, ...], InstallRun] = {}

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def action() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    return loaded


def test_action_metadata() -> None:
    meta = action()
    assert meta["name"] and meta["description"]
    assert meta["runs"]["using"] == "composite"
    for name, spec in meta["inputs"].items():
        assert spec.get("description"), name
        assert "default" in spec, name
    assert meta["inputs"]["format"]["default"] == "github"
    assert {"paths", "rules", "players", "communal", "format", "args"} <= set(meta["inputs"])


def test_no_expression_is_interpolated_into_a_script() -> None:
    """Inputs reach scripts through env: only; ``${{ }}`` in a run: would let an input
    (a path, an argument) become shell code."""
    for step in action()["runs"]["steps"]:
        if "run" in step:
            assert "${{" not in step["run"], step.get("name")
            assert step["shell"] == "bash"


class Runner:
    """Just enough of the Actions runner for a composite action's steps."""

    def __init__(
        self,
        meta: dict[str, Any],
        with_: dict[str, str],
        workspace: Path,
        env: dict[str, str],
        installs: dict[tuple[str, ...], InstallRun] | None = None,
    ) -> None:
        unknown = set(with_) - set(meta["inputs"])
        assert not unknown, f"not inputs of the action: {unknown}"
        self.meta = meta
        self.inputs = {name: str(spec.get("default", "")) for name, spec in meta["inputs"].items()}
        self.inputs.update(with_)
        self.workspace = workspace
        self.temp = workspace.parent / "runner-temp"
        self.temp.mkdir(exist_ok=True)
        self.env = env
        self.outputs: dict[str, dict[str, str]] = {}
        self.skipped_uses: list[str] = []
        #: the install step's run in this runner's venv, by what the step is (see InstallRun)
        self.installs = {} if installs is None else installs
        self.replayed: list[str] = []

    def value(self, expression: str) -> str:
        parts = expression.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return self.inputs[parts[1]]
        if expression == "github.action_path":
            return str(REPO)
        if expression == "github.workspace":
            return str(self.workspace)
        if expression == "runner.temp":
            return str(self.temp)
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return self.outputs.get(parts[1], {}).get(parts[3], "")
        raise AssertionError(f"expression the test runner does not know: {expression}")

    def substitute(self, text: str) -> str:
        return EXPRESSION.sub(lambda match: self.value(match.group(1)), text)

    def condition(self, expression: str) -> bool:
        match = re.fullmatch(r"(\S+)\s*(==|!=)\s*'([^']*)'", expression.strip())
        assert match, f"if: the test runner does not know: {expression}"
        left = self.value(match.group(1))
        return (left == match.group(3)) == (match.group(2) == "==")

    def run(self) -> list[tuple[str, subprocess.CompletedProcess[str]]]:
        """Run the steps in order until one fails (as the runner does)."""
        done = []
        for number, step in enumerate(self.meta["runs"]["steps"]):
            if "if" in step and not self.condition(step["if"]):
                continue
            if "uses" in step:
                assert re.fullmatch(r"actions/setup-python@v\d+", step["uses"]), step["uses"]
                self.skipped_uses.append(step["uses"])
                continue
            script = self.temp / f"step-{number}.sh"
            script.write_text(step["run"], encoding="utf-8")
            output = self.temp / f"output-{number}"
            output.write_text("", encoding="utf-8")
            env = {
                **self.env,
                "GITHUB_ACTIONS": "true",
                "GITHUB_ACTION_PATH": str(REPO),
                "GITHUB_WORKSPACE": str(self.workspace),
                "RUNNER_TEMP": str(self.temp),
                "GITHUB_OUTPUT": str(output),
            }
            step_env = {k: self.substitute(str(v)) for k, v in step.get("env", {}).items()}
            env.update(step_env)
            # The install step leaves planarcli installed in the runner's venv; run again with
            # the same script, env and PATH it would install the same checkout again (pip
            # builds a local folder afresh each time), so its first run is replayed.
            same = (step["run"], env["PATH"], *sorted(f"{k}={v}" for k, v in step_env.items()))
            kept = self.installs.get(same) if step.get("id") == "install" else None
            if kept is not None:
                result, outputs = kept
                self.replayed.append(step.get("name", ""))
            else:
                result = subprocess.run(
                    ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                    cwd=self.workspace,
                    env=env,
                    capture_output=True,
                    text=True,
                    encoding="utf-8",
                    timeout=300,
                    check=False,
                )
                outputs = dict(
                    line.split("=", 1)
                    for line in output.read_text(encoding="utf-8").splitlines()
                    if "=" in line
                )
                if step.get("id") == "install" and result.returncode == 0:
                    self.installs[same] = (result, outputs)
            done.append((step.get("name", ""), result))
            if "id" in step:
                self.outputs[step["id"]] = outputs
            if result.returncode != 0:
                break
        return done


def _is_planarcli(name: str) -> bool:
    """An entry of site-packages that holds or points to planarcli: the package, its
    dist-info, an editable install's .pth or finder."""
    folded = name.lower().replace("-", "_")
    prefixes = ("planarcli_", "planarcli.", "_planarcli", "__editable__")
    if folded.startswith("__editable__") and "planarcli" not in folded:
        return False
    return folded == "planarcli" or folded.startswith(prefixes)


@pytest.fixture(scope="module")
def runner_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv without planarcli that sees this environment's packages (click, pip,
    hatchling...) through a .pth file; the action's install step installs planarcli in it."""
    venv = tmp_path_factory.mktemp("runner") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    found = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    )
    purelib = Path(found.stdout.strip())
    # The parent's packages, planarcli left out: after a plain `pip install .` (as README and
    # CI do) planarcli sits in site-packages itself, and seeing it there would let the
    # action's install step pass without installing anything.
    parent = tmp_path_factory.mktemp("parent-packages")
    for folder in site.getsitepackages():
        for entry in sorted(Path(folder).iterdir()) if Path(folder).is_dir() else []:
            if _is_planarcli(entry.name) or (parent / entry.name).exists():
                continue
            (parent / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (purelib / "parent-environment.pth").write_text(f"{parent}\n", encoding="utf-8")
    probe = subprocess.run(
        [str(python), "-c", "import planarcli.cli"],
        cwd=venv,
        capture_output=True,
        text=True,
        check=False,
    )
    assert probe.returncode != 0, "planarcli must come from the action's install step"
    return bindir


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A repository checkout holding a legal and an illegal deck."""
    root = tmp_path / "workspace"
    (root / "decks").mkdir(parents=True)
    shutil.copy(DECKS / "valid" / "bare-names.txt", root / "decks" / "legal.txt")
    shutil.copy(DECKS / "invalid" / "too-small.txt", root / "decks" / "too small.txt")
    return root


def run_action(bindir: Path, workspace: Path, **with_: str) -> Runner:
    env = {
        **os.environ,
        "PATH": str(bindir) + os.pathsep + os.environ.get("PATH", ""),
        "PIP_NO_DEPS": "1",
        "PIP_NO_BUILD_ISOLATION": "0",  # pip reads this one inverted: "0" turns isolation off
        "PIP_NO_INDEX": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("VIRTUAL_ENV", None)
    runner = Runner(action(), with_, workspace, env, INSTALLS)
    runner.steps = runner.run()  # type: ignore[attr-defined]
    return runner


def report(runner: Runner) -> str:
    return "\n".join(
        f"--- {name}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"
        for name, r in runner.steps  # type: ignore[attr-defined]
    )


@pytest.mark.slow
def test_action_passes_a_legal_deck_and_fails_an_illegal_one_with_annotations(
    runner_python: Path, workspace: Path
) -> None:
    legal = run_action(runner_python, workspace, paths="decks/legal.txt")
    steps = legal.steps  # type: ignore[attr-defined]
    assert legal.skipped_uses == ["actions/setup-python@v5"]
    assert [name for name, _ in steps] == [
        "Install planarcli from the action's checkout",
        "Validate planar decks",
    ], report(legal)
    assert all(r.returncode == 0 for _, r in steps), report(legal)
    assert legal.outputs["install"]["python"].startswith(str(runner_python))
    assert "1 file: 1 valid" in steps[-1][1].stdout, report(legal)

    # a folder holding both decks; the illegal one's name has a space in it
    illegal = run_action(runner_python, workspace, paths="decks")
    name, result = illegal.steps[-1]  # type: ignore[attr-defined]
    assert name == "Validate planar decks"
    assert result.returncode == 1, report(illegal)
    annotations = [line for line in result.stdout.splitlines() if line.startswith("::error ")]
    assert annotations, report(illegal)
    assert all("file=decks/too small.txt" in line for line in annotations), annotations
    assert any("deck-too-small" in line for line in annotations), annotations

    # inputs are data, never shell code; quoting in paths and args is honoured
    hostile = run_action(
        runner_python,
        workspace,
        paths="'decks/too small.txt' $(touch pwned) `touch pwned2`; touch pwned3",
        args="--rules '2009-10-01'",
        format="json",
        **{"python-version": ""},
    )
    assert hostile.skipped_uses == []
    name, result = hostile.steps[-1]  # type: ignore[attr-defined]
    assert result.returncode == 2, report(hostile)  # the odd "paths" do not exist
    assert not list(workspace.glob("pwned*")) and not list(workspace.parent.glob("pwned*"))
    files = {entry["path"]: entry for entry in json.loads(result.stdout)["files"]}
    assert len(files) == 7, files  # the deck, then six words that name no file
    editions = {f["edition"] for f in files["decks/too small.txt"]["findings"]}
    assert editions == {"2009-10-01"}, report(hostile)


@pytest.mark.slow
def test_action_defaults_leave_the_configuration_file_in_charge(
    runner_python: Path, workspace: Path
) -> None:
    """The rules input defaulted to "current" and was always passed as --rules current, so
    a repository's `rules = "2009-10-01"` in planarcli.toml was silently overridden."""
    (workspace / "planarcli.toml").write_text('rules = "2009-10-01"\n', encoding="utf-8")
    runner = run_action(runner_python, workspace, paths="decks/legal.txt", format="json")
    _, result = runner.steps[-1]  # type: ignore[attr-defined]
    assert json.loads(result.stdout)["mode"]["rules"] == "2009-10-01", report(runner)


@pytest.mark.slow
def test_action_applies_the_configured_exclude_to_named_paths(
    runner_python: Path, workspace: Path
) -> None:
    """Issue 16: the action passes --force-exclude, so `exclude` in pyproject.toml (relative
    to its folder) leaves out a file named in `paths`, as it does for what a folder finds."""
    (workspace / "pyproject.toml").write_text(
        '[tool.planarcli]\nexclude = ["decks/too small.txt"]\n', encoding="utf-8"
    )
    runner = run_action(
        runner_python, workspace, paths="decks/legal.txt 'decks/too small.txt'", format="json"
    )
    _, result = runner.steps[-1]  # type: ignore[attr-defined]
    assert result.returncode == 0, report(runner)
    files = {entry["path"]: entry for entry in json.loads(result.stdout)["files"]}
    assert files["decks/legal.txt"]["valid"] is True, report(runner)
    folder = run_action(runner_python, workspace, paths="decks")
    assert folder.steps[-1][1].returncode == 0, report(folder)  # type: ignore[attr-defined]


@pytest.mark.slow
def test_an_args_input_that_cannot_be_split_is_a_usage_error(
    runner_python: Path, workspace: Path
) -> None:
    """An unclosed quote in `args` stopped the step with exit 1, the exit code of an illegal
    deck, and no annotation; a bad input is a usage error (exit 2), as for `communal`."""
    runner = run_action(runner_python, workspace, paths="decks", args="--rules '2009-10-01")
    name, result = runner.steps[-1]  # type: ignore[attr-defined]
    assert name == "Validate planar decks"
    assert result.returncode == 2, report(runner)
    assert result.stderr.splitlines() == [
        "::error title=planarcli::the args input cannot be split into words: No closing quotation"
    ], report(runner)
