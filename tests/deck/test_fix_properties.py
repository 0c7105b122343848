"""Property tests for ``validate --fix``: fixing twice changes nothing more, and a fix never
touches a line that had no finding, whatever the line forms, encoding and line endings."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.cards.store import load_catalog
from planarcli.deck.checks import DeckOptions, check_planar_deck
from planarcli.deck.fix import fix_bytes
from planarcli.deck.locate import Lines
from planarcli.deck.readers import detect_format, reader_for
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.source import RawInput
from planarcli.deck.rewrite import layout_of

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KNOWN = [
    "Akoum",
    "Bant",
    "Naya",
    "Tazeem",
    "Eloren Wilds",
    "Stairs to Infinity",
    "Chaotic Aether",
    "Time Distortion",
    "Interplanar Tunnel",
    "The Aether Flues",
    "Academy at Tolaria West",
    "Littjara",
]
MISSPELT = ["Akuom", "Eloren Wild", "Stairs to Infinty", "Tazem", "Littiara", "Time Distortin"]
VARIANTS = ["The AEther Flues", "THE ÆTHER FLUES", "bant", "Chaotic Æther"]
OTHER = ["Sol Ring", "Island", "Mountain", "Llanowar Elves", "Acadmy at Tolaria Wst"]
FORMS = ["{q} {n}", "{q}x {n}", "{n}", "{q} {n} [OHOP:1]", "{q} {n} *F*", "SB: {q} {n}", "x{q} {n}"]
OTHER_LINES = ["", "// a comment", "# note", "Planar Deck", "Sideboard", "Commander", "Deck"]

card_line = st.builds(
    lambda form, name, quantity: form.format(q=quantity, n=name),
    st.sampled_from(FORMS),
    st.sampled_from(KNOWN + MISSPELT + VARIANTS + OTHER),
    st.integers(min_value=1, max_value=3),
)
deck_lines = st.lists(st.one_of(card_line, card_line, st.sampled_from(OTHER_LINES)), max_size=24)
ENCODINGS = [
    ("utf-8", b""),
    ("utf-8", b"\xef\xbb\xbf"),
    ("utf-16-le", b"\xff\xfe"),
    ("utf-16-be", b"\xfe\xff"),
    ("cp1252", b""),
]


def encode(lines: list[str], newline: str, final: bool, encoding: tuple[str, bytes]) -> bytes:
    codec, mark = encoding
    text = newline.join(lines) + (newline if final and lines else "")
    return mark + text.encode(codec)


def fix(data: bytes) -> bytes:
    new, _, _ = fix_bytes(RawInput("deck.txt", data, ".txt"), load_catalog(), DeckOptions())
    return new


def finding_lines(data: bytes) -> set[int]:
    """Lines with an unknown-card, duplicate-card or possible-planar-card finding."""
    catalog = load_catalog()
    raw = RawInput("deck.txt", data, ".txt")
    decklist = reader_for(detect_format(raw))(raw)
    planar = find_planar_deck(decklist, catalog)
    if not planar.found:
        return set()
    findings, _ = check_planar_deck(planar.entries, catalog, DeckOptions())
    lines = {
        f.line
        for f in findings
        if f.line is not None and f.code in ("unknown-card", "duplicate-card")
    }
    return lines | {entry.line for entry, _ in planar.overlooked if entry.line is not None}


def content_lines(data: bytes) -> list[str]:
    text = layout_of(data, "deck.txt").text
    lines = Lines(text)
    return [text[a:b] for a, b in zip(lines.starts, lines.ends, strict=True)] if text else []


#: A decklist file: its lines, its line ending, whether its last line ends, its encoding
#: (the arguments of ``encode``).
given_a_deck_file = given(
    deck_lines,
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.booleans(),
    st.sampled_from(ENCODINGS),
)


@SETTINGS
@given_a_deck_file
def test_fixing_twice_changes_nothing_more(
    lines: list[str], newline: str, final: bool, encoding: tuple[str, bytes]
) -> None:
    data = encode(lines, newline, final, encoding)
    once = fix(data)
    assert fix(once) == once


@SETTINGS
@given_a_deck_file
def test_fix_changes_only_lines_with_findings(
    lines: list[str], newline: str, final: bool, encoding: tuple[str, bytes]
) -> None:
    data = encode(lines, newline, final, encoding)
    after = fix(data)
    codec, mark = encoding
    assert after.startswith(mark)
    if after == data:
        return
    flagged = finding_lines(data)
    assert flagged, "a file without findings must come out unchanged"
    # Every line without a finding is still there, in order and byte for byte (no
    # re-encoding); what differs stands for lines with findings (changed or removed).
    sep = newline.encode(codec)
    for old, new in (
        (content_lines(data), content_lines(after)),
        (data[len(mark) :].split(sep), after[len(mark) :].split(sep)),
    ):
        unflagged = [line for number, line in enumerate(old, start=1) if number not in flagged]
        rest = iter(new)
        assert all(any(line == other for other in rest) for line in unflagged), (old, new)
        assert len(new) - len(unflagged) <= len(flagged), (old, new)


planar_cards = st.lists(
    st.tuples(
        st.sampled_from(KNOWN + MISSPELT + VARIANTS + OTHER), st.integers(min_value=1, max_value=3)
    ),
    max_size=16,
)


def forge_deck(cards: list[tuple[str, int]], newline: str) -> bytes:
    lines = ["[metadata]", "Name=Prop", "[Main]", "4 Island|M11", "[Planes]"]
    lines += [f"{q} {n}|HOP|{q}" if i % 2 else f"{q} {n}" for i, (n, q) in enumerate(cards)]
    return (newline.join(lines) + newline).encode("utf-8")


def cockatrice_deck(cards: list[tuple[str, int]], newline: str) -> bytes:
    def attr(value: str) -> str:
        return value.replace("&", "&amp;").replace('"', "&quot;")

    rows = [f'    <card number="{q}" name="{attr(n)}"/>' for n, q in cards]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<cockatrice_deck version="1">',
        '  <zone name="planes">',
        *rows,
        "  </zone>",
        "</cockatrice_deck>",
    ]
    return (newline.join(lines) + newline).encode("utf-8")


@SETTINGS
@given(planar_cards, st.sampled_from(["\n", "\r\n"]), st.sampled_from(["forge", "cockatrice"]))
def test_fixing_twice_changes_nothing_more_in_forge_and_cockatrice(
    cards: list[tuple[str, int]], newline: str, format_name: str
) -> None:
    suffix = ".dck" if format_name == "forge" else ".cod"
    data = (forge_deck if format_name == "forge" else cockatrice_deck)(cards, newline)

    def fix_as(content: bytes) -> bytes:
        raw = RawInput("deck" + suffix, content, suffix)
        return fix_bytes(raw, load_catalog(), DeckOptions())[0]

    once = fix_as(data)
    assert fix_as(once) == once
    if once != data:  # the fixed file has no repairable finding left
        raw = RawInput("deck" + suffix, once, suffix)
        assert fix_bytes(raw, load_catalog(), DeckOptions())[1] == ()


@SETTINGS
@given(
    st.one_of(
        st.binary(max_size=400),
        st.text(max_size=400).map(lambda t: t.encode("utf-8")),
        deck_lines.map(lambda lines: "\n".join(lines).encode("utf-8")),
    ),
    st.sampled_from([".txt", ".dck", ".cod", ".dek", ".json"]),
)
def test_fix_of_any_input_is_a_result_or_a_clean_error(data: bytes, suffix: str) -> None:
    from planarcli.errors import PlanarError

    raw = RawInput("deck" + suffix, data, suffix)
    try:
        new, made, _ = fix_bytes(raw, load_catalog(), DeckOptions())
    except PlanarError as error:
        assert str(error)
        return
    assert (new == data) == (not made)


CSV_NAMES = [
    "Akoum",
    "Akuom",
    "Bant",
    "Tazem",
    "Stairs to Infinty",
    "The Drum, Mining Facility",
    "Chaotic Æther",
    "Sol Ring",
    "Llanowar Elves",
]


CSV_LAYOUTS = [
    ('"Count","Tradelist Count","Name","Edition"', '"{q}","0","{n}","pc2"', ","),
    ("Board,Qty,Name,Printing", 'side,{q},"{n}",', ","),
    ("Quantity;Name;Edition", '{q};"{n}";PC2', ";"),
    ("Count\tName", "{q}\t{n}", "\t"),
]


def _csv_fix(data: bytes) -> tuple[bytes, tuple]:
    from planarcli.cards.store import load_catalog
    from planarcli.deck.checks import DeckOptions
    from planarcli.deck.fix import fix_bytes
    from planarcli.deck.readers.source import RawInput

    new, made, _ = fix_bytes(RawInput("deck.csv", data, ".csv"), load_catalog(), DeckOptions())
    return new, made


def test_fixing_a_csv_twice_changes_nothing_more() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    rows = st.lists(
        st.tuples(st.sampled_from(CSV_NAMES), st.integers(min_value=1, max_value=3)),
        min_size=1,
        max_size=12,
    )

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(rows, st.sampled_from(CSV_LAYOUTS), st.sampled_from(["\n", "\r\n"]))
    def check(cards, layout, newline) -> None:
        header, row, _ = layout
        lines = [header] + [row.format(q=q, n=n) for n, q in cards]
        data = (newline.join(lines) + newline).encode("utf-8")
        once, made = _csv_fix(data)
        again, more = _csv_fix(once)
        assert again == once and more == (), (data, once)
        # Rows the repairs did not touch keep their bytes, in order.
        touched = {repair.entry.line for repair in made}
        old_rows = data.split(newline.encode())
        kept = [r for number, r in enumerate(old_rows, start=1) if number not in touched]
        rest = iter(once.split(newline.encode()))
        assert all(any(r == other for other in rest) for r in kept), (data, once)

    check()
