"""Imported by the extraction workers' fork server: what a worker loads, loaded once for all.

Importing this module extracts one invented report (``core.warm_worker``), so spaCy's
pipelines, the gazetteers, the word frequencies and every compiled pattern are in memory and
frozen out of the garbage collector's sight; each worker is then forked from this process
instead of loading all of it again (see ``core._extraction_pool``).
"""

from crosscheck.store.core import warm_worker

warm_worker()
