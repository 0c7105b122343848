"""SARIF 2.1.0 output: the structure GitHub code scanning and other consumers require."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli.deck.findings import FileResult, Finding
from planarcli.report.sarif import SARIF_SCHEMA, artifact_uri, render_sarif, sarif_log

FORMATS_DIR = Path(__file__).parents[1] / "decks" / "formats"


def finding(
    code: str,
    *,
    line: int | None = None,
    severity: str = "error",
    rule: str | None = "901.3",
    card: str | None = None,
    suggestions: tuple[str, ...] = (),
) -> Finding:
    return Finding(
        rule, "2026-01-16", severity, code, f"message for {code}", line, card, suggestions
    )


RESULTS = [
    FileResult(
        "decks/a.txt",
        False,
        9,
        1,
        (
            finding("deck-too-small"),
            finding("unknown-card", line=4, card="Tazem", suggestions=("Tazeem",)),
            finding("duplicate-card", line=7, card="Akoum"),
            finding("name-variant", line=3, severity="info", rule=None, card="The AEther Flues"),
        ),
        "text",
        "section",
    ),
    FileResult("decks/b.dck", True, 10, 0, (), "forge", "section"),
    FileResult(
        "decks/c.cod",
        False,
        0,
        0,
        (finding("unreadable-file", line=5, rule=None),),
        None,
        "none",
        readable=False,
    ),
    FileResult(
        "decks/d.txt",
        False,
        12,
        3,
        (finding("too-many-phenomena", severity="warning"), finding("deck-too-small")),
        "text",
        "section",
    ),
]


def check_structure(log: dict[str, Any]) -> None:
    """The required parts of a SARIF 2.1.0 log, as the schema and GitHub need them."""
    assert log["version"] == "2.1.0"
    assert log["$schema"] == SARIF_SCHEMA
    assert isinstance(log["runs"], list) and len(log["runs"]) == 1
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "planarcli"
    assert driver["informationUri"].startswith("https://")
    assert isinstance(driver["version"], str) and driver["version"]
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert len(rule_ids) == len(set(rule_ids))
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"]
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    for result in run["results"]:
        assert result["ruleId"] in rule_ids
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note", "none")
        assert isinstance(result["message"]["text"], str) and result["message"]["text"]
        assert result["locations"], "GitHub code scanning needs a location"
        for location in result["locations"]:
            physical = location["physicalLocation"]
            uri = physical["artifactLocation"]["uri"]
            assert uri and "\\" not in uri and not uri.startswith("/")
            assert isinstance(physical["region"]["startLine"], int)
            assert physical["region"]["startLine"] >= 1
        for value in result.get("partialFingerprints", {}).values():
            assert isinstance(value, str)


def test_structure_and_content() -> None:
    log = json.loads(render_sarif(RESULTS, tool_version="1.2.3", verbose=True))
    check_structure(log)
    run = log["runs"][0]
    assert run["tool"]["driver"]["version"] == "1.2.3"
    rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
    assert list(rules) == [
        "deck-too-small",
        "unknown-card",
        "duplicate-card",
        "name-variant",
        "unreadable-file",
        "too-many-phenomena",
    ]
    assert rules["deck-too-small"]["properties"]["rule"] == "901.3"
    assert "rule" not in rules["name-variant"]["properties"]
    results = run["results"]
    assert len(results) == 7  # the valid file has none
    by_rule = {
        (r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]): r
        for r in results
    }
    small = by_rule[("deck-too-small", "decks/a.txt")]
    assert small["level"] == "error"
    assert small["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
    assert small["properties"]["wholeFile"] is True
    unknown = by_rule[("unknown-card", "decks/a.txt")]
    assert unknown["locations"][0]["physicalLocation"]["region"] == {"startLine": 4}
    assert unknown["properties"]["wholeFile"] is False
    assert unknown["properties"]["suggestions"] == ["Tazeem"]  # the check's message names them
    assert unknown["properties"]["card"] == "Tazem"
    assert by_rule[("name-variant", "decks/a.txt")]["level"] == "note"
    assert by_rule[("too-many-phenomena", "decks/d.txt")]["level"] == "warning"
    assert by_rule[("unreadable-file", "decks/c.cod")]["locations"][0]["physicalLocation"][
        "region"
    ] == {"startLine": 5}
    assert run["invocations"][0]["executionSuccessful"] is False


def test_fingerprints_are_stable_and_distinct() -> None:
    first = sarif_log(RESULTS, tool_version="1")["runs"][0]["results"]
    moved = [
        FileResult(
            r.path,
            r.valid,
            r.cards,
            r.phenomena,
            tuple(
                Finding(
                    f.rule,
                    f.edition,
                    f.severity,
                    f.code,
                    f.message,
                    (f.line or 0) + 3,
                    f.card,
                    f.suggestions,
                )
                for f in r.findings
            ),
            r.format,
            r.planar_deck,
            r.readable,
        )
        for r in RESULTS
    ]
    second = sarif_log(moved, tool_version="1")["runs"][0]["results"]
    prints = [r["partialFingerprints"]["planarcliFinding/v1"] for r in first]
    assert prints == [r["partialFingerprints"]["planarcliFinding/v1"] for r in second]
    assert len(set(prints)) == len(prints)


def test_no_findings_is_an_empty_but_valid_log() -> None:
    log = json.loads(render_sarif([FileResult("a.txt", True, 10, 0)], tool_version="0.1"))
    check_structure(log)
    assert log["runs"][0]["results"] == []
    assert log["runs"][0]["tool"]["driver"]["rules"] == []
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is True


@pytest.mark.parametrize(
    ("path", "uri"),
    [
        ("decks/a.txt", "decks/a.txt"),
        ("./decks/a.txt", "decks/a.txt"),
        ("decks\\sub\\a.txt", "decks/sub/a.txt"),
        ("decks/my deck #1.txt", "decks/my%20deck%20%231.txt"),
        ("decks/Æther.txt", "decks/%C3%86ther.txt"),
        ("<stdin>", "stdin"),
        ("-", "stdin"),
    ],
)
def test_artifact_uri(path: str, uri: str) -> None:
    assert artifact_uri(path) == uri


def test_absolute_paths_become_relative(tmp_path: Path) -> None:
    inside = tmp_path / "decks" / "a.txt"
    assert artifact_uri(str(inside), cwd=tmp_path) == "decks/a.txt"
    outside = tmp_path.parent / "elsewhere.txt"
    assert artifact_uri(str(outside), cwd=tmp_path) == outside.as_uri()


def test_cli_sarif_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Any]
) -> None:
    deck = tmp_path / "decks" / "short.txt"
    deck.parent.mkdir()
    deck.write_text("Planar Deck\n1 Tazeem\n1 Tazem\n1 Akoum\n1 Akoum\n", encoding="utf-8")
    good = FORMATS_DIR / "forge-new-planes.dck"
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "--format", "sarif", "decks", str(good))
    assert result.exit_code == 1, result
    log = json.loads(result.stdout)
    check_structure(log)
    results = log["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"decks/short.txt"}
    codes = {r["ruleId"] for r in results}
    assert {"deck-too-small", "duplicate-card"} <= codes
    lines = {
        r["ruleId"]: r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results
    }
    assert lines["deck-too-small"] == 1


def test_verbose_lists_the_skipped_files_as_notifications(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Any]
) -> None:
    """-v lists each skipped file and why; the SARIF log said nothing of them."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "config.json").write_text('{"theme": "dark"}', encoding="utf-8")
    good = FORMATS_DIR / "forge-new-planes.dck"
    (tmp_path / "decks" / "good.dck").write_bytes(good.read_bytes())
    monkeypatch.chdir(tmp_path)
    quiet = json.loads(run_cli("validate", "--format", "sarif", "decks").stdout)
    assert "toolExecutionNotifications" not in quiet["runs"][0]["invocations"][0]
    result = run_cli("validate", "--format", "sarif", "-v", "decks")
    assert result.exit_code == 0, result
    log = json.loads(result.stdout)
    check_structure(log)
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is True
    assert invocation["toolExecutionNotifications"] == [
        {
            "level": "note",
            "message": {
                "text": "decks/config.json: skipped: JSON that is neither an MTGJSON deck, "
                "a planarcli decklist nor card objects (a Scryfall list, an array of cards or "
                "of names, an app's planes)"
            },
        }
    ]


