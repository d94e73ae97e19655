"""The store's input read-ahead: order, bound, errors in their place, and its use by ``Corpus.add``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from crosscheck.corpus import Corpus
from crosscheck.engines import workers
from crosscheck.model import Article
from crosscheck.store.readahead import ReadAhead


def test_items_come_in_order_whether_read_ahead_or_not() -> None:
    reader = ReadAhead(range(10), limit=4)
    assert reader.take(3) == [0, 1, 2]
    reader.fill(lambda: True)  # reads 3, 4, 5, 6: the limit
    assert reader.take(2) == [3, 4]
    assert reader.take(5) == [5, 6, 7, 8, 9]
    assert reader.take(5) == []


def test_reading_ahead_stops_when_the_wait_is_over_or_the_buffer_full() -> None:
    read: list[int] = []

    def items() -> Iterator[int]:
        for i in range(100):
            read.append(i)
            yield i

    reader = ReadAhead(items(), limit=10)
    checks = iter([True, True, False])
    reader.fill(lambda: next(checks))
    assert read == [0, 1]
    reader.fill(lambda: True)
    assert len(read) == 10


def test_an_error_of_the_input_is_raised_after_the_items_before_it() -> None:
    def items() -> Iterator[int]:
        yield 1
        yield 2
        raise ValueError("bad input")

    reader = ReadAhead(items(), limit=10)
    reader.fill(lambda: True)
    assert reader.take(1) == [1]
    with pytest.raises(ValueError, match="bad input"):
        reader.take(5)  # as list(islice(...)) would: the batch holding the error is not returned


class _SlowResult:
    """A pool's result that is not ready the first few times it is asked."""

    def __init__(self, value: list[Any], polls: int) -> None:
        self._value, self._polls = value, polls

    def ready(self) -> bool:
        self._polls -= 1
        return self._polls < 0

    def get(self) -> list[Any]:
        return self._value


class _SlowPool:
    def starting(self) -> bool:
        return False

    def map_async(self, function: Any, items: list[Any], chunksize: int = 1) -> _SlowResult:
        return _SlowResult([function(item) for item in items], polls=50)

    def terminate(self) -> None:
        pass


def test_store_add_reads_ahead_while_the_workers_have_not_answered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    written: list[int] = []

    def items() -> Iterator[Article]:
        for i in range(60):
            read.append(i)
            yield Article(id=f"d{i}", text=f"Jon Roe spoke on Elm Street in Varnton, case {i}.", source=f"s{i}")

    monkeypatch.setattr(workers, "_StartingPool", lambda create: _SlowPool())
    with Corpus(tmp_path / "s.db") as store:
        summary = store.add(items(), batch_size=5, workers=2, progress=lambda n: written.append(len(read)))
    assert summary.added == 60
    # when the first batch was written, far more than the two batches in flight had been read
    assert written[0] >= 5 * Corpus.READ_AHEAD_BATCHES


class _StartingSlowly(_SlowPool):
    """A pool still being started the first few times it is asked; records what was read when it
    got its first batch."""

    def __init__(self, read: list[int]) -> None:
        self._polls, self._read, self.first_batch_read = 30, read, -1

    def starting(self) -> bool:
        self._polls -= 1
        return self._polls >= 0

    def map_async(self, function: Any, items: list[Any], chunksize: int = 1) -> _SlowResult:
        if self.first_batch_read < 0:
            self.first_batch_read = len(self._read)
        return super().map_async(function, items, chunksize)


def test_store_add_reads_ahead_while_the_pool_is_starting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    pool = _StartingSlowly(read)

    def items() -> Iterator[Article]:
        for i in range(60):
            read.append(i)
            yield Article(id=f"d{i}", text=f"Jon Roe spoke on Elm Street in Varnton, case {i}.", source=f"s{i}")

    monkeypatch.setattr(workers, "_StartingPool", lambda create: pool)
    with Corpus(tmp_path / "s.db") as store:
        assert store.add(items(), batch_size=5, workers=2).added == 60
    assert pool.first_batch_read == 5 + 30  # the first batch, then one item per poll while starting


def test_a_starting_pool_says_so_until_created_and_raises_its_error_where_used() -> None:
    import threading

    go = threading.Event()

    class _Made:
        def map_async(self, *args: Any, **kwargs: Any) -> str:
            return "mapped"

        def terminate(self) -> None:
            pass

    def create() -> _Made:
        go.wait(10)
        return _Made()

    pool = workers._StartingPool(create)
    assert pool.starting()
    go.set()
    assert pool.map_async(len, []) == "mapped" and not pool.starting()
    pool.terminate()

    def fail() -> None:
        raise OSError("no fork server")

    broken = workers._StartingPool(fail)
    with pytest.raises(OSError, match="no fork server"):
        broken.map_async(len, [])
    broken.terminate()
