"""Names a new user wrote that are no planar card's name, and were answered with one: a
planar type (Regatha, Thunder Junction), part of a card's name (The Library, Lethe), a
name with a word more (Chaotischer Äther Tunnel), a card type (Plane), a real non-planar
Magic card in `cards match` (Sol Ring). The product rule: a name that is not a planar card
is never answered with one, and `validate --fix` repairs only what has one right answer;
real typing slips (Akuom, Tazem, Bnat) are still guessed and fixed.

The user-facing cases run through the installed ``planarcli`` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from planarcli.cards import resolve
from planarcli.cards.names import fold_name
from planarcli.cards.store import load_catalog

PLANARCLI = Path(sys.executable).with_name("planarcli")
#: Words of three letters or more that a name is still meant by without (shorter ones too).
ARTICLES = {"the", "and", "for"}


def planarcli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PLANARCLI), "--offline", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def errors_and_hints(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("planarcli: ")]


def planar_types() -> list[str]:
    return sorted({card.subtype for card in load_catalog().cards if card.subtype})


def parts_of_names() -> list[tuple[str, str]]:
    """(part, card name) for every run of whole words of a card's English name and every
    name left without one of its words, where what is left out carries meaning (not only
    "the", "of"...): each is part of the name, no slip of it."""
    catalog = load_catalog()
    found: dict[str, str] = {}
    for card in catalog.cards:
        words = card.name.replace("(Plane)", "").replace("(Playtest)", "").split()
        runs = [words[i:j] for i in range(len(words)) for j in range(i + 1, len(words) + 1)]
        dropped = [words[:k] + words[k + 1 :] for k in range(len(words))] if len(words) > 2 else []
        for part in runs + dropped:
            left_out = list(words)
            for word in part:
                left_out.remove(word)
            meaningful = [w for w in map(fold_name, left_out) if len(w) > 2 and w not in ARTICLES]
            written = " ".join(part)
            if meaningful and catalog.resolve(written).card is None:
                found.setdefault(written, card.name)
    return sorted(found.items())


# -- 1. a planar type is no card -------------------------------------------------------------
def test_no_planar_type_is_guessed_as_a_card() -> None:
    """Regatha was Reality Shaping, Mirrodin Mirrored Depths, New Phyrexia New Player's
    Journey: every planar type of the card data, none guessed."""
    catalog = load_catalog()
    guessed = {
        subtype: card.name
        for subtype in planar_types()
        if (card := resolve.confident_guess(catalog, subtype)) is not None
    }
    assert guessed == {}


@pytest.mark.parametrize(
    ("written", "planes"),
    [
        ("Regatha", "1 plane"),
        ("Mirrodin", "3 planes"),
        ("Fabacin", "1 plane"),
        ("New Earth", "1 plane"),
        ("Foundations", "1 plane"),
        ("The Library", "1 plane"),
        ("Thunder Junction", "2 planes"),
        ("New Phyrexia", "3 planes"),
    ],
)
def test_cards_show_a_planar_type_gives_the_hint_and_exits_1(written: str, planes: str) -> None:
    done = planarcli("cards", "show", written)
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    lines = errors_and_hints(done.stderr)
    assert lines[0] == f"planarcli: error: no plane or phenomenon named {written!r}"
    assert lines[1].startswith(f"planarcli: hint: {written!r} is a planar type, not a card name")
    assert lines[1].endswith(f"lists its {planes}")
    assert len(lines) == 2


def test_cards_show_a_planar_type_in_json_suggests_its_planes() -> None:
    done = planarcli("cards", "show", "Regatha", "--format", "json")
    assert done.returncode == 1, done.stderr
    document = json.loads(done.stdout)
    assert document["found"] is False
    expected = [card.name for card in resolve.cards_of_subtype(load_catalog(), "Regatha")]
    assert document["suggestions"] == expected


def test_validate_fix_renames_no_planar_type_and_no_part_of_a_name(tmp_path: Path) -> None:
    """`validate --fix` rewrote `1 Regatha` as `1 Reality Shaping`; the slips beside them
    are still fixed."""
    deck = tmp_path / "deck.txt"
    deck.write_text(
        "Planar Deck\n1 Regatha\n1 Akuom\n1 Thunder Junction\n1 The Library\n1 Bnat\n"
        "1 Chaotischer Äther Tunnel\n1 Lethe\n1 Tazem\n",
        encoding="utf-8",
    )
    before = deck.read_bytes()
    diff = planarcli("validate", "--diff", str(deck))
    assert diff.returncode == 1, diff.stderr
    changed = [line for line in diff.stdout.splitlines() if line[:2] in ("-1", "+1")]
    assert changed == ["-1 Akuom", "+1 Akoum", "-1 Bnat", "+1 Bant", "-1 Tazem", "+1 Tazeem"]
    assert deck.read_bytes() == before
    fixed = planarcli("validate", "--fix", str(deck))
    assert fixed.returncode == 1, fixed.stderr
    lines = deck.read_text(encoding="utf-8").splitlines()
    assert lines == [
        "Planar Deck",
        "1 Regatha",
        "1 Akoum",
        "1 Thunder Junction",
        "1 The Library",
        "1 Bant",
        "1 Chaotischer Äther Tunnel",
        "1 Lethe",
        "1 Tazeem",
    ]


# -- 1. part of a card's name is no slip of it -----------------------------------------------
def test_no_part_of_a_card_name_is_guessed() -> None:
    """Every run of words of a card's name ("Thunder Junction", "Lethe", "Foundation
    Library") and every name left without a word that carries meaning ("High Noon
    Thunder" ...): hundreds of names, none guessed."""
    catalog = load_catalog()
    parts = parts_of_names()
    assert len(parts) > 500
    guessed = [
        (written, card.name)
        for written, _ in parts
        if (card := resolve.confident_guess(catalog, written)) is not None
    ]
    assert guessed == []


