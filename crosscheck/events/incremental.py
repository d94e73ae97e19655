"""Grouping as documents arrive in a store: links, components, and the events split from them.

A new document is linked to its candidates (``grouping.candidate_ids``: the stored documents
sharing the most index terms inside its time window) whose similarity keeps the pair
(``grouping.links_to``), and joins the component of every one it links to; a revised document is
unlinked and linked again from its new text. After each batch, every component the batch touched
is split into events again (``grouping.component_events``), so events may split or merge as
reports arrive and the result does not depend on arrival order. The batch engines group the same
way over partitions (``crosscheck.events.partition``), with the same candidate ranking and link
rule.

Everything here runs inside the caller's ``Store.transaction()`` and writes through the store's
statements; the store knows nothing of features or similarity. What this object keeps in memory
(parsed features, recurring names) is dropped whenever the store drops its own copies
(``Store.generation``: a rollback, another connection's commit).
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from itertools import chain
from typing import Sequence

from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import (
    DEFAULT_PARAMS,
    Candidate,
    GroupingParams,
    candidate_ids,
    component_events,
    index_terms,
    links_to,
)
from crosscheck.events.ids import event_id_of
from crosscheck.events.recurring import name_weeks
from crosscheck.store.core import Head, Store


@dataclass(slots=True)
class BatchChanges:
    """What one batch changed, for the split into events and the listings to refresh."""

    touched: set[str] = field(default_factory=set)
    """Events whose documents changed."""
    components: set[str] = field(default_factory=set)
    """Components to split into events again."""
    new_docs: set[str] = field(default_factory=set)
    revised: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class EventSketch:
    """What an event's listing takes from its documents' features: the listing's other fields (title,
    tolls, date) come from its brief."""

    doc_ids: tuple[str, ...]
    kind: str | None
    places: tuple[str, ...]
    outlets: tuple[str, ...]


class IncrementalGrouping:
    """The grouping of one store, document by document (see the module docstring)."""

    FEATURE_CACHE = 20_000
    """Parsed features kept in memory (LRU): candidates are mostly recent documents, and the bound
    keeps memory flat however large the store grows."""

    def __init__(self, store: Store, params: GroupingParams = DEFAULT_PARAMS) -> None:
        self.store = store
        self.params = params
        self._features: OrderedDict[str, DocFeatures] = OrderedDict()
        self._recurring: set[str] | None = None  # the recurring names, in memory (_recurring_names)
        self._generation = store.generation

    def _sync(self) -> None:
        """Drop what is held in memory if the store dropped its copies since (see module docstring)."""
        if self._generation != self.store.generation:
            self._features.clear()
            self._recurring = None
            self._generation = self.store.generation

    # ----------------------------------------------------------------- a batch
    def file(self, doc_id: str, digest: str, version: int, head: Head | None, feats: DocFeatures, batch: BatchChanges) -> None:
        """Group a document version the caller has just stored (``head``: the stored head before it).

        A new document is linked into a component (``batch.components`` collects those to split
        into events once the batch is written; until then it carries a provisional event id). A new
        version is grouped again from its new text (``_regroup_version``): a revised story may
        have become another story, and its old links no longer say anything about it.
        """
        self._sync()
        store = self.store
        if head is None:
            component = self._link(doc_id, feats, batch.components)
            store.insert_head(doc_id, version, digest, event_id_of(doc_id), feats.day, feats.to_json(), component)
            batch.new_docs.add(doc_id)
        else:
            store.update_head(doc_id, version, digest, feats.day, feats.to_json())
            store.delete_terms(doc_id)
            self._features.pop(doc_id, None)
            batch.touched.add(head.event_id)
            batch.revised.add(doc_id)
            self._regroup_version(doc_id, feats, batch.components)
        self._insert_terms(doc_id, feats)

    def split(self, batch: BatchChanges, created: set[str]) -> None:
        """Recompute the events of the components a batch touched (level 2), keeping ids stable.

        The events are ``component_events`` of each component's documents and links (one event per
        component for ``linkage="single"``), so they depend on the component alone, not on arrival
        order; they may split or merge when a batch touches the component. Ids: events are taken
        oldest first (by their oldest document in ingest order), and each keeps the previous event
        id of its oldest document that no older event has claimed. Documents whose text changed in
        this batch (``revised``) claim last, after every other document of every component: a
        revised story that moved to another event must not carry its old event's id there. An
        event with no id to keep (only new documents, or the younger part of a split) is named
        after its oldest document. Old ids nobody claimed are dropped; events whose documents did
        not change are not refreshed (``batch.touched`` collects those that did, ``created`` the new).
        """
        self._sync()
        store, touched, revised = self.store, batch.touched, batch.revised
        clusters: list[list[str]] = []
        before: dict[str, str | None] = {}
        age: dict[str, int] = {}
        for component in sorted(batch.components):
            members = store.component_members(component)
            for member in members:
                age[member.doc_id] = member.order
                before[member.doc_id] = None if member.doc_id in batch.new_docs else member.event_id
            clusters += self._component_clusters(component, [(m.doc_id, m.day) for m in members])
        clusters = sorted((sorted(c, key=age.__getitem__) for c in clusters), key=lambda c: age[c[0]])
        old_members: dict[str, set[str]] = {}
        for doc_id, event_id in before.items():
            if event_id is not None:
                old_members.setdefault(event_id, set()).add(doc_id)
        ids: list[str | None] = [None] * len(clusters)
        claimed: set[str] = set()
        for speaks in (lambda d: d not in revised, lambda d: d in revised):
            for index, cluster in enumerate(clusters):
                if ids[index] is None:
                    found = next((before[d] for d in cluster
                                  if speaks(d) and before[d] is not None and before[d] not in claimed), None)
                    if found is not None:
                        ids[index] = found
                        claimed.add(found)
        for cluster, event_id in zip(clusters, ids):
            if event_id is None:
                event_id = self._fresh_event_id(cluster, claimed)
                store.insert_event(event_id)
                created.add(event_id)
                claimed.add(event_id)
            store.assign_event(cluster, event_id)
            if old_members.get(event_id, set()) != set(cluster):
                touched.add(event_id)
        for event_id in set(old_members) - claimed:
            store.delete_event(event_id)
            touched.discard(event_id)
            created.discard(event_id)

    def sketch(self, event_id: str) -> EventSketch | None:
        """The listing fields of an event that its documents' features give; ``None`` when it has
        no document left."""
        self._sync()
        docs = self.store.event_heads(event_id)
        if not docs:
            return None
        feats = [self._cached_features(doc_id, raw) for doc_id, raw, _ in docs]
        places = Counter(place for f in feats for place in dict.fromkeys(f.places))
        kinds = Counter(f.kind for f in feats if f.kind)
        return EventSketch(
            doc_ids=tuple(doc_id for doc_id, _, _ in docs),
            kind=kinds.most_common(1)[0][0] if kinds else None,
            places=tuple(name for name, _ in places.most_common(5)),
            outlets=tuple(sorted({outlet for _, _, outlet in docs if outlet})),
        )

    # ----------------------------------------------------------------- once per store
    def relink(self) -> BatchChanges:
        """Rebuild links, components and events of a store written before two-level grouping.

        Every document is linked again in its ingest order (the term index is refilled as it goes,
        so each one sees only older documents as candidates, as when it was added), then every
        component is split. Returns the changes (``touched``: the events whose listing to refresh).
        """
        self._sync()
        store = self.store
        rows = store.heads_in_order()
        store.clear_grouping()
        self._recurring = set()
        batch = BatchChanges()
        for doc_id, raw in rows:
            feats = DocFeatures.from_json(raw)
            component = self._link(doc_id, feats, batch.components)
            store.set_component([doc_id], component)
            self._insert_terms(doc_id, feats)
        self.split(batch, set())
        return batch

    def count_stored_names(self) -> None:
        """Count the names of the documents a store written before name weeks holds, in ingest order."""
        self._sync()
        store = self.store
        if not store.name_weeks_counted():  # or another process did it
            self._recurring = set()
            for _, raw in store.heads_in_order():
                self._count_names(DocFeatures.from_json(raw))
            store.mark_name_weeks_counted()

    # ----------------------------------------------------------------- linking
    def _link(self, doc_id: str, feats: DocFeatures, components: set[str]) -> str:
        """Store the document's links to its candidates and merge the components they reach.

        Returns the document's component id (a new one, named after the document, when it links
        to nothing). The merged component keeps the id of the largest one, so fewer rows change.
        Its names are counted first: a name it makes recurring is recurring for its own links, as
        in the engines (``recurring.RecurringAt``).
        """
        store = self.store
        self._count_names(feats)
        found = links_to(feats, self._candidates(feats), self.params, self._recurring_names())
        store.insert_links((min(doc_id, c.doc_id), max(doc_id, c.doc_id), score) for c, score in found)
        reached = sorted({c.component for c, _ in found})
        if not reached:
            components.add(doc_id)
            return doc_id
        keep = reached[0]
        if len(reached) > 1:
            sizes = store.component_sizes(reached)
            keep = max(reached, key=lambda c: (sizes.get(c, 0), c == reached[0]))
            others = [c for c in reached if c != keep]
            store.merge_components(keep, others)
            components.difference_update(others)
        components.add(keep)
        return keep

    def _regroup_version(self, doc_id: str, feats: DocFeatures, components: set[str]) -> None:
        """Link a document's new version afresh, as if it had just arrived.

        Its old links go (they measured the old text); the rest of its old component may then fall
        apart into several connected parts, each becoming a component of its own, and the document
        is linked to its candidates like a new one. Every component involved is split into events
        with the batch (``components``), so the result is the grouping the new text would have
        had, up to the candidates blocking finds. Its terms must already be out of the index, so
        it is not its own candidate.
        """
        store = self.store
        old = store.component_of(doc_id)
        store.set_component([doc_id], None)
        if old is not None:
            store.delete_links_of(doc_id, old)
            components.discard(old)
            components.update(self._renumber_parts(old))
        component = self._link(doc_id, feats, components)
        store.set_component([doc_id], component)

    def _renumber_parts(self, component: str) -> list[str]:
        """Give each connected part of a component (after links were removed) its own id.

        A component id is always the id of one of its documents (so a new document's own id can
        never clash with it): the part holding the document the old id names keeps it, every other
        part is named after its oldest document. Returns the parts' ids.
        """
        store = self.store
        members = [member.doc_id for member in store.component_members(component)]
        parent = {doc_id: doc_id for doc_id in members}

        def root(doc_id: str) -> str:
            while parent[doc_id] != doc_id:
                parent[doc_id] = parent[parent[doc_id]]
                doc_id = parent[doc_id]
            return doc_id

        for a, b, _ in store.component_links(component):
            if b in parent:
                parent[root(a)] = root(b)
        parts: dict[str, list[str]] = {}
        for doc_id in members:  # oldest first, so each part's first member is its oldest
            parts.setdefault(root(doc_id), []).append(doc_id)
        ids = []
        for part in parts.values():
            name = component if component in part else part[0]
            if name != component:
                store.set_component(part, name)
            ids.append(name)
        return ids

    def _component_clusters(self, component: str, members: list[tuple[str, int | None]]) -> list[list[str]]:
        """The events (lists of doc ids) of one component's ``(doc_id, day)`` members."""
        if self.params.linkage == "single" or len(members) == 1:
            return [[doc_id for doc_id, _ in members]]
        sims = {(a, b): sim for a, b, sim in self.store.component_links(component)}
        return component_events(members, sims, self.params)

    def _fresh_event_id(self, cluster: list[str], claimed: set[str]) -> str:
        """An unused event id for a new event: named after its oldest document when free.

        The fallback names are made one at a time: nearly always the first name is free, and
        building all 999 of them for every new event cost ~0.2 ms per document of ingest.
        """
        for doc_id in chain(cluster, (f"{cluster[0]}#{k}" for k in range(1, 1000))):
            event_id = event_id_of(doc_id)
            if event_id not in claimed and not self.store.has_event(event_id):
                return event_id
        raise RuntimeError(f"no free event id for {cluster[0]}")

    # ----------------------------------------------------------------- names and candidates
    def _recurring_names(self) -> set[str]:
        """The names recurring now (``crosscheck.events.recurring``), in memory, loaded when not held."""
        if self._recurring is None:
            weeks = self.params.recurring_weeks
            self._recurring = set() if weeks is None else self.store.names_in_weeks(weeks)
        return self._recurring

    def _count_names(self, feats: DocFeatures) -> None:
        """File the weeks of a document's names; a name reaching ``recurring_weeks`` joins the
        recurring ones. Recurring names are not counted further (their rows stop growing)."""
        store, recurring, weeks = self.store, self._recurring_names(), self.params.recurring_weeks
        for name, week in name_weeks(feats):
            if name in recurring:
                continue
            if not store.add_name_week(name, week) or weeks is None:
                continue
            if store.name_week_count(name) >= weeks:
                recurring.add(name)

    def _insert_terms(self, doc_id: str, feats: DocFeatures) -> None:
        """File a document in the candidate index under its ``index_terms``."""
        self.store.insert_terms(doc_id, feats.day, index_terms(feats, self.params))

    def _candidates(self, feats: DocFeatures) -> list[Candidate]:
        """Stored documents ranked by ``candidate_ids``, with their features and components."""
        ids = candidate_ids(self.store.term_index(), feats, self.params)
        if not ids:
            return []
        rows = self.store.components_of(ids)
        # Most candidates are recent documents whose parsed features are cached: read the stored
        # JSON of the others only (reading all of it cost ~0.4 ms per new document).
        missing = [doc_id for doc_id, _ in rows if doc_id not in self._features]
        raw = self.store.features_json(missing) if missing else {}
        return [Candidate(doc_id, feats, component) for (doc_id, component), feats in zip(rows, self._features_of(rows, raw))]

    def _cached_features(self, doc_id: str, raw: str) -> DocFeatures:
        feats = self._features.get(doc_id)
        if feats is None:
            feats = self._features[doc_id] = DocFeatures.from_json(raw)
            if len(self._features) > self.FEATURE_CACHE:
                self._features.popitem(last=False)
        else:
            self._features.move_to_end(doc_id)
        return feats

    def _features_of(self, rows: Sequence[tuple[str, str]], raw: dict[str, str]) -> list[DocFeatures]:
        """``_cached_features`` of each row's document, with the cache hits (nearly all of them)
        answered inline: one method call per candidate was ~0.1 ms per ingested document."""
        cache = self._features
        out = []
        for doc_id, _ in rows:
            feats = cache.get(doc_id)
            if feats is None:
                feats = self._cached_features(doc_id, raw.get(doc_id, ""))
            else:
                cache.move_to_end(doc_id)
            out.append(feats)
        return out
