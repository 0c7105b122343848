"""The index's tables of words as stored (planarcli/rulebook/search/wordmap.py): read a
bucket at a time, they answer as the dicts they were built from, and are the same bytes
whoever builds them."""

from __future__ import annotations

import json
import marshal
from collections.abc import Mapping

import pytest

from planarcli.rulebook.search import wordmap
from planarcli.rulebook.search.wordmap import WordMap

#: words and values of every kind the index's tables hold (stems, counts, packed postings)
TABLE = {
    "planar": "planar",
    "planeswalk": "planeswalk plane",
    "dé": "dé",
    "terningen": "terning",
    "901.9": "901.9",
    "": "the distinct count's key",
    "2": 17,
    "chaos": b"\x01\x00\x00\x00\x05\x00\x00\x00",
    "phenomenon": 3,
}


def loaded(table: dict[str, object], ordered: bool = True) -> WordMap:
    """``table`` stored and read back, through marshal as the cache file holds it."""
    return WordMap.from_state(marshal.loads(marshal.dumps(wordmap.state(table, ordered), 4)))


def test_a_stored_table_answers_as_its_dict() -> None:
    table = loaded(TABLE)
    assert list(table) == list(TABLE)
    assert dict(table.items()) == TABLE
    assert list(table.values()) == list(TABLE.values())
    assert len(table) == len(TABLE)
    for word, value in TABLE.items():
        assert table[word] == value
        assert table.get(word) == value
        assert word in table
    for missing in ("plane", "planars", "terning", "x", "901"):
        assert missing not in table
        assert table.get(missing) is None
        assert table.get(missing, "") == ""
        with pytest.raises(KeyError):
            table[missing]
    assert 2 not in table and table.get(2) is None  # type: ignore[comparison-overlap]


def test_a_lookup_reads_only_its_words_bucket() -> None:
    words = {f"word{number}": f"stem{number}" for number in range(400)}
    table = loaded(words)
    assert table.get("word7") == "stem7"
    assert "word8" in table
    read = [bucket for bucket in table._buckets if bucket is not None]
    assert 1 <= len(read) <= 2 < len(table._buckets)
    assert table._words is None  # the word list is read only to go through every word


def test_an_empty_table() -> None:
    table = loaded({})
    assert not table
    assert len(table) == 0 and list(table) == []
    assert table.get("planar") is None and "planar" not in table
    assert loaded({"planar": "planar"})


def test_the_same_table_is_the_same_bytes_however_its_objects_are_shared() -> None:
    """Marshal from format 3 on writes an object met twice as a reference to the first: the
    shipped index would then depend on which equal strings the building process made one
    object ("spellshap" folds to "spellshap", itself or a copy)."""
    words = json.loads(json.dumps(["alpha", "spellshap", "gamma"]))
    same = {word: word for word in words}  # each value the very object of its word
    copies = {word: "".join(list(word)) for word in words}  # equal, other objects
    assert all(same[word] is word and copies[word] is not word for word in words)
    assert wordmap.state(same) == wordmap.state(copies)


def test_a_table_built_from_sets_is_stored_in_sorted_order() -> None:
    one = {"planar": 1, "chaos": 2, "die": 3}
    other = {"die": 3, "planar": 1, "chaos": 2}
    assert wordmap.state(one, ordered=False) == wordmap.state(other, ordered=False)
    assert list(loaded(one, ordered=False)) == ["chaos", "die", "planar"]
    assert wordmap.state(one) != wordmap.state(other)  # an ordered table keeps its own order
    assert list(loaded(other)) == ["die", "planar", "chaos"]


def test_a_stored_table_stores_as_it_was_read() -> None:
    table = loaded(TABLE)
    table.get("planar")
    assert wordmap.state(table) == wordmap.state(TABLE)


@pytest.mark.parametrize(
    "value",
    [
        None,
        {},
        {"words": b"", "buckets": [b""], "more": 1},
        {"words": "planar", "buckets": []},
        {"words": marshal.dumps([], 2), "buckets": "planar"},
        {"words": marshal.dumps([], 2), "buckets": [b"", "planar"]},
        [marshal.dumps([], 2), []],
    ],
)
def test_what_is_not_a_table_is_refused(value: object) -> None:
    with pytest.raises(ValueError):
        WordMap.from_state(value)


def test_a_bucket_that_is_no_table_is_refused_when_read() -> None:
    table = WordMap(marshal.dumps(["planar"], 2), [marshal.dumps(["planar"], 2)])
    with pytest.raises(ValueError):
        table.get("planar")
    words = WordMap(marshal.dumps({"planar": 1}, 2), [marshal.dumps({"planar": 1}, 2)])
    with pytest.raises(ValueError):
        list(words)


def test_an_index_read_back_answers_as_the_index_built() -> None:
    """Every word of every stored table of a built index (English rules and the French
    translation: per language tables of two languages) is answered alike once read back."""
    from planarcli.rulebook.catalogue import list_editions, load_edition
    from planarcli.rulebook.search import SearchIndex
    from planarcli.rulebook.search.index import numbers_of
    from planarcli.rulebook.search.scope import search_scope

    scope = search_scope(list_editions(), None, None, "coût du dé planaire")
    assert {info.lang for info in scope} == {"en", "fr"}
    built = SearchIndex([load_edition(info) for info in scope])
    state = built.state()
    again = SearchIndex.from_state(marshal.loads(marshal.dumps(state, 4)), scope)

    def plain(value: object) -> object:  # postings: packed as stored, lists as built
        return list(numbers_of(value)) if isinstance(value, list | bytes) else value

    def order(name: str, table: Mapping[str, object]) -> list[str]:
        return list(table) if name in wordmap.ORDERED_TABLES else sorted(table)

    for name in wordmap.WORD_TABLES:
        table, read = getattr(built, name), getattr(again, name)
        assert isinstance(read, WordMap) and list(read) == order(name, table), name
        assert all(plain(read[word]) == plain(table[word]) for word in table), name
    for name in wordmap.LANGUAGE_WORD_TABLES:
        tables = getattr(built, name)
        assert set(getattr(again, name)) == set(tables) == {"en", "fr"}, name
        for lang, table in tables.items():
            read = getattr(again, name)[lang]
            assert list(read) == order(name, table), name
            assert all(read.get(word) == table[word] for word in table), name
    for lang in ("en", "fr"):
        words = built.vocabulary[lang]
        assert list(again.vocabulary[lang]) == words
        assert all(word in again.vocabulary_set(lang) for word in words)
        assert "planarterningen" not in again.vocabulary_set(lang)
    assert again.state() == state
