"""The digests of packaged files kept by their stamps (`mtgrules.stamped_digests`): worked out
once, read back from `cache/packaged-digests.json` while the files' stamps are the same, worked
out again when one changes; kept only in a cache folder that is there already; a damaged or
unreadable cache file is derived data, worked out again, never an error; nothing written
outside the cache folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mtgrules import corpus_schema, stamped_digests


class WorkOut:
    """A `work_out` that counts its calls and returns the next of `results`."""

    def __init__(self, *results: str):
        self.results = list(results)
        self.calls = 0

    def __call__(self) -> str:
        self.calls += 1
        return self.results.pop(0)


def never() -> str:
    raise AssertionError("worked out again, though the files' stamps are the same")


@pytest.fixture(autouse=True)
def new_process(monkeypatch):
    """The module reads its file once a process: each test starts as a new process does."""
    monkeypatch.setattr(stamped_digests, "_read", {})


def as_new_process(monkeypatch):
    monkeypatch.setattr(stamped_digests, "_read", {})


@pytest.fixture
def cache(isolated_home):
    folder = isolated_home / "cache"
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def files(tmp_path):
    """Two files standing for the packaged seeds and lexicon."""
    folder = tmp_path / "package"
    folder.mkdir()
    (folder / "records.jsonl").write_text('{"kind": "rule"}\n')
    (folder / "lexicon.tsv").write_text("es\tcriatura\tcreature\n")
    return [str(folder / "records.jsonl"), str(folder / "lexicon.tsv")]


def everything_under(folder) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() if path.is_file() else b"<folder>"
            for path in sorted(folder.rglob("*"))}


def test_a_digest_is_worked_out_once_and_read_back_while_the_stamps_are_the_same(cache, files, monkeypatch):
    work_out = WorkOut("d1")
    assert stamped_digests.digest(files, work_out) == "d1"
    assert work_out.calls == 1
    kept = json.loads((cache / stamped_digests.FILE).read_text())
    [(key, (stamps, found))] = kept.items()
    assert key.split("\n") == files and found == "d1"
    assert stamps == [stamped_digests._stamp(path) for path in files]
    # The next process reads it back, and so does this one.
    as_new_process(monkeypatch)
    assert stamped_digests.digest(files, never) == "d1"
    assert stamped_digests.digest(files, never) == "d1"


def test_a_file_written_again_is_worked_out_again(cache, files, monkeypatch):
    assert stamped_digests.digest(files, WorkOut("d1")) == "d1"
    with open(files[1], "a") as handle:  # a new installation writes new files
        handle.write("fr\tcréature\tcreature\n")
    as_new_process(monkeypatch)
    work_out = WorkOut("d2")
    assert stamped_digests.digest(files, work_out) == "d2" and work_out.calls == 1
    as_new_process(monkeypatch)
    assert stamped_digests.digest(files, never) == "d2"
    # Same size, only its modification time: a stamp all the same.
    os.utime(files[0], ns=(1_000_000_000, 1_000_000_000))
    as_new_process(monkeypatch)
    assert stamped_digests.digest(files, WorkOut("d3")) == "d3"


def test_a_file_replaced_by_another_of_the_same_size_and_time_is_worked_out_again(cache, files, monkeypatch):
    """A new installation's file is another inode, whatever its size and times."""
    assert stamped_digests.digest(files, WorkOut("d1")) == "d1"
    before = os.stat(files[0])
    replacement = files[0] + ".new"
    with open(replacement, "w") as handle:
        handle.write('{"kind": "term"}\n')  # as long as the old text
    os.utime(replacement, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(replacement, files[0])
    as_new_process(monkeypatch)
    assert stamped_digests.digest(files, WorkOut("d2")) == "d2"


def test_nothing_is_kept_without_a_cache_folder(isolated_home, files, tmp_path):
    """A command that stored nothing leaves no folder behind: the digest is worked out at each
    process, and not a file is made."""
    before = everything_under(tmp_path)
    for _ in range(2):
        stamped_digests._read.clear()
        work_out = WorkOut("d1")
        assert stamped_digests.digest(files, work_out) == "d1" and work_out.calls == 1
    assert not isolated_home.exists()
    assert everything_under(tmp_path) == before


@pytest.mark.parametrize("content", [
    b"{not json",
    b"",
    b"\xff\xfe\x00garbled",
    b'["a list", "not a table"]',
    b'"a string"',
    b"null",
], ids=["not-json", "empty", "not-utf8", "a-list", "a-string", "null"])
def test_a_damaged_cache_file_is_worked_out_again_and_mended(cache, files, monkeypatch, content):
    (cache / stamped_digests.FILE).write_bytes(content)
    work_out = WorkOut("d1")
    assert stamped_digests.digest(files, work_out) == "d1" and work_out.calls == 1
    assert json.loads((cache / stamped_digests.FILE).read_text())["\n".join(files)][1] == "d1"
    as_new_process(monkeypatch)
    assert stamped_digests.digest(files, never) == "d1"


@pytest.mark.parametrize("entry", [
    "d1",
    ["stamps", "d1"],
    [[], "d1"],
    [None, None],
    {"stamps": [], "digest": "d1"},
], ids=["a-string", "other-stamps", "no-stamps", "nulls", "a-table"])
def test_an_entry_of_another_shape_or_other_stamps_is_worked_out_again(cache, files, entry):
    (cache / stamped_digests.FILE).write_text(json.dumps({"\n".join(files): entry}))
    assert stamped_digests.digest(files, WorkOut("d2")) == "d2"


def test_an_entry_whose_digest_is_no_string_is_worked_out_again(cache, files):
    stamps = [stamped_digests._stamp(path) for path in files]
    (cache / stamped_digests.FILE).write_text(json.dumps({"\n".join(files): [stamps, 12]}))
    assert stamped_digests.digest(files, WorkOut("d2")) == "d2"


def test_a_cache_file_that_cannot_be_read_or_replaced_is_no_error(cache, files):
    """A folder where the file belongs: neither read nor replaced, and the digest is used."""
    (cache / stamped_digests.FILE).mkdir()
    work_out = WorkOut("d1", "d2")
    assert stamped_digests.digest(files, work_out) == "d1"
    assert (cache / stamped_digests.FILE).is_dir() and list((cache / stamped_digests.FILE).iterdir()) == []
    assert [path.name for path in cache.iterdir()] == [stamped_digests.FILE]  # no temporary file left behind


def test_an_unusable_cache_folder_or_a_missing_file_is_no_error(isolated_home, files, tmp_path, monkeypatch):
    isolated_home.write_text("a file where the data folder belongs")
    assert stamped_digests.digest(files, WorkOut("d1")) == "d1"
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "cache").mkdir(parents=True)
    assert stamped_digests.digest([*files, str(tmp_path / "absent")], WorkOut("d2")) == "d2"
    assert list((tmp_path / "home" / "cache").iterdir()) == []


