"""Two pages of one site share its furniture: their similarity loses ``site_penalty``.

The reports are written here: two shootings of one night (Varnton, Quellham), told by one outlet whose pages
carry the same byline and newsletter box, and the same first shooting told by
another outlet.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

from crosscheck.events.features import DocFeatures, features, site_of
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity
from crosscheck.model import Article, Extraction
from crosscheck.corpus import Corpus

SIDEBAR = "\n\nBy Jon Roe and Ada Quillfeather. Sign up for the Ledger newsletter."

FIRST = Article(
    id="first", source="written", published="2026-03-02", url="https://www.varntonledger.example/news/1",
    title="Man wounded on Elm Street",
    text=(
        "VARNTON - A man was wounded late Sunday on Elm Street, police said. Officers found him with a gunshot "
        "wound to the leg. He was taken to a hospital in stable condition. No arrests have been made." + SIDEBAR
    ),
)
OTHER_NIGHT_SAME_SITE = Article(
    id="second", source="written", published="2026-03-02", url="https://varntonledger.example/news/2",
    title="Woman shot outside a Quellham bakery",
    text=(
        "QUELLHAM - A woman was shot in the arm outside a bakery on Birch Road, deputies said. Investigators "
        "said she had argued with a customer. Detectives were looking for a man in a red sweatshirt." + SIDEBAR
    ),
)
FIRST_OTHER_SITE = Article(
    id="third", source="written", published="2026-03-02", url="http://news.example.org/varnton-elm",
    title="Man wounded on Elm Street in Varnton",
    text="VARNTON - A man was wounded late Sunday on Elm Street, police said. He was taken to a hospital.",
)


def _features(article: Article) -> DocFeatures:
    return features(Extraction(article=article, sentences=(), mentions=()))


def test_site_is_the_host_without_www_port_or_credentials() -> None:
    assert site_of("https://www.Varnton-Ledger.example:8080/a/b?c=1") == "varnton-ledger.example"
    assert site_of("http://user:secret@news.example.org/x") == "news.example.org"
    assert site_of("//www.example.net/story") == "example.net"
    assert site_of("story.txt") is None
    assert site_of("file:///home/reader/story.txt") is None
    assert site_of("") is None
    assert site_of(None) is None


def test_features_carry_the_site_and_store_it() -> None:
    feats = _features(FIRST)
    assert feats.site == "varntonledger.example"
    again = DocFeatures.from_json(feats.to_json())
    assert again == feats and again.site == feats.site
    assert pickle.loads(pickle.dumps(feats)).site == feats.site
    assert _features(replace(FIRST, url=None)).site is None


def test_rows_written_before_sites_read_as_no_site_and_are_written_as_before() -> None:
    feats = replace(_features(replace(FIRST, url=None)), names=None)  # names: tests/test_names.py
    raw = feats.to_json()
    assert len(json.loads(raw)) == 8  # no ninth field without a site: old rows and new rows alike
    assert DocFeatures.from_json(raw).site is None


def test_two_pages_of_one_site_lose_the_site_penalty() -> None:
    first, second = _features(FIRST), _features(OTHER_NIGHT_SAME_SITE)
    without = replace(DEFAULT_PARAMS, site_penalty=0.0)
    assert similarity(first, second) == similarity(first, second, without) - DEFAULT_PARAMS.site_penalty
    # the same pair from two sites, or with a site missing on one side: no penalty
    for other in (replace(second, site="elsewhere.example"), replace(second, site=None)):
        assert similarity(first, other) == similarity(first, other, without)


def test_the_sidebar_links_two_incidents_of_one_site_only_without_the_penalty() -> None:
    first, second, third = (_features(a) for a in (FIRST, OTHER_NIGHT_SAME_SITE, FIRST_OTHER_SITE))
    without = replace(DEFAULT_PARAMS, site_penalty=0.0)
    assert similarity(first, second, without) >= DEFAULT_PARAMS.threshold  # the byline's names are rare words
    assert similarity(first, second) < DEFAULT_PARAMS.threshold
    assert similarity(first, third) >= DEFAULT_PARAMS.threshold  # one incident, two sites: linked


def test_the_store_keeps_the_two_incidents_of_one_site_apart() -> None:
    store = Corpus(":memory:", extract=lambda a: Extraction(article=a, sentences=(), mentions=()))
    store.add([FIRST, OTHER_NIGHT_SAME_SITE, FIRST_OTHER_SITE])
    grouping = store.grouping()
    store.close()
    assert grouping["first"] == grouping["third"]
    assert grouping["second"] != grouping["first"]
