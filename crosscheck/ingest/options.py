"""The one options object shared by the library and the CLI (as trafilatura shares its settings)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MAX_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class IngestOptions:
    """How inputs are read.

    ``max_bytes``: larger files are refused before any byte is read (a 50 MB dump is not news).
    ``detect_language``: guess ``Article.language`` with py3langid when metadata does not give it.
    ``mark_furniture``: find page furniture ranges (never deletes text either way).
    ``follow_symlinks``: inside a walked directory, follow links whose target stays in that directory.
    ``stdin_format``: how standard input is read (one of ``STDIN_FORMATS``; ``auto`` sniffs it).
    ``stdin_id``: the id of the document read from standard input (of its records without an id,
    ``<stdin_id>:<line>``); by default ``stdin-`` and the first 12 hex digits of its content's
    SHA-1, so two different streams never share an id and the same stream twice is one document.
    """

    max_bytes: int = DEFAULT_MAX_BYTES
    detect_language: bool = True
    mark_furniture: bool = True
    follow_symlinks: bool = True
    stdin_format: str = "auto"
    stdin_id: str | None = None


STDIN_FORMATS = ("auto", "text", "html", "jsonl", "json", "feed", "warc")
"""How standard input can be read: ``auto`` sniffs it (``crosscheck.ingest.read.sniff_stdin``)."""
