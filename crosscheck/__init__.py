"""crosscheck: many news reports of the same events in, one honest, cited brief out.

``crosscheck.brief(paths)`` reads reports and returns a typed ``Brief`` (see ``crosscheck.facts``);
``Brief.to_json()`` is the ``crosscheck/brief@1`` record.
"""

from crosscheck.facts import Brief, EventBrief
from crosscheck.pipeline import brief

__all__ = ["Brief", "EventBrief", "brief"]
