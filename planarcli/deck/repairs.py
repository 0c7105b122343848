"""Which problems of a planar deck have exactly one right answer, and what that answer is.

``validate --fix`` repairs only these (the bytes that carry them are changed by
``planarcli.deck.fix``):

- an unknown name with one *clear* suggestion becomes that card's catalog name;
- a card listed twice is kept once: a quantity above 1 becomes 1, a repeated line goes.

A suggestion is clear (``clear_suggestion``) when all of these hold:

1. ``cards show`` answers the name with that card: ``resolve.confident_guess``, the one
   decision both make (a misspelling of one card only, ``resolve.typo_of``, or a clear
   winner of the fuzzy scores; never a real non-planar Magic card's name or a name closer
   to one, never a name too short to guess from: ``Akuom`` -> ``Akoum``, ``The Gerat
   Forest`` -> ``The Great Forest``; never ``Llanowar Elves`` -> ``Llanowar`` or
   ``Mountain`` -> ``Ten Wizards Mountain``);
2. the deck does not list that card already (it would become a duplicate);
3. the edition's rules allow the card (no phenomenon under the 2009 rules);
4. no other unknown name of the deck points at the same card.

A printed foreign or variant spelling that the catalog resolves (``The AEther Flues``) is
no problem and is left as written. ``benchmarks/bench_fix_names.py`` measures the rule on
misspellings of the catalog's names and on every real Magic card name.
"""

from __future__ import annotations

from planarcli.cards.catalog import Catalog
from planarcli.cards.names import fold_name
from planarcli.cards.resolve import confident_guess
from planarcli.deck.checks import DeckRules
from planarcli.deck.readers.model import DeckEntry
from planarcli.records import record

#: The repair kinds, as they appear in reports.
ACTIONS = ("rename", "quantity", "remove")


@record
class Repair:
    """One change to one entry of the planar deck."""

    entry: DeckEntry
    action: str  # one of ACTIONS
    name: str  # the card name after the repair (the entry's own name for quantity/remove)

    def describe(self) -> str:
        if self.action == "rename":
            return f"{self.entry.name!r} -> {self.name!r}"
        if self.action == "quantity":
            return f"{self.entry.name!r}: quantity {self.entry.quantity} -> 1"
        return f"removed {self.entry.name!r}, listed earlier"

    @property
    def new_quantity(self) -> int:
        """The line's quantity once repaired: 1 for a quantity repair, 0 for a line
        removed, the quantity as written for a rename (which changes only the name)."""
        if self.action == "quantity":
            return 1
        if self.action == "remove":
            return 0
        return self.entry.quantity

    def to_json(self) -> dict[str, object]:
        """``quantity`` is the quantity as written (before the repair), ``new_quantity``
        the quantity after it; ``to`` is the new name, for a rename only."""
        return {
            "line": self.entry.line,
            "action": self.action,
            "card": self.entry.name,
            "to": self.name if self.action == "rename" else None,
            "quantity": self.entry.quantity,
            "new_quantity": self.new_quantity,
        }


def clear_suggestion(name: str, catalog: Catalog, listed: set[str], rules: DeckRules) -> str | None:
    """The one card an unknown ``name`` clearly means (rules 1-3 above), else None. A name
    the catalog knows (a printed foreign or variant spelling) needs no repair: None."""
    card = confident_guess(catalog, name)
    if card is None or card.name in listed:
        return None
    if card.is_phenomenon and not rules.phenomena_allowed:
        return None
    return card.name


def plan_repairs(
    entries: tuple[DeckEntry, ...], catalog: Catalog, rules: DeckRules
) -> list[Repair]:
    """The repairs with one right answer for the planar deck ``entries``, in file order."""
    resolved = [catalog.resolve(entry.name).card for entry in entries]
    listed = {card.name for card in resolved if card is not None}
    targets: dict[int, str] = {}
    claimed: dict[str, set[str]] = {}  # card -> the distinct unknown names that point at it
    for index, (entry, card) in enumerate(zip(entries, resolved, strict=True)):
        if card is None:
            target = clear_suggestion(entry.name, catalog, listed, rules)
            if target is not None:
                targets[index] = target
                claimed.setdefault(target, set()).add(fold_name(entry.name))
    repairs: list[Repair] = []
    seen: set[str] = set()
    for index, (entry, card) in enumerate(zip(entries, resolved, strict=True)):
        target = targets.get(index)
        if target is not None and len(claimed[target]) > 1:
            target = None  # two names point at one card: which one is meant is unclear
        # The identity the duplicate check uses: the card, else the folded written name
        # (so a misspelling listed twice is one card, renamed once and kept once).
        key = card.name if card is not None else "\x00" + fold_name(entry.name)
        if key in seen:
            repairs.append(Repair(entry, "remove", entry.name))
            continue
        seen.add(key)
        if target is not None:
            repairs.append(Repair(entry, "rename", target))
        if entry.quantity > 1:
            repairs.append(Repair(entry, "quantity", target or entry.name))
    return repairs
