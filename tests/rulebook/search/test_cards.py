"""What a search naming a card costs (issue 18 item 5): the facts about the card rulings it
needs (each card's rulings, the rulings that restate a rule) are made when the index is built
and kept in the cached index, not recomputed over every ruling on each search; a cached index
whose facts are not its rulings' is rebuilt, never trusted."""

from __future__ import annotations

import json
import marshal
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from planarcli import marshalcache
from planarcli.rulebook import catalogue, corpus, searchcache, shippedindex
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search import cards, query
from planarcli.rulebook.search.scope import search_index

CARD_QUESTION = "spatial merging chaos"
CARD = "Spatial Merging"


def card_scope() -> list[corpus.EditionInfo]:
    scope = rulesearch.search_scope(catalogue.list_editions(), None, None, CARD_QUESTION)
    assert [info.kind for info in scope][-1] == corpus.RULINGS, scope
    return scope


def test_the_stored_card_facts_are_those_of_the_rulings() -> None:
    """``cards`` lists each card's rulings and its Oracle text; ``restating`` the rulings
    whose text (curly quotes as straight ones) three cards or more share, computed here the
    long way."""
    scope = card_scope()
    index = rulesearch.SearchIndex([catalogue.load_edition(info) for info in scope])
    rulings = [p for p, kind in enumerate(index.kinds) if kind == "ruling"]
    assert len(rulings) > 100
    by_card: dict[str, list[int]] = {}
    for position, kind in enumerate(index.kinds):
        if kind in ("ruling", "card"):
            by_card.setdefault(index.notes[position].split("|")[0], []).append(position)
    assert index.cards == by_card
    assert len(by_card) == 207
    # its three rulings and its text
    assert [index.kinds[p] for p in index.cards[CARD]] == ["ruling"] * 3 + ["card"]

    def plain(text: str) -> str:
        for curly, straight in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"')):
            text = text.replace(curly, straight)
        return text

    cards_of: dict[str, set[str]] = {}
    for position in rulings:
        cards_of.setdefault(plain(index.texts[position]), set()).add(
            index.notes[position].split("|")[0]
        )
    expected = [p for p in rulings if len(cards_of[plain(index.texts[p])]) >= 3]
    assert expected, "the rulings hold texts that several cards repeat"
    assert index.restating == expected
    assert index.restating_rulings() == frozenset(expected)
    # and the cached state gives the same facts back
    again = rulesearch.SearchIndex.from_state(index.state(), scope)
    assert (again.cards, again.restating) == (index.cards, index.restating)


class Reads(list[str]):
    """A column that records which positions are read (and whether it is walked whole)."""

    def __init__(self, values: list[str]) -> None:
        super().__init__(values)
        self.read: set[int] = set()
        self.walked = False

    def __getitem__(self, item: Any) -> Any:
        if isinstance(item, int):
            self.read.add(item)
        else:
            self.walked = True
        return super().__getitem__(item)

    def __iter__(self) -> Iterator[str]:
        self.walked = True
        return super().__iter__()


def test_a_cached_search_naming_a_card_reads_only_that_cards_rulings() -> None:
    """The ranking reads the texts and words of the named card's rulings, not all of them
    (working out which rulings restate a rule read every ruling's text on each search)."""
    scope = card_scope()
    searchcache.load_index(scope)
    index = searchcache.load_index(scope)
    assert index.cached
    texts, tokens = Reads(index.texts), Reads(index.tokens)
    index.texts, index.tokens = texts, tokens
    results = search_index(index, CARD_QUESTION, 10)
    assert results[0].card == CARD
    rulings = {p for p, kind in enumerate(index.kinds) if kind == "ruling"}
    assert not texts.walked and not tokens.walked
    assert (texts.read | tokens.read) & rulings <= set(index.cards[CARD])


def _rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = path.read_bytes()
    key = data[len(searchcache.MAGIC) : data.index(b"\n\n")].decode().split("\n", 2)[2]
    state = marshal.loads(data[data.index(b"\n\n") + 2 :])
    change(state)
    payload = marshal.dumps(state)
    header = marshalcache.header(searchcache.MAGIC, key, payload)
    path.write_bytes(searchcache.MAGIC + header + b"\n\n" + payload)


