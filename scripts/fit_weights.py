#!/usr/bin/env python3
"""Fit the ranking's feature weights by coordinate ascent on the development parts only.

Each named feature of planarcli/rulebook/search/weights.py is tried in turn at its weight
times each step (and at its "off" weight); a trial is kept when it raises the top-1 count
over the development parts of tests/helpers/search_quality.py (top-3 breaks a tie), and the
passes repeat until one changes nothing or ``--passes`` runs out. Held-out parts are never
read here: score them once, after the fit, with ``python tests/helpers/search_quality.py``.

    python scripts/fit_weights.py                          # every feature, up to 3 passes
    python scripts/fit_weights.py --feature lead --feature subrule --passes 1
    python scripts/fit_weights.py --json fit.json          # the trials and the result

The script changes no file: it prints the weights it would set (a Markdown table of each
kept trial and the figures before and after); weights.py is edited by hand from that table,
so that a change of weight is one a reviewer reads, with the run that justifies it.
"""

from __future__ import annotations

import argparse
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
#: weights of the rule-number features: they only order a rule named by its number first
FIXED = frozenset({"exact_id", "child_id"})


def development_parts() -> list[str]:
    return [part for part in search_quality.PARTS if part.startswith("development")]


class Objective:
    """Top-1 and top-3 over the development parts for the weights in force."""

    def __init__(self, infos: list[Any], parts: list[str]) -> None:
        self.infos = infos
        self.questions = [item for part in parts for item in search_quality.load(part)]
        self.indexes: dict[Any, Any] = {}
        self.evaluations = 0

    def __call__(self) -> tuple[int, int]:
        # a document's term weights are memoised with the weights of the time ("parent",
        # "card_title"): forget them, the indexes' statistics stay
        for index in self.indexes.values():
            index._docs.clear()
        figures = search_quality.score(self.questions, self.infos, self.indexes)
        self.evaluations += 1
        return figures.top1, figures.top3


def trials(name: str, feature: weights.Feature) -> list[float]:
    tried = [round(feature.weight * step, 4) for step in STEPS]
    if feature.off != feature.weight:
        tried.append(feature.off)
    return [value for value in dict.fromkeys(tried) if value != feature.weight]


def fit(objective: Objective, names: list[str], passes: int) -> list[dict[str, Any]]:
    kept: list[dict[str, Any]] = []
    best = objective()
    print(f"start: top-1 {best[0]}, top-3 {best[1]}", flush=True)
    for number in range(1, passes + 1):
        changed = False
        for name in names:
            feature = weights.WEIGHTS[name]
            for value in trials(name, feature):
                weights.WEIGHTS[name] = feature._replace(weight=value)
                figures = objective()
                print(f"  pass {number} {name} {feature.weight} -> {value}: {figures}", flush=True)
                if figures > best:
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
    objective = Objective(infos, parts)
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
