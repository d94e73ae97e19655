"""Shared pytest setup: make test helper modules in tests/ importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
