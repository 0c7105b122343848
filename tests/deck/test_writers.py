"""``deck convert``: every example deck survives a trip through every format; the files
written are what the target programs read; -o never overwrites the input."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest

from planarcli.cards.store import load_catalog
from planarcli.deck.checks import DeckOptions
from planarcli.deck.readers import read_decklist
from planarcli.deck.readers.jsondeck import schema_problems
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.validate import validate_file
from planarcli.deck.writers import SUFFIXES, TARGETS, DeckToWrite, convert_file, write_deck

DECKS = Path(__file__).parents[1] / "decks"
EXAMPLES = sorted((DECKS / "valid").iterdir()) + sorted((DECKS / "formats").iterdir())


def has_planar_deck(path: Path) -> bool:
    return find_planar_deck(read_decklist(str(path)), load_catalog()).found


CONVERTIBLE = [p for p in EXAMPLES if has_planar_deck(p)]


def planar_of(path: Path) -> list[dict[str, object]]:
    """The planar deck of a file, as convert writes it in json: names and quantities (the
    printings, which not every format holds, are compared in test_convert_verdict.py)."""
    text = convert_file(str(path), "json", load_catalog()).text
    return [
        {key: value for key, value in item.items() if key not in ("set", "number")}
        for item in json.loads(text)["planar_deck"]
    ]


def verdict(path: Path) -> tuple[bool, int, int]:
    result = validate_file(str(path), load_catalog(), DeckOptions())
    return result.valid, result.cards, result.phenomena


def test_there_are_examples_to_convert() -> None:
    assert len(CONVERTIBLE) >= 15
    assert any(p.suffix == ".cod" for p in CONVERTIBLE) and any(
        p.suffix == ".dck" for p in CONVERTIBLE
    )


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("source", CONVERTIBLE, ids=lambda p: p.name)
def test_round_trip_keeps_the_planar_deck_and_the_verdict(
    source: Path, target: str, tmp_path: Path
) -> None:
    converted = convert_file(str(source), target, load_catalog())
    written = tmp_path / f"converted{SUFFIXES[target]}"
    written.write_text(converted.text, encoding="utf-8")
    assert read_decklist(str(written)).format == target
    assert planar_of(written) == planar_of(source)
    assert verdict(written) == verdict(source)
    again = convert_file(str(written), target, load_catalog())
    assert again.text == converted.text  # converting to the same format is a fixed point


def test_valid_precon_stays_valid_in_every_format(tmp_path: Path) -> None:
    source = DECKS / "valid" / "taw-commander-precon.txt"
    for target in TARGETS:
        written = tmp_path / f"deck{SUFFIXES[target]}"
        written.write_text(convert_file(str(source), target, load_catalog()).text, "utf-8")
        assert verdict(written)[0], target


def test_json_output_matches_the_schema() -> None:
    for source in CONVERTIBLE:
        document = json.loads(convert_file(str(source), "json", load_catalog()).text)
        assert schema_problems(document) == [], source


def test_names_become_catalog_names_and_quantities_stay() -> None:
    catalog = load_catalog()
    text = convert_file(str(DECKS / "valid" / "spelling-variants.txt"), "json", catalog).text
    names = [item["name"] for item in json.loads(text)["planar_deck"]]
    assert all(catalog.exact(name) is not None for name in names)


TRICKY = DeckToWrite(
    name='Fish & "Chips" <deck>',
    planar=(("Akoum", 1), ("Tazeem", 2)),
    main=(("Assault // Battery", 4), ('R&D\'s <Secret> "Lair"', 1)),
    sideboard=(("Naturalize", 1),),
    commander=(("Bright-Palm, Soul Awakener", 1),),
)


@pytest.mark.parametrize("target", ["cockatrice", "mtgo"])
def test_xml_is_well_formed_and_escaped(target: str, tmp_path: Path) -> None:
    text = write_deck(TRICKY, target)
    root = ElementTree.fromstring(text.encode("utf-8"))
    names = {element.get("name") or element.get("Name") for element in root.iter()}
    assert 'R&D\'s <Secret> "Lair"' in names
    path = tmp_path / f"deck{SUFFIXES[target]}"
    path.write_text(text, encoding="utf-8")
    decklist = read_decklist(str(path))
    assert [(e.name, e.quantity) for e in decklist.entries if e.name in ("Akoum", "Tazeem")] == [
        ("Akoum", 1),
        ("Tazeem", 2),
    ]


def test_cockatrice_file_has_the_shape_cockatrice_writes() -> None:
    root = ElementTree.fromstring(write_deck(TRICKY, "cockatrice").encode("utf-8"))
    assert root.tag == "cockatrice_deck" and root.get("version") == "1"
    assert root.findtext("deckname") == 'Fish & "Chips" <deck>'
    zones = {zone.get("name"): zone for zone in root.findall("zone")}
    assert set(zones) == {"main", "side"}
    assert [card.get("name") for card in zones["side"]] == ["Akoum", "Tazeem"]
    assert [card.get("number") for card in zones["side"]] == ["1", "2"]


def test_forge_file_has_the_sections_forge_reads() -> None:
    text = write_deck(TRICKY, "forge")
    assert text.splitlines() == [
        "[metadata]",
        'Name=Fish & "Chips" <deck>',
        "[Commander]",
        "1 Bright-Palm, Soul Awakener",
        "[Main]",
        "4 Assault // Battery",
        '1 R&D\'s <Secret> "Lair"',
        "[Sideboard]",
        "1 Naturalize",
        "[Planes]",
        "1 Akoum",
        "2 Tazeem",
    ]


# -- the command ---------------------------------------------------------------------


def test_cli_convert_to_stdout_and_file(run_cli: Callable[..., object], tmp_path: Path) -> None:
    source = DECKS / "formats" / "forge-new-planes.dck"
    result = run_cli("deck", "convert", str(source), "--to", "cockatrice")
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    assert result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>')  # type: ignore[attr-defined]
    out = tmp_path / "deck.cod"
    written = run_cli("deck", "convert", str(source), "--to", "cockatrice", "-o", str(out))
    assert written.exit_code == 0, written  # type: ignore[attr-defined]
    assert written.stdout == ""  # type: ignore[attr-defined]
    assert out.read_text(encoding="utf-8") == result.stdout  # type: ignore[attr-defined]
    # an existing file needs --force
    again = run_cli("deck", "convert", str(source), "--to", "text", "-o", str(out))
    assert again.exit_code == 2  # type: ignore[attr-defined]
    assert "--force" in again.stderr  # type: ignore[attr-defined]
    assert out.read_text(encoding="utf-8") == result.stdout  # type: ignore[attr-defined]
    forced = run_cli("deck", "convert", str(source), "--to", "text", "-o", str(out), "--force")
    assert forced.exit_code == 0, forced  # type: ignore[attr-defined]
    assert "Planar Deck" in out.read_text(encoding="utf-8")


def test_cli_convert_never_overwrites_the_input(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    source = tmp_path / "deck.txt"
    original = "Planar Deck\r\n1 Akoum\r\n1 Bant\r\n"
    source.write_bytes(original.encode())
    for extra in ([], ["--force"]):
        result = run_cli("deck", "convert", str(source), "--to", "text", "-o", str(source), *extra)
        assert result.exit_code == 2  # type: ignore[attr-defined]
        assert "input file" in result.stderr  # type: ignore[attr-defined]
    link = tmp_path / "link.txt"
    link.symlink_to(source)
    result = run_cli("deck", "convert", str(source), "--to", "json", "-o", str(link), "--force")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert source.read_bytes() == original.encode()


def test_cli_convert_without_planar_deck_is_exit_1(run_cli: Callable[..., object]) -> None:
    result = run_cli(
        "deck", "convert", str(DECKS / "formats" / "forge-precon-no-planar.dck"), "--to", "json"
    )
    assert result.exit_code == 1  # type: ignore[attr-defined]
    assert "no planar deck" in result.stderr  # type: ignore[attr-defined]
    assert result.stdout == ""  # type: ignore[attr-defined]


def test_cli_convert_unreadable_is_exit_2(run_cli: Callable[..., object], tmp_path: Path) -> None:
    missing = run_cli("deck", "convert", str(tmp_path / "nope.txt"), "--to", "json")
    assert missing.exit_code == 2  # type: ignore[attr-defined]
    bad = run_cli("deck", "convert", str(DECKS / "formats" / "mtgo-sideboard.dek"), "--to", "pdf")
    assert bad.exit_code == 2  # type: ignore[attr-defined]


def test_cli_convert_json_report(run_cli: Callable[..., object]) -> None:
    source = DECKS / "valid" / "taw-commander-precon.txt"
    result = run_cli("deck", "convert", str(source), "--to", "mtgo", "--format", "json")
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    report = json.loads(result.stdout)  # type: ignore[attr-defined]
    assert report["to"] == "mtgo" and report["content"].startswith("<?xml")
    assert any("commander" in note for note in report["notes"])


def test_cli_convert_reads_stdin(run_cli: Callable[..., object]) -> None:
    result = run_cli("deck", "convert", "-", "--to", "forge", input="Planar Deck\n1 akoum\n")
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    assert result.stdout.endswith("[Planes]\n1 Akoum\n")  # type: ignore[attr-defined]


@pytest.mark.parametrize("target", TARGETS)
def test_every_catalog_card_survives_every_format(target: str, tmp_path: Path) -> None:
    catalog = load_catalog()
    deck = DeckToWrite(name="All", planar=tuple((card.name, 1) for card in catalog.cards))
    path = tmp_path / f"all{SUFFIXES[target]}"
    path.write_text(write_deck(deck, target), encoding="utf-8")
    assert [(item["name"], item["quantity"]) for item in planar_of(path)] == list(deck.planar)


def test_cli_convert_dash_o_is_stdout_and_links_are_followed(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    source = DECKS / "valid" / "bare-names.txt"
    stdout = run_cli("deck", "convert", str(source), "--to", "json", "-o", "-")
    assert stdout.exit_code == 0 and json.loads(stdout.stdout)["planar_deck"]  # type: ignore[attr-defined]
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = run_cli("deck", "convert", str(source), "--to", "json", "-o", str(link), "--force")
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    assert link.is_symlink()
    assert json.loads(target.read_text(encoding="utf-8"))["planar_deck"]


PRECONS = json.loads((DECKS / "precons.json").read_text(encoding="utf-8"))["precons"]


@pytest.mark.parametrize("precon", PRECONS, ids=lambda p: p["name"])
def test_official_precons_survive_every_format(precon: dict[str, object], tmp_path: Path) -> None:
    """Each official planar deck, written as its published list has it (main deck, then the
    planar cards under 'Planar Deck' or 'Sideboard'), converts to every format and back to
    the same planar deck, and every converted file is a legal deck under the rules of its
    release and today's."""
    planar = list(precon["planar_deck"])  # type: ignore[call-overload]
    lines = [f"// NAME: {precon['name']}", "9 Mountain", "9 Island", "", str(precon["section"])]
    source = tmp_path / "precon.txt"
    source.write_text("\n".join(lines + [f"1 {name}" for name in planar]) + "\n", "utf-8")
    expected = [{"name": name, "quantity": 1} for name in planar]
    assert planar_of(source) == expected
    for target in TARGETS:
        written = tmp_path / f"precon{SUFFIXES[target]}"
        written.write_text(convert_file(str(source), target, load_catalog()).text, "utf-8")
        assert planar_of(written) == expected, target
        for edition in ("current", str(precon["date"])):
            result = validate_file(str(written), load_catalog(), DeckOptions(edition=edition))
            assert result.valid and result.cards == 10, (target, edition, result)


