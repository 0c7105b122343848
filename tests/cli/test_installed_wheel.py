"""The built wheel, installed outside the checkout, carries its data and works."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this checkout, unpacked into a target folder by pip."""
    work = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(work / "dist"),
            str(REPO),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr  # hatchling comes with the [test] extra
    wheels = list((work / "dist").glob("planarcli-*.whl"))
    assert len(wheels) == 1
    names = zipfile.ZipFile(wheels[0]).namelist()
    for required in (
        "planarcli/data/cards.json",
        "planarcli/data/magic-names.txt",
        "planarcli/data/schemas/catalog.schema.json",
        "planarcli/data/schemas/validate-report.schema.json",
        "planarcli/data/rules/README.md",
        "planarcli/data/schemas/search-phrasings.schema.json",
        # the search is worse without them, not broken: the wheel must carry every one
        *(
            f"planarcli/data/rules/phrasings/{path.name}"
            for path in (Path(__file__).parents[2] / "rules" / "phrasings").glob("*.json")
        ),
    ):
        assert required in names, required
    target = work / "site"
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-compile",
            "--target",
            str(target),
            str(wheels[0]),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr
    return target


def run_installed(target: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(target)}
    env["PLANARCLI_CACHE_DIR"] = str(cwd / "cache")
    env["PLANARCLI_DATA_DIR"] = str(cwd / "data")
    return subprocess.run(
        [sys.executable, "-m", "planarcli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def test_installed_wheel_validates_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(
        (REPO / "tests/decks/valid/bare-names.txt").read_text(encoding="utf-8"), encoding="utf-8"
    )
    result = run_installed(installed, "validate", str(deck), "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["files"][0]["valid"] is True
    card_data = report["card_data"]["path"]
    assert card_data.startswith(str(installed)), card_data  # the packaged snapshot, not the repo


def test_installed_wheel_finds_its_schemas_and_rules(installed: Path, tmp_path: Path) -> None:
    probe = (
        "from planarcli import resources; "
        "print(resources.schemas_dir()); print(resources.rules_dir())"
    )
    env = {**os.environ, "PYTHONPATH": str(installed)}
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    schemas, rules = result.stdout.split()
    assert schemas.startswith(str(installed)) and rules.startswith(str(installed))


def test_installed_wheel_knows_every_card_name(installed: Path, tmp_path: Path) -> None:
    """The list of every Magic card name ships in the wheel: a real non-planar card is named
    as such, and a printed foreign name is its card."""
    other = run_installed(installed, "--offline", "cards", "show", "Sol Ring", cwd=tmp_path)
    assert other.returncode == 1, other.stderr
    assert "'Sol Ring' is a Magic card but not a plane or phenomenon" in other.stderr
    printed = run_installed(installed, "cards", "show", "Klippenmarkt", cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.splitlines()[0] == "Cliffside Market"
