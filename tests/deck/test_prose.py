"""Lines left out as prose are named where that may have cost a card (``prose-line``), and
the shortcuts that keep a folder of notes cheap to scan give the answers of the patterns
they stand in front of."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.cards.store import load_catalog
from planarcli.cli import cli
from planarcli.deck.prose import named_cards
from planarcli.deck.readers import cardline, source, vocabulary
from planarcli.deck.readers.source import split_lines
from planarcli.deck.readers.text import lists
from planarcli.schemacheck import schema_errors
from planarcli.textcodec import bomless_utf16

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TEN = "".join(
    f"1 {name}\n"
    for name in (
        "Akoum",
        "Bant",
        "Naya",
        "Tazeem",
        "Grixis",
        "Kessig",
        "Stensia",
        "Goldmeadow",
        "Turri Island",
        "Sea of Sand",
    )
)


def validate(tmp_path: Path, content: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``planarcli validate`` of a file holding ``content``: the command group the installed
    command runs, run in-process (these tests are about the report, not the process; the
    entry point is tests/cli/test_entry.py's), its result in a subprocess's shape."""
    path = tmp_path / "deck.txt"
    path.write_text(content, encoding="utf-8")
    argv = ["validate", str(path), *args]
    result = CliRunner().invoke(cli, argv, env={"COLUMNS": "400"}, catch_exceptions=False)
    return subprocess.CompletedProcess(argv, result.exit_code, result.stdout, result.stderr)


