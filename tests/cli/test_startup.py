"""Start-up guard: everyday commands must not import the heavy libraries."""

from __future__ import annotations

from pathlib import Path

import pytest
from probes import modules_loaded

HEAVY = ("requests", "jsonschema", "rapidfuzz", "urllib3", "platformdirs", "sqlite3")
GOOD = Path(__file__).parents[1] / "decks" / "valid" / "bare-names.txt"
MISSPELLED = Path(__file__).parents[1] / "decks" / "invalid" / "misspelled.txt"


def imported_by(args: list[str]) -> set[str]:
    """The top-level packages ``planarcli ARGS`` imported."""
    return {name.split(".")[0] for name in modules_loaded(args)}


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["validate", "--help"],
        ["validate", str(GOOD)],
        ["validate", str(GOOD), "--format", "json"],
        ["--version"],
    ],
)
def test_heavy_libraries_stay_out_of_start_up(args: list[str]) -> None:
    loaded = imported_by(args)
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


#: The fuzzy matcher of unknown names: plain-Python scores, rapidfuzz only for names that
#: many planar names are close to.
FUZZY = "planarcli.cards.fuzzy"


def test_the_fuzzy_matcher_only_when_a_name_needs_fuzzy_matching() -> None:
    loaded = modules_loaded(["validate", str(MISSPELLED)])
    assert FUZZY in loaded
    assert {m.split(".")[0] for m in loaded}.isdisjoint({"requests", "jsonschema"})


def modules_loaded_by(args: list[str]) -> set[str]:
    """Every module (full dotted name) ``planarcli ARGS`` imported, offline."""
    return set(modules_loaded(["--offline", *args]))


NAMES_LIST = "planarcli.magicnames"


@pytest.mark.parametrize(
    "name",
    [
        "Academy at Tolaria West",
        "academy at tolaria west",
        "Académie de l'Ouest de Tolaria",
        "ACADEMIE DE L'OUEST DE TOLARIA",
        "トレイリア西部のアカデミー",
    ],
)
def test_cards_show_of_a_known_name_loads_no_fuzzy_matcher_and_no_names_list(name: str) -> None:
    """Exact, folded and printed foreign names are dictionary lookups: neither rapidfuzz nor
    the list of every Magic card name is loaded."""
    loaded = modules_loaded_by(["cards", "show", name])
    assert "planarcli.cards.catalog" in loaded
    assert NAMES_LIST not in loaded and FUZZY not in loaded
    assert {m.split(".")[0] for m in loaded}.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


@pytest.mark.parametrize("name", ["Llanowar Elves", "Tazem"])
def test_the_names_list_and_the_fuzzy_matcher_load_only_for_an_unknown_name(name: str) -> None:
    loaded = modules_loaded_by(["cards", "show", name])
    assert NAMES_LIST in loaded and FUZZY in loaded
    assert "requests" not in loaded and "jsonschema" not in loaded


@pytest.mark.parametrize("name", ["Akuom", "Tazem"])
def test_a_slip_of_one_plane_is_guessed_without_rapidfuzz(name: str) -> None:
    """A misspelt plane that few planar names are close to is scored in plain Python:
    importing rapidfuzz would cost more than the guessing (issue 26)."""
    loaded = modules_loaded_by(["cards", "show", name])
    assert FUZZY in loaded and "rapidfuzz" not in {m.split(".")[0] for m in loaded}


def test_validating_a_good_deck_loads_no_names_list() -> None:
    assert NAMES_LIST not in modules_loaded_by(["validate", str(GOOD)])


def test_help_imports_no_subcommand_module() -> None:
    modules = modules_loaded(["--help"])
    # commands.common holds the click pieces every command shares (cli.py's group class
    # among them); no command module is imported to print the top-level help
    commands = [m for m in modules if m.startswith("planarcli.commands.")]
    assert commands == ["planarcli.commands.common"]


# --- rules search: a question naming a card, or in French or Danish, costs no more imports
# than an English one (issue 18 item 5: the rulings' facts are read from the cached index)
def searches_imports(question: str, everyday: str) -> tuple[set[str], set[str]]:
    """The modules ``rules search QUESTION`` and ``rules search EVERYDAY`` import, each
    after a first search has built and cached its index."""
    for text in (everyday, question):
        modules_loaded_by(["rules", "search", text])
    return (
        modules_loaded_by(["rules", "search", question]),
        modules_loaded_by(["rules", "search", everyday]),
    )


def test_a_search_naming_a_card_imports_nothing_the_everyday_one_does_not() -> None:
    card, everyday = searches_imports("spatial merging chaos", "planar die cost")
    assert "planarcli.rulebook.search.scoring" in everyday
    # ... but the one reader of the list of every Magic card name, which tells a plane's
    # name said inside another card's ("Naya Charm") from the plane
    assert sorted(card - everyday) == [NAMES_LIST]


@pytest.mark.parametrize(
    "question", ["coût du dé planaire", "hvad koster det at slå med terningen"]
)
def test_a_french_or_danish_search_imports_nothing_an_english_one_does_not(
    question: str,
) -> None:
    """Its words are also read as English ones, which no rule uses: PyStemmer stems them,
    as it does such a word of an English question ("zebra")."""
    other, english = searches_imports(question, "planar die cost zebra")
    assert "Stemmer" in english
    assert sorted(other - english) == []


FORMATS = Path(__file__).parents[1] / "decks" / "formats"


@pytest.mark.parametrize(
    "deck", ["cockatrice-side.cod", "mtgo-sideboard.dek", "forge-new-planes.dck"]
)
def test_converting_a_structured_deck_loads_no_text_reader(deck: str) -> None:
    """The section names ``deck convert`` sorts a deck's parts by live in readers.model: the
    text reader (the largest, 90 M of 550 M instructions of such a convert) loads only for a
    text decklist."""
    loaded = modules_loaded_by(["deck", "convert", str(FORMATS / deck), "--to", "text"])
    assert "planarcli.deck.writers" in loaded
    assert "planarcli.deck.readers.text" not in loaded


def test_the_text_reader_sorts_sections_by_the_shared_names() -> None:
    """The text reader and ``deck convert`` sort sections by readers.vocabulary's names
    themselves, keeping no copy that could drift apart."""
    from planarcli.deck import writers
    from planarcli.deck.readers import vocabulary
    from planarcli.deck.readers.text import headings

    assert writers._COMMANDER is vocabulary.COMMANDER_SECTIONS
    assert writers._SIDEBOARD is vocabulary.CANDIDATE_SECTIONS
    assert headings.section_role is vocabulary.section_role
    assert vocabulary.SIDE_PARTS <= vocabulary.OTHER_SECTIONS
    assert vocabulary.section_role("Outside the game") == "other"
    assert vocabulary.section_role("SB") == "candidate"


@pytest.mark.parametrize(
    "question",
    ["when do I shuffle my planar deck", "quand est-ce qu'on mélange le deck planaire"],
)
def test_a_search_on_a_warm_cache_imports_no_json(question: str) -> None:
    """Once the cache dir holds the index (and, for a French question, the copy of the
    moved sentences it shows for 901.4), a search parses no edition: json stays unloaded."""
    args = ["rules", "search", question]
    modules_loaded(args)  # builds the index and the copy
    loaded = modules_loaded(args)
    assert "planarcli.rulebook.searchcache" in loaded
    assert "json" not in loaded
