"""Findings are data: what a check found, and the verdict on one file.

Checks and readers produce these; renderers (``planarcli.report.render``) print them. Nothing here
prints or imports click.
"""

from __future__ import annotations

from typing import Any

from planarcli.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from planarcli.records import field, record

SEVERITIES = ("error", "warning", "info")


@record
class Finding:
    """One problem (or remark) about a decklist, citing the rule it comes from."""

    rule: str | None  # e.g. "901.3"; None when no rule applies (an unreadable file)
    edition: str  # edition whose rules were applied, e.g. "2026-01-16"
    severity: str  # "error" | "warning" | "info"
    code: str  # stable kebab-case id, e.g. "deck-too-small"
    message: str  # what is wrong and what to do
    line: int | None = None  # 1-based line of the file; None for the whole deck
    card: str | None = None  # the card name as written
    suggestions: tuple[str, ...] = ()  # catalog names, for an unknown card

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "edition": self.edition,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "line": self.line,
            "card": self.card,
            "suggestions": list(self.suggestions),
        }


@record
class FileResult:
    """The verdict on one input file."""

    path: str
    valid: bool
    cards: int  # cards in the planar deck, quantities summed (unknown/non-planar included)
    phenomena: int
    findings: tuple[Finding, ...] = ()
    format: str | None = None  # reader used; None when the file could not be read
    planar_deck: str = "none"  # how the planar deck was found: section|whole-file|by-type|none
    readable: bool = True  # False: unreadable or malformed input (exit 2)
    extra: dict[str, Any] = field(default_factory=dict)
    skipped: bool = False  # True: not judged (not a decklist, excluded...); see ``reason``
    reason: str | None = None  # why a skipped file was skipped
    missing: bool = False  # the path does not exist (a usage error, exit 2; not unreadable)
    not_fixed: bool = False  # --fix: read and judged, but the repair could not be written
    #: (exit 2; ``findings[0]`` says why, the deck's own findings follow)
    prose_lines: int = 0  # text: lines read as prose around the list, left out (-v says so)
    #: text: what the reader's steps did to which lines, (line, "chat stamp removed"); -v
    steps: tuple[tuple[int, str], ...] = ()

    @property
    def exit_code(self) -> int:
        if self.skipped:
            return EXIT_OK
        if not self.readable or self.not_fixed:
            return EXIT_USAGE
        return EXIT_OK if self.valid else EXIT_FINDINGS

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "path": self.path,
            "skipped": self.skipped,
            "valid": None if self.skipped else self.valid,
            "cards": self.cards,
            "phenomena": self.phenomena,
            "format": self.format,
            "planar_deck": self.planar_deck,
            "findings": [finding.to_json() for finding in self.findings],
        }
        data.update(self.extra)
        if self.missing:
            data["missing"] = True
        if self.not_fixed:
            data["not_fixed"] = True
        if self.skipped:
            data["reason"] = self.reason
        return data
