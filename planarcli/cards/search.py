"""``cards search``: a Scryfall-like query over the catalog's names, type lines and Oracle text.

The subset of Scryfall's syntax planarcli understands (``docs`` of the command and README):

- a plain word matches a card whose name, type line or Oracle text contains it;
- ``t:``/``type:`` narrows to the type line (and the card's kind, so ``t:phenomenon`` finds
  the joke phenomenon typed "Phenome-nom"), ``o:``/``oracle:`` to the Oracle text,
  ``n:``/``name:`` to the name, ``s:``/``set:``/``e:`` to a set code (exactly);
- a leading ``-`` negates a term; double quotes make a phrase (``o:"draw a card"``);
- terms are ANDed; a bare ``AND`` between them says so (Scryfall's explicit form), and a bare
  ``OR`` is a UsageError rather than a word to look for (quote either to find the word).

Matching ignores case, accents, apostrophes and punctuation (``fold_text``) and finds a term
inside longer words, as Scryfall does (``o:draw`` finds "draws"). A query that cannot be read
(``t:`` with nothing after it, an unclosed quote, a key planarcli does not know) is a
UsageError that says what to write instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from planarcli.cards.catalog import Card
from planarcli.errors import UsageError
from planarcli.errors import echoed as echo_repr
from planarcli.lazyre import lazy
from planarcli.records import record

#: Query keys and the field each one searches.
KEYS = {
    "t": "type",
    "type": "type",
    "o": "oracle",
    "oracle": "oracle",
    "n": "name",
    "name": "name",
    "s": "set",
    "set": "set",
    "e": "set",
}
KEYS_HELP = "t:/type:, o:/oracle:, n:/name:, s:/set:/e:"
#: Bare words that Scryfall reads as operators, not as words to find: "and" (what terms
#: are anyway) and "or" (which planarcli does not do: a usage error, never a silent word).
_OPERATORS = ("and", "or")

_KEY = lazy(r"([A-Za-z]+):")
_SET_CODE = lazy(r"[a-z0-9]{1,8}")
# Apostrophes and look-alikes vanish ("Raven's" = "Ravens"); ligatures are spelt out. The same
# folding as planarcli.cards.names.fold_name (tests/test_cards_text.py checks it on every
# card), made quick on long text: plain ``str.replace`` and ``bytes.translate``, which run in
# C (``str.translate`` with a dict goes character by character in Python; a regular
# expression class of the ligatures takes milliseconds to compile).
_REPLACED = [(char, "") for char in "'\u2018\u2019\u02bc\u0060\u00b4\u2032"] + [
    ("Æ", "AE"),
    ("æ", "ae"),
    ("Œ", "OE"),
    ("œ", "oe"),
    ("ß", "ss"),
]
_COMBINING = lazy("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+")
_NON_ASCII = lazy(r"[^\x00-\x7f]+")
#: ASCII letters (lower-cased) and digits stay, every other byte becomes a space.
_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_WORD_BYTES = bytes(
    byte if byte in b"0123456789abcdefghijklmnopqrstuvwxyz" else 32 for byte in _LOWER
)


def fold_text(text: str) -> str:
    """``text`` as lower-case ASCII words joined by single spaces: case, accents, Æ/æ,
    apostrophes and punctuation ignored."""
    for char, spelt in _REPLACED:
        if char in text:
            text = text.replace(char, spelt)
    if not text.isascii():
        import unicodedata

        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
        text = _NON_ASCII.sub(" ", text.casefold())
    return " ".join(text.encode("ascii").translate(_WORD_BYTES).decode("ascii").split())


@record
class Term:
    """One term of a query: what to look for, where, and whether it must be absent."""

    written: str  # as written, for messages
    field: str | None  # None: name, type line or text; else "type" | "oracle" | "name" | "set"
    value: str  # folded text, or a lower-case set code
    negated: bool = False


def parse_query(query: str) -> list[Term]:
    """The terms of ``query``; UsageError when it cannot be read or holds nothing to find."""
    terms: list[Term] = []
    position, end = 0, len(query)
    while position < end:
        if query[position].isspace():
            position += 1
            continue
        start = position
        negated = query[position] == "-"
        if negated:
            position += 1
            if position == end or query[position].isspace():
                raise UsageError(
                    f"'-' with nothing after it in {echo_repr(query)}",
                    hint="write -WORD or -t:TYPE to leave cards out",
                )
        field = None
        key = _KEY.compiled.match(query, position)
        if key is not None:
            name = key.group(1).lower()
            if name not in KEYS:
                raise UsageError(
                    f"unknown search key {echo_repr(key.group(0))} in {echo_repr(query)}",
                    hint=f'planarcli knows {KEYS_HELP}; quote a word with a colon ("{name}:") '
                    "to search for it",
                )
            field = KEYS[name]
            position = key.end()
        if position < end and query[position] == '"':
            close = query.find('"', position + 1)
            if close < 0:
                raise UsageError(
                    f"unclosed quote in {echo_repr(query)}",
                    hint='a phrase goes in double quotes: "..."',
                )
            value = query[position + 1 : close]
            position = close + 1
        else:
            stop = position
            while stop < end and not query[stop].isspace():
                stop += 1
            value = query[position:stop]
            position = stop
            if field is None and not negated and value.casefold() in _OPERATORS:
                if value.casefold() == "and":
                    continue  # terms are ANDed anyway: Scryfall's explicit AND
                raise UsageError(
                    f"{echo_repr(value)} in {echo_repr(query)}: planarcli's search has no OR; "
                    "every term must hold",
                    hint=f'run one search per alternative, or quote the word ("{value}") '
                    "to search for it",
                )
        terms.append(_term(query[start:position], field, value, negated))
    if not terms:
        raise UsageError(f"nothing to search for in {echo_repr(query)}: give a word or a phrase")
    return terms


def _term(written: str, field: str | None, value: str, negated: bool) -> Term:
    if field == "set":
        code = value.strip().lower()
        if not code:
            raise UsageError(f"{echo_repr(written)} needs a set code after the colon (e.g. s:opca)")
        if not _SET_CODE.fullmatch(code):
            raise UsageError(
                f"{echo_repr(written)}: {echo_repr(value)} is not a set code (e.g. s:opca)"
            )
        return Term(written, field, code, negated)
    folded = fold_text(value)
    if not folded:
        if field is not None:
            raise UsageError(
                f"{echo_repr(written)} needs something to look for after the colon "
                "(e.g. t:phenomenon)"
            )
        raise UsageError(f"nothing to search for in {echo_repr(written)}: give a word or a phrase")
    return Term(written, field, folded, negated)


class _Folded:
    """One card's searchable fields, folded once."""

    __slots__ = ("card", "name", "oracle", "sets", "type")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.name = fold_text(card.name)
        self.type = fold_text(f"{card.type_line} {card.kind}")
        self.oracle = fold_text(card.oracle_text or "")
        self.sets = card.sets

    def has(self, term: Term) -> bool:
        if term.field is None:
            found = term.value in self.name or term.value in self.type or term.value in self.oracle
        elif term.field == "set":
            found = term.value in self.sets
        else:
            found = term.value in getattr(self, term.field)
        return found != term.negated


def search_cards(cards: Iterable[Card], terms: Sequence[Term]) -> list[Card]:
    """The cards every term holds for. Cards whose name holds every plain word come first,
    then the rest; each group in name order."""
    plain = [term for term in terms if term.field is None and not term.negated]
    hits: list[tuple[bool, str, Card]] = []
    for card in cards:
        folded = _Folded(card)
        if all(folded.has(term) for term in terms):
            by_name = bool(plain) and all(term.value in folded.name for term in plain)
            hits.append((not by_name, card.name.casefold(), card))
    hits.sort(key=lambda hit: hit[:2])
    return [card for _, _, card in hits]


def set_codes(terms: Iterable[Term]) -> list[str]:
    """The set codes the query names (to warn about one no card is printed in)."""
    return [term.value for term in terms if term.field == "set"]
