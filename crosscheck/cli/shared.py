"""What more than one command shares: the stdin options, counted nouns."""

from __future__ import annotations

from typing import Callable, TypeVar

import click

from crosscheck.ingest.options import STDIN_FORMATS

F = TypeVar("F", bound=Callable[..., object])


def stdin_options(command: F) -> F:
    """``--stdin-format`` and ``--stdin-id``: how ``-`` (standard input) is read and named."""
    command = click.option(
        "--stdin-id", default=None,
        help="Id of the document read from - (default: stdin- and a hash of its content, so two streams never share one).",
    )(command)
    return click.option(
        "--stdin-format", type=click.Choice(STDIN_FORMATS), default="auto", show_default=True,
        help="How - is read: one document (text, html), records (jsonl, json), a feed or a WARC; auto sniffs it.",
    )(command)


def plural(count: int, noun: str) -> str:
    """``1 item``, ``2 items``: a count with its noun (regular plurals only)."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"
