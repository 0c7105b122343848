"""Making the card names (:class:`.cards.Names`) from the rulings document and the bundled
card snapshot, and keeping them in the cache dir in two parts; and a question that names a
card by other words than its English name's, read as the English name. Loaded only when the
kept names are missing, out of date or damaged, or for such a question: every search reads
the kept names to choose its scope, and none of this code.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from planarcli.rulebook.search.analysis import TOKEN_RE, TRANSLATIONS, fold, words
from planarcli.rulebook.search.cards import (
    ALL_FILE,
    ELSEWHERE_BYTES,
    MAGIC,
    OWN_FILE,
    Names,
    key,
    places,
)

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import EditionInfo

#: a German name as written without umlauts ("Chaotischer Aether")
UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def build(info: EditionInfo, snapshot: str, stamp: str, folder: str) -> tuple[Names, Names]:
    """The names of the rulings ``info`` and the card ``snapshot``, kept in ``folder`` in two
    parts: the rulings' own names (:func:`split`, first) and all the names."""
    from planarcli import marshalcache

    made = make(info, snapshot)
    if made is None:
        return Names({}), Names({})
    own, names = made
    marshalcache.write(os.path.join(folder, OWN_FILE), MAGIC, stamp, state(own))
    marshalcache.write(os.path.join(folder, ALL_FILE), MAGIC, stamp, state(names))
    return own, names


def make(info: EditionInfo, snapshot: str) -> tuple[Names, Names] | None:
    """The names of the rulings ``info`` and the card ``snapshot`` in two parts (see
    :func:`build`), kept nowhere; None when the rulings cannot be loaded."""
    from planarcli.rulebook.catalogue import load_edition

    try:
        edition = load_edition(info)
    except Exception:  # a damaged file is reported by the search that loads it
        return None
    # the cards ruled on name their card by a word only their name has; the others (and
    # the printed names) by all their words: a card's Oracle text makes no word a name
    # ("coût" misspelt is "court", which only The Food Court has)
    ruled = {card for rule_id, (card, _) in edition.cards.items() if rule_id.startswith("ruling:")}
    names = Names.of(sorted(ruled), printed_names(snapshot))
    said: dict[str, int] = {}
    for rule in edition.rules:
        for word in words(rule.text):
            said[key(word)] = said.get(key(word), 0) + 1
    return split(names, said), names


def state(names: Names) -> dict[str, Any]:
    """What :meth:`.Names.restore` makes ``names`` again from (for the cache dir)."""
    return {kept: getattr(names, name) for kept, (name, _) in Names.KEPT.items()}


def split(names: Names, said: Mapping[str, int]) -> Names:
    """``names`` without the other names (``printed``), which :meth:`.Names.everything`
    gives back: the part read for every question. ``said``: how often the rulings say a
    word (questions say those words: they open no other name when another will)."""
    own = Names({name: found for name, found in names.spelt.items() if name not in names.printed})
    # a name that is not the rulings' names its card by all its words: each is said when
    # its rarest word is
    often: dict[str, int] = {}
    for name in names.printed:
        for word in set(names.spelt[name]):
            often[word] = often.get(word, 0) + 1
    rarest = {
        min(
            names.spelt[name],
            # (a word of the translation table is a word of the game questions say)
            key=lambda word: (
                len(word) < 3,
                often[word] + said.get(word, 0) + 10 * (word in TRANSLATIONS),
                -len(word),
                word,
            ),
        )
        for name in names.printed
        if names.spelt[name]
    }
    # the rarest words as the bits of a Bloom filter (:func:`.cards.places`): 2 KiB read by
    # every search, where the words themselves were 7 KiB of text to decode and search
    bits = bytearray(ELSEWHERE_BYTES if rarest else 0)
    for word in rarest:
        for bit in places(word, len(bits)):
            bits[bit >> 3] |= 1 << (bit & 7)
    own.elsewhere = bytes(bits)
    own.widen = lambda: names
    return own


def card_spelling(
    query: str, names: Names, named: frozenset[str], card_words: set[str], english: set[str]
) -> str:
    """``query`` with the words that name a card as the card's English name writes them:
    "Æther Flues" as "aether Flues" (not some other word: "other"), and a name printed in
    another language ("Chaotischer Äther") as the English name ("Chaotic Aether"), which
    the rulings say. ``english``: the words of the English names of the cards ``named``."""
    printed = {
        word
        for spelling, card in names.printed.items()
        if card in named
        for word in names.spelt[spelling]
    }
    said_printed = False

    def spelt(match: re.Match[str]) -> str:
        nonlocal said_printed
        word = fold(match[0].casefold())
        if word not in card_words or word in english:
            return match[0]
        if key(word) in english:
            return key(word)
        if key(word) in printed:
            said_printed = True
            return ""
        return match[0]  # a misspelt word of the English name

    spelled = TOKEN_RE.sub(spelt, query)
    return f"{spelled} {' '.join(sorted(named))}" if said_printed else spelled


def printed_names(snapshot: str) -> dict[str, str]:
    """The names of the cards of the card snapshot: English, and as printed in other
    languages (a German one also without umlauts: "Chaotischer Aether"), each with the
    English name."""
    import json

    try:
        with open(snapshot, encoding="utf-8") as handle:
            cards = json.load(handle)["cards"]
        out: dict[str, str] = {}
        for card in cards:
            out.setdefault(card["name"], card["name"])
            for lang, spellings in (card.get("printed_names") or {}).items():
                for spelling in spellings:
                    out.setdefault(spelling, card["name"])
                    plain = spelling.translate(UMLAUTS) if lang == "de" else spelling
                    if plain != spelling:
                        out.setdefault(plain, card["name"])
        return out
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}  # a damaged snapshot: the English names still name the cards
