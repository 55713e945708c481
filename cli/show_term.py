"""What `mtgrules term` shows, without click (`mtgrules.cli.term` is the command's click
definition, which calls `show`).

Renders what `mtgrules.lookup.terms` finds for WORD (any of the term's names or forms in any
language, in any case, with or without accents, or words the lexicon translates into its
English name): the definition in the asked languages (the English glossary text when a language
has none, said so), the names in each language with where each came from and how sure it is
(a name learned from data shows its confidence, never "certain"), and the rules defining it.
"""

from __future__ import annotations

import sys

from mtgrules.cli.corpus import check_langs, edition_label, open_catalog
from mtgrules.cli.output import echo, echo_json, echo_wrapped, style, wrap
from mtgrules.cli.terminal import safe_data
from mtgrules.i18n import N_, _, interface_language

# The kinds of source a name comes from (`mtgrules.lookup.terms.SourceKind`), as shown.
_KINDS = {"rules": N_("rules"), "glossary": N_("glossary"), "keyword table": N_("keyword table"),
          "aligned title": N_("aligned title"), "card texts": N_("card texts"), "quoted in a rule": N_("quoted in a rule")}


def _sure(confidence: float | None) -> str:
    return _("certain") if confidence is None else _("learned, {confidence}").format(confidence=f"{confidence:.2f}")


def _source(source: dict) -> str:
    confidence = "" if source["confidence"] is None else f" {source['confidence']:.2f}"
    kind = _(_KINDS[source["kind"]]) if source["kind"] in _KINDS else source["kind"]
    return f"{kind}{confidence} ({source['where']})"


def _print_entry(data: dict) -> None:
    data = safe_data(data)
    rules = ", ".join(r["number"] for r in data["rules"])
    heading = data["term"] or style(_("(no English name known)"), dim=True)
    edition = style(f"  [{data['edition']}]", dim=True) if data["edition"] else ""
    echo(style(heading, bold=True) + (f"  ({rules})" if rules else "") + edition)
    if data["translation"]:
        echo(wrap(style(_("found by translating: {translation}").format(translation=data["translation"]), dim=True), indent="  "))
    for definition in data["definitions"]:
        label = style(definition["lang"], fg="cyan")
        echo(f"  {label}  " + wrap(definition["text"], indent="      ").lstrip())
        echo_wrapped(f"({definition['from']}, {definition['source'].rsplit('/', 1)[-1]})", indent="      ", dim=True)
    if data["missing_definitions"]:
        shown = ", ".join(d["lang"] for d in data["definitions"]) or _("none")
        echo_wrapped(_("(no {langs} definition in the corpus; shown: {shown})").format(
            langs=", ".join(data["missing_definitions"]), shown=shown), indent="  ", dim=True)
    if data["defining_rule"]:
        number = data["defining_rule"]
        title = next((r["title"] for r in data["rules"] if r["number"] == number), None)
        echo("  " + _("defined in rule {number}").format(number=number) + (f"  {title}" if title else ""))
    echo("  " + _("names"))
    for lang, names in data["name_sources"].items():
        for name in names:
            sure = style(f"[{_sure(name['confidence'])}]", fg=None if name["certain"] else "yellow")
            echo(f"    {style(lang, fg='cyan')}  {name['name']}  {sure}")
            echo(wrap(style("; ".join(_source(s) for s in name["sources"]), dim=True), indent="          "))
    for rule in data["rules"]:
        echo(wrap(_("rule {number}").format(number=rule["number"]) + (f"  {rule['title']}" if rule["title"] else ""), indent="  "))
    echo()


def show(word: tuple[str, ...], langs: list[str] | None, edition: str | None, as_json: bool) -> None:
    """Look up and print (the parameters are those of the command, as click gives them); exits
    1 when no term has that name."""
    from mtgrules.lookup.terms import Dictionary

    text = " ".join(word)
    catalog = open_catalog(edition)
    dictionary = Dictionary(catalog)
    check_langs(langs, dictionary.languages, N_("term names"))
    found = dictionary.find(text)
    if not found.entries:
        similar = dictionary.similar(text)
        hint = _("; did you mean: {names}").format(names=", ".join(similar)) if similar else ""
        echo("mtgrules: " + _("no term {word!r} in the corpus ({edition})").format(word=text, edition=edition_label(catalog)) + hint,
             err=True)
        sys.exit(1)
    if langs is None and interface_language() != "en":
        langs = [interface_language()]  # the person's language, English beside where it has none
    for entry in found.entries:
        data = dictionary.describe(entry, langs, found, text)
        if as_json:
            echo_json(data)
        else:
            _print_entry(data)
