"""`mtgrules quiz`: questions from the corpus, with spaced repetition kept between sessions.

The session reads one answer per line from stdin, so it works the same typed at a terminal or
piped from a file (`printf '704.5g\\n2\\n' | mtgrules quiz --count 2 --seed 1`), and ends with
`score: R/N` as its last line (the word in the person's language, R/N as the line's end, for
scripts). An empty reply, a word that
is no choice or a choice out of range is asked again, in the question's language, not scored.
Each answer is saved as soon as it is given (`progress`), so
Ctrl-C, `q`, or the end of stdin stop the session cleanly with nothing answered lost: Ctrl-C
exits 130 (the shell's convention for an interrupt), the others 0.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections import Counter

import click

from mtgrules.cli import translated
from mtgrules.cli.corpus import VIEW_EDITION, open_catalog
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import writes_data
from mtgrules.cli.output import style, terminal_width, wrap
from mtgrules.cli.study import lang_option, show_citation
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import Command
from mtgrules.cli.width import fit
from mtgrules.i18n import N_, _, ngettext
from mtgrules.study import citations, progress
from mtgrules.study import quiz as questions
from mtgrules.study.messages import ui, words_lang

QUIT = ("q", "quit", "exit", "salir", "quitter")
# The question kinds as the header of a question names them.
KIND_NAMES = {"number": N_("number"), "text": N_("text"), "scenario": N_("scenario")}



def _read_answer(interactive: bool) -> str | None:
    """One answer, or None at the end of input. On a terminal `input` gives line editing;
    from a pipe the answer is echoed so the transcript reads like a session."""
    if interactive:
        try:
            return input(_("answer> "))  # plain: colour codes in a prompt confuse line editing
        except EOFError:
            return None
    click.echo(_("answer> "), nl=False)
    line = sys.stdin.readline()
    if not line:
        click.echo()
        return None
    click.echo(line.rstrip("\n"))
    return line.rstrip("\r\n")


def _ask(question: questions.Question, position: int, total: int) -> None:
    about = f" · {question.section} · {_(KIND_NAMES.get(question.kind, question.kind))} · {question.lang}"
    click.echo(style("\n" + ui("question", words_lang(question.lang), i=position, n=total), bold=True) + style(about, dim=True))
    if question.body:  # a board is laid out line by line already; a rule's text is one paragraph
        click.echo(safe(question.body, lines=True) if question.kind == "scenario" else wrap(question.body, indent="  "))
    click.echo(style(safe(question.prompt, lines=True), bold=True))
    width = terminal_width()
    for number, choice in enumerate(question.choices, start=1):
        marker = f"  {number}) "
        if question.kind == "text":
            # A rule's text: one line each, to compare at a glance; the full text of the right
            # one follows the answer (its citation).
            click.echo(marker + fit(" ".join(safe(choice).split()), width - len(marker)))
        else:  # what happens on a board: the difference may be at the end, so all of it
            click.echo(wrap(choice, indent="     ").replace("     ", marker, 1))


def _explain(question: questions.Question, right: bool) -> None:
    """The verdict, then why: each event (or the rule asked about) with the cited rule's text."""
    if right:
        click.echo(style(ui("correct", words_lang(question.lang)), fg="green"))
    else:
        click.echo(style(ui("wrong", words_lang(question.lang), answer=safe(question.answer)), fg="red"))
    for line, citation in question.explanation:
        click.echo(f"  {safe(line)}")
        if citation is not None:
            show_citation(citation, question.lang)


def _stats(texts: citations.RuleTexts, lang: str | None, section: str | None, default_lang: str) -> None:
    """Progress per section: questions seen of those available, answers, share right, due now,
    and questions per Leitner box. Sections not studied yet are summed up in one line unless
    asked for with --section: with the English rules there are over a hundred of them. Without
    --lang, the languages studied, else `default_lang`."""
    with progress.Progress() as held:
        rows = [row for row in held.stats() if questions.matches_section(row.section, section)]
    langs = [lang] if lang else sorted({row.lang for row in rows}) or [default_lang]
    heads = [_("lang"), _("section"), _("seen"), _("answered"), _("right"), _("due")]
    click.echo(f"{heads[0]:<5}{heads[1]:<9}{heads[2]:>10}{heads[3]:>10}{heads[4]:>7}{heads[5]:>5}   " + _("boxes 1-5"))
    for code in langs:
        available = Counter(candidate.section for candidate in questions.build_pool(texts, code, section=section))
        studied = {row.section: row for row in rows if row.lang == code}
        shown = set(studied) | (set(available) if section else set())
        for name in sorted(shown, key=lambda s: s.zfill(4)):
            row = studied.get(name)
            seen = f"{row.items if row else 0}/{available[name]}"
            if row is None:
                click.echo(f"{code:<5}{name:<9}{seen:>10}{0:>10}{'-':>7}{0:>5}   -")
                continue
            right = f"{round(100 * row.correct / row.answered)}%"
            click.echo(f"{code:<5}{name:<9}{seen:>10}{row.answered:>10}{right:>7}{row.due:>5}   "
                       + " ".join(str(n) for n in row.boxes))
        rest = set(available) - shown
        if rest:
            click.echo(f"{code:<5}" + _("+ {sections} more section(s), {questions} questions, not studied yet (--section shows one)")
                       .format(sections=len(rest), questions=sum(available[s] for s in rest)))


