"""Fault injection, encodings and line ends: what is legitimately text is read, whatever its
encoding or line ends; what is damaged, mixed or binary is refused naming the line, never
silently read in another encoding.
"""

from __future__ import annotations

import codecs
import gzip
import json
import random

import pytest
from comprehensive_rules_fragment import FRAGMENT
from conftest import corpus_file
from faults import assert_clean, assert_refused, run, seed, stored_records
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.errors import ParseError
from mtgrules.parsers.decoding import decode

PAGES = {
    "rule page es": seed("001").read_text(encoding="utf-8"),
    "ruling page es": seed("004").read_text(encoding="utf-8"),
    "ruling page fr": seed("002").read_text(encoding="utf-8"),
    "rules text": FRAGMENT,
}


def records_of(path, *options: str) -> list[dict]:
    """The records `parse --json` gives, each source cut to its line (the file's name differs)."""
    outcome = run("parse", str(path), "--json", *options)
    assert_clean(outcome)
    records = [json.loads(line) for line in outcome.stdout.splitlines()]
    for record in records:
        record["source"] = record["source"].rpartition(":")[2]
    return records


@pytest.fixture(scope="module")
def as_utf8(tmp_path_factory):
    """Each page's records read from plain UTF-8 with line feeds: what every other encoding and
    line end must give, line numbers included."""
    folder = tmp_path_factory.mktemp("utf8")
    found = {}
    for name, text in PAGES.items():
        path = folder / name.replace(" ", "-")
        path.write_text(text, encoding="utf-8")
        found[name] = records_of(path)
    return found


