"""The official rulings of the planar cards (Gatherer/Oracle rulings, as MTGJSON publishes
them), bundled with the card snapshot by ``scripts/build_snapshot.py`` from
``planar-rulings.tsv``: each with its date and the source it was read from.

Rulings belong to a card's oracle id, so a card from a synced cache (Scryfall's card objects
carry no rulings) shows the bundled rulings of the same card. Read only by `cards show`:
the catalog that every other command reads never holds them.

Each ruling has a stable id, ``ruling:<card-slug>.<n>`` (``ruling_id``), the id `rules
search` gives it as a passage: ``n`` is its 1-based place among the card's rulings, oldest
first, ties in the source table's order.
"""

from __future__ import annotations


def card_rulings(oracle_id: str) -> list[dict[str, str]]:
    """The bundled rulings of the card with this oracle id, oldest first (empty when it has
    none), each ``{"date": "YYYY-MM-DD", "text": ..., "source": "owner/repo@commit:path"}``.
    Raises DataUnavailableError when the snapshot is unreadable. (`cards show` asks
    ``planarcli.cards.store.snapshot_rulings`` itself: one module less on its start-up.)"""
    from planarcli.cards.store import snapshot_rulings

    return snapshot_rulings(oracle_id)


def card_slug(name: str) -> str:
    """A card name as a ruling id's slug: folded to ASCII (accents dropped, "æ" → "ae"),
    lower case, each run of other characters a single "-", none at either end
    ("Æther Flues" → "aether-flues", "Human—Time Lord Meta-Crisis" →
    "human-time-lord-meta-crisis")."""
    import unicodedata

    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.replace("Æ", "AE").replace("æ", "ae").lower()
    slug = []
    dash = False
    for ch in text:
        if "a" <= ch <= "z" or "0" <= ch <= "9":
            slug.append(ch)
            dash = False
        elif not dash:
            slug.append("-")
            dash = True
    return "".join(slug).strip("-")


def ruling_id(card_name: str, place: int) -> str:
    """``ruling:<card-slug>.<n>``: the id of the card's ``place``-th ruling (1-based)."""
    return f"ruling:{card_slug(card_name)}.{place}"
