"""Reconciliation on short reports written for these tests, with mentions placed by hand.

Every mention points at a real sentence of its article (offsets found with ``str.find``), so the
evidence reconciliation returns can be checked against the text character for character.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

import pytest

from crosscheck.facts import EventBrief, Figure
from datetime import date

from crosscheck.model import (
    Article,
    ClaimKind,
    ClaimMention,
    DateMention,
    Extraction,
    FigureKind,
    FigureMention,
    PlaceKind,
    PlaceMention,
    QuoteMention,
    SourceKind,
    SourceMention,
    Span,
    Stage,
)
from crosscheck.reconcile import event_date, reconcile_event, reconcile_places
from crosscheck.reconcile.claims import reconcile_claims
from crosscheck.reconcile.figures import headline_of, reconcile_figures
from crosscheck.reconcile.quotes import reconcile_quotes
from crosscheck.reconcile.sources import reconcile_sources


def article(doc_id: str, text: str, outlet: str | None = None, published: str | None = None) -> Article:
    return Article(id=doc_id, text=text, source=f"{doc_id}.txt", outlet=outlet or f"outlet-{doc_id}", published=published)


def spans(doc: Article, sentence: str, anchor: str) -> tuple[Span, Span]:
    """Evidence span of ``sentence`` and anchor span of ``anchor`` inside it, found in the text."""
    start = doc.text.find(sentence)
    assert start >= 0, f"{sentence!r} not in {doc.id}"
    offset = sentence.find(anchor)
    assert offset >= 0, f"{anchor!r} not in {sentence!r}"
    return Span(doc.id, start, start + len(sentence)), Span(doc.id, start + offset, start + offset + len(anchor))


def figure(doc: Article, sentence: str, anchor: str, kind: FigureKind = FigureKind.KILLED, **fields: Any) -> FigureMention:
    evidence, span = spans(doc, sentence, anchor)
    fields.setdefault("value", None)
    fields.setdefault("unit", "people")
    return FigureMention(evidence, span, "test", kind=kind, **fields)


def claim(doc: Article, sentence: str, anchor: str, label: str, topic: str, kind: ClaimKind = ClaimKind.CAUSE, **fields: Any) -> ClaimMention:
    evidence, span = spans(doc, sentence, anchor)
    return ClaimMention(evidence, span, "test", kind=kind, label=label, topic=topic, text=fields.pop("text", sentence), **fields)


def quote(doc: Article, sentence: str, words: str, speaker: str | None, **fields: Any) -> QuoteMention:
    evidence, span = spans(doc, sentence, words)
    return QuoteMention(evidence, span, "test", speaker=speaker, text=words, **fields)


def source(doc: Article, sentence: str, surface: str, name: str, kind: SourceKind = SourceKind.AGENCY) -> SourceMention:
    evidence, span = spans(doc, sentence, surface)
    return SourceMention(evidence, span, "test", name=name, source_kind=kind, surface=surface)


def by_id(*articles: Article) -> dict[str, Article]:
    return {a.id: a for a in articles}


def only(figures: Iterable[Figure], **match: Any) -> Figure:
    found = [f for f in figures if all(getattr(f, k) == v for k, v in match.items())]
    assert len(found) == 1, (match, figures)
    return found[0]


def docs(evidence: Iterable[Any]) -> list[str]:
    return sorted({e.document for e in evidence})


# --- figures -------------------------------------------------------------------------------------

RISING = "Officials initially said 20 people had died. The toll later rose to 35, the governor said."


def test_initial_figure_is_superseded_by_the_later_one() -> None:
    a = article("a", RISING)
    mentions = [
        figure(a, "Officials initially said 20 people had died.", "20", value=20.0, stage=Stage.INITIAL),
        figure(a, "The toll later rose to 35, the governor said.", "35", value=35.0, stage=Stage.REVISED),
    ]
    figures, _ = reconcile_figures(mentions, by_id(a))
    assert only(figures, value=20).status == "superseded"
    assert only(figures, value=35).status == "current"
    assert only(figures, value=35).stage == "revised"


def test_an_initial_figure_alone_stays_current() -> None:
    a = article("a", RISING)
    mentions = [figure(a, "Officials initially said 20 people had died.", "20", value=20.0, stage=Stage.INITIAL)]
    figures, _ = reconcile_figures(mentions, by_id(a))
    assert [f.status for f in figures] == ["current"]


EARLY = "Police said 12 people were killed in the fire."
LATE = "The fire killed 19 people, police said on Tuesday evening."


def _tolls(early_time: str | None, late_time: str | None) -> tuple[list[Figure], Any]:
    a = article("a", EARLY, published=early_time)
    b = article("b", LATE, published=late_time)
    mentions = [figure(a, EARLY, "12", value=12.0), figure(b, LATE, "19", value=19.0)]
    return reconcile_figures(mentions, by_id(a, b))


def test_smaller_toll_published_earlier_is_superseded_by_a_later_larger_one() -> None:
    figures, _ = _tolls("2024-03-05T08:00:00", "2024-03-05T19:30:00")
    assert only(figures, value=12).status == "superseded"
    assert only(figures, value=19).status == "current"


def test_larger_toll_published_earlier_does_not_supersede_a_later_smaller_one() -> None:
    # Tolls grow; a later, smaller value is not an update of the earlier one: it is disputed,
    # and with equal support the higher count stays current rather than being superseded.
    figures, _ = _tolls("2024-03-05T19:30:00", "2024-03-05T08:00:00")
    assert {f.value: f.status for f in figures} == {12: "disputed", 19: "current"}


def test_undated_tolls_take_the_highest_and_say_the_order_is_unknown() -> None:
    # No date orders them; a count that only grows is read at its highest, the lower one is taken
    # as earlier with a note saying why, and the current figure carries the range of both.
    figures, estimates = _tolls(None, None)
    assert {f.value: f.status for f in figures} == {12: "superseded", 19: "current"}
    assert "no report is dated" in (only(figures, value=12).note or "")
    assert (only(figures, value=19).low, only(figures, value=19).high) == (12.0, 19.0)
    (estimate,) = estimates
    assert (estimate.low, estimate.high) == (12.0, 19.0)
    assert estimate.documents == ("a", "b")


def test_publication_order_uses_the_instant_not_the_string() -> None:
    # 12 at 11:00+03:30 (07:30 UTC) is earlier than 19 at 09:00Z, though "11:00" sorts after "09:00".
    figures, _ = _tolls("2024-03-05T11:00:00+03:30", "2024-03-05T09:00:00+00:00")
    assert only(figures, value=12).status == "superseded"
    assert only(figures, value=19).status == "current"


def test_of_overlapping_values_one_is_current_the_other_consistent_with_an_estimate() -> None:
    a = article("a", "The second explosion came about 15 minutes after the first.")
    b = article("b", "A second blast followed ten to 15 minutes later.")
    mentions = [
        figure(a, a.text, "about 15 minutes", FigureKind.INTERVAL, value=15.0, unit="minutes", qualifier="about", subject="second explosion"),
        figure(b, b.text, "ten to 15 minutes", FigureKind.INTERVAL, low=10.0, high=15.0, unit="minutes", subject="second blast"),
    ]
    figures, estimates = reconcile_figures(mentions, by_id(a, b))
    assert len(figures) == 2
    # one current answer per slot: the point value; the range that agrees with it is shown beside it
    assert {f.value: f.status for f in figures} == {15: "current", None: "consistent"}
    assert {f.subject for f in figures} == {"second explosion"}  # "blast" and "explosion" are one slot
    (estimate,) = estimates
    assert (estimate.kind, estimate.subject, estimate.unit) == ("interval", "second explosion", "minutes")
    assert (estimate.low, estimate.best, estimate.high) == (10.0, 15.0, 15.0)
    assert estimate.documents == ("a", "b")


def test_lower_bound_and_exact_value_agree() -> None:
    a = article("a", "At least 100 people were killed.")
    b = article("b", "The attack killed 103 people.")
    mentions = [
        figure(a, a.text, "At least 100", value=100.0, qualifier="at least"),
        figure(b, b.text, "103", value=103.0),
    ]
    figures, _ = reconcile_figures(mentions, by_id(a, b))
    assert {f.value: f.status for f in figures} == {103: "current", 100: "consistent"}
    assert only(figures, value=100).qualifier == "at least"


def test_non_overlapping_values_are_a_dispute_with_one_current_range() -> None:
    a = article("a", "The first explosion was 700 metres from the tomb.")
    b = article("b", "The first blast went off 20 metres from the tomb.")
    c = article("c", "Another report put the second explosion 1 km away.")
    mentions = [
        figure(a, a.text, "700 metres", FigureKind.DISTANCE, value=700.0, unit="m", subject="first explosion"),
        figure(b, b.text, "20 metres", FigureKind.DISTANCE, value=20.0, unit="m", subject="the first blast"),
        figure(c, c.text, "1 km", FigureKind.DISTANCE, value=1000.0, unit="m", subject="second explosion"),
    ]
    figures, _ = reconcile_figures(mentions, by_id(a, b, c))
    first = [f for f in figures if f.subject == "first explosion"]
    # one current value (the first stated, on a tie of support) carrying the range of both sides
    assert sorted((f.value, f.status) for f in first) == [(20, "disputed"), (700, "current")]
    current = only(first, status="current")
    assert (current.low, current.high) == (20.0, 700.0) and "disputed" in (current.note or "")
    # A different subject is a different slot: nothing to disagree with there.
    assert only(figures, subject="second explosion").status == "current"


def test_a_documents_smaller_tolls_are_parts_of_its_largest() -> None:
    text = "Five people were killed in the shooting. Two of the dead were children."
    a = article("a", text)
    b = article("b", "Two people were killed, police said.")
    part = figure(a, "Two of the dead were children.", "Two", value=2.0)
    mentions = [figure(a, "Five people were killed in the shooting.", "Five", value=5.0), part]
    figures, _ = reconcile_figures(mentions, by_id(a))
    assert [(f.value, f.status) for f in figures] == [(5, "current")]
    # Another document whose whole toll is 2 is a value of its own, not a part of document a's;
    # with no date to order them, the lower count is taken as the earlier one.
    figures, _ = reconcile_figures([*mentions, figure(b, b.text, "Two", value=2.0)], by_id(a, b))
    assert {f.value: f.status for f in figures} == {5: "current", 2: "superseded"}
    assert docs(only(figures, value=2).evidence) == ["b"]


def test_an_unspecified_interval_joins_the_only_named_one() -> None:
    a = article("a", "The two blasts were ten to 15 minutes apart.")
    b = article("b", "The second explosion came about 15 minutes after the first.")
    mentions = [
        figure(a, a.text, "ten to 15 minutes", FigureKind.INTERVAL, low=10.0, high=15.0, unit="minutes"),
        figure(b, b.text, "about 15 minutes", FigureKind.INTERVAL, value=15.0, unit="minutes", qualifier="about", subject="second explosion"),
    ]
    figures, estimates = reconcile_figures(mentions, by_id(a, b))
    assert [(e.subject, e.low, e.high) for e in estimates] == [("second explosion", 10.0, 15.0)]
    assert sorted(f.status for f in figures) == ["consistent", "current"]


def test_every_figure_of_a_merged_slot_names_the_slot_subject() -> None:
    a = article("a", "The two blasts were ten to 15 minutes apart.")
    b = article("b", "The second explosion came about 15 minutes after the first.")
    mentions = [
        figure(a, a.text, "ten to 15 minutes", FigureKind.INTERVAL, low=10.0, high=15.0, unit="minutes"),
        figure(b, b.text, "about 15 minutes", FigureKind.INTERVAL, value=15.0, unit="minutes", qualifier="about", subject="second explosion"),
    ]
    figures, _ = reconcile_figures(mentions, by_id(a, b))
    assert [f.subject for f in figures] == ["second explosion", "second explosion"]


def test_mentions_without_any_value_are_ignored() -> None:
    a = article("a", "Many people were killed.")
    figures, estimates = reconcile_figures([figure(a, a.text, "Many", value=None)], by_id(a))
    assert figures == [] and estimates == []


# --- independent sources -------------------------------------------------------------------------

RELAY = "IRNA said 95 people were killed."


def _relays(attributions: list[str | None], outlets: list[str]) -> Figure:
    arts = [article(f"d{i}", RELAY, outlet=o) for i, o in enumerate(outlets)]
    mentions = [
        FigureMention(*spans(a, RELAY, "95"), "test", kind=FigureKind.KILLED, value=95.0, unit="people", attributed_to=who)
        for a, who in zip(arts, attributions)
    ]
    figures, _ = reconcile_figures(mentions, by_id(*arts))
    (only_figure,) = figures
    return only_figure


def test_three_documents_relaying_one_agency_are_one_source() -> None:
    relayed = _relays(["IRNA", "Irna", "IRNA"], ["Reuters", "AP", "BBC"])
    assert len(relayed.evidence) == 3
    assert relayed.sources == 1
    assert relayed.single_source
    assert {e.attributed_to for e in relayed.evidence} == {"IRNA", "Irna"}


def test_unattributed_documents_of_different_outlets_are_independent() -> None:
    independent = _relays([None, None, None], ["Reuters", "AP", "BBC"])
    assert independent.sources == 3
    assert not independent.single_source


def test_two_documents_of_one_outlet_are_one_source() -> None:
    same_outlet = _relays([None, None], ["AP", "AP"])
    assert same_outlet.sources == 1 and same_outlet.single_source


def test_an_agency_report_and_a_relay_of_it_are_one_source() -> None:
    own = article("own", RELAY, outlet="IRNA")
    relay = article("relay", RELAY, outlet="Reuters")
    mentions = [
        FigureMention(*spans(own, RELAY, "95"), "test", kind=FigureKind.KILLED, value=95.0, unit="people"),
        FigureMention(*spans(relay, RELAY, "95"), "test", kind=FigureKind.KILLED, value=95.0, unit="people", attributed_to="IRNA"),
    ]
    (relayed,), _ = reconcile_figures(mentions, by_id(own, relay))
    assert relayed.sources == 1


# --- claims --------------------------------------------------------------------------------------

A_TEXT = "Two bombs exploded near the shrine. Officials called it a terrorist attack."
B_TEXT = "The explosions were caused by bombs, state TV said. It was a terrorist attack, the minister said."
C_TEXT = "A local official blamed gas canisters. No group has claimed responsibility."


@pytest.fixture
def claim_articles() -> tuple[Article, Article, Article]:
    return article("a", A_TEXT), article("b", B_TEXT), article("c", C_TEXT)


@pytest.fixture
def claim_mentions(claim_articles: tuple[Article, Article, Article]) -> list[ClaimMention]:
    a, b, c = claim_articles
    attack = ClaimKind.CHARACTERIZATION
    return [
        claim(a, "Two bombs exploded near the shrine.", "bombs", "explosive devices", "what exploded"),
        claim(a, "Officials called it a terrorist attack.", "terrorist attack", "terrorist attack", "character", attack),
        claim(b, "The explosions were caused by bombs, state TV said.", "bombs", "explosive devices", "what exploded"),
        claim(b, "It was a terrorist attack, the minister said.", "terrorist attack", "terrorist attack", "character", attack),
        claim(c, "A local official blamed gas canisters.", "gas canisters", "gas canisters", "what exploded"),
        claim(c, "No group has claimed responsibility.", "claimed responsibility", "no claim of responsibility", "responsibility", ClaimKind.RESPONSIBILITY),
    ]


def test_claims_agreed_single_source_and_disputed(claim_articles: tuple[Article, ...], claim_mentions: list[ClaimMention]) -> None:
    claims, disputes = reconcile_claims(claim_mentions, by_id(*claim_articles))
    status = {c.label: c.status for c in claims}
    assert status == {
        "terrorist attack": "agreed",
        "no claim of responsibility": "single-source",
        "explosive devices": "disputed",
        "gas canisters": "disputed",
    }
    agreed = next(c for c in claims if c.label == "terrorist attack")
    assert agreed.sources == 2 and docs(agreed.evidence) == ["a", "b"]
    (dispute,) = disputes
    assert dispute.question == "what exploded"
    sides = {side.claim: docs(side.evidence) for side in dispute.sides}
    assert sides == {"explosive devices": ["a", "b"], "gas canisters": ["c"]}
    assert dispute.sides[0].claim == "explosive devices"  # the better supported side first


def test_one_agency_relayed_twice_does_not_make_a_claim_agreed(claim_articles: tuple[Article, ...]) -> None:
    a, b, _ = claim_articles
    mentions = [
        ClaimMention(*spans(doc, sentence, "terrorist attack"), "test", attributed_to="IRNA", kind=ClaimKind.CHARACTERIZATION,
                     label="terrorist attack", topic="character", text=sentence)
        for doc, sentence in ((a, "Officials called it a terrorist attack."), (b, "It was a terrorist attack, the minister said."))
    ]
    (only_claim,), _ = reconcile_claims(mentions, by_id(a, b))
    assert only_claim.status == "single-source" and only_claim.sources == 1


def test_a_negated_claim_does_not_agree_with_the_affirmed_one() -> None:
    a = article("a", "Officials called it a terrorist attack.")
    b = article("b", "Police said it was not a terrorist attack.")
    mentions = [
        claim(a, a.text, "terrorist attack", "terrorist attack", "character", ClaimKind.CHARACTERIZATION),
        claim(b, b.text, "terrorist attack", "terrorist attack", "character", ClaimKind.CHARACTERIZATION, negated=True),
    ]
    claims, disputes = reconcile_claims(mentions, by_id(a, b))
    assert all(c.status != "agreed" for c in claims)
    assert [d.question for d in disputes] == ["character"]


# --- quotes --------------------------------------------------------------------------------------

FULL = "Our rescue teams are evacuating the injured, but crowds are blocking the roads"
FRAGMENT = "crowds are blocking the roads"


def test_fragment_and_fuller_variant_of_one_speaker_are_one_quote() -> None:
    a = article("a", f'"{FULL}," said Reza Fallah, head of the Red Crescent.')
    b = article("b", f'Red Crescent chief Fallah said "{FRAGMENT}".')
    mentions = [
        quote(b, b.text, FRAGMENT, "Fallah", partial=True),
        quote(a, a.text, FULL, "Reza Fallah", role="head of the Red Crescent"),
    ]
    (merged,) = reconcile_quotes(mentions, by_id(a, b))
    assert merged.text == FULL
    assert merged.variants == (FRAGMENT,)
    assert merged.speaker in {"Reza Fallah", "Fallah"}
    assert merged.role == "head of the Red Crescent"
    assert docs(merged.evidence) == ["a", "b"]


def test_a_speaker_named_by_surname_is_the_full_name_the_event_gives() -> None:
    a = article("a", '"We are all shocked," said Jon van Roe, the mayor.')
    b = article("b", 'Van Roe said the bridge "will be closed for a week".')
    mentions = [
        quote(a, a.text, "We are all shocked", "Jon van Roe", role="the mayor"),
        quote(b, b.text, "will be closed for a week", "Van Roe", partial=True),
    ]
    from crosscheck.reconcile.sources import named_alike

    assert {q.speaker for q in reconcile_quotes(named_alike(mentions), by_id(a, b))} == {"Jon van Roe"}


def test_same_words_from_different_speakers_are_not_merged() -> None:
    a = article("a", f'"{FULL}," said Reza Fallah.')
    b = article("b", f'"{FULL}," said Mohammad Saberi.')
    mentions = [quote(a, a.text, FULL, "Reza Fallah"), quote(b, b.text, FULL, "Mohammad Saberi")]
    quotes = reconcile_quotes(mentions, by_id(a, b))
    assert sorted(q.speaker for q in quotes) == ["Mohammad Saberi", "Reza Fallah"]
    assert all(len(q.evidence) == 1 for q in quotes)


def test_a_short_quote_joins_a_longer_one_only_through_a_word_of_it() -> None:
    """A few letters match inside any longer quote that holds them ("Yes." in "eyes"); a short
    quote joins a longer one only when it shares a word with it (``quotes._shares_a_word``)."""
    seen = "We saw the water come through the door with our own eyes"
    a = article("a", f'"{seen}," said Ann Poe.')
    b = article("b", 'Asked whether the town would rebuild, the mayor said: "Yes."')
    c = article("c", 'A neighbour said "the water came through the door" within minutes.')
    mentions = [
        quote(a, a.text, seen, "Ann Poe"),
        quote(b, b.text, "Yes.", None),
        quote(c, c.text, "the water came through the door", None, partial=True),
    ]
    quotes = reconcile_quotes(mentions, by_id(a, b, c))
    by_text = {q.text: q for q in quotes}
    assert set(by_text) == {seen, "Yes."}
    assert by_text["Yes."].speaker is None and docs(by_text["Yes."].evidence) == ["b"]
    assert docs(by_text[seen].evidence) == ["a", "c"]


def test_a_short_quote_with_a_word_of_the_longer_one_is_its_variant() -> None:
    longer = "Run, run, they are shooting at the market"
    a = article("a", f'"{longer}," a vendor shouted, said Jon Roe.')
    b = article("b", 'Jon Roe heard a vendor shout "Run, run!" as the shots began.')
    mentions = [quote(a, a.text, longer, "Jon Roe"), quote(b, b.text, "Run, run!", "Jon Roe", partial=True)]
    (merged,) = reconcile_quotes(mentions, by_id(a, b))
    assert docs(merged.evidence) == ["a", "b"]


def test_one_speakers_reworded_quote_is_a_variant_of_the_longer_one() -> None:
    longer = "This is the saddest night in the long history of our harbour"
    shorter = "This is the saddest night for our harbour"
    a = article("a", f'"{longer}," Mayor Ada Fenn said.')
    b = article("b", f'"{shorter}," said Ada Fenn.')
    unattributed = "The saddest night our harbour has seen"
    c = article("c", f'"{unattributed}," a fisherman said.')
    mentions = [quote(a, a.text, longer, "Ada Fenn"), quote(b, b.text, shorter, "Ada Fenn"), quote(c, c.text, unattributed, None)]
    quotes = reconcile_quotes(mentions, by_id(a, b, c))
    (fenn,) = [q for q in quotes if q.speaker == "Ada Fenn"]
    assert docs(fenn.evidence) == ["a", "b"] and fenn.variants == (shorter,)
    # with no speaker, the same words are too weak a sign: the fisherman's stays apart
    assert [docs(q.evidence) for q in quotes if q.speaker is None] == [["c"]]


@pytest.mark.parametrize(
    "shorter, longer",
    [
        ("The fire is under control", "The fire is not under control on the eastern ridge"),  # one denies
        ("We feel safe", "We are safe at home with the children now"),  # two content words
    ],
)
def test_rewordings_that_are_not_one_quote(shorter: str, longer: str) -> None:
    a = article("a", f'"{longer}," said Ada Fenn.')
    b = article("b", f'"{shorter}," said Ada Fenn.')
    mentions = [quote(a, a.text, longer, "Ada Fenn"), quote(b, b.text, shorter, "Ada Fenn")]
    assert len(reconcile_quotes(mentions, by_id(a, b))) == 2


def test_different_words_of_one_speaker_stay_apart() -> None:
    other = "We will not rest until those responsible are found"
    a = article("a", f'"{FULL}," said Reza Fallah. "{other}," he added.')
    mentions = [quote(a, f'"{FULL}," said Reza Fallah.', FULL, "Reza Fallah"), quote(a, f'"{other}," he added.', other, "Reza Fallah")]
    assert len(reconcile_quotes(mentions, by_id(a))) == 2


# --- cited sources -------------------------------------------------------------------------------


def test_cited_source_collects_aliases_and_relaying_outlets() -> None:
    arts = [
        article("a", "IRNA reported the blasts.", outlet="Reuters"),
        article("b", "The Islamic Republic News Agency reported two blasts.", outlet="AP"),
        article("c", "According to IRNA, two blasts hit the crowd. State TV agreed.", outlet="BBC"),
    ]
    mentions = [
        source(arts[0], arts[0].text, "IRNA", "IRNA"),
        source(arts[1], arts[1].text, "Islamic Republic News Agency", "IRNA"),
        source(arts[2], "According to IRNA, two blasts hit the crowd.", "IRNA", "IRNA"),
        source(arts[2], "State TV agreed.", "State TV", "state television", SourceKind.BROADCASTER),
    ]
    cited = reconcile_sources(mentions, by_id(*arts))
    assert [c.name for c in cited] == ["IRNA", "state television"]  # most relayed first
    irna = cited[0]
    assert irna.kind == "agency"
    assert irna.relayed_by == ("AP", "BBC", "Reuters")
    assert irna.aliases == ("Islamic Republic News Agency",)
    assert docs(irna.evidence) == ["a", "b", "c"]
    assert cited[1].kind == "broadcaster" and cited[1].relayed_by == ("BBC",)


# --- the whole event -----------------------------------------------------------------------------


def _event(claim_articles: tuple[Article, ...], claim_mentions: list[ClaimMention]) -> tuple[EventBrief, dict[str, Article]]:
    a, b, c = claim_articles
    extra = {
        "a": [figure(a, "Two bombs exploded near the shrine.", "Two", FigureKind.EXPLOSIONS, value=2.0, unit=None),
              quote(a, "Officials called it a terrorist attack.", "terrorist attack", "Officials", partial=True)],
        "b": [figure(b, "The explosions were caused by bombs, state TV said.", "explosions", FigureKind.EXPLOSIONS, value=2.0, unit=None),
              source(b, "The explosions were caused by bombs, state TV said.", "state TV", "state television", SourceKind.BROADCASTER)],
        "c": [],
    }
    extractions = [
        Extraction(doc, (), tuple([m for m in claim_mentions if m.evidence.doc == doc.id] + extra[doc.id]))
        for doc in (a, b, c)
    ]
    return reconcile_event("ev-test", extractions), by_id(a, b, c)


def test_reconcile_event_assembles_every_section(claim_articles: tuple[Article, ...], claim_mentions: list[ClaimMention]) -> None:
    event, _ = _event(claim_articles, claim_mentions)
    assert event.id == "ev-test"
    assert event.documents == ("a", "b", "c")
    explosions = only(event.figures, kind="explosions")
    assert (explosions.value, explosions.status, explosions.sources) == (2, "current", 2)
    assert [d.question for d in event.disputes] == ["what exploded"]
    assert len(event.quotes) == 1 and [s.name for s in event.sources_cited] == ["state television"]
    # The analyst's "only one source" list: the single-source claim, nothing agreed or disputed.
    assert [(i.what, i.text) for i in event.single_source] == [
        ("claim:responsibility", "no claim of responsibility: No group has claimed responsibility.")
    ]
    assert "Two explosions" in event.title  # built from the figures when no article has a title


def test_every_evidence_quote_is_the_exact_text(claim_articles: tuple[Article, ...], claim_mentions: list[ClaimMention]) -> None:
    event, articles = _event(claim_articles, claim_mentions)
    records = [
        *(e for f in event.figures for e in f.evidence),
        *(e for c in event.claims for e in c.evidence),
        *(e for d in event.disputes for s in d.sides for e in s.evidence),
        *(e for q in event.quotes for e in q.evidence),
        *(e for s in event.sources_cited for e in s.evidence),
        *(e for i in event.single_source for e in i.evidence),
    ]
    assert len(records) >= 12
    for record in records:
        assert articles[record.document].text[record.start : record.end] == record.quote
        assert record.quote.strip() and record.end > record.start


# --- places and date -----------------------------------------------------------------------------


def test_places_most_specific_first_then_most_documents() -> None:
    a = article("a", "The fire hit Brno, in the Czech Republic.")
    b = article("b", "Brno firefighters fought the blaze at the Zbrojovka plant.")

    def place(doc: Article, surface: str, kind: PlaceKind) -> PlaceMention:
        return PlaceMention(*spans(doc, doc.text, surface), "test", name=surface, place_kind=kind)

    places = reconcile_places([
        place(a, "Czech Republic", PlaceKind.COUNTRY), place(a, "Brno", PlaceKind.CITY),
        place(b, "Brno", PlaceKind.CITY), place(b, "Zbrojovka plant", PlaceKind.SITE),
    ])
    assert [(p.name, p.kind, p.documents) for p in places] == [
        ("Zbrojovka plant", "site", ("b",)), ("Brno", "city", ("a", "b")), ("Czech Republic", "country", ("a",)),
    ]


def test_event_date_is_the_date_most_documents_give_else_the_first_publication() -> None:
    arts = [article(d, "It happened on Monday.", published=p) for d, p in (("a", "2024-03-06T09:00:00"), ("b", "2024-03-05"), ("c", None))]

    def on(doc: Article, day: date) -> DateMention:
        return DateMention(*spans(doc, doc.text, "Monday"), "test", value=day, surface="Monday")

    stated = [on(arts[0], date(2024, 3, 4)), on(arts[1], date(2024, 3, 4)), on(arts[2], date(2024, 3, 3))]
    assert event_date(stated, arts) == "2024-03-04"
    assert event_date([], arts) == "2024-03-05"
    assert event_date([], [arts[2]]) is None


def test_the_highest_toll_is_current_even_against_more_sources() -> None:
    """Agencies relay the first, lower toll widely; tolls are revised upwards: with no date to
    order them, the lower one is taken as the earlier count."""
    texts = {"a": "Four people were killed.", "b": "Four people died.", "c": "Six people were killed."}
    arts = [article(k, t, outlet=f"outlet-{k}") for k, t in texts.items()]
    mentions = [figure(a, a.text, a.text.split()[0], value=4.0 if a.id != "c" else 6.0) for a in arts]
    figures, _ = reconcile_figures(mentions, by_id(*arts))
    assert {f.value: f.status for f in figures} == {4: "superseded", 6: "current"}


def test_of_agreeing_tolls_the_highest_leads() -> None:
    """"At least 3" and "at least 24" both hold (neither contradicts the other); the higher says
    more and is current, the other consistent with it."""
    texts = {"a": "At least 3 people were killed.", "b": "At least 3 died.", "c": "At least 24 people were killed."}
    arts = [article(k, t, outlet=f"outlet-{k}") for k, t in texts.items()]
    mentions = [figure(a, a.text, "At least " + a.text.split()[2], value=24.0 if a.id == "c" else 3.0, qualifier="at least") for a in arts]
    figures, _ = reconcile_figures(mentions, by_id(*arts))
    assert [(f.value, f.status) for f in figures] == [(24, "current"), (3, "consistent")]
    assert headline_of(figures) == {"killed": 24.0}


def test_a_toll_s_best_estimate_is_its_leading_figure() -> None:
    texts = {"a": "At least 3 people were killed.", "b": "At least 3 died.", "c": "At least 24 people were killed."}
    arts = [article(k, t, outlet=f"outlet-{k}") for k, t in texts.items()]
    mentions = [figure(a, a.text, "At least " + a.text.split()[2], value=24.0 if a.id == "c" else 3.0, qualifier="at least") for a in arts]
    _, (estimate,) = reconcile_figures(mentions, by_id(*arts))
    assert (estimate.low, estimate.best, estimate.high) == (3, 24, 24)


def test_one_upstream_under_its_initials_and_its_name_counts_once() -> None:
    from crosscheck.reconcile import figures_and_places

    texts = {
        "a": "The quake was 10 km deep, the Elm Seismic Survey said.",
        "b": "The quake was 10 km deep, ESS said.",
        "c": "The quake was 10 km deep, a local official said.",
    }
    arts = [article(k, t, outlet=f"outlet-{k}") for k, t in texts.items()]
    by = {"a": "Elm Seismic Survey", "b": "ESS", "c": "local official"}
    mentions = [figure(a, a.text, "10 km", FigureKind.DEPTH, value=10000.0, unit="m", attributed_to=by[a.id]) for a in arts]
    (depth,), _, _, _ = figures_and_places(mentions, by_id(*arts))
    assert depth.sources == 2
    assert {e.attributed_to for e in depth.evidence} == {"Elm Seismic Survey", "local official"}


def test_a_distance_stated_by_more_independent_sources_is_the_consensus() -> None:
    texts = {"a": "The blast was 700 meters from the gate.", "b": "It hit 700 meters from the gate.", "c": "The blast was 300 meters from the gate."}
    arts = [article(k, t) for k, t in texts.items()]
    mentions = [
        FigureMention(*spans(a, a.text, "700" if a.id != "c" else "300"), "test", kind=FigureKind.DISTANCE,
                      value=700.0 if a.id != "c" else 300.0, unit="m", reference="gate")
        for a in arts
    ]
    figures, _ = reconcile_figures(mentions, by_id(*arts))
    assert {f.value: f.status for f in figures} == {700: "current", 300: "disputed"}


def test_tied_distances_are_a_dispute_not_a_higher_count() -> None:
    """The higher-count tie-break is for tolls only: other quantities have no direction, so two
    distances with equal support are a dispute (the first stated carries the range)."""
    a = article("a", "The blast was 700 meters from the gate.")
    b = article("b", "The blast was 300 meters from the gate.")
    mentions = [
        FigureMention(*spans(a, a.text, "700"), "test", kind=FigureKind.DISTANCE, value=700.0, unit="m", reference="gate"),
        FigureMention(*spans(b, b.text, "300"), "test", kind=FigureKind.DISTANCE, value=300.0, unit="m", reference="gate"),
    ]
    figures, _ = reconcile_figures(mentions, by_id(a, b))
    assert {f.value: f.status for f in figures} == {700: "current", 300: "disputed"}
    assert (only(figures, value=700).low, only(figures, value=700).high) == (300.0, 700.0)


def test_a_lone_surname_is_the_full_name_cited_elsewhere() -> None:
    a = article("a", "Former president Donald Trump said it was a disgrace.")
    b = article("b", "Trump said more was to come. Smith said nothing.")
    mentions = [
        SourceMention(*spans(a, a.text, "Donald Trump"), "test", name="Donald Trump", source_kind=SourceKind.OFFICIAL, surface="Donald Trump"),
        SourceMention(*spans(b, "Trump said more was to come.", "Trump"), "test", name="Trump", source_kind=SourceKind.OTHER, surface="Trump"),
        SourceMention(*spans(b, "Smith said nothing.", "Smith"), "test", name="Smith", source_kind=SourceKind.OTHER, surface="Smith"),
    ]
    cited = {c.name: c for c in reconcile_sources(mentions, by_id(a, b))}
    assert sorted(cited) == ["Donald Trump", "Smith"]
    assert docs(cited["Donald Trump"].evidence) == ["a", "b"]
    assert cited["Donald Trump"].kind == "official"


@pytest.mark.parametrize(
    ("short", "names"),
    [
        ("ESS", ["Elm Seismic Survey"]),  # initials
        ("Seismic Survey", ["Elm Seismic Survey"]),  # the last words
        ("EBI", ["Elm Bureau of Inquiry"]),  # "of" takes no initial
        ("Seismic Survey", ["Elm Seismic Survey", "Roe Seismic Survey"]),  # two fit: not merged
    ],
)
def test_a_shortened_name_of_a_body_is_its_full_name(short: str, names: list[str]) -> None:
    a = article("a", f"{names[0]} said the quake was shallow. {short} said it was strong.")
    mentions = [
        SourceMention(*spans(a, f"{names[0]} said the quake was shallow.", names[0]), "test", name=names[0], source_kind=SourceKind.OTHER, surface=names[0]),
        SourceMention(*spans(a, f"{short} said it was strong.", short), "test", name=short, source_kind=SourceKind.OTHER, surface=short),
        *[SourceMention(*spans(a, f"{names[0]} said the quake was shallow.", names[0]), "test", name=n, source_kind=SourceKind.OTHER, surface=n) for n in names[1:]],
    ]
    cited = sorted(c.name for c in reconcile_sources(mentions, by_id(a)))
    assert cited == sorted(names if len(names) == 1 else [*names, short])


def test_a_short_name_that_ends_a_name_and_its_tail_is_the_longest() -> None:
    from crosscheck.reconcile.sources import full_names

    mapping = full_names(["Roe", "Ann Roe", "Jo Ann Roe", "Survey", "Seismic Survey", "Elm Seismic Survey", "Police", "Elm Police", "Roe Police"])
    assert mapping["Roe"] == mapping["Ann Roe"] == "Jo Ann Roe"
    assert mapping["Survey"] == mapping["Seismic Survey"] == "Elm Seismic Survey"
    assert "Police" not in mapping  # two bodies end with it


def test_a_body_shortened_to_its_first_word_is_one_source_but_a_country_is_its_own() -> None:
    from crosscheck.reconcile.sources import full_names

    mapping = full_names(["Amnesty", "Amnesty International", "Kenya", "Kenya Police", "Varn", "Varn Relief", "Varn Trust"])
    assert mapping == {"Amnesty": "Amnesty International"}  # "Varn" opens two names: ambiguous


def test_spellings_of_one_transliterated_name_are_one_source() -> None:
    from crosscheck.reconcile.sources import full_names

    names = ["Mahmoud Karimzadeh", "Mahmoud Karimzadeh", "Mahmud Kariimzadeh", "Rahim Okonkwo", "Roheem Okonkwo",
             "Jane Tarrow", "June Tarrow", "Maria Delgado", "Mario Delgado", "Karimzadeh", "Mahmoud Karimzadah"]
    mapping = full_names(names)
    # vowels and doubled letters of long words vary: the most cited spelling names them all, and the surname
    assert mapping["Mahmud Kariimzadeh"] == mapping["Mahmoud Karimzadah"] == mapping["Karimzadeh"] == "Mahmoud Karimzadeh"
    assert "Mahmoud Karimzadeh" not in mapping
    assert full_names(["Elm County Police Chief", "Elm County police chief", "Elm County Police Chief"]) == {
        "Elm County police chief": "Elm County Police Chief"}
    # short words must agree, and consonants must: other people
    for other in ("Rahim Okonkwo", "Roheem Okonkwo", "Jane Tarrow", "June Tarrow", "Maria Delgado", "Mario Delgado"):
        assert other not in mapping


def test_initials_of_a_hyphenated_name_count_its_parts() -> None:
    from crosscheck.reconcile.sources import full_names

    mapping = full_names(["DKN", "Dal-e-Khalsa Navar", "FBI", "Federal Bureau of Investigation"])
    assert mapping == {"DKN": "Dal-e-Khalsa Navar", "FBI": "Federal Bureau of Investigation"}


def test_a_title_in_one_sentence_outweighs_bare_surnames_in_many() -> None:
    a = article("a", "Varnton Police Capt. Jon Roe said two men fled. Roe said a car waited. Roe said more. Roe said it ended.")
    mentions = [SourceMention(*spans(a, "Varnton Police Capt. Jon Roe said two men fled.", "Jon Roe"), "test", name="Jon Roe",
                              source_kind=SourceKind.OFFICIAL, surface="Jon Roe")]
    for sentence in ("Roe said a car waited.", "Roe said more.", "Roe said it ended."):
        mentions.append(SourceMention(*spans(a, sentence, "Roe"), "test", name="Roe", source_kind=SourceKind.OTHER, surface="Roe"))
    (cited,) = reconcile_sources(mentions, by_id(a))
    assert (cited.name, cited.kind) == ("Jon Roe", "official")


def test_lengths_converted_and_rounded_are_one_measurement() -> None:
    a = article("a", "The quake struck at a depth of 10 km.")
    b = article("b", "The quake originated six miles beneath the surface.")
    mentions = [
        figure(a, "The quake struck at a depth of 10 km.", "10 km", FigureKind.DEPTH, value=10000.0, unit="m"),
        figure(b, "The quake originated six miles beneath the surface.", "six miles", FigureKind.DEPTH, value=9700.0, unit="m"),
    ]
    figures, _ = reconcile_figures(mentions, by_id(a, b))
    assert {f.value: f.status for f in figures} == {10000: "current", 9700: "consistent"}
    c = article("c", "The quake struck at a depth of 35 km.")
    deeper = figure(c, "The quake struck at a depth of 35 km.", "35 km", FigureKind.DEPTH, value=35000.0, unit="m")
    figures, _ = reconcile_figures([*mentions, deeper], by_id(a, b, c))
    assert {f.value: f.status for f in figures}[35000] == "disputed"  # beyond rounding: a contradiction


def test_distances_from_no_stated_landmark_dispute_nothing() -> None:
    a = article("a", "The quake was felt 10 km away.")
    b = article("b", "Rescuers reached a village 40 km away.")
    mentions = [
        figure(a, "The quake was felt 10 km away.", "10 km", FigureKind.DISTANCE, value=10000.0, unit="m"),
        figure(b, "Rescuers reached a village 40 km away.", "40 km", FigureKind.DISTANCE, value=40000.0, unit="m"),
    ]
    figures, estimates = reconcile_figures(mentions, by_id(a, b))
    assert {f.status for f in figures} == {"current"} and not estimates


def test_distances_from_different_landmarks_are_neither_disputed_nor_a_range() -> None:
    a = article("a", "Varnton lies about 24 miles west of Elm City.")
    b = article("b", "Varnton lies about 200 miles south of Roe City.")
    c = article("c", "Varnton lies 30 miles west of Elm City.")
    mentions = [
        figure(a, "Varnton lies about 24 miles west of Elm City.", "24 miles", FigureKind.DISTANCE, value=39000.0, unit="m", reference="Elm City"),
        figure(b, "Varnton lies about 200 miles south of Roe City.", "200 miles", FigureKind.DISTANCE, value=320000.0, unit="m", reference="Roe City"),
    ]
    figures, estimates = reconcile_figures(mentions, by_id(a, b))
    assert {f.status for f in figures} == {"current"} and not estimates
    rival = figure(c, "Varnton lies 30 miles west of Elm City.", "30 miles", FigureKind.DISTANCE, value=48000.0, unit="m", reference="Elm City")
    figures, _ = reconcile_figures([*mentions, rival], by_id(a, b, c))
    elm = {f.value: f.status for f in figures if f.reference == "Elm City"}
    assert sorted(elm.values()) == ["current", "disputed"]  # one landmark, two distances: a dispute
    assert only(figures, value=320000.0).status == "current"  # another landmark's stands apart


@pytest.mark.parametrize(
    ("name", "kind", "named"),
    [
        # collectives, people known by a role alone, documents, generic media, titles alone
        ("officials", SourceKind.OFFICIAL, False),
        ("rescue authorities", SourceKind.OFFICIAL, False),
        ("Iranian media", SourceKind.MEDIA, False),
        ("local media", SourceKind.MEDIA, False),
        ("TV", SourceKind.MEDIA, False),
        ("police sources", SourceKind.OTHER, False),
        ("Eyewitnesses", SourceKind.OTHER, False),
        ("NSW Ambulance spokesman", SourceKind.OFFICIAL, False),
        ("Interior Ministry official", SourceKind.OFFICIAL, False),
        ("statement", SourceKind.OTHER, False),
        ("NGO", SourceKind.OTHER, False),
        ("police", SourceKind.OFFICIAL, False),
        ("Interior Minister", SourceKind.OFFICIAL, False),
        ("IGP", SourceKind.OTHER, False),
        # outlets, people, bodies by their names, a government, the state broadcaster
        ("IRNA", SourceKind.AGENCY, True),
        ("Reza Fallah", SourceKind.OFFICIAL, True),
        ("Syrian Health Ministry", SourceKind.OFFICIAL, True),
        ("Varnton Police", SourceKind.OFFICIAL, True),
        ("Elm County police chief", SourceKind.OFFICIAL, True),
        ("government of Iran", SourceKind.OFFICIAL, True),
        ("state television", SourceKind.BROADCASTER, True),
    ],
)
def test_a_named_source(name: str, kind: SourceKind, named: bool) -> None:
    from crosscheck.reconcile.sources import is_named_source

    assert is_named_source(name, kind.value) is named


def test_the_sources_cited_are_the_named_ones() -> None:
    """An unnamed source stays the attribution of its evidence, not an entry of the list."""
    text = "Ten died, officials said. Ten died, Iranian media reported. Ten died, IRNA reported."
    a = article("a", text)
    mentions = [
        source(a, "Ten died, officials said.", "officials", "officials", SourceKind.OFFICIAL),
        source(a, "Ten died, Iranian media reported.", "Iranian media", "Iranian media", SourceKind.MEDIA),
        source(a, "Ten died, IRNA reported.", "IRNA", "IRNA"),
    ]
    assert [c.name for c in reconcile_sources(mentions, by_id(a))] == ["IRNA"]


# --- the single-source list ----------------------------------------------------------------------


def test_a_claim_that_states_a_listed_figure_is_listed_once() -> None:
    """"The first bomb exploded at 14:50" gives a time figure and a time claim: one item, not two."""
    from crosscheck.facts import Claim, Evidence
    from crosscheck.reconcile import single_source_items

    sentence = "The first bomb went off at 14:50 and the second a few minutes later."
    other = "Rescuers expect the toll of 12 to rise."
    said = Evidence("a", 0, len(sentence), sentence)
    rise = Evidence("a", len(sentence) + 1, len(sentence) + 1 + len(other), other)
    time = Figure("time", "14:50", "current", (said,), unit="hh:mm", subject="first explosion", single_source=True)
    killed = Figure("killed", 12, "current", (rise,), unit="people", single_source=True)
    claims = (
        Claim("other", "first explosion at 14:50", "single-source", (said,), statement=sentence),
        Claim("other", "toll expected to rise", "single-source", (rise,), statement=other),
    )
    items = [item.text for item in single_source_items((time, killed), claims)]
    assert items == ["first explosion time: 14:50", "killed: 12", f"toll expected to rise: {other}"]


def _every_group(mentions: list[QuoteMention]) -> list[list[QuoteMention]]:
    """Merging by comparing each quote with every group it may join: what the index must give."""
    from crosscheck.reconcile import quotes as merging

    groups: list[list[QuoteMention]] = []
    blocks: dict[str | None, list[list[QuoteMention]]] = {}
    for mention in sorted(mentions, key=lambda q: -len(q.text)):
        block = merging._speaker_block(mention.speaker)
        for group in groups if block is None else blocks.get(block, []) + blocks.get(None, []):
            if merging._belongs(mention, group):
                group.append(mention)
                break
        else:
            groups.append([mention])
            blocks.setdefault(block, []).append(groups[-1])
    return groups


@pytest.mark.parametrize("seed", range(6))
def test_candidate_groups_give_the_groups_of_a_comparison_with_every_group(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Quotes with and without speakers, cut and retold with a word changed, short ones that match
    by letters only ("No" within "... nobody ...") or by a word ("heard shots"), many sharing
    everyday words: the groups found from
    shared keys are the groups of comparing each quote with every group, member for member (half
    the runs compare all but the first candidate in rapidfuzz's batches)."""
    from crosscheck.reconcile import quotes as merging

    monkeypatch.setattr(merging, "ONE_BY_ONE", 1 if seed % 2 else merging.ONE_BY_ONE)
    rng = random.Random(seed)
    everyday = ("police said the shooting happened near the school after midnight and several people "
                "heard shots while children were sleeping inside their homes on the street").split()

    def own_word() -> str:
        return "".join(rng.choice("bdfklmnprstvz") + rng.choice("aeiou") for _ in range(3))

    speakers = [None, None, "Jon Roe", "Roe", "Ann Poe", "Ann Varnes"]
    texts: list[tuple[str, str | None]] = []
    for _ in range(120):
        words = [own_word() if rng.random() < 0.3 else rng.choice(everyday) for _ in range(rng.randint(4, 18))]
        speaker = rng.choice(speakers)
        texts.append((" ".join(words), speaker))
        if rng.random() < 0.4:  # told again: cut, or with a word changed, by someone named alike or no one
            again = words[rng.randint(0, 2) :] if rng.random() < 0.5 else [w if rng.random() > 0.15 else own_word() for w in words]
            texts.append((" ".join(again), rng.choice([speaker, None])))
    texts += [(rng.choice(["No", "Yes.", "Help us", "It was bad", "nobody knew", "heard shots", "the school"]), rng.choice(speakers)) for _ in range(15)]
    a = article("a", "\n".join(text for text, _ in texts))
    mentions, at = [], 0
    for text, speaker in texts:
        span = Span("a", at, at + len(text))
        mentions.append(QuoteMention(span, span, "test", speaker=speaker, text=text))
        at += len(text) + 1
    index = merging._Groups()
    for mention in sorted(mentions, key=lambda q: -len(q.text)):
        index.place(mention)
    expected = _every_group(mentions)
    assert [[id(m) for m in group] for group in index.groups] == [[id(m) for m in group] for group in expected]
    assert any(len(group) > 1 for group in expected)


@pytest.mark.parametrize("one_by_one", [1, 32])
def test_a_quote_joins_its_speakers_group_before_one_with_no_speaker(one_by_one: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Words both an unattributed quote and the speaker's own longer quote hold: they are the
    speaker's, whichever group was opened first (and whether compared one by one or in a batch)."""
    from crosscheck.reconcile import quotes as merging

    monkeypatch.setattr(merging, "ONE_BY_ONE", one_by_one)
    unattributed = "Neighbours on Elm Street told us the water rose over the bridge before anyone could leave the valley"
    own = "We closed the bridge before anyone could leave, Varnton is cut off tonight"
    words = "the bridge before anyone could leave"
    a = article("a", f'"{unattributed}"\n"{own}," said Jon Roe.\n"{words}," Roe said.')
    mentions = [
        quote(a, f'"{unattributed}"', unattributed, None),
        quote(a, f'"{own}," said Jon Roe.', own, "Jon Roe"),
        quote(a, f'"{words}," Roe said.', words, "Jon Roe"),
    ]
    merged = reconcile_quotes(mentions, by_id(a))
    assert [(q.text, q.variants) for q in merged if q.variants] == [(own, (words,))]
