"""Forms of pasted and exported decklists first met in held-out batch 13, each tested with
lists of that kind written otherwise (other cards, other wording) than the batch's files."""

from __future__ import annotations

import pytest

from planarcli.cards.store import load_catalog
from planarcli.deck.readers.source import RawInput
from planarcli.deck.readers.text import read


def entries(text: str) -> list[tuple[str, int, str | None]]:
    deck = read(RawInput("deck.txt", text.encode("utf-8"), ".txt"), catalog=load_catalog())
    return [(e.name, e.quantity, e.section) for e in deck.entries]


def names_of(text: str) -> list[str]:
    return [n for n, _, _ in entries(text)]


def test_a_card_text_view_reads_each_name_once() -> None:
    """Scryfall's text view, or cards copied from card pages: each card's name, its type
    line, its rules text; a misspelt name is still read (so that it is reported)."""
    text = (
        "Stensia\nPlane — Innistrad\n"
        "Whenever a creature deals damage to one or more players for the first time each "
        "turn, put a +1/+1 counter on it.\nWhenever chaos ensues, each creature you control "
        "gains first strike until end of turn.\n\n"
        "Kessigg\nPlane - Innistrad\nGreen creature spells you cast cost {G} less to cast.\n"
        "Whenever chaos ensues, search your library for a creature card, reveal it, put it "
        "into your hand, then shuffle.\n\n"
        "Interplanar Tunnel\nPhenomenon\n"
        "When you encounter Interplanar Tunnel, reveal cards from the top of your planar deck "
        "until you reveal five plane cards.\n\n"
        "Gavony\nLegendary Plane — Innistrad\n"
    )
    assert names_of(text) == ["Stensia", "Kessigg", "Interplanar Tunnel", "Gavony"]


def test_a_phenomena_heading_under_a_card_stays_a_heading() -> None:
    text = "Planes\nStensia\nGavony\nPhenomenon\nInterplanar Tunnel\nSpatial Merging\n"
    assert names_of(text) == [
        "Stensia",
        "Gavony",
        "Interplanar Tunnel",
        "Spatial Merging",
    ]


def csv_entries(text: str, suffix: str = ".tsv") -> list[tuple[str, int]]:
    from planarcli.deck.readers import csvdeck

    deck = csvdeck.read(RawInput(f"sheet{suffix}", text.encode(), suffix), catalog=load_catalog())
    assert not deck.issues
    return [(e.name, e.quantity) for e in deck.entries]


@pytest.mark.parametrize("heading", ["#", "Number"])
def test_a_sheets_row_numbers_are_no_quantities(heading: str) -> None:
    """A sheet exported with a row-number column, a price and a heading row between."""
    text = (
        f"{heading}\tName\tPlane of\tCost\tOwned\n"
        "1\tStensia\tInnistrad\t0,35 €\tyes\n2\tGavony\tInnistrad\t0,20 €\tyes\n"
        "3\tKessig\tInnistrad\t0,25 €\tno\n\nPhenomena:\t\t\t\t\n"
        "4\tInterplanar Tunnel\t\t0,55 €\tyes\n"
    )
    assert csv_entries(text) == [
        ("Stensia", 1),
        ("Gavony", 1),
        ("Kessig", 1),
        ("Interplanar Tunnel", 1),
    ]


def test_a_count_column_headed_hash_is_still_a_count() -> None:
    text = "#,Name\n2,Stensia\n1,Gavony\n1,Kessig\n"
    assert csv_entries(text, ".csv") == [("Stensia", 2), ("Gavony", 1), ("Kessig", 1)]


REPLY = (
    "On Sun, 8 Mar 2026 at 21:40, Tomasz Wolny <tomasz@example.org> wrote:\n"
    "> This is what we played last time:\n>\n> * Akoum\n> * Murasa\n> * Tazeem\n"
    "> * Chaotic Aether\n>\n> any changes?\n"
)


def test_an_earlier_list_quoted_under_the_new_one_is_not_the_deck() -> None:
    """An e-mail reply: the new list, a sign-off, the sender's bare name, then the earlier
    message with its list quoted under its ``On ..., Tom wrote:`` line."""
    text = (
        "Hi all,\n\nSwapped a few, here's the deck now:\n\n* Stensia\n* Gavony\n* Kessigg\n"
        "* Nephalia\n* Interplanar Tunnel\n\nSee everyone on Saturday.\n\nMarta\n\n" + REPLY
    )
    assert names_of(text) == ["Stensia", "Gavony", "Kessigg", "Nephalia", "Interplanar Tunnel"]


def test_a_quoted_list_is_the_deck_when_the_reply_lists_none() -> None:
    text = "Same deck as before, see below.\n\nMarta\n\n" + REPLY
    assert names_of(text) == ["Akoum", "Murasa", "Tazeem", "Chaotic Aether"]


def test_a_plane_alone_above_the_quote_stays_a_card() -> None:
    text = "New list:\n\n* Stensia\n* Gavony\n* Kessig\n\nNephalia\n\n" + REPLY
    assert names_of(text) == ["Stensia", "Gavony", "Kessig", "Nephalia"]


def test_a_plane_under_a_forum_footer_stays_a_card() -> None:
    text = "Planar deck\nStensia\nGavony\nKessig\nLogged\nNephalia\n"
    assert names_of(text) == ["Stensia", "Gavony", "Kessig", "Nephalia"]


def test_a_long_card_name_in_a_bare_list_stays_a_card() -> None:
    text = "Stensia\nGavony\nKessig\nAnax and Cymede & Kynaios and Tiro\n"
    assert names_of(text)[-1] == "Anax and Cymede & Kynaios and Tiro"


def test_a_misspelt_card_with_a_long_remark_stays_a_card() -> None:
    text = "stensia\ngavony\nnephalia\nkessigg the one with the werewolf art\n"
    assert names_of(text)[-1].startswith("kessigg")
