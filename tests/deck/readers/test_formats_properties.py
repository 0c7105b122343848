"""Property tests for every reader: any input gives a Decklist or a clean PlanarError,
never another exception; and what a reader returns always keeps the model's promises."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.deck.readers import FORMATS, detect_format, reader_for
from planarcli.deck.readers.model import ROLES, Decklist
from planarcli.deck.readers.source import RawInput
from planarcli.errors import PlanarError

READERS = ("forge", "cockatrice", "mtgo", "mtgjson", "json", "csv")
#: the format a reader's Decklist may name: the JSON reader hands any JSON that is not
#: planarcli's own deck to the card-JSON reader (an array of names, Scryfall card objects),
#: whose decklists say ``cards``
READ_AS = {"json": {"json", "cards"}}
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_reader(name: str, data: bytes, suffix: str = "") -> Decklist | None:
    raw = RawInput("prop" + suffix, data, suffix)
    try:
        decklist = reader_for(name)(raw)
    except PlanarError as error:
        assert str(error)  # a message for the user
        assert "Traceback" not in str(error)
        return None
    assert isinstance(decklist, Decklist)
    assert decklist.format in READ_AS.get(name, {name})
    assert decklist.path == "prop" + suffix
    for entry in decklist.entries:
        assert entry.name and entry.name == entry.name.strip()
        assert isinstance(entry.quantity, int) and 1 <= entry.quantity <= 9999
        assert entry.line is None or entry.line >= 1
        assert entry.role in ROLES
    for issue in decklist.issues:
        assert issue.line is None or issue.line >= 1
        assert issue.severity in ("error", "warning")
        assert issue.code
    return decklist


@pytest.mark.parametrize("name", READERS)
@FAST
@given(data=st.binary(max_size=2000))
def test_any_bytes(name: str, data: bytes) -> None:
    check_reader(name, data)


@pytest.mark.parametrize("name", READERS)
@FAST
@given(
    text=st.text(max_size=500),
    encoding=st.sampled_from(["utf-8", "utf-16", "utf-16-le", "cp1252", "utf-8-sig"]),
)
def test_any_text(name: str, text: str, encoding: str) -> None:
    check_reader(name, text.encode(encoding, errors="replace"))


@FAST
@given(
    data=st.binary(max_size=2000),
    suffix=st.sampled_from(["", ".txt", ".dck", ".cod", ".dek", ".json", ".csv"]),
)
def test_detect_format_never_fails(data: bytes, suffix: str) -> None:
    assert detect_format(RawInput("f" + suffix, data, suffix)) in FORMATS


# -- structured inputs, to get past the first line of each parser --------------------------

FORGE_LINES = st.one_of(
    st.sampled_from(
        [
            "[metadata]",
            "[Metadata]",
            "Name=Deck",
            "Name=",
            "[general]",
            "Constructed",
            "[main]",
            "[Main]",
            "[sideboard]",
            "[planar]",
            "[Planes]",
            "[Schemes]",
            "[Avatar]",
            "[",
            "]",
            "[]",
            "1 Tazeem",
            "1 Blaze|HOP",
            "1 The Fourth Doctor|WHO|1",
            "1 Bolt+|M11|[146]",
            "1 Swamp|WHO|3|#{markedColors=B}",
            "1 The AEther Flues",
            "0 Akoum",
            "-1 Akoum",
            "99999999999999999999 Agyrem",
            "1 |HOP",
            "1 +|",
            "|",
            "1",
            "x",
            "# comment",
            "",
        ]
    ),
    st.text(max_size=40).map(lambda t: t.replace("\n", " ")),
    st.builds(lambda q, n: f"{q} {n}", st.integers(-5, 10**7), st.text(max_size=30)),
)


@FAST
@given(lines=st.lists(FORGE_LINES, max_size=30), newline=st.sampled_from(["\n", "\r\n", "\r"]))
def test_forge_structured(lines: list[str], newline: str) -> None:
    check_reader("forge", newline.join(lines).encode("utf-8", errors="replace"), ".dck")


XML_NAMES = st.sampled_from(["main", "side", "sideboard", "tokens", "planes", "", "x"])
XML_TEXT = st.text(
    alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
    max_size=20,
)


def _attr(value: str) -> str:
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace('"', "&quot;")
        .replace("\r", "&#13;")
    )


@st.composite
def cockatrice_documents(draw: Any) -> str:
    zones = []
    for _ in range(draw(st.integers(0, 3))):
        cards = []
        for _ in range(draw(st.integers(0, 4))):
            number = draw(st.one_of(st.integers(-3, 20000).map(str), XML_TEXT))
            name = draw(st.one_of(st.sampled_from(["Tazeem", "Akoum", "Chaotic Aether"]), XML_TEXT))
            attrs = draw(
                st.sampled_from(
                    [
                        f'number="{_attr(number)}" name="{_attr(name)}"',
                        f'name="{_attr(name)}"',
                        f'number="{_attr(number)}"',
                    ]
                )
            )
            cards.append(f"<card {attrs}/>")
        zones.append(f'<zone name="{_attr(draw(XML_NAMES))}">' + "\n".join(cards) + "</zone>")
    root = draw(st.sampled_from(["cockatrice_deck", "Deck", "cockatrice_deck"]))
    junk = draw(st.sampled_from(["", "<", "&amp;", "&bogus;", "<!-- c -->", "]]>"]))
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<{root} version="1">\n'
        f"<deckname>{_attr(draw(XML_TEXT))}</deckname>{junk}\n" + "\n".join(zones) + f"\n</{root}>"
    )


@FAST
@given(document=cockatrice_documents())
def test_cockatrice_structured(document: str) -> None:
    check_reader("cockatrice", document.encode("utf-8"), ".cod")


@st.composite
def mtgo_documents(draw: Any) -> str:
    rows = []
    for _ in range(draw(st.integers(0, 6))):
        quantity = draw(st.one_of(st.integers(-3, 20000).map(str), XML_TEXT))
        name = draw(st.one_of(st.sampled_from(["Tazeem", "Akoum", "Forest"]), XML_TEXT))
        side = draw(st.sampled_from(["true", "false", "True", "", "yes"]))
        rows.append(
            f'<Cards CatID="0" Quantity="{_attr(quantity)}" Sideboard="{side}" '
            f'Name="{_attr(name)}" />'
        )
    root = draw(st.sampled_from(["Deck", "Deck", "cockatrice_deck"]))
    return f'<?xml version="1.0" encoding="utf-8"?>\n<{root}>\n' + "\n".join(rows) + f"\n</{root}>"


@FAST
@given(document=mtgo_documents())
def test_mtgo_structured(document: str) -> None:
    check_reader("mtgo", document.encode("utf-8"), ".dek")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
CARD_OBJECTS = st.one_of(
    st.fixed_dictionaries(
        {
            "name": st.one_of(
                st.sampled_from(["Tazeem", "Akoum", "Chaotic Aether", ""]),
                st.text(max_size=20),
                JSON_VALUES,
            )
        },
        optional={
            "count": st.one_of(st.integers(-3, 20000), JSON_VALUES),
            "quantity": st.one_of(st.integers(-3, 20000), JSON_VALUES),
        },
    ),
    JSON_VALUES,
)
BOARDS = st.one_of(st.lists(CARD_OBJECTS, max_size=6), JSON_VALUES)


@pytest.mark.slow
@FAST
@given(
    boards=st.dictionaries(
        st.sampled_from(
            [
                "mainBoard",
                "sideBoard",
                "planes",
                "commander",
                "displayCommander",
                "schemes",
                "tokens",
                "name",
                "other",
            ]
        ),
        BOARDS,
        max_size=6,
    ),
    wrap=st.booleans(),
)
def test_mtgjson_structured(boards: dict[str, Any], wrap: bool) -> None:
    document: Any = {"meta": {"version": "5"}, "data": boards} if wrap else boards
    check_reader("mtgjson", json.dumps(document).encode("utf-8"), ".json")


@FAST
@given(
    planar=st.one_of(st.lists(CARD_OBJECTS, max_size=6), JSON_VALUES),
    main=st.one_of(st.lists(CARD_OBJECTS, max_size=3), JSON_VALUES),
    extra=st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=2),
    version=st.sampled_from([1, 1, 2, "1"]),
    indent=st.sampled_from([None, 2]),
)
def test_planarcli_json_structured(
    planar: Any, main: Any, extra: dict[str, Any], version: Any, indent: int | None
) -> None:
    document = {
        "format": "planarcli-deck",
        "version": version,
        "planar_deck": planar,
        "main": main,
        **extra,
    }
    decklist = check_reader("json", json.dumps(document, indent=indent).encode("utf-8"), ".json")
    if decklist is not None and indent is not None:
        # every entry found its line: the line its name is written on
        text = json.dumps(document, indent=indent).splitlines()
        for entry in decklist.entries:
            assert entry.line is not None
            assert '"name"' in text[entry.line - 1]


@FAST
@given(
    names=st.lists(
        st.text(min_size=1, max_size=15).filter(lambda s: s.strip()), min_size=1, max_size=8
    ),
    quantities=st.lists(st.integers(1, 9999), min_size=8, max_size=8),
)
def test_planarcli_json_round_trip(names: list[str], quantities: list[int]) -> None:
    planar = [{"name": n, "quantity": q} for n, q in zip(names, quantities, strict=False)]
    document = {
        "format": "planarcli-deck",
        "version": 1,
        "name": names[0],
        "planar_deck": planar,
        "main": planar[:2],
    }
    decklist = check_reader("json", json.dumps(document, indent=1).encode("utf-8"), ".json")
    assert decklist is not None
    got = [(e.name, e.quantity) for e in decklist.entries if e.role == "planar"]
    assert got == [(" ".join(n.split()), q) for n, q in zip(names, quantities, strict=False)]