def prose_findings(result: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    (file,) = json.loads(result.stdout)["files"]
    return [f for f in file["findings"] if f["code"] == "prose-line"]


def test_a_short_deck_names_every_line_left_out_as_prose(tmp_path: Path) -> None:
    # "the eon fog card i think": a card mangled past recognition, dropped as prose; the
    # deck is one card short, so the report says which lines were left out
    content = TEN.replace("1 Sea of Sand\n", "") + "\nthe eon fog card i think\n\nCheers,\nTom\n"
    result = validate(tmp_path, content)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert any(
        ":11: warning: 'the eon fog card i think' was left out as a comment" in line
        and "[prose-line]" in line
        for line in lines
    ), result.stdout
    assert sum("[prose-line]" in line for line in lines) == 3  # the sign-off and its name too
    assert "[901.3 deck-too-small]" in result.stdout

    as_json = validate(tmp_path, content, "--format", "json")
    (file,) = json.loads(as_json.stdout)["files"]
    assert file["prose_lines"] == [11, 13, 14]
    found = prose_findings(as_json)
    assert [f["line"] for f in found] == [11, 13, 14]
    assert {f["severity"] for f in found} == {"warning"}
    assert all(f["rule"] is None and f["suggestions"] == [] for f in found)


def test_ordinary_chat_under_a_legal_deck_says_nothing(tmp_path: Path) -> None:
    chat = "\nTime to go, see you!\nCheers,\nTom\n"
    content = "Hi all, here's my planechase deck lol:\n\n" + TEN + chat
    result = validate(tmp_path, content)
    assert result.returncode == 0, result
    assert "prose-line" not in result.stdout
    assert result.stdout.splitlines()[0].endswith(": valid (10 cards, 0 phenomena)")
    as_json = validate(tmp_path, content, "--format", "json")
    (file,) = json.loads(as_json.stdout)["files"]
    assert file["prose_lines"] == [14, 15, 16]  # listed for scripts, not warned about
    assert prose_findings(as_json) == []


def test_the_report_schema_describes_prose_lines(tmp_path: Path) -> None:
    report = json.loads(validate(tmp_path, TEN + "\nCheers,\nTom\n", "--format", "json").stdout)
    assert report["files"][0]["prose_lines"] == [12, 13]
    assert schema_errors(report, "validate-report.schema.json") == []
    schema = json.loads(
        (Path(__file__).parents[2] / "schemas" / "validate-report.schema.json").read_text(
            encoding="utf-8"
        )
    )
    described = schema["$defs"]["file"]["properties"]["prose_lines"]
    assert "prose" in described["description"]
    report["files"][0]["prose_lines"] = ["12"]  # a script may count on line numbers
    assert schema_errors(report, "validate-report.schema.json") != []


def test_a_prose_line_opening_with_a_card_the_deck_lacks_is_a_note(tmp_path: Path) -> None:
    # a card line with a remark after it reads as prose: it opens with the card
    content = TEN + "Sky Deck, my favourite!\n\nAlso Akoum rocks.\n"
    result = validate(tmp_path, content, "--format", "json")
    assert result.returncode == 0, result.stderr  # a warning changes no verdict
    (found,) = prose_findings(result)  # Akoum is in the deck: only Sky Deck is news
    assert found["line"] == 11
    assert found["suggestions"] == ["Sky Deck"]
    assert "names Sky Deck, which the planar deck does not hold" in str(found["message"])
    text_report = validate(tmp_path, content)
    assert "deck.txt:11: warning:" in text_report.stdout
    assert "write it as '1 Sky Deck' [prose-line]" in text_report.stdout


@pytest.mark.parametrize(
    "chat",
    [
        "Thinking about swapping Naya for Jund, thoughts?",
        "Notes: Atraxa loves Tazeem. Don't forget Spatial Merging is banned in our group.",
        "lmk if someone wants to swap, I also have Otaria and the Eloren Wilds",
        "Honestly Chaotic Aether is the best phenomenon but I never draw it.",
        "Happy New Year! End of an era.",  # not Year-End Review either
    ],
)
def test_chat_about_other_cards_under_a_legal_deck_says_nothing(tmp_path: Path, chat: str) -> None:
    # posts asking for advice name cards the deck lacks all the time: no warning each
    result = validate(tmp_path, TEN + "\n" + chat + "\n", "--format", "json")
    assert result.returncode == 0, result.stderr
    (file,) = json.loads(result.stdout)["files"]
    assert file["prose_lines"] == [12]
    assert prose_findings(result) == []


def test_under_a_short_deck_the_line_naming_a_card_is_named_alone(tmp_path: Path) -> None:
    # an e-mail: its greeting, sign-off and signature are not the lost card; Takenuma is
    nine = TEN.replace("1 Sea of Sand\n", "").replace("\n", "\r\n")
    content = (
        "Subject: deck for saturday\r\n\r\nHey,\r\n\r\n"
        + nine
        + "still need to find my Takenuma copy somewhere\r\n\r\nThanks,\r\nAlex\r\n\r\n"
        + "Sent from my iPhone\r\n"
    )
    result = validate(tmp_path, content, "--format", "json")
    assert result.returncode == 1, result.stderr
    (file,) = json.loads(result.stdout)["files"]
    assert file["prose_lines"] == [3, 14, 16, 17, 19]
    (found,) = prose_findings(result)
    assert (found["line"], found["suggestions"]) == (14, ["Takenuma"])


def test_under_a_short_deck_a_card_named_anywhere_is_the_suggestion(tmp_path: Path) -> None:
    content = TEN.replace("1 Sea of Sand\n", "") + "\nThinking about swapping Naya for Jund?\n"
    (found,) = prose_findings(validate(tmp_path, content, "--format", "json"))
    assert found["suggestions"] == ["Jund"]


def test_a_long_prose_line_is_quoted_short(tmp_path: Path) -> None:
    # a pasted paragraph is repeated as every message repeats what a user wrote (errors.echoed)
    long_line = "Honestly this deck is a blast, " * 8 + "see you all on Friday."
    content = TEN.replace("1 Sea of Sand\n", "") + "\n" + long_line + "\n"
    (found,) = prose_findings(validate(tmp_path, content, "--format", "json"))
    message = str(found["message"])
    assert message.startswith("'Honestly this deck is a blast, Honestly this deck is a bl...' was")
    assert long_line not in message


def test_prose_between_bare_names_is_named_where_it_may_cost_a_card(tmp_path: Path) -> None:
    # a swap explained between bare names, a chat's name-and-time line and a closing remark:
    # left out; the deck is legal, so mentioning cards it lacks is chat, not a lost card
    # (test_chat_about_other_cards_under_a_legal_deck_says_nothing)
    bare = TEN.replace("1 ", "")
    swap = "Took out Sokenzan since it was slow, and put in Kessig.\n"
    content = (
        "Quillon — Today at 11:02 AM\n"
        + bare.replace("Kessig\n", "Kessig\n" + swap)
        + "(swap Naya for Jund next time?)\n"
    )
    result = validate(tmp_path, content, "--format", "json")
    assert result.returncode == 0, result.stderr
    (file,) = json.loads(result.stdout)["files"]
    assert file["prose_lines"] == [1, 8, 13]
    assert prose_findings(result) == []
    # one card short, the lines that mention a card are named, each with its card
    short = validate(tmp_path, content.replace("Sea of Sand\n", ""), "--format", "json")
    assert short.returncode == 1, short.stderr
    assert [(f["line"], f["suggestions"]) for f in prose_findings(short)] == [
        (8, ["Sokenzan"]),  # Sea of Sand stood below it
        (12, ["Jund"]),
    ]
    # (the chat's stamp is not named then: where lines name a missing card, only those are)


def test_notes_after_names_read_as_their_cards_through_the_command(tmp_path: Path) -> None:
    notes = {"Akoum": " - landfall!", "Naya": "  <- new, from the anthology", "Kessig": " (wolves)"}
    bare = "".join(f"{name}{notes.get(name, '')}\n" for name in TEN.replace("1 ", "").splitlines())
    result = validate(tmp_path, bare, "--format", "json")
    assert result.returncode == 0, result.stdout
    (file,) = json.loads(result.stdout)["files"]
    assert "prose_lines" not in file


def test_sarif_describes_the_new_code(tmp_path: Path) -> None:
    content = TEN + "\nJund, thoughts?\n"
    log = json.loads(validate(tmp_path, content, "--format", "sarif").stdout)
    (rule,) = [r for r in log["runs"][0]["tool"]["driver"]["rules"] if r["id"] == "prose-line"]
    assert "prose" in rule["shortDescription"]["text"]


@pytest.mark.parametrize(
    ("line", "held", "expected"),
    [
        ("Thinking about swapping Naya for Jund, thoughts?", {"Naya"}, ["Jund"]),
        ("Thinking about swapping Naya for Jund, thoughts?", {"Naya", "Jund"}, []),
        ("Jund is next week. Then Grixis!", set(), ["Jund", "Grixis"]),  # as they come
        ("we might add jund later", set(), []),  # not written as a name
        ("Bring the Hedron Fields board", set(), ["Hedron Fields of Agadeem"]),
        ("Bring the Hedron board", set(), []),  # one word of a longer name: too little
        ("I love playing Magic with the Team", set(), []),  # common words of long names
        ("Deck looks good. Sky is clear!", set(), ["Sky Deck"]),  # both words of its name
        ("Deck looks good, see you there", set(), []),
        ("We played. You won.", set(), []),  # short words alone name nothing
        # folded as card names are: any apostrophe or none, accents or none
        ("I took out Norn\u2019s Dominion, too slow", set(), ["Norn's Dominion"]),
        ("Norns Dominion, banned at our table", set(), ["Norn's Dominion"]),
        ("Oteclan is our favourite.", set(), ["Otecl\u00e1n"]),
        ("Artist Alley was fun.", set(), ["Artist Alley (Plane)"]),
        # the longer name the line writes, not also the card named by part of it
        ("I also have Otaria and the Eloren Wilds", set(), ["Otaria", "Eloren Wilds"]),
    ],
)
def test_named_cards(line: str, held: set[str], expected: list[str]) -> None:
    assert named_cards(line, load_catalog(), held) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Sky Deck, my favourite!", ["Sky Deck"]),
        ("The Hippodrome (the best one).", ["The Hippodrome"]),  # "The" links
        ("Hedron Fields of Agadeem - best plane ever!", ["Hedron Fields of Agadeem"]),
        ("Jund is next week. Then Grixis!", ["Jund"]),
        ("Thinking about swapping Naya for Jund, thoughts?", []),
        ("Naya for Jund?", []),  # Naya opens it, and the deck holds Naya
        ("Magic Cards are expensive lol.", []),  # two words of a name of five: too few
        ("Time Lord fans, unite!", []),
        ("Time Lord Meta-Crisis, we need it.", ["Human\u2014Time Lord Meta-Crisis"]),
    ],
)
def test_named_cards_opening_the_line(line: str, expected: list[str]) -> None:
    assert named_cards(line, load_catalog(), {"Naya"}, opening=True) == expected


