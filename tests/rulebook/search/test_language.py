"""French and Danish questions about today's rules: a word of the translation table in any
of its forms, and a Danish compound by its parts (rules/README.md, "How the search is built")."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli import resources
from planarcli.rulebook import catalogue
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search.expansion import compound_parts, query_groups, translations


@pytest.fixture(scope="module")
def danish_index() -> rulesearch.SearchIndex:
    infos = catalogue.list_editions(resources.rules_dir(), Path("/no-such-folder"))
    scope = rulesearch.search_scope(infos, None, None, "hvor mange kort skal mit planedæk have")
    assert [info.id for info in scope][1:] == ["danish-guide"]
    return rulesearch.SearchIndex([catalogue.load_edition(info) for info in scope])


def test_any_form_of_a_word_of_the_table_is_translated() -> None:
    # the table holds "terningen" and "fænomen"; the Snowball stem finds the other forms
    assert translations("terningerne", ("da",)) == ("die",)
    assert translations("fænomenerne", ("da",)) == ("phenomenon",)
    assert translations("phénomènes", ("fr",)) == ("phenomenon",)
    assert translations("xyzzyx", ("fr", "da")) == ()


def test_a_danish_compound_is_split_into_words_the_search_knows(
    danish_index: rulesearch.SearchIndex,
) -> None:
    assert compound_parts(danish_index, "planarterningen", ("da",)) == ["planar", "terningen"]
    assert compound_parts(danish_index, "planedæk", ("da",)) == ["plane", "dæk"]
    # a word of the table is no compound ("undertype" is "subtype", not "under" + "type")
    assert compound_parts(danish_index, "undertype", ("da",)) == []
    # nor is a word without two known parts, nor a French question's word
    assert compound_parts(danish_index, "lovligt", ("da",)) == []
    assert compound_parts(danish_index, "planarterningen", ("fr",)) == []


def test_a_danish_compound_reaches_the_english_rules(danish_index: rulesearch.SearchIndex) -> None:
    groups = dict(query_groups(danish_index, "hvor mange kort skal mit planedæk have"))
    # "planedæk": the guide's word, and through its parts the English rules' "deck"
    assert {"planedæk", "deck"} <= set(groups["planedæk"])


def test_danish_question_with_a_compound_end_to_end(run_cli: Callable[..., Any]) -> None:
    result = run_cli(
        "rules", "search", "hvor mange kort skal mit planedæk have", "--format", "json"
    )
    assert result.exit_code == 0, result
    found = json.loads(result.stdout)["results"]
    # the guide's "your planar deck must have at least ten cards", then today's 901.3
    assert found[0]["id"] == "danish-guide.19" and found[0]["current"] == "901.3"
    assert "901.3" in [r["id"] for r in found[:3] if r["lang"] == "en"]
    text = run_cli("rules", "search", "hvad sker der med fænomenerne")
    assert text.exit_code == 0, text
    # an inflected form of "fænomen" reaches the English rules on phenomena: the first
    # result is one (it was the guide's paragraphs alone)
    assert text.stdout.startswith(("205.3r (2026-01-16)", "312 (2026-01-16)")), text


def test_players_words_of_round_two_are_translated() -> None:
    # issue 24 item 4, round 2: what players say of phenomena and the die, in both languages
    assert translations("tombe", ("fr",)) == ("encounter",)
    assert translations("contrecarrer", ("fr",)) == ("counter",)
    assert translations("kampfasen", ("da",)) == ("combat", "phase")
    assert translations("bunken", ("da",)) == ("deck",)


def test_a_danish_word_is_no_french_word_folded_alike() -> None:
    # the table is one for both languages: "møder" (to meet a phenomenon) would stem and fold
    # to the French "mode", "ens" (alike) to "en"; neither is a row
    assert translations("mode", ("fr",)) == ()
    assert translations("ens", ("fr", "da")) == ()


def test_a_french_slang_word_reaches_the_french_text(danish_index: rulesearch.SearchIndex) -> None:
    infos = catalogue.list_editions(resources.rules_dir(), Path("/no-such-folder"))
    query = "c'est qui le proprio d'une carte de plan"
    scope = rulesearch.search_scope(infos, None, None, query)
    assert [info.id for info in scope][1:] == ["2010-07-16-fr"]
    index = rulesearch.SearchIndex([catalogue.load_edition(info) for info in scope])
    groups = dict(query_groups(index, query))
    # "proprio": the French text's "propriétaire" and the English rules' "owner"
    assert {"owner", rulesearch.stem_fr("propriétaire")} <= set(groups["proprio"])
