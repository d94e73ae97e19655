"""Two-level grouping: link components, split into events by weighted/average linkage.

The texts are written here from invented words, so the similarities are known: ``a1``/``a2`` are one
story, ``b1``/``b2`` another, and ``m`` (the bridge) shares a few words with the first and most
words with the second. Single link puts all five in one event; the two-level rule must not, in
any arrival order or batch size, in the store and in the engines' partitioned grouping alike.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from crosscheck.engines import steps
from crosscheck.events.features import DocFeatures, features
from crosscheck.events.grouping import (
    Candidate,
    DEFAULT_PARAMS,
    GroupingParams,
    attach_lone_reports,
    attach_unlinked_reports,
    attach_fragments,
    attach_small_events,
    cluster_component,
    component_events,
    conflicts,
    keeps_pair,
    links_to,
    pair_floor,
    similarity,
    without_window_bonus,
)
from crosscheck.events.partition import Node, links
from crosscheck.model import Article, Extraction
from crosscheck.corpus import Corpus
from engine_corpus import bridged_reports, incident_reports
from grouping_support import bare

TWO_LEVEL = replace(DEFAULT_PARAMS, threshold=0.2, event_threshold=0.3, linkage="weighted")
SINGLE = replace(DEFAULT_PARAMS, threshold=0.2, linkage="single")
LINKAGE_ONLY = replace(TWO_LEVEL, attach_threshold=None)
"""Level 2 without moving lone reports: what the split of a component alone does."""



def bridged() -> dict[str, Article]:
    return {r["id"]: Article(id=r["id"], text=r["text"], source="written", title=r["title"], published=r["published"])
            for r in bridged_reports()}


def corpus() -> list[Article]:
    written = [Article(id=r["id"], text=r["text"], source="written", title=r["title"], published=r["published"])
               for r in incident_reports(6)]
    return written + list(bridged().values())


def groups(store: Corpus) -> set[frozenset[str]]:
    by_event: dict[str, set[str]] = {}
    for doc_id, event in store.grouping().items():
        by_event.setdefault(event, set()).add(doc_id)
    return {frozenset(g) for g in by_event.values()}


def store_groups(articles: list[Article], params=TWO_LEVEL, batch_size: int = 200) -> set[frozenset[str]]:
    with Corpus(":memory:", extract=bare, params=params) as store:
        store.add(articles, batch_size=batch_size)
        return groups(store)


def test_the_written_similarities_are_what_the_tests_assume() -> None:
    f = {k: features(bare(a)) for k, a in bridged().items()}
    assert similarity(f["a1"], f["m"]) > TWO_LEVEL.event_threshold  # a1 and m alone are one event
    assert similarity(f["m"], f["b1"]) > 0.8 and similarity(f["b1"], f["b2"]) > 0.8
    assert similarity(f["a1"], f["b1"]) < TWO_LEVEL.threshold  # the only way from a to b is through m


def test_single_link_merges_through_the_bridge_and_two_levels_do_not() -> None:
    assert frozenset(bridged()) in store_groups(corpus(), SINGLE)
    got = store_groups(corpus())
    assert frozenset({"a1", "a2"}) in got and frozenset({"m", "b1", "b2"}) in got
    assert {frozenset(f"inc{i}-r{k}" for k in range(3)) for i in range(6)} <= got


@pytest.mark.parametrize("seed,batch", [(1, 1), (2, 3), (3, 7), (4, 200)])
def test_any_order_and_batch_size_gives_the_same_events(seed: int, batch: int) -> None:
    expected = store_groups(corpus())
    shuffled = corpus()
    random.Random(seed).shuffle(shuffled)
    assert store_groups(shuffled, batch_size=batch) == expected


@pytest.mark.parametrize("parts", [1, 2, 5])
def test_engines_split_components_as_the_store_does(parts: int) -> None:
    articles = corpus()
    nodes = [Node(seq, a.id, features(bare(a))) for seq, a in enumerate(articles)]
    assert {frozenset(g) for g in steps.group(nodes, parts, TWO_LEVEL)} == store_groups(articles)


def test_a_bridging_event_splits_when_its_component_is_reclustered_and_ids_stay() -> None:
    docs = bridged()
    with Corpus(":memory:", extract=bare, params=LINKAGE_ONLY) as store:
        store.add([docs["a1"], docs["m"]])
        first = store.event_of("a1")
        assert store.event_of("m") == first  # a1-m alone is strong enough
        store.add([docs["b1"], docs["b2"]])
        assert store.event_of("a1") == first  # the oldest document's event keeps its id
        assert store.event_of("m") != first  # ... and m left it for the b story
        assert store.event_of("m") == store.event_of("b1") == store.event_of("b2")
        assert store.event(first).documents == ("a1",)
        assert store.count_events() == 2
        second = store.event_of("m")
        store.add([docs["a2"]])
        assert (store.event_of("a2"), store.event_of("m")) == (first, second)  # unrelated events keep their ids
        assert store.event(first).documents == ("a1", "a2")


def test_a_store_without_links_is_relinked_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Corpus(path, extract=bare, params=TWO_LEVEL) as store:
        store.add(corpus(), batch_size=4)
        expected = groups(store)
    with sqlite3.connect(path) as conn:  # what a file written before the links table looks like
        conn.execute("UPDATE heads SET component = NULL")
        conn.execute("DELETE FROM links")
    with Corpus(path, extract=bare, params=TWO_LEVEL) as store:
        assert groups(store) == expected
        assert store._db.execute("SELECT COUNT(*) FROM links").fetchone()[0] > 0


def test_cluster_component_is_a_function_of_the_component() -> None:
    sims = {("a1", "m"): 0.45, ("b1", "m"): 0.99, ("b2", "m"): 0.95, ("b1", "b2"): 1.08}
    one = cluster_component(["m", "b2", "a1", "b1"], sims, 0.3, "weighted")
    two = cluster_component(["b1", "a1", "b2", "m"], dict(reversed(list(sims.items()))), 0.3, "weighted")
    assert one == two == [["a1"], ["b1", "b2", "m"]]
    assert cluster_component(["m", "a1", "b1", "b2"], sims, 0.2, "weighted") == [["a1", "b1", "b2", "m"]]


def test_a_component_beyond_the_cap_is_cut_in_runs_by_day_first() -> None:
    sims = {("a", "b"): 0.9, ("b", "c"): 0.9, ("c", "d"): 0.9, ("a", "d"): 0.9}
    members = [("d", 4), ("a", 1), ("c", 3), ("b", 2)]
    assert component_events(members, sims, replace(TWO_LEVEL, max_component=10)) == [["a", "b", "c", "d"]]
    capped = replace(TWO_LEVEL, max_component=2)
    assert component_events(members, sims, capped) == component_events(members[::-1], sims, capped) == [["a", "b"], ["c", "d"]]
    assert component_events(members, sims, replace(TWO_LEVEL, linkage="single")) == [["a", "b", "c", "d"]]


def incident_articles(n: int = 3) -> dict[str, Article]:
    return {r["id"]: Article(id=r["id"], text=r["text"], source="written", title=r["title"], published=r["published"])
            for r in incident_reports(n)}


def components_are_named_after_members(store: Corpus) -> bool:
    rows = store._db.execute("SELECT doc_id, component FROM heads").fetchall()
    where = dict(rows)
    return all(where.get(component) == component for _, component in rows)


def test_a_revised_report_that_became_another_story_moves_and_ids_stay() -> None:
    docs = incident_articles()
    with Corpus(":memory:", extract=bare, params=TWO_LEVEL) as store:
        store.add(list(docs.values()))
        first, second = store.event_of("inc0-r0"), store.event_of("inc1-r0")
        assert store.event_of("inc0-r1") == first and first != second
        rewritten = replace(docs["inc0-r1"], text=docs["inc1-r1"].text, title=docs["inc1-r1"].title,
                            published=docs["inc1-r1"].published)
        assert store.add([rewritten]).new_versions == 1
        assert store.event_of("inc0-r1") == second  # it now tells the second story
        assert store.event_of("inc0-r0") == first  # the story it left keeps its id
        assert set(store.event(first).documents) == {"inc0-r0", "inc0-r2"}
        assert components_are_named_after_members(store)
        final = [rewritten if a.id == "inc0-r1" else a for a in docs.values()]
        assert groups(store) == store_groups(final)  # as if the new text had been there from the start


def test_a_revised_bridge_lets_its_component_fall_apart() -> None:
    docs = bridged()
    with Corpus(":memory:", extract=bare, params=SINGLE) as store:  # single link: the bridge holds one event
        store.add([docs["m"], docs["a1"], docs["a2"], docs["b1"], docs["b2"]])
        assert store.count_events() == 1
        was = store.event_of("m")
        unrelated = replace(docs["m"], text="The Vostrand regatta was cancelled because of a storm on the lake.")
        store.add([unrelated])
        assert groups(store) == {frozenset({"a1", "a2"}), frozenset({"b1", "b2"}), frozenset({"m"})}
        # the revised report claims last: the part of the oldest unchanged report keeps the id
        assert store.event_of("a1") == was and store.event_of("m") != was
        assert components_are_named_after_members(store)
        store.add([replace(docs["m"], text=docs["m"].text + " The council will meet again.")])
        assert store.count_events() == 1 and store.event_of("a1") == store.event_of("b1")


def test_a_small_revision_keeps_the_report_in_its_event() -> None:
    docs = incident_articles(2)
    with Corpus(":memory:", extract=bare, params=TWO_LEVEL) as store:
        store.add(list(docs.values()))
        before = store.grouping()
        store.add([replace(docs["inc0-r0"], text=docs["inc0-r0"].text + " This story has been updated.")])
        assert store.grouping() == before


def test_a_lone_report_joins_the_event_of_its_strongest_link() -> None:
    events = [["a", "b", "c"], ["d", "e"], ["x"], ["y"]]
    sims = {("a", "x"): 0.3, ("d", "x"): 0.5, ("c", "y"): 0.2, ("x", "y"): 0.9}
    # x: strongest link into a multi-report event is d (0.5); y: c at 0.2 is below the threshold 0.25,
    # and its link to x does not count (x was alone before the moves)
    assert attach_lone_reports(events, sims, 0.25) == [["a", "b", "c"], ["d", "e", "x"], ["y"]]
    assert attach_lone_reports(events, sims, None) == events
    tie = {("a", "x"): 0.4, ("d", "x"): 0.4}
    assert attach_lone_reports(events, tie, 0.25) == [["a", "b", "c", "x"], ["d", "e"], ["y"]]


def test_a_lone_report_is_judged_by_its_link_without_the_window_bonus() -> None:
    # a, b, c form an event; x links to b only (0.27), too weakly for the linkage to take it in
    sims = {("a", "b"): 0.8, ("a", "c"): 0.8, ("b", "c"): 0.8, ("b", "x"): 0.27}
    params = replace(DEFAULT_PARAMS, attach_threshold=0.30, window_bonus=0.05, window_days=3)
    undated = [("a", None), ("b", None), ("c", None), ("x", None)]
    same_day = [("a", 10), ("b", 10), ("c", 10), ("x", 11)]
    weeks_later = [("a", 10), ("b", 10), ("c", 10), ("x", 40)]
    # 0.27 is text agreement between undated reports, or a follow-up beyond the window: it joins
    assert component_events(undated, sims, params) == [["a", "b", "c", "x"]]
    assert component_events(weeks_later, sims, params) == [["a", "b", "c", "x"]]
    # inside the window 0.05 of the 0.27 is the bonus: 0.22 of text is not enough
    assert component_events(same_day, sims, params) == [["a", "b", "c"], ["x"]]
    assert without_window_bonus(sims, dict(same_day), params)[("b", "x")] == pytest.approx(0.22)
    assert without_window_bonus(sims, dict(weeks_later), params)[("b", "x")] == 0.27


def test_a_lone_linked_report_follows_its_link_and_leaves_when_its_own_story_grows() -> None:
    docs = bridged()
    with Corpus(":memory:", extract=bare, params=TWO_LEVEL) as store:
        store.add([docs["a1"], docs["m"], docs["b1"], docs["b2"]])
        # the linkage alone leaves a1 by itself (see the test above); its link to m takes it along
        assert store.count_events() == 1
        store.add([docs["a2"]])
        assert groups(store) == {frozenset({"a1", "a2"}), frozenset({"m", "b1", "b2"})}


def short_report_corpus() -> list[Article]:
    """Five long reports of one robbery, one short report sharing words with only one of them, two flood reports."""
    core = ("Police said robbers took rings worth 80 million euros from the Harrowgate jewellers on Velmont Avenue, "
            "Inspector Odile Brastak said. ")
    texts = {
        "long0": (core + "Two of the four robbers wore wigs and dresses. Brastak said the staff were locked in a back room. ") * 3,
        "long1": (core + "Brastak said the staff were locked in a back room. ") * 3,
        "long2": (core + "Velmont Avenue cameras filmed a grey van leaving at speed. ") * 3,
        "long3": (core + "Velmont Avenue cameras filmed a grey van leaving in haste. ") * 3,
        "long4": (core + "Insurers for Harrowgate said the necklaces were not yet counted. ") * 3,
        "short": "Two robbers wore wigs and dresses at Harrowgate, a Lisbury reader wrote to the Tandle Gazette.",
        "flood1": "Flooding closed the Quarrington ferry and the Dunmere road on Sunday; the harbour master said the river would peak on Monday. " * 3,
        "flood2": "Flooding closed the Quarrington ferry and the Dunmere road on Sunday; the harbour master said the river would peak on Monday. " * 2,
    }
    return [Article(id=k, text=v, source="written", published="2024-03-01") for k, v in texts.items()]


def test_a_short_report_linked_to_one_report_of_an_event_stays_with_it_in_any_order() -> None:
    articles = short_report_corpus()
    f = {a.id: features(bare(a)) for a in articles}
    assert similarity(f["short"], f["long0"]) >= DEFAULT_PARAMS.attach_threshold  # its only link
    assert all(similarity(f["short"], f[k]) == 0 for k in ("long1", "long2", "long3", "long4"))
    robbery = frozenset({"long0", "long1", "long2", "long3", "long4"})
    # the linkage alone leaves it out: it links to one report of five
    assert store_groups(articles, replace(DEFAULT_PARAMS, attach_threshold=None)) == {robbery, frozenset({"short"}), frozenset({"flood1", "flood2"})}
    expected = {robbery | {"short"}, frozenset({"flood1", "flood2"})}
    assert store_groups(articles, DEFAULT_PARAMS) == expected
    for seed, batch in ((1, 1), (2, 3)):
        shuffled = list(articles)
        random.Random(seed).shuffle(shuffled)
        assert store_groups(shuffled, DEFAULT_PARAMS, batch_size=batch) == expected


def test_a_small_event_joins_the_one_event_it_links_into() -> None:
    events = [["a", "b", "c", "d"], ["p", "q"], ["r", "s"], ["x"]]
    # p/q link only into a..d (4 >= 2 x 2), one link at 0.35, no stronger than their own: they join.
    # r/s link into a..d and to x: they stay.
    sims = {("a", "p"): 0.35, ("b", "q"): 0.26, ("p", "q"): 0.3, ("c", "r"): 0.5, ("r", "s"): 0.7, ("s", "x"): 0.26}
    assert attach_small_events(events, sims, 0.30, 3, 2.0) == [["a", "b", "c", "d", "p", "q"], ["r", "s"], ["x"]]
    # every link below the threshold, or a target less than twice as large, or the rule off: nothing moves
    weak = {("a", "p"): 0.29, ("b", "q"): 0.26, ("p", "q"): 0.3}
    assert attach_small_events(events, weak, 0.30, 3, 2.0) == events
    assert attach_small_events(events, sims, 0.30, 3, 2.5) == events
    assert attach_small_events(events, sims, 0.30, 1, 2.0) == events
    assert attach_small_events(events, sims, None, 3, 2.0) == events
    # a target that itself moves takes nothing (no chains): with ratio 0.5 each of two small events
    # would join the other, so neither does, and the two lone reports' rule is not applied here
    events = [["p", "q", "r"], ["t", "u"]]
    across = {("p", "t"): 0.5, ("r", "u"): 0.3}
    assert attach_small_events(events, across, 0.30, 3, 0.5) == events
    assert attach_small_events(events, across, 0.30, 3, 1.0) == [["p", "q", "r", "t", "u"]]


def test_a_loose_group_whose_every_report_links_into_one_event_joins_it() -> None:
    """Three later reports (x, y, z: x and z not linked) each linked into a four-report event join it,
    although the event is not twice their size and no link reaches 0.30; a tight group, a group with a
    report not linked into the event, a group linked into a third event and a larger group stay."""
    events = [["a", "b", "c", "d"], ["x", "y", "z"]]
    loose = {("a", "b"): 0.4, ("b", "c"): 0.3, ("c", "d"): 0.3, ("x", "y"): 0.27, ("y", "z"): 0.25,
             ("b", "x"): 0.25, ("c", "y"): 0.29, ("d", "z"): 0.28}
    assert attach_fragments(events, loose, 3) == [["a", "b", "c", "d", "x", "y", "z"]]
    assert attach_small_events(events, loose, 0.30, 3, 2.0) == events  # the older rule keeps them apart
    tight = {**loose, ("x", "z"): 0.6}
    assert attach_fragments(events, tight, 3) == events
    one_unlinked = {pair: sim for pair, sim in loose.items() if pair != ("d", "z")}
    assert attach_fragments(events, one_unlinked, 3) == events
    third = [["a", "b", "c", "d"], ["x", "y", "z"], ["p", "q"]]
    assert attach_fragments(third, {**loose, ("p", "x"): 0.3, ("p", "q"): 0.5}, 3) == third
    assert attach_fragments(events, loose, 2) == events
    smaller = [["a", "b"], ["x", "y", "z"]]
    assert attach_fragments(smaller, {("a", "b"): 0.4, ("x", "y"): 0.3, ("y", "z"): 0.3, ("a", "x"): 0.3,
                                      ("a", "y"): 0.3, ("b", "z"): 0.3}, 3) == smaller


def test_a_small_event_bound_tighter_to_itself_than_to_the_larger_one_stays_apart() -> None:
    """Two near-copies of one report (linked 0.8) whose strongest link into a larger event is 0.35
    are one story of their own; a loose pair (0.3) with the same link out is a piece of that event."""
    events = [["a", "b", "c", "d"], ["p", "q"]]
    out = {("a", "p"): 0.35, ("b", "q"): 0.26}
    assert attach_small_events(events, {**out, ("p", "q"): 0.8}, 0.30, 3, 2.0) == events
    assert attach_small_events(events, {**out, ("p", "q"): 0.35}, 0.30, 3, 2.0) == [["a", "b", "c", "d", "p", "q"]]
    # three reports: the weakest of their own links decides, and a pair of them without a link
    # (a loose group) never outbinds the link out
    events = [["a", "b", "c", "d", "e", "f"], ["p", "q", "r"]]
    tight = {("p", "q"): 0.9, ("p", "r"): 0.6, ("q", "r"): 0.5}
    assert attach_small_events(events, {**out, **tight}, 0.30, 3, 2.0) == events
    assert attach_small_events(events, {**out, **tight, ("q", "r"): 0.34}, 0.30, 3, 2.0) == [["a", "b", "c", "d", "e", "f", "p", "q", "r"]]
    loose = {("p", "q"): 0.9, ("p", "r"): 0.6}
    assert attach_small_events(events, {**out, **loose}, 0.30, 3, 2.0) == [["a", "b", "c", "d", "e", "f", "p", "q", "r"]]


def test_a_small_event_linked_out_by_one_of_its_reports_only_stays_apart() -> None:
    """One report's link (a shared town or name) does not carry its group into another event."""
    events = [["a", "b", "c", "d"], ["p", "q"]]
    assert attach_small_events(events, {("a", "p"): 0.5, ("b", "p"): 0.4, ("p", "q"): 0.3}, 0.30, 3, 2.0) == events
    assert attach_small_events(events, {("a", "p"): 0.5, ("b", "q"): 0.26, ("p", "q"): 0.3}, 0.30, 3, 2.0) == [["a", "b", "c", "d", "p", "q"]]


