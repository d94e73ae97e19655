"""Coded, typed problems with inputs, in the manner of spaCy's ``E001`` errors.

Library code never prints: a reader raises ``IngestError`` for a bad input and the batch reader
turns it into an ``IngestProblem`` record that the caller shows as one line ("<source>: <message>")
before going on with the next input. The codes are stable so tests and users can rely on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


# One line, and printable anywhere: line breaks escaped, unpaired surrogates (a file name with
# undecodable bytes, a JSON escape) shown as U+FFFD.
_ONE_LINE = str.maketrans({"\n": "\\n", "\r": "\\r", **{chr(c): "\ufffd" for c in range(0xD800, 0xE000)}})


class Code(str, Enum):
    """Every ingest problem crosscheck reports, with the text that explains it."""

    MISSING = "I001"
    UNREADABLE = "I002"
    EMPTY = "I003"
    TOO_LARGE = "I004"
    BINARY = "I005"
    INVALID_UTF8 = "I006"
    BAD_JSON = "I007"
    NO_TEXT = "I008"
    NO_ARTICLE = "I009"
    UNKNOWN_FORMAT = "I010"
    NOT_REGULAR = "I011"
    SYMLINK_OUTSIDE = "I012"
    SYMLINK_CYCLE = "I013"
    BAD_FEED = "I014"
    BAD_WARC = "I015"
    BAD_DATE = "I016"
    BAD_FIELD = "I017"
    UNENCODABLE = "I018"
    TOO_DEEP = "I019"
    BOM_REMOVED = "I100"
    SKIPPED_RECORDS = "I101"
    DUPLICATE_INPUT = "I102"


@dataclass(frozen=True, slots=True)
class IngestProblem:
    """One input (or one record of an input) that could not be read as it should.

    ``fatal`` is False only for notes about an article that *was* read (a byte-order mark
    removed, an unreadable date left out); such an article is yielded as well. Codes from I100
    are information only (nothing of the input was left out or changed); below I100, a non-fatal
    problem still means the article was read with something missing or replaced (``partial``).
    """

    source: str
    message: str
    code: str
    fatal: bool = True

    @property
    def partial(self) -> bool:
        """Whether the input was not read in full: refused, or read with something left out or replaced."""
        return self.fatal or self.code < Code.BOM_REMOVED.value

    def __str__(self) -> str:
        """Always one line, even for a file name or parser message with a line break in it."""
        return f"{self.source}: {self.message}".translate(_ONE_LINE)


class CrosscheckError(Exception):
    """Base of every error crosscheck raises on purpose."""


class IngestError(CrosscheckError):
    """An input that cannot be read; carries the coded problem to report."""

    def __init__(self, source: str, code: Code, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.problem = IngestProblem(source=source, message=message, code=code.value)


def problem(source: str, code: Code, message: str, *, fatal: bool = True) -> IngestProblem:
    """Build a problem record from a ``Code`` (keeps call sites short)."""
    return IngestProblem(source=source, message=message, code=code.value, fatal=fatal)
