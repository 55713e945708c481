"""`mtgrules judge FILE`: run a scenario through the engine and cite the rule of every event.

Thin on purpose: `scenario.load` checks the file (a bad one is one line naming file, line and
key, exit 2, raised as a `ScenarioError`), `judging.judge` runs it, and this module only
renders: for people, each step with its events and the cited rule's text in `--lang`; for
scripts (`--json`), one object per event.
"""

from __future__ import annotations

import click

from mtgrules.align import linking
from mtgrules.cli.output import echo_json, style
from mtgrules.cli.study import lang_option, show_citation
from mtgrules.study import citations, judging, scenario


def event_rows(judgement: judging.Judgement, texts: citations.RuleTexts, lang: str) -> list[dict]:
    """Every event as the JSON object `--json` prints; a refused action is an event too, with
    no rule, so a script sees it in sequence."""
    rows: list[dict] = []
    for step in judgement.steps:
        action = step.action["do"] if step.action else None
        if step.illegal:
            rows.append({"step": step.index, "action": action, "rule": None, "event": "illegal action",
                         "objects": [], "players": [], "message": step.illegal, "text": None, "text_lang": None,
                         "note": "the engine refused this action; it changed nothing"})
        for event in step.events:
            cited = texts.cite(event.rule, lang)
            rows.append({"step": step.index, "action": action, "rule": event.rule, "event": event.event,
                         "objects": list(event.objects), "players": list(event.players), "message": event.message,
                         "text": cited.text, "text_lang": cited.lang, "note": cited.note})
    return rows


def _print(judgement: judging.Judgement, texts: citations.RuleTexts, lang: str) -> None:
    click.echo(style(judgement.scenario.title, bold=True) + style(f"  ({judgement.scenario.source})", dim=True))
    shown: set[str] = set()
    for step in judgement.steps:
        if step.action is None:
            if not step.events and judgement.scenario.actions:
                continue
            click.echo("\nThe board as given (state-based actions):")
        else:
            click.echo(f"\n{step.index}. " + style(judging.describe_action(step.action), fg="cyan"))
        if step.illegal:
            click.echo("  " + style(f"illegal: {step.illegal}", fg="red") + " (nothing changes)")
        elif not step.events:
            click.echo(style("  nothing happens", dim=True))
        for event in step.events:
            click.echo(f"  {style(event.rule, bold=True)} — {event.message}")
            if event.rule not in shown:
                shown.add(event.rule)
                show_citation(texts.cite(event.rule, lang))


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@lang_option("Language of the cited rules' text (default: the corpus's fullest language).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per event, for scripts.")
def judge(file: str, lang: str | None, as_json: bool) -> None:
    """Judge the scenario in FILE (TOML; see examples/README.md): perform its actions, check
    state-based actions, and cite the rule behind every event.

    Exit codes: 0 judged, 2 a bad scenario file (the message names the file, line and key).
    """
    checked = scenario.load(file)
    records = linking.all_records()
    texts = citations.RuleTexts(records)
    lang = lang or citations.default_lang(records)
    judgement = judging.judge(checked)
    if as_json:
        for row in event_rows(judgement, texts, lang):
            echo_json(row)
    else:
        _print(judgement, texts, lang)
