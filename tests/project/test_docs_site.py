"""The user guide (docs/) builds as a site with MkDocs, strictly: a link or an anchor that
leads nowhere, or a page left out of the navigation, fails the build (mkdocs.yml). The links
MkDocs cannot check (the README's into the guide, the guide's into the repository) are
checked here."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))
#: The guide links to repository files outside docs/ by their address on GitHub.
REPO_LINK = re.compile(r"https://github\.com/planarcli/planarcli/(?:blob|tree)/main/([^)\s#`]+)")
#: The README's relative links: [text](path) or [text](path#anchor).
RELATIVE_LINK = re.compile(r"\]\((?!https?://)([^)#\s]+)(?:#([^)\s]+))?\)")


def built_page(site: Path, page: str) -> Path:
    stem = Path(page).stem
    return site / "index.html" if stem == "index" else site / stem / "index.html"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip("mkdocs is not installed (it comes with the [test] extra)")
    site = tmp_path_factory.mktemp("docs") / "site"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(site),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    return site


def test_the_site_has_every_page_of_the_guide(site: Path) -> None:
    assert len(PAGES) >= 12
    for page in PAGES:
        html = built_page(site, page.name).read_text(encoding="utf-8")
        title = page.read_text(encoding="utf-8").splitlines()[0]
        assert title.startswith("# "), page.name
        # the page's own words, not a stub: its first heading, code spans aside
        first_words = re.split(r"[`:]", title[2:])[0].strip()
        assert first_words in html, page.name


def test_the_navigation_lists_every_page_once() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = [next(iter(entry.values())) for entry in config["nav"]]
    assert sorted(listed) == sorted(page.name for page in PAGES)
    assert config["strict"] is True


def test_the_readme_links_lead_to_files_and_headings_that_exist(site: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = RELATIVE_LINK.findall(readme)
    assert any(path.startswith("docs/") for path, _ in links)
    for path, anchor in links:
        assert (ROOT / path).exists(), path
        if anchor:
            assert path.startswith("docs/"), path
            html = built_page(site, path).read_text(encoding="utf-8")
            assert f'id="{anchor}"' in html, f"{path}#{anchor}"


def test_the_guide_links_into_the_repository_lead_to_files_that_exist() -> None:
    found = 0
    for page in [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *PAGES]:
        for path in REPO_LINK.findall(page.read_text(encoding="utf-8")):
            assert (ROOT / path).exists(), f"{page.name}: {path}"
            found += 1
    assert found >= 10


def test_the_guide_and_the_readme_carry_the_same_attribution() -> None:
    """The Fan Content Policy's notice and the data's sources stand in both (LICENSE points to
    the README's section), word for word but for the link to rules/README.md."""

    def attribution(text: str) -> str:
        section = text.split("## Data and attribution\n", 1)[1].split("\n## ", 1)[0]
        return REPO_LINK.sub(r"\1", section)

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    about = (ROOT / "docs" / "about.md").read_text(encoding="utf-8")
    assert "Fan Content Policy" in attribution(readme)
    assert " ".join(attribution(about).split()) == " ".join(attribution(readme).split())
