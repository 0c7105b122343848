"""The deck report in text (planarcli/report/deck.py): how it wraps, what it shows of
many findings."""

from __future__ import annotations

import json
from pathlib import Path

DECKS = Path(__file__).parents[1] / "decks"
LEGAL_TEXT = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")


def test_thousands_of_findings_of_one_kind_are_counted_after_the_first_twenty(
    write, run_cli
) -> None:
    """A 3 MB file of prose named on the command line printed one error per line (4,003
    lines); the text now shows the first 20 of a kind and counts the rest, -v and JSON keep
    them all."""
    prose = "".join(f"line {n} " + "of a long letter about our game night " * 8 + "\n"
                    for n in range(60))
    deck = write("letter.txt", prose)
    text = run_cli("validate", str(deck))
    assert text.exit_code == 1, text
    tagged = [line for line in text.stdout.splitlines() if line.endswith("[name-too-long]")]
    assert len(tagged) == 20
    assert "  ... and 40 more lines with [name-too-long] (all of them: -v, or --format json)" in (
        text.stdout.splitlines()
    )
    verbose = run_cli("validate", "-v", str(deck)).stdout.splitlines()
    assert sum(line.endswith("[name-too-long]") for line in verbose) == 60
    data = json.loads(run_cli("validate", "--format", "json", str(deck)).stdout)
    codes = [f["code"] for f in data["files"][0]["findings"]]
    assert codes.count("name-too-long") == 60


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