LOOSE_NOTES = {
    "note1": "Two masked robbers wore wigs and dresses at Harrowgate, a reader wrote, who saw them flee past her window.",
    "note2": "A reader said masked robbers ran past her window; insurers said the necklaces were not yet counted.",
}
"""Two readers' notes sharing a few words (linked at 0.38), each linked to one long report (0.46, 0.29)."""
NEAR_COPIES = {
    "note1": "Two robbers wore wigs and dresses at Harrowgate, a Lisbury reader wrote to the Tandle Gazette, who saw them run.",
    "note2": "A Lisbury reader told the Tandle Gazette she saw robbers in wigs run past her window.",
}
"""Two tellings of one reader's letter (linked at 0.90), only one of them linked to a long report (0.32)."""


def small_event_corpus(notes: dict[str, str]) -> list[Article]:
    """The robbery's five long reports, two notes linked to each other and one of them to one long
    report, and the two flood reports."""
    return [a for a in short_report_corpus() if a.id != "short"] + [
        Article(id=k, text=v, source="written", published="2024-03-01") for k, v in notes.items()
    ]


ROBBERY = frozenset({"long0", "long1", "long2", "long3", "long4"})
FLOODS = frozenset({"flood1", "flood2"})
NOTES = frozenset({"note1", "note2"})


