"""These speed shortcuts give what the plain code gave: furniture blanked line by line,
model objects rebuilt through their slot descriptors, and ``Corpus.add`` keeping what it holds
between batches out of the collector's full collections only while it runs. Examples are invented."""

from __future__ import annotations

import dataclasses
import gc
import pickle
import random

import pytest

from crosscheck.model import Article, Extraction, FigureKind, FigureMention, Span
from crosscheck.nlp.textview import _blanked, repairs
from crosscheck.corpus import Corpus
from crosscheck.corpus import _WrittenOutOfSight


def _blanked_by_character(text: str) -> str:
    return "".join(ch if ch == "\n" else " " for ch in text)


def test_blanked_is_the_per_character_rule() -> None:
    rng = random.Random(11)
    alphabet = "ab \n\r\t\u00a0\u2028é—\U0001F600\x00"
    samples = ["", "\n", "\n\n", "x", "Share this:\nFacebook Twitter\n", "\nEmail\n"]
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 60))) for _ in range(500)]
    for text in samples:
        assert _blanked(text) == _blanked_by_character(text)


def test_repairs_blank_furniture_keeping_its_lines() -> None:
    text = "Man shot on Elm Street.\nShare this:\nTweet\nPolice said he was hurt."
    start = text.index("Share")
    end = text.index("Police")
    edits = repairs(text, ((start, end),))
    assert edits[0].start == start and edits[0].end == end
    assert edits[0].replacement == " " * len("Share this:") + "\n" + " " * len("Tweet") + "\n"


def test_unpickled_objects_have_every_field_and_stay_frozen() -> None:
    sentence = Span("d", 0, 40)
    mention = FigureMention(sentence, Span("d", 4, 7), "figures", kind=FigureKind.KILLED, value=2.0,
                            attributed_to="Sgt. Ann Poe", qualifier="at least")
    back = pickle.loads(pickle.dumps(mention, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == mention
    assert [getattr(back, f.name) for f in dataclasses.fields(back)] == [getattr(mention, f.name) for f in dataclasses.fields(mention)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.value = 3.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.attributed_to = None  # type: ignore[misc]  # a field of the base class


def _article(n: int) -> Article:
    return Article(id=f"doc-{n}", source=f"doc-{n}.txt", published="2016-01-04",
                   text=f"A man was shot on Birch Lane {n} in Varnton on Monday, police said.")


def _extract(article: Article) -> Extraction:
    return Extraction(article=article, sentences=(Span(article.id, 0, len(article.text)),), mentions=())


def test_store_add_freezes_between_batches_and_gives_everything_back(tmp_path) -> None:
    if gc.get_freeze_count():
        pytest.skip("something in this process froze objects already")
    seen: list[int] = []
    with Corpus(tmp_path / "s.db", extract=_extract) as store:
        summary = store.add((_article(n) for n in range(7)), batch_size=2, progress=lambda n: seen.append(gc.get_freeze_count()))
    assert summary.added == 7
    assert seen[0] == 0 and all(count > 0 for count in seen[1:])  # frozen after each batch written
    assert gc.get_freeze_count() == 0  # and all given back when add returns


def test_store_add_gives_back_on_error(tmp_path) -> None:
    if gc.get_freeze_count():
        pytest.skip("something in this process froze objects already")

    def failing(n: int):
        yield from (_article(i) for i in range(n))
        raise RuntimeError("input broke")

    with Corpus(tmp_path / "s.db", extract=_extract) as store:
        with pytest.raises(RuntimeError):
            store.add(failing(5), batch_size=2)
    assert gc.get_freeze_count() == 0


def test_the_collector_hold_leaves_a_callers_freeze_and_a_disabled_collector_alone() -> None:
    if gc.get_freeze_count():
        pytest.skip("something in this process froze objects already")
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        hold = _WrittenOutOfSight()
        hold.batch_written()
        hold.end()
        assert gc.get_freeze_count() == frozen  # the caller's freeze is neither grown nor undone
    finally:
        gc.unfreeze()
    gc.disable()
    try:
        hold = _WrittenOutOfSight()
        hold.batch_written()
        assert gc.get_freeze_count() == 0
        hold.end()
    finally:
        gc.enable()


def test_lower_words_replace_punctuation_as_the_translate_table_did() -> None:
    from crosscheck.reconcile.incidents import _PUNCTUATION_CHARS, _lower_words

    translate_table = str.maketrans({c: " " for c in _PUNCTUATION_CHARS})  # the rule before the regex
    texts = ["Roe, 24, was shot on Elm St. — “It was awful,” said Ann Poe (a neighbour).",
             "Police: the man’s car [a sedan] was found/parked at 1200 block; *update* – Tuesday!?",
             "plain ascii text with no punctuation", ""]
    assert _lower_words(texts) == frozenset(" ".join(texts).replace("’", "'").translate(translate_table).split())
    assert "man's" in _lower_words(texts) and "sedan" in _lower_words(texts)


def test_word_set_maps_the_dotted_and_dotless_i_only_when_there() -> None:
    from crosscheck.nlp.words import _I_VARIANTS, _WORD, word_set

    for text in ["Şişli’de İstanbul — “Kılıç” said", "DIYARBAKIR ıı İİ", "“Quoted” — text", "plain Ascii"]:
        expected = frozenset(_WORD.findall(text.translate(_I_VARIANTS).casefold()))
        assert word_set(text) == expected
    assert "istanbul" in word_set("İstanbul")
