"""Incremental grouping of articles into events, with blocking instead of all-pairs comparison.

Two articles are *linked* when their distinctive terms agree (cosine of ``DocFeatures.terms``)
well enough once the distance between their publication days, a conflict between the years they
state and places that do not meet are taken off, and a place they share at a known time is
added (``similarity``). The connected components of that link graph are the first level: a new
article joins the component of every article it links to, and components it links together are
merged; near pairs, a little below the link threshold, join components too (``pair_floor``). The
second level splits each component into events by average or weighted linkage over its links
(``cluster_component``; with ``linkage="single"`` a component is one event), and a report with no
link joins the event holding several of its near pairs (``attach_unlinked_reports``). Because the
similarity of two articles is fixed (corpus-independent term weights), components do not depend
on the order edges arrive in, and the split is a function of the component alone, ingesting the
same corpus in another order or in other batch sizes gives the same grouping, up to the
candidates the blocking index misses (``candidates`` keeps the best ``limit`` by shared rare terms
inside a time window).

The index of stored articles is behind the small ``TermLookup`` protocol (``candidate_ids``): an
inverted term index restricted by day, so the cost per article does not grow with the whole
corpus, only with the articles of its time window sharing rare terms.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Container, Protocol, Sequence

from crosscheck.events.features import (
    DocFeatures, crosslingual, crosslingual_key, parse_measures, place_words, rarity,
)


@dataclass(frozen=True, slots=True)
class GroupingParams:
    """Decision constants of the grouping (see ``crosscheck.events.presets`` for named sets and the
    commands that fit them; ``docs/evaluation-grouping.md`` for what each was measured against).

    Level 1: documents whose ``similarity`` reaches ``threshold`` are linked; pairs from
    ``near_threshold`` up to it whose reports state nothing against one event are near pairs
    (``keeps_pair``); both join link components. Level 2 splits each component into events by
    ``linkage`` ("single": one event per component; "average" or "weighted": cut at
    ``event_threshold``, ``cluster_component``) over its links and, with ``dated_near_linkage``, the
    near pairs of reports published within ``window_days`` of each other (``linkage_pairs``), then
    moves small events, lone reports and unlinked reports into the event they clearly belong to
    (``attach_*``, ``near_count``; ``None`` or a size below 2 turns a rule off). The other fields
    weigh the evidence ``similarity`` reads: time (``window_days``, ``bonus_days``, ``window_bonus``,
    ``day_penalty``, ``followup_days``, ``named_day_followup``), stated years and values
    (``*_penalty``, ``*_tolerance``, ``*_bonus``), places, addresses, names (``names_in_places``)
    and sites, reports in two languages (``crosslingual_scale``, ``crosslingual_min_shared``), and
    the blocking (``max_gap_days``, ``candidate_limit``, ``index_terms``, ``weighted_index``,
    ``headline_channel``, ``recurring_weeks``).
    """

    threshold: float = 0.25
    event_threshold: float = 0.10
    linkage: str = "weighted"
    attach_threshold: float | None = 0.30
    attach_max_size: int = 3
    attach_ratio: float = 2.0
    near_threshold: float | None = 0.20
    near_count: int = 2
    max_component: int = 1000
    window_bonus: float = 0.05
    window_days: int = 3
    bonus_days: int = 2
    day_penalty: float = 0.075
    year_penalty: float = 0.15
    dated_year_penalty: float = 0.0
    place_bonus: float = 0.05
    place_penalty: float = 0.05
    address_bonus: float = 0.4
    address_penalty: float = 0.3
    name_bonus: float = 0.2
    magnitude_penalty: float = 0.3
    age_penalty: float = 0.1
    ages_penalty: float = 0.1
    common_age_bonus: float = 0.05
    followup_age_bonus: float = 0.10
    time_penalty: float = 0.05
    site_penalty: float = 0.1
    names_bonus: float = 0.2
    name_rarity: float = 4.5
    unnamed_penalty: float = 0.1
    unnamed_rarity: float = 2.0
    copy_cosine: float | None = 0.8
    recurring_weeks: int | None = 10
    followup_days: int | None = 30
    victims_penalty: float = 0.05
    victims_estimate: float | None = 10
    magnitude_bonus: float = 0.1
    address_ages: bool = True
    time_tolerance: int = 60
    magnitude_tolerance: float = 0.25
    age_tolerance: int = 2
    min_shared: int = 3
    max_gap_days: int = 400
    candidate_limit: int = 60
    index_terms: int = 20
    weighted_index: bool = True
    headline_channel: bool = True
    dated_near_linkage: bool = True
    crosslingual_scale: float | None = 2.0
    crosslingual_min_shared: int = 2
    named_day_followup: bool = True
    names_in_places: bool = True
    attach_fragments: bool = True


DEFAULT_PARAMS = GroupingParams()


@dataclass(frozen=True, slots=True)
class Candidate:
    """A stored article that shares rare terms with the new one, and its current link component."""

    doc_id: str
    features: DocFeatures
    component: str


class TermLookup(Protocol):
    """An index of documents by index term and day (``crosscheck.store.termindex.TermIndex``)."""

    def top(
        self, terms: Sequence[str], window: tuple[int, int] | None, limit: int, weights: Sequence[int] | None = None
    ) -> list[str]: ...


def candidate_ids(index: TermLookup, features: DocFeatures, params: GroupingParams = DEFAULT_PARAMS) -> list[str]:
    """The documents of ``index`` a new document is compared with: the ``candidate_limit`` sharing
    the most of its ``index_terms`` (each counted by ``index_weights``; ties by id) among those
    published within ``max_gap_days`` of it (undated ones always count; an undated document sees
    every one). The store and the batch engines both rank candidates here."""
    terms = index_terms(features, params)
    if not terms:
        return []
    gap = params.max_gap_days
    window = None if features.day is None else (features.day - gap, features.day + gap)
    return index.top(terms, window, params.candidate_limit, index_weights(terms, params))


def index_terms(features: DocFeatures, params: GroupingParams = DEFAULT_PARAMS) -> list[str]:
    """The terms an article is filed under in the candidate index: its most distinctive ones, and
    its incident identifiers (addresses, full names: ``features.incident_identifiers``), so that
    two reports sharing an address reach each other even when their top terms differ. A page whose
    text is furniture (``DocFeatures.headline``, with ``headline_channel``) adds its headline's
    (after its own, each term once): the other reports of its incident share the headline's words,
    not the furniture's."""
    terms = _own_index_terms(features, params)
    if features.headline is not None and params.headline_channel:
        return list(dict.fromkeys(terms + _own_index_terms(features.headline, params)))
    return terms