def _links_out(f: dict, params: GroupingParams = DEFAULT_PARAMS) -> set[tuple[str, str]]:
    """The notes' links to other reports; the strongest (note1 to long0) reaches ``attach_threshold``."""
    assert similarity(f["note1"], f["long0"], params) >= params.attach_threshold
    return {(n, k) for n in sorted(NOTES) for k in sorted(f) if k not in NOTES and similarity(f[n], f[k], params) >= params.threshold}


NAMELESS_NOTES = replace(DEFAULT_PARAMS, unnamed_penalty=0.0)
"""The loose notes' second note names nothing, so its link to the robbery (0.29) loses
``unnamed_penalty`` (``tests/test_names.py``); the rule on small events is tested without it."""


def test_two_notes_linked_into_one_event_join_it_in_any_order() -> None:
    articles = small_event_corpus(LOOSE_NOTES)
    f = {a.id: features(bare(a)) for a in articles}
    params = NAMELESS_NOTES
    assert _links_out(f, params) == {("note1", "long0"), ("note2", "long4")}  # from both notes, into one event
    assert params.threshold <= similarity(f["note1"], f["note2"], params) <= similarity(f["note1"], f["long0"], params)
    # the linkage and the lone-report rule leave the pair apart: neither note is alone
    assert store_groups(articles, replace(params, attach_max_size=0)) == {ROBBERY, NOTES, FLOODS}
    expected = {ROBBERY | NOTES, FLOODS}  # the default: attach_max_size 3
    assert store_groups(articles, params) == expected
    for seed, batch in ((1, 1), (2, 3), (3, 200)):
        shuffled = list(articles)
        random.Random(seed).shuffle(shuffled)
        assert store_groups(shuffled, params, batch_size=batch) == expected


