"""Snippets of a result's text, its matched words marked in the original text.

The search tables hold tokens, not the text (`mtgrules.index.analysis`), so the text a hit
shows is read again with the same analysis: a word is marked when its stem in the record's
language, its folded form, or the start of its folded form (a prefix) is among what the query
matched; a run of CJK characters has the characters of each matched bigram marked. The
snippet is a window of the text around the marked words, with matches between MARK_START and
MARK_END: the window where the most different words of the query are marked, the first such
(120.4a opens with "damage" three times and says "lethal damage" two lines later: the window
with both words is the one that says why it was found).
"""

from __future__ import annotations

from mtgrules.index import analysis

MARK_START = "\x02"
MARK_END = "\x03"
WIDTH = 220


def match_spans(text: str, lang: str, stems: set[str], words: set[str],
                prefixes: frozenset[str] | set[str] = frozenset()) -> list[tuple[int, int]]:
    """(start, end) of the words of `text` that the query matched."""
    starts = tuple(prefixes)
    found: list[tuple[int, int]] = []
    for piece, start, end in analysis.spans(text):
        if analysis.is_cjk_run(piece):
            grams = analysis.bigrams(piece)
            for offset, gram in enumerate(grams):
                if gram in stems or gram in words:
                    found.append((start + offset, start + offset + len(gram)))
            continue
        folded = analysis.fold(piece)
        if folded in words or (starts and folded.startswith(starts)) or analysis.term(piece, lang) in stems:
            found.append((start, end))
    return found


def snippet(text: str, lang: str, stems: set[str], words: set[str], prefixes: frozenset[str] | set[str] = frozenset()) -> str:
    """A window of `text` (one line) with matched words marked; its start when nothing matched."""
    flat = " ".join(text.split())
    spans: list[tuple[int, int]] = []
    for begin, finish in sorted(match_spans(flat, lang, stems, words, prefixes)):
        if spans and begin <= spans[-1][1]:  # touching marks (CJK characters) become one
            spans[-1] = (spans[-1][0], max(finish, spans[-1][1]))
        else:
            spans.append((begin, finish))
    if not spans:
        return flat[:WIDTH] + ("…" if len(flat) > WIDTH else "")
    lead = _richest(flat, spans)
    first = spans[lead][0]
    start = 0 if first < WIDTH // 3 else flat.rfind(" ", 0, first - WIDTH // 4) + 1
    end = min(len(flat), start + WIDTH)
    if end < len(flat):
        end = max(flat.rfind(" ", start, end), spans[lead][1])
    pieces, cursor = [], start
    for begin, finish in spans:
        if begin < cursor or finish > end:
            continue
        pieces += [flat[cursor:begin], MARK_START, flat[begin:finish], MARK_END]
        cursor = finish
    pieces.append(flat[cursor:end])
    return ("…" if start > 0 else "") + "".join(pieces) + ("…" if end < len(flat) else "")


def _richest(flat: str, spans: list[tuple[int, int]]) -> int:
    """The index of the span opening the window that marks the most different words (folded),
    the first of equals."""
    reach = WIDTH * 3 // 4  # a window shows a quarter of its width before its first mark
    best, best_count = 0, 0
    for i, (begin, _end) in enumerate(spans):
        marked = {analysis.fold(flat[b:e]).lower() for b, e in spans[i:] if e <= begin + reach}
        if len(marked) > best_count:
            best, best_count = i, len(marked)
    return best


def card_snippet(body: str, title: str, lang: str, stems: dict[str, set[str]], words: set[str],
                 prefixes: frozenset[str] | set[str] = frozenset()) -> str:
    """A card's snippet: its text, and before it the printed name the query matched, if any
    ("Monarca felino · Other Cats you control…"). A card's indexed body is its text followed by
    its names in every language (each on a line, its English name first), which a snippet of
    the whole would show as a list of names."""
    lines = body.split("\n")
    cut = lines.index(title) if title in lines else len(lines)
    text, names = "\n".join(lines[:cut]), lines[cut + 1:]
    every_stem = set().union(*stems.values()) if stems else set()
    named = next((name for name in names if match_spans(name, lang, every_stem, words, prefixes)), None)
    shown = snippet(text, lang, stems.get(lang, set()), words, prefixes) if text else ""
    if named is None:
        return shown or snippet(title, lang, stems.get(lang, set()), words, prefixes)
    name = snippet(named, lang, every_stem, words, prefixes)
    return f"{name} · {shown}" if shown else name
