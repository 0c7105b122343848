"""Text and JSON shapes of the ``deck`` commands: ``deck random`` (a decklist that
``planarcli validate`` reads, or a planarcli JSON decklist) and ``deck convert``'s JSON
document (the converted text itself is written by :mod:`planarcli.deck.writers`).

Renderers return strings or JSON-ready dicts and never decide exit codes. Imported only by
the ``deck`` commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.errors import PlanarError, plural

if TYPE_CHECKING:  # deckgen is imported by the deck random renderers only, not by convert's
    from planarcli.cards.deckgen import DeckRequest, RandomDeck
    from planarcli.deck.writers import Conversion

# --------------------------------------------------------------------------- deck random


def render_decklist(deck: RandomDeck, request: DeckRequest, *, source: str) -> str:
    """The deck as a plain-text decklist with a header comment."""
    from planarcli.cards.deckgen import command_line, left_out_sets

    planes = len(deck.cards) - deck.phenomena
    left_out = left_out_sets(request)
    leaving = f"; cards only in {', '.join(left_out)} left out" if left_out else ""
    lines = [
        f"// {command_line(request, deck.seed)}",
        f"// {plural(len(deck.cards), 'card', 'cards')}: {plural(planes, 'plane', 'planes')}, "
        f"{plural(deck.phenomena, 'phenomenon', 'phenomena')} "
        f"(rule {deck.rule}; cards from the {source}{leaving})",
        "",
        "Planar Deck",
    ]
    lines += [f"1 {card.name}" for card in deck.cards]
    return "\n".join(lines) + "\n"


def deck_json(
    deck: RandomDeck, request: DeckRequest, *, source: str | None = None
) -> dict[str, object]:
    """The deck as a planarcli JSON decklist (``schemas/decklist.schema.json``), which
    ``planarcli validate`` reads as it is: a communal deck says so, with its players. What
    the schema has no key for goes under ``x-`` keys (the only extra keys it allows)."""
    from planarcli.cards.deckgen import command_line, left_out_sets

    document: dict[str, object] = {
        "format": "planarcli-deck",
        "version": 1,
        "name": f"Random planar deck (seed {deck.seed})",
        "communal": request.communal,
    }
    if request.communal and request.players is not None:
        document["players"] = request.players
    document["planar_deck"] = [
        {"name": card.name, "quantity": 1, "x-kind": card.kind, "x-sets": list(card.sets)}
        for card in deck.cards
    ]
    document.update(
        {
            "x-seed": deck.seed,
            "x-rule": deck.rule,
            "x-size": len(deck.cards),
            "x-phenomena": deck.phenomena,
            "x-command": command_line(request, deck.seed),
            "x-left-out-sets": list(left_out_sets(request)),
        }
    )
    if source is not None:
        document["x-source"] = source
    return document


# --------------------------------------------------------------------------- deck convert


def convert_document(path: str | None, target: str | None, output: str | None) -> dict[str, object]:
    """``deck convert --format json``'s document, before anything is known of the result."""
    return {
        "input": "<stdin>" if path == "-" else path,
        "to": target.lower() if target else None,
        "output": None if output == "-" else output,
        "planar_cards": 0,
        "notes": [],
        "content": None,
    }


def convert_error_json(
    error: PlanarError, path: str | None, target: str | None, output: str | None
) -> dict[str, object]:
    """``deck convert --format json`` when the conversion failed: the document with an
    ``error`` (its message, hint in parentheses, and exit code)."""
    document = convert_document(path, target, output)
    message = error.message + (f" ({error.hint})" if error.hint else "")
    document["error"] = {"message": message, "exit_code": error.exit_code}
    return document


def convert_json(
    path: str, target: str, output: str | None, converted: Conversion
) -> dict[str, object]:
    """``deck convert --format json`` of a conversion: the content inline unless written
    to ``output``."""
    document = convert_document(path, target, output)  # the keys, in their order
    document["planar_cards"] = sum(quantity for _, quantity in converted.deck.planar)
    document["notes"] = list(converted.notes)
    document["content"] = None if output is not None else converted.text
    return document
