"""An event has one date wherever it is shown: the store's listing, its brief, the exports
(issue 34, item 10: a listing showed the earliest publication day, the brief the stated day)."""

from __future__ import annotations

from pathlib import Path

from crosscheck.model import Article
from crosscheck.briefs import brief_from_store
from crosscheck.corpus import Corpus

REPORTS = [
    Article(id="a", source="a", published="2007-04-11",
            text="Two men were shot and killed on Monday night outside a bar on Larkin Street in Dunhaven, police said.\n"),
    Article(id="b", source="b", published="2007-04-12",
            text="Police in Dunhaven are still looking for the gunman who shot and killed two men outside a bar on Larkin Street on Monday.\n"),
]


def test_the_listing_and_the_brief_give_the_event_the_same_date(tmp_path: Path) -> None:
    with Corpus(tmp_path / "d.db") as store:
        store.add(REPORTS)
        (summary,) = store.events()
        (brief,) = brief_from_store(store, summary.id).events
        assert brief.date == "2007-04-09"  # the Monday before the first report: when it happened
        assert summary.date == brief.date
        assert store.events(since="2007-04-09", until="2007-04-09")[0].id == summary.id


def test_without_a_stated_date_both_use_the_earliest_publication(tmp_path: Path) -> None:
    undated = [Article(id=a.id, source=a.source, published=a.published, text=a.text.replace(" on Monday night", "").replace(" on Monday", ""))
               for a in REPORTS]
    with Corpus(tmp_path / "u.db") as store:
        store.add(undated)
        (summary,) = store.events()
        assert summary.date == brief_from_store(store, summary.id).events[0].date == "2007-04-11"