# -- the shortcuts before the patterns (the clutter benchmark) -----------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TEXT = st.text(alphabet=st.sampled_from("ab 1:x×sSyYdDſ\t\r\n.,&/|-()" + "٣"), max_size=40)


@FAST
@given(_TEXT)
def test_split_lines_is_the_line_break_pattern(value: str) -> None:
    expected = _LINE_BREAK.split(value)
    if expected and expected[-1] == "":
        expected.pop()
    assert split_lines(value) == expected


@FAST
@given(_TEXT)
def test_worded_quantity_is_searched_whenever_it_can_match(value: str) -> None:
    if cardline._WORDED_QUANTITY.search(value):
        assert cardline._may_end_worded(value)


@FAST
@given(_TEXT)
def test_list_separator_is_searched_whenever_it_can_match(value: str) -> None:
    assert lists.may_be_separated(value) == bool(lists._LIST_SEPARATOR.search(value))


@FAST
@given(st.text(alphabet=st.sampled_from("planes deck_-&  Ω\u00a0\tß"), max_size=60))
def test_a_long_text_is_no_section_name(value: str) -> None:
    expected = vocabulary.fold_heading(value)
    role = vocabulary.section_role(value)
    known = vocabulary.PLANAR_SECTIONS | vocabulary.CANDIDATE_SECTIONS | vocabulary.OTHER_SECTIONS
    assert (role is not None) == (expected in known)