def _own_index_terms(features: DocFeatures, params: GroupingParams) -> list[str]:
    """``index_terms`` of one feature set, without its headline's. A report of known language is
    filed under the ``crosslingual_key`` of each of those terms too (``"~magde"``), so that its
    reports in other languages reach it (``crosslingual_scale``; none for a report of unknown
    language, which is compared with no other language)."""
    terms = [term for term, _ in features.terms[: params.index_terms]]
    if features.language is not None and params.crosslingual_scale is not None:
        terms.extend(dict.fromkeys(f"~{crosslingual_key(term)}" for term in terms))
    if features.day is not None:  # identifiers only count between dated reports
        kinds = tuple(kind for kind, bonus in (("@addr", params.address_bonus), ("@name", params.name_bonus)) if bonus)
        if kinds:
            terms.extend(key for key in features.identifiers if key.startswith(kinds))
    return terms


def common_identifiers(a: Sequence[str], b: Sequence[str]) -> set[str]:
    """The identifiers two reports share: a common address or ``@name``, and a full name one report
    shows to be a person's (``@name``) that the other writes once (``@once``, as ``@name``); two
    names written once are not compared (``features.named_once_keys``)."""
    common = {key for key in set(a).intersection(b) if not key.startswith("@once")}
    once_a = {key[6:] for key in a if key.startswith("@once")}
    once_b = {key[6:] for key in b if key.startswith("@once")}
    if once_a or once_b:
        named_a = {key[6:] for key in a if key.startswith("@name")}
        named_b = {key[6:] for key in b if key.startswith("@name")}
        common.update(f"@name {name}" for name in (named_a & once_b) | (named_b & once_a))
    return common


def index_weights(terms: Sequence[str], params: GroupingParams = DEFAULT_PARAMS) -> list[int]:
    """How much each index term counts when the blocking ranks stored documents by the index terms
    they share with a new one (``candidate_ids``): its ``rarity`` in tenths, squared (so sums are
    exact integers and ties break alike in every engine); 4,900 for an identifier (the rarest a
    word can be); 1 each with ``weighted_index`` off.

    Why: a shooting report shares everyday words ("shooting", "police") with hundreds of reports of
    its year, as many as it shares with another outlet's report of the same night; counted alike,
    those fill the ``candidate_limit`` and the same-incident report is never compared. Squared, one
    rare name outweighs three everyday words.
    """
    if not params.weighted_index:
        return [1] * len(terms)
    return [4900 if term.startswith("@") else round(10 * min(rarity(term.lstrip("~")), 7.0)) ** 2 for term in terms]


def similarity(
    a: DocFeatures, b: DocFeatures, params: GroupingParams = DEFAULT_PARAMS, recurring: Container[str] = frozenset()
) -> float:
    """Term cosine of two reports, adjusted by what else they state about when and where.

    Time: a ``window_bonus`` within ``bonus_days``, nothing more up to ``window_days``, then
    ``day_penalty`` per doubling of the gap (none for a follow-up that names the other's day beyond
    ``followup_days``: ``named_day_gap``); years the reports state that differ cost
    ``year_penalty`` (``dated_year_penalty`` between dated reports, whose days already tell when);
    two texts more than ``window_days`` apart that nearly copy each other (``copy_cosine``) are no
    pair, nor two reports more than ``followup_days`` apart that share no detail of one incident
    (``shares_detail``). Between dated reports: a common place gains ``place_bonus`` and places
    that never meet cost ``place_penalty``; common identifiers and names count
    (``with_identifiers``, ``with_names``), other street addresses cost ``address_penalty``. Stated
    values (magnitudes, ages, times of day, victims) that conflict cost (``values_penalty``), a
    common age gains (``common_ages_bonus``), and two pages of one site lose ``site_penalty`` (their
    furniture agrees, not their events). A page whose text is furniture is also compared by its
    headline within the window (``headline_channel``; two such pages by their headlines alone).
    Two reports in different languages are compared by their ``features.crosslingual`` keys, what
    their names share counted ``crosslingual_scale`` times, from ``crosslingual_min_shared`` keys in
    common (``in_two_languages``).

    Why: reports of one event share rare words, days, places and details; reports of two events of
    one kind share vocabulary. Across languages they share names, numbers and cognates only, about
    half of the weight two reports of one language share, hence the scale. Each adjustment is there
    because it told the two apart on the evaluation corpora (``docs/evaluation-grouping.md``).
    """
    if in_two_languages(a, b, params):
        return _similarity(
            crosslingual(a), crosslingual(b), params, recurring, params.crosslingual_scale, params.crosslingual_min_shared
        )
    if params.headline_channel and a.headline is not None and b.headline is not None:
        return _similarity(a.headline, b.headline, params, recurring)
    score = _similarity(a, b, params, recurring)
    if (
        params.headline_channel
        and (a.headline is not None or b.headline is not None)
        and a.day is not None
        and b.day is not None
        and abs(a.day - b.day) <= params.window_days
    ):
        headline_a = a.headline if a.headline is not None else a
        headline_b = b.headline if b.headline is not None else b
        score = max(score, _similarity(headline_a, headline_b, params, recurring))
    return score