LEGITIMATE = {
    "CR only": lambda text: text.replace("\n", "\r").encode("utf-8"),
    "CRLF": lambda text: text.replace("\n", "\r\n").encode("utf-8"),
    "UTF-8 BOM + CR only": lambda text: codecs.BOM_UTF8 + text.replace("\n", "\r").encode("utf-8"),
    "UTF-16 LE": lambda text: text.encode("utf-16-le"),
    "UTF-16 BE": lambda text: text.encode("utf-16-be"),
    "UTF-16 LE BOM": lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
    "UTF-16 BE BOM": lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    "UTF-16 LE CRLF": lambda text: text.replace("\n", "\r\n").encode("utf-16-le"),
    "UTF-16 BE BOM CR only": lambda text: codecs.BOM_UTF16_BE + text.replace("\n", "\r").encode("utf-16-be"),
    "UTF-32 LE BOM": lambda text: codecs.BOM_UTF32_LE + text.encode("utf-32-le"),
    "UTF-32 BE BOM": lambda text: codecs.BOM_UTF32_BE + text.encode("utf-32-be"),
    "Windows-1252": lambda text: text.encode("cp1252"),
    "Windows-1252 CRLF": lambda text: text.replace("\n", "\r\n").encode("cp1252"),
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("encoding", LEGITIMATE)
def test_legitimate_encodings_and_line_ends_read_the_same(tmp_path, as_utf8, page, encoding):
    """CR-only files were "unrecognised" and UTF-16 files "binary data"; a file consistently in
    Windows-1252 is still read as such. Same records, same line numbers."""
    path = tmp_path / "page.txt"
    path.write_bytes(LEGITIMATE[encoding](PAGES[page]))
    assert records_of(path) == as_utf8[page]


def test_windows_1252_with_a_chance_utf8_pair_is_still_windows_1252(tmp_path):
    """"Ú" then "»" in Windows-1252 (DA BB) is valid UTF-8 (U+06BB): one such pair among many
    bytes that are not UTF-8 does not make the file UTF-8."""
    path = tmp_path / "regla.txt"
    path.write_bytes(PAGES["rule page es"].replace("\n", " SEGÚN»\n", 1).encode("cp1252"))
    assert records_of(path)[0]["title"].endswith("SEGÚN»")


def test_the_real_rules_with_cr_only_line_ends(tmp_path):
    real = corpus_file("cr/en-20260807.txt")
    cr_only = tmp_path / "en-cr.txt"
    cr_only.write_bytes(real.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r"))
    assert records_of(cr_only) == records_of(real)


# --- damaged or mixed ----------------------------------------------------------------------------

SPANISH = PAGES["ruling page es"]
SPANISH_LINES = SPANISH.split("\n")
ACCENTED = [number for number, line in enumerate(SPANISH_LINES, start=1) if any(ord(c) > 127 for c in line)]


def _with_line(number: int, encode) -> bytes:
    return b"\n".join(encode(line) if n == number else line.encode("utf-8") for n, line in enumerate(SPANISH_LINES, start=1))


def _stray(lines: dict[int, bytes], base: list[str] = SPANISH_LINES, end: bytes = b"\n") -> bytes:
    """The Spanish page with `bytes` put in the middle of each line numbered in `lines`."""
    out = []
    for number, line in enumerate(base, start=1):
        data = line.encode("utf-8")
        if number in lines:
            data = data[: len(data) // 2] + lines[number] + data[len(data) // 2 :]
        out.append(data)
    return end.join(out)


DAMAGED = {
    # name: (bytes, line named, words in the message)
    "one 0xFF, line 1": (_stray({1: b"\xff"}), 1, ["byte 0xFF", "is not UTF-8, though the rest of the file is"]),
    "one 0xFF, line 7": (_stray({7: b"\xff"}), 7, ["byte 0xFF"]),
    "one 0xFF, last line": (_stray({len(SPANISH_LINES) - 1: b"\xff"}), len(SPANISH_LINES) - 1, ["byte 0xFF"]),
    "0xFF on three lines": (_stray({3: b"\xff", 9: b"\xfe", 15: b"\xff"}), 3, ["(bad bytes on lines 9, 15 too)"]),
    "0xFF on six lines": (_stray({n: b"\xff" for n in (5, 7, 11, 13, 17, 19)}), 5, ["lines 7, 11, 13 and 2 more too"]),
    "a lone continuation byte": (_stray({11: b"\x80"}), 11, ["byte 0x80"]),
    "an overlong encoding": (_stray({13: b"\xc0\xaf"}), 13, ["byte 0xC0"]),
    "an encoded surrogate": (_stray({13: b"\xed\xa0\x80"}), 13, ["byte 0xED"]),
    "one line in Windows-1252": (_with_line(ACCENTED[2], lambda line: line.encode("cp1252")), ACCENTED[2], ["is not UTF-8"]),
    "one line in Latin-9": (_with_line(ACCENTED[4], lambda line: line.encode("iso-8859-15")), ACCENTED[4], ["is not UTF-8"]),
    "CRLF, 0xFF on line 9": (_stray({9: b"\xff"}, end=b"\r\n"), 9, ["byte 0xFF"]),
    "CR only, 0xFF on line 9": (_stray({9: b"\xff"}, end=b"\r"), 9, ["byte 0xFF"]),
    "UTF-8 BOM, 0xFF on line 4": (codecs.BOM_UTF8 + _stray({4: b"\xff"}), 4, ["0xFF", "is not UTF-8"]),
    "cut in a character": (SPANISH.rstrip().encode("utf-8")[:-1] if SPANISH.rstrip()[-1] > "\x7f" else
                           (SPANISH.rstrip() + "ó").encode("utf-8")[:-1], len(SPANISH.rstrip().split("\n")),
                           ["ends in the middle of a character", "cut short"]),
    "UTF-16 LE, lone surrogate on line 6": (
        "\n".join(SPANISH_LINES[:5]).encode("utf-16-le") + "\n".encode("utf-16-le") + b"\x00\xd8"
        + "\n".join(SPANISH_LINES[5:]).encode("utf-16-le"), 6, ["not UTF-16 little-endian"]),
    "UTF-16 BE BOM, cut in a character": (codecs.BOM_UTF16_BE + SPANISH.encode("utf-16-be")[:-1],
                                          len(SPANISH_LINES), ["ends in the middle of a character"]),
    "GBK text": (("規則 701.50. 密謀\n" + "某些咒語和異能會指示一個永久物密謀。\n" * 40).encode("gbk"), 1,
                 ["not UTF-8 (byte 0x84 at column 2) nor any one encoding"]),
    "Shift JIS text": (("規則 701.50\n" + "パーマネントは、カードを１枚引き、その後カードを１枚捨てる。\n" * 40).encode("shift_jis"), 1,
                       ["not UTF-8 (byte 0x8B at column 1)"]),
    "half UTF-8, half Windows-1252": ("\n".join(SPANISH_LINES[:20]).encode("utf-8") + b"\n"
                                      + "\n".join(SPANISH_LINES[20:]).encode("cp1252"), min(n for n in ACCENTED if n > 20), ["not UTF-8"]),
    "a byte Windows-1252 lacks": ("Règle 704.5\n\nTexte \x81 ici\n".encode("latin-1"), 3, ["neither UTF-8 nor Windows-1252: byte 0x81"]),
}


@pytest.mark.parametrize("name", DAMAGED)
def test_damaged_or_mixed_encodings_are_refused_with_their_line(tmp_path, name):
    """One stray byte once made a whole Spanish page read as Windows-1252 (21 of 26 records
    garbled, exit 0), and the error for bad UTF-8 named the wrong line."""
    data, line, words = DAMAGED[name]
    path = tmp_path / "page.txt"
    path.write_bytes(data)
    before = stored_records()
    assert_refused(run("parse", str(path)), *words, file=path, line=line)
    assert_refused(run("ingest", "--all-or-nothing", str(path)), *words, file=path, line=line)
    assert stored_records() == before


# --- binary and empty ------------------------------------------------------------------------------

_rng = random.Random(20260807)
BINARY = {
    "NUL on line 5": (_stray({5: b"\x00"}), 5),
    "NUL on line 5, CR only": (_stray({5: b"\x00"}, end=b"\r"), 5),
    "random bytes": (bytes(_rng.randrange(256) for _ in range(65536)), None),
    "random bytes without NUL": (bytes(_rng.randrange(1, 256) for _ in range(65536)), None),
    "random bytes, even": (bytes(_rng.randrange(1, 128) if i % 2 else 0 for i in range(8192)), None),
    "PNG": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)), None),
    "gzip of a page": (gzip.compress(SPANISH.encode("utf-8"), mtime=0), None),
    "ELF": (b"\x7fELF\x02\x01\x01\x00" + bytes(64) + b"\x3e\x00", None),
    "UTF-16 BOM then control bytes": (codecs.BOM_UTF16_LE + bytes(range(1, 32)) * 8, None),
    "UTF-32 BOM then garbage": (codecs.BOM_UTF32_LE + b"\x01\x00\x00\x00" * 16, None),
}


