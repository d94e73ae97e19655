"""Input items taken in batches, with more read ahead while the ingest process would only wait.

``Corpus.add`` with extraction workers hands them batch n + 1 and then waits for batch n's
extractions. At the start of an ingest that wait is seconds long: the workers are forked only
once their fork server has loaded the extraction, and one core idles meanwhile. Reading an item
(JSON, language guess, furniture: about 1 ms of this process's CPU) is work the ingest does
anyway, so reading the next batches during the wait takes it off the ingest's critical path
later. The buffer is bounded, and the order of items and of the iterator's errors is kept.
"""

from __future__ import annotations

from collections import deque
from itertools import islice
from typing import Callable, Generic, Iterable, TypeVar

T = TypeVar("T")


class ReadAhead(Generic[T]):
    """The items of ``items`` in order, ``take`` n at a time; ``fill`` reads ahead into a buffer."""

    def __init__(self, items: Iterable[T], limit: int) -> None:
        self._items = iter(items)
        self._buffer: deque[T] = deque()
        self._limit = limit
        self._error: Exception | None = None  # raised by the iterator while reading ahead
        self._done = False

    def fill(self, waiting: Callable[[], bool]) -> None:
        """Read items into the buffer while ``waiting()`` holds, up to ``limit`` items held.

        An error of the iterator is kept, to be raised by ``take`` where it happened: after
        the items read before it, as if they had not been read ahead.
        """
        while not self._done and len(self._buffer) < self._limit and waiting():
            try:
                self._buffer.append(next(self._items))
            except StopIteration:
                self._done = True
            except Exception as error:  # noqa: BLE001 - re-raised by take, in its place
                self._error, self._done = error, True

    def take(self, n: int) -> list[T]:
        """The next ``n`` items (fewer at the end, none when exhausted)."""
        out = [self._buffer.popleft() for _ in range(min(n, len(self._buffer)))]
        if len(out) < n:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            if not self._done:
                out.extend(islice(self._items, n - len(out)))
        return out
