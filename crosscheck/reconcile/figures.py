"""Reconciling the figures of one event: current values, superseded ones, ranges and disputes.

Mentions are grouped into *slots* (what is measured: killed, injured, the distance of the first
explosion...) and, inside a slot, into *values* (the same number, or the same range). Then each
value gets a status:

- ``superseded``: every mention of it is marked as an early figure ("initially", "first
  reports"), or, for tolls, it was published before a different value and is smaller than it;
- ``current``: the remaining values that agree with each other (equal, or overlapping ranges such
  as "about 15 minutes" and "ten to 15 minutes", or "at least 100" and 103);
- ``disputed``: values that cannot all be true. For tolls the highest stays ``current`` (tolls
  are revised upwards); for other quantities the value most independent sources state is the
  consensus, and on a tie every side is ``disputed`` (see ``_prevails``);
- ``other-incident``: figures that a paragraph of one of the reports gives for another incident (a
  round-up's other shootings; ``crosscheck.reconcile.incidents``). They take no part in the above.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from datetime import timezone
from itertools import combinations
from typing import AbstractSet, Iterable, Mapping

from crosscheck.facts import OTHER_INCIDENT, Estimate, Figure
from crosscheck.kinds import kind_order
from crosscheck.model import Article, FigureKind, FigureMention, Stage, parse_published
from crosscheck.reconcile.evidence import documents_of, evidence_list, independent_sources
from crosscheck.reconcile.incidents import Ranges, set_aside

_SUBJECT_HEADS = {"blast": "explosion", "bomb": "explosion", "bombing": "explosion", "detonation": "explosion"}
# Tolls only ever grow as reports come in: a smaller later-unsupported value is an earlier count.
_CUMULATIVE = {FigureKind.KILLED, FigureKind.INJURED, FigureKind.ARRESTED}
_LOWER_BOUND = {"at least", "more than", "over", "at minimum"}
_UPPER_BOUND = {"up to", "nearly", "almost", "less than", "fewer than", "under"}
_APPROXIMATE = {"about", "around", "approximately", "roughly", "some", "nearly", "almost", "an estimated"}
# Lengths are converted and rounded from report to report ("six miles" is 9.7 km, another report's
# "10 km"): within this fraction of each other they are one measurement, not a contradiction.
_LENGTHS = {FigureKind.DISTANCE, FigureKind.DEPTH}
_ROUNDING = 0.05


def normalise_subject(subject: str | None) -> str | None:
    """'The second blast' and 'second explosion' measure the same thing."""
    if not subject:
        return None
    words = [w for w in subject.lower().split() if w not in {"the", "a", "an"}]
    return " ".join(_SUBJECT_HEADS.get(w, w) for w in words) or None


@dataclass(frozen=True, slots=True)
class _Value:
    """One stated value of a slot and the mentions that state it."""

    value: float | str | None
    low: float | None
    high: float | None
    mentions: tuple[FigureMention, ...]

    @property
    def interval(self) -> tuple[float, float] | None:
        """The range of true values this statement allows, widened by its qualifiers."""
        if self.low is not None and self.high is not None:
            low, high = self.low, self.high
        elif isinstance(self.value, (int, float)):
            low = high = float(self.value)
        else:
            return None
        if self.mentions[0].kind in _LENGTHS:
            low, high = low * (1 - _ROUNDING), high * (1 + _ROUNDING)
        if self.low is not None and self.high is not None:
            return low, high
        qualifiers = {m.qualifier for m in self.mentions if m.qualifier}
        if qualifiers and qualifiers <= _LOWER_BOUND:
            high = float("inf")
        elif qualifiers and qualifiers <= _UPPER_BOUND:
            low = 0.0
        if qualifiers & _APPROXIMATE:
            low, high = min(low, low * 0.85), max(high, high * 1.15)
        return low, high

    @property
    def initial_only(self) -> bool:
        return all(m.stage is Stage.INITIAL for m in self.mentions)


def _slot_key(mention: FigureMention) -> tuple[str, str | None]:
    return mention.kind.value, normalise_subject(mention.subject)


def _values(mentions: list[FigureMention]) -> list[_Value]:
    grouped: dict[tuple, list[FigureMention]] = defaultdict(list)
    for mention in mentions:
        grouped[(mention.value, mention.low, mention.high)].append(mention)
    return [_Value(v, lo, hi, tuple(ms)) for (v, lo, hi), ms in grouped.items()]


def _overlap(a: _Value, b: _Value) -> bool:
    ia, ib = a.interval, b.interval
    if ia is None or ib is None:
        return a.value == b.value
    return ia[0] <= ib[1] and ib[0] <= ia[1]


def _published(mention: FigureMention, articles: Mapping[str, Article]) -> float | None:
    """Publication instant as a UTC timestamp (naive times are taken as UTC), for ordering."""
    moment = parse_published(articles[mention.evidence.doc].published)
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def _statuses(
    values: list[_Value], kind: str, articles: Mapping[str, Article], outdated: set[int] = frozenset()  # type: ignore[assignment]
) -> dict[int, str]:
    """Status of each value of one slot (by index); ``outdated`` values are superseded outright."""
    status: dict[int, str] = {i: "superseded" for i in outdated}
    candidates = [i for i in range(len(values)) if i not in outdated]
    live = [i for i in candidates if not values[i].initial_only]
    for i in candidates:
        if values[i].initial_only and live:
            status[i] = "superseded"
    if not live:
        live = candidates
    live = _drop_outdated(values, live, kind, articles, status)
    support = {i: independent_sources(values[i].mentions, articles) for i in live}
    cumulative = FigureKind(kind) in _CUMULATIVE
    for i in live:
        rivals = [j for j in live if j != i and not _overlap(values[i], values[j]) and not _other_landmark(values[i], values[j])]
        status[i] = "current" if not rivals or _prevails(values, support, i, rivals, cumulative) else "disputed"
    return status


def _other_landmark(a: _Value, b: _Value) -> bool:
    """Whether two distances are measured from different landmarks ("24 miles west of Elm City",
    "200 miles south of Roe City"), or either says neither from what nor of what: different
    measurements, not a contradiction."""
    ours = {m.reference for m in a.mentions if m.reference}
    theirs = {m.reference for m in b.mentions if m.reference}
    if a.mentions[0].kind is FigureKind.DISTANCE and not (_measured_thing(a) and _measured_thing(b)):
        return True  # "was felt 10 km away": of nothing stated, from nothing stated; nothing to compare
    return bool(ours and theirs) and ours.isdisjoint(theirs)


def _measured_thing(value: _Value) -> bool:
    """Whether a distance says what it measures: a landmark ("from the tomb") or a subject ("the
    second explosion ... 1 km away", measured where the report measures the first)."""
    return any(m.reference or m.subject for m in value.mentions)


def _prevails(values: list[_Value], support: dict[int, int], i: int, rivals: list[int], cumulative: bool) -> bool:
    """Whether value ``i`` stays current against the values it contradicts.

    Tolls (killed, injured, arrested) only grow as victims die or are found and agencies relay the
    first count widely, so when publication times do not order the reports, the highest toll is
    current and the lower ones are disputed: counting documents would favour the stale figure.
    For other quantities, the value stated by more independent sources than each rival (and by
    more than one) is the consensus; otherwise every side is disputed.
    """
    if cumulative:
        mine = values[i].value
        return isinstance(mine, (int, float)) and all(
            isinstance(values[j].value, (int, float)) and mine > values[j].value for j in rivals
        )
    return support[i] > 1 and all(support[i] > support[j] for j in rivals)


def _drop_outdated(
    values: list[_Value], live: list[int], kind: str, articles: Mapping[str, Article], status: dict[int, str]
) -> list[int]:
    """For tolls with publication times: a smaller value last published before a larger one is outdated."""
    if FigureKind(kind) not in _CUMULATIVE or len(live) < 2:
        return live
    stamps = {i: [_published(m, articles) for m in values[i].mentions] for i in live}
    if any(t is None for ts in stamps.values() for t in ts):
        return live
    times = {i: max(ts) for i, ts in stamps.items()}
    kept = []
    for i in live:
        vi = values[i].value
        newer_larger = any(
            isinstance(vi, (int, float)) and isinstance(values[j].value, (int, float))
            and values[j].value > vi and times[j] > times[i]
            for j in live if j != i
        )
        if newer_larger:
            status[i] = "superseded"
        else:
            kept.append(i)
    return kept


def _figure_order(figure: Figure, cumulative: bool) -> tuple:
    """Current figures first; of a toll's current figures, which all agree (none contradicts
    another), the highest says most ("at least 24" beside "at least 3"); else the best supported."""
    highest = -float(figure.value) if cumulative and figure.status == "current" and isinstance(figure.value, (int, float)) else 0.0
    return (_STATUS_ORDER[figure.status], highest, -figure.sources, -len(figure.evidence))


def _qualifier(mentions: Iterable[FigureMention]) -> str | None:
    counts = Counter(m.qualifier for m in mentions if m.qualifier)
    return counts.most_common(1)[0][0] if counts else None


def _figure(
    value: _Value, status: str, subject: str | None, articles: Mapping[str, Article], note: str | None = None
) -> Figure:
    mentions = value.mentions
    first = mentions[0]
    stages = Counter(m.stage.value for m in mentions if m.stage)
    sources = independent_sources(mentions, articles)
    numeric = value.value
    if isinstance(numeric, float) and numeric.is_integer():
        numeric = int(numeric)
    return Figure(
        kind=first.kind.value,
        value=numeric,
        status=status,
        evidence=evidence_list(mentions, articles),
        low=value.low,
        high=value.high,
        unit=first.unit,
        qualifier=_qualifier(mentions),
        subject=subject,
        reference=Counter(m.reference for m in mentions if m.reference).most_common(1)[0][0]
        if any(m.reference for m in mentions) else None,
        stage=stages.most_common(1)[0][0] if stages else None,
        sources=sources,
        single_source=sources == 1,
        note=note,
    )


def reconcile_figures(
    mentions: Iterable[FigureMention], articles: Mapping[str, Article], other_incidents: Ranges | None = None
) -> tuple[list[Figure], list[Estimate]]:
    """Figures of one event, in slot order, and low/best/high where current reports differ.

    ``articles`` are the event's reports. Figures stated in a paragraph that tells another
    incident (a round-up's other shootings, see ``crosscheck.reconcile.incidents``) are not the
    event's: they follow its figures with status ``other-incident``, each value with its evidence.
    ``other_incidents`` are those paragraphs when the caller has found them already.
    """
    mentions, aside = set_aside(mentions, articles, other_incidents)
    slots: dict[tuple[str, str | None], list[FigureMention]] = defaultdict(list)
    for mention in mentions:
        if mention.value is None and mention.low is None:
            continue
        slots[_slot_key(mention)].append(mention)
    _merge_unspecified_subjects(slots)
    contradicted = _deaths_contradicted(slots, articles)
    died = _died_of_injuries(slots, articles, contradicted.keys())
    figures: list[Figure] = []
    estimates: list[Estimate] = []
    for (kind, subject), slot_mentions in sorted(slots.items(), key=lambda kv: _slot_order(kv[0])):
        values = _values(_document_tolls(kind, slot_mentions))
        outdated = {i for i, v in enumerate(values) if kind == FigureKind.INJURED.value and _all_outdated(v, died)}
        status = _statuses(values, kind, articles, outdated)
        toll_of_killed = (kind, subject) == (FigureKind.KILLED.value, None)
        notes = _dispute_contradicted(values, status, contradicted) if toll_of_killed else {}
        slot_figures = [_figure(v, status[i], subject, articles, notes.get(i)) for i, v in enumerate(values)]
        slot_figures.sort(key=lambda f: _figure_order(f, FigureKind(kind) in _CUMULATIVE))
        figures.extend(slot_figures)
        lead = slot_figures[0].value if FigureKind(kind) in _CUMULATIVE and slot_figures[0].status == "current" else None
        estimate = _estimate(kind, subject, [v for i, v in enumerate(values) if status[i] != "superseded"], lead)
        if estimate:
            estimates.append(estimate)
    figures.extend(_other_incidents(aside, articles))
    return figures, estimates


def _other_incidents(aside: list[FigureMention], articles: Mapping[str, Article]) -> list[Figure]:
    """Figures of other incidents told in the event's reports, one per kind and value.

    They are kept visible (an analyst reading a round-up sees what else it counted) but never
    current: they count other people.
    """
    grouped: dict[tuple, list[FigureMention]] = defaultdict(list)
    for mention in aside:
        if mention.value is None and mention.low is None:
            continue
        grouped[(mention.kind.value, mention.value, mention.low, mention.high)].append(mention)
    figures = []
    for _, group in sorted(grouped.items(), key=lambda kv: (_slot_order((kv[0][0], None)), str(kv[0][1:]))):
        value = _Value(group[0].value, group[0].low, group[0].high, tuple(group))
        figure = _figure(value, OTHER_INCIDENT, None, articles)
        figures.append(replace(figure, note="stated in a paragraph about another incident or another story in the same report"))
    return figures


def _document_toll_mentions(mentions: Iterable[FigureMention]) -> dict[str, FigureMention]:
    """The mention that gives each document's toll of one kind: its first figure, unless a later
    one is marked revised or latest (see ``_document_tolls``). Early and range figures give none."""
    toll: dict[str, FigureMention] = {}
    for mention in sorted(mentions, key=lambda m: m.anchor.reading_key):
        if mention.stage is Stage.INITIAL or not isinstance(mention.value, (int, float)):
            continue
        doc = mention.evidence.doc
        revised = mention.stage in (Stage.REVISED, Stage.LATEST)
        if doc not in toll or (revised and toll[doc].stage not in (Stage.REVISED, Stage.LATEST)) or (
            revised and mention.stage is toll[doc].stage
        ):
            toll[doc] = mention
    return toll


def _died_of_injuries(
    slots: Mapping[tuple[str, str | None], list[FigureMention]], articles: Mapping[str, Article],
    disputed_deaths: AbstractSet[str] = frozenset(),
) -> set[str]:
    """Documents whose injured toll is outdated: a wounded victim they count has since died.

    Each document that states a killed or an injured toll reads as a pair (killed k, injured i),
    an unstated side being 0. When another document counts the same number of victims
    (k' + i' = k + i) with more of them dead (k' > k), the two tell one story at two moments:
    "a man was shot and taken to the hospital", then "the man died of his injuries". Victims do
    not come back to life, so the reading with more dead is the update and the first document's
    injured toll is superseded (it stays in the brief as such). An injured toll read from people
    shot ("all four were shot" in a report that counts one death or none) counts all of them as
    its victims: the report said how many were shot, not that the rest survived.

    A document that gives the injured only as an early account ("dispatch initially said one
    person was taken to a hospital") counts them as its victims when it states no death; when it
    states as many dead or more, the early count was those victims before they died
    (``_early_hurt_since_dead``).

    The deaths of ``disputed_deaths`` (``_deaths_contradicted``) outdate no one: a death later
    reports contradict does not move their wounded to the dead.
    """
    killed = {doc: m for doc, m in _document_toll_mentions(slots.get((FigureKind.KILLED.value, None), ())).items()
              if doc not in disputed_deaths}
    injured = _document_toll_mentions(slots.get((FigureKind.INJURED.value, None), ()))
    early = {doc: m for doc, m in _document_early_tolls(slots.get((FigureKind.INJURED.value, None), ())).items()
             if doc not in injured}
    early_only = set(early) - set(killed)  # reports whose only casualty figure is an early count of hurt
    tolls: dict[str, tuple[float, float]] = {}  # doc -> (killed, victims)
    for doc in set(killed) | set(injured) | set(early):
        k = float(killed[doc].value) if doc in killed else 0.0
        hurt = injured.get(doc)
        victims = k + float(hurt.value) if hurt is not None else k
        if hurt is not None and hurt.shot is not None:
            victims = max(victims, float(hurt.shot))
        if doc in early_only:
            victims = float(early[doc].value)
        tolls[doc] = (k, victims)
    outdated = {
        doc for doc in set(injured) | early_only
        if any(k2 > tolls[doc][0] and victims2 == tolls[doc][1] for k2, victims2 in tolls.values())
    }
    fates = _two_fates(slots.get((FigureKind.KILLED.value, None), ()), articles)
    return outdated | _early_hurt_since_dead(early, killed) | _wounds_of_the_dead(tolls, injured, articles, fates)


def _two_fates(killed: Iterable[FigureMention], articles: Mapping[str, Article]) -> set[str]:
    """Documents with a sentence that counts dead and also tells people hurt ("an officer being
    wounded and an 18-year-old man being killed", "two were killed and a pregnant woman was
    wounded"): two fates in one sentence are two groups of people."""
    return {m.evidence.doc for m in killed if _HURT_WORD.search(_sentence(m, articles))}


# The hurt told beside the dead; not "injury" ("the injury sustained ... caused the death of").
_HURT_WORD = re.compile(r"\b(?:wounded|wounding|injured|injuring|hurt)\b", re.IGNORECASE)


def _sentence(mention: FigureMention, articles: Mapping[str, Article]) -> str:
    """The sentence (or headline) a mention was read from."""
    return mention.evidence.text(articles[mention.evidence.doc])


def _wounds_of_the_dead(
    tolls: Mapping[str, tuple[float, float]], injured: Mapping[str, FigureMention], articles: Mapping[str, Article],
    two_fates: AbstractSet[str] = frozenset(),
) -> set[str]:
    """Documents whose injured toll counts the wounds of the dead: a report of k dead that also
    counts k hurt ("Karma Roe, 7, had been critically injured in the incident" in the report of
    her death; ``_recalls_wounds_of_its_dead``), and the reports published no later than it that
    count k hurt and no dead. Those are the same people told before and after they died: both
    injured tolls are outdated.

    Why: ``_died_of_injuries`` pairs reports that count as many victims; a death report that
    recalls its victims' wounds counts them twice (k dead + k hurt) and paired with none, so the
    wounded stayed current beside the dead. Measured (``bench/eval_tolls.py``, session 25, 2026-12-04):
    on the gold grouping it fires in 3 incidents, all right (injured = 0 1,007 -> 1,010, nothing
    lost); each condition of ``_recalls_wounds_of_its_dead`` was added for a misfire read on GVA.
    """
    outdated: set[str] = set()
    for doc in tolls:
        if not _recalls_wounds_of_its_dead(doc, tolls, injured, articles, two_fates):
            continue
        dead = tolls[doc][0]
        published = _published(injured[doc], articles)
        wounded = [
            other for other, (dead2, victims2) in tolls.items()
            if other in injured and not dead2 and victims2 == dead
            and not _later(_published(injured[other], articles), published)
        ]
        if wounded:
            outdated.update([doc, *wounded])
    return outdated


def _recalls_wounds_of_its_dead(
    doc: str, tolls: Mapping[str, tuple[float, float]], injured: Mapping[str, FigureMention],
    articles: Mapping[str, Article], two_fates: AbstractSet[str],
) -> bool:
    """Whether a report counts its k dead again as k hurt: as many hurt as dead, from a sentence
    that tells no one else ("a second victim ... survived", ``_someone_else``), in a report with
    no sentence of both fates (``_two_fates``: "an officer wounded and a man killed" are two people),
    and no other outlet counting k dead and k hurt too (the same outlet's pages repeat one text).
    """
    dead, victims = tolls[doc]
    hurt = injured.get(doc)
    if not dead or hurt is None or hurt.shot is not None or victims != 2 * dead:
        return False
    if doc in two_fates or _someone_else(hurt, articles):
        return False
    outlet = articles[doc].outlet or doc
    return not any(
        tolls[other] == (dead, victims) and (articles[other].outlet or other) != outlet for other in tolls if other != doc
    )


# "A second victim, an 18-year-old friend, was hit in the leg and survived": hurt told apart from the dead.
_SOMEONE_ELSE = re.compile(r"\b(?:another|second|other|others|third|also|additional|survived|survives|surviving)\b", re.IGNORECASE)


def _someone_else(mention: FigureMention, articles: Mapping[str, Article]) -> bool:
    """Whether the sentence of a hurt figure tells its people apart from the dead (``_SOMEONE_ELSE``)."""
    return _SOMEONE_ELSE.search(_sentence(mention, articles)) is not None


def _later(moment: float | None, than: float | None) -> bool:
    """Whether ``moment`` is known to come after ``than``."""
    return moment is not None and than is not None and moment > than


def _deaths_contradicted(
    slots: Mapping[tuple[str, str | None], list[FigureMention]], articles: Mapping[str, Article], later_reports: int = 2
) -> dict[str, str]:
    """Documents whose killed toll later reports contradict, each with a note saying so.

    A report states k dead (and i wounded); ``later_reports`` or more reports published after it
    state no death and count k + i wounded or more. Victims do not come back to life, so either
    the death is another incident's (a report grouped with the wrong event, a sentence about an
    earlier shooting) or the later reports missed it: the text does not say which, and the death is
    disputed, not current. One later report is not enough: measured on GVA (``bench/eval_tolls.py``,
    2026-12-03), with one the tolls gained on "= 0" as much as they lost on "> 0"; with two,
    killed = 0 1,512 -> 1,515 on the gold grouping and nothing lost; end to end (``bench/regroup.py``)
    1,497 -> 1,501 against killed > 0 1,506 -> 1,505. Needs every report's publication time, as
    ``_drop_outdated`` does.
    """
    killed = _document_toll_mentions(slots.get((FigureKind.KILLED.value, None), ()))
    injured = _document_toll_mentions(slots.get((FigureKind.INJURED.value, None), ()))
    stamps = {doc: _published(m, articles) for doc, m in {**injured, **killed}.items()}
    if not killed or any(t is None for t in stamps.values()):
        return {}
    contradicted: dict[str, str] = {}
    for doc, dead in killed.items():
        victims = float(dead.value) + (float(injured[doc].value) if doc in injured else 0.0)
        later = sorted(
            d for d, hurt in injured.items()
            if d not in killed and stamps[d] > stamps[doc] and float(hurt.value) >= victims
        )
        if float(dead.value) > 0 and len(later) >= later_reports:
            contradicted[doc] = (
                f"{len(later)} later reports ({', '.join(later)}) count as many victims or more, all wounded, none dead"
            )
    return contradicted


def _dispute_contradicted(
    values: list[_Value], status: dict[int, str], contradicted: Mapping[str, str]
) -> dict[int, str]:
    """A current killed value that one document alone states, a contradicted one
    (``_deaths_contradicted``), becomes disputed; returns the note of each, by index, for the brief.
    A death two reports state is not set against later ones: which side is stale, the text does not say."""
    notes: dict[int, str] = {}
    for i, value in enumerate(values):
        docs = documents_of(value.mentions)
        if status[i] == "current" and len(docs) == 1 and docs[0] in contradicted:
            status[i] = "disputed"
            notes[i] = contradicted[docs[0]]
    return notes


def _document_early_tolls(mentions: Iterable[FigureMention]) -> dict[str, FigureMention]:
    """Each document's first figure marked as an early account ("initially"), by document."""
    early: dict[str, FigureMention] = {}
    for mention in sorted(mentions, key=lambda m: m.anchor.reading_key):
        if mention.stage is Stage.INITIAL and isinstance(mention.value, (int, float)):
            early.setdefault(mention.evidence.doc, mention)
    return early


def _early_hurt_since_dead(early: Mapping[str, FigureMention], killed: Mapping[str, FigureMention]) -> set[str]:
    """Documents whose only injured figure is an early account of no more people than they now
    count dead: "dispatchers had said one person was hurt ... the boy has died" tells one victim
    at two moments, so the early figure is that report's own outdated reading."""
    return {doc for doc, hurt in early.items() if doc in killed and float(hurt.value) <= float(killed[doc].value)}


def _all_outdated(value: _Value, outdated_docs: set[str]) -> bool:
    """Whether every document stating ``value`` is outdated; a value stated only as an early
    account is judged by the documents that give it, others by those that state it as their toll."""
    docs = {m.evidence.doc for m in value.mentions if m.stage is not Stage.INITIAL}
    if not docs:
        docs = {m.evidence.doc for m in value.mentions}
    return bool(docs) and docs <= outdated_docs


def _document_tolls(kind: str, mentions: list[FigureMention]) -> list[FigureMention]:
    """Within one document, the toll is the first it states, unless a later one is marked revised.

    Reports lead with their toll and then count subsets ("two of the wounded were teens", "three
    others were treated") or other things; a figure marked "has since", "rose to" or "latest"
    replaces the lead. Early figures marked "initially" are kept: they become superseded values.
    So for killed, injured and arrested, one document contributes one current toll per kind.
    """
    if FigureKind(kind) not in _CUMULATIVE:
        return mentions
    toll = _document_toll_mentions(mentions)
    kept_values = {(m.evidence.doc, m.value) for m in toll.values()}
    return [
        m for m in mentions
        if m.stage is Stage.INITIAL or not isinstance(m.value, (int, float)) or (m.evidence.doc, m.value) in kept_values
    ]


def _merge_unspecified_subjects(slots: dict[tuple[str, str | None], list[FigureMention]]) -> None:
    """A figure that does not say what it measures joins the only subject its kind has.

    "The explosions were separated by ten to 15 minutes" and "the second explosion occurred
    about 15 minutes after the first" measure one interval; with two subjects (first and second
    explosion) an unspecified one stays apart, since it could be either.
    """
    by_kind: dict[str, list[str | None]] = defaultdict(list)
    for kind, subject in slots:
        by_kind[kind].append(subject)
    for kind, subjects in by_kind.items():
        named = [s for s in subjects if s is not None]
        if None in subjects and len(named) == 1:
            slots[(kind, named[0])].extend(slots.pop((kind, None)))


_STATUS_ORDER = {"current": 0, "disputed": 1, "superseded": 2, OTHER_INCIDENT: 3}


def _slot_order(key: tuple[str, str | None]) -> tuple[int, str]:
    kind, subject = key
    return (kind_order(kind), subject or "")


def _estimate(kind: str, subject: str | None, values: list[_Value], lead: float | str | None = None) -> Estimate | None:
    """Low / best / high over the current values, when they are not all one number and measure one
    thing (distances from different landmarks are no range). The best is the value most documents
    state, or for a toll the one that leads its figures (``lead``: the highest current)."""
    if any(_other_landmark(a, b) for a, b in combinations(values, 2)):
        return None
    numbers: list[float] = []
    for value in values:
        if value.low is not None and value.high is not None:
            numbers += [value.low, value.high]
        elif isinstance(value.value, (int, float)):
            numbers.append(float(value.value))
    if len(set(numbers)) < 2:
        return None
    best = max(
        (v for v in values if isinstance(v.value, (int, float))),
        key=lambda v: len(documents_of(v.mentions)),
        default=None,
    )
    best_value = float(best.value) if best else (min(numbers) + max(numbers)) / 2
    if isinstance(lead, (int, float)):
        best_value = float(lead)
    docs = sorted({d for v in values for d in documents_of(v.mentions)})
    return Estimate(kind, subject, min(numbers), best_value, max(numbers), values[0].mentions[0].unit, tuple(docs))


def headline_of(figures: Iterable[Figure]) -> dict[str, float]:
    """The current casualty tolls among reconciled figures (kind -> value), best supported first.

    The event list shows these; taking them from the reconciled figures keeps the list and the
    brief in agreement.
    """
    values: dict[str, float] = {}
    for figure in figures:
        if (
            figure.status == "current"
            and FigureKind(figure.kind).is_casualty
            and figure.kind not in values
            and isinstance(figure.value, (int, float))
        ):
            values[figure.kind] = float(figure.value)
    return values
