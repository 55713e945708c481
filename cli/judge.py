"""`mtgrules judge FILE...`: run scenarios through the engine and cite the rule of every event;
with `--check`, say whether the engine agrees with what each scenario expects.

Thin on purpose: `scenario.load` checks a file (a bad one is one line naming file, line and key,
exit 2, raised as a `ScenarioError`), `judging.judge` runs it, `expect` compares, `board` and
`messages` say what to show; this module only renders. For people: each step with its events,
said in `--lang`, the cited rule's text in that language, then the board at the end. For
scripts (`--json`): one object per event, then one object for the board (`{"board": …}`), the
last line of each scenario; with `--check`, one object per scenario.
"""

from __future__ import annotations

import sys

import click

from mtgrules.cli import translated
from mtgrules.cli.corpus import VIEW_EDITION, open_catalog
from mtgrules.cli.editions import edition_option
from mtgrules.cli.output import echo_json, style
from mtgrules.cli.study import lang_option, show_citation
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_
from mtgrules.study import board, citations, expect, judging, scenario
from mtgrules.study.messages import LANGS, event_text, ui
from mtgrules.study.report import board_lines, event_rows
from mtgrules.study.tomllines import line_of, render_path


def _print(judgement: judging.Judgement, texts: citations.RuleTexts, lang: str) -> None:
    click.echo(style(safe(judgement.scenario.title), bold=True) + style(f"  ({safe(str(judgement.scenario.source))})", dim=True))
    shown: set[str] = set()
    for step in judgement.steps:
        if step.action is None:
            if not step.events and judgement.scenario.actions:
                continue
            click.echo("\n" + ui("board_as_given", lang))
        else:
            click.echo(f"\n{step.index}. " + style(safe(judging.describe_action(step.action)), fg="cyan"))
        if step.illegal:
            click.echo("  " + style(ui("illegal", lang, why=safe(event_text(step.illegal, lang))), fg="red"))
        elif not step.events:
            click.echo(style("  " + ui("nothing_happens", lang), dim=True))
        for event in step.events:
            click.echo(f"  {style(event.rule, bold=True)} — {safe(event_text(event.text, lang))}")
            if event.rule not in shown:
                shown.add(event.rule)
                show_citation(texts.cite(event.rule, lang), lang)
    click.echo("\n" + ui("board_at_end", lang))
    for line in board_lines(board.board(judgement.state), lang):
        click.echo(safe(line))
    verdict = judgement.verdict()
    if verdict is not None:
        click.echo()
        _print_verdict(judgement.scenario, verdict, lang)


def _mismatch_line(checked: scenario.Scenario, mismatch: expect.Mismatch) -> str:
    line = line_of(checked.lines, mismatch.path)
    where = f"{checked.source}:{line}" if line else checked.source
    return f"{where}: {render_path(mismatch.path)}: {mismatch.message}"


def _print_verdict(checked: scenario.Scenario, verdict: expect.Verdict, lang: str) -> None:
    if verdict.agrees:
        click.echo(f"{safe(str(checked.source))}: " + style(ui("agrees", lang, n=verdict.expectations), fg="green"))
        return
    click.echo(f"{safe(str(checked.source))}: " + style(ui("disagrees", lang), fg="red"))
    for mismatch in verdict.mismatches:
        click.echo("  " + safe(_mismatch_line(checked, mismatch)))


def _check(files: tuple[str, ...], as_json: bool, lang: str) -> int:
    """Load every file first (a bad one stops everything with exit 2), then judge and compare."""
    loaded = [scenario.load(file) for file in files]
    for checked in loaded:
        if checked.expect is None:
            raise scenario.ScenarioError(checked.source, "no [expect] table to check the engine against")
    agree = 0
    for checked in loaded:
        verdict = judging.judge(checked).verdict()
        assert verdict is not None
        agree += verdict.agrees
        if as_json:
            echo_json({"file": checked.source, "agrees": verdict.agrees, "expectations": verdict.expectations,
                       "mismatches": [{"line": line_of(checked.lines, m.path), "key": render_path(m.path), "message": m.message}
                                      for m in verdict.mismatches]})
        else:
            _print_verdict(checked, verdict, lang)
    if not as_json and len(loaded) > 1:
        click.echo(ui("check_summary", lang, n=len(loaded), ok=agree, bad=len(loaded) - agree))
    return 0 if agree == len(loaded) else 1


def judging_lang(texts: citations.RuleTexts | None) -> str:
    """The language of the judging without --lang: the person's, when the judge speaks it
    (English, Spanish, French), else the corpus's fullest language (English without a corpus)."""
    from mtgrules.i18n import interface_language

    lang = interface_language()
    if lang in LANGS:
        return lang
    return citations.default_lang(texts) if texts is not None else "en"


@click.command(cls=Command, help=N_(
    "Judge the scenarios in FILES (TOML; see examples/README.md): perform their actions, check state-based actions, "
    "cite the rule behind every event and show the board at the end. Rules are cited from one edition (--edition, "
    "default the newest English edition ingested).\n\n"
    "Exit codes: 0 judged (with --check: the engine agrees with every file), 1 the engine disagrees with a file's "
    "[expect] (--check), 2 a bad scenario file (the message names the file, line and key)."
))
@click.argument("files", nargs=-1, metavar=N_("FILES..."), required=True, type=translated.Path(dir_okay=False))
@lang_option(N_("Language of the messages and the cited rules' text (default: yours)."))
@edition_option(VIEW_EDITION)
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object per event, then one for the board; for scripts."))
@click.option("--check", is_flag=True, help=N_("Only say whether the engine agrees with each file's [expect]."))
def judge(files: tuple[str, ...], lang: str | None, edition: str | None, as_json: bool, check: bool) -> None:
    if check:
        lang = lang or judging_lang(None)
        sys.exit(_check(files, as_json, lang))
    loaded = [scenario.load(file) for file in files]
    texts = citations.RuleTexts.of_view(open_catalog(edition))
    lang = lang or judging_lang(texts)
    for position, checked in enumerate(loaded):
        judgement = judging.judge(checked)
        if as_json:
            for row in event_rows(judgement, texts, lang):
                echo_json(row)
            echo_json({"board": board.board(judgement.state)})
        else:
            if position:
                click.echo()
            _print(judgement, texts, lang)
