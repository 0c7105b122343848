#!/usr/bin/env python3
"""Fit the ranking's feature weights by coordinate ascent on the development parts only.

Each named feature of planarcli/rulebook/search/weights.py is tried in turn at its weight
times each step (and at its "off" weight); a trial is kept when it raises the top-1 count
over the development parts of tests/helpers/search_quality.py (top-3 breaks a tie) and
keeps every part, development or held-out, at or above its floor (``FLOORS`` of
tests/rulebook/search/test_search.py); the passes repeat until one changes nothing or
``--passes`` runs out. Held-out parts are never optimised: a trial that raises the
development figures is only checked against their floors (their misses are not read), and
rejected if any part falls below its floor. Score them all after the fit with
``python tests/helpers/search_quality.py``.

    python scripts/fit_weights.py                          # every feature, up to 3 passes
    python scripts/fit_weights.py --feature lead --feature subrule --passes 1
    python scripts/fit_weights.py --json fit.json          # the trials and the result

The script changes no file: it prints the weights it would set (a Markdown table of each
kept trial and the figures before and after); weights.py is edited by hand from that table,
so that a change of weight is one a reviewer reads, with the run that justifies it.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "helpers"))

import search_quality  # noqa: E402

from planarcli import resources  # noqa: E402
from planarcli.rulebook import catalogue  # noqa: E402
from planarcli.rulebook.search import weights  # noqa: E402

#: the factors each weight is tried at (besides its "off" weight)
STEPS = (0.8, 1.25)
#: the test that holds each part to its floor (its FLOORS, read as data: no pytest needed)
FLOORS_FILE = REPO / "tests" / "rulebook" / "search" / "test_search.py"
#: weights of the rule-number features: they only order a rule named by its number first
FIXED = frozenset({"exact_id", "child_id"})


def development_parts() -> list[str]:
    return [part for part in search_quality.PARTS if part.startswith("development")]


def read_floors(path: Path = FLOORS_FILE) -> dict[str, tuple[int, int]]:
    """Each part's floor (top-1, top-3), as the test of ``path`` holds them."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Name) and target.id == "FLOORS" for target in targets):
                assert node.value is not None
                return {part: tuple(pair) for part, pair in ast.literal_eval(node.value).items()}
    raise SystemExit(f"fit_weights: no FLOORS in {path}")


def below_floors(
    figures: dict[str, tuple[int, int]], floors: dict[str, tuple[int, int]]
) -> list[str]:
    """The parts of ``figures`` whose top-1 or top-3 is below its floor ("held-out-5 80<81",
    "held-out-5 top-3 84<85")."""
    return [
        f"{part} {top1}<{floors[part][0]}"
        if top1 < floors[part][0]
        else f"{part} top-3 {top3}<{floors[part][1]}"
        for part, (top1, top3) in figures.items()
        if part in floors and (top1 < floors[part][0] or top3 < floors[part][1])
    ]


class Objective:
    """Top-1 and top-3 over the development parts for the weights in force, and each
    part's figures for the floors (the held-out parts only on :meth:`parts_below`)."""

    def __init__(
        self, infos: list[Any], parts: list[str], floors: dict[str, tuple[int, int]]
    ) -> None:
        self.infos = infos
        self.parts = parts
        self.floors = floors
        self.questions = {part: search_quality.load(part) for part in search_quality.PARTS}
        self.indexes: dict[Any, Any] = {}
        self.evaluations = 0
        #: the development parts' figures of the last call
        self.last: dict[str, tuple[int, int]] = {}

    def measure(self, parts: list[str]) -> dict[str, tuple[int, int]]:
        # a document's term weights are memoised with the weights of the time ("parent",
        # "card_title"): forget them, the indexes' statistics stay
        for index in self.indexes.values():
            index._docs.clear()
        out = {}
        for part in parts:
            figures = search_quality.score(self.questions[part], self.infos, self.indexes)
            out[part] = (figures.top1, figures.top3)
        return out

    def __call__(self) -> tuple[int, int]:
        self.last = self.measure(self.parts)
        self.evaluations += 1
        return sum(top1 for top1, _ in self.last.values()), sum(t3 for _, t3 in self.last.values())

    def parts_below(self) -> list[str]:
        """The parts below their floor with the weights in force: the development parts
        of the last call, and every held-out part (scored here, never optimised)."""
        held_out = [part for part in search_quality.PARTS if part not in self.parts]
        return below_floors({**self.last, **self.measure(held_out)}, self.floors)


def trials(name: str, feature: weights.Feature) -> list[float]:
    tried = [round(feature.weight * step, 4) for step in STEPS]
    if feature.off != feature.weight:
        tried.append(feature.off)
    return [value for value in dict.fromkeys(tried) if value != feature.weight]


def fit(objective: Objective, names: list[str], passes: int) -> list[dict[str, Any]]:
    kept: list[dict[str, Any]] = []
    best = objective()
    print(f"start: top-1 {best[0]}, top-3 {best[1]}", flush=True)
    below = objective.parts_below()
    if below:
        print(f"start: below the floor: {', '.join(below)} (a kept trial must lift them)")
    for number in range(1, passes + 1):
        changed = False
        for name in names:
            feature = weights.WEIGHTS[name]
            for value in trials(name, feature):
                weights.WEIGHTS[name] = feature._replace(weight=value)
                figures = objective()
                print(f"  pass {number} {name} {feature.weight} -> {value}: {figures}", flush=True)
                below = objective.parts_below() if figures > best else []
                if below:
                    print(f"    rejected: below the floor: {', '.join(below)}", flush=True)
                if figures > best and not below:
                    kept.append(
                        {"feature": name, "from": feature.weight, "to": value, "top": figures}
                    )
                    best, feature, changed = figures, weights.WEIGHTS[name], True
                else:
                    weights.WEIGHTS[name] = feature
        if not changed:
            break
    return kept


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--feature",
        action="append",
        choices=sorted(set(weights.WEIGHTS) - FIXED),
        help="fit only this feature (repeatable; default: every feature)",
    )
    parser.add_argument("--passes", type=int, default=3, help="passes over the features")
    parser.add_argument("--json", type=Path, help="write the kept trials here")
    args = parser.parse_args(argv)
    infos = catalogue.list_editions(resources.rules_dir(), REPO / "no-such-folder")
    parts = development_parts()
    objective = Objective(infos, parts, read_floors())
    before = {name: feature.weight for name, feature in weights.WEIGHTS.items()}
    names = args.feature or [name for name in weights.WEIGHTS if name not in FIXED]
    kept = fit(objective, names, args.passes)
    print(f"\n{objective.evaluations} evaluations over {len(parts)} development parts")
    print("| feature | weight | fitted | top-1, top-3 after |")
    print("|---|---|---|---|")
    for row in kept:
        print(f"| `{row['feature']}` | {row['from']} | {row['to']} | {row['top']} |")
    if not kept:
        print("| (none) | | | no trial raised top-1 or top-3 |")
    if args.json:
        after = {name: feature.weight for name, feature in weights.WEIGHTS.items()}
        document = {"parts": parts, "kept": kept, "before": before, "after": after}
        args.json.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
