"""Bytes to clean lines, for every text document we read.

Quirks handled here once, so each parser sees plain `\n`-separated text:
- a byte-order mark: UTF-8 (the official download has one; some copies do not), UTF-16 and
  UTF-32, either byte order;
- UTF-16 without a mark, told by where its zero bytes fall (below);
- line ends `\r\n`, `\r\r\n` (a CRLF file converted twice) and lone `\r` (old Mac files):
  all become `\n` when decoding, so a parser's `^` and the HTML reader's line count see them;
- older official files in Windows-1252, read as such only when the whole file is clearly that
  (below);
- "blank" lines holding only white space such as U+00A0 become empty lines (`lines`).

How the encoding is decided, never by trying one after another until something decodes:
1. A byte-order mark says it.
2. UTF-16 without a mark: text in UTF-16 has a zero byte in most characters of the Latin
   alphabets, digits and line ends, all on the same side of each pair: odd offsets for
   little-endian, even for big-endian. In the first 4 KiB, at least one pair in sixteen must
   have its zero byte on one side, and that side must hold four times more zero bytes than the
   other (a CJK character such as U+4E00 has a zero byte too, on the other side).
3. Else UTF-8 when the bytes are valid UTF-8.
4. Bytes that are not valid UTF-8, in a file holding at least as many characters beyond ASCII
   that are: the file is UTF-8, damaged or mixing encodings. That is an error naming the line
   and column of the first bad byte (and the other bad lines), never a silent second guess: one
   stray byte once turned a whole Spanish page into Windows-1252 mojibake.
5. Windows-1252 only when the file is clearly that: fewer valid UTF-8 characters beyond ASCII
   than one for ten bad bytes (none, or a chance pair: a Windows-1252 "Ú" before "»" is valid
   UTF-8), every byte defined in Windows-1252, no control characters, and at most a fifth of
   the characters other than white space beyond ASCII (accented Spanish or French runs at a few
   percent; text in a multi-byte encoding such as GBK, or binary data, far higher).
   Anything between 4 and 5 is refused too, as neither.
A decoded text holding NUL or (for a guessed encoding) control characters is binary data.
Every error is a ParseError naming the line, counted as `lines` counts them.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from pathlib import Path

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _, ngettext, number

# A run of carriage returns, with the line feed after it if any, is one line end: `\r\n`,
# `\r\r\n` and a lone `\r` alike. A pattern that starts with a literal lets the regular-
# expression engine skip ahead by fast search: on the 1 MB rules this splits in 1 ms (LF) to
# 9 ms (`\r\r\n`) where `\r*\n|\r+` took 20 ms.
_CARRIAGE_RETURNS = re.compile(r"\r+\n?")

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE, whose mark it starts with
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_SNIFFED = 4096  # bytes looked at for UTF-16 without a mark
# A character beyond ASCII that decoded (not a surrogate escape, U+DC80-U+DCFF, of a bad byte).
_DECODED_BEYOND_ASCII = re.compile("[\u0080-\udc7f\udd00-\U0010ffff]")
_BAD_BYTE = re.compile("[\udc80-\udcff]")
# Control characters no text document holds (tab, line ends and form feed are text).
_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")
_MOST_BEYOND_ASCII = 0.2  # of the characters other than white space, for Windows-1252
_HIGH_BYTES = bytes(range(0x80, 0x100))
_WHITE_SPACE = b" \t\r\n\f\v"
SAVE_AS_UTF8 = N_("save it again as UTF-8")
# The official rules are 1 MB, a set file a few MB, a saved page well under 1 MB; a file far
# larger is a mistake, and reading it whole would take the memory of several copies.
MAX_DOCUMENT_BYTES = 256 * 2**20


def decode(data: bytes, source: str) -> str:
    """Decode a document (see the module's docstring for how the encoding is decided), with
    every line end made `\n`. Raises ParseError for empty documents, binary data and damaged
    or mixed encodings, naming the line."""
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    if encoding is not None:
        data = data[len(codecs.lookup(encoding).encode("\ufeff")[0]) :]
        guessed = encoding != "utf-8"  # a mark starting with zero bytes could open binary data
    else:
        encoding = _utf16_by_zero_bytes(data)
        guessed = True
    if encoding is None:
        text = _utf8_or_windows_1252(data, source)
    else:
        text = _one_line_end(_strict(data, encoding, source))
        if guessed:
            _check_controls(text, source)
    _check_text(text, source)
    return text


def text_of(data: bytes | str, source: str) -> str:
    """Bytes through `decode`; text already decoded gets the same checks (empty, NUL), the same
    line ends and loses a leading BOM character, so parsers accept either with one behaviour."""
    if isinstance(data, bytes):
        return decode(data, source)
    text = _one_line_end(data.removeprefix("\ufeff"))
    _check_text(text, source)
    return text


def _one_line_end(text: str) -> str:
    """Every line end made `\n`. In a text without a line feed (an old Mac file) each carriage
    return ends a line, blank lines included; else, as `lines` splits, a run of carriage
    returns with the line feed after it, if any, is one line end."""
    if "\r" not in text:
        return text
    if "\n" not in text:
        return text.replace("\r", "\n")
    return _CARRIAGE_RETURNS.sub("\n", text)


def _place(before: str, whole: str) -> tuple[int, int]:
    """The line and column (in characters) just after `before`, the start of the text `whole`,
    with line ends counted as `_one_line_end` makes them."""
    if "\r" in before:
        before = before.replace("\r", "\n") if "\n" not in whole else _CARRIAGE_RETURNS.sub("\n", before)
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def _utf16_by_zero_bytes(data: bytes) -> str | None:
    sample = data[:_SNIFFED]
    if b"\x00" not in sample:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    enough = max(1, len(sample) // 2 // 16)
    if odd >= enough and odd >= 4 * even:
        return "utf-16-le"
    if even >= enough and even >= 4 * odd:
        return "utf-16-be"
    return None


def _strict(data: bytes, encoding: str, source: str) -> str:
    """Decode in a declared (or clearly detected) encoding: a bad byte is damage, reported."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        whole = data.decode(encoding, "replace")
        line, column = _place(data[: error.start].decode(encoding), whole)
        label = encoding.upper().replace("-LE", " little-endian").replace("-BE", " big-endian")
        if error.reason in ("truncated data", "unexpected end of data") and error.end >= len(data):
            raise ParseError(source, _("the {label} text ends in the middle of a character").format(label=label), line=line,
                             mend=_("the file was cut short: copy or download it again")) from None
        values = data[error.start : error.end]
        shown = " ".join(f"0x{value:02X}" for value in values)
        raise ParseError(source, ngettext("byte {bytes} at column {column} is not {label}, though the rest of the file is",
                                          "bytes {bytes} at column {column} are not {label}, though the rest of the file is",
                                          len(values)).format(bytes=shown, column=column, label=label), line=line,
                         mend=_("the file is damaged or mixes encodings: {SAVE_AS_UTF8}")
                                .format(SAVE_AS_UTF8=_(SAVE_AS_UTF8))) from None


def _utf8_or_windows_1252(data: bytes, source: str) -> str:
    try:
        return _one_line_end(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        first_bad = error
    loose = data.decode("utf-8", "surrogateescape")
    if "\x00" in loose:
        line = _place(loose[: loose.index("\x00")], loose)[0]
        raise ParseError(source, _("binary data, not a text document"), line=line)
    line, column = _place(data[: first_bad.start].decode("utf-8"), loose)
    byte = f"0x{data[first_bad.start]:02X}"
    bad, valid = len(_BAD_BYTE.findall(loose)), len(_DECODED_BEYOND_ASCII.findall(loose))
    if valid >= bad:
        if first_bad.reason == "unexpected end of data" and first_bad.end >= len(data):
            raise ParseError(source, _("the UTF-8 text ends in the middle of a character"), line=line,
                             mend=_("the file was cut short: copy or download it again"))
        raise ParseError(source, _("byte {byte} at column {column} is not UTF-8, though the rest of the file "
                                   "is{other_lines}")
                                   .format(byte=byte, column=column, other_lines=_other_lines(loose, line)),
                         line=line, mend=_("the file is damaged or mixes encodings: {SAVE_AS_UTF8}")
                                           .format(SAVE_AS_UTF8=_(SAVE_AS_UTF8)))
    if 10 * valid >= bad:
        raise ParseError(source, _("not UTF-8 (byte {byte} at column {column}) nor any one encoding: {valid} "
                                   "characters beyond ASCII are UTF-8 and {bad} bytes are not")
                                   .format(byte=byte, column=column, valid=number(valid), bad=number(bad)), line=line, mend=SAVE_AS_UTF8)
    try:
        text = _one_line_end(data.decode("cp1252"))
    except UnicodeDecodeError as error:
        undefined_line, undefined_column = _place(data[: error.start].decode("cp1252"), loose)
        raise ParseError(source, _("neither UTF-8 nor Windows-1252: byte 0x{data:02X} at column {undefined_column}")
                                   .format(data=data[error.start], undefined_column=undefined_column),
                         line=undefined_line, mend=SAVE_AS_UTF8) from None
    _check_controls(text, source)
    beyond = len(data) - len(data.translate(None, _HIGH_BYTES))
    if beyond > _MOST_BEYOND_ASCII * len(data.translate(None, _WHITE_SPACE)):
        raise ParseError(source, _("not UTF-8 (byte {byte} at column {column}), and too much of it beyond ASCII to be "
                                   "Windows-1252 text").format(byte=byte, column=column),
                         line=line, mend=SAVE_AS_UTF8)
    return text


def _other_lines(loose: str, first_line: int) -> str:
    """" (bad bytes on lines 40, 52 and 3 more too)": where else the bad bytes are."""
    text = _one_line_end(loose)
    bad_lines: list[int] = []
    line, position = 1, 0
    for match in _BAD_BYTE.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        if line != first_line and (not bad_lines or bad_lines[-1] != line):
            bad_lines.append(line)
    if not bad_lines:
        return ""
    shown = ", ".join(str(n) for n in bad_lines[:3])
    if len(bad_lines) > 3:
        return _(" (bad bytes on lines {lines} and {more} more too)").format(lines=shown, more=len(bad_lines) - 3)
    return ngettext(" (bad bytes on line {lines} too)", " (bad bytes on lines {lines} too)", len(bad_lines)).format(lines=shown)


def _check_controls(text: str, source: str) -> None:
    """For an encoding read from the bytes' shape: control characters mean it was not text."""
    found = _CONTROL.search(text)
    if found:
        raise ParseError(source, _("binary data, not a text document"), line=text.count("\n", 0, found.start()) + 1)


def _check_text(text: str, source: str) -> None:
    """Empty once decoded (white space of any kind, U+00A0 included, counts as nothing); NUL
    never occurs in a text document: it is the mark of binary data that happened to decode."""
    if not text.strip():
        raise ParseError(source, _("the file is empty"), mend=_("give a rules or rulings document"))
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise ParseError(source, _("binary data, not a text document"), line=line)


def lines(text: str) -> list[str]:
    """Split on any line end; lines of only white space (U+00A0 included) become ''."""
    if "\r" in text:
        text = _CARRIAGE_RETURNS.sub("\n", text)
    return [line if line.strip() else "" for line in text.split("\n")]


def read_document(path: str | Path) -> bytes:
    """Read a file's bytes, turning OS errors into a one-line ParseError. A named pipe is
    opened without waiting for a writer (one in a folder of saved pages must not hang an
    ingest; a pipe given by `<(command)` has its writer already), and reading stops past
    MAX_DOCUMENT_BYTES (a device such as /dev/zero never ends)."""
    source = str(path)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except IsADirectoryError:
        raise ParseError(source, _("is a folder, not a document")) from None
    except OSError as error:
        raise ParseError(source, _("cannot read: {reason}").format(reason=_reason(error))) from None
    status = os.fstat(descriptor)
    if stat.S_ISDIR(status.st_mode):
        os.close(descriptor)
        raise ParseError(source, _("is a folder, not a document"))
    if stat.S_ISREG(status.st_mode) and status.st_size > MAX_DOCUMENT_BYTES:
        os.close(descriptor)
        raise _too_large(source, status.st_size)
    with open(descriptor, "rb", buffering=0) as handle:
        os.set_blocking(descriptor, True)
        try:
            if stat.S_ISREG(status.st_mode):
                return handle.readall()
            chunks, size = [], 0
            while size <= MAX_DOCUMENT_BYTES and (chunk := handle.read(1 << 20)):
                chunks.append(chunk)
                size += len(chunk)
        except OSError as error:
            raise ParseError(source, _("cannot read: {reason}").format(reason=_reason(error))) from None
    if size > MAX_DOCUMENT_BYTES:
        raise _too_large(source, size, at_least=True)
    return b"".join(chunks)


def _reason(error: OSError) -> str:
    return _("a loop of symbolic links") if error.errno == errno.ELOOP else error.strerror or str(error)


def _too_large(source: str, size: int, at_least: bool = False) -> ParseError:
    shown = f"{'over ' if at_least else ''}{size / 2**20:,.0f} MiB"
    return ParseError(source, _("{shown}: more than any document mtgrules reads ({value} MiB at most)")
                                .format(shown=shown, value=MAX_DOCUMENT_BYTES // 2**20),
                      mend=_("is this the right file?"))
