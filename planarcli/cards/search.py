r"""``cards search``: a Scryfall-like query over the catalog's names, type lines and Oracle text.

The subset of Scryfall's syntax planarcli understands (the command's help and docs/cards.md):

- a plain word matches a card whose name, type line or Oracle text contains it;
- ``t:``/``type:`` narrows to the type line (and the card's kind, so ``t:phenomenon`` finds
  the joke phenomenon typed "Phenome-nom"), ``o:``/``oracle:`` to the Oracle text,
  ``n:``/``name:`` to the name, ``s:``/``set:``/``e:`` to a set code (exactly);
- a leading ``-`` negates a term or a parenthesised group; double quotes make a phrase
  (``o:"draw a card"``);
- terms next to each other are ANDed (a bare ``AND`` may say so); a bare ``OR`` (any case)
  between them means either, and binds looser than AND, as on Scryfall (``t:plane s:ohop or
  s:opc2`` is ``(t:plane s:ohop) or s:opc2``); parentheses group.

Scryfall's regular expressions: ``/.../`` instead of quotes after ``n:``, ``t:`` and ``o:``
(``n:/^the/``, ``o:/draw/``) matches that field as written, case-insensitively, ``^`` and ``$``
at the start and end of each paragraph, ``\/`` for a slash, ``~`` the card's own name in
``o:``, and Scryfall's short-hands (``\sm`` a mana symbol, ``\spt`` a P/T; the table
``REGEX_SHORTHANDS``). ``year`` and ``date`` compare the date the card was first printed
(the catalog holds no other printing's date) with ``:``, ``=``, ``!=``, ``<``, ``<=``, ``>``
or ``>=`` (``year>=2023``, ``year:2012``, ``date<2012-06-01``); the table ``COMPARED``.

A plain word and ``t:``/``n:`` ignore case, accents, apostrophes and punctuation
(``fold_text``). ``o:`` matches the Oracle text as written, punctuation included, ignoring only
case, accents and typographic look-alikes (``fold_oracle``: ``o:"+1/+1 counter"`` does not find
-1/-1 counters, ``o:"{CHAOS}"`` finds the chaos symbol, not the word); a ``~`` in it stands for
the card's own name (``o:"planeswalk to ~"``). Every term is found inside longer words, as on
Scryfall (``o:draw`` finds "draws"). A query that cannot be read (``t:`` with nothing after it,
an unclosed quote or parenthesis, a dangling ``or``, a key planarcli does not know) is a
UsageError that says what is wrong and where.

The set codes printed on the Planechase products (``hop``, ``pc2``, ``pca``) are not the codes
Scryfall files their planes under (``ohop``, ``opc2``, ``opca``): ``filed_set_codes`` maps a
code no card is printed in to its ``o``-prefixed code when cards are printed in that one, and
the command says so on stderr.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any, NoReturn

from planarcli.cards.model import Card
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
    "year": "year",
    "date": "date",
}
KEYS_HELP = "t:/type:, o:/oracle:, n:/name:, s:/set:/e:, year, date"
#: The fields a ``/regular expression/`` may be given for, and the card text it is matched
#: against (as written).
REGEX_FIELDS: dict[str, Callable[[Card], str]] = {
    "name": lambda card: card.name,
    "type": lambda card: card.type_line,
    "oracle": lambda card: card.oracle_text or "",
}
#: Scryfall's short-hand escapes in a regular expression, and what each stands for.
REGEX_SHORTHANDS = {
    "smm": r"-[\dX*]+/-[\dX*]+",  # a -X/-X power/toughness expression
    "spp": r"\+[\dX*]+/\+[\dX*]+",  # a +X/+X power/toughness expression
    "spt": r"[-+]?[\dX*]+/[-+]?[\dX*]+",  # an X/X power/toughness expression
    "sm": r"\{[WUBRGCSXYZ0-9/P]+\}",  # a mana symbol
    "ss": r"\{[^{}\s]+\}",  # any card symbol ({T}, {CHAOS}, {W/U})
}
#: The comparison operators of ``year`` and ``date``, each with the function of the
#: ``operator`` module it is.
COMPARISONS = {":": "eq", "=": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
#: How many of the first _ORACLE_LOOKALIKES are punctuation (the rest are letters, which a
#: case-insensitive regular expression already matches).
_PUNCTUATION_LOOKALIKES = 6


@record
class Compared:
    """A key that compares the card's first printing date: how its value is written, the
    pattern the value must match, and the part of the date compared."""

    example: str  # for the error of a value that does not fit
    pattern: str  # the value, whole
    length: int  # the characters of first_released compared ("2023" of "2023-10-13")


COMPARED = {
    "year": Compared("year>=2023", r"\d{4}", 4),
    "date": Compared("date>=2023-01-01", r"\d{4}-\d{2}-\d{2}", 10),
}
#: Bare (unquoted, unnegated, unkeyed) words that Scryfall reads as operators, not as words
#: to find, in any case: "and" (what terms next to each other are anyway) and "or".
_OPERATORS = ("and", "or")
#: What ends a bare word or an unquoted value: white space and parentheses.
_BARE_END = lazy(r"[\s()]")

_KEY = lazy(r"([A-Za-z]+)(!=|<=|>=|[:=<>])")
_SET_CODE = lazy(r"[a-z0-9]{1,8}")
# Apostrophes and look-alikes vanish ("Raven's" = "Ravens"); ligatures are spelt out. The same
# folding as planarcli.cards.names.fold_name (tests/cards/test_text.py checks it on every
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


#: Typographic look-alikes an ``o:`` value written in ASCII should still find (and the
#: reverse): apostrophes and quotes, the minus sign of "−1/−1", dashes stay as written.
_ORACLE_LOOKALIKES = [
    *((char, "'") for char in "\u2018\u2019\u02bc"),
    *((char, '"') for char in "\u201c\u201d"),
    ("\u2212", "-"),
    ("Æ", "AE"),
    ("æ", "ae"),
    ("Œ", "OE"),
    ("œ", "oe"),
]


def fold_oracle(text: str) -> str:
    """``text`` as an ``o:`` term compares it: as written, punctuation included, but without
    case, accents or typographic look-alikes (``’`` is ``'``, ``−`` is ``-``); runs of spaces
    are one space, line breaks stay."""
    for char, plain in _ORACLE_LOOKALIKES:
        if char in text:
            text = text.replace(char, plain)
    if not text.isascii():
        import unicodedata

        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    text = text.casefold()
    if "  " in text or "\t" in text:
        text = "\n".join(" ".join(line.split()) for line in text.split("\n"))
    return text


@record
class Term:
    """One term of a query: what to look for, where, and whether it must be absent."""

    written: str  # as written, for messages
    field: str | None  # None: name, type line or text; else a field of KEYS
    value: str  # folded text (``fold_oracle`` for "oracle", "~" kept), or a lower-case set
    #: code; a regular expression (``op`` "regex"); a year or date (``op`` a comparison)
    negated: bool = False
    op: str = ":"  # ":" contains; "regex"; for year and date, one of OPERATORS


@record
class AllOf:
    """Every part holds (terms next to each other, or joined by AND)."""

    parts: tuple[Term | AllOf | AnyOf | NoneOf, ...]


@record
class AnyOf:
    """At least one part holds (parts joined by OR)."""

    parts: tuple[Term | AllOf | AnyOf | NoneOf, ...]


@record
class NoneOf:
    """A negated group: ``-(...)``."""

    part: Term | AllOf | AnyOf | NoneOf


class Query:
    """A parsed query: its tree of terms, and the terms themselves when iterated."""

    __slots__ = ("root", "text")

    def __init__(self, root: Term | AllOf | AnyOf | NoneOf, text: str) -> None:
        self.root = root
        self.text = text

    def __iter__(self) -> Iterator[Term]:
        return _leaves(self.root)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"Query({self.root!r})"

    def with_set_codes(self, codes: dict[str, str]) -> Query:
        """The query with each set code in ``codes`` replaced by the code it maps to."""
        return Query(_replace_sets(self.root, codes), self.text) if codes else self


def _leaves(node: Term | AllOf | AnyOf | NoneOf) -> Iterator[Term]:
    if isinstance(node, Term):
        yield node
    elif isinstance(node, NoneOf):
        yield from _leaves(node.part)
    else:
        for part in node.parts:
            yield from _leaves(part)


def _replace_sets(node: Any, codes: dict[str, str]) -> Any:
    if isinstance(node, Term):
        if node.field == "set" and node.value in codes:
            return Term(node.written, node.field, codes[node.value], node.negated, node.op)
        return node
    if isinstance(node, NoneOf):
        return NoneOf(_replace_sets(node.part, codes))
    return type(node)(tuple(_replace_sets(part, codes) for part in node.parts))


# -- reading a query ----------------------------------------------------------------------------
@record
class _Token:
    """``kind``: "term", "(", "-(" (a negated group), ")", "or"; ``at``: 0-based offset."""

    kind: str
    at: int
    term: Term | None = None


#: Parentheses nest at most this deep (reading and matching recurse once per level).
MAX_DEPTH = 50


class QuerySyntaxError(UsageError):
    """A query whose parentheses or operators do not fit together: one line saying where."""


def parse_query(query: str) -> Query:
    """``query`` read; UsageError when it cannot be read or holds nothing to find."""
    tokens = _tokens(query)
    if not tokens:
        raise UsageError(f"nothing to search for in {echo_repr(query)}: give a word or a phrase")
    parser = _Parser(query, tokens)
    root = parser.any_of()
    if parser.index < len(tokens):  # only a ")" stops the top level early
        parser.fail(tokens[parser.index], "has no '(' before it")
    return Query(root, query)


def _tokens(query: str) -> list[_Token]:
    tokens: list[_Token] = []
    position, end = 0, len(query)
    while position < end:
        char = query[position]
        if char.isspace():
            position += 1
            continue
        if char in "()":
            tokens.append(_Token(char, position))
            position += 1
            continue
        start = position
        negated = char == "-"
        if negated:
            position += 1
            if position < end and query[position] == "(":
                tokens.append(_Token("-(", start))
                position += 1
                continue
            if position == end or query[position].isspace() or query[position] == ")":
                raise UsageError(
                    f"'-' with nothing after it in {echo_repr(query)}",
                    hint="write -WORD, -t:TYPE or -(...) to leave cards out",
                )
        field, op = None, ":"
        key = _KEY.compiled.match(query, position)
        if key is not None and (key.group(2) == ":" or key.group(1).lower() in COMPARED):
            name = key.group(1).lower()
            if name not in KEYS:
                raise UsageError(
                    f"unknown search key {echo_repr(key.group(0))} in {echo_repr(query)}",
                    hint=f'planarcli knows {KEYS_HELP}; quote a word with a colon ("{name}:") '
                    "to search for it",
                )
            field, op = KEYS[name], key.group(2)
            position = key.end()
        if field in REGEX_FIELDS and position < end and query[position] == "/":
            value, position = _regex_value(query, position)
            tokens.append(
                _Token("term", start, _regex_term(query[start:position], field, value, negated))
            )
            continue
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
            stop = _BARE_END.compiled.search(query, position)
            stop_at = stop.start() if stop else end
            value = query[position:stop_at]
            position = stop_at
            if field is None and not negated and value.casefold() in _OPERATORS:
                if value.casefold() == "or":
                    tokens.append(_Token("or", start))
                # "and": terms next to each other are ANDed anyway (Scryfall's explicit AND)
                continue
        written = query[start:position]
        if field in COMPARED:
            tokens.append(_Token("term", start, _compared_term(written, field, op, value, negated)))
            continue
        tokens.append(_Token("term", start, _term(written, field, value, negated)))
    return tokens


def _regex_value(query: str, position: int) -> tuple[str, int]:
    r"""The regular expression between the ``/`` at ``position`` and the next ``/`` that no
    backslash escapes (``\/`` is a slash), and the position after it."""
    at = position + 1
    while at < len(query):
        if query[at] == "\\":
            at += 2
            continue
        if query[at] == "/":
            return query[position + 1 : at].replace("\\/", "/"), at + 1
        at += 1
    raise UsageError(
        f"unclosed regular expression in {echo_repr(query)}",
        hint="a regular expression goes between slashes: n:/^the/",
    )


def _scryfall_regex(value: str) -> str:
    r"""``value`` with Scryfall's short-hands (``\sm``...) spelt out and typographic
    look-alikes made plain, as the text it is matched against is."""
    import re

    def spelt(match: re.Match[str]) -> str:
        return match.group(1) or REGEX_SHORTHANDS[match.group(2)]

    shorthands = "|".join(REGEX_SHORTHANDS)
    value = re.sub(rf"(\\\\)|\\({shorthands})", spelt, value)
    for char, plain in _ORACLE_LOOKALIKES[:_PUNCTUATION_LOOKALIKES]:
        value = value.replace(char, plain)
    return value


def compiled_regex(value: str) -> Any:
    """The regular expression of a term (``re`` keeps the compiled pattern): case-insensitive,
    ``^`` and ``$`` at each paragraph, as on Scryfall."""
    import re

    return re.compile(value, re.IGNORECASE | re.MULTILINE)


#: What a quantifier that may repeat more than once starts with; ``?`` repeats at most once.
_REPEATS = "*+{"


def _quantifier_at(pattern: str, at: int) -> tuple[bool, bool]:
    """(whether a quantifier at ``at`` repeats more than once, whether it is unbounded):
    ``*`` and ``+`` are both, ``{2,}`` both, ``{2,5}`` only the first, ``?`` and ``{1}``
    neither (a ``{`` that opens no quantifier is a plain brace)."""
    char = pattern[at : at + 1]
    if char in ("*", "+"):
        return True, True
    if char != "{":
        return False, False
    end = pattern.find("}", at)
    inside = pattern[at + 1 : end] if end > 0 else ""
    low, comma, high = inside.partition(",")
    if not (low.isdigit() or (comma and not low)) or not (high.isdigit() or not high):
        return False, False
    if not comma:
        return int(low) > 1, False
    return (not high or int(high) > 1), not high


def nested_repeat(pattern: str) -> str | None:
    r"""The first group of ``pattern`` that is repeated and holds an unbounded repeat
    (``(\w+\s?)+``, ``(a*)*``, ``(?:x+|y){2,}``): the form whose backtracking grows
    exponentially on a text it does not match. None when there is none. Read before the
    pattern is compiled: escapes and character classes are passed over."""
    opened: list[tuple[int, bool]] = []  # each open group's start, and its outer's flag
    unbounded = False  # the innermost open group (or the pattern) holds one so far
    at = 0
    while at < len(pattern):
        char = pattern[at]
        if char == "\\":
            at += 2
            unbounded |= _quantifier_at(pattern, at)[1]
            continue
        if char == "[":
            at = _class_end(pattern, at)
            unbounded |= _quantifier_at(pattern, at)[1]
            continue
        if char == "(":
            opened.append((at, unbounded))
            unbounded = False
            at += 1
            continue
        if char == ")" and opened:
            start, outer = opened.pop()
            repeated, unbounded_group = _quantifier_at(pattern, at + 1)
            if repeated and unbounded:
                stop = pattern.find("}", at) + 1 if pattern[at + 1] == "{" else at + 2
                return pattern[start:stop]
            unbounded = outer or unbounded or unbounded_group
            at += 1
            continue
        at += 1
        unbounded |= _quantifier_at(pattern, at)[1] and char not in "*+?{|^$"
    return None


def _class_end(pattern: str, at: int) -> int:
    """The position after the character class that opens at ``at``."""
    at += 1
    if pattern[at : at + 1] == "^":
        at += 1
    if pattern[at : at + 1] == "]":
        at += 1
    while at < len(pattern) and pattern[at] != "]":
        at += 2 if pattern[at] == "\\" else 1
    return at + 1


def _regex_term(written: str, field: str | None, value: str, negated: bool) -> Term:
    import re

    assert field is not None
    if not value:
        raise UsageError(
            f"{echo_repr(written)} needs a regular expression between the slashes (e.g. n:/^the/)"
        )
    pattern = _scryfall_regex(value)
    nested = nested_repeat(pattern)
    if nested is not None:
        raise UsageError(
            f"{echo_repr(written)}: refused: the repeated group {nested!r} holds a repeat of "
            "its own, which can take ages to match; repeat the group or its inside, not both"
        )
    try:
        compiled_regex(pattern.replace("~", "x"))
    except (re.error, OverflowError, RecursionError) as error:
        where = getattr(error, "pos", None)
        at = f" at character {where + 1}" if isinstance(where, int) and pattern == value else ""
        reason = getattr(error, "msg", None) or str(error) or type(error).__name__
        raise UsageError(
            f"{echo_repr(written)}: not a regular expression planarcli can read: {reason}{at}"
        ) from None
    return Term(written, field, pattern, negated, "regex")


#: The days of each month (February's in a leap year; ``_calendar_date`` checks it).
_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _calendar_date(value: str) -> bool:
    """Whether ``YYYY-MM-DD`` is a day of the calendar (2023-13-01, 2023-02-30 are not)."""
    year, month, day = int(value[:4]), int(value[5:7]), int(value[8:10])
    if not 1 <= month <= 12 or not 1 <= day <= _MONTH_DAYS[month - 1]:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return month != 2 or day <= 28 or leap


def _compared_term(written: str, field: str, op: str, value: str, negated: bool) -> Term:
    import re

    compared = COMPARED[field]
    value = value.strip()
    if not re.fullmatch(compared.pattern, value):
        raise UsageError(
            f"{echo_repr(written)}: {field} compares with a "
            f"{'year' if compared.length == 4 else 'date (YYYY-MM-DD)'} (e.g. {compared.example})"
        )
    if compared.length == 10 and not _calendar_date(value):
        raise UsageError(
            f"{echo_repr(written)}: {value} is no date of the calendar (month 01-12, "
            "a day the month has)"
        )
    return Term(written, field, value, negated, op)


class _Parser:
    """Recursive descent over the tokens: any_of := all_of ("or" all_of)*; all_of := unit+;
    unit := term | "(" any_of ")" | "-(" any_of ")"."""

    def __init__(self, query: str, tokens: list[_Token]) -> None:
        self.query = query
        self.tokens = tokens
        self.index = 0
        self.depth = 0

    def peek(self) -> str | None:
        return self.tokens[self.index].kind if self.index < len(self.tokens) else None

    def fail(self, token: _Token, what: str) -> NoReturn:
        shown = self.query[token.at : token.at + len(token.kind)]
        raise QuerySyntaxError(
            f"cannot read {echo_repr(self.query)}: {shown!r} at character {token.at + 1} {what}"
        )

    def any_of(self) -> Term | AllOf | AnyOf | NoneOf:
        parts = [self.all_of()]
        while self.peek() == "or":
            token = self.tokens[self.index]
            self.index += 1
            if self.peek() in (None, ")", "or"):
                self.fail(token, "has nothing after it to be the other choice")
            parts.append(self.all_of())
        return parts[0] if len(parts) == 1 else AnyOf(tuple(parts))

    def all_of(self) -> Term | AllOf | AnyOf | NoneOf:
        parts = []
        while self.peek() not in (None, ")", "or"):
            parts.append(self.unit())
        if not parts:
            token = self.tokens[self.index] if self.index < len(self.tokens) else None
            if token is not None and token.kind == "or":
                self.fail(token, "has nothing before it to be the first choice")
            if token is not None and token.kind == ")":
                self.fail(token, "has no '(' before it")
            raise QuerySyntaxError(f"cannot read {echo_repr(self.query)}: nothing to search for")
        return parts[0] if len(parts) == 1 else AllOf(tuple(parts))

    def unit(self) -> Term | AllOf | AnyOf | NoneOf:
        token = self.tokens[self.index]
        self.index += 1
        if token.kind == "term":
            assert token.term is not None
            return token.term
        # "(" or "-("
        if self.peek() == ")":
            self.fail(token, "opens parentheses with nothing inside")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(token, f"opens a group inside {MAX_DEPTH} others; write fewer parentheses")
        inside = self.any_of()
        if self.peek() != ")":
            self.fail(token, "is never closed")
        self.index += 1
        self.depth -= 1
        return NoneOf(inside) if token.kind == "-(" else inside


#: An example of each text key, for the error of a key with nothing after it.
_EXAMPLES = {"type": "t:phenomenon", "oracle": 'o:"chaos ensues"', "name": "n:tolaria"}


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
    folded = fold_oracle(value).strip() if field == "oracle" else fold_text(value)
    if not folded:
        if field is not None:
            raise UsageError(
                f"{echo_repr(written)} needs something to look for after the colon "
                f"(e.g. {_EXAMPLES[field]})"
            )
        raise UsageError(f"nothing to search for in {echo_repr(written)}: give a word or a phrase")
    return Term(written, field, folded, negated)


# -- matching -----------------------------------------------------------------------------------
#: The suffixes Scryfall adds to tell cards apart, which the card's own text does not repeat
#: ("No Way Out (Playtest)" says "No Way Out enters with ...").
_NAME_SUFFIXES = (" (Plane)", " (Playtest)")


def _folded_type(card: Card) -> str:
    """The type line and kind folded, and again as ``--subtype`` folds a planar type:
    without a possessive's "'s" and without spaces (``t:"bolas meditation realm"``,
    ``t:bolasmeditationrealm``). One variant a line: a term matches within one."""
    from planarcli.cards.filters import subtype_keys, without_possessive

    folded = fold_text(f"{card.type_line} {card.kind}")
    variants = [folded, fold_text(without_possessive(card.type_line))]
    variants += sorted(subtype_keys(card.subtype or ""))
    return "\n".join(dict.fromkeys(variants))


class _Folded:
    """One card's searchable fields, each folded once, when a term first needs it."""

    __slots__ = ("card", "folded")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.folded: dict[str, Any] = {}

    def field(self, name: str) -> Any:
        found = self.folded.get(name)
        if found is None:
            card = self.card
            if name == "name":
                found = fold_text(card.name)
            elif name == "type":
                found = _folded_type(card)
            elif name == "text":
                found = fold_text(card.oracle_text or "")
            elif name == "oracle":
                found = fold_oracle(card.oracle_text or "")
            else:  # "own names", for "~"
                own = [card.name]
                own += [
                    card.name.removesuffix(end) for end in _NAME_SUFFIXES if card.name.endswith(end)
                ]
                found = [fold_oracle(written) for written in own]
            self.folded[name] = found
        return found

    def has(self, term: Term, name_only: bool = False) -> bool:
        value = term.value
        if term.op == "regex":
            found = self.matches(term)
        elif term.field in COMPARED:
            found = self.compares(term)
        elif term.field is None:
            found = value in self.field("name") or (
                not name_only and (value in self.field("type") or value in self.field("text"))
            )
        elif term.field == "set":
            found = value in self.card.sets
        elif term.field == "oracle" and "~" in value:
            text = self.field("oracle")
            found = any(value.replace("~", name) in text for name in self.field("own names"))
        else:
            found = value in self.field(term.field)
        return found != term.negated

    def matches(self, term: Term) -> bool:
        """Whether the term's regular expression matches its field (``~`` the card's name)."""
        import re

        assert term.field is not None
        text = REGEX_FIELDS[term.field](self.card)
        for char, plain in _ORACLE_LOOKALIKES[:_PUNCTUATION_LOOKALIKES]:
            text = text.replace(char, plain)
        if "~" not in term.value or term.field != "oracle":
            return compiled_regex(term.value).search(text) is not None
        own = [self.card.name, *(self.card.name.removesuffix(end) for end in _NAME_SUFFIXES)]
        names = "|".join(re.escape(name) for name in dict.fromkeys(own))
        return compiled_regex(term.value.replace("~", f"(?:{names})")).search(text) is not None

    def compares(self, term: Term) -> bool:
        """Whether the card's first printing date compares with the term's as it asks."""
        import operator

        released = self.card.first_released
        if not released:
            return False
        compare = getattr(operator, COMPARISONS[term.op])
        return bool(compare(released[: COMPARED[str(term.field)].length], term.value))

    def holds(self, node: Term | AllOf | AnyOf | NoneOf, name_only: bool = False) -> bool:
        """Whether ``node`` holds for the card; with ``name_only``, plain words must be in
        the name (to rank the cards found by name first)."""
        if isinstance(node, Term):
            return self.has(node, name_only)
        if isinstance(node, AllOf):
            return all(self.holds(part, name_only) for part in node.parts)
        if isinstance(node, AnyOf):
            return any(self.holds(part, name_only) for part in node.parts)
        return not self.holds(node.part)  # a negated group: as a whole, never by name only


def search_cards(cards: Iterable[Card], query: Query | Sequence[Term]) -> list[Card]:
    """The cards the query holds for (a sequence of terms: all of them). Cards the query holds
    for with its plain words found in their names come first, then the rest; each group in
    name order."""
    root = query.root if isinstance(query, Query) else AllOf(tuple(query))
    hits: list[tuple[bool, str, Card]] = []
    for card in cards:
        folded = _Folded(card)
        if folded.holds(root):
            by_name = folded.holds(root, name_only=True)
            hits.append((not by_name, card.name.casefold(), card))
    hits.sort(key=lambda hit: hit[:2])
    return [card for _, _, card in hits]


def set_codes(terms: Iterable[Term]) -> list[str]:
    """The set codes the query names (to warn about one no card is printed in)."""
    return [term.value for term in terms if term.field == "set"]


# -- set codes as printed on the products -------------------------------------------------------
#: Products whose planes Scryfall files under the product's code with an "o" in front (the
#: code printed on the product holds its other cards): their names, for the note.
PRODUCT_NAMES = {
    "hop": "Planechase (2009)",
    "pc2": "Planechase 2012",
    "pca": "Planechase Anthology",
}


def filed_set_codes(codes: Iterable[str], known: Collection[str]) -> dict[str, str]:
    """For each code in ``codes`` that no card is printed in while some card is printed in
    the code with an "o" in front (``hop`` → ``ohop``), that pair."""
    return {code: f"o{code}" for code in codes if code not in known and f"o{code}" in known}


def filed_set_note(written: str, code: str, filed: str) -> str:
    """The note that ``written`` (``s:hop``, ``--set hop``) searches ``filed`` instead."""
    product = PRODUCT_NAMES.get(code, f"the product coded {code!r}")
    return (
        f"note: {written}: Scryfall files the planar cards of {product} under {filed!r}; "
        f"using {filed!r}"
    )
