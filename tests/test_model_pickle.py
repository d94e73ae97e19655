"""Model objects cross process boundaries (extraction workers, Ray) pickled: they come back equal,
and rebuilding them does not call ``dataclasses.fields`` per object (the cost it had)."""

from __future__ import annotations

import dataclasses
import pickle
from datetime import date

import pytest

from crosscheck.model import (
    Article, ClaimKind, ClaimMention, DateMention, Event, Extraction, FigureKind, FigureMention, PlaceKind,
    PlaceMention, QuoteMention, SourceKind, SourceMention, Span, Stage,
)

TEXT = "Two people were killed and three hurt on Elm Street on Monday, Sheriff Roe said: 'It was awful.'"


def _extraction() -> Extraction:
    article = Article(id="d1", text=TEXT, source="d1.txt", outlet="example.com", published="2025-03-04",
                      furniture=((0, 0),))
    sentence = Span("d1", 0, len(TEXT))
    mentions = (
        FigureMention(sentence, Span("d1", 0, 3), "figures", kind=FigureKind.KILLED, value=2.0, unit="people",
                      stage=Stage.INITIAL, attributed_to="Sheriff Roe"),
        FigureMention(sentence, Span("d1", 27, 32), "figures", kind=FigureKind.INJURED, value=None, low=3.0, high=4.0),
        ClaimMention(sentence, Span("d1", 0, 20), "claims", kind=ClaimKind.OTHER, label="l", topic="t", text="x", hedged=True),
        QuoteMention(sentence, Span("d1", 80, 94), "quotes", speaker="Roe", text="It was awful."),
        SourceMention(sentence, Span("d1", 64, 75), "sources", name="Roe", source_kind=SourceKind.OFFICIAL, surface="Sheriff Roe"),
        PlaceMention(sentence, Span("d1", 42, 52), "places", name="Elm Street", place_kind=PlaceKind.SITE),
        DateMention(sentence, Span("d1", 56, 62), "dates", value=date(2025, 3, 3), surface="Monday"),
    )
    return Extraction(article=article, sentences=(sentence,), mentions=mentions, background=(Span("d1", 1, 2),))


def test_extraction_round_trips_through_pickle() -> None:
    extraction = _extraction()
    back = pickle.loads(pickle.dumps(extraction, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == extraction
    assert [type(m) for m in back.mentions] == [type(m) for m in extraction.mentions]
    assert back.mentions[0].attributed_to == "Sheriff Roe" and back.mentions[1].low == 3.0
    event = Event(id="e", article_ids=("d1",), title="t", places=("Elm Street",))
    assert pickle.loads(pickle.dumps(event)) == event


def test_unpickling_does_not_look_up_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    blob = pickle.dumps(_extraction(), protocol=pickle.HIGHEST_PROTOCOL)

    def no_fields(*args: object) -> None:
        raise AssertionError("dataclasses.fields called while unpickling")

    monkeypatch.setattr(dataclasses, "fields", no_fields)
    assert pickle.loads(blob).article.id == "d1"


def test_objects_stay_frozen_after_unpickling() -> None:
    back = pickle.loads(pickle.dumps(Span("d", 1, 2)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.start = 5  # type: ignore[misc]
