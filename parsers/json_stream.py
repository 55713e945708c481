"""One large JSON document read a value at a time, with the standard library only.

MTGJSON's AllPrintings (about 500 MB) and Scryfall's bulk files (up to about 2 GB) are too
large to load whole. A `JsonReader` walks the levels the caller names (the members of an
object, the items of an array) with a small scanner of its own, and decodes each value the
caller wants (one card, one ruling) with `json.JSONDecoder.raw_decode`, in C, over a buffer that
grows until the value is whole. Memory is bounded by the largest single value, not the file;
text already read is dropped from the buffer as the reader moves on.

A value the buffer holds only in part is told from a syntax error this way: the decoder's error
lies within the last `_MARGIN` characters of the buffer (a token cut short: `tru`, `1.`,
`\\u00`) or is an unterminated string; then more is read and the value decoded again. Errors
further from the end are real. A number followed by nothing but what could still belong to it
up to the end of the buffer ("1.7" then "e" of "1.7e+16") is decoded again too.

Bad input is a ParseError naming the file, the line and the byte (minified files are one line
long), never a traceback: syntax errors, nesting too deep for the decoder, integers too long to
convert, bytes that are not UTF-8, and compressed data that is damaged or cut short.
Compressed files (gzip, xz, bzip2, zip) are recognised by their first bytes, not their names.

Limits a hostile file (a decompression bomb: 2 MB of xz holding 400 MiB of one card name)
cannot pass, each a ParseError: a single value over `MAX_VALUE_CHARS` (no card, ruling or
set field comes near: the largest, a set's `booster`, is a few MB), uncompressed data past
`MAX_UNCOMPRESSED` or more than `MAX_RATIO` times what it was unpacked from so far (JSON
compresses some 5 to 20 times; a bomb thousands of times). Checked while streaming, so memory
stays bounded by the value cap.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import json
import lzma
import re
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from io import BufferedIOBase
from pathlib import Path
from typing import Any, cast

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _, number
from mtgrules.parsers import json_depth

_CHUNK = 1 << 20  # characters read at a time, and the text kept before dropping it
MAX_VALUE_CHARS = 32 << 20
MAX_UNCOMPRESSED = 16 << 30  # Scryfall's all_cards, the largest file, is about 2.5 GB
MAX_RATIO = 200
_RATIO_FROM = 64 << 20  # the ratio is judged once this much is unpacked
_MARGIN = 1024  # a decoder error this close to the end of the buffer may be a cut token
_NOT_SPACE = re.compile(r"[^ \t\n\r]")
_NUMBER_GOES_ON = re.compile(r"[0-9eE+\-.]*\Z")
_DECODER = json.JSONDecoder()

# First bytes of the compressed formats MTGJSON serves (and zip, which it serves too).
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"), (b"BZh", "bzip2"), (b"PK\x03\x04", "zip"))
_DAMAGED = (OSError, EOFError, lzma.LZMAError, zlib.error, zipfile.BadZipFile)

DOWNLOAD_AGAIN = N_("the file is damaged or cut short: download it again")
_STARTS = {"{": N_("an object"), "[": N_("a list"), '"': N_("text"), "t": N_("true or false"), "f": N_("true or false"),
           "n": "null"}
END_OF_FILE = N_("the end of the file")


def compression_of(first_bytes: bytes) -> str | None:
    """"gzip", "xz", "bzip2" or "zip" when the bytes start a compressed file, else None."""
    return next((name for magic, name in _MAGIC if first_bytes.startswith(magic)), None)


@contextmanager
def open_data(path: str | Path) -> Iterator[tuple[BufferedIOBase, str | None]]:
    """The file's bytes, uncompressed on the fly when its first bytes say it is compressed, and
    the name of the compression (None for plain files). A zip archive must hold one file (or
    one `.json` file). Raises ParseError when the file cannot be opened."""
    source = str(path)
    with ExitStack() as stack:
        try:
            stream, compression = _open(stack, path, source)
        except IsADirectoryError:
            raise ParseError(source, _("is a folder, not a document")) from None
        except zipfile.BadZipFile:
            raise ParseError(source, _("not a readable zip archive"), mend=DOWNLOAD_AGAIN) from None
        except OSError as error:
            raise ParseError(source, _("cannot read: {value}").format(value=error.strerror or error)) from None
        yield stream, compression


def _open(stack: ExitStack, path: str | Path, source: str) -> tuple[BufferedIOBase, str | None]:
    raw = stack.enter_context(open(path, "rb"))  # noqa: SIM115 (closed by the stack)
    compression = compression_of(raw.read(6))
    raw.seek(0)
    if compression == "gzip":
        return _Bounded(stack.enter_context(gzip.GzipFile(fileobj=raw)), raw, source, compression), compression
    if compression == "xz":
        return _Bounded(stack.enter_context(lzma.LZMAFile(raw)), raw, source, compression), compression
    if compression == "bzip2":
        return _Bounded(stack.enter_context(bz2.BZ2File(raw)), raw, source, compression), compression
    if compression == "zip":
        archive = stack.enter_context(zipfile.ZipFile(raw))
        member = cast(BufferedIOBase, stack.enter_context(archive.open(_zip_member(archive, source))))
        return _Bounded(member, raw, source, compression), compression
    return raw, None


class _Bounded(BufferedIOBase):
    """Uncompressed data, refused past MAX_UNCOMPRESSED or MAX_RATIO times the compressed bytes
    read so far (see the module docstring)."""

    def __init__(self, stream: BufferedIOBase, raw: BufferedIOBase, source: str, compression: str):
        self._stream, self._raw, self._source, self._compression = stream, raw, source, compression
        self._out = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        data = self._stream.read(size)
        self._out += len(data)
        if self._out > MAX_UNCOMPRESSED:
            raise _bomb(self._source, _("more than {size} GiB once uncompressed").format(size=number(MAX_UNCOMPRESSED >> 30)))
        if self._out > _RATIO_FROM:
            packed = max(1, self._raw.tell())
            if self._out > MAX_RATIO * packed:
                raise _bomb(self._source, _("{compression} data unpacking to more than {ratio} times its size"
                                            " ({out} MiB from {packed} KiB so far)")
                            .format(compression=self._compression, ratio=number(MAX_RATIO),
                                    out=number(self._out >> 20), packed=number(packed >> 10)))
        return data


def _bomb(source: str, what: str) -> ParseError:
    return ParseError(source, _("{what}: not a data file mtgrules reads (a file made to exhaust memory?)")
                                .format(what=what),
                      mend=_("download it again from its source"))


def _zip_member(archive: zipfile.ZipFile, source: str) -> str:
    names = [name for name in archive.namelist() if not name.endswith("/")]
    json_names = [name for name in names if name.lower().endswith(".json")]
    chosen = names if len(names) == 1 else json_names
    if len(chosen) != 1:
        raise ParseError(source, _("a zip archive of {count} files").format(count=len(names)),
                         mend=_("give an archive holding one JSON file"))
    return chosen[0]


def head(path: str | Path, size: int = 1 << 16) -> tuple[str, str | None]:
    """The first `size` bytes of the file as text (uncompressed; a character cut at the end
    dropped) and its compression: enough to tell what a data file is without reading it."""
    with open_data(path) as (stream, compression):
        try:
            data = stream.read(size)
        except _DAMAGED as error:
            raise ParseError(str(path), _("damaged {compression} data: {error}")
                                          .format(compression=compression, error=error), mend=DOWNLOAD_AGAIN) from None
    return data.decode("utf-8", errors="ignore"), compression


def describe(value: Any) -> str:
    """What a JSON value is, for messages: "a number", "a list", "an object", …"""
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return "null"


class JsonReader:
    """Reads one JSON document from a binary stream, a level or a value at a time.

    `members()` and `items()` walk an object or an array without decoding it; after each key or
    index they yield, the caller reads the value (`value()`, or `members()`/`items()` again to
    go down a level); a value the caller leaves unread is skipped."""

    def __init__(self, stream: BufferedIOBase, source: str, *, compression: str | None = None, chunk_size: int = _CHUNK):
        self.source = source
        self._stream = stream
        self._compression = compression
        self._chunk_size = chunk_size
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._buffer = ""
        self._pos = 0  # index into the buffer
        self._eof = False
        self._started = False
        self._reads = 0  # values begun: tells whether a caller read the value it was handed
        # What has been dropped from the front of the buffer, to name places in the whole file.
        self._dropped_chars = 0
        self._dropped_lines = 0
        self._dropped_bytes = 0
        self._bytes_in = 0
        self._expected: str | None = None
        self._mend: str | None = None

    def expect(self, document: str, mend: str) -> None:
        """Say what the document should be ("an MTGJSON set file or AllPrintings") and what to
        do when it is not, for the messages of a level of the wrong kind."""
        self._expected, self._mend = _(document), mend

    # -- places -------------------------------------------------------------------------

    @property
    def offset(self) -> int:
        """The place of the reader in the text, for `error(at=…)`."""
        return self._dropped_chars + self._pos

    def error(self, message: str, *, at: int | None = None, mend: str | None = None) -> ParseError:
        """A ParseError at the place `at` (an `offset`; default: here), with its line and byte."""
        index = max(0, (self.offset if at is None else at) - self._dropped_chars)
        index = min(index, len(self._buffer))
        line = self._dropped_lines + self._buffer.count("\n", 0, index) + 1
        before = self._buffer[:index]
        byte = self._dropped_bytes + (len(before) if before.isascii() else len(before.encode("utf-8")))
        unpacked = _(" of the uncompressed data") if self._compression else ""
        return ParseError(self.source, _("{message} (byte {byte}{unpacked})")
                                         .format(message=message, byte=number(byte), unpacked=unpacked), line=line, mend=mend)

    # -- reading ------------------------------------------------------------------------

    def _more(self) -> bool:
        """Read more text into the buffer. False at the end of the input."""
        if self._eof:
            return False
        if self._pos > self._chunk_size:
            self._drop()
        if len(self._buffer) - self._pos > MAX_VALUE_CHARS:
            raise self.error(_("a single value of over {value} MiB, more than any card or ruling holds (a damaged file, "
                               "or one made to exhaust memory?)").format(value=MAX_VALUE_CHARS >> 20), mend=DOWNLOAD_AGAIN)
        # Read as much again as a long value already holds, so decoding it again costs O(n) overall.
        want = max(self._chunk_size, len(self._buffer) - self._pos)
        while True:
            try:
                data = self._stream.read(want)
            except _DAMAGED as error:
                kind = _("{compression} data").format(compression=self._compression) if self._compression else _("file")
                raise self.error(_("damaged {kind}: {error}").format(kind=kind, error=error), at=self._dropped_chars + len(self._buffer),
                                 mend=DOWNLOAD_AGAIN) from None
            pending = len(self._decoder.getstate()[0])
            try:
                text = self._decoder.decode(data, final=not data)
            except UnicodeDecodeError as error:
                byte = self._bytes_in - pending + error.start
                raise ParseError(self.source, _("not UTF-8 text (byte {byte})").format(byte=number(byte)),
                                 mend=_("JSON data files are UTF-8")) from None
            self._bytes_in += len(data)
            if not self._started and text:
                self._started = True
                if text.startswith("\ufeff"):  # a byte-order mark: not part of the document
                    text = text[1:]
                    self._dropped_bytes += 3
            self._buffer += text
            if not data:
                self._eof = True
                return bool(text)
            if text:
                return True

    def _drop(self) -> None:
        dropped = self._buffer[: self._pos]
        self._dropped_chars += len(dropped)
        self._dropped_lines += dropped.count("\n")
        self._dropped_bytes += len(dropped) if dropped.isascii() else len(dropped.encode("utf-8"))
        self._buffer = self._buffer[self._pos :]
        self._pos = 0

    def peek(self) -> str:
        """The next character that is not white space, not consumed ('' at the end)."""
        while True:
            found = _NOT_SPACE.search(self._buffer, self._pos)
            if found:
                self._pos = found.start()
                return self._buffer[self._pos]
            self._pos = len(self._buffer)
            if not self._more():
                return ""

    def _take(self, expected: str, what: str) -> None:
        found = self.peek()
        if found != expected:
            seen = repr(found) if found else _(END_OF_FILE)
            raise self.error(_("not valid JSON: expected {expected!r} in {what}, found {seen}")
                               .format(expected=expected, what=what, seen=seen),
                             mend=DOWNLOAD_AGAIN if not found else None)
        self._pos += 1

    def _open(self, bracket: str, what: str, expected: str) -> None:
        found = self.peek()
        if found != bracket:
            if not found:
                raise self.error(_("the file ends where {what} should be").format(what=what), mend=DOWNLOAD_AGAIN)
            # Said from the first character: decoding the value could mean reading the whole file.
            message = _("{name} is {describe}, expected {expected}").format(
                name=what, describe=_(_STARTS.get(found, N_("a number"))), expected=_(expected))
            if self._expected:
                message = _("not {document}: {message}").format(document=self._expected, message=message)
            raise self.error(message, mend=self._mend)
        self._reads += 1
        self._pos += 1

    def _another(self, close: str, what: str) -> bool:
        """After a member or item: True when a comma says another follows, False at `close`."""
        found = self.peek()
        if found == "," or found == close:
            self._pos += 1
            return found == ","
        seen = repr(found) if found else _(END_OF_FILE)
        raise self.error(_("not valid JSON: expected ',' or {close!r} in {what}, found {seen}")
                           .format(close=close, what=what, seen=seen),
                         mend=None if found else DOWNLOAD_AGAIN)

    def members(self, what: str) -> Iterator[str]:
        """The keys of the object that comes next, in order; `what` names it in messages."""
        self._open("{", what, N_("an object"))
        if self.peek() == "}":
            self._pos += 1
            return
        key_of = _("a key of {what}").format(what=what)  # once per object, not once per key
        while True:
            if self.peek() != '"':
                self._take('"', what)  # raises: a key must be a quoted string
            key = self.value(key_of)
            self._take(":", what)
            before = self._reads
            yield key
            if self._reads == before:
                self.value(f"{what}.{key}")
            if not self._another("}", what):
                return

    def items(self, what: str) -> Iterator[int]:
        """The indexes (from 0) of the array that comes next, one per item, in order."""
        self._open("[", what, N_("a list"))
        if self.peek() == "]":
            self._pos += 1
            return
        index = 0
        while True:
            before = self._reads
            yield index
            if self._reads == before:
                self.value(_("item {number} of {what}").format(number=index + 1, what=what))
            if not self._another("]", what):
                return
            index += 1

    def located(self, what: str) -> tuple[Any, int]:
        """The next value and its place (an `offset`), for errors found in it once decoded."""
        self.peek()
        at = self.offset
        return self.value(what), at

    def value(self, what: str) -> Any:
        """The next value, decoded whole; `what` names it in messages."""
        if not self.peek():
            raise self.error(_("the file ends where {what} should be").format(what=what), mend=DOWNLOAD_AGAIN)
        self._reads += 1
        while True:
            try:
                value, end = _DECODER.raw_decode(self._buffer, self._pos)
            except RecursionError:  # nested past what the decoder recurses into: refused at its line
                json_depth.check_depth(self._buffer, self.source, start=self._pos, line_offset=self._dropped_lines)
                raise self.error(_("{what} nests too deep to read").format(what=what)) from None
            except json.JSONDecodeError as error:
                at = self._dropped_chars + error.pos  # reading more may drop text before the value
                unterminated = error.msg.startswith("Unterminated string")
                if (unterminated or error.pos >= len(self._buffer) - _MARGIN) and self._more():
                    continue
                cut_short = unterminated or not self._buffer[at - self._dropped_chars :].strip()
                raise self.error(_("not valid JSON: {msg}").format(msg=error.msg), at=at,
                                 mend=DOWNLOAD_AGAIN if cut_short else None) from None
            except ValueError:  # not a syntax error (caught above): an integer of thousands of digits
                raise self.error(_("{what} holds a number too long to read").format(what=what)) from None
            if isinstance(value, int | float) and _NUMBER_GOES_ON.match(self._buffer, end) and self._more():
                continue  # a number the buffer ends in ("1.5" of "1.5e+16") may go on in the next chunk
            # A value nested past the limit is refused as the whole-file check refuses it. Checked
            # once decoded, over exactly the value (the decoder stops itself, with a
            # RecursionError, far below any depth that could harm): checking windows of the
            # buffer before decoding, until one held the value, took 60% of reading a set file.
            json_depth.check_depth(self._buffer, self.source, start=self._pos, end=end, line_offset=self._dropped_lines)
            self._pos = end
            return value

    def finish(self) -> None:
        """Check that nothing but white space follows the document."""
        if self.peek():
            raise self.error(_("not valid JSON: more data after the end of the document"))


@contextmanager
def open_json(path: str | Path) -> Iterator[JsonReader]:
    """A JsonReader over the file at `path`, uncompressed when it is compressed."""
    with open_data(path) as (stream, compression):
        yield JsonReader(stream, str(path), compression=compression)
