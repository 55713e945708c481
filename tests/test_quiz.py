"""`mtgrules quiz` sessions end to end: answers from stdin, score, seeds, spaced repetition kept
in SQLite, interrupted sessions (end of input, Ctrl-C) keeping what was answered."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import sqlite3
import sys
import time

import pytest
from click.testing import CliRunner
from conftest import corpus_file

from mtgrules.cli.main import cli


def run(*arguments: str, answers: str | io.IOBase = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["quiz", *arguments], input=answers)
    return result.exit_code, result.stdout, result.stderr


def right_answers(output: str, given: str = "1") -> list[str]:
    """What each question's right answer was, read from the verdicts (English, Spanish or
    French); `given` where the reply was right."""
    verdicts = re.finditer(r"^(?:(?:wrong — the answer is|incorrecto — la respuesta es|faux — la réponse est) (\S+)"
                           r"|(correct|correcto))$", output, re.M)
    return [m.group(1) or given for m in verdicts]


def score(output: str) -> tuple[int, int]:
    right, answered = re.fullmatch(r"score: (\d+)/(\d+)", output.splitlines()[-1]).groups()
    return int(right), int(answered)


def saved(home) -> list[tuple]:
    with sqlite3.connect(home / "quiz.sqlite3") as db:
        return db.execute("SELECT item, box, answered, correct FROM items ORDER BY item").fetchall()


def test_a_seeded_session_is_reproducible_and_scored(isolated_home, tmp_path, monkeypatch):
    code, first, _ = run("--lang", "es", "--count", "5", "--seed", "7", answers="1\n" * 5)  # "1": an answer to any question
    assert code == 0 and score(first)[1] == 5
    answers = right_answers(first)
    assert len(answers) == 5
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path / "another-home"))  # same seed, no progress yet
    code, second, _ = run("--lang", "es", "--count", "5", "--seed", "7", answers="\n".join(answers) + "\n")
    assert code == 0 and second.splitlines()[-1] == "score: 5/5"
    assert second.count("\ncorrecto\n") == 5
    # The same questions in the same order: everything but the verdicts is identical.
    strip = lambda text: re.sub(r"^(answer> .*|incorrecto — .*|correcto|score: .*)$", "", text, flags=re.M)  # noqa: E731
    assert strip(first) == strip(second)


def test_number_answers_are_forgiving_about_form(isolated_home):
    code, first, _ = run("--lang", "es", "--kind", "number", "--count", "1", "--seed", "3", answers="1\n")
    assert code == 0
    number = right_answers(first)[0]
    assert re.fullmatch(r"70[14]\.\d+[a-z]+", number)
    # Missed, so due again at once: the next session asks it first.
    code, second, _ = run("--lang", "es", "--kind", "number", "--count", "1", "--seed", "99",
                          answers=f"Regla {number.upper()}.\n")
    assert code == 0 and second.splitlines()[-1] == "score: 1/1"
    assert saved(isolated_home) == [(f"number:es:{number}", 2, 2, 1)]


def test_text_questions_offer_four_sibling_texts_in_spanish(isolated_home):
    code, output, _ = run("--lang", "es", "--kind", "text", "--section", "704", "--count", "1", "--seed", "1",
                          answers="1\n")
    assert code == 0
    assert re.search(r"^¿Qué dice la regla 704\.5[a-z]+\?$", output, re.M)
    assert [line[:5] for line in output.splitlines() if re.match(r"  \d\) ", line)] == ["  1) ", "  2) ", "  3) ", "  4) "]
    assert output.count("Si ") >= 4  # Spanish rule texts, the right one and three siblings


def test_scenario_questions_are_checked_by_the_engine_and_explained_with_citations(isolated_home, tmp_path, monkeypatch):
    arguments = ("--lang", "es", "--kind", "scenario", "--section", "704", "--count", "6", "--seed", "5")
    code, first, _ = run(*arguments, answers="1\n" * 6)
    assert code == 0 and first.count("¿Qué ocurre?") == 6
    assert "Campo de batalla (en el orden en que entraron):" in first
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path / "again"))
    code, second, _ = run(*arguments, answers="\n".join(right_answers(first)) + "\n")
    assert second.splitlines()[-1] == "score: 6/6"
    # Each event explained with the rule it follows, and that rule's Spanish text from the seeds.
    assert re.search(r"^  704\.5[a-z]+ — .+$", second, re.M)
    assert re.search(r"^    Si (una criatura|un jugador|un permanente)", second, re.M)


def test_spaced_repetition_asks_missed_questions_first_and_stats_show_progress(isolated_home):
    run("--lang", "es", "--kind", "number", "--count", "3", "--seed", "1", answers="1\n1\n1\n")
    code, first, _ = run("--lang", "es", "--kind", "number", "--count", "4", "--seed", "2", answers="1\n1\n1\n1\n")
    missed = right_answers(first)
    assert len({row[0] for row in saved(isolated_home)}) == 4  # three missed again, one new
    assert all(box == 1 for _, box, _, _ in saved(isolated_home))
    code, stats, _ = run("--stats", "--lang", "es", "--section", "7")
    assert code == 0
    lines = stats.splitlines()
    assert lines[0].split() == ["lang", "section", "seen", "answered", "right", "due", "boxes", "1-5"]
    rows = {line.split()[1]: line.split() for line in lines[1:]}
    assert set(rows) == {"701", "704"}
    answered = sum(int(rows[s][3]) for s in rows)
    assert answered == 7 and len(missed) == 4
    assert rows["701"][2].endswith(f"/{available('701')}") and rows["704"][2].endswith(f"/{available('704')}")  # seen/available


def available(section: str) -> int:
    """The Spanish questions the seeds give in a section (rules and the examples' scenarios), as
    the library counts them: the stats must agree with it, whatever scenarios examples/ holds."""
    from mtgrules.lookup.catalog import Catalog
    from mtgrules.study import citations
    from mtgrules.study import quiz as questions

    texts = citations.RuleTexts.of_view(Catalog.load(None))
    return sum(1 for candidate in questions.build_pool(texts, "es") if candidate.section == section)


def test_stats_before_any_answer_sum_up_what_there_is_to_study(isolated_home):
    code, stats, _ = run("--stats")
    assert code == 0
    both = available("701") + available("704")
    assert stats.splitlines()[1] == f"es   + 2 more section(s), {both} questions, not studied yet (--section shows one)"
    run("--lang", "es", "--section", "701", "--kind", "number", "--count", "1", answers="1\n")
    lines = run("--stats")[1].splitlines()
    assert lines[1].split() == ["es", "701", f"1/{available('701')}", "1", "0%", "1", "1", "0", "0", "0", "0"]
    assert lines[2] == f"es   + 1 more section(s), {available('704')} questions, not studied yet (--section shows one)"


def test_stats_read_the_corpus_once(isolated_home, monkeypatch):
    from mtgrules.lookup.catalog import Catalog

    calls = []
    read = Catalog.texts
    monkeypatch.setattr(Catalog, "texts", lambda *a: calls.append(a) or read(*a))
    code, stats, _ = run("--stats")  # nothing studied: the default language comes from the corpus
    assert code == 0 and stats.splitlines()[1].startswith("es   + 2 more section(s)")
    assert len(calls) == 1


def test_end_of_input_stops_cleanly_keeping_what_was_answered(isolated_home):
    code, output, errors = run("--lang", "es", "--count", "4", "--seed", "1", answers="1\n1\n")
    assert code == 0
    assert score(output)[1] == 2
    assert "no more answers: stopped after 2 of 4; progress saved" in errors
    assert sum(row[2] for row in saved(isolated_home)) == 2


class InterruptAtEnd(io.BytesIO):
    """Stdin that gives its lines, then, where the end of input would be, behaves as if Ctrl-C
    were pressed while the quiz waits for the next answer."""

    def read(self, size: int = -1) -> bytes:
        data = super().read(size)
        if not data and size != 0:  # read(0) is click probing for a binary stream
            raise KeyboardInterrupt
        return data

    read1 = read


def test_ctrl_c_saves_progress_and_exits_130(isolated_home):
    code, output, errors = run("--lang", "es", "--count", "5", "--seed", "1", answers=InterruptAtEnd(b"1\n1\n1\n"))
    assert code == 130
    assert "interrupted: 3 answers saved" in errors and "Traceback" not in output + errors
    assert score(output)[1] == 3
    assert sum(row[2] for row in saved(isolated_home)) == 3


def test_empty_unknown_and_out_of_range_answers_are_asked_again_not_scored(isolated_home):
    code, output, _ = run("--lang", "es", "--kind", "text", "--section", "704", "--count", "1", "--seed", "1",
                          answers="\ncuatro\n9\n0\n2\n")
    assert code == 0 and score(output) in ((0, 1), (1, 1))
    assert output.count("Responde con un número del 1 al 4 (o q para terminar).") == 4
    code, output, _ = run("--lang", "es", "--kind", "number", "--count", "1", "--seed", "1", answers="\nseven\n704.5x\n")
    assert output.count("Responde con un número de regla como 704.5g (o q para terminar).") == 2
    assert score(output) in ((0, 1), (1, 1))
    with sqlite3.connect(isolated_home / "quiz.sqlite3") as db:
        assert db.execute("SELECT SUM(answered) FROM items").fetchone() == (2,)


def test_q_stops_the_session(isolated_home):
    code, output, _ = run("--lang", "es", "--count", "3", "--seed", "1", answers="1\nq\n")
    assert code == 0 and score(output)[1] == 1


def test_nothing_to_ask_exits_1_with_a_clear_message(isolated_home):
    code, _, errors = run("--section", "999")
    assert code == 1 and "nothing to ask" in errors and "section 999" in errors
    code, _, errors = run("--lang", "es", "--section", "702")  # gift rules: not in the Spanish seeds
    assert code == 1
    code, _, errors = run("--section", "70x")
    assert code == 2 and "give a section such as 704" in errors


def test_english_rules_open_every_section_and_the_gift_and_energy_scenarios(isolated_home):
    assert CliRunner().invoke(cli, ["ingest", str(corpus_file("cr/en-20260807.txt"))]).exit_code == 0
    code, output, _ = run("--kind", "scenario", "--section", "702", "--count", "2", "--seed", "1", answers="1\n1\n")
    assert code == 0 and "What happens?" in output  # English is the default language now
    assert "702.174" in output
    code, output, _ = run("--lang", "es", "--kind", "scenario", "--section", "107", "--count", "1", "--seed", "1",
                          answers="1\n")
    assert code == 0 and "¿Qué ocurre?" in output
    assert "nota: no hay texto en es de 107.14 en el corpus; texto en inglés" in output
    code, output, _ = run("--kind", "text", "--section", "100", "--count", "1", "--seed", "1", answers="1\n")
    assert code == 0 and re.search(r"^What does rule 100\.\d+[a-z]+ say\?$", output, re.M)
    # In French: the prompt, the board, the outcomes, the verdict and the re-asking.
    code, output, _ = run("--lang", "fr", "--kind", "scenario", "--section", "704", "--count", "1", "--seed", "2",
                          answers="\n9\n1\n")
    assert code == 0 and "Que se passe-t-il ?" in output and "20 points de vie" in output
    assert output.count("Répondez par un nombre de 1 à ") == 2 and re.search(r"^(correct|faux — la réponse est \d)$", output, re.M)


def test_a_real_terminal_session_interrupted_by_ctrl_c(tmp_path):
    """On a pseudo-terminal: the prompt, input(), and a real SIGINT from the terminal's ^C."""
    environment = {**os.environ, "MTGRULES_HOME": str(tmp_path / "home")}
    pid, terminal = pty.fork()
    if pid == 0:  # the child: the quiz on the terminal
        # As a shell starts a foreground command: Ctrl-C's SIGINT at its default, even when this
        # test runs in a background job without job control (which inherits SIGINT ignored).
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execvpe(sys.executable, [sys.executable, "-m", "mtgrules", "quiz", "--lang", "es", "--kind", "number",
                                    "--count", "3", "--seed", "1"], environment)
    seen = b""

    def read_until(marker: bytes, times: int) -> None:
        nonlocal seen
        deadline = time.monotonic() + 30
        while seen.count(marker) < times and time.monotonic() < deadline:
            if select.select([terminal], [], [], 0.2)[0]:
                try:
                    seen += os.read(terminal, 4096)
                except OSError:  # the child closed the terminal
                    return

    read_until(b"answer> ", 1)
    os.write(terminal, b"704.5a\r")
    read_until(b"answer> ", 2)
    # What Ctrl-C sends: the terminal turns it into SIGINT. The prompt is printed a moment
    # before input() waits for a key; a SIGINT in between is only acted on at the next key
    # (CPython's readline checks for signals when its select() is interrupted), so wait for
    # the prompt to settle, and press Ctrl-C once more if the first one fell in that gap, as
    # a person would.
    time.sleep(0.5)
    os.write(terminal, b"\x03")
    read_until(b"score:", 1)
    if b"score:" not in seen:
        os.write(terminal, b"\x03")
        read_until(b"score:", 1)
    text = seen.decode("utf-8", "replace")
    deadline = time.monotonic() + 30
    while (ended := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    if ended[0] == 0:  # never hang the suite on a quiz that did not stop
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail(f"the quiz was still running 30 s after Ctrl-C; the terminal showed:\n{text}")
    status = ended[1]
    assert os.waitstatus_to_exitcode(status) == 130, text
    assert "Ctrl-C guarda y termina" in text and "Pregunta 2/3" in text
    assert "interrupted: 1 answer saved" in text and "score: " in text and "Traceback" not in text
    assert sum(row[2] for row in saved(tmp_path / "home")) == 1