def test_a_cached_index_whose_card_facts_are_wrong_is_rebuilt(
    run_cli: Callable[..., Any],
) -> None:
    """Valid header and checksum, an index's shape, but card facts that are not its
    rulings': the search rebuilds the index and answers as it did, with no traceback."""
    args = ("rules", "search", CARD_QUESTION, "--format", "json")
    first = run_cli(*args)
    assert first.exit_code == 0, first
    expected = json.loads(first.stdout)
    assert expected["results"][0]["card"] == CARD
    folder = Path(os.environ["PLANARCLI_CACHE_DIR"]) / searchcache.FOLDER
    [path] = [p for p in folder.glob("index-*.bin") if len(p.read_bytes()) > 500_000]

    def rule_as_ruling(state: dict[str, Any]) -> None:
        state["cards"][CARD] = [0]  # position 0 is a rule

    def no_such_position(state: dict[str, Any]) -> None:
        state["cards"][CARD] = [10**6]

    def restating_rules(state: dict[str, Any]) -> None:
        state["restating"] = [0, 1, "x"]

    def words_for_positions(state: dict[str, Any]) -> None:
        state["cards"] = {CARD: ["ruling:spatial-merging.1"]}

    for change in (rule_as_ruling, no_such_position, restating_rules, words_for_positions):
        _rewrite(path, change)
        result = run_cli(*args)
        assert result.exit_code == 0 and "Traceback" not in result.stderr, result
        assert json.loads(result.stdout) == expected, change.__name__


# --- "what is X" patterns: compiled only for a question that may match them -------------

#: pieces the questions are made of: each pattern's words in several cases, words around
#: them, whitespace of several kinds, punctuation, and the letters a case-insensitive
#: pattern matches to an ASCII one (İ ı ſ K)
PIECES = [
    *(needle for _, needles in query.DEFINITION_PARTS for needle in needles),
    *(needle for _, needles in query.SUBJECT_PARTS for needle in needles),
    *query.FILLER_NEEDLES,
    "What's",
    "WHAT",
    "Whats",
    "is",
    "IS",
    "are",
    "a",
    "an",
    "the",
    "does",
    "it",
    "means",
    "to",
    "of",
    "qu'est-ce",
    "que",
    "qu'",
    "c'est",
    "quoi",
    "veut",
    "dire",
    "hvad",
    "hvem",
    "betyder",
    "er",
    "est",
    "qui",
    "who",
    "planar",
    "die",
    "terningen",
    "dé",
    "\u0130",
    "\u0131",
    "\u017f",
    "\u212a",
    "\u0131s",
    "\u0130S",
    "e\u017ft",
    "ju\u017ft",
    "\u017ftill",
    "def\u0131ne",
    "mean\u0130ng",
    " ",
    "  ",
    "\t",
    "\n",
    "\u00a0",
    "\u2003",
    "?",
    ",",
    "'",
    "’",
    "-",
]


#: the patterns as one alternation each, as they were written before they were split
DEFINITION_RE = re.compile(
    r"^\W*(?:what\s+(?:is|are)|what's|whats|define|definition\s+of|meaning\s+of"
    r"|qu'est-ce\s+que?|c'est\s+quoi|que\s+(?:veut\s+dire|signifie)|hvad\s+(?:er|betyder))"
    r"(?:\s+(?:an?|the|une?|le|la|les|l'|en|et))?\s*"
    r"\S+(?:\s+(?:of|de|du|des|af)\s+\S+|\s+\S+)?\W*$"
    r"|^\W*\S+(?:\s+\S+)?\s+(?:definition|meaning|means?)\W*$",
    re.IGNORECASE,
)
SUBJECT_RE = re.compile(
    r"\b(?:what|who|qui|hvem|hvad)\s+(?:is|are|est|er)\s+(.+?)\W*$"
    r"|\bwhat\s+((?:an?|the)\s+\w+(?:\s+\w+)?)\s+(?:is|are)\b"
    r"|\bwhat\s+(?:does\s+it|it)\s+means?\s+to\s+(\w+)"
    r"|\bwhat\s+does\s+(.+?)\s+mean\b"
    r"|\bc'est\s+quoi\s+(.+?)\W*$"
    r"|\bqu'est-ce\s+qu(?:e\s+|')(?:c'est\s+qu(?:e\s+|'))?(.+?)\W*$"
    r"|\bque\s+(?:veut\s+dire|signifie)\s+(.+?)\W*$"
    r"|\bhvad\s+betyder\s+(.+?)\W*$",
    re.IGNORECASE,
)


