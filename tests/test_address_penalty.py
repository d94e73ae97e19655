"""Two dated reports giving different street addresses, none in common, lose ``address_penalty``."""

from __future__ import annotations

from dataclasses import replace

from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, addresses_differ, conflicts, similarity

TERMS = (("varnton", 0.6), ("elm", 0.5), ("roe", 0.4), ("quellham", 0.3), ("birch", 0.3))
NO_PENALTY = replace(DEFAULT_PARAMS, address_penalty=0.0)


def _doc(identifiers: tuple[str, ...], day: int | None = 740000) -> DocFeatures:
    return DocFeatures(day=day, years=(), kind=None, terms=TERMS, identifiers=identifiers)


def test_addresses_differ_only_when_both_give_some_and_none_is_common() -> None:
    assert addresses_differ(("@addr 1400 elm",), ("@addr 900 birch",))
    assert not addresses_differ(("@addr 1400 elm", "@addr 900 birch"), ("@addr 900 birch",))
    assert not addresses_differ(("@addr 1400 elm",), ("@name jon roe",))
    assert not addresses_differ(("@name jon roe",), ("@name ada quill",))
    assert not addresses_differ((), ("@addr 900 birch",))


def test_two_dated_reports_at_other_addresses_lose_the_penalty() -> None:
    elm, birch = _doc(("@addr 1400 elm", "@name jon roe")), _doc(("@addr 900 birch",))
    assert similarity(elm, birch) == similarity(elm, birch, NO_PENALTY) - DEFAULT_PARAMS.address_penalty
    weeks_later = replace(birch, day=740020)  # beyond the window too (within ``followup_days``)
    assert similarity(elm, weeks_later) == similarity(elm, weeks_later, NO_PENALTY) - DEFAULT_PARAMS.address_penalty
    # one address in common: the bonus, no penalty
    both = _doc(("@addr 900 birch", "@addr 1400 elm"))
    assert similarity(elm, both) == similarity(elm, both, NO_PENALTY) > similarity(elm, birch, NO_PENALTY)
    # an address on one side only: nothing
    name_only = _doc(("@name jon roe",))
    assert similarity(elm, name_only) == similarity(elm, name_only, NO_PENALTY)


def test_undated_reports_compare_no_addresses() -> None:
    elm, birch = _doc(("@addr 1400 elm",), day=None), _doc(("@addr 900 birch",), day=None)
    assert similarity(elm, birch) == similarity(elm, birch, NO_PENALTY)


def test_other_addresses_are_no_conflict_for_near_pairs() -> None:
    assert not conflicts(_doc(("@addr 1400 elm",)), _doc(("@addr 900 birch",)))
