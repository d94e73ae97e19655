"""The language guess: the numpy DFA walk gives py3langid's own answer, and falls back when it
cannot vouch for a text; English texts, short ones too, come out English or unknown (both read by
the English rules), never as another language."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crosscheck.ingest import language
from crosscheck.ingest.article import build_article
from crosscheck.ingest.language import _identifier, detect_language
from crosscheck.ingest.options import IngestOptions
from crosscheck.lang import pack_for

TEXTS = [
    "Two people were hurt on Monday night when a gunman opened fire outside a bar, police said.",
    "Deux personnes ont été blessées lundi soir devant un bar, a indiqué la police.",
    "Zwei Menschen wurden am Montagabend vor einer Bar verletzt, teilte die Polizei mit.",
    "Dos personas resultaron heridas el lunes por la noche frente a un bar, informó la policía.",
    "В понедельник вечером у бара были ранены два человека, сообщила полиция.",
    "警方说，星期一晚上有两人在一家酒吧外受伤。",
    "قالت الشرطة إن شخصين أصيبا مساء الاثنين خارج حانة.",
    "POLICE SAY TWO PEOPLE WERE HURT OUTSIDE A BAR ON MONDAY NIGHT",
    "12 34 56 78 90 -- 2017-03-04 | 5 | 7 | 9",
    "a",
    "Café crème, naïve façade — «quoted» text with mixed scripts: Ελληνικά and English words.",
]


@pytest.fixture(scope="module")
def reference():
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True, min_confidence=language.MIN_CONFIDENCE)


@pytest.mark.parametrize("text", TEXTS)
def test_same_guess_and_confidence_as_py3langid(text, reference):
    assert _identifier().classify(text) == reference.classify(text)


def test_vector_walk_is_used_and_checked():
    """The fast path runs for ordinary text: the walk passes its own check."""
    fast = _identifier()
    assert fast._feature_counts(fast._encode(TEXTS[0])) is not None


def test_random_bytes_same_as_py3langid(reference):
    """Arbitrary byte sequences (the DFA is over bytes) give the same scores as the byte loop."""
    rng = random.Random(7)
    fast = _identifier()
    for _ in range(50):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        assert (fast._raw_score(data) == reference._raw_score(data)).all()


def test_too_small_window_falls_back_to_the_byte_loop(monkeypatch, reference):
    """A window the model does not forget within fails the run check and the loop answers."""
    fast = _identifier()
    monkeypatch.setattr(language, "WINDOW_BYTES", 1)
    assert fast._feature_counts(fast._encode(TEXTS[0])) is None
    assert fast.classify(TEXTS[0]) == reference.classify(TEXTS[0])


def test_detect_language_codes():
    assert detect_language(TEXTS[0]) == "en"
    assert detect_language(TEXTS[2]) == "de"


def test_unknown_py3langid_internals_fall_back_to_its_own_identifier(monkeypatch):
    """A py3langid release without the attributes the vector walk reads still guesses languages."""

    def missing_internals(self, *args, **kwargs):
        raise AttributeError("tk_nextmove")

    monkeypatch.setattr(language._VectorIdentifier, "__init__", missing_internals)
    _identifier.cache_clear()
    try:
        assert not isinstance(_identifier(), language._VectorIdentifier)
        assert detect_language("The police said two people were taken to the hospital after the shooting.") == "en"
    finally:
        _identifier.cache_clear()


def test_converted_rows_are_the_products_own_conversion():
    """Rows converted once and kept give the product numpy computes from the float16 table itself,
    bit for bit, whichever features come first, repeated or new, across the array's growth."""
    import numpy as np

    rng = np.random.default_rng(5)
    table = rng.normal(size=(500, 7)).astype(np.float16)
    rows = language._ConvertedRows(table, np.result_type(np.float32, table.dtype))
    for _ in range(40):
        features = rng.choice(500, size=int(rng.integers(1, 120)), replace=False).astype(np.intp)
        counts = rng.integers(1, 9, size=len(features)).astype(np.float32)
        got = np.log1p(counts) @ rows.take(features)
        want = np.log1p(counts) @ table[features]
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
    assert rows._count <= 500 and len(rows._rows) <= 500


def test_a_table_in_the_products_type_is_used_as_it_is():
    import numpy as np

    table = np.arange(12, dtype=np.float32).reshape(4, 3)
    rows = language._ConvertedRows(table, np.result_type(np.float32, table.dtype))
    assert rows.take(np.array([2, 0])).tolist() == [[6, 7, 8], [0, 1, 2]]
    assert rows._count == 0


# Headlines and one-line reports written for this test: texts too short for a confident guess
SHORT_ENGLISH = [
    "Two dead in shooting.", "Police: man shot on Elm St.", "3 killed, 2 hurt.", "Man shot dead.",
    "Teen wounded in drive-by", "UPDATE: Victim identified", "Suspect arrested", "Police investigate homicide",
    "Boy, 7, hit by stray bullet", "Deadly crash on I-95", "Explosions kill 103 in Kerman", "Quake hits Hatay",
    "Elm Street shooting: 1 dead", "Grand jury indicts Roe", "Roe pleads guilty", "Varnton man charged in Friday shooting",
    "Woman, 34, critically injured", "Shots fired, no injuries reported", "Fire kills 7 at Elm mill",
    "Magnitude 6.2 quake strikes off coast", "Bus plunges into gorge, 12 dead", "Death toll rises to 40",
    "Update: Roadway reopened", "Shooting at 1200 block of North Ave.", "Car bomb kills 5 in Mogadishu",
    "Ferry capsizes, 30 rescued", "Arrest made in Oct. 3 homicide", "Police: Domestic dispute led to fatal shooting",
    "Teenager shot in leg, expected to survive", "Suspect in custody after standoff",
]


@pytest.mark.parametrize("text", SHORT_ENGLISH)
def test_a_short_english_report_is_english_or_unknown_and_read_by_the_english_rules(text):
    assert detect_language(text) in ("en", None)
    article = build_article(id="short", text=text, source="short.txt", options=IngestOptions())
    assert pack_for(article.language) is pack_for("en")


def test_the_seed_reports_are_english():
    paths = sorted((Path(__file__).resolve().parents[1] / "examples" / "kerman").glob("*.txt"))
    assert paths
    assert {detect_language(path.read_text(encoding="utf-8")) for path in paths} == {"en"}


def test_an_undetermined_language_tag_is_unknown_and_the_guess_decides():
    article = build_article(id="de", text=TEXTS[2], source="de.txt", options=IngestOptions(), language="und")
    assert article.language == "de"
