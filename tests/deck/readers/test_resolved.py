"""``planar.resolved``: the run's resolutions kept by name, always what the catalog says."""

from __future__ import annotations

import pytest

from planarcli.cards.store import load_snapshot
from planarcli.deck.readers import planar
from planarcli.deck.readers.planar import planar_card, resolved

#: Exact, folded, printed (foreign) names, a typo and no card.
NAMES = ["Akoum", "akoum", "  AKOUM ", "Académie de l'Ouest de Tolaria", "Akuom", "Forest", ""]


@pytest.mark.parametrize("name", NAMES)
def test_a_kept_resolution_is_the_catalogs(name: str) -> None:
    catalog = load_snapshot()
    first, again = resolved(catalog, name), resolved(catalog, name)
    assert first == again == catalog.resolve(name)
    assert planar_card(catalog, name) is catalog.lookup(name)


def test_resolutions_are_kept_per_catalog_and_up_to_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one, other = load_snapshot(), load_snapshot()
    assert resolved(one, "Akoum").card is one.lookup("Akoum")
    assert resolved(other, "Akoum").card is other.lookup("Akoum")  # not ``one``'s card
    assert planar._RESOLVED[0] is other
    monkeypatch.setattr(planar, "RESOLVED_KEPT", len(planar._RESOLVED[1]))
    resolved(other, "Bant")
    assert "Bant" not in planar._RESOLVED[1] and resolved(other, "Bant").card is not None
