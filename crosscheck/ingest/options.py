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
    """

    max_bytes: int = DEFAULT_MAX_BYTES
    detect_language: bool = True
    mark_furniture: bool = True
    follow_symlinks: bool = True
