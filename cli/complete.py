"""Shell completion (click's: `_MTGRULES_COMPLETE=bash_source mtgrules`, see the README) of
rule numbers and card names, read from the corpus by key.

A completion runs on each Tab press, so it reads a range of one index (rule numbers of the
view's edition; folded card names) and nothing else. It never prints and never fails: a corpus
that cannot be opened completes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mtgrules import rulenumbers
from mtgrules.text import fold

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

# At most this many candidates: a shell lists them all, and more than a screen helps nobody.
LIMIT = 60


def _corpus():
    from mtgrules.align import linking

    return linking.open_store(lambda text: None)


def rule_numbers(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Rule numbers of the view's edition (`--edition` when given) starting with what is typed
    (read as `rule` reads it: "704.5G" completes as 704.5g)."""
    from mtgrules.lookup.catalog import resolve_edition
    from mtgrules.lookup.rules import normalise_number

    try:
        corpus = _corpus()
        edition = resolve_edition(corpus, ctx.params.get("edition"))
        numbers = corpus.numbers_from(edition, normalise_number(incomplete), LIMIT)
    except Exception:
        return []
    from click.shell_completion import CompletionItem  # on a Tab press only: `rule` and `card` import this module

    return [CompletionItem(number) for number in sorted(numbers, key=rulenumbers.sort_key)]


def card_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The next word of the card names, in any language, that start with the words typed so far
    (`card planta de é` completes "éter"): the shell splits a name into words, and `card` joins
    them again. Names are found folded, as `card` compares them, and completed as printed, with
    what the person typed kept as typed ("ete" gives "eter", "éte" gives "éter", "Pla" gives
    "Planta"); names in the language of the words typed so far come first."""
    typed = [*(ctx.params.get(param.name or "") or ()), incomplete]
    prefix = " ".join(fold(word) for word in typed if word)
    if not incomplete and prefix:
        prefix += " "
    position = len(typed) - 1
    try:
        corpus = _corpus()
        folded = corpus.names_from(prefix, LIMIT * 4)
        printed = _printed_names(corpus, folded)
    except Exception:
        return []
    before = [fold(word) for word in typed[:-1]]
    ranked: list[tuple[int, str]] = []
    for name, lang in printed:
        words = name.split()
        if len(words) <= position or [fold(word) for word in words[:position]] != before:
            continue
        word = _kept_as_typed(incomplete, words[position])
        if word is not None:
            ranked.append((0 if lang in _languages_of(printed, before) else 1, word))
    words = [word for _rank, word in sorted(ranked, key=lambda item: item[0])]
    from click.shell_completion import CompletionItem  # see above

    return [CompletionItem(word) for word in list(dict.fromkeys(words))[:LIMIT]]


def _printed_names(corpus, folded: list[str]) -> list[tuple[str, str]]:
    """(name as printed, language) of each folded name, read from its cards' records."""
    from mtgrules.lookup.catalog import Catalog

    catalog = Catalog(corpus, None)
    wanted = set(folded)
    found: list[tuple[str, str]] = []
    cards = sorted({card for name in folded for card in corpus.cards_named(name)})
    for card in cards[:LIMIT]:
        record = catalog.card(card)
        names = dict(record.names) if record else {}
        names.setdefault("en", card)
        found += [(name, lang) for lang, name in names.items() if " ".join(fold(name).split()) in wanted]
    return found


def _languages_of(printed: list[tuple[str, str]], before: list[str]) -> set[str]:
    """The languages whose names begin with the words typed before this one: "planta de" is Spanish."""
    if not before:
        return set()
    return {lang for name, lang in printed if [fold(word) for word in name.split()[:len(before)]] == before}


def _kept_as_typed(incomplete: str, word: str) -> str | None:
    """`word` completed from what was typed: the typed letters as they are, then the rest of the
    printed word; None when the word does not start with them (folded)."""
    wanted = fold(incomplete)
    for end in range(len(word) + 1):
        if fold(word[:end]) == wanted:
            return incomplete + word[end:]
    return None