def read(found: re.Match[str] | None) -> tuple[tuple[int, int], str, str | None] | None:
    """What the search reads of a match: where it is, its text, its first non-empty group."""
    if found is None:
        return None
    return found.span(), found.group(0), next((g for g in found.groups() if g), None)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join))
@example("who \u0131s the planar controller")
@example("qui e\u017ft le contrôleur planaire")
@example("what  is\u00a0it")
@example("what is a phenomenon")
@example("so what does it mean to planeswalk, what is a plane")
@example("who is the planar controller, c'est quoi")
@example("planar die meaning")
def test_the_split_patterns_read_a_question_as_the_whole_ones(text: str) -> None:
    """Each pattern's forms, searched only where their words are, give the match the whole
    alternation gives; FILLER_RE is never needed where its words are not."""
    assert read(query.first_match(query.SUBJECT_PARTS, text)) == read(SUBJECT_RE.search(text))
    assert read(query.first_match(query.DEFINITION_PARTS, text)) == read(DEFINITION_RE.search(text))
    if not query.may_hold(text, query.FILLER_NEEDLES):
        assert query.FILLER_RE.search(text) is None, text


def test_the_split_patterns_are_the_whole_ones() -> None:
    for whole, parts in (
        (DEFINITION_RE, query.DEFINITION_PARTS),
        (SUBJECT_RE, query.SUBJECT_PARTS),
    ):
        assert "|".join(part.pattern for part, _ in parts) == whole.pattern


def test_the_case_twins_are_every_letter_a_pattern_reads_as_an_ascii_one() -> None:
    import re
    import sys

    letter = re.compile("[a-z]", re.IGNORECASE)
    twins = {chr(code) for code in range(0x80, sys.maxunicode + 1) if letter.fullmatch(chr(code))}
    assert twins == set(query.CASE_TWINS)


def test_a_danish_or_french_question_that_asks_no_definition_compiles_no_such_pattern() -> None:
    """ "hvad", "qui", "que" open many questions; a question that asks what happens or who
    may do something is searched without compiling the "what is X" patterns."""
    from planarcli.rulebook.search import scoring  # noqa: F401 (the ranking's modules)

    scope = rulesearch.search_scope(catalogue.list_editions(), None, None, "hvad sker der")
    index = rulesearch.SearchIndex([catalogue.load_edition(info) for info in scope])
    patterns = [
        *(part for part, _ in query.DEFINITION_PARTS),
        *(part for part, _ in query.SUBJECT_PARTS),
        query.FILLER_RE,
    ]
    for pattern in patterns:
        pattern._compiled = None
    for question in (
        "hvad koster det at slå med terningen",
        "qui peut transplaner",
        "est-ce que je peux lancer le dé",
    ):
        assert search_index(index, question, 3)
    assert [pattern._compiled for pattern in patterns] == [None] * len(patterns)
    search_index(index, "hvad er et fænomen", 3)
    assert query.DEFINITION_PARTS[0][0]._compiled is not None
    assert query.SUBJECT_PARTS[0][0]._compiled is not None
    assert query.SUBJECT_PARTS[1][0]._compiled is None  # "what a ... is": not asked


@pytest.mark.slow
@settings(max_examples=700, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *PIECES,
                "planar",
                "PLANAR",
                "controller",
                "Controllers",
                "contro\u0131ler",
                "phénomène",
                "PHÉNOMÈNE",
                "fænomen",
                "player's",
                "called",
                "known as",
                "«",
                ".",
                ":",
            ]
        ),
        max_size=14,
    ).map("".join)
)
@example("The planar controller is the player who ...")
@example("Each of them is a PLANAR controller.")
@example("a player's planar controllers are")
@example("This is called the \u201cplanar controller\u201d.")
@example("Un phénomène est une carte.")
@example("Et fænomen er et kort.")
@example("The planar die is a six-sided die.")
@example("Each player's planar controller is")
@example("xplayer’s phénomène est")
def test_a_gated_definition_pattern_finds_what_the_pattern_finds(text: str) -> None:
    """The pattern of "what is X" is searched only in a text holding X's words: it finds a
    match in exactly the texts the whole pattern does."""
    import re

    from planarcli.rulebook.search import SearchIndex

    index = SearchIndex.__new__(SearchIndex)
    index.surface = {
        "planar": "planar",
        "controller": "control",
        "phénomène": "phénomen",
        "fænomen": "fænomen",
    }
    for subject, person in (
        (["planar", "controller"], True),
        (["phénomène"], False),
        (["fænomen"], False),
    ):
        pattern, words = query.subject_pattern(index, subject, person)
        search = query.gated(pattern, words, re.IGNORECASE)
        whole = re.compile(pattern, re.IGNORECASE)
        assert (search(text) is None) == (whole.search(text) is None), (subject, text)
        # a possessive is read from a word's start: the same match as from any letter
        assert r"\b\w+['’]s" in pattern
        anywhere = re.compile(pattern.replace(r"\b\w+['’]s", r"\w+['’]s"), re.IGNORECASE)
        found, before = whole.search(text), anywhere.search(text)
        assert (found and found.span()) == (before and before.span()), (subject, text)


