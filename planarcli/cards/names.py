"""How card names are compared.

Two spellings name the same card when they fold to the same key: case, Æ/æ (= "ae"),
accents, every kind of dash, straight and curly apostrophes, other punctuation and spacing
are ignored, and so are Scryfall's disambiguation suffixes "(Plane)" and "(Playtest)",
which are not printed on the cards. Anything else is a different name.

Names in other scripts fold too: Unicode compatibility forms are unified first (NFKC:
full-width "Ａ" and half-width "ｱ" become "A" and "ア"), accents are dropped from Latin,
Greek and Cyrillic letters only (the voicing marks of Japanese kana are part of the letter:
"バント" stays "バント"), and every letter of every script is kept, so "トレイリア西部の
アカデミー" and "乙太混沦" have keys of their own.
"""

from __future__ import annotations

import re
from typing import Any

from planarcli.lazyre import lazy

#: Changes whenever ``fold_name`` folds any name differently: catalog files record the
#: version their precomputed ``keys`` were folded with, and keys of another version are
#: ignored (folded again at run time).
FOLD_VERSION = 2

# Scryfall adds these to tell a plane from a card of the same printed name.
_SUFFIX = lazy(r"\s*\((?:plane|playtest)\)\s*$", re.IGNORECASE)
# Apostrophes and look-alikes vanish ("Raven's Run" = "Ravens Run").
_APOSTROPHES = dict.fromkeys(map(ord, "'\u2018\u2019\u02bc\u0060\u00b4\u2032"), None)
_ASCII_APOSTROPHES = dict.fromkeys(map(ord, "'`"), None)
# Letters that carry no separable accent: written as their plain Latin letters.
_LETTERS = {
    ord("Æ"): "AE",
    ord("æ"): "ae",
    ord("Œ"): "OE",
    ord("œ"): "oe",
    ord("ß"): "ss",
    ord("Ø"): "O",
    ord("ø"): "o",
    ord("Ł"): "L",
    ord("ł"): "l",
    ord("Đ"): "D",
    ord("đ"): "d",
    ord("Ð"): "D",
    ord("ð"): "d",
    ord("Þ"): "Th",
    ord("þ"): "th",
    ord("ı"): "i",
}
# Everything that is not a letter or a digit (of any script) separates words.
_NON_WORD = lazy(r"[\W_]+")


# The combining marks that accents of Latin, Greek and Cyrillic letters decompose into
# (U+0300-U+036F); the kana voicing marks (U+3099, U+309A) are not among them.
_ACCENTS = lazy("[\u0300-\u036f]+")


def fold_name(name: str) -> str:
    """The comparison key of a card name: lower-case words joined by single spaces."""
    text = name.strip()
    if text.endswith(")"):
        text = _SUFFIX.sub("", text)
    if text.isascii():  # nearly every name: no Unicode tables needed
        return _NON_WORD.sub(" ", text.translate(_ASCII_APOSTROPHES).lower()).strip()
    import unicodedata  # loaded on first use: ASCII names never need it

    # NFKD splits compatibility forms and accents off their letters; dropping the accents
    # and composing again (NFC) gives the NFKC form of the unaccented name.
    text = _ACCENTS.sub("", unicodedata.normalize("NFKD", text)).translate(_LETTERS)
    text = unicodedata.normalize("NFC", text).translate(_APOSTROPHES).casefold()
    if not text.isascii():  # casefolding can undo NFKC (rarely): normalise once more
        text = unicodedata.normalize("NFKC", text)
    return _NON_WORD.sub(" ", text).strip()


#: German umlauts as written without them (ß is "ss" in every folded name already).
_UMLAUTS = {
    ord("ä"): "ae",
    ord("ö"): "oe",
    ord("ü"): "ue",
    ord("Ä"): "Ae",
    ord("Ö"): "Oe",
    ord("Ü"): "Ue",
}


def umlaut_free(name: str) -> str | None:
    """The folded key of a German name as written without umlauts ("Chaotischer Äther" →
    "chaotischer aether"; ``fold_name`` drops the dots: "chaotischer ather"), or None when
    the name has no umlaut."""
    if name.isascii() or not any(ch in "äöüÄÖÜ" for ch in name):
        return None
    return fold_name(name.translate(_UMLAUTS))


#: Scryfall's language codes (``lang`` of a card object) and the languages they stand for.
LANGUAGES = {
    "en": "English",
    "de": "German",
    "es": "Spanish",
    "fr": "French",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "pt": "Portuguese",
    "ru": "Russian",
    "zhs": "Simplified Chinese",
    "zht": "Traditional Chinese",
    "he": "Hebrew",
    "la": "Latin",
    "grc": "Ancient Greek",
    "ar": "Arabic",
    "sa": "Sanskrit",
    "ph": "Phyrexian",
}


def language_name(code: str | None) -> str:
    """ "German" for "de"; an unknown code is named as itself."""
    if not code:
        return "non-English"
    return LANGUAGES.get(code, code)


def card_names(card: dict[str, Any]) -> list[str]:
    """Every name of a catalog card record: its English name, then its printed names in
    the order of its ``printed_names`` (language by language)."""
    printed = card.get("printed_names")
    names = [card["name"]]
    if isinstance(printed, dict):
        names.extend(name for spelled in printed.values() for name in spelled)
    return names


def add_name_keys(document: dict[str, Any]) -> None:
    """Give each card of a catalog document its ``keys``: the folded form of each of
    ``card_names(card)``, in that order, so that looking a name up never folds the whole
    catalog; and record the FOLD_VERSION they were folded with."""
    for card in document["cards"]:
        card["keys"] = [fold_name(name) for name in card_names(card)]
    document["source"]["fold_version"] = FOLD_VERSION