def test_notes_only_when_verbose_and_suggestions_said_once() -> None:
    quiet = json.loads(render_sarif(RESULTS, tool_version="1"))["runs"][0]
    assert "note" not in {r["level"] for r in quiet["results"]}
    assert "name-variant" not in {rule["id"] for rule in quiet["tool"]["driver"]["rules"]}
    for result in quiet["results"]:
        assert result["message"]["text"].count("did you mean") <= 1


def test_absolute_file_uris_carry_no_base(tmp_path: Path) -> None:
    outside = FileResult(
        str(tmp_path.parent / "elsewhere" / "deck.txt"),
        False,
        9,
        0,
        (Finding("901.3", "2026-01-16", "error", "deck-too-small", "add 1"),),
        "text",
        "section",
    )
    log = json.loads(render_sarif([outside], tool_version="1"))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"].startswith("file:///")
    assert "uriBaseId" not in location["artifactLocation"]


def test_paths_above_the_source_root_and_stdin_carry_no_base(tmp_path: Path) -> None:
    inner = tmp_path / "repo"
    inner.mkdir()
    assert artifact_uri("../deck.txt", cwd=inner) == (tmp_path / "deck.txt").as_uri()
    finding = Finding("901.3", "2026-01-16", "error", "deck-too-small", "add 1")
    stdin = FileResult("<stdin>", False, 9, 0, (finding,), "text", "section")
    location = json.loads(render_sarif([stdin], tool_version="1"))["runs"][0]["results"][0]
    assert location["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "stdin"}


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
