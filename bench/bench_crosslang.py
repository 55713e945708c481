"""Cross-language search: Spanish, French, German, Italian and Portuguese queries on English rules
and rulings, before and after a change, with recall at 10 and MRR per language and split.

    python bench/bench_crosslang.py [--data ../shared/corpus-data] [--before REV] [--only after]
                                    [--sets judge,extra,gloss,fresh,fresh2,other,zh,project] [--verbose]

Eight query sets:

- `judge` (bench/judge_queries.tsv, issue 21): judge queries written before any tuning, with the
  English rules and rulings a judge expects. Each language is split by a digest of the query
  (`judge_split`) into a development half, which may be looked at and tuned on, and a test half,
  which is only scored: `--verbose` prints the development half's queries alone.
- `extra` (bench/judge_queries_extra.tsv): a second development set, Spanish and French queries
  the project wrote on 2026-12-02 before tuning on them, on parts of the rules the judge
  set's development half leaves out; all of it may be tuned on (not an independent measure).
- `gloss`: the extra set's English glosses (its fourth column), scored against the same
  expectations: with `extra`, the report counts the misses whose gloss finds the rule (lost in
  translation) apart from those whose gloss misses too (the English engine's).
- `fresh` (bench/judge_queries_fresh.tsv): a held-out set the project wrote on 2026-12-02 before
  that day's tuning, Spanish and French; it is all "test": only scored, never printed.
- `fresh2` (bench/judge_queries_fresh2.tsv): a second held-out set, written in the middle of a
  later round of tuning, before it was scored; all "test" too.
- `other` (bench/other_language_queries.tsv): Japanese, Korean and Russian queries (keyword
  names as the sets print them, zones, keyword actions); all "test" too.
- `zh`: every titled rule of the Chinese 2024 edition (not ingested) as a query; the English rule
  expected is the 2026 rule with the title the 2024 English edition gives that number
  ("701.28. 转化" is Transform, 701.27 in 2026). Split in two by `judge_split` like the judge
  set; `--verbose` prints the development half's misses alone (the last version's).
- `project` (bench/crosslang_queries.tsv): the project's own Spanish and French queries.

Corpus: the 2026-08-07 Comprehensive Rules, the 25 MTGJSON sets of corpus-data/sets, the two
MTGJSON excerpts and the keyword table (the seed pages are embedded), ingested into a temporary
MTGRULES_HOME once per version. "before" is the commit `--before` names (default: main before
issue 21), exported with `git archive` and run from that tree; "after" is this checkout. Each
version answers in its own process (`--worker`) through the search API alone
(`Index.search(text, limit=10)`), so the two are scored by one judge on the same queries.

Recall at 10 of a query set is the share of its queries with at least one expected record among
the first ten hits (a translated record counts as its English twin: a Spanish 704.5g is rule
704.5g); MRR is the mean of 1/rank of the first expected hit (0 past ten). A ruling expected by
card counts for any ruling of that card, or a ruling shared by it.
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUERIES = REPO / "bench" / "crosslang_queries.tsv"
JUDGE_QUERIES = REPO / "bench" / "judge_queries.tsv"
EXTRA_QUERIES = REPO / "bench" / "judge_queries_extra.tsv"
FRESH_QUERIES = REPO / "bench" / "judge_queries_fresh.tsv"
FRESH2_QUERIES = REPO / "bench" / "judge_queries_fresh2.tsv"
OTHER_QUERIES = REPO / "bench" / "other_language_queries.tsv"
BEFORE = "aeee0a7"  # main before issue 21
CHINESE = "cr/zh-20240607.txt"
CHINESE_ENGLISH = "cr/en-20240607.txt"
DOCUMENTS = [
    "cr/en-20260807.txt",
    "rulings/KLD.mtgjson-v5.json",
    "rulings/MH3-electrozoa.mtgjson-excerpt.json",
    "rulings/BLB-kitnap.mtgjson-excerpt.json",
    "cr/keywords_en_es_fr.tsv",
]
# The judge corpus: DOCUMENTS with the 25 sets in place of Kaladesh (sets/KLD.json is the same file).
SETS = "sets"
MODES = ("as typed, no fallback (before)", "--no-translate", "translated (default)")
SET_NAMES = ("judge", "extra", "gloss", "fresh", "fresh2", "other", "zh", "project")


@dataclass
class Query:
    lang: str
    text: str
    expected: list[tuple]  # ("rule", "704.5g"), ("rule*", "702.21"), ("glossary", "lethal damage"), ("ruling", card, position), ("rulings", card)
    line: int
    split: str = field(default="all")
    gloss: str = ""  # the query in English, where the file gives it (a fourth column)


def load_queries(path: Path = QUERIES) -> list[Query]:
    queries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        lang, text, expected, *gloss = line.split("\t")
        queries.append(Query(lang, text, [_key(item.strip(), path, number) for item in expected.split(";")], number,
                             gloss=gloss[0].strip() if gloss else ""))
    return queries


def judge_split(query: Query) -> str:
    """"dev" or "test", fixed by a digest of the language and the query: the same query always
    falls on the same side, whatever else the file holds."""
    digest = hashlib.blake2b(f"{query.lang}\t{query.text}".encode(), digest_size=4).digest()
    return "dev" if digest[0] % 2 == 0 else "test"


def load_judge_queries(path: Path = JUDGE_QUERIES) -> list[Query]:
    queries = load_queries(path)
    for query in queries:
        query.split = judge_split(query)
    return queries


def chinese_title_queries(data: Path) -> list[Query]:
    """Each titled rule of the Chinese 2024 edition as a query, expecting the 2026 English rule
    whose title the 2024 English edition gives that number. Titles that name several 2026 rules
    ("General") expect the one with the same number, if it has that title; rules whose title is
    gone from 2026 are left out."""
    title = re.compile(r"^(\d{3}(?:\.\d+)?)\. (\S.{0,60})$")

    def titles(path: Path) -> dict[str, str]:
        found: dict[str, str] = {}
        for line in path.read_text(encoding="utf-8-sig").splitlines():
            match = title.match(line.strip())
            if match and not match.group(2).endswith((".", "。", ":", "：")):
                found[match.group(1)] = match.group(2).strip()
        return found

    chinese, english, current = (titles(data / name) for name in (CHINESE, CHINESE_ENGLISH, DOCUMENTS[0]))
    by_title: dict[str, list[str]] = {}
    for number, text in current.items():
        by_title.setdefault(text.lower(), []).append(number)
    queries = []
    for number, text in chinese.items():
        numbers = by_title.get(english.get(number, "").lower(), [])
        target = numbers[0] if len(numbers) == 1 else number if number in numbers else None
        if target is not None:
            kind = "section" if "." not in target else "rule"
            queries.append(Query("zh", text, [(kind, target)], 0))
    return queries


def _key(item: str, path: Path, line: int) -> tuple:
    kind, _, rest = item.partition(" ")
    if kind in ("rule", "section"):
        return ("rule*", rest[:-1]) if rest.endswith("*") else (kind, rest)
    if kind == "glossary":
        return ("glossary", rest.lower())
    if kind == "ruling":
        card, hash_sign, position = rest.rpartition(" #")
        return ("ruling", card, int(position)) if hash_sign and position.isdigit() else ("rulings", rest)
    raise SystemExit(f"{path}:{line}: expected 'rule N', 'rule N*', 'glossary Title', 'ruling Card' or 'ruling Card #N', found {item!r}")


def _under(number: str, prefix: str) -> bool:
    """Whether rule `number` is `prefix` or one of its subrules ("702.21a" under "702.21", "715.3"
    under "715"; "613.10" is not under "613.1")."""
    rest = number[len(prefix):] if number.startswith(prefix) else None
    return rest is not None and (rest == "" or rest[0] == "." or rest[0].isalpha())


class Judge:
    """Scores hits against expectations; rulings by their English text's digest."""

    def __init__(self, records):
        self.keys = {record.key for record in records}
        self.digest = {record.key: record.en_digest for record in records if record.kind == "ruling" and record.lang == "en"}

    def check(self, queries: list[Query]) -> None:
        missing = [(q.line, key) for q in queries for key in q.expected if not any(self.same(key, found) for found in self._candidates(key))]
        if missing:
            raise SystemExit("expected records missing from the corpus: " + ", ".join(f"line {n}: {k}" for n, k in missing))

    def _candidates(self, expected: tuple):
        if expected[0] in ("rule", "rule*", "section"):
            return [key for key in self.keys if key[0] in ("rule", "section")]
        if expected[0] == "rulings":
            return [key for key in self.keys if key[0] == "ruling"]
        return [expected] if expected in self.keys else []

    def same(self, expected: tuple, found: tuple, cards: list[str] | None = None) -> bool:
        if expected[0] in ("rule", "section"):
            return found[0] in ("rule", "section") and found[1] == expected[1]
        if expected[0] == "rule*":
            return found[0] in ("rule", "section") and _under(found[1], expected[1])
        if expected[0] == "rulings":
            return found[0] == "ruling" and (found[1] == expected[1] or expected[1] in (cards or ()))
        if expected == found:
            return True
        return expected[0] == found[0] == "ruling" and self.digest.get(expected) is not None and self.digest.get(expected) == self.digest.get(found)

    def recall(self, query: Query, hit_keys: list[tuple]) -> float:
        return sum(any(self.same(key, hit) for hit in hit_keys) for key in query.expected) / len(query.expected)

    def first_rank(self, query: Query, hits: list[tuple[tuple, list[str]]]) -> int | None:
        """The rank (1-based) of the first hit that is an expected record, or None."""
        for rank, (key, cards) in enumerate(hits, start=1):
            if any(self.same(expected, key, cards) for expected in query.expected):
                return rank
        return None


