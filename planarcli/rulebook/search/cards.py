"""Query understanding: the cards a question names, for the card rulings.

The names are those of the rulings document itself (its rulings' ``card``), not the card
catalog: loading the catalog would cost the search its start-up. A question names a card by
all the words of its name ("spatial merging"), misspelt by an edit or two ("elorin wilds"),
or by a word only that card's name has and no rule uses ("tolaria": Academy at Tolaria
West). :func:`scope_names` keeps the names in the cache dir, so that ``rules search`` reads
the rulings (and their larger index) only for a question that names a card.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from planarcli.rulebook.search.analysis import STOPWORDS, fold, osa_distance, words

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import EditionInfo

#: a card name's word this long or longer may be misspelt by two edits, shorter ones by one;
#: words shorter than TYPO_SHORTEST only as typed
TYPO_LONG = 8
TYPO_SHORTEST = 5
MAGIC = b"planarcli card names 3\n"


def name_words(name: str) -> list[str]:
    """The words that name a card: folded, without English stopwords ("Academy at Tolaria
    West": academy, tolaria, west)."""
    stop = STOPWORDS["en"]
    return [fold(word) for word in words(name) if word not in stop and len(word) > 1]


class Names:
    """The card names of a rulings document, with what matching needs made once: each
    name's words, how many names hold each word, the words by their first letter."""

    __slots__ = ("by_letter", "counts", "spelt")

    def __init__(
        self,
        spelt: dict[str, list[str]],
        counts: dict[str, int] | None = None,
        by_letter: dict[str, list[str]] | None = None,
    ) -> None:
        """``counts`` and ``by_letter`` as :meth:`state` gave them (else made)."""
        self.spelt = spelt
        if counts is not None and by_letter is not None:
            self.counts, self.by_letter = counts, by_letter
            return
        self.counts = {}
        self.by_letter = {}
        for found in spelt.values():
            for word in set(found):
                self.counts[word] = self.counts.get(word, 0) + 1
        for word in sorted(self.counts):
            if len(word) >= TYPO_SHORTEST:
                self.by_letter.setdefault(word[0], []).append(word)

    @classmethod
    def of(cls, names: Sequence[str]) -> Names:
        return cls({name: name_words(name) for name in names})

    def state(self) -> dict[str, Any]:
        """The names and what matching needs, as plain data for the cache dir."""
        return {"names": self.spelt, "counts": self.counts, "by_letter": self.by_letter}


def named(
    query: str,
    names: Names,
    known: Collection[str] = (),
    ruled: Callable[[str], bool] | None = None,
) -> tuple[frozenset[str], set[str]]:
    """The cards ``names`` holds that ``query`` names, and the query's words that name them.
    ``known``: words that are no misspelling (the words of the texts searched); ``ruled``:
    whether a word is one the rules use (such a word alone names no card)."""
    said = {fold(word) for word in words(query)}
    counts = names.counts
    typed: dict[str, str] = {word: word for word in said if word in counts}
    for other in said:
        if other in typed or other in known or len(other) < TYPO_SHORTEST - 1:
            continue
        # a misspelt word of a name (its first letter as typed: "elorin" for "eloren")
        letters = frozenset(other)
        for word in names.by_letter.get(other[0], ()):
            limit = 2 if len(word) >= TYPO_LONG else 1
            if abs(len(other) - len(word)) > limit or word in typed:
                continue
            # each edit brings in at most one letter and takes out at most one
            word_letters = frozenset(word)
            if len(letters - word_letters) > limit or len(word_letters - letters) > limit:
                continue
            if osa_distance(other, word, limit) <= limit:
                typed[word] = other
    cards: set[str] = set()
    naming: set[str] = set()
    if not typed:
        return frozenset(), naming
    for name, found in names.spelt.items():
        matched = [word for word in found if word in typed]
        if matched and (
            len(matched) == len(found)
            or any(
                counts[word] == 1 and len(word) >= 5 and not (ruled and ruled(word))
                for word in matched
            )
        ):
            cards.add(name)
            naming.update(typed[word] for word in matched)
    return frozenset(cards), naming


def scope_names(info: EditionInfo, *, cached: bool = True) -> Names:
    """The card names of the rulings document ``info``, from the cache dir when it holds
    them for this file (and ``cached``), else read from it, and kept. The words of each
    name, how many names hold each word and the words by their first letter are all kept:
    making them costs every search more than reading them. (A file with the right shape
    but not the right content can make :func:`named` raise: :func:`names_in` then
    rebuilds it.)"""
    from planarcli import marshalcache
    from planarcli.paths import cache_dir_path

    try:
        status = os.stat(info.location)
    except OSError:
        return Names({})
    key = f"{marshalcache.python_key()}\n{info.location}\n{status.st_size}:{status.st_mtime_ns}"
    path = os.path.join(cache_dir_path(), "search", "card-names.bin")
    state = marshalcache.read(path, MAGIC, key) if cached else None
    if state is not None:
        spelt, counts, by_letter = state.get("names"), state.get("counts"), state.get("by_letter")
        if type(spelt) is dict and type(counts) is dict and type(by_letter) is dict:
            return Names(spelt, counts, by_letter)
    from planarcli.rulebook import corpus

    try:
        edition = corpus.load_edition(info)
    except Exception:  # a damaged file is reported by the search that loads it
        return Names({})
    names = Names.of(sorted({card for card, _ in edition.cards.values()}))
    marshalcache.write(path, MAGIC, key, names.state())
    return names


def names_in(query: str, info: EditionInfo) -> frozenset[str]:
    """The cards of the rulings document ``info`` that ``query`` names (:func:`named`),
    with the names kept in the cache dir; names kept that make matching fail (not what
    :meth:`Names.state` writes) are read again from the document."""
    try:
        return named(query, scope_names(info))[0]
    except Exception:  # whatever the cached file held: rebuild, never a crash
        return named(query, scope_names(info, cached=False))[0]