def test_two_near_copies_linked_into_one_event_stay_a_story_of_their_own_in_any_order() -> None:
    """Their link to each other is stronger than their link into the robbery, which only one of them
    has: one story told twice (on GVA, another incident of the same town and week), not a piece of
    the robbery."""
    articles = small_event_corpus(NEAR_COPIES)
    f = {a.id: features(bare(a)) for a in articles}
    assert _links_out(f) == {("note1", "long0")}
    assert similarity(f["note1"], f["note2"]) > similarity(f["note1"], f["long0"])
    expected = {ROBBERY, NOTES, FLOODS}
    for seed, batch in ((None, 200), (1, 1), (2, 3)):
        shuffled = list(articles)
        if seed is not None:
            random.Random(seed).shuffle(shuffled)
        assert store_groups(shuffled, DEFAULT_PARAMS, batch_size=batch) == expected


_SIMILARITY_IN_A_FRESH_PROCESS = """
import sys
from crosscheck.events.features import features
from crosscheck.events.grouping import similarity
from crosscheck.model import Article, Extraction
from engine_corpus import BRIDGE_A, BRIDGE_B

def feats(doc_id, words):
    text = " ".join(f"The {w} council met in {w} hall near {words[(k * 3) % len(words)]} square." for k, w in enumerate(words))
    return features(Extraction(article=Article(id=doc_id, text=text, source="written"), sentences=(), mentions=()))

words = BRIDGE_A + BRIDGE_B
print(repr(similarity(feats("a", words), feats("b", words[3:] + words[:5]))))
"""


