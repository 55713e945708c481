"""What each page shows, and its JSON twin: one function per page, giving a `Page`, whose
`api` is what the command's `--json` prints (made by the same functions: `rule_entries`,
`card_entry`, `Dictionary.describe`, `rule_history`, `changes.diff`, `stale.report`,
`event_rows`, `json_row`), and whose `data` is that and what the template needs beside it.

Each page has one `canonical` address, with its languages and edition in it: a request spelt
otherwise (without them, `latest` for a date, `704.5G`) is sent there, so the address in the bar
always shows the same thing to someone else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mtgrules import rulenumbers
from mtgrules.cli.show_search import json_row, rule_number_asked
from mtgrules.i18n import N_
from mtgrules.lookup import changes, editions
from mtgrules.lookup.card_names import match_card
from mtgrules.lookup.cards import card_entry
from mtgrules.lookup.editions import NO_ENGLISH
from mtgrules.lookup.history import editions_with, find_edition, rule_history
from mtgrules.lookup.rules import parse_numbers, rule_entries, similar_numbers
from mtgrules.lookup.stale import report, runs
from mtgrules.records import KINDS
from mtgrules.web import params, render
from mtgrules.web.language import Words, content_languages
from mtgrules.web.params import BadRequest, NotFound
from mtgrules.web.reader import Reader


@dataclass
class Asked:
    """One request as the pages read it: its parameters, and what the person chose before."""

    reader: Reader
    query: Any  # the query parameters (starlette's QueryParams, or a form)
    langs_cookie: str | None = None
    accept_language: str | None = None
    words: Words = field(default_factory=lambda: Words("en"))  # the interface's, for what a page says

    def say(self, message: str, **values: Any) -> str:
        """A message (marked with `N_`, the command line's where it says the same) in the
        interface language."""
        return self.words.gettext(message, **values)


@dataclass
class Page:
    template: str
    data: dict[str, Any]
    api: Any
    canonical: str | None = None  # the page's full address: a request elsewhere is sent there
    status: int = 200
    remember_langs: list[str] | None = None  # the content languages the address chose


def _with_english(langs: list[str]) -> list[str]:
    return langs if "en" in langs else [*langs, "en"]


def _content_langs(asked: Asked, held: list[str], what: str) -> tuple[list[str], bool]:
    """The languages asked for in the address, else the person's (cookie, Accept-Language), and
    whether the address gave them."""
    given = params.langs(asked.query, held, what)
    if given:
        return given, True
    return content_languages(asked.langs_cookie, asked.accept_language, held), False


# --- search ------------------------------------------------------------------------------


def search(asked: Asked) -> Page:
    """Ranked hits as `mtgrules search` ranks them (the same `Index.search`), each with the
    address it leads to; a query that is a rule number leads to that rule first."""
    query = asked.query
    text = params.text(query, "q")
    index = asked.reader.index
    held = list(index.langs)
    langs = params.langs(query, held)
    kinds = params.kinds(query)
    limit = params.limit(query)
    edition = params.edition(query)
    view = index.default_view if edition in (None, editions.LATEST) else edition
    shown_langs = langs or held
    # The pages a hit leads to show the languages searched, else the person's.
    leads = langs or content_languages(asked.langs_cookie, asked.accept_language, held)
    hits, suggestion, partial, rule = [], None, False, None
    if text:
        number = rule_number_asked(text)
        if number and asked.reader.catalog(view).exists(number):
            rule = {"number": number, "url": render.rule_address(number, leads, view)}
        results = index.search(text, langs=langs, kinds=kinds or None, limit=limit, translate=True, edition=view)
        hits = [(hit, render.hit_address(hit, leads, view)) for hit in results.hits]
        suggestion, partial = results.suggestion, results.partial
    api = {
        "query": text,
        "rule": rule,
        "hits": [json_row(hit, partial) | {"url": url} for hit, url in hits],
        "suggestion": suggestion,
    }
    canonical = render.address("/search", q=text or None, lang=shown_langs, kind=kinds, edition=view,
                               limit=limit if limit != 10 else None)
    data = {"q": text, "hits": hits, "rule": rule, "suggestion": suggestion, "partial": partial, "langs": shown_langs,
            "held": held, "kinds": kinds, "all_kinds": KINDS, "edition": view, "editions": index.editions, "limit": limit}
    return Page("search.html", data, api, canonical)


# --- rule --------------------------------------------------------------------------------


def rule(asked: Asked, number: str) -> Page:
    """The rule and its subrules, one column per language (English always among them)."""
    try:
        numbers = parse_numbers(number)
    except ValueError as error:
        raise BadRequest(f"{number!r}: {error} (give a rule number such as 704.5 or 704.5a-704.5d)") from None
    edition = params.edition(asked.query)
    catalog = asked.reader.catalog(edition)
    langs, given = _content_langs(asked, catalog.rule_langs(), "rules")
    langs = _with_english(langs)
    written = numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"
    canonical = render.rule_address(written, langs, catalog.edition)
    catalog.texts(numbers)
    known = [n for n in numbers if catalog.exists(n)]
    if not known:
        close = similar_numbers(catalog, numbers[0])
        raise NotFound(
            asked.say(N_("no rule {numbers} in the corpus ({edition})"), numbers=written,
                      edition=asked.say(N_("edition {edition}"), edition=catalog.edition)),
            [{"number": n, "title": catalog.title_of(n, langs), "url": render.rule_address(n, langs, catalog.edition)} for n in close],
        )
    groups = [rule_entries(catalog, n, langs, asked.reader.registry) for n in known]
    api = {"entries": [entry for group in groups for entry in group]}
    data = {"number": written, "groups": groups, "langs": langs, "held": catalog.rule_langs(), "edition": catalog.edition,
            "editions": [e.date for e in asked.reader.store.editions()], "missing": [n for n in numbers if n not in known]}
    return Page("rule.html", data, api, canonical, remember_langs=langs if given else None)


# --- card --------------------------------------------------------------------------------


def card(asked: Asked, name: str) -> Page:
    """A card's Oracle text, printed names and texts, and rulings beside their English; the
    name matched as `mtgrules card` matches it (`match_card`), and what `card --lang --json`
    gives."""
    name = params.text({"name": name}, "name", required=True)
    catalog = asked.reader.catalog(None)  # cards and rulings have no edition
    langs, given = _content_langs(asked, catalog.corpus.languages(("card",)), "cards")
    canonical = render.card_address(name, langs)
    match = match_card(catalog, name)
    if match.kind == "none":
        raise NotFound(asked.say(N_("no card named {name!r} in the corpus"), name=name),
                       [{"name": c.card, "url": render.card_address(c.card, langs)} for c in match.suggestions])
    if len(match.candidates) > 1:
        data = {"name": name, "candidates": [(c.card, render.card_address(c.card, langs)) for c in match.candidates],
                "total": match.total, "langs": langs}
        api = {"match": match.to_dict(), "candidates": match.cards, "names": [c.to_dict() for c in match.candidates],
               "total": match.total}
        return Page("card.html", data, api, canonical)
    entry = card_entry(catalog, match.candidates[0].card, langs, asked.reader.registry, langs)
    entry["match"] = match.to_dict()
    return Page("card.html", {"name": name, "entry": entry, "langs": langs}, entry, canonical,
                remember_langs=langs if given else None)


# --- term --------------------------------------------------------------------------------


def term(asked: Asked, word: str) -> Page:
    """A game term: its definitions, defining rule, and names per language with their source."""
    word = params.text({"word": word}, "word", required=True)
    edition = params.edition(asked.query)
    dictionary = asked.reader.dictionary(edition)
    catalog = dictionary.catalog
    langs, given = _content_langs(asked, dictionary.languages(), "term names")
    canonical = render.term_address(word, langs, catalog.edition)
    found = dictionary.find(word)
    if not found.entries:
        raise NotFound(asked.say(N_("no term {word!r} in the corpus ({edition})"), word=word,
                                 edition=asked.say(N_("edition {edition}"), edition=catalog.edition)),
                       [{"term": t, "url": render.term_address(t, langs, catalog.edition)} for t in dictionary.similar(word)])
    entries = [dictionary.describe(entry, langs, found, word) for entry in found.entries]
    return Page("term.html", {"word": word, "entries": entries, "langs": langs, "edition": catalog.edition},
                {"entries": entries}, canonical, remember_langs=langs if given else None)


# --- editions: history, diff, stale ------------------------------------------------------


def _trace(asked: Asked):
    trace = asked.reader.trace()
    if not trace.editions:
        raise NotFound(NO_ENGLISH)
    return trace


def _english_edition(trace, value: str | None, name: str) -> str | None:
    if value is None:
        return None
    try:
        return editions.resolve(trace.editions, value)
    except ValueError as error:
        raise BadRequest(f"{name}: {error}") from None


def history(asked: Asked, number: str) -> Page:
    """A rule through every English edition: its number, title and word-level changes."""
    written = number.strip().rstrip(".")
    if not rulenumbers.is_rule_number(written):
        raise BadRequest(f"{number!r} is not a rule number (e.g. 701.28, 704.5y, 701)")
    trace = _trace(asked)
    edition = _english_edition(trace, params.edition(asked.query), "edition")
    langs = params.langs(asked.query, asked.reader.store.languages(("rule",)), "rules")
    found = find_edition(trace, written, edition)
    if found is None:
        elsewhere = editions_with(trace, written)
        if edition and elsewhere:
            message = asked.say(N_("no rule {number} in the {edition} edition (it is in {editions})"), number=written,
                                edition=edition, editions=", ".join(elsewhere))
        elif edition:
            message = asked.say(N_("no rule {number} in the {edition} edition"), number=written, edition=edition)
        else:
            message = asked.say(N_("no rule {number} in any English edition of the corpus"), number=written)
        raise NotFound(message,
                       [{"number": written, "edition": e, "url": render.rule_address(written, langs, e, "history")}
                        for e in elsewhere])
    canonical = render.rule_address(written, langs or [], found, "history")
    entries = rule_history(trace, written, found, [lang for lang in langs or [] if lang != "en"] or None)
    data = {"number": written, "entries": entries, "edition": found, "langs": langs or [], "editions": trace.editions}
    return Page("history.html", data, {"entries": entries}, canonical)


def diff(asked: Asked) -> Page:
    """What changed between two English editions (a form until both are chosen)."""
    trace = _trace(asked)
    query = asked.query
    old = _english_edition(trace, params.edition({"edition": params.text(query, "old")}), "old")
    new = _english_edition(trace, params.edition({"edition": params.text(query, "new")}), "new")
    scope = params.text(query, "section") or None
    if scope is not None:
        scope = scope.rstrip(".")
        if not rulenumbers.is_rule_number(scope):
            raise BadRequest(f"section={scope}: give a chapter, section or rule number, e.g. 7, 701 or 704.5")
    data: dict[str, Any] = {"old": old, "new": new, "section": scope, "editions": trace.editions, "entries": None}
    if old is None or new is None:
        if asked.query.get("old") is not None or asked.query.get("new") is not None:
            raise BadRequest("give both editions, old=YYYY-MM-DD and new=YYYY-MM-DD")
        return Page("diff.html", data, {"editions": trace.editions})
    counts, entries = changes.diff(changes.between(trace, old, new), old, new, scope)
    data.update(counts=counts, entries=entries)
    return Page("diff.html", data, {"counts": counts, "entries": entries})


def stale(asked: Asked) -> Page:
    """Translated rules whose English changed since, and rules not yet translated."""
    trace = _trace(asked)
    langs = params.langs(asked.query, asked.reader.store.languages(("rule",)), "rules")
    if langs and "en" in langs:
        raise BadRequest("lang: English is what translations follow: name other languages, e.g. es,fr")
    summary, entries = report(trace, langs)
    newest = trace.editions[-1]
    order = trace.numbers(newest)
    per_lang = []
    for lang, counts in summary.items():
        mine = [e for e in entries if e["lang"] == lang]
        untranslated = [e["number"] for e in mine if e["status"] == "untranslated"]
        per_lang.append({"lang": lang, "counts": counts, "entries": [e for e in mine if e["status"] != "untranslated"],
                         "untranslated": runs(untranslated, order)})
    data = {"langs": langs or [], "newest": newest, "per_lang": per_lang}
    return Page("stale.html", data, {"summary": summary, "entries": entries})


# --- scenario ----------------------------------------------------------------------------


def examples() -> dict[str, str]:
    """The packaged example scenarios: name -> file."""
    from mtgrules.study.quiz_scenarios import EXAMPLES_DIR

    return {path.stem: str(path) for path in sorted(EXAMPLES_DIR.glob("*.toml"))}


def scenario_form(asked: Asked) -> Page:
    """The scenario page before anything is judged: a form, filled with an example if asked."""
    chosen = params.text(asked.query, "example")
    known = examples()
    text = ""
    if chosen:
        if chosen not in known:
            raise NotFound(f"no example scenario {chosen!r}", [{"name": n, "url": render.address("/scenario", example=n)}
                                                               for n in known if chosen in n][:8])
        with open(known[chosen], encoding="utf-8") as handle:
            text = handle.read()
    return Page("scenario.html", _scenario_data(asked, text, chosen), {"examples": list(known)})


def _scenario_data(asked: Asked, text: str, chosen: str | None) -> dict[str, Any]:
    from mtgrules.study.messages import LANGS

    catalog = asked.reader.catalog(None)
    return {"text": text, "example": chosen, "examples": list(examples()), "judged": None,
            "judge_langs": sorted({*LANGS, *catalog.rule_langs()}), "editions": [e.date for e in asked.reader.store.editions()]}


def judge(asked: Asked, raw: bytes, source: str) -> Page:
    """A scenario judged: its events, each with the rule it cites in the chosen language, and
    the board at the end. Nothing is stored."""
    from mtgrules.study import board, citations, judging, scenario
    from mtgrules.study.messages import LANGS
    from mtgrules.study.report import board_lines, event_rows

    loaded = scenario.load_bytes(raw, source)
    edition = params.edition(asked.query)
    catalog = asked.reader.catalog(edition)
    texts = citations.RuleTexts.of_view(catalog)
    lang = params.text(asked.query, "lang") or citations.default_lang(texts)
    known = sorted({*LANGS, *catalog.rule_langs()})
    if lang not in known:
        raise BadRequest(f"lang={lang}: give one of {', '.join(known)}")
    judgement = judging.judge(loaded)
    rows = event_rows(judgement, texts, lang)
    facts = board.board(judgement.state)
    verdict = judgement.verdict()
    steps: list[dict[str, Any]] = []
    for step in judgement.steps:
        steps.append({"index": step.index, "action": judging.describe_action(step.action) if step.action else None,
                      "rows": [row for row in rows if row["step"] == step.index]})
    chosen = params.text(asked.query, "example") or None
    data = _scenario_data(asked, raw.decode("utf-8-sig", errors="replace"), chosen if chosen in examples() else None)
    data.update(judged={"title": loaded.title, "steps": steps, "board": board_lines(facts, lang), "lang": lang,
                        "edition": catalog.edition,
                        "verdict": None if verdict is None else {"agrees": verdict.agrees, "expectations": verdict.expectations,
                                                                 "mismatches": [m.message for m in verdict.mismatches]}})
    return Page("scenario.html", data, {"events": rows, "board": facts})
