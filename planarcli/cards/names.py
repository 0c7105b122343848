"""How card names are compared.

Two spellings name the same card when they fold to the same key: case, Æ/æ (= "ae"),
accents, every kind of dash, straight and curly apostrophes, other punctuation and spacing
are ignored, and so are Scryfall's disambiguation suffixes "(Plane)" and "(Playtest)",
which are not printed on the cards. Anything else is a different name.
"""

from __future__ import annotations

import re

from planarcli.lazyre import lazy

# Scryfall adds these to tell a plane from a card of the same printed name.
_SUFFIX = lazy(r"\s*\((?:plane|playtest)\)\s*$", re.IGNORECASE)
# Apostrophes and look-alikes vanish ("Raven's Run" = "Ravens Run").
_APOSTROPHES = dict.fromkeys(map(ord, "'\u2018\u2019\u02bc\u0060\u00b4\u2032"), None)
_LIGATURES = {ord("Æ"): "AE", ord("æ"): "ae", ord("Œ"): "OE", ord("œ"): "oe", ord("ß"): "ss"}
# Everything that is not a letter or a digit separates words.
_NON_WORD = lazy(r"[^0-9a-z]+")


def fold_name(name: str) -> str:
    """The comparison key of a card name: lower-case ASCII words joined by single spaces."""
    text = _SUFFIX.sub("", name.strip()).translate(_APOSTROPHES)
    if not text.isascii():  # most names are plain ASCII and need no Unicode work
        import unicodedata  # loaded on first use: exact names never need folding

        text = text.translate(_LIGATURES)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", text.casefold()).strip()
