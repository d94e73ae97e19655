"""Other stories on a scraped page give no toll of the event (``crosscheck.reconcile.stories``).

The pages are short texts written for these tests, run through the real extractors, then
reconciled as the brief does: the other story's toll is set aside (``other-incident``, evidence
kept), the event's own toll stays current.
"""

from __future__ import annotations

import random
import re

from crosscheck.extract import extract_article
from crosscheck.facts import OTHER_INCIDENT, Figure
from crosscheck.model import Article, FigureMention
from crosscheck.reconcile.figures import reconcile_figures
from crosscheck.reconcile.stories import introduces, is_headline, occurs_as_word, other_story_ranges, same_story

TITLE = "Girl, 9, wounded in Elm Street shooting"
LEDE = (
    "A 9-year-old girl was wounded on Elm Street on Tuesday night when a bullet hit her arm, police said.\n\n"
    "She was taken to a hospital and is expected to recover, Sgt. Lena Park said.\n\n"
)


def figures_of(text: str, title: str = TITLE) -> list[Figure]:
    article = Article(id="d0", text=text, source="d0.txt", title=title)
    extraction = extract_article(article)
    mentions = [m for m in extraction.mentions if isinstance(m, FigureMention)]
    figures, _ = reconcile_figures(mentions, {"d0": article})
    return [f for f in figures if f.kind in ("killed", "injured")]


def current(figures: list[Figure]) -> set[tuple[str, float]]:
    return {(f.kind, f.value) for f in figures if f.status == "current"}


def aside(figures: list[Figure]) -> set[tuple[str, float]]:
    return {(f.kind, f.value) for f in figures if f.status == OTHER_INCIDENT}


def test_a_list_of_other_stories_after_a_marker_is_set_aside() -> None:
    page = LEDE + "More stories from our newsroom:\n\nMan shot and killed outside a gas station\n\nCouncil votes on budget"
    figures = figures_of(page)
    assert current(figures) == {("injured", 1)}
    assert ("killed", 1) in aside(figures)


def test_the_lede_alone_reads_the_same_without_the_list() -> None:
    assert current(figures_of(LEDE)) == {("injured", 1)}
    assert other_story_ranges(Article(id="d", text=LEDE, source="s", title=TITLE)) == []


def test_another_headline_between_paragraphs_is_set_aside() -> None:
    page = (
        LEDE + "Two Dead After Crash on Interstate Ramp\n\n"
        "Neighbors said they heard several shots before the car drove away.\n\n"
        "No arrest has been made."
    )
    figures = figures_of(page)
    assert current(figures) == {("injured", 1)}
    assert ("killed", 2) in aside(figures)


def test_a_sub_heading_of_the_report_is_kept() -> None:
    # A round-up's section heading: its street comes back in the paragraph below it.
    page = (
        LEDE + "Oak Lane shooting - one dead\n\n"
        "Later that night, officers found a man shot in the 400 block of Oak Lane. He died at the scene."
    )
    ranges = other_story_ranges(Article(id="d", text=page, source="s", title=TITLE))
    assert ranges == []


def test_with_no_title_the_url_slug_tells_the_pages_own_headline() -> None:
    """A page whose headline sits below a line of furniture, ingested with no title: its URL's slug
    is the headline, so the headline's toll stays the event's; another story's headline does not."""
    furniture = "Your browser is out of date and some features of this site may not work as expected.\n\n"
    page = furniture + "Quellham flood toll rises to 48 as more bodies found\n\nby\n\n2 days ago\n\n" + "Rescuers dug through mud on Thursday, officials said.\n\n"
    url = "https://news.example/world/quellham-flood-toll-rises-to-48-as-more-bodies-found-2211"
    at = page.index("Quellham")

    def headline_set_aside(article: Article) -> bool:
        return any(start <= at < end for start, end in other_story_ranges(article))

    assert not headline_set_aside(Article(id="d", text=page, source="s", url=url))
    assert headline_set_aside(Article(id="d", text=page, source="s", url="https://news.example/world/storm-warning-for-the-coast-9"))
    assert headline_set_aside(Article(id="d", text=page, source="s"))  # nothing tells whose headline it is