@pytest.mark.parametrize("name", BINARY)
def test_binary_data_is_refused(tmp_path, name):
    data, line = BINARY[name]
    path = tmp_path / "data.txt"
    path.write_bytes(data)
    before = stored_records()
    assert_refused(run("parse", str(path)), file=path, line=line)
    assert_refused(run("ingest", "--all-or-nothing", str(path)), file=path, line=line)
    assert stored_records() == before


EMPTY = {
    "nothing": b"",
    "line ends": b"\n\r\n\r",
    "white space": b"  \t \n \xc2\xa0\n",
    "UTF-8 BOM": codecs.BOM_UTF8,
    "UTF-16 BOM": codecs.BOM_UTF16_LE,
    "UTF-16 white space": codecs.BOM_UTF16_BE + " \n \u00a0\n".encode("utf-16-be"),
    "UTF-16 without BOM, white space": " \n\t\n".encode("utf-16-le") * 4,
}


@pytest.mark.parametrize("name", EMPTY)
def test_empty_files_are_refused(tmp_path, name):
    path = tmp_path / "empty.txt"
    path.write_bytes(EMPTY[name])
    assert_refused(run("parse", str(path)), "the file is empty", file=path)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_stray_byte_is_reported_on_its_own_line(data):
    """Wherever a byte that is not UTF-8 lands in the Spanish page, with any line ends, the
    error names the line it is on, counted as the parsers count lines."""
    end = data.draw(st.sampled_from(["\n", "\r\n", "\r"]))
    lines = SPANISH.rstrip("\n").split("\n")
    number = data.draw(st.integers(1, len(lines)))
    line = lines[number - 1]
    at = data.draw(st.integers(0, len(line)))
    byte = data.draw(st.sampled_from([b"\xff", b"\xfe", b"\x80", b"\xc3", b"\xe2\x82"]))
    damaged = end.join(lines[: number - 1]).encode() + (end.encode() if number > 1 else b"")
    damaged += line[:at].encode() + byte + line[at:].encode() + end.encode() + end.join(lines[number:]).encode()
    with pytest.raises(ParseError) as caught:
        decode(damaged, "page.txt")
    assert caught.value.line == number, (number, caught.value)
