"""Blocking ranks stored reports by the index terms they share, rare terms counting more.

The reports are written here. ``NIGHT`` and ``NEXT_DAY`` tell one shooting (a victim, a street and
a town named on both sides, little else in common); the ``ROUND_UP`` reports are other shootings of
the same days, told with the everyday words of every shooting report, which ``NEXT_DAY`` uses too.
"""

from __future__ import annotations

import random
from dataclasses import replace

from crosscheck.events.features import features
from crosscheck.events.grouping import DEFAULT_PARAMS, index_terms, index_weights
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from crosscheck.store.termindex import TermIndex
from grouping_support import bare

NIGHT = Article(
    id="night", source="written", published="2026-03-02", title="Varnton man hurt near Quenby Avenue",
    text="Dorvan Pettigrass of Varnton was hurt near Quenby Avenue late Sunday. Pettigrass is expected to recover.",
)
NEXT_DAY = Article(
    id="next_day", source="written", published="2026-03-03", title="Police say wounded man was shot after argument",
    text=(
        "Police said a man was shot and wounded after an argument on Sunday night. Officers found him with a "
        "gunshot wound and took him to a hospital. Detectives are investigating the shooting and no "
        "arrests have been made. Dorvan Pettigrass, of Varnton, was shot near Quenby Avenue, police said."
    ),
)
ROUND_UP = [
    Article(
        id=f"round_up_{k}", source="written", published="2026-03-02", title=f"Man shot and wounded in {town}",
        text=(
            f"Police said a man was shot and wounded on Sunday night in {town}. Officers found him with a gunshot "
            "wound and took him to a hospital. Detectives are investigating the shooting after an argument, "
            "and no arrests have been made."
        ),
    )
    for k, town in enumerate(["Elmhurst", "Brockfield", "Delmore", "Ashgrove"])
]
SMALL_LIMIT = replace(DEFAULT_PARAMS, candidate_limit=3)


def test_a_rare_word_counts_more_than_several_everyday_ones() -> None:
    rare, police, shooting, year_old = index_weights(["pettigrass", "police", "shooting", "year-old"])
    assert rare > police + shooting + year_old
    assert index_weights(["@addr 1400 quenby", "@name dorvan pettigrass"]) == [4900, 4900]  # the rarest there is
    assert index_weights(["pettigrass", "police"], replace(DEFAULT_PARAMS, weighted_index=False)) == [1, 1]


def test_the_report_sharing_rare_words_is_a_candidate_when_everyday_ones_fill_the_limit() -> None:
    """With a plain count the round-ups, sharing more everyday words, take all three places and the
    two reports of the shooting are never compared; weighted, the victim's and the street's names win."""
    night, next_day = features(bare(NIGHT)), features(bare(NEXT_DAY))
    terms = index_terms(next_day)
    shared = set(terms) & set(index_terms(night))
    assert {"pettigrass", "quenby", "varnton"} <= shared
    for params, together in ((SMALL_LIMIT, True), (replace(SMALL_LIMIT, weighted_index=False), False)):
        with Corpus(":memory:", extract=bare, params=params) as store:
            store.add([NIGHT, *ROUND_UP, NEXT_DAY])
            grouping = store.grouping()
        assert (grouping["next_day"] == grouping["night"]) is together
        assert grouping["round_up_0"] != grouping["night"]


def test_weighted_lookup_ranks_by_the_sum_of_the_shared_terms_weights() -> None:
    """The index against a direct reading of its definition, on random postings: dated and undated
    documents, windows, repeated query terms, ties by id."""
    rng = random.Random(3)
    vocabulary = [f"t{k}" for k in range(30)]
    index, filed = TermIndex(), {}
    for k in range(200):
        doc_id, day = f"d{k:03d}", None if rng.random() < 0.15 else rng.randrange(1000, 1400)
        terms = rng.sample(vocabulary, rng.randrange(1, 8))
        index.add(doc_id, day, terms)
        filed[doc_id] = (day, set(terms))
    for _ in range(300):
        terms = [rng.choice(vocabulary) for _ in range(rng.randrange(1, 10))]
        weight = {term: rng.choice([1, 4, 9, 100, 4900]) for term in terms}
        low = rng.randrange(900, 1400)
        window = None if rng.random() < 0.2 else (low, low + rng.randrange(0, 300))
        limit = rng.choice([1, 5, 20, 60, 500])
        score = {
            doc_id: sum(weight[term] for term in set(terms) & filed_terms)
            for doc_id, (day, filed_terms) in filed.items()
            if window is None or day is None or window[0] <= day <= window[1]
        }
        expected = sorted((d for d, s in score.items() if s), key=lambda d: (-score[d], d))[:limit]
        assert index.top(terms, window, limit, [weight[term] for term in terms]) == expected
