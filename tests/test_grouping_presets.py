"""Grouping presets: named constants, each with what it was fitted on and the command that fits it."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams
from crosscheck.events.presets import PRESETS, preset

REPO = Path(__file__).resolve().parents[1]


def test_the_default_preset_is_what_every_path_groups_with() -> None:
    assert preset("default") is DEFAULT_PARAMS


def test_the_single_link_preset_is_one_event_per_component() -> None:
    single = preset("single-link")
    assert single.linkage == "single" and single.threshold > DEFAULT_PARAMS.threshold


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_names_a_bench_that_fits_it(name: str) -> None:
    entry = PRESETS[name]
    assert entry.name == name and isinstance(entry.params, GroupingParams) and entry.fitted_on
    scripts = [word for word in entry.command.split() if word.startswith("bench/")]
    assert scripts and all((REPO / script).is_file() for script in scripts)


def test_an_unknown_preset_names_the_ones_there_are() -> None:
    with pytest.raises(KeyError, match="default.*single-link"):
        preset("gva-2019")
