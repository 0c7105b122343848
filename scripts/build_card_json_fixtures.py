#!/usr/bin/env python3
"""Build the test decks that are JSON of real Scryfall card objects
(tests/decks/formats/scryfall-*.json) from the saved Scryfall objects of the shared data.

    python scripts/build_card_json_fixtures.py ../shared/data

The objects are copied whole, never edited: they come from
``scryfall/planar-prints.json``, 143 card objects saved from the Scryfall API by public
repositories (see ``../shared/data/README.md``). The deck is the first ten planes of
Planechase Anthology (``opca``) by collector number and its first phenomenon, with a second
printing of one of them from another set (a list of printings names a card once per
printing): what a script or an app that saves a Scryfall search keeps.

- ``scryfall-list.json``: a list object, as ``/cards/search`` returns it;
- ``scryfall-array.json``: the same cards as a JSON array (the second printing left out).

``tests/deck/readers/test_cardjson.py`` checks that the files are what this script builds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "decks" / "formats"


def _number(card: dict[str, Any]) -> tuple[int, str]:
    digits = "".join(ch for ch in card["collector_number"] if ch.isdigit())
    return int(digits or 0), card["collector_number"]


def deck_cards(prints: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(the deck's card objects, a second printing of one of them)."""
    anthology = sorted((c for c in prints if c["set"] == "opca"), key=_number)
    planes = [c for c in anthology if c["type_line"].startswith("Plane ")][:10]
    phenomenon = next(c for c in anthology if c["type_line"] == "Phenomenon")
    chosen = [*planes, phenomenon]
    names = {card["name"] for card in chosen}
    again = next(c for c in prints if c["set"] != "opca" and c["name"] in names)
    return chosen, again


def build(shared: Path) -> dict[str, str]:
    """File name -> text, for every fixture."""
    saved = json.loads((shared / "scryfall" / "planar-prints.json").read_text(encoding="utf-8"))
    cards, again = deck_cards(saved["data"])
    listed = [*cards, again]
    document = {"object": "list", "total_cards": len(listed), "has_more": False, "data": listed}
    return {
        "scryfall-list.json": json.dumps(document, indent=1, ensure_ascii=False) + "\n",
        "scryfall-array.json": json.dumps(cards, ensure_ascii=False) + "\n",
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    for name, text in build(Path(argv[1])).items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