@pytest.mark.parametrize(
    ("name", "content", "line"),
    [
        ("zero.txt", "Planar Deck\n1 Akoum\n0 Tazeem\n1 Naya\n", 3),
        ("negative.txt", "Planar Deck\n1 Akoum\n-1 Tazeem\n", 3),
        ("long.txt", "Planar Deck\n1 Akoum\n1 " + "B" * 1200 + "\n1 Naya\n", 3),
        ("row.csv", 'Count,Name\n"1,"Tazeem\n1,Akoum\n', 2),
        (
            "zone.cod",
            '<cockatrice_deck version="1"><zone name="side">'
            '<card number="1" name="Akoum"/><card number="abc" name="Tazeem"/>'
            "</zone></cockatrice_deck>",
            1,
        ),
    ],
)
def test_cli_convert_refuses_a_file_with_a_line_it_would_leave_out(
    run_cli: Callable[..., object], tmp_path: Path, name: str, content: str, line: int
) -> None:
    """A line the reader cannot read as a card (a 0 or negative quantity, an overlong or
    unreadable line) was dropped from the converted deck with exit 0 and no word."""
    source = tmp_path / name
    source.write_text(content, encoding="utf-8")
    out = tmp_path / "out.json"
    result = run_cli("deck", "convert", str(source), "--to", "json", "-o", str(out))
    assert result.exit_code == 2, result  # type: ignore[attr-defined]
    assert f"{source}:{line}:" in result.stderr  # type: ignore[attr-defined]
    assert "would leave it out" in result.stderr  # type: ignore[attr-defined]
    assert not out.exists()
    as_json = run_cli("deck", "convert", str(source), "--to", "text", "--format", "json")
    assert as_json.exit_code == 2  # type: ignore[attr-defined]
    assert json.loads(as_json.stdout)["error"]["exit_code"] == 2  # type: ignore[attr-defined]


