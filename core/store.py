"""The corpus store: the embedded seed records plus what the user ingested.

Layout under `paths.corpus_dir()`:

    manifest.json           {document path: {"file", "digest", "kind", "records", "ingested"}}
    documents/<id>.jsonl    the records of one ingested document, one JSON object a line

Every write goes to a temporary file beside the target and is swapped in with `os.replace`, the
manifest last, so an interrupted ingest leaves the previous corpus intact. Re-ingesting a
document (same resolved path) replaces its records. A user document whose content digest equals
an embedded seed's replaces that seed's embedded records instead of duplicating them.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from mtgrules import paths
from mtgrules.errors import ParseError
from mtgrules.records import Record

EMBEDDED_RECORDS = "seeds.jsonl"
EMBEDDED_MANIFEST = "seeds-manifest.json"


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _write_atomically(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def records_to_jsonl(records: Iterable[Record]) -> str:
    """Records as JSON Lines without `en_text`: English rulings text is read at display time
    from the ingested MTGJSON data, never stored beside a translation."""
    return "".join(record.to_json(with_en_text=False) + "\n" for record in records)


def read_jsonl(text: str, source: str) -> list[Record]:
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(Record.from_dict(json.loads(line)))
            except (ValueError, TypeError) as error:
                raise ParseError(source, f"not a corpus record: {error}", line=number) from None
    return records


class Store:
    """The user's corpus under one folder (default: `paths.corpus_dir()`)."""

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else paths.corpus_dir()

    @property
    def manifest_path(self) -> Path:
        return self.root / "manifest.json"

    def manifest(self) -> dict[str, dict]:
        try:
            return json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}

    def put(self, documents: list[tuple[str, bytes, str, list[Record]]]) -> None:
        """Store the records of several parsed documents at once: (path, raw bytes, document
        kind, records). Callers parse every document first, so a failure stores nothing.

        Each document's records go to a new file named by its content; the manifest is swapped
        in last and only then are the files it no longer names removed, so an interruption at
        any point leaves the previous corpus whole. A lock serialises concurrent ingests."""
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            manifest = self.manifest()
            for path, raw, kind, records in documents:
                body = records_to_jsonl(records)
                document_id = hashlib.sha1(path.encode("utf-8")).hexdigest()[:12]
                file_name = f"documents/{Path(path).stem[:40]}-{document_id}-{digest_bytes(body.encode())[:12]}.jsonl"
                _write_atomically(self.root / file_name, body)
                manifest[path] = {
                    "file": file_name,
                    "digest": digest_bytes(raw),
                    "kind": kind,
                    "records": len(records),
                    "ingested": datetime.now(UTC).isoformat(timespec="seconds"),
                }
            _write_atomically(self.manifest_path, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
            named = {entry["file"] for entry in manifest.values()}
            for stale in (self.root / "documents").glob("*.jsonl"):
                if f"documents/{stale.name}" not in named:
                    stale.unlink()

    def records(self) -> list[Record]:
        out: list[Record] = []
        for entry in self.manifest().values():
            file = self.root / entry["file"]
            out.extend(read_jsonl(file.read_text(encoding="utf-8"), str(file)))
        return out

    def digests(self) -> set[str]:
        return {entry["digest"] for entry in self.manifest().values()}

    def fingerprint(self) -> str:
        """Changes whenever the user's corpus changes: the index is rebuilt when it does."""
        try:
            return digest_bytes(self.manifest_path.read_bytes())
        except FileNotFoundError:
            return "empty"


def embedded_records() -> list[Record]:
    """The records generated from `seeds/` and committed under `corpus/`."""
    text = resources.files("mtgrules.corpus").joinpath(EMBEDDED_RECORDS).read_text(encoding="utf-8")
    return read_jsonl(text, f"corpus/{EMBEDDED_RECORDS}")


def embedded_manifest() -> dict[str, dict]:
    text = resources.files("mtgrules.corpus").joinpath(EMBEDDED_MANIFEST).read_text(encoding="utf-8")
    return json.loads(text)


def stored_records(store: Store | None = None) -> list[Record]:
    """Embedded seed records plus the user's, as stored: a user copy of a seed replaces the
    seed's embedded records. Nothing is linked here: `mtgrules.align.linking` does that."""
    store = store or Store()
    user = store.records()
    user_digests = store.digests()
    seeds_replaced = {
        entry["source"] for entry in embedded_manifest().values() if entry["digest"] in user_digests
    }
    embedded = [r for r in embedded_records() if r.source.rsplit(":", 1)[0] not in seeds_replaced]
    return embedded + user


def fingerprint(store: Store | None = None) -> str:
    """A content hash of everything searchable: the embedded corpus and the user's."""
    store = store or Store()
    embedded = resources.files("mtgrules.corpus").joinpath(EMBEDDED_RECORDS).read_bytes()
    return digest_bytes(embedded + store.fingerprint().encode())
