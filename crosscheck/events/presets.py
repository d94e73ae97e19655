"""Named sets of grouping constants: which ``GroupingParams`` a corpus is grouped with, and how
each set was fitted.

``default`` is what every path uses unless told otherwise (``DEFAULT_PARAMS``): one set for news
in general, fitted on halves of both evaluation corpora at once (ECB+, reports without dates from
many kinds of events; GVA, dated local reports of shootings) and judged on the other halves, so
that no single corpus decides it. ``single-link`` is the earlier rule (one event per connected
component of links at a higher threshold), kept as the baseline the benchmarks compare with.

A set fitted on one corpus is added here as its own preset, with the command that fitted it, once
it has been judged on a held-out half of that corpus; ``docs/evaluation-grouping.md`` records the
measurements behind every constant.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of grouping constants, what it was fitted on and the command that fits it."""

    name: str
    params: GroupingParams
    fitted_on: str
    command: str


PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset(
            name="default",
            params=DEFAULT_PARAMS,
            fitted_on="halves of ECB+ (by topic) and GVA (by incident) together, judged on the other halves",
            command=(
                ".venv/bin/python bench/bench_grouping.py --fit (one constant at a time: "
                ".venv/bin/python bench/regroup.py --db STORE NAME=VALUE)"
            ),
        ),
        Preset(
            name="single-link",
            params=replace(DEFAULT_PARAMS, threshold=0.37, window_bonus=0.12, linkage="single"),
            fitted_on="ECB+ and GVA halves separately: 0.37 on either ECB+ half, 0.25 within 3 days on GVA",
            command=".venv/bin/python bench/bench_grouping.py --fit --corpus ECB+ (and --corpus GVA --small-grid)",
        ),
    )
}


def preset(name: str) -> GroupingParams:
    """The constants of the preset called ``name``; a ``KeyError`` names the presets there are."""
    try:
        return PRESETS[name].params
    except KeyError:
        raise KeyError(f"no grouping preset {name!r}; choose one of {', '.join(PRESETS)}") from None
