"""News agencies' credits are no terms of a report (``features.WIRE_CREDITS``).

The reports are written here: a wildfire and a flood of the same week on two continents, both
carried by the same wires.
"""

from __future__ import annotations

from crosscheck.events.features import WIRE_CREDITS, features, terms_and_names
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity
from crosscheck.model import Article

from grouping_support import bare

FIRE = ("MARVELA (AFP) - Wildfires around the coastal town of Marvela killed at least 40 people on Saturday, "
        "Reuters reported, as firefighters battled the blaze near Quintella. AFP journalists saw burned homes.")
FLOOD = ("OSKELBAD (AFP) - Floods in the river town of Oskelbad killed at least 12 people on Saturday, Reuters "
         "reported, as rescuers searched the Varnau valley. AFP journalists saw submerged cars.")


def test_a_wire_s_credit_is_no_term_nor_name() -> None:
    weights, names = terms_and_names(FIRE)
    assert {"afp", "reuters"} <= WIRE_CREDITS
    assert not WIRE_CREDITS & set(weights) and not WIRE_CREDITS & set(names)
    assert {"marvela", "quintella"} <= set(weights)


def test_two_events_carried_by_the_same_wires_share_no_credit() -> None:
    fire = features(bare(Article(id="fire", source="written", published="2026-02-03", title=None, text=FIRE)))
    flood = features(bare(Article(id="flood", source="written", published="2026-02-03", title=None, text=FLOOD)))
    assert not WIRE_CREDITS & (set(fire.weights) & set(flood.weights))
    assert similarity(fire, flood) < DEFAULT_PARAMS.near_threshold
