"""Engine errors: one line that says what to do (the CLI prints it and exits non-zero)."""

from __future__ import annotations

from crosscheck.errors import CrosscheckError


class EngineError(CrosscheckError):
    """An engine cannot run as asked (missing optional dependency, bad output folder, no cluster)."""