def test_a_video_caption_about_something_else_is_set_aside() -> None:
    page = (
        "The mayor visited three schools to talk about reading. Jo Lee reports. (Published Monday, May 2, 2016)\n\n"
        + LEDE
    )
    ranges = other_story_ranges(Article(id="d", text=page, source="s", title=TITLE))
    assert ranges and page[ranges[0][0] : ranges[0][1]].startswith("The mayor visited")


def test_the_pages_own_video_caption_is_kept() -> None:
    page = (
        "A 9-year-old girl was wounded in a shooting on Elm Street. (Published Tuesday, May 3, 2016)\n\n" + LEDE
    )
    assert other_story_ranges(Article(id="d", text=page, source="s", title=TITLE)) == []


def test_a_teaser_cut_off_is_set_aside() -> None:
    page = LEDE + "A man is dead after he was shot by deputies at a motel on Route 9. Deputies had been called ..."
    figures = figures_of(page)
    assert current(figures) == {("injured", 1)}
    assert ("killed", 1) in aside(figures)


def test_headline_shapes() -> None:
    assert is_headline("Two Dead After Crash on Interstate Ramp")
    assert is_headline("3-year-old dies after finding a gun")
    assert not is_headline("Two people died after the crash.")
    assert not is_headline("The victims were:")
    assert not is_headline("Jane Roe, 8, was among the victims (Source: Family photo)")
    assert not is_headline("Updates")


def test_same_story_and_sub_headings() -> None:
    title = frozenset({"girl", "wounded", "elm", "street", "shooting"})
    assert same_story("Elm Street shooting leaves girl hurt", title)
    assert not same_story("Two Dead After Crash on Interstate Ramp", title)
    assert introduces("Oak Lane shooting - one dead", ["A man was found in the 400 block of Oak Lane."])
    assert not introduces("Two Dead After Crash on Interstate Ramp", ["No arrest has been made."])


def test_a_bulleted_link_is_a_headline() -> None:
    assert is_headline("+ 1 dead, 1 wounded in Park Hill shooting")
    assert is_headline("► Man killed in crash on Route 9")


def test_teasers_after_a_marker_run_until_the_article_goes_on() -> None:
    # Teasers whose headline runs into their summary end with a full stop; they name nobody the
    # article names. The paragraph naming Sgt. Park again is the article going on.
    teasers = (
        "Read more from our newsroom\n\n"
        "Two found dead in Riverside home Deputies found two people dead after a call on Sunday morning.\n\n"
    )
    page = LEDE + teasers + "Park said the girl's family had moved to Elm Street in June."
    article = Article(id="d", text=page, source="s", title=TITLE)
    ranges = other_story_ranges(article)
    assert [page[a:b] for a, b in ranges] == [
        "Read more from our newsroom",
        "Two found dead in Riverside home Deputies found two people dead after a call on Sunday morning.",
    ]
    assert ("killed", 2) in aside(figures_of(page))


def test_a_word_occurs_only_between_non_word_characters() -> None:
    assert occurs_as_word("clarke", "the 3800 block of clarke boulevard")
    assert occurs_as_word("3800", "3800 block")
    assert not occurs_as_word("clarke", "clarkeson road and mcclarke lane")  # inside other words
    assert not occurs_as_word("oak", "oak-lawn avenue")  # a hyphen joins words
    assert not occurs_as_word("oak", "oak_lawn")  # so does an underscore
    assert not occurs_as_word("rue", "ruedas café")
    assert occurs_as_word("café", "the café, on main")
    assert not occurs_as_word("12", "12² metres")  # "²" is a word character for re as well
    assert occurs_as_word("elm", "elmira and elm")  # a later occurrence counts


def test_the_word_test_is_the_pattern_it_replaced() -> None:
    """Random words and texts over an alphabet of word characters (ASCII, accented, digits, "²"),
    hyphens, underscores, spaces and quotes: the same answer as ``(?<![\\w-])word(?![\\w-])``."""
    rng = random.Random(3)
    alphabet = "ab-_ 1²é’'.\nZ\u00a0ß"
    for _ in range(20000):
        word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        expected = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None
        assert occurs_as_word(word, text) == expected, (word, text)


