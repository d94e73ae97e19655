"""Figures a report states about its event: casualties, other registered kinds, explosions,
intervals, distances, times; each with the part of the event it counts, its stage and its day.

Casualty tolls come in a handful of shapes, each a rule (the rule's name is the mention's
``extractor``):

* ``figures.count``: a count, then its noun, the auxiliaries, a casualty word: "At least 103 people
  were killed", "141 were injured" (elliptic), "another 60 people were injured", "2 dead", "one of
  them died", "1 fatally"; with an aside or a place between ("28 people—mostly tourists—were
  killed", "87,000 people in Syria and Turkey were injured", "200 people in total were injured");
  deaths told as martyrdom, perishing, breathing one's last; people under treatment, in the ICU,
  discharged from hospital;
* ``figures.object``: a casualty verb, then the count: "killing 5", "leaving 2 dead", "police
  arrested two suspects", "shot and killed a man";
* ``figures.toll``: a toll noun and the count its verb gives, with any words between ("the death
  toll from the landslides that struck on Tuesday has risen to 174", "revised down to 84", "pegged
  the official death toll ... at 222", "the number of injured increased to 3,408", "bringing the
  confirmed total to 15,383"); the value changed from ("from a previous figure of two") is earlier;
* ``figures.lives``: lives lost ("claimed at least 158 lives", "the loss of at least 308 lives");
* ``figures.single``: one person as the subject: "a man was shot and killed", "Thompkins, 57, was
  pronounced dead", "the fatal shooting of a teen", "the boy shot himself";
* ``figures.list``: people coordinated: "a man, his wife and their two daughters were found dead"
  (4), "killed his wife, son and daughter before killing himself" (4); never places ("in Syria and
  Turkey");
* ``figures.shot``: the wounded read from people shot: "two men were shot, one fatally" is one
  killed and one injured; people shot minus people the same report says were killed;
* ``figures.clauses``: hurt people told clause by clause in one sentence, summed: "a man was shot
  in the chest and two women were shot in the leg" (3), "..., another in the leg" (gapped clauses);
  never two sources' counts ("X announced that 470 were injured, while Y reported that 6 were");
* ``figures.bodies``: bodies counted ("three bodies have been recovered", "31 unclaimed bodies");
* ``figures.part`` / ``figures.included``: parts told as parts (``parts``): increments ("seven
  more succumbed", "after two wounded patients died"), groups among the dead or hurt ("three
  Chinese nationals are among the dead"), places and groups listed ("213 in the Valencia region
  alone, three in Castilla-La Mancha", "including those of 83 women and 29 children");
* ``figures.generic``: every registered kind without rules of its own, from the words it declares
  for the report's language (``crosscheck.kinds``): displaced or evacuated, rescued, aboard,
  buildings destroyed or damaged (``generic``).

"Shot" also covers a wound told as a strike ("struck in the leg", "hit by stray gunfire", "grazed by
a bullet"); "struck" and "hit" alone name no wound ("struck by a car").

Every casualty figure then gets:

* its scope (``scope``): the whole event, or a part: a place ("In Turkey, three died", "2,992 in
  Syria"), a group (children, police, a nationality; attackers are always their own group), a
  condition (critical, under treatment, bodies recovered, died at the scene) or an increment. A
  place, a group or a condition is a part only where the report shows the whole beside it;
* its stage (``stages``): projected, denied or unconfirmed when the clause says so right before the
  count ("could rise to", "false reports that", "unofficial reports suggest"), else initial, revised
  or latest from the nearest cue word ("previously", "revised down", "now stands at");
* its day (``asof``): the day the sentence dates the statement to ("said on Saturday", "as of
  Tuesday", "rose to 30,000 Sunday"), never the happening's own day.

Only quantities that count (``nlp.numbers`` sets ages, years, times, addresses, money aside) and
that lie outside clauses about other events (``extract.background``, ``extract.other_happenings``)
are kept. Attribution comes from ``extract.attribution`` when it is installed. Everything is
regular expressions over ``Sentence.text``, gated by cheap substring tests: no statistical parse
is needed (``bench/eval_figures.py`` measures the cost per report).

The package's modules, by rule family:

* ``vocabulary``: the words and phrases the rules share, and ``_Found`` (a figure before it is a mention);
* ``counts``: ``figures.count``, ``figures.object`` and ``figures.ordinal``;
* ``tolls``: ``figures.toll`` and ``figures.lives``;
* ``parts``: ``figures.part``, ``figures.included`` and ``figures.bodies``;
* ``lists``: ``figures.list``;
* ``singles``: ``figures.single``;
* ``sentence``: one sentence's casualties, every rule together, and ``figures.clauses``;
* ``report``: the report read as a whole (``figures.shot``, who the hurt are, scopes) and ``extract``;
* ``scope``: what part of the event each figure counts, settled over the report;
* ``generic``: the registered kinds' generic count rule;
* ``measures``: explosions, intervals, distances, clock times;
* ``stages``, ``asof``, ``provenance``: the stage, day and attribution every mention carries.
"""


from __future__ import annotations

from crosscheck.extract.figures.report import extract
from crosscheck.extract.figures.sentence import casualties

__all__ = ["casualties", "extract"]