def test_every_typing_slip_of_a_name_is_still_guessed() -> None:
    """One slip (swap, missing, extra or wrong letter) in each card's name, where it is
    one slip from that card only (``typos_of``) and no printed name: every one is
    guessed as that card, also where a non-planar card is as near (Bnat: 'Bat-')."""
    catalog = load_catalog()
    rng = random.Random(26)
    slips: list[tuple[str, str]] = []
    for card in catalog.cards:
        name = card.name.replace(" (Plane)", "").replace(" (Playtest)", "")
        at = [i for i, char in enumerate(name[:-1]) if char.isalpha()]
        for i in rng.sample(at, min(3, len(at))):
            for slip in (
                name[:i] + name[i + 1] + name[i] + name[i + 2 :],
                name[:i] + name[i + 1 :],
                name[:i] + "k" + name[i:],
                name[:i] + ("e" if name[i] != "e" else "a") + name[i + 1 :],
            ):
                if catalog.resolve(slip).card is not None:  # a printed name: Pompei
                    continue
                if [c.name for c in resolve.typos_of(catalog, slip)] == [card.name]:
                    slips.append((slip, card.name))
    assert len(slips) > 1000
    missed = [
        (slip, name)
        for slip, name in slips
        if getattr(resolve.confident_guess(catalog, slip), "name", None) != name
    ]
    assert missed == [], missed


# -- 2. cards match: a real non-planar card --------------------------------------------------
@pytest.mark.parametrize("written", ["sol ring", "Llanowar Elves"])
def test_cards_match_a_real_non_planar_card_says_so_and_exits_1(written: str) -> None:
    done = planarcli("cards", "match", written)
    assert done.returncode == 1, done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    said = " ".join(word.capitalize() for word in written.split())
    assert errors == [f"planarcli: error: {said!r} is a Magic card but not a plane or phenomenon"]
    as_json = planarcli("cards", "match", written, "--format", "json")
    assert as_json.returncode == 1
    assert json.loads(as_json.stdout)["other_card"] == said


def test_cards_match_a_planar_slip_still_exits_0() -> None:
    done = planarcli("cards", "match", "akuom", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["matches"][0]["name"] == "Akoum"


# -- 3. suggestions ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "first"),
    [("Lethe", "Lethe Lake"), ("Chaotischer Äther Tunnel", "Chaotic Aether")],
)
def test_a_word_of_a_card_name_suggests_that_card_first(written: str, first: str) -> None:
    """ "Lethe" looked like the Magic card 'Ether' although Lethe Lake starts with it; a
    word more than Chaotic Aether's German name was guessed as it."""
    done = planarcli("cards", "show", written, "--format", "json")
    assert done.returncode == 1, done.stderr
    document = json.loads(done.stdout)
    assert document["found"] is False
    assert document["suggestions"][0] == first
    text = planarcli("cards", "show", written)
    assert "looks like the Magic card" not in text.stderr
    assert "guessed" not in text.stderr


def test_a_transposed_planar_name_beats_another_card_as_near() -> None:
    """Bnat is one swap from Bant and one letter from the Magic card 'Bat-': Bant."""
    done = planarcli("cards", "show", "Bnat")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Bant"
    assert "guessed 'Bant' for 'Bnat'" in done.stderr


@pytest.mark.parametrize(("written", "kind"), [("Plane", "plane"), ("phenomena", "phenomenon")])
def test_a_card_type_gets_a_hint_not_a_look_alike(written: str, kind: str) -> None:
    done = planarcli("cards", "show", written)
    assert done.returncode == 1, done.stderr
    lines = errors_and_hints(done.stderr)
    assert lines == [
        f"planarcli: error: no plane or phenomenon named {written!r}",
        f"planarcli: hint: {written!r} is a card type, not a card name: "
        f"`planarcli cards list --kind {kind}` lists them",
    ]


@pytest.mark.parametrize(
    ("written", "first"),
    [("Bant Plane", "Bant"), ("Akoum Tunnel", "Akoum"), ("Akoum of the Tunnel", "Akoum")],
)
def test_a_card_name_and_a_word_more_is_no_other_card(written: str, first: str) -> None:
    """'Bant Plane' was guessed as Shrinking Plane, 'Akoum Tunnel' as Interplanar Tunnel:
    the card whose whole name it holds is the first suggestion, and nothing is guessed."""
    done = planarcli("cards", "show", written, "--format", "json")
    assert done.returncode == 1, done.stderr
    document = json.loads(done.stdout)
    assert document["found"] is False
    assert document["suggestions"][0] == first


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("Artist Alley P(lane)", "Artist Alley (Plane)"),
        ("No Way Out (Playtset)", "No Way Out (Playtest)"),
    ],
)
def test_a_slip_in_scryfalls_suffix_is_still_guessed(written: str, name: str) -> None:
    catalog = load_catalog()
    assert getattr(resolve.confident_guess(catalog, written), "name", None) == name
