"""cardline's cheap tests stand in for their patterns: each says yes whenever the pattern
matches, so the pattern is only compiled and searched where it can match."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.deck.readers import cardline

#: Text shaped like the starts of card lines, numbered or not.
_STARTS = st.text(
    alphabet=st.sampled_from("0123456789١٢#.)．）、 \t\ufe0f\u20e3\U0001f51fAkoum-x×"), max_size=12
)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(_STARTS)
def test_a_list_number_is_matched_whenever_it_can_match(value: str) -> None:
    if cardline.LIST_NUMBER.match(value):
        assert cardline.may_be_numbered(value)


def test_a_plain_card_line_is_no_numbered_line() -> None:
    assert not cardline.may_be_numbered("1 Akoum")
    assert cardline.may_be_numbered("1. Akoum")
    assert cardline.may_be_numbered("12) Akoum")
    assert cardline.may_be_numbered("1\ufe0f\u20e3 Akoum")
    assert cardline.may_be_numbered("#1 Akoum")
