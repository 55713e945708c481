"""What `mtgrules card` shows, without click (`mtgrules.cli.card` is the command's click
definition, which calls `show`).

Renders what `mtgrules.lookup.cards` finds: how the name matched (exact, a name in another
language, the words of names, a beginning, or the closest name and its distance), the card's
Oracle text and its printed text in the languages shown (the header names only those and
English), then each ruling in those languages beside its English original, with its date; the
engine tests that enforce a ruling only with `--links` (always in `--json`).

The languages shown are those asked (`--lang`), else the language of the name typed and the
person's language (`mtgrules.i18n.interface_language`).
"""

from __future__ import annotations

import sys

from mtgrules.cli.corpus import check_langs, open_catalog
from mtgrules.cli.output import echo, echo_json, echo_wrapped, style, wrap
from mtgrules.cli.terminal import safe, safe_data
from mtgrules.i18n import N_, _, interface_language, language_name, ngettext
from mtgrules.lookup.card_names import CardMatch, match_card
from mtgrules.lookup.cards import card_entry


def match_line(match: CardMatch) -> str | None:
    """How the name typed found the card, in words; None for an exact English name."""
    found = match.candidates[0]
    lang = language_name(found.lang)
    if match.kind == "exact":
        if found.lang == "en":
            return None
        return _("{lang} name: {name}").format(lang=lang, name=found.name)
    if match.kind == "words":
        return _("found by the words of its name in {lang}: {name}").format(lang=lang, name=found.name)
    if match.kind == "beginning":
        return _("found by the beginning of its name in {lang}: {name}").format(lang=lang, name=found.name)
    return _("closest match to {typed!r}: {name} ({lang}), edit distance {distance}").format(
        typed=match.typed, name=found.name, lang=lang, distance=match.distance)


def _print_card(entry: dict, langs: list[str], match: CardMatch, links: bool) -> None:
    entry = safe_data(entry)
    # A name printed the same as the English one ("Kitnap" in French) says nothing beside it.
    names = " · ".join(f"{lang}: {name}" for lang, name in entry["names"].items()
                       if lang != "en" and name.casefold() != entry["card"].casefold())
    echo_wrapped(entry["card"] + (f"  ({names})" if names else ""), subsequent="    ", head=entry["card"], head_style={"bold": True})
    how = match_line(match)
    how = safe(how) if how else how
    if how:
        closest = match.kind == "closest"
        echo_wrapped(f"({how})", indent="  ", subsequent="   ", fg="yellow" if closest else None, dim=not closest)
    oracle = entry["oracle"]
    if oracle["type_line"] or oracle["text"]:
        type_line = f"  {oracle['type_line']}" if oracle["type_line"] else ""
        echo(f"  {style('en', fg='cyan')}  " + style(_("Oracle"), dim=True) + type_line)
        if oracle["text"]:
            echo(wrap(oracle["text"], indent="      "))
    for lang, printed in entry["printed"].items():
        heading = "  ".join(part for part in (printed["name"], printed["type_line"]) if part)
        echo(f"  {style(lang, fg='cyan')}  " + style(_("printed"), dim=True) + (f"  {heading}" if heading else ""))
        if printed["text"]:
            echo(wrap(printed["text"], indent="      "))
    if entry["missing_printed"]:
        missing = ", ".join(entry["missing_printed"])
        echo_wrapped(_("(no printed text in {langs} in the corpus)").format(langs=missing), indent="  ", dim=True)
    if not entry["rulings"]:
        echo("  " + _("no rulings in the corpus"))
    for number, ruling in enumerate(entry["rulings"], start=1):
        notes = []
        if ruling["cards_with_same_ruling"] > 1:
            count = ruling["cards_with_same_ruling"]
            notes.append(ngettext("same ruling on {count} card", "same ruling on {count} cards", count).format(count=count))
        if ruling["tests"] and links:
            notes.append(style(_("enforced by an engine test"), fg="green"))
        if not ruling["aligned"]:
            notes.append(style(_("unaligned: English counterpart not confirmed"), fg="red"))
        echo(f"{number:>3}. " + style(ruling["date"] or _("undated"), dim=True) + "".join(f"  [{n}]" for n in notes))
        shown = dict(ruling["texts"])
        if ruling["en_text"] and "en" not in shown:
            shown["en"] = ruling["en_text"]
        for lang, text in shown.items():
            echo(f"     {style(lang, fg='cyan')}  " + wrap(text, indent="         ").lstrip())
        if links:
            for node in ruling["tests"]:
                echo("         " + _("tested by {test}").format(test=node))
    if entry["other_language_rulings"]:
        echo_wrapped(_("(no English original of {count} of the {total} rulings in the corpus: shown in {langs})").format(
            count=entry["other_language_rulings"], total=len(entry["rulings"]), langs=", ".join(entry["other_ruling_langs"])),
            indent="  ", dim=True)
    asked = [lang for lang in langs if lang != "en"]
    if asked and entry["untranslated_rulings"]:
        echo_wrapped(_("(no {langs} translation of {count} of the {total} rulings in the corpus: English shown)").format(
            langs=", ".join(asked), count=entry["untranslated_rulings"], total=len(entry["rulings"])), indent="  ", dim=True)
    echo()


def _candidate_lines(match: CardMatch) -> list[str]:
    lines = []
    for candidate in match.candidates or match.suggestions:
        also = "" if candidate.name == candidate.card else f"  ({candidate.card})"
        lines.append(f"  {candidate.name}  [{candidate.lang}]{also}")
    return lines


def show(name: tuple[str, ...], langs: list[str] | None, as_json: bool, links: bool = False) -> None:
    """Look up and print (the parameters are those of the command, as click gives them); exits
    1 when no card matches the name well, or when several do (they are listed)."""
    text = " ".join(name)
    catalog = open_catalog(None)  # cards and rulings have no edition
    check_langs(langs, None, N_("cards"))  # what the card lacks in the languages asked, the output says
    match = match_card(catalog, text)
    if match.kind == "none":
        if as_json:
            echo_json({"match": match.to_dict(), "suggestions": [c.to_dict() for c in match.suggestions]})
        if match.suggestions:
            echo("mtgrules: " + _("no card named {name!r} in the corpus; the closest names:").format(name=text), err=True)
            for line in _candidate_lines(match):
                echo(line, err=True)
        else:
            echo("mtgrules: " + _("no card named {name!r} in the corpus").format(name=text), err=True)
        sys.exit(1)
    if len(match.candidates) > 1:
        if as_json:
            echo_json({"match": match.to_dict(), "candidates": [c.card for c in match.candidates],
                       "names": [c.to_dict() for c in match.candidates], "total": match.total})
        echo("mtgrules: " + ngettext("{count} card matches {name!r}:", "{count} cards match {name!r}:",
                                     match.total or 0).format(count=match.total, name=text), err=True)
        for line in _candidate_lines(match):
            echo(line, err=True)
        if (match.total or 0) > len(match.candidates):
            echo("  " + _("… and {count} more: give more of the name").format(count=(match.total or 0) - len(match.candidates)),
                 err=True)
        sys.exit(1)
    from mtgrules.lookup import engine_links

    found = match.candidates[0]
    shown = langs if langs is not None else list(dict.fromkeys(
        lang for lang in (found.lang, interface_language()) if lang != "en"))
    # --json without --lang gives every language; the readable output only those shown.
    entry = card_entry(catalog, found.card, None if as_json and langs is None else shown, engine_links.load(), shown)
    entry["match"] = match.to_dict()
    if as_json:
        echo_json(entry)
    else:
        _print_card(entry, shown, match, links)