def in_two_languages(a: DocFeatures, b: DocFeatures, params: GroupingParams = DEFAULT_PARAMS) -> bool:
    """Whether ``similarity`` compares two reports across languages: both languages known and
    different, with ``crosslingual_scale`` set (``None``: whole terms, the earlier rule)."""
    return (
        params.crosslingual_scale is not None
        and a.language is not None
        and b.language is not None
        and a.language != b.language
    )


def _similarity(
    a: DocFeatures, b: DocFeatures, params: GroupingParams, recurring: Container[str] = frozenset(), scale: float = 1.0,
    min_shared: int | None = None,
) -> float:
    """``similarity`` of two feature sets, without the headline channel: the term cosine, its part
    from terms that are names on both sides (``names``) counted ``scale`` times, 0 with fewer than
    ``min_shared`` terms in common (``crosslingual_scale`` and ``crosslingual_min_shared`` between
    two languages; else 1 and ``params.min_shared``)."""
    wa, wb = a.weights, b.weights
    shared = wa.keys() & wb.keys()
    if len(shared) < (params.min_shared if min_shared is None else min_shared):  # one shared name ("Turkmenistan"): not one event
        return 0.0
    # fsum: the exact sum, whatever order the set of shared terms is walked in (it follows the
    # per-process string hash), so two processes give the same score to the last bit.
    cosine = math.fsum([wa[term] * wb[term] for term in shared])  # a list: cheaper than a generator here
    score = cosine
    if scale != 1.0 and a.names and b.names:
        named = shared.intersection(a.names, b.names)
        score += (scale - 1.0) * math.fsum([wa[term] * wb[term] for term in named])
    in_window = follows_up = False
    dated = a.day is not None and b.day is not None
    if dated:
        gap = abs(a.day - b.day)
        in_window = gap <= params.window_days
        if gap > params.max_gap_days:
            return -1.0
        follows_up = (
            params.named_day_followup and gap > params.window_days and named_day_gap(a, b) <= params.window_days
        )
        if gap > params.window_days and not follows_up:  # a follow-up naming the other's day: no penalty
            score -= params.day_penalty * math.log2(gap / params.window_days)
        elif gap <= params.bonus_days:  # published within two days: time agrees, the text needs less to agree
            score += params.window_bonus
    if a.years and b.years and a.years[0] not in b.years and b.years[0] not in a.years:
        score -= params.dated_year_penalty if dated else params.year_penalty
    if a.measures and b.measures:
        score -= values_penalty(a.measure_values, b.measure_values, params, times=in_window, dated=dated)
    if dated and a.places and b.places:
        score += params.place_bonus if not set(a.places).isdisjoint(b.places) else -params.place_penalty
    if dated and a.identifiers and b.identifiers:
        score = with_identifiers(score, a.identifiers, b.identifiers, params)
    if a.site is not None and a.site == b.site:  # after the identifiers: a name lifts no pair of one site to a link
        score -= params.site_penalty
    if dated and a.identifiers and b.identifiers and addresses_differ(a.identifiers, b.identifiers):
        score -= params.address_penalty
    if dated and a.names is not None and b.names is not None:
        places = (a.places, b.places) if params.names_in_places else ((), ())
        score = with_names(score, a.names, b.names, params, recurring, *places)
        if not in_window and params.copy_cosine is not None and cosine >= params.copy_cosine:
            score = min(score, 0.0)  # a copy weeks apart: a page template, not a follow-up (``copy_cosine``)
    if a.measures and b.measures:  # after the names: a common age is evidence of its own, not capped with them
        score += common_ages_bonus(a.measure_values, b.measure_values, params, dated, in_window)
        score += common_magnitude_bonus(a.measure_values, b.measure_values, params)
    if (  # a pair at or below 0 is no pair anyway: most candidates weeks apart, not asked (0.18 ms/doc)
        score > 0 and dated and params.followup_days is not None and gap > params.followup_days
        and not follows_up and not shares_detail(a, b, params, recurring)
    ):
        score = min(score, 0.0)  # weeks apart with nothing of one incident in common: two incidents of one kind
    return score


def named_day_gap(a: DocFeatures, b: DocFeatures) -> float:
    """Days between the earlier of two dated reports and the nearest day the later one names
    (``DocFeatures.named_days``); infinite when it names none.

    Why (``named_day_followup``): between two dated reports further apart than ``window_days``,
    one that names the other's day (within ``window_days``) is its follow-up (a ceasefire extended
    over "the earthquake of March 28" four weeks on, an arrest over "the fires of February 2" seven
    months on): their time agrees, so the gap costs no ``day_penalty`` and the follow-up rule
    (``shares_detail``) does not part them. Within ``followup_days`` too: a rule kept to longer gaps
    left a big event's follow-ups of its second to fourth week (the mourning, the aid, the ceasefire)
    to the text alone, which drifts from the first day's as the story moves. A region's second
    quake whose report recalls the first one's day in its own sentence gets no day penalty either:
    its text, places and magnitudes must tell the two apart (``docs/evaluation-grouping.md``).
    """
    if a.day is None or b.day is None:
        return math.inf
    earlier, later = (a, b) if a.day <= b.day else (b, a)
    return min((abs(day - earlier.day) for day in later.named_days), default=math.inf)


