"""Shell completion (click's: `_MTGRULES_COMPLETE=bash_source mtgrules`, see the README) of
rule numbers and card names, read from the corpus by key.

A completion runs on each Tab press, so it reads a range of one index (rule numbers of the
view's edition; folded card names) and nothing else. It never prints and never fails: a corpus
that cannot be opened completes nothing.
"""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from mtgrules import rulenumbers
from mtgrules.text import fold

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
    return [CompletionItem(number) for number in sorted(numbers, key=rulenumbers.sort_key)]


def card_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The next word of the card names, in any language, that start with the words typed so far
    (`card planta de e` completes "eter"): the shell splits a name into words, and `card` joins
    them again; names are compared folded, as `card` compares them."""
    typed = [*(ctx.params.get(param.name or "") or ()), incomplete]
    prefix = " ".join(fold(word) for word in typed if word)
    if not incomplete and prefix:
        prefix += " "
    position = len(typed) - 1
    try:
        names = _corpus().names_from(prefix, LIMIT * 4)
    except Exception:
        return []
    words = [name.split()[position] for name in names if len(name.split()) > position]
    return [CompletionItem(word) for word in list(dict.fromkeys(words))[:LIMIT]]