TEASER = "Trooper Dale Finch died of his injuries after a traffic stop in Marion County, officials said."


def test_a_teaser_told_twice_at_the_top_is_another_story() -> None:
    figures = figures_of(f"{TEASER}\n\n{TEASER}\n\n{LEDE}")
    assert current(figures) == {("injured", 1)}
    assert ("killed", 1) in aside(figures)


def test_the_articles_own_lead_told_twice_stays() -> None:
    lead = "A 9-year-old girl was wounded on Elm Street on Tuesday night when a bullet hit her arm, police said."
    figures = figures_of(f"{lead}\n\n{lead}\n\nShe was taken to a hospital and is expected to recover.\n\n")
    assert current(figures) == {("injured", 1)} and not aside(figures)


def test_a_paragraph_told_once_at_the_top_is_not_a_teaser() -> None:
    assert not other_story_ranges(Article(id="d0", text=f"{TEASER}\n\n{LEDE}", source="d0.txt", title=TITLE))


def test_a_paragraph_told_twice_whose_names_come_back_is_the_story() -> None:
    text = f"{TEASER}\n\n{TEASER}\n\nFinch had served in Marion County for eleven years, the sheriff said.\n\n"
    assert not other_story_ranges(Article(id="d0", text=text, source="d0.txt", title=TITLE))


# A column of widgets: each headline told twice (link text and image text), then its summary.
WIDGETS = (
    "Man Shot Near Harbor Bridge Man Shot Near Harbor Bridge HARBOR CITY (WXYZ) - A man was shot and "
    "wounded near the Harbor Bridge on Sunday, police said.\n\n"
    "Two Dead In Crash On Route 9 Two Dead In Crash On Route 9 GLENN COUNTY (WXYZ) - Two people died "
    "in a crash on Route 9 in Glenn County on Saturday.\n\n"
    "Barn Fire Crash Closes Road Barn Fire Crash Closes Road LAKEVIEW (WXYZ) - A barn fire in Lakeview "
    "closed Mill Road in Ashford County for hours.\n\n"
)


def test_a_column_of_widgets_whose_headlines_are_told_twice_is_other_stories() -> None:
    """The page holds nothing of its own story but its headline: the widgets' figures are all set
    aside, even though the widgets' summaries share words ("Crash", "County") with each other."""
    figures = figures_of(WIDGETS, title="Teen shot and killed at holiday party")
    assert not current(figures) - {("killed", 1)}  # what stays is the headline's own toll
    assert {("injured", 1), ("killed", 2)} <= aside(figures)


def test_a_headline_told_twice_that_is_the_story_stays() -> None:
    text = (f"Girl, 9, Wounded On Elm Street Girl, 9, Wounded On Elm Street {LEDE}")
    figures = figures_of(text)
    assert current(figures) == {("injured", 1)} and not aside(figures)


def test_a_caption_repeated_down_a_gallery_is_the_pages_own() -> None:
    """Copies of one paragraph stay in the page the names are looked for in: a photo caption
    repeated under each image names the page's own people."""
    caption = "Officer Ray Duarte stands outside the house on Elm Street where the shooting happened."
    teaser = "Two Dead In Crash On Route 9 Two Dead In Crash On Route 9 GLENN COUNTY - Two people died in Glenn County."
    text = f"{LEDE}{caption}\n\n{caption}\n\n{caption}\n\n{caption}\n\n{teaser}\n\n"
    ranges = other_story_ranges(Article(id="d0", text=text, source="d0.txt", title=TITLE))
    assert [text[a:b] for a, b in ranges] == [teaser]


def test_a_video_playlists_items_are_other_stories_and_a_timeline_is_the_story() -> None:
    playlist = ["1:17 Man shot and killed outside Oak Street bar Pause", "04:36 VIDEO: Council votes on park budget"]
    timeline = "10:03 PM - officers found a man shot outside the Oak Street bar."
    text = f"{LEDE}{playlist[0]}\n\n{timeline}\n\n{playlist[1]}\n\n"
    ranges = other_story_ranges(Article(id="d0", text=text, source="d0.txt", title=TITLE))
    assert [text[a:b] for a, b in ranges] == playlist