# --- the card names a search reads to choose its scope ------------------------------------


def rulings_info() -> corpus.EditionInfo:
    [info] = [i for i in catalogue.list_editions() if i.kind == corpus.RULINGS]
    return info


def test_the_kept_card_names_are_those_made_from_the_rulings() -> None:
    from planarcli.rulebook.search import cards

    info = rulings_info()
    made = query.scope_names(info)  # made, and kept
    kept = query.scope_names(info)  # read back
    # the cards ruled on (a card's Oracle text makes no name of its own: cardnames.build)
    ruled = catalogue.load_edition(info).cards.items()
    fresh = cards.Names.of(sorted({card for key, (card, _) in ruled if key.startswith("ruling:")}))
    for names in (made, kept):
        assert (names.spelt, names.counts, names.by_letter) == (
            fresh.spelt,
            fresh.counts,
            fresh.by_letter,
        )
    assert query.read_names("spatial merging chaos", info)[1] == {CARD}


def rewrite_kept(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """``change`` the state of the card names kept in ``path``, with a valid header and
    checksum (as a file crafted by hand or by another program would be)."""
    data = path.read_bytes()
    key = data[len(cards.MAGIC) : data.index(b"\n\n")].decode()
    key = key.split("\n", 2)[2]
    state = marshal.loads(data[data.index(b"\n\n") + 2 :])
    change(state)
    payload = marshal.dumps(state)
    header = marshalcache.header(cards.MAGIC, key, payload)
    path.write_bytes(cards.MAGIC + header + b"\n\n" + payload)


def numbers_for_words(state: dict[str, Any]) -> None:
    state["by_letter"] = {letter: [7, 8] for letter in state["by_letter"]}


def a_number_for_a_name(state: dict[str, Any]) -> None:
    state["names"] = {name: 3 for name in state["names"]}


def test_kept_card_names_that_break_matching_are_read_again(run_cli: Callable[..., Any]) -> None:
    """Valid header and checksum, the right shape, nonsense inside: the search reads the
    names from the rulings again and answers as it did, with no traceback."""
    args = ("rules", "search", CARD_QUESTION, "--format", "json")
    expected = json.loads(run_cli(*args).stdout)
    path = Path(os.environ["PLANARCLI_CACHE_DIR"]) / searchcache.FOLDER / "card-names.bin"
    assert path.is_file()

    for change in (numbers_for_words, a_number_for_a_name):
        rewrite_kept(path, change)
        result = run_cli(*args)
        assert result.exit_code == 0 and "Traceback" not in result.stderr, result
        assert json.loads(result.stdout) == expected, change.__name__


def test_kept_printed_names_that_break_matching_are_read_again(
    run_cli: Callable[..., Any],
) -> None:
    """The same for the file of all the names, read for a question that says a name printed
    in another language ("Chaotischer Aether")."""
    args = ("rules", "search", "Chaotischer Aether", "--format", "json")
    expected = json.loads(run_cli(*args).stdout)
    # the card's name alone: its Oracle text, then its rulings
    assert expected["results"][0]["id"] == "card:chaotic-aether", expected
    assert expected["results"][1]["id"].startswith("ruling:chaotic-aether."), expected
    folder = Path(os.environ["PLANARCLI_CACHE_DIR"]) / searchcache.FOLDER
    for name in ("card-names-all.bin", "card-names.bin"):
        for change in (numbers_for_words, a_number_for_a_name):
            run_cli(*args)  # (the files as the search keeps them)
            rewrite_kept(folder / name, change)
            result = run_cli(*args)
            assert result.exit_code == 0 and "Traceback" not in result.stderr, result
            assert json.loads(result.stdout) == expected, (name, change.__name__)


@pytest.mark.slow
def test_kept_card_names_are_read_not_made_again(
    run_cli: Callable[..., Any], monkeypatch: Any
) -> None:
    """Once kept, the card names are read back by every question, one naming a card by a
    printed name too: a search that failed to read them would make them again each time
    (and cost every search what keeping them saves)."""
    run_cli("rules", "search", "Chaotischer Aether")
    made: list[str] = []
    build = query.build_card_names  # (what scope_names calls to make them)

    def counted(info: corpus.EditionInfo, *args: Any) -> Any:
        made.append(info.id)
        return build(info, *args)

    monkeypatch.setattr(query, "build_card_names", counted)
    for question in ("planar die cost", CARD_QUESTION, "Chaotischer Äther", "hvad er et fænomen"):
        assert run_cli("rules", "search", question).exit_code == 0, question
    assert made == []
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", os.environ["PLANARCLI_CACHE_DIR"] + "-other")
    # (a new cache dir reads the names shipped for the bundled files: with none shipped,
    # they are made)
    monkeypatch.setattr(shippedindex, "folder", lambda: os.environ["PLANARCLI_CACHE_DIR"])
    assert run_cli("rules", "search", "Chaotischer Aether").exit_code == 0
    assert made, "the check counts what it should"


def test_a_question_naming_a_card_reads_the_kept_names_once(
    run_cli: Callable[..., Any], monkeypatch: Any
) -> None:
    """The scope reads the kept card names to see that a question names a card, and the
    search reads them to match the question: one read of each file serves both (reading
    card-names.bin costs about 45 microseconds, card-names-all.bin several times that)."""
    from planarcli import marshalcache

    for question in (CARD_QUESTION, "Chaotischer Aether"):
        run_cli("rules", "search", question)  # (the files as the search keeps them)
        monkeypatch.setattr(cards, "_READ", {})  # (as in a new process)
        read: list[str] = []
        real = marshalcache.read

        def counted(path: str, *args: Any, real: Any = real, read: list[str] = read) -> Any:
            read.append(os.path.basename(path))
            return real(path, *args)

        monkeypatch.setattr(marshalcache, "read", counted)
        result = run_cli("rules", "search", question, "--format", "json")
        monkeypatch.setattr(marshalcache, "read", real)
        assert result.exit_code == 0, result
        names_read = [name for name in read if name.startswith("card-names")]
        assert names_read and len(names_read) == len(set(names_read)), (question, read)
        if question != CARD_QUESTION:
            assert "card-names-all.bin" in names_read, read
        # (what the card does: its Oracle text first)
        first = json.loads(result.stdout)["results"][0]["id"]
        wanted = {CARD_QUESTION: "spatial-merging", "Chaotischer Aether": "chaotic-aether"}
        assert first == f"card:{wanted[question]}", question


@pytest.mark.parametrize(
    ("question", "plane"),
    [
        ("what does llanowar elves do", "llanowar"),
        ("tolaria west", "academy-at-tolaria-west"),
        ("naya charm", "naya"),
        ("kessig wolf run chaos", "kessig"),
        ("what does grixis panorama do", "grixis"),
        ("sokenzan spellblade", "sokenzan"),
    ],
)
def test_a_longer_magic_card_named_is_not_the_plane_it_holds(
    run_cli: Callable[..., Any], question: str, plane: str
) -> None:
    """Llanowar Elves, the land Tolaria West, Naya Charm, Kessig Wolf Run: each holds a
    plane's name (or its rarest words) but is another card (issue 24 item 4)."""
    result = run_cli("rules", "search", *question.split(), "--format", "json")
    found = json.loads(result.stdout)["results"] if result.stdout else []
    assert all(
        item["id"] != f"card:{plane}" and not item["id"].startswith(f"ruling:{plane}.")
        for item in found
    ), [item["id"] for item in found]


@pytest.mark.parametrize(
    ("question", "plane"),
    [
        ("what does naya do", "naya"),
        ("llanowar chaos", "llanowar"),
        ("tolaria", "academy-at-tolaria-west"),
        ("academy at tolaria west", "academy-at-tolaria-west"),
        ("kessig chaos", "kessig"),
    ],
)
def test_a_plane_named_alone_is_still_the_plane(
    run_cli: Callable[..., Any], question: str, plane: str
) -> None:
    result = run_cli("rules", "search", *question.split(), "--format", "json")
    assert result.exit_code == 0, result
    first = json.loads(result.stdout)["results"][0]["id"]
    assert first == f"card:{plane}" or first.startswith(f"ruling:{plane}."), first
