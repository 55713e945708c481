"""How the lookup commands open the corpus and speak about editions.

The store and the view speak to a person only through callbacks (a migration, a folder that
cannot be written); here they go to stderr, one line each. A rule view says when texts of the
numbers asked for follow an edition it cannot trace them into, and how to see them.
"""

from __future__ import annotations

from mtgrules.cli.options import absent_languages, reject_unknown_codes
from mtgrules.cli.output import echo
from mtgrules.i18n import N_, _, ngettext
from mtgrules.lookup.catalog import Catalog

VIEW_EDITION = N_("Edition of the rules to read (YYYY-MM-DD or latest; default: the newest English edition ingested).")


def say(text: str) -> None:
    echo(f"mtgrules: {text}", err=True)


def open_catalog(edition: str | None) -> Catalog:
    """The view of `edition` (None: the default) over the user's corpus; an edition the corpus
    does not hold is an error naming those it does (exit 2)."""
    return Catalog.load(edition, on_message=say)


def check_langs(langs: list[str] | None, available, what: str) -> list[str]:
    """`--lang` codes checked against the languages the corpus has `what` in (`available`, a
    collection or a function giving one, called only when `langs` are given; None when the
    command's output says itself what it lacks): a code that is no language code is a usage
    error (exit 2, one line); a language code the corpus lacks is said once on stderr, and the
    languages it lacks are returned for the output to account for."""
    if not langs:
        return []
    have = sorted(available() if callable(available) else available or [])
    reject_unknown_codes(langs, have, what)
    absent = [lang for lang in langs if lang not in have]
    if absent and available is not None:
        say(absent_languages(absent, have, what))
    return absent


def edition_label(catalog: Catalog) -> str:
    return _("edition {edition}").format(edition=catalog.edition) if catalog.edition else _("no edition")


def note_untraced(catalog: Catalog, numbers: list[str]) -> None:
    """One line per edition whose texts of `numbers` this view cannot show: "6 texts (es) of
    these numbers follow the 2026-08-07 edition, …; see them with --edition 2026-08-07"."""
    for edition, counts in sorted(catalog.untraced(numbers).items()):
        total = sum(counts.values())
        langs = ", ".join(sorted(counts))
        why = (_("the corpus has no English text of this edition") if not catalog.english
               else _("the corpus has no English text of that edition to trace them by"))
        say(ngettext("{count} text ({langs}) of these numbers follows the {edition} edition, not shown in the view of the"
                     " {view} edition ({why}); see it with --edition {edition}",
                     "{count} texts ({langs}) of these numbers follow the {edition} edition, not shown in the view of the"
                     " {view} edition ({why}); see them with --edition {edition}", total).format(
            count=total, langs=langs, edition=edition, view=catalog.edition, why=why))


def translation_note(text: dict, view: str | None) -> str | None:
    """What a text of another edition than the view's says about itself."""
    edition, changed = text.get("edition"), text.get("english_changed")
    if changed is None or edition is None:
        return None
    if view is not None and edition > view:
        return (_("translated from the newer {edition} text; the English differs in this edition") if changed
                else _("translated from the newer {edition} text; the English is the same")).format(edition=edition)
    return (_("translated from the {edition} text; the English has changed since") if changed
            else _("translated from the {edition} text; the English is unchanged since")).format(edition=edition)
