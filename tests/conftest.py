"""Shared pytest setup: make test helper modules in tests/ importable; property tests check
results, not timings."""

import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Hypothesis fails an example that takes over 200 ms; on a loaded 2-core CI machine a first call
# (imports, a regex compiled) can, and the properties here are about results, never speed.
settings.register_profile("crosscheck", deadline=None)
settings.load_profile("crosscheck")
