"""Where the shared evaluation data lives, found without importing crosscheck.

Tests that read the shared evaluation data call ``shared_dir()``: it honours ``CROSSCHECK_SHARED`` and
defaults to ``<repo>/../shared``; when the folder is missing the test is skipped, not failed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    """The shared folder (``CROSSCHECK_SHARED`` or ``<repo>/../shared``), or skip the test."""
    path = Path(os.environ.get("CROSSCHECK_SHARED", REPO.parent / "shared"))
    if not path.is_dir():
        pytest.skip(f"shared data folder {path} not found (set CROSSCHECK_SHARED)")
    return path
