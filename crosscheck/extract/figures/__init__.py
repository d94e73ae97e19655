"""Figures a report states about its event: casualties, explosions, intervals, distances, times.

Casualty tolls in English news come in a handful of shapes, each a rule here (the rule's name is
the mention's ``extractor``):

* ``figures.count``: a count, then its noun, the auxiliaries, a casualty word: "At least 103 people
  were killed", "141 were injured" (elliptic), "another 60 people were injured", "2 dead",
  "one of them died", "1 fatally";
* ``figures.object``: a casualty verb, then the count: "killing 5", "leaving 2 dead", "police
  arrested two suspects", "shot and killed a man";
* ``figures.toll``: "the death toll rose to 12";
* ``figures.single``: one person as the subject: "a man was shot and killed", "Thompkins, 57, was
  pronounced dead", "the fatal shooting of a teen", "the boy shot himself";
* ``figures.list``: people coordinated: "a man, his wife and their two daughters were found dead"
  (4), "killed his wife, son and daughter before killing himself" (4);
* ``figures.shot``: the wounded read from people shot: "two men were shot, one fatally" is one
  killed and one injured; people shot minus people the same report says were killed.
* ``figures.clauses``: hurt people told clause by clause in one sentence, summed: "a man was shot
  in the chest and two women were shot in the leg" (3), "..., another in the leg" (gapped clauses).

"Shot" also covers a wound told as a strike ("struck in the leg", "hit by stray gunfire", "grazed by
a bullet"); "struck" and "hit" alone name no wound ("struck by a car").

Only quantities that count (``nlp.numbers`` sets ages, years, times, addresses, money aside) and
that lie outside clauses about other events (``extract.background``) are kept. Stage comes from
the cue word nearest the figure ("initially told ... that 20", "but police later said 6"),
attribution from ``extract.attribution`` when it is installed. Everything is regular expressions
over ``Sentence.text``, gated by cheap substring tests: no statistical parse is needed, so a typical
2,500-character report costs about 3.5-5 ms of CPU (``bench/eval_figures.py`` measures it).

The package's modules, by rule family:

* ``vocabulary``: the words and phrases the rules share, and ``_Found`` (a figure before it is a mention);
* ``counts``: ``figures.count``, ``figures.object`` and ``figures.toll``;
* ``lists``: ``figures.list``;
* ``singles``: ``figures.single``;
* ``sentence``: one sentence's casualties, every rule together, and ``figures.clauses``;
* ``report``: the report read as a whole (``figures.shot``, who the hurt are) and ``extract``;
* ``measures``: explosions, intervals, distances, clock times;
* ``provenance``: the stage and attribution every mention carries.
"""


from __future__ import annotations

from crosscheck.extract.figures.report import extract
from crosscheck.extract.figures.sentence import casualties

__all__ = ["casualties", "extract"]