def run_mode(index, query: Query, mode: str) -> list[tuple]:
    results = index.search(query.text, translate=mode == MODES[2], limit=10)
    if mode == MODES[0] and results.partial:
        return []
    return [tuple(hit.key) for hit in results.hits]


def evaluate(index, judge: Judge, queries: list[Query]) -> dict[str, dict[str, list[float]]]:
    """Mode → {"recall": per query, "ms": per query} (the project set's three ways of searching)."""
    scores: dict[str, dict[str, list[float]]] = {mode: {"recall": [], "ms": []} for mode in MODES}
    for query in queries:
        for mode in MODES:
            start = time.perf_counter()
            keys = run_mode(index, query, mode)
            scores[mode]["ms"].append((time.perf_counter() - start) * 1000)
            scores[mode]["recall"].append(judge.recall(query, keys))
    return scores


# -- versions ---------------------------------------------------------------------------------


def export(revision: str, folder: Path) -> Path:
    """The package of `revision` laid out as pyproject's package-dir maps it, for PYTHONPATH."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = folder / "source.tar"
    subprocess.run(["git", "-C", str(REPO), "archive", "-o", str(archive), revision], check=True)
    source = folder / "source"
    with tarfile.open(archive) as tar:
        tar.extractall(source, filter="data")
    mapping = tomllib.loads((source / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    packages = folder / "packages"
    for package, directory in sorted(mapping.items(), key=lambda item: item[0].count(".")):
        target = packages.joinpath(*package.split("."))
        shutil.copytree(source / directory, target, dirs_exist_ok=True)
    return packages


def answer(version: str, home: Path, paths: list[Path], texts: list[str], pythonpath: Path | None) -> list[dict]:
    """Ingest `paths` into `home` with `version`'s code (unless done already), then search each
    text in one `--worker` process: per query its hits' keys and cards, and its time."""
    env = dict(os.environ, MTGRULES_HOME=str(home))
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    done = home / ".bench-ingested"
    if not done.exists():
        started = time.perf_counter()
        ingest = subprocess.run([sys.executable, "-m", "mtgrules", "ingest", *map(str, paths)], capture_output=True, env=env, text=True)
        refused = [line for line in ingest.stderr.splitlines() if line.startswith("not stored")]
        if ingest.returncode not in (0, 2) or (ingest.returncode == 2 and not refused):
            raise SystemExit(f"{version}: ingest failed:\n{ingest.stderr}")
        for line in refused:  # a set the version refuses (STX before issue 25) is left out, said
            print(f"{version}: {line}", file=sys.stderr)
        done.write_text("")
        print(f"{version}: ingested in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    request = home / ".bench-queries.json"
    request.write_text(json.dumps(texts), encoding="utf-8")
    started = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--worker", str(request)], capture_output=True, env=env, text=True)
    if out.returncode:
        raise SystemExit(f"{version}: the search failed:\n{out.stderr}")
    print(f"{version}: answered {len(texts)} queries in {time.perf_counter() - started:.0f} s (first search included)", file=sys.stderr)
    return json.loads(out.stdout)


def worker(request: Path) -> int:
    from mtgrules.index.query import Index, QueryError

    texts = json.loads(request.read_text(encoding="utf-8"))
    answers = []
    with Index.current() as index:
        index.search(texts[0], limit=10)  # a first search opens (or, before FTS5, builds) the index
        for text in texts:
            started = time.perf_counter()
            try:
                hits, error = index.search(text, limit=10).hits, None
            except QueryError as refused:  # "quand ai-je la priorité ?": a judge's query refused finds nothing
                hits, error = [], str(refused)
            ms = (time.perf_counter() - started) * 1000
            answers.append({"ms": ms, "error": error,
                            "hits": [[list(hit.key), list(getattr(hit, "cards", []) or [])] for hit in hits]})
    print(json.dumps(answers))
    return 0


# -- report -----------------------------------------------------------------------------------


def score(judge: Judge, queries: list[Query], answers: list[dict]) -> list[int | None]:
    return [judge.first_rank(q, [(tuple(key), cards) for key, cards in a["hits"]]) for q, a in zip(queries, answers)]


def figures(ranks: list[int | None]) -> tuple[float, float]:
    """(recall at 10, MRR)."""
    if not ranks:
        return 0.0, 0.0
    return sum(r is not None for r in ranks) / len(ranks), sum(1 / r for r in ranks if r) / len(ranks)


def report(sets: dict[str, list[Query]], ranks: dict[str, dict[str, list[int | None]]], ms: dict[str, list[float]]) -> None:
    versions = list(ms)
    print(f"{'set':8} {'lang':5} {'split':5} {'n':>4}" + "".join(f"  {v + ' R@10':>12} {'MRR':>5}" for v in versions))
    for name, queries in sets.items():
        groups: dict[tuple[str, str], list[int]] = {}
        for i, query in enumerate(queries):
            groups.setdefault((query.lang, query.split), []).append(i)
            if query.split != "all":
                groups.setdefault((query.lang, "all"), []).append(i)
        for (lang, split), members in sorted(groups.items(), key=lambda item: (item[0][0], ["dev", "test", "all"].index(item[0][1]))):
            cells = ""
            for version in versions:
                recall, mrr = figures([ranks[version][name][i] for i in members])
                cells += f"  {recall:12.1%} {mrr:5.2f}"
            print(f"{name:8} {lang:5} {split:5} {len(members):4}{cells}")
    for version in versions:
        print(f"{version}: median {statistics.median(ms[version]):.1f} ms a query (warm, in process)")


def _gloss_rank(sets: dict[str, list[Query]], ranks: dict[str, list[int | None]], name: str, i: int) -> int | None:
    """The rank the English gloss of `sets[name][i]` reaches (the gloss set follows the extra set line for line)."""
    lines = [q.line for q in sets["gloss"]]
    query = sets[name][i]
    return ranks["gloss"][lines.index(query.line)] if query.line in lines else None


def lost_in_translation(sets: dict[str, list[Query]], ranks: dict[str, list[int | None]]) -> str:
    """Per language, the extra queries that miss while their English gloss finds an expected
    record in the top ten (issue 21: no such query should fail for lack of a pair the corpus
    could have taught), and those whose gloss misses too (the English engine's)."""
    counts: dict[str, list[int]] = {}
    for i, query in enumerate(sets["extra"]):
        if not query.gloss:
            continue
        own, gloss = ranks["extra"][i], _gloss_rank(sets, ranks, "extra", i)
        tally = counts.setdefault(query.lang, [0, 0])
        if own is None and gloss is not None:
            tally[0] += 1
        elif own is None:
            tally[1] += 1
    return "extra misses whose English gloss finds the rule / whose gloss misses too: " + ", ".join(
        f"{lang} {lost}/{both}" for lang, (lost, both) in sorted(counts.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data")))
    parser.add_argument("--before", default=BEFORE, help="The revision measured as 'before' (default: main before issue 21).")
    parser.add_argument("--only", choices=("before", "after"), help="Measure one version.")
    parser.add_argument("--sets", default=",".join(SET_NAMES), help="Query sets, comma-separated: judge, extra, gloss, fresh, fresh2, other, zh, project.")
    parser.add_argument("--home", type=Path, help="Keep each version's ingested corpus in HOME/<version> and reuse it.")
    parser.add_argument("--verbose", action="store_true", help="Print each development-half query's rank.")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        return worker(options.worker)
    set_paths = sorted((options.data / SETS).glob("*.json"))
    paths = [options.data / name for name in DOCUMENTS if "KLD" not in name] + set_paths
    missing = [str(path) for path in paths + [options.data / CHINESE, options.data / CHINESE_ENGLISH] if not path.exists()]
    if missing or not set_paths:
        print(f"skipped: missing {', '.join(missing) or options.data / SETS}")
        return 0
    scratch = Path(tempfile.mkdtemp(prefix="mtgrules-crosslang-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    homes = options.home or scratch / "homes"

    wanted = [name.strip() for name in options.sets.split(",") if name.strip()]
    sets: dict[str, list[Query]] = {}
    if "judge" in wanted:
        sets["judge"] = load_judge_queries()
    if "extra" in wanted:
        sets["extra"] = load_queries(EXTRA_QUERIES)
        for query in sets["extra"]:
            query.split = "dev"  # written to be tuned on (the file's header)
    for name, path in (("fresh", FRESH_QUERIES), ("fresh2", FRESH2_QUERIES), ("other", OTHER_QUERIES)):
        if name in wanted:
            sets[name] = load_queries(path)
            for query in sets[name]:
                query.split = "test"  # held out: only scored (the file's header)
    if "gloss" in wanted:  # the extra set's queries typed in English: what the English engine can answer
        sets["gloss"] = [Query(q.lang, q.gloss, q.expected, q.line, "dev") for q in load_queries(EXTRA_QUERIES) if q.gloss]
    if "zh" in wanted:
        sets["zh"] = chinese_title_queries(options.data)
        for query in sets["zh"]:
            query.split = judge_split(query)  # tuned on the dev half only, as the judge set
    if "project" in wanted:
        sets["project"] = load_queries()
    texts = [q.text for queries in sets.values() for q in queries]

    versions = [v for v in ("before", "after") if options.only in (None, v)]
    answers: dict[str, list[dict]] = {}
    for version in versions:
        pythonpath = export(options.before, scratch / "before") if version == "before" else None
        answers[version] = answer(version, homes / version, paths, texts, pythonpath)

    os.environ["MTGRULES_HOME"] = str(homes / versions[-1])
    from mtgrules.align import linking  # the judge reads the last version's records

    judge = Judge(linking.all_records())
    for queries in sets.values():
        judge.check([q for q in queries if q.lang != "zh"])
    ranks: dict[str, dict[str, list[int | None]]] = {v: {} for v in versions}
    for version in versions:
        position = 0
        for name, queries in sets.items():
            ranks[version][name] = score(judge, queries, answers[version][position:position + len(queries)])
            position += len(queries)
    print(f"corpus: {', '.join(Path(d).name for d in DOCUMENTS if 'KLD' not in d)}, {len(set_paths)} sets of {options.data / SETS}, seeds; "
          f"before = {options.before}")
    report(sets, ranks, {v: [a["ms"] for a in answers[v]] for v in versions})
    if "extra" in sets and "gloss" in sets:
        for version in versions:
            print(f"{version}: {lost_in_translation(sets, ranks[version])}")
    for version in versions:
        refused = sum(bool(a.get("error")) for a in answers[version])
        if refused:
            print(f"{version}: {refused} queries refused as bad syntax (counted as finding nothing)")
    if options.verbose:
        for name, queries in sets.items():
            for i, query in enumerate(queries):
                if query.split == "test" or (name == "gloss" and "extra" in sets):
                    continue  # the test half is only scored; a gloss's rank is printed beside its query
                if name == "zh" and ranks[versions[-1]][name][i] is not None:
                    continue  # hundreds of titles: the development half's misses alone
                cells = "  ".join(f"{ranks[v][name][i] or '-'!s:>3}" for v in versions)
                glossed = f"  (gloss {query.gloss!r}: {_gloss_rank(sets, ranks[versions[-1]], name, i) or '-'})" if name == "extra" and "gloss" in sets else ""
                print(f"{name:7} {query.lang} {cells}  {query.text}{glossed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
