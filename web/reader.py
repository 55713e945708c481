"""The corpus as the server reads it: opened once, one snapshot per request.

The store (`mtgrules.store.Store`) reads one snapshot from its first query until `renew`; the
server renews it at the start of each request, so an ingest committed in another terminal is
seen by the next request and a request never sees half of one. The search (`Index`) is kept
open and reused: each of its searches reads one snapshot of its own, on its own connection
(interface 1), so a search within a request may see an ingest its other reads do not; never
half of one.

Requests are served one at a time on the event loop's thread (every handler is `async` and
does its reading without awaiting), so the one store connection is never used by two requests
at once; a lookup takes milliseconds, and concurrent requests wait their turn in the loop.

The server writes nothing: the identities and term links `mtgrules.align.linking.open_store`
works out after a migration are left to the next command that writes.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from mtgrules.lookup.catalog import Catalog, resolve_edition
from mtgrules.store import Store

if TYPE_CHECKING:
    from mtgrules.index.query import Index


class Reader:
    """The store, the search and the engine's rule links, opened once for the server's life."""

    def __init__(self, store: Store | None = None):
        self.store = store or Store()
        self._dictionary: tuple[tuple, Any] | None = None  # (edition, fingerprint) and its dictionary

    def snapshot(self) -> None:
        """Read the corpus as it is now for this request (a new snapshot on the next query)."""
        self.store.renew()

    @functools.cached_property
    def index(self) -> Index:
        """The search, opened at the first search and kept: each of its searches reads the
        corpus as it is then (interface 1). Imported then: a rule page does not need it."""
        from mtgrules.index.query import Index

        return Index.current()

    @functools.cached_property
    def registry(self):
        from mtgrules.lookup import engine_links

        return engine_links.load()

    def catalog(self, edition: str | None) -> Catalog:
        """The view of `edition` (a date, `latest`, None for the default); EditionError when
        the corpus has no such edition."""
        return Catalog(self.store, resolve_edition(self.store, edition))

    def dictionary(self, edition: str | None):
        """The term dictionary of an edition's view (`mtgrules.lookup.terms.Dictionary`), kept
        while the corpus is unchanged: the entries it has read stay read, with what lookups
        added to them (titles placed through the lexicon), as in every process."""
        from mtgrules.lookup.terms import Dictionary

        catalog = self.catalog(edition)
        key = (catalog.edition, self.store.fingerprint())
        if self._dictionary is None or self._dictionary[0] != key:
            self._dictionary = (key, Dictionary(catalog))
        return self._dictionary[1]

    def trace(self):
        """The identities the store keeps across its English editions."""
        from mtgrules.align.identities import StoredTrace

        return StoredTrace(self.store)

    def close(self) -> None:
        if "index" in self.__dict__:
            self.index.close()
        self.store.close()
