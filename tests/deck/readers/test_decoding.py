"""``decoding.has_japanese``, the test of Japanese writing that a legacy Japanese file is
told by, reads as the character class it replaces (which cost 19 M instructions to compile)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.deck.readers.decoding import has_japanese

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

#: The ranges' edges and their neighbours, ASCII, Latin-1, other scripts, an emoji.
EDGES = "\u303f\u3040\u3041\u30fe\u30ff\u3100\u4dff\u4e00\u4e01\u9ffe\u9fff\ua000aé—\uff10😀"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(EDGES) | st.characters(), max_size=12))
def test_has_japanese_agrees_with_the_character_class(text: str) -> None:
    assert has_japanese(text) == (JAPANESE.search(text) is not None)


def test_has_japanese_on_a_card_line_and_on_latin_text() -> None:
    assert has_japanese("1 アゾリウスの流刑地") and has_japanese("1 次元間の門")
    assert not has_japanese("1 Akoum") and not has_japanese("1 Ålborg – ＡＢＣ")
