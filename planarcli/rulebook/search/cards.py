"""Query understanding: the cards a question names, for the card rulings.

The names are those of the rulings document itself (its rulings' ``card``), not the card
catalog: loading the catalog would cost the search its start-up. A question names a card by
all the words of its name ("spatial merging"), misspelt by an edit or two ("elorin wilds"),
or by a word only that card's name has and no rule uses ("tolaria": Academy at Tolaria
West); or by all the words of a name it was printed with in another language ("Chaotischer
Aether", from the bundled card snapshot). Words are compared without accents and with "æ"
as "ae" ("Æther Flues"). A name the question holds within another Magic card's name it says
whole ("Naya Charm", "Llanowar Elves", the land "Tolaria West": planarcli/data/magic-names.txt)
is not named: :func:`inside_another_name`. :func:`.query.scope_names` keeps the names in the
cache dir, so that ``rules search`` reads the rulings (and their larger index) only for a
question that names a card, and the card snapshot only when the rulings change;
:mod:`.cardnames` makes them.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar

from planarcli.rulebook.search.analysis import STOPWORDS, fold, osa_distance, words

#: a card name's word this long or longer may be misspelt by two edits, shorter ones by one;
#: words shorter than TYPO_SHORTEST only as typed
TYPO_LONG = 8
TYPO_SHORTEST = 5
MAGIC = b"planarcli card names 4\n"
#: the format of the kept names, as the key of the names shipped with planarcli records it
NAMES_VERSION = MAGIC.decode("ascii").strip()
#: the size of :attr:`Names.elsewhere`, in bytes
ELSEWHERE_BYTES = 2048


#: letters a card name is also written without ("Æther" is the card's "Aether")
_LIGATURES = str.maketrans({"æ": "ae", "ø": "o", "œ": "oe", "ß": "ss"})


def key(word: str) -> str:
    """A word as card names are compared: folded, and "æther" as "aether"."""
    return unligated(fold(word))


def unligated(folded: str) -> str:
    """A ``folded`` word with "æ" as "ae" (:func:`key` of the word)."""
    return folded if folded.isascii() else folded.translate(_LIGATURES)


def name_words(name: str, short: bool = False) -> list[str]:
    """The words that name a card: folded, without English stopwords ("Academy at Tolaria
    West": academy, tolaria, west); ``short``: with words of one letter ("Marché à flanc de
    falaise")."""
    stop = STOPWORDS["en"]
    return [
        key(word)
        for word in words(name)
        if word not in stop and (len(word) > 1 or (short and word.isalpha()))
    ]


class Names:
    """The card names of a rulings document, with what matching needs made once: each
    name's words, how many names hold each word, the words by their first letter.
    ``printed``: the other names of cards (and their words, in ``spelt``), each with the
    card's English name: the names printed in other languages, and the cards the rulings
    document has no rulings of. Such a name names its card by all its words only, and its
    words count for no name of the rulings (``counts``): they are ``other_words``.

    The names kept in the cache dir come in two parts: the rulings' own names, with a word
    of each other name (``elsewhere``: the bits of a Bloom filter), and
    all the names, read (:meth:`everything`) only for a question that says one of those
    words (:mod:`.cardnames` makes both)."""

    __slots__ = ("by_letter", "counts", "elsewhere", "other_words", "printed", "spelt", "widen")

    def __init__(self, spelt: dict[str, list[str]], printed: dict[str, str] | None = None) -> None:
        self.spelt = spelt
        self.printed = printed or {}
        self.counts: dict[str, int] = {}
        self.by_letter: dict[str, list[str]] = {}
        self.elsewhere = b""
        self.widen: Callable[[], Names] | None = None
        self.other_words: set[str] = set()
        for name, found in spelt.items():
            if name not in self.printed:
                for word in set(found):
                    self.counts[word] = self.counts.get(word, 0) + 1
            else:
                self.other_words.update(found)
        # (the other names are matched as typed, accents aside: as `cards show` matches them)
        for word in sorted(self.counts):
            if len(word) >= TYPO_SHORTEST:
                self.by_letter.setdefault(word[0], []).append(word)

    #: what the cache dir keeps (its key: the attribute), and of which type: the names and
    #: all that matching needs (making them costs every search more than reading them)
    KEPT: ClassVar[dict[str, tuple[str, type]]] = {
        "names": ("spelt", dict),
        "counts": ("counts", dict),
        "by_letter": ("by_letter", dict),
        "elsewhere": ("elsewhere", bytes),
        "printed": ("printed", dict),
        "other_words": ("other_words", set),
    }

    @classmethod
    def restore(cls, state: Any, widen: Callable[[], Names] | None = None) -> Names | None:
        """The names :func:`.cardnames.state` gave (None for anything not of its shape):
        nothing made anew. (A file of the right shape but not the right content can make
        :func:`named` raise: :func:`.query.read_names` then rebuilds it.)"""
        if type(state) is not dict or set(state) != set(cls.KEPT):
            return None
        if not all(type(state[kept]) is kind for kept, (_, kind) in cls.KEPT.items()):
            return None
        names = cls.__new__(cls)
        for kept, (name, _) in cls.KEPT.items():
            setattr(names, name, state[kept])
        names.widen = widen
        return names

    @classmethod
    def of(cls, names: Sequence[str], others: dict[str, str] | None = None) -> Names:
        """The English ``names`` of the cards ruled on, and the ``others`` names of cards
        (a printed or English name: the English name)."""
        spelt = {name: name_words(name) for name in names}
        printed: dict[str, str] = {}
        for spelling, card in (others or {}).items():
            if spelling not in spelt:
                spelt[spelling] = name_words(spelling, short=True)
                printed[spelling] = card
        return cls(spelt, printed)

    def everything(self) -> Names:
        """All the names, the other names too (read from the cache dir if need be)."""
        widen, self.widen = self.widen, None
        if widen is not None:
            whole = widen()
            for name, _ in self.KEPT.values():
                setattr(self, name, getattr(whole, name))
            self.elsewhere = b""
        return self

    def ruled(self, cards: Collection[str]) -> bool:
        """Whether the rulings document has rulings of one of ``cards``, or its Oracle text
        (every card of the snapshot: its English name is one of the names)."""
        return any(card in self.spelt for card in cards)

    def english_word(self, token: str) -> bool:
        """Whether ``token`` is a word of a card's English name ("æther": Chaotic Aether)."""
        return bool(self.counts.get(key(token)))  # (whatever a kept file holds: no raise)


def places(word: str, size: int) -> tuple[int, int]:
    """The two bits of a Bloom filter of ``size`` bytes (``Names.elsewhere``) that stand for
    ``word``, for its writer (:func:`.cardnames.split`) and its reader (:func:`named`): the
    same in every process (``hash`` is salted per process; CRC-32 is not)."""
    crc = zlib.crc32(word.encode("utf-8", "surrogatepass"))
    bits = size * 8
    return crc % bits, (crc >> 16) * 40503 % bits


def named(
    query: str,
    names: Names,
    known: Collection[str] = (),
    ruled: Callable[[str], bool] | None = None,
    among: Collection[str] | None = None,
) -> tuple[frozenset[str], set[str]]:
    """The cards ``names`` holds that ``query`` names, and the query's words that name them.
    ``known``: words that are no misspelling (the words of the texts searched); ``ruled``:
    whether a word is one the rules use (such a word alone names no card); ``among``: the
    cards that may be named (else all)."""
    # each word as names are compared, and as the query's other words are (its fold)
    said: dict[str, str] = {}
    for word in words(query):
        folded = fold(word)
        said[unligated(folded)] = folded
    bloom = names.elsewhere
    if bloom:
        # a word of a name printed in another language, perhaps (its two bits in the Bloom
        # filter, as :func:`.cardnames.split` set them)
        for word in said:
            first, second = places(word, len(bloom))
            if bloom[first >> 3] >> (first & 7) & 1 and bloom[second >> 3] >> (second & 7) & 1:
                names = names.everything()
                break
    counts, others = names.counts, names.other_words
    typed = {word: said[word] for word in said if word in counts or word in others}
    for other in said:
        if other in counts or other in known or len(other) < TYPO_SHORTEST - 1:
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
                typed[word] = said[other]
    cards: set[str] = set()
    naming: set[str] = set()
    if not typed:
        return frozenset(), naming
    asked: list[str] | None = None  # the query's words, read when a card is named
    for name, found in names.spelt.items():
        if among is not None and names.printed.get(name, name) not in among:
            continue
        matched = [word for word in found if word in typed]
        if matched and (
            len(matched) == len(found)
            or (
                name not in names.printed
                and any(
                    counts.get(word) == 1 and len(word) >= 5 and not (ruled and ruled(word))
                    for word in matched
                )
            )
        ):
            if asked is None:
                asked = name_words(query)
            if inside_another_name(asked, found, matched):
                continue  # "llanowar elves", "naya charm": another card, not the plane
            cards.add(names.printed.get(name, name))
            naming.update(typed[word] for word in matched)
    return frozenset(cards), naming


def _magic_names() -> Any:
    """The bundled list of every Magic card name (:mod:`planarcli.magicnames`), or None
    when it is missing or damaged (then no name is known to be another card's)."""
    from planarcli.magicnames import load_magic_names

    try:
        return load_magic_names()
    except (OSError, ValueError):
        return None


def inside_another_name(asked: Sequence[str], found: Sequence[str], matched: Sequence[str]) -> bool:
    """Whether the query's words ``asked`` (:func:`name_words`) say whole, in order, the name
    of another Magic card, of two words or more, that holds the words ``matched`` of a card's
    name (``found``): one longer than that name, or any other when that name is not said
    whole ("Tolaria West", a land, is not Academy at Tolaria West)."""
    whole = all(word in asked for word in found)
    names = _magic_names()
    if names is None:
        return False
    for _folded, printed in names.names_holding(matched[0]):
        other = name_words(printed)  # "Norn's Seedcore" as the rulings spell it
        if len(other) < 2 or other == list(found) or (whole and len(other) <= len(found)):
            continue  # (one word said, "tolaria", is too little to tell another card)
        if not set(matched) <= set(other):
            continue  # "naya" within "nayan": no word of it
        if any(asked[i : i + len(other)] == other for i in range(len(asked) - len(other) + 1)):
            return True
    return False


#: the kept names' files read in this process, by path, stamp, size and time of change: a
#: question that names a card reads them to choose its scope (:func:`.query.read_names`) and
#: again for the search itself (:func:`.query.card_names`). Each read gives a Names of
#: its own (:meth:`Names.restore` shares the state, which nothing changes).
_READ: dict[tuple[str, str, int, int], Any] = {}


def read_kept(path: str, stamp: str) -> Any:
    """What the kept names' file ``path`` holds for ``stamp`` (None if nothing), read once
    per version of the file."""
    from planarcli import marshalcache

    try:
        status = os.stat(path)
    except OSError:
        return None
    version = (path, stamp, status.st_size, status.st_mtime_ns)
    if version not in _READ:
        _READ[version] = marshalcache.read(path, MAGIC, stamp)
    return _READ[version]


#: the files of the cache dir's "search" folder that keep the card names: the rulings' own
#: names (read by every search) and all the names (read for a question that may say one)
OWN_FILE = "card-names.bin"
ALL_FILE = "card-names-all.bin"