def shares_detail(
    a: DocFeatures, b: DocFeatures, params: GroupingParams = DEFAULT_PARAMS, recurring: Container[str] = frozenset()
) -> bool:
    """Whether two reports share a detail of one incident: a full name or a street address
    (``identifiers``), an age they state (``@aged``), or two common names at least ``name_rarity``
    rare that are no city's recurring names (the evidence ``with_names`` lifts a pair by). A common
    address with ages on both sides and none in common is no shared detail (``address_ages``).

    Why (``followup_days``): a follow-up weeks after an incident (an arrest, a trial, a funeral)
    tells whom it is about; two reports of one city's incidents months apart share the city's words
    and little else, and their cosine can still reach the link threshold.
    """
    common = common_identifiers(a.identifiers, b.identifiers)
    ages_a, ages_b = a.measure_values.get("@aged"), b.measure_values.get("@aged")
    ages_differ = bool(ages_a and ages_b) and set(ages_a).isdisjoint(ages_b)
    if any(key.startswith("@name") for key in common):
        return True
    if common and not (params.address_ages and ages_differ):
        return True
    if ages_a and ages_b and not ages_differ:
        return True
    common = set(a.names or ()).intersection(b.names or ())
    return sum(rarity(term) >= params.name_rarity for term in common if term not in recurring) >= 2


def with_names(
    score: float, a: Sequence[str], b: Sequence[str], params: GroupingParams = DEFAULT_PARAMS,
    recurring: Container[str] = frozenset(), places_a: Sequence[str] = (), places_b: Sequence[str] = (),
) -> float:
    """``score`` of two dated reports after the names they share (``DocFeatures.names``): lifted by up
    to ``names_bonus``, never above the link ``threshold``, when two or more common names are at least
    ``name_rarity`` rare; ``unnamed_penalty`` off a positive score when no common name is at least
    ``unnamed_rarity`` rare. A name of one report that is a word of the other's places
    (``places_a``, ``places_b``; ``names_in_places``) is a common name.

    Why: two reports of one incident name its town, street, neighbourhood and people; two incidents
    of one kind share the vocabulary of the kind and little else. The lift is capped: names only
    make links the text nearly made. A report's names leave out its places' words
    (``features.without_place_words``, so that a common place counts once, as a place), and a
    country that is a place of one report ("the quake struck in Myanmar") and only a name in the
    other ("Myanmar will mark a minute of silence") was then common to neither the places nor the
    names: two reports of one quake four days apart counted as unnamed.
    """
    common = set(a).intersection(b)
    if places_a or places_b:
        common |= set(a).intersection(place_words(tuple(places_b))) | set(b).intersection(place_words(tuple(places_a)))
    common = {name for name in common if name not in recurring}
    if score > 0 and not any(rarity(term) >= params.unnamed_rarity for term in common):
        return score - params.unnamed_penalty
    if score < params.threshold and sum(rarity(term) >= params.name_rarity for term in common) >= 2:
        return min(score + params.names_bonus, params.threshold)
    return score