def test_cli_convert_refuses_more_card_lines_than_validate_reads(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    """Readers stop soon after 5000 card lines; convert wrote the first 5001 lines of a
    6000-line file with exit 0 (validate calls such a file unreadable)."""
    source = tmp_path / "many.txt"
    source.write_text("Planar Deck\n" + "1 Tazeem\n" * 6000, encoding="utf-8")
    result = run_cli("deck", "convert", str(source), "--to", "json")
    assert result.exit_code == 2, result  # type: ignore[attr-defined]
    assert "more than 5000 card lines" in result.stderr  # type: ignore[attr-defined]
    assert result.stdout == ""  # type: ignore[attr-defined]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("force", [False, True])
def test_cli_convert_writes_into_a_fifo_and_never_replaces_it(
    run_cli: Callable[..., object], tmp_path: Path, force: bool
) -> None:
    """-o to a FIFO (or a device: -o /dev/null, /dev/stdout) was renamed over with a regular
    file: the pipe (or, run as root, the device node) was gone, its reader left hanging."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # the read end, opened without waiting for a writer (no thread that could hang)
    reading = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        source = DECKS / "valid" / "taw-commander-precon.txt"
        args = ["deck", "convert", str(source), "--to", "json", "-o", str(fifo)]
        result = run_cli(*args, *(["--force"] if force else []))
        received = os.read(reading, 1 << 16)
    finally:
        os.close(reading)
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert json.loads(received)["planar_deck"]


def test_cli_convert_help_names_every_input_format(run_cli: Callable[..., object]) -> None:
    """The --input-format help left out csv, which convert reads."""
    from planarcli.deck.readers import FORMATS

    text = " ".join(run_cli("deck", "convert", "--help").stdout.split())  # type: ignore[attr-defined]
    listed = text.split("instead of detecting it (", 1)[1].split(")", 1)[0]
    assert sorted(name.strip() for name in listed.split(",")) == sorted(FORMATS)


# -- what -o keeps (issue 15) -----------------------------------------------------------


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_cli_convert_force_keeps_the_mode_of_the_file_it_replaces(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    source = DECKS / "formats" / "forge-new-planes.dck"
    new = tmp_path / "new.txt"
    assert run_cli("deck", "convert", str(source), "--to", "text", "-o", str(new)).exit_code == 0  # type: ignore[attr-defined]
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~_umask()  # a new file: the umask's
    for mode in (0o640, 0o600, 0o664):
        out = tmp_path / f"kept-{mode:o}.txt"
        out.write_text("old\n", encoding="utf-8")
        out.chmod(mode)
        args = ("deck", "convert", str(source), "--to", "text", "-o", str(out), "--force")
        assert run_cli(*args).exit_code == 0  # type: ignore[attr-defined]
        assert "Planar Deck" in out.read_text(encoding="utf-8")
        assert stat.S_IMODE(out.stat().st_mode) == mode


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_cli_convert_force_as_root_keeps_owner_and_group(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    source = DECKS / "formats" / "forge-new-planes.dck"
    out = tmp_path / "theirs.txt"
    out.write_text("old\n", encoding="utf-8")
    os.chown(out, 4321, 4322)
    args = ("deck", "convert", str(source), "--to", "text", "-o", str(out), "--force")
    assert run_cli(*args).exit_code == 0  # type: ignore[attr-defined]
    assert (out.stat().st_uid, out.stat().st_gid) == (4321, 4322)


def test_ctrl_c_while_convert_writes_leaves_no_temporary_file(
    run_cli: Callable[..., object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = DECKS / "formats" / "forge-new-planes.dck"
    out = tmp_path / "deck.txt"
    out.write_text("old\n", encoding="utf-8")

    def interrupted(descriptor: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    args = ("deck", "convert", str(source), "--to", "text", "-o", str(out), "--force")
    result = run_cli(*args)
    assert result.exit_code == 130, result  # type: ignore[attr-defined]
    assert result.stderr == "planarcli: interrupted\n"  # type: ignore[attr-defined]
    assert out.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt"]


FORGE_DECK = (DECKS / "formats" / "forge-new-planes.dck").read_text(encoding="utf-8")


NO_PLANES = (DECKS / "formats" / "forge-precon-no-planar.dck").read_text(encoding="utf-8")


def test_deck_convert_json_stays_json_when_it_fails(write, tmp_path, run_cli) -> None:
    """`deck convert ... --format json` printed nothing on stdout for a missing file, a file
    without a planar deck, an existing -o, or a bad --to."""
    deck = write("strike.dck", FORGE_DECK)
    empty = write("precon.dck", NO_PLANES)
    taken = write("taken.json", "{}")
    cases = [
        (["deck", "convert", str(tmp_path / "nope.dck"), "--to", "json"], 2),
        (["deck", "convert", str(empty), "--to", "json"], 1),
        (["deck", "convert", str(deck), "--to", "json", "-o", str(taken)], 2),
        (["deck", "convert", str(deck), "--to", "forge", "-o", str(deck)], 2),
        (["deck", "convert", str(deck), "--to", "bogus"], 2),
        (["deck", "convert", str(deck)], 2),
    ]
    for args, code in cases:
        result = run_cli(*args, "--format", "json")
        assert result.exit_code == code, (args, result)
        document = json.loads(result.stdout)
        assert document["error"]["exit_code"] == code, document
        assert document["content"] is None
        assert document["error"]["message"].split(":")[0].split("'")[0] in result.stderr
    assert taken.read_text(encoding="utf-8") == "{}"
    assert deck.read_text(encoding="utf-8") == FORGE_DECK