def test_similarity_is_the_same_to_the_last_bit_in_every_process() -> None:
    """Set iteration follows the per-process string hash; the score must not (links, events and the
    engines' comparison of their outputs depend on exact equality)."""
    import os
    import subprocess
    import sys

    here = Path(__file__).resolve().parent
    path = os.pathsep.join([str(here.parent), str(here)])
    scores = {
        subprocess.run([sys.executable, "-c", _SIMILARITY_IN_A_FRESH_PROCESS], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": path}).stdout.strip()
        for seed in range(1, 7)
    }
    assert len(scores) == 1 and float(scores.pop()) > 0.5


def test_an_unlinked_report_joins_the_event_holding_two_of_its_near_pairs() -> None:
    events = [["a", "b", "c"], ["d", "e"], ["w"], ["x"], ["y"], ["z"]]
    sims = {
        ("a", "b"): 0.8, ("a", "c"): 0.8, ("b", "c"): 0.8, ("d", "e"): 0.6,
        ("a", "x"): 0.21, ("b", "x"): 0.22,  # x: two near pairs into a..c, no link: it joins
        ("a", "y"): 0.24,  # y: one near pair only: it stays
        ("d", "z"): 0.23, ("e", "z"): 0.2, ("w", "z"): 0.3,  # z has a link (to w): the rule is not for it
        ("w", "x"): 0.24, ("w", "y"): 0.24,  # near pairs into a one-report event do not count
    }
    assert attach_unlinked_reports(events, sims, 0.25, 0.2, 2) == [["a", "b", "c", "x"], ["d", "e"], ["w"], ["y"], ["z"]]
    assert attach_unlinked_reports(events, sims, 0.25, 0.2, 3) == events


def test_an_unlinked_report_goes_to_the_event_of_its_strongest_near_pair() -> None:
    events = [["a", "b"], ["d", "e"], ["x"]]
    sims = {("a", "b"): 0.9, ("d", "e"): 0.9, ("a", "x"): 0.21, ("b", "x"): 0.21, ("d", "x"): 0.24, ("e", "x"): 0.2}
    assert attach_unlinked_reports(events, sims, 0.25, 0.2, 2) == [["a", "b"], ["d", "e", "x"]]


def test_near_pairs_join_components_but_never_merge_events() -> None:
    # two events, each tightly linked, and a near pair between them: they stay two events
    members = [(k, None) for k in ("a", "b", "c", "d")]
    sims = {("a", "b"): 0.9, ("c", "d"): 0.9, ("b", "c"): 0.24}
    assert component_events(members, sims, DEFAULT_PARAMS) == [["a", "b"], ["c", "d"]]
    # a report with two near pairs into one event and no link joins it; without near pairs it stays alone
    members = [(k, None) for k in ("a", "b", "c", "x")]
    sims = {("a", "b"): 0.9, ("a", "c"): 0.9, ("b", "c"): 0.9, ("a", "x"): 0.22, ("c", "x"): 0.23}
    assert component_events(members, sims, DEFAULT_PARAMS) == [["a", "b", "c", "x"]]
    assert component_events(members, sims, replace(DEFAULT_PARAMS, near_threshold=None)) == [["a", "b", "c"], ["x"]]


def test_pairs_are_kept_from_the_near_threshold_and_single_link_keeps_links_only() -> None:
    assert pair_floor(DEFAULT_PARAMS) == DEFAULT_PARAMS.near_threshold < DEFAULT_PARAMS.threshold
    assert pair_floor(replace(DEFAULT_PARAMS, near_threshold=None)) == DEFAULT_PARAMS.threshold
    assert pair_floor(replace(DEFAULT_PARAMS, linkage="single")) == DEFAULT_PARAMS.threshold


LATE_NOTE = ("Robbers took rings from the Harrowgate jewellers, Brastak said. Shoppers on Kelmarsh Row queued for the "
             "Quillon bakery and the Ostrava florist as the Fenwright tram ran late.")


def test_a_report_near_several_reports_of_an_event_joins_it_in_any_order() -> None:
    """A later, shorter report of the robbery (17 days on; under the day penalty of 0.075 it scores as 11 days did under the earlier 0.10) is near three of its reports and links to none."""
    articles = short_report_corpus() + [Article(id="late", text=LATE_NOTE, source="written", published="2024-03-18")]
    f = {a.id: features(bare(a)) for a in articles}
    # the two rare names it shares with them (the jewellers', the inspector's) lift its
    # near pairs to links at the threshold (``names_bonus``, tests/test_names.py); it joins as before
    robbery = frozenset({"long0", "long1", "long2", "long3", "long4", "short"})
    floods = frozenset({"flood1", "flood2"})
    assert similarity(f["late"], f["long0"]) == DEFAULT_PARAMS.threshold
    assert store_groups(articles, DEFAULT_PARAMS) == {robbery | {"late"}, floods}
    params = replace(DEFAULT_PARAMS, names_bonus=0.0)  # the near pairs themselves, without the names
    near = [k for k in f if k != "late" and params.near_threshold <= similarity(f["late"], f[k], params) < params.threshold]
    assert sorted(near) == ["long0", "long1", "long4"]
    assert all(similarity(f["late"], f[k], params) < params.near_threshold for k in f if k not in near and k != "late")
    found = links_to(f["late"], [Candidate(k, f[k], k) for k in f if k != "late"], params)
    assert sorted(c.doc_id for c, _ in found) == near
    expected = {robbery | {"late"}, floods}
    assert store_groups(articles, params) == expected
    assert store_groups(articles, replace(params, near_count=4)) == {robbery, frozenset({"late"}), floods}
    assert store_groups(articles, replace(params, near_threshold=None)) == {robbery, frozenset({"late"}), floods}
    for seed, batch in ((1, 1), (2, 3), (3, 4)):
        shuffled = list(articles)
        random.Random(seed).shuffle(shuffled)
        assert store_groups(shuffled, params, batch_size=batch) == expected
    nodes = [Node(k, a.id, f[a.id]) for k, a in enumerate(articles)]
    pairs = list(links(nodes, nodes, params))
    assert {(a, b) for a, b, _ in pairs if b == "late"} == {(k, "late") for k in near}


def test_a_near_pair_is_kept_only_when_nothing_stated_speaks_against_one_event() -> None:
    def doc(years: tuple[int, ...] = (), measures: tuple[str, ...] = (), day: int | None = 700000) -> DocFeatures:
        return DocFeatures(day=day, years=years, kind=None, terms=(("varnton", 1.0),), measures=measures)

    plain, near = doc(), (DEFAULT_PARAMS.near_threshold + DEFAULT_PARAMS.threshold) / 2
    assert keeps_pair(plain, doc(), near) and not conflicts(plain, doc())
    assert not keeps_pair(plain, doc(), DEFAULT_PARAMS.near_threshold - 0.01)
    # other dominant years, or ages none in common: not a near pair, still a link
    assert conflicts(doc(years=(2009,)), doc(years=(2013,)))
    assert not keeps_pair(doc(years=(2009,)), doc(years=(2013,)), near)
    assert keeps_pair(doc(years=(2009,)), doc(years=(2013,)), DEFAULT_PARAMS.threshold)
    assert not keeps_pair(doc(measures=("@aged 24",)), doc(measures=("@aged 16",)), near)
    # undated reports' ages count too (as in ``similarity``); their times of day do not
    assert not keeps_pair(doc(measures=("@aged 24",), day=None), doc(measures=("@aged 16",), day=None), near)
    assert keeps_pair(doc(measures=("@time 60",), day=None), doc(measures=("@time 600",), day=None), near)
    assert not keeps_pair(plain, doc(), near, replace(DEFAULT_PARAMS, linkage="single"))


def test_a_tight_pair_published_weeks_apart_is_a_follow_up_not_a_pair_of_copies() -> None:
    """A first report and its follow-up four weeks on that names its day (linked 0.7, closer to each
    other than to the rest) join the event they both link into; the same pair published a day
    apart is one story told twice, and stays apart; an undated report in the pair says nothing."""
    events = [["a", "b", "c", "d"], ["p", "q"]]
    sims = {("a", "p"): 0.35, ("b", "q"): 0.26, ("p", "q"): 0.7}
    weeks_apart = {"a": 10, "b": 11, "c": 12, "d": 12, "p": 10, "q": 38}
    assert attach_small_events(events, sims, 0.30, 3, 2.0, weeks_apart, 3) == [["a", "b", "c", "d", "p", "q"]]
    next_day = {**weeks_apart, "q": 11}
    assert attach_small_events(events, sims, 0.30, 3, 2.0, next_day, 3) == events
    assert attach_small_events(events, sims, 0.30, 3, 2.0, {**weeks_apart, "q": None}, 3) == events
    assert attach_small_events(events, sims, 0.30, 3, 2.0) == events  # no days given: as before