def addresses_differ(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether both reports give street addresses (``@addr`` identifiers) and none is common.

    Why (``address_penalty``): the address is where an incident happened; two dated reports of one
    city that name different ones are mostly two incidents. Not a ``conflicts`` entry: such a pair
    can still be a near pair.
    """
    mine = {key for key in a if key.startswith("@addr")}
    if not mine:
        return False
    theirs = {key for key in b if key.startswith("@addr")}
    return bool(theirs) and mine.isdisjoint(theirs)


def with_identifiers(score: float, a: Sequence[str], b: Sequence[str], params: GroupingParams = DEFAULT_PARAMS) -> float:
    """``score`` of two dated reports after their common identifiers: plus ``address_bonus`` for a
    common street address; a common full name then lifts it by up to ``name_bonus``, but never
    above the link ``threshold`` (a pair already at or above it keeps its score).

    Why: reports of one incident from different outlets, or a follow-up weeks later, share few rare
    words but keep the address and the victim's or suspect's name. The name is capped because it
    shows that two reports are connected, not how much their texts agree: added in full it
    strengthened links that existed anyway and moved the level-2 split. Dated reports only (undated
    reports of two events share their protagonist).
    """
    common = common_identifiers(a, b)
    if not common:
        return score
    if any(key.startswith("@addr") for key in common):
        score += params.address_bonus
    if score < params.threshold and any(key.startswith("@name") for key in common):
        score = min(score + params.name_bonus, params.threshold)
    return score


_measure_values = parse_measures


def measure_penalty(
    a: Sequence[str], b: Sequence[str], params: GroupingParams = DEFAULT_PARAMS, times: bool = False
) -> float:
    """``magnitude_penalty`` if both reports state magnitudes and none of one report's comes within
    ``magnitude_tolerance`` of the other's, plus ``age_penalty`` if they give one person (by surname)
    ages that never come within ``age_tolerance`` (``features.stated_measures``); without such a
    conflict, ``ages_penalty`` when their stated ages have none in common.

    Why: two events of one kind that share a protagonist or a region (one island's two earthquakes,
    one boxer's two title defences) share every name, so the cosine links them; these values do
    not. Values are compared as sets: a report that also recalls an older quake's magnitude
    overlaps both.
    """
    return values_penalty(_measure_values(a), _measure_values(b), params, times)


def values_penalty(
    ma: dict[str, list[float]], mb: dict[str, list[float]], params: GroupingParams = DEFAULT_PARAMS, times: bool = False,
    dated: bool = False,
) -> float:
    """``measure_penalty`` of measures already parsed (``DocFeatures.measure_values``): ``similarity``
    runs for every candidate pair, and parsing both sides each time was most of what it cost.
    Between two dated reports, victim counts that differ (``reconcile.report_tolls.stated_victims``) cost
    ``victims_penalty`` too (``_victims_differ``)."""
    penalty = params.victims_penalty if dated and _victims_differ(ma, mb, params.victims_estimate) else 0.0
    if "@mag" in ma and "@mag" in mb:
        if min(abs(x - y) for x in ma["@mag"] for y in mb["@mag"]) > params.magnitude_tolerance + 1e-9:
            penalty += params.magnitude_penalty
    if times:
        penalty += _time_penalty(ma, mb, params)
    if _surname_ages_conflict(ma, mb, params):
        return penalty + params.age_penalty
    if "@aged" in ma and "@aged" in mb and set(ma["@aged"]).isdisjoint(mb["@aged"]):
        penalty += params.ages_penalty
    return penalty


def _victims_differ(ma: dict[str, list[float]], mb: dict[str, list[float]], estimate: float | None = None) -> bool:
    """Whether both reports count victims (killed and injured, ``reconcile.report_tolls.stated_victims``)
    and count different numbers, both fewer than ``estimate`` (``None``: any counts).

    Why (``victims_penalty``): one incident's reports count the same people. Between dated reports
    only: without a day a first toll cannot be told from a revised one. A count of many victims is
    an estimate that rises report by report and is revised (a quake's 876 killed and injured on its
    first day, 8,835 three weeks later; a bombing's 178, then 221), and a first report's handful
    ("one killed") is where such a toll starts: when either count reaches ``estimate`` the two
    differ between reports of one event as often as between two, and say nothing. Two handfuls
    are counted exactly, and another handful is another incident.
    """
    va, vb = ma.get("@victims"), mb.get("@victims")
    if not (va and vb) or not set(va).isdisjoint(vb):
        return False
    return estimate is None or max(min(va), min(vb)) < estimate


def _surname_ages_conflict(ma: dict[str, list[float]], mb: dict[str, list[float]], params: GroupingParams) -> bool:
    """Whether one surname has ages on both sides that never come within ``age_tolerance``: two
    people of one name (``age_penalty``), so neither the disjoint ages nor a common one count."""
    return any(
        key.startswith("@age ") and min(abs(x - y) for x in ma[key] for y in mb[key]) > params.age_tolerance
        for key in ma.keys() & mb.keys()
    )


def common_ages_bonus(
    ma: dict[str, list[float]], mb: dict[str, list[float]], params: GroupingParams, dated: bool, in_window: bool
) -> float:
    """``common_age_bonus`` between two reports published within ``window_days`` that state an age in
    common (``features.stated_ages``), ``followup_age_bonus`` between two dated reports further
    apart; nothing when one surname has ages on both sides that conflict (``values_penalty``).

    Why: the mirror of ``ages_penalty``. A victim's age is what a report of an incident states first,
    and a follow-up weeks later states it again; larger beyond the window, where the day penalty
    already discounts the pair.
    """
    if "@aged" not in ma or "@aged" not in mb or set(ma["@aged"]).isdisjoint(mb["@aged"]):
        return 0.0
    if _surname_ages_conflict(ma, mb, params):
        return 0.0
    return params.followup_age_bonus if dated and not in_window else params.common_age_bonus


def common_magnitude_bonus(ma: dict[str, list[float]], mb: dict[str, list[float]], params: GroupingParams) -> float:
    """``magnitude_bonus`` when the first magnitudes the two reports state (``@mag1``,
    ``features.stated_measures``) come within ``magnitude_tolerance``.

    Why: the mirror of ``magnitude_penalty``. A quake has one magnitude, which every report of it
    states in its opening, while its toll, its towns and its words change from one day's report to
    the next (a quake's reports over three weeks shared "7.7" and little else but the country's
    name). The first magnitude only: a report of an aftershock or of a second quake in the region
    recalls the first quake's magnitude further down, and agrees with its reports on that one.
    """
    first_a, first_b = ma.get("@mag1"), mb.get("@mag1")
    if not (first_a and first_b) or abs(first_a[0] - first_b[0]) > params.magnitude_tolerance + 1e-9:
        return 0.0
    return params.magnitude_bonus


def _time_penalty(ma: dict[str, list[float]], mb: dict[str, list[float]], params: GroupingParams) -> float:
    """``time_penalty`` when both reports state times of day (``features.stated_times``) and none
    comes within ``time_tolerance`` minutes of the other's (around midnight too).

    Why: one night's two incidents of one city are told with the same words but at other hours.
    Only asked within the window (``similarity``): across weeks the hour says nothing.
    """
    if "@time" not in ma or "@time" not in mb:
        return 0.0
    gap = min(min(abs(x - y), 1440 - abs(x - y)) for x in ma["@time"] for y in mb["@time"])
    return params.time_penalty if gap > params.time_tolerance else 0.0


def pair_floor(params: GroupingParams = DEFAULT_PARAMS) -> float:
    """The lowest similarity a stored pair has: ``near_threshold`` when near pairs are kept (two
    levels only; with single link every stored pair would merge), else the link ``threshold``."""
    if params.near_threshold is None or params.linkage == "single":
        return params.threshold
    return min(params.near_threshold, params.threshold)


def keeps_pair(a: DocFeatures, b: DocFeatures, score: float, params: GroupingParams = DEFAULT_PARAMS) -> bool:
    """Whether a pair of ``score`` is stored: a link (``threshold``), or a near pair (from
    ``pair_floor``) whose reports state nothing against one event: no conflicting years, magnitudes,
    ages or times of day (``conflicts``).

    Why: those penalties exist to take a pair of two events below the link threshold (two
    shootings of one night with other ages); kept as near pairs, two of them would let
    ``attach_unlinked_reports`` undo the penalty. A near pair is text that nearly agrees, nothing more.
    """
    if score >= params.threshold:
        return True
    return score >= pair_floor(params) and not conflicts(a, b, params)


def conflicts(a: DocFeatures, b: DocFeatures, params: GroupingParams = DEFAULT_PARAMS) -> bool:
    """Whether ``similarity`` took a penalty for stated values: dominant years, or ``measure_penalty``."""
    if a.years and b.years and a.years[0] not in b.years and b.years[0] not in a.years:
        return True
    if not (a.measures and b.measures):
        return False
    in_window = a.day is not None and b.day is not None and abs(a.day - b.day) <= params.window_days
    return values_penalty(a.measure_values, b.measure_values, params, times=in_window) > 0


def links_to(
    features: DocFeatures, candidates: Sequence[Candidate], params: GroupingParams = DEFAULT_PARAMS,
    recurring: Container[str] = frozenset(),
) -> list[tuple[Candidate, float]]:
    """The candidates the article is paired with (``keeps_pair``: links and near pairs), with the
    similarity. Both join link components; level 2 tells them apart. ``recurring``: the names
    recurring as of the article (``crosscheck.events.recurring``)."""
    out = []
    for candidate in candidates:
        score = similarity(features, candidate.features, params, recurring)
        if keeps_pair(features, candidate.features, score, params):
            out.append((candidate, score))
    return out


def component_events(
    members: Sequence[tuple[str, int | None]], sims: dict[tuple[str, str], float], params: GroupingParams = DEFAULT_PARAMS
) -> list[list[str]]:
    """The events of one component given as ``(doc_id, day)`` pairs and its stored pairs (level 2).

    "single" linkage: the component is one event. Otherwise ``cluster_component`` over the links
    (pairs reaching ``threshold``; near pairs below it count only in ``attach_unlinked_reports``);
    a component beyond ``max_component`` documents is first cut into runs of ``max_component`` in
    (day, id) order (undated last), each clustered alone: chaining through many reports over months
    makes such components, and the quadratic linkage must not grow with them.
    """
    ids = [doc_id for doc_id, _ in members]
    if params.linkage == "single" or len(ids) < 2:
        return [sorted(ids)]
    days = dict(members)
    if len(ids) <= params.max_component:
        return _events_of_run(ids, sims, days, params)
    ordered = [doc_id for doc_id, _ in sorted(members, key=lambda m: (m[1] is None, m[1] or 0, m[0]))]
    out = []
    for start in range(0, len(ordered), params.max_component):
        run = set(ordered[start : start + params.max_component])
        run_sims = {pair: sim for pair, sim in sims.items() if pair[0] in run and pair[1] in run}
        out.extend(_events_of_run(sorted(run), run_sims, days, params))
    return sorted(out, key=lambda event: event[0])


def _events_of_run(
    ids: Sequence[str], sims: dict[tuple[str, str], float], days: dict[str, int | None], params: GroupingParams
) -> list[list[str]]:
    """Linkage over the links, the attachments over the links, then unlinked reports by their near pairs."""
    links = {pair: sim for pair, sim in sims.items() if sim >= params.threshold}
    basis = linkage_pairs(sims, days, params) if params.dated_near_linkage else links
    events = _attach(cluster_component(ids, basis, params.event_threshold, params.linkage), links, days, params)
    if params.near_threshold is None:
        return events
    return attach_unlinked_reports(events, sims, params.threshold, params.near_threshold, params.near_count)


def linkage_pairs(
    sims: dict[tuple[str, str], float], days: dict[str, int | None], params: GroupingParams = DEFAULT_PARAMS
) -> dict[tuple[str, str], float]:
    """The pairs the level-2 linkage weighs (``dated_near_linkage``): the links, and the near pairs
    (stored below ``threshold``: ``keeps_pair``) between two linked reports published within
    ``window_days`` of each other.

    | pair | weighed | example |
    | --- | --- | --- |
    | a link | always | two outlets' reports of a bombing's first day |
    | a near pair within ``window_days`` | yes | the first day's report and the next day's funerals and revised toll |
    | a near pair further apart | no | a town's two shootings ten days apart, told with its names |
    | an undated near pair | no | two reports of two quakes of one region, neither dated |
    | a near pair of a report with no link | no | one site's report of another shooting that night, its sidebar shared |

    Why: the weighted linkage counts a missing pair as 0, so a near pair counted as missing too.
    Reports of one event published a day or two apart tell it with a revised toll, a new angle and
    other officials quoted (a bombing's first-day reports and the next days' funerals and arrests),
    and their text agrees a little less than the same day's: as zeros, their near pairs split the
    days' reports into two events. A near pair states nothing against one event (no conflicting
    years, magnitudes, ages or times: ``keeps_pair``). Near pairs further apart stay out (a town's
    shootings ten days apart share its names and nearly link), and so do undated ones: without a
    day, text that nearly agrees is as often two events of one kind (ECB+'s two quakes of one
    region; weighed, they took ECB+ from 0.957 to 0.927). A report with no link at all is left to
    ``attach_unlinked_reports``, which asks ``near_count`` of its near pairs into one event: weighed
    in the linkage, one near pair into a two-report event was enough to join it.
    """
    window = params.window_days
    linked = {doc_id for pair, sim in sims.items() if sim >= params.threshold for doc_id in pair}
    out = {}
    for (a, b), sim in sims.items():
        if sim >= params.threshold:
            out[(a, b)] = sim
            continue
        day_a, day_b = days.get(a), days.get(b)
        if day_a is not None and day_b is not None and abs(day_a - day_b) <= window and a in linked and b in linked:
            out[(a, b)] = sim
    return out


def attach_unlinked_reports(
    events: list[list[str]], sims: dict[tuple[str, str], float], threshold: float, near_threshold: float, count: int
) -> list[list[str]]:
    """Move each report with no link (no pair reaching ``threshold``) into the event of two or more
    reports that holds at least ``count`` of its near pairs (``near_threshold`` <= similarity <
    ``threshold``); among several such events, the one with the strongest near pair.

    Why: a report that tells an event in other words links to nothing, so no other level-2 rule
    reaches it; one near pair says little, several into one event corroborate. The report has no
    link, so this cannot merge two events; judged on the events before any move, so still a
    function of the component's pairs (order-independent).
    """
    if len(events) < 2:
        return events
    label = {doc_id: k for k, event in enumerate(events) for doc_id in event}
    linked = {doc_id for pair, sim in sims.items() if sim >= threshold for doc_id in pair}
    near: dict[str, dict[int, list[float]]] = {}  # unlinked report -> event -> its near pairs into it
    for (a, b), sim in sims.items():
        if not near_threshold <= sim < threshold or a not in label or b not in label:
            continue
        for lone, other in ((a, b), (b, a)):
            if lone not in linked and len(events[label[other]]) > 1:
                near.setdefault(lone, {}).setdefault(label[other], []).append(sim)
    moves = {}
    for lone, into in near.items():
        choices = [(max(found), -k) for k, found in into.items() if len(found) >= count]
        if choices:
            moves[lone] = -max(choices)[1]
    if not moves:
        return events
    moved = [[doc_id for doc_id in event if doc_id not in moves] for event in events]
    for lone, k in moves.items():
        moved[k].append(lone)
    return sorted((sorted(event) for event in moved if event), key=lambda event: event[0])


def _attach(
    events: list[list[str]], sims: dict[tuple[str, str], float], days: dict[str, int | None], params: GroupingParams
) -> list[list[str]]:
    """The level-2 split with small events, then lone reports, moved into the event they link into
    (lone reports judged by their links without the window bonus: ``without_window_bonus``)."""
    events = attach_small_events(
        events, sims, params.attach_threshold, params.attach_max_size, params.attach_ratio, days, params.window_days
    )
    if params.attach_fragments:
        events = attach_fragments(events, sims, params.attach_max_size)
    if params.attach_threshold is None:
        return events
    lone_threshold = params.attach_threshold - params.window_bonus
    return attach_lone_reports(events, without_window_bonus(sims, days, params), lone_threshold)


def without_window_bonus(
    sims: dict[tuple[str, str], float], days: dict[str, int | None], params: GroupingParams = DEFAULT_PARAMS
) -> dict[tuple[str, str], float]:
    """The links with the same-window bonus taken off again (pairs published within ``bonus_days``,
    the pairs that got it).

    Why: a lone report moves into the event of its strongest link when that link reaches
    ``attach_threshold - window_bonus`` without the bonus. The bonus lets reports close in time link
    on less text; whether a report the linkage left alone belongs to an event is a question of its
    text. Still a function of the component's links and days: order-independent.
    """
    out = {}
    for (a, b), sim in sims.items():
        day_a, day_b = days.get(a), days.get(b)
        if day_a is not None and day_b is not None and abs(day_a - day_b) <= params.bonus_days:
            sim -= params.window_bonus
        out[(a, b)] = sim
    return out


def attach_small_events(
    events: list[list[str]], sims: dict[tuple[str, str], float], threshold: float | None, max_size: int, ratio: float,
    days: dict[str, int | None] | None = None, window_days: int = 3,
) -> list[list[str]]:
    """Move each event of 2 to ``max_size`` reports into the one other event it links to, when that
    event is at least ``ratio`` times larger, one of the links reaches ``threshold``, at least two of
    the group's reports link into it, and the group is not bound more tightly to itself than to it
    (``_weakest_inner_link``) or is a run of follow-ups (``_published_apart``).

    Why: the weighted linkage splits off small groups of short or partial reports whose few words
    are shared with a few of the event's long reports. A group linked into a third event stays
    apart (a city's small incidents must not join a neighbour), and so does a tight group (one
    incident told by two or three outlets in near-copies). A group whose reports were published
    weeks apart is no set of near-copies: its tight link is a follow-up naming the other's day
    (``named_day_gap``), which made the pair closer to each other than to the rest and the linkage
    cut both off the event they follow. Judged on the split before any move: order-independent.
    """
    if threshold is None or max_size < 2 or len(events) < 2:
        return events
    label = {doc_id: k for k, event in enumerate(events) for doc_id in event}
    strongest: dict[int, dict[int, float]] = {}  # small event -> other event -> strongest link between them
    linked_from: dict[tuple[int, int], set[str]] = {}  # (small event, other event) -> its reports linked into it
    inner: dict[int, list[float]] = {}  # small event -> the links between its own reports
    for (a, b), sim in sims.items():
        la, lb = label.get(a), label.get(b)
        if la is None or lb is None:
            continue
        if la == lb:
            if 2 <= len(events[la]) <= max_size:
                inner.setdefault(la, []).append(sim)
            continue
        for mine, other, doc_id in ((la, lb, a), (lb, la, b)):
            if 2 <= len(events[mine]) <= max_size:
                into = strongest.setdefault(mine, {})
                into[other] = max(sim, into.get(other, sim))
                linked_from.setdefault((mine, other), set()).add(doc_id)
    moves = {
        mine: other
        for mine, into in strongest.items()
        for other, sim in into.items()
        if len(into) == 1 and sim >= threshold and len(events[other]) >= ratio * len(events[mine])
        and len(linked_from[(mine, other)]) >= 2
        and (
            sim >= _weakest_inner_link(len(events[mine]), inner.get(mine, []))
            or _published_apart(events[mine], days or {}, window_days)
        )
    }
    return _moved_into(events, moves)


def attach_fragments(events: list[list[str]], links: dict[tuple[str, str], float], max_size: int) -> list[list[str]]:
    """Move each loose event of 2 to ``max_size`` reports into the other event when every one of its
    reports links into that event and none into a third, and that event is at least as large.
    Loose: some pair of its own reports is not linked (``_weakest_inner_link`` is 0).

    | group | moved | example |
    | --- | --- | --- |
    | loose, every report linked into one event | yes | a flood's later reports, each telling its own victims and towns |
    | loose, one report linked into the event | no | two shootings of one city told by one report each, one of them recalled |
    | tight (all its pairs linked) | no | one incident told by three outlets in near-copies |
    | linked into two events | no | a region's reports between two quakes |

    Why: the weighted linkage counts the missing pairs of a loose group as 0 against the event and
    cuts the group off, as ``attach_small_events`` says; that rule asks a strong link and an event
    twice the size, which a run of later reports of one event (a flood's second week, each with
    its own victims and towns) does not meet. A group that is not bound to itself, whose every
    report is bound to the event, has nothing of its own that makes it another event. Judged on
    the split before any move: order-independent.
    """
    if max_size < 2 or len(events) < 2:
        return events
    label = {doc_id: k for k, event in enumerate(events) for doc_id in event}
    into: dict[int, dict[int, set[str]]] = {}  # small event -> other event -> its reports linked into it
    inner: dict[int, list[float]] = {}
    for (a, b), sim in links.items():
        la, lb = label.get(a), label.get(b)
        if la is None or lb is None:
            continue
        if la == lb:
            inner.setdefault(la, []).append(sim)
            continue
        for mine, other, doc_id in ((la, lb, a), (lb, la, b)):
            if 2 <= len(events[mine]) <= max_size:
                into.setdefault(mine, {}).setdefault(other, set()).add(doc_id)
    moves = {
        mine: other
        for mine, targets in into.items()
        for other, linked in targets.items()
        if len(targets) == 1 and len(linked) == len(events[mine]) and len(events[other]) >= len(events[mine])
        and _weakest_inner_link(len(events[mine]), inner.get(mine, [])) == 0.0
    }
    return _moved_into(events, moves)


def _moved_into(events: list[list[str]], moves: dict[int, int]) -> list[list[str]]:
    """``events`` with each event ``mine`` of ``moves`` merged into event ``other``; a target that
    itself moves takes nothing (no chains), so the result depends on the split before any move."""
    moves = {mine: other for mine, other in moves.items() if other not in moves}
    if not moves:
        return events
    moved = [[] if k in moves else list(event) for k, event in enumerate(events)]
    for mine, other in moves.items():
        moved[other].extend(events[mine])
    return sorted((sorted(event) for event in moved if event), key=lambda event: event[0])


def _published_apart(event: Sequence[str], days: dict[str, int | None], window_days: int) -> bool:
    """Whether every two reports of ``event`` are dated and published more than ``window_days`` apart."""
    published = [days.get(doc_id) for doc_id in event]
    if any(day is None for day in published):
        return False
    return all(abs(x - y) > window_days for k, x in enumerate(published) for y in published[k + 1 :])


def _weakest_inner_link(size: int, links: list[float]) -> float:
    """The weakest link between the reports of an event of ``size`` reports, 0 when a pair of them
    is not linked (a loose group, which then never outbinds a link into another event)."""
    return min(links) if len(links) == size * (size - 1) // 2 else 0.0


def attach_lone_reports(
    events: list[list[str]], sims: dict[tuple[str, str], float], threshold: float | None
) -> list[list[str]]:
    """Move each one-report event into the event (of two or more reports) of its strongest link.

    Why: weighted linkage judges a report by its links to *all* of an event's reports, missing ones
    counting as 0, so a short report linked to a few of its event's long reports is left alone. A
    lone report decides nothing about other events, so attaching it cannot merge two. Moves are
    judged on the clustering before any move (no chains); ties go to the event whose first id
    sorts first: order-independent.
    """
    if threshold is None or len(events) < 2:
        return events
    label = {doc_id: k for k, event in enumerate(events) for doc_id in event}
    best: dict[str, tuple[float, int]] = {}
    for (a, b), sim in sims.items():
        if sim < threshold or a not in label or b not in label:
            continue
        for lone, other in ((a, b), (b, a)):
            if len(events[label[lone]]) == 1 and len(events[label[other]]) > 1:
                choice = (sim, -label[other])
                if lone not in best or choice > best[lone]:
                    best[lone] = choice
    if not best:
        return events
    moved = [[doc_id for doc_id in event if doc_id not in best] for event in events]
    for lone, (_, negative_k) in best.items():
        moved[-negative_k].append(lone)
    return sorted((sorted(event) for event in moved if event), key=lambda event: event[0])


def cluster_component(
    doc_ids: Sequence[str], sims: dict[tuple[str, str], float], threshold: float, method: str = "average"
) -> list[list[str]]:
    """Split one link-graph component into events by average (or weighted) linkage, cut at ``threshold``.

    Why: single link merges two events through one bridging report; judging a merge by all pairs
    of the two groups does not. The result is a function of the component alone (documents sorted
    by id, the pair similarities given, missing or negative pairs counting as 0), so it does not
    depend on arrival order or batch size, and any engine that holds the component gets the same
    events. ``sims`` is keyed by ``(a, b)`` with ``a < b``. Events come out sorted by their
    smallest document id, each sorted by id.
    """
    ids = sorted(doc_ids)
    if len(ids) < 2:
        return [ids]
    import numpy as np
    from scipy.cluster.hierarchy import fcluster, linkage

    position = {doc_id: k for k, doc_id in enumerate(ids)}
    n = len(ids)
    distance = np.full((n, n), 2.0)
    for (a, b), sim in sims.items():
        i, j = position.get(a), position.get(b)
        if i is not None and j is not None:
            distance[i, j] = distance[j, i] = 2.0 - max(0.0, sim)
    condensed = distance[np.triu_indices(n, 1)]
    labels = fcluster(linkage(condensed, method=method), 2.0 - threshold + 1e-9, criterion="distance")
    groups: dict[int, list[str]] = {}
    for doc_id, label in zip(ids, labels.tolist()):
        groups.setdefault(label, []).append(doc_id)
    return sorted(groups.values(), key=lambda group: group[0])