@FAST
@given(st.binary(max_size=64))
def test_utf16_sniffing_without_nul_bytes_says_no(data: bytes) -> None:
    if 0 not in data:
        assert bomless_utf16(data) is None
    assert bomless_utf16(data.replace(b"\x00", b"")) is None


@FAST
@given(st.text(alphabet=st.characters(max_codepoint=0x2FF), max_size=80))
def test_control_characters_are_counted_as_the_pattern_counts_them(value: str) -> None:
    assert source._controls(value) == len(source._CONTROL.findall(value))


def test_a_chat_exports_message_about_a_card_the_deck_lacks_is_named(tmp_path: Path) -> None:
    # held-out batch 12's WhatsApp form: the date and sender go, the messages that are no
    # card are prose, and one opening with a card the deck lacks gets its warning
    names = TEN.replace("1 ", "").splitlines()
    lines = [
        f"14/03/2026, 20:05 - Anja: {names[0]}",
        *names[1:],
        "14/03/2026, 20:07 - Ben: Chaotic Aether too, maybe?",
        "14/03/2026, 20:08 - Ben: see you at 8",  # a number of its own, no quantity
    ]
    content = "\n".join([*lines, ""])
    result = validate(tmp_path, content, "--format", "json")
    assert result.returncode == 0, result.stderr
    (file,) = json.loads(result.stdout)["files"]
    assert file["cards"] == 10
    assert file["prose_lines"] == [11, 12]
    (found,) = prose_findings(result)
    assert found["line"] == 11 and found["suggestions"] == ["Chaotic Aether"]
    plain = validate(tmp_path, content, "-v").stdout
    assert "2 lines read as prose" in plain