@click.command(cls=Command, help=N_(
    "Study the rules: answer one question per line; `q` stops; Ctrl-C saves and stops.\n\n"
    "Progress is kept per question with spaced repetition (Leitner boxes): missed questions come back first, known "
    "ones less and less often. Exit codes: 0 done, 1 nothing to ask, 130 interrupted."
))
@lang_option(N_("Language of the questions (default: yours, when the corpus has rules in it)."))
@click.option("--section", metavar=N_("SECTION"), help=N_("Only this section (704) or chapter (7)."))
@click.option("--kind", "kinds", type=click.Choice(questions.KINDS), multiple=True,
              help=N_("Question kinds (repeatable; default: all): number = give a rule's number, "
                     "text = choose a rule's text, scenario = what happens on a board."))
@click.option("--count", metavar="N", type=translated.IntRange(min=1), default=10, show_default=True, help=N_("Questions to ask."))
@click.option("--seed", metavar="N", type=translated.Integer(), help=N_("Make the questions and their order reproducible."))
@click.option("--stats", is_flag=True, help=N_("Show progress per section instead of asking."))
@edition_option(VIEW_EDITION)
@writes_data
def quiz(lang: str | None, section: str | None, kinds: tuple[str, ...], count: int, seed: int | None,
         stats: bool, edition: str | None) -> None:
    if section is not None and not (section.isdigit() and len(section) in (1, 3)):
        raise click.BadParameter(_("{section!r}: give a section such as 704, or a chapter such as 7").format(section=section),
                                 param_hint="--section")
    texts = citations.RuleTexts.of_view(open_catalog(edition))
    if stats:
        _stats(texts, lang, section, citations.preferred_lang(texts))
        return
    lang = lang or citations.preferred_lang(texts)
    kinds = kinds or questions.KINDS
    pool = questions.build_pool(texts, lang, kinds, section)
    if not pool:
        what = "/".join(_(KIND_NAMES.get(kind, kind)) for kind in kinds)
        message = (_("nothing to ask: no {kinds} questions in {lang!r} in section {section} (see `mtgrules quiz --stats` for what the"
                     " corpus holds)") if section else
                   _("nothing to ask: no {kinds} questions in {lang!r} (see `mtgrules quiz --stats` for what the corpus holds)"))
        click.echo("mtgrules: " + message.format(kinds=what, lang=lang, section=section), err=True)
        sys.exit(1)
    rng = random.Random(seed)
    sys.exit(_session(pool, count, rng, lang))


def _answer(question: questions.Question, interactive: bool) -> str | None:
    """A reply that is an answer (or `q`), asking again after an empty, unknown or
    out-of-range one; None at the end of input."""
    while True:
        reply = _read_answer(interactive)
        if reply is None or reply.strip().lower() in QUIT or question.valid(reply):
            return reply
        key = "reask_choice" if question.choices else "reask_number"
        click.echo(style(ui(key, words_lang(question.lang), n=len(question.choices)), fg="yellow"))


def _session(pool: list[questions.Candidate], count: int, rng: random.Random, lang: str) -> int:
    interactive = sys.stdin.isatty()
    answered = right_count = 0
    with progress.Progress() as held:
        rng.shuffle(pool)
        by_item = {candidate.item: candidate for candidate in pool}
        ordered = progress.order(list(by_item), held.states())
        total = min(count, len(ordered))
        if total < count:
            click.echo("mtgrules: " + ngettext("only {count} question to ask here", "only {count} questions to ask here", total)
                       .format(count=total), err=True)
        if interactive:
            # Importing readline gives input() line editing and history; it is not on every
            # platform, and input() works without it.
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401
            click.echo(style(ui("instructions", words_lang(lang)), dim=True))
        asked = 0
        try:
            for item in ordered:
                if asked == total:
                    break
                question = by_item[item].make(rng)
                if question is None:  # no question with enough plausible choices: on to the next
                    continue
                asked += 1
                _ask(question, asked, total)
                reply = _answer(question, interactive)
                if reply is None:
                    click.echo("mtgrules: " + _("no more answers: stopped after {answered} of {total}; progress saved").format(
                        answered=answered, total=total), err=True)
                    break
                if reply.strip().lower() in QUIT:
                    break
                right = question.check(reply)
                held.record(question.item, question.kind, question.lang, question.section, right)
                answered += 1
                right_count += right
                _explain(question, right)
        except KeyboardInterrupt:
            click.echo()  # end the prompt's line
            click.echo("mtgrules: " + ngettext("interrupted: {count} answer saved", "interrupted: {count} answers saved", answered)
                       .format(count=answered), err=True)
            click.echo(_("score: {right}/{answered}").format(right=right_count, answered=answered))
            return 130
    click.echo(_("score: {right}/{answered}").format(right=right_count, answered=answered))
    return 0

