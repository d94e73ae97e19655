"""Imported by the extraction workers' fork server: what a worker loads, loaded once for all.

Importing this module prepares one invented report (``steps.warm_up``), so spaCy's pipelines, the
gazetteers, the word frequencies and every compiled pattern are in memory and frozen out of the
garbage collector's sight; each worker is then forked from this process instead of loading all of
it again (see ``crosscheck.engines.workers``).
"""

from crosscheck.engines.steps import warm_up

warm_up()