def test_nothing_is_written_outside_the_cache_folder(cache, files, tmp_path):
    """A link planted where the file belongs is replaced, never written through; the files
    whose digest it is are never touched; no temporary file is left."""
    victim = tmp_path / "victim.json"
    victim.write_text("{}")
    (cache / stamped_digests.FILE).symlink_to(victim)
    package = everything_under(tmp_path / "package")
    stamped_digests.digest(files, WorkOut("d1"))
    assert victim.read_text() == "{}"
    assert not (cache / stamped_digests.FILE).is_symlink()
    assert json.loads((cache / stamped_digests.FILE).read_text())["\n".join(files)][1] == "d1"
    assert sorted(path.name for path in cache.iterdir()) == [stamped_digests.FILE]
    assert everything_under(tmp_path / "package") == package
    outside = {path for path in everything_under(tmp_path) if not path.startswith("mtgrules-home/cache")}
    assert outside == {"victim.json", "package", "package/records.jsonl", "package/lexicon.tsv", "mtgrules-home"}


def test_the_entries_of_other_installations_are_kept_up_to_a_limit(cache, tmp_path, monkeypatch):
    sets = []
    for number in range(stamped_digests.MOST_KEPT + 1):
        path = tmp_path / f"installation-{number}.tsv"
        path.write_text(f"lexicon {number}\n")
        sets.append([str(path)])
    for number, files in enumerate(sets[:stamped_digests.MOST_KEPT]):
        stamped_digests.digest(files, WorkOut(f"d{number}"))
    as_new_process(monkeypatch)
    for number, files in enumerate(sets[:stamped_digests.MOST_KEPT]):
        assert stamped_digests.digest(files, never) == f"d{number}"
    # One more: the first installation's entry makes room for it.
    stamped_digests.digest(sets[-1], WorkOut("newest"))
    kept = json.loads((cache / stamped_digests.FILE).read_text())
    assert len(kept) == stamped_digests.MOST_KEPT
    assert sets[0][0] not in kept and kept[sets[-1][0]][1] == "newest"
    as_new_process(monkeypatch)
    assert stamped_digests.digest(sets[0], WorkOut("again")) == "again"


def test_searches_keep_the_packaged_digests_by_their_stamps(isolated_home):
    """What a user's commands do: searches (the seeds' corpus makes the cache folder) keep the
    digests of the packaged seeds and of the lexicon with its false friends, each the checksum
    of those files; once both are kept, the next search reads them and writes nothing."""
    environment = {**os.environ, "MTGRULES_HOME": str(isolated_home)}

    def search() -> None:
        subprocess.run([sys.executable, "-m", "mtgrules", "search", "connive"], env=environment, check=True,
                       capture_output=True, timeout=120)

    search()
    search()
    kept_in = isolated_home / "cache" / stamped_digests.FILE
    kept = json.loads(kept_in.read_text())
    lexicon = [corpus_schema.packaged_path(name) for name in (corpus_schema.COMMITTED_LEXICON, corpus_schema.FALSE_FRIENDS)]
    seeds = [corpus_schema.packaged_path(name) for name in (corpus_schema.EMBEDDED_RECORDS, corpus_schema.EMBEDDED_MANIFEST)]
    assert set(kept) == {"\n".join(lexicon), "\n".join(seeds)}
    for files in (lexicon, seeds):
        stamps, found = kept["\n".join(files)]
        assert stamps == [stamped_digests._stamp(path) for path in files]
        assert found == corpus_schema._checksum(files)
    written = kept_in.stat()
    search()
    assert (kept_in.stat().st_ino, kept_in.stat().st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
