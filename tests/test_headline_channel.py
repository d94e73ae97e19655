"""The headline channel: a page whose text is furniture is also grouped by its headline and URL slug.

The reports are written here: a shooting on Marrow Lane in Elmdale told by one outlet, and the same
shooting's page on another site whose text is a newsletter sign-up box under the incident's headline;
a wounding outside a Roeville store on a third site, whose page is a list of videos.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

from crosscheck.events.features import DocFeatures, features, headline_features, headline_support
from crosscheck.extract.headline import url_slug
from crosscheck.events.grouping import DEFAULT_PARAMS, index_terms, similarity
from crosscheck.model import Article, Extraction
from crosscheck.corpus import Corpus

OFF = replace(DEFAULT_PARAMS, headline_channel=False)

REPORT = Article(
    id="report", source="written", published="2026-04-10", url="https://elmdalecourier.example/local/4411",
    title="Two hurt in Elmdale shooting on Marrow Lane",
    text=(
        "Two hurt in Elmdale shooting on Marrow Lane\n\n"
        "ELMDALE - Two men were hurt in a shooting on Marrow Lane late Thursday, Elmdale police said. "
        "Officers found both men with gunshot wounds outside a house on Marrow Lane. One was taken to "
        "Elmdale General in serious condition, the other was treated at the scene. Police Sergeant Jon Roe "
        "said detectives were talking to neighbours and no arrests had been made."
    ),
)
SIGN_UP = (
    "Sign up for our newsletter. Enter your email address to get the latest stories in your inbox every "
    "morning. Log in or create an account. Already a subscriber? Manage your account settings."
)
# the site's list of its other shows and towns, repeated down the page: invented names, rarer in the page
# than the headline's words, so those fall out of the page's top terms (as on crawled pages)
SHOWS = [
    a + b for a in ("Brav", "Crell", "Dovr", "Fenz", "Gorv", "Jusk", "Kwel", "Nabr") for b in ("ix", "omar", "uth", "esk", "anvo")
]
VIDEO_LIST = "".join(f"More videos: Watch {', '.join(SHOWS)}.\n" for _ in range(8))
FURNITURE_PAGE = Article(
    id="page", source="written", published="2026-04-10",
    url="https://www.elmdaleherald.example/news/two-hurt-in-elmdale-shooting-on-marrow-lane/9921",
    title="Two hurt in Elmdale shooting on Marrow Lane - Elmdale Herald",
    text=SIGN_UP + "\n" + VIDEO_LIST,
)
OTHER_INCIDENT_PAGE = Article(
    id="other", source="written", published="2026-04-10",
    url="https://roevillenews.example/crime/man-wounded-outside-roeville-store",
    title="Man wounded outside Roeville store | Roeville News",
    text=(
        "Watch more videos. Weather forecast for the weekend. Traffic cameras. High school football "
        "highlights. Cooking with the morning crew. Autoplay is on."
    ),
)


def _features(article: Article) -> DocFeatures:
    return features(Extraction(article=article, sentences=(), mentions=()))


def test_support_is_the_share_of_headline_words_found_in_the_text() -> None:
    assert headline_support(FURNITURE_PAGE) == 0.0  # a sign-up box: not one word of the headline
    assert headline_support(OTHER_INCIDENT_PAGE) == 0.0
    # the headline's own line at the top is not the text telling it
    assert headline_support(replace(FURNITURE_PAGE, text="Two hurt in Elmdale shooting on Marrow Lane\n" + SIGN_UP)) == 0.0
    assert headline_support(REPORT) == 1.0  # the headline's own line is left out, the story still tells it
    # "shooter" finds "shooting" (five letters), "Elmdale's" finds "Elmdale"; "Marrow", "Lane", "hurt" are missing
    partly = replace(REPORT, text="An Elmdale's shooter was seen.")
    assert headline_support(partly) == 2 / 5
    assert headline_support(replace(REPORT, title="Why it is on us", text=SIGN_UP)) is None  # stop words only
    assert headline_support(replace(REPORT, title=None, text=SIGN_UP)) is None


def test_the_slug_is_the_longest_hyphenated_part_of_the_path() -> None:
    assert url_slug(FURNITURE_PAGE.url) == "two hurt in elmdale shooting on marrow lane"
    assert url_slug("https://x.example/a-b/man-wounded-outside-roeville-store?ref=home-page-top") == (
        "man wounded outside roeville store"
    )
    assert url_slug("https://x.example/news/4411") == ""
    assert url_slug("https://x.example/news/one-dash") == ""  # fewer than two hyphens
    assert url_slug(None) == ""


def test_headline_features_only_for_furniture_pages() -> None:
    page = _features(FURNITURE_PAGE)
    assert page.headline is not None
    assert page.headline == headline_features(FURNITURE_PAGE)
    assert page.headline.headline is None  # no channel of their own
    assert {"elmdale", "marrow", "shooting"} <= set(page.headline.weights)
    assert "bravix" not in page.headline.weights and "bravix" in page.weights  # the page keeps its own
    assert "marrow" not in page.weights  # its headline's words fell out of its own top terms
    assert page.headline.day == page.day and page.headline.site == page.site == "elmdaleherald.example"
    assert _features(REPORT).headline is None
    assert features(Extraction(article=FURNITURE_PAGE, sentences=(), mentions=()), headline_channel=False).headline is None
    # the page's own features are those computed without the channel
    assert replace(page, headline=None) == features(
        Extraction(article=FURNITURE_PAGE, sentences=(), mentions=()), headline_channel=False
    )


def test_headline_features_are_stored_and_rows_written_before_them_read() -> None:
    page, report = _features(FURNITURE_PAGE), _features(REPORT)
    again = DocFeatures.from_json(page.to_json())
    assert again == page and again.headline == page.headline and again.headline.weights == page.headline.weights
    assert DocFeatures.from_json(report.to_json()) == report
    assert len(json.loads(report.to_json())) == 10  # without a headline, rows are written as before
    assert len(json.loads(page.to_json())) == 11
    old = json.dumps(json.loads(page.to_json())[:10])  # a row stored before the channel
    assert DocFeatures.from_json(old) == replace(page, headline=None)
    no_names = replace(page, site=None, names=None)  # the slots before the headline are written as null
    assert DocFeatures.from_json(no_names.to_json()) == no_names
    assert pickle.loads(pickle.dumps(page)) == page and pickle.loads(pickle.dumps(page)).headline == page.headline
    assert page != replace(page, headline=None)


def test_a_furniture_page_is_filed_under_its_headline_terms_too() -> None:
    page = _features(FURNITURE_PAGE)
    own = index_terms(replace(page, headline=None))
    assert index_terms(page) == list(dict.fromkeys(own + index_terms(page.headline)))
    # a page whose furniture fills its top terms: the headline's words come after its own, once each
    furniture = tuple((f"box{n:02d}", 1.0) for n in range(30))
    crowded = DocFeatures(
        day=page.day, years=(), kind=None, terms=furniture + (("elmdale", 0.5),),
        headline=DocFeatures(day=page.day, years=(), kind=None, terms=(("marrow", 0.8), ("elmdale", 0.6))),
    )
    terms = index_terms(crowded)
    assert terms == [f"box{n:02d}" for n in range(DEFAULT_PARAMS.index_terms)] + ["marrow", "elmdale"]
    assert index_terms(crowded, OFF) == terms[: DEFAULT_PARAMS.index_terms]
    assert index_terms(replace(crowded, headline=None)) == terms[: DEFAULT_PARAMS.index_terms]


def test_a_furniture_page_links_to_its_incident_within_the_window_only() -> None:
    page, report = _features(FURNITURE_PAGE), _features(REPORT)
    assert similarity(page, report, OFF) < DEFAULT_PARAMS.threshold
    assert similarity(page, report) >= DEFAULT_PARAMS.threshold
    assert similarity(report, page) == similarity(page, report)
    later = replace(page, day=page.day + DEFAULT_PARAMS.window_days, headline=replace(page.headline, day=page.day + 3))
    assert similarity(later, report) >= DEFAULT_PARAMS.threshold  # three days: still within the window
    beyond = replace(page, day=page.day + 5, headline=replace(page.headline, day=page.day + 5))
    assert similarity(beyond, report) == similarity(beyond, report, OFF) < DEFAULT_PARAMS.threshold
    undated = replace(page, day=None, headline=replace(page.headline, day=None))
    assert similarity(undated, replace(report, day=None)) == similarity(undated, replace(report, day=None), OFF)
    other = _features(OTHER_INCIDENT_PAGE)
    assert similarity(page, other) < DEFAULT_PARAMS.threshold  # two headlines of two incidents


def test_the_store_groups_a_furniture_page_with_its_incident() -> None:
    def grouping(params):
        store = Corpus(":memory:", extract=lambda a: Extraction(article=a, sentences=(), mentions=()), params=params)
        store.add([REPORT, FURNITURE_PAGE, OTHER_INCIDENT_PAGE])
        out = store.grouping()
        store.close()
        return out

    on = grouping(DEFAULT_PARAMS)
    assert on["report"] == on["page"]
    assert on["other"] != on["page"]
    off = grouping(OFF)
    assert off["report"] != off["page"]


def test_two_furniture_pages_are_compared_by_their_headlines_alone() -> None:
    """Two pages of one site whose texts are the same sign-up box and video list agree on every word
    of their furniture; only their headlines tell whether they report one incident."""
    page = _features(FURNITURE_PAGE)
    same_box = _features(replace(
        FURNITURE_PAGE, id="page2", title="Man wounded outside Roeville store - Elmdale Herald",
        url="https://www.elmdaleherald.example/news/man-wounded-outside-roeville-store/9957",
    ))
    assert page.headline is not None and same_box.headline is not None
    assert similarity(page, same_box, OFF) >= DEFAULT_PARAMS.threshold  # the furniture alone would link them
    assert similarity(page, same_box) < DEFAULT_PARAMS.threshold
    assert similarity(same_box, page) == similarity(page, same_box)
    # the same incident's page on another site, also furniture: its headline links it, whatever its text
    other_site = _features(replace(
        FURNITURE_PAGE, id="page3", title="Elmdale shooting on Marrow Lane leaves two hurt | Valley Post",
        url="https://valleypost.example/2026/04/10/elmdale-marrow-lane-shooting-two-hurt", text=OTHER_INCIDENT_PAGE.text,
    ))
    assert other_site.headline is not None
    assert similarity(page, other_site, OFF) < DEFAULT_PARAMS.threshold
    assert similarity(page, other_site) >= DEFAULT_PARAMS.threshold
