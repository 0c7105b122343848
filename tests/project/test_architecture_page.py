"""ARCHITECTURE.md stays true: every module and script it names exists, every package and
every small top-level module is described, and the README links to it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "ARCHITECTURE.md"
#: Where a name in backticks is looked for: the package, the repository, the benchmarks.
BASES = (ROOT / "planarcli", ROOT, ROOT / "benchmarks")


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def named_files(text: str) -> set[str]:
    """Every ``something.py`` (with its folders) the page names in backticks."""
    return set(re.findall(r"`([\w/.]+\.py)`", text))


def exists(name: str) -> bool:
    """A path with folders is found under one of BASES; a bare file name (the tables name a
    package's modules without their folder) anywhere in the package or the repository's
    script folders."""
    if "/" in name:
        return any((base / name).is_file() for base in BASES)
    folders = (ROOT / "planarcli", ROOT / "scripts", ROOT / "benchmarks", ROOT / "tests")
    return any(next(folder.rglob(name), None) is not None for folder in folders)


def test_every_file_the_page_names_exists() -> None:
    missing = sorted(name for name in named_files(page()) if not exists(name))
    assert not missing, f"ARCHITECTURE.md names files that do not exist: {missing}"


def test_every_package_is_placed() -> None:
    text = page()
    packages = sorted(
        p.name for p in (ROOT / "planarcli").iterdir() if (p / "__init__.py").exists()
    )
    assert packages
    unplaced = [name for name in packages if f"`{name}/`" not in text]
    assert not unplaced, f"ARCHITECTURE.md does not place {unplaced}"


def test_every_small_top_level_module_says_why_it_exists() -> None:
    text = page()
    table = text.split("## The small home-made pieces", 1)[1]
    modules = sorted(
        path.name
        for path in (ROOT / "planarcli").glob("*.py")
        if path.name not in ("__init__.py", "__main__.py", "cli.py")
    )
    assert "records.py" in modules
    undescribed = [name for name in modules if f"| `{name}`" not in table]
    assert not undescribed, f"ARCHITECTURE.md does not say why {undescribed} exist"


def test_every_build_script_is_named_with_what_it_builds() -> None:
    text = page()
    scripts = sorted(path.name for path in (ROOT / "scripts").glob("build_*.py"))
    assert scripts
    assert not [name for name in scripts if f"`scripts/{name}`" not in text]


def test_the_page_check_sees_a_missing_file() -> None:
    names = named_files("see `deck/nosuch.py` and `report/terminal.py`")
    assert names == {"deck/nosuch.py", "report/terminal.py"}
    assert not exists("deck/nosuch.py") and not exists("nosuch.py")
    assert exists("report/terminal.py") and exists("terminal.py")


def test_the_readme_links_to_the_page() -> None:
    assert "(ARCHITECTURE.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
