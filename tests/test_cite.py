"""`mtgrules cite`: rule citations found in texts as judges write them, checked against the five
real English editions, and renumbered ones rewritten.

The corpus in tests/cite/ is our own prose (no rules text): an English judge article in
Markdown, a Spanish one in HTML, a French one in plain text, a quiz, a Python and a Rust source
file, each citing rules of the 2024-06-07 edition. tests/cite/expected/ holds what `cite`
must report for each (one line per citation: place, status, each number's status and number
now, the rewrite) and the text `--fix` must print, checked by hand against the rules files:
Transform 701.28 (2024) is 701.27 and 701.28 is Convert; Convert 701.50 is 701.28 and 701.50
is Connive; Connive 701.47 is 701.50 and 701.47 is Amass; 704.5w (battle without protector)
is 704.5x and 704.5w a non-Siege battle at defense 0; 310.11b is 310.12b with nothing at
310.11b; 509.6 is gone; 510.1c–d lost the damage assignment order.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, corpus_file

from mtgrules.cli.main import cli
from mtgrules.lookup import prose, rule_mentions

CORPUS = REPO / "tests" / "cite"
EXPECTED = CORPUS / "expected"
TEXTS = sorted(path.name for path in CORPUS.iterdir() if path.is_file())
EDITIONS = ["2024-06-07", "2025-06-06", "2026-01-16", "2026-04-17", "2026-08-07"]


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    paths = [str(corpus_file(f"cr/en-{edition.replace('-', '')}.txt")) for edition in EDITIONS]
    home = tmp_path_factory.mktemp("cite-home")
    result = CliRunner(env={"MTGRULES_HOME": str(home)}).invoke(cli, ["ingest", *paths])
    assert result.exit_code == 0, result.output
    return home


@pytest.fixture
def run(corpus_home, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(corpus_home))

    def invoke(*args, input=None):
        return CliRunner().invoke(cli, list(args), input=input)

    return invoke


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def summary(entry: dict) -> dict:
    """What the expected files hold of a citation."""
    return {"line": entry["line"], "column": entry["column"], "text": entry["text"], "status": entry["status"],
            "numbers": [[n["number"], n["status"], n["now"]] for n in entry["numbers"]], "fix": entry["fix"]}


# --- finding citations (no data needed) ----------------------------------------------------


@pytest.mark.parametrize("text,numbers", [
    ("See rule 701.47.", [["701.47"]]),
    ("CR 704.5y applies", [["704.5y"]]),
    ("la regla 702.19b dice", [["702.19b"]]),
    ("voir la règle 704.5g.", [["704.5g"]]),
    ("§704.5g and § 704.5h", [["704.5g"], ["704.5h"]]),
    ("as 704.5 g says", [["704.5g"]]),
    ("704.5(g) too", [["704.5g"]]),
    ("704.5a–c apply", [["704.5a", "704.5b", "704.5c"]]),
    ("704.5a-704.5d", [["704.5a", "704.5b", "704.5c", "704.5d"]]),
    ("712.9–10", [["712.9", "712.10"]]),
    ("702.2b and c", [["702.2b", "702.2c"]]),
    ("reglas 704.5a, b y c.", [["704.5a", "704.5b", "704.5c"]]),
    ("rules 510.1c–d and 510.2", [["510.1c", "510.1d", "510.2"]]),
    ("règles 701.28a à 701.28c", [["701.28a", "701.28b", "701.28c"]]),
    ("regla 704,5g", [["704.5g"]]),
    ("rule 704 and CR 100", [["704"], ["100"]]),
    ("规则704.5g和704.5h", [["704.5g", "704.5h"]]),
    ("704.5aa, then 704.5z", [["704.5aa"], ["704.5z"]]),
])
def test_citations_are_found_in_the_forms_judges_write(text, numbers):
    assert [m.numbers for m in rule_mentions.mentions(text)] == numbers


@pytest.mark.parametrize("text,numbers", [
    ("704.5g and a creature with 3 damage", [["704.5g"]]),  # "a" is a word, not 704.5a
    ("rule 702.2b, e.g. a creature", [["702.2b"]]),  # nor "e.g." 702.2e
    ("rule 704.5 a player loses", [["704.5"]]),
    ("100 life, 704 cards, 3.5 mana", []),  # a section alone counts only after a word for "rule"
    ("at 192.168.1.1 or version 100.2.3", []),
    ("regla 704,5g but 704,5g bare", [["704.5g"]]),  # a decimal comma only after a word for "rule"
    ("704.5and", [["704.5"]]),
    ("Spanish la regla 704.5g, la otra", [["704.5g"]]),
])
def test_prose_around_numbers_is_not_read_as_citations(text, numbers):
    assert [m.numbers for m in rule_mentions.mentions(text)] == numbers


def test_a_citation_knows_where_each_written_number_is():
    text = "rules 510.1c–d and 702.2b, c"
    [mention] = rule_mentions.mentions(text)
    tokens = [(p.first, p.last) for p in mention.parts]
    assert [(t.written, text[t.start:t.end]) for first, last in tokens for t in (first, last) if t] == [
        ("510.1c", "510.1c"), ("d", "d"), ("702.2b", "702.2b"), ("c", "c")]
    assert (mention.start, mention.end, mention.prefixed) == (0, len(text), True)


@pytest.mark.parametrize("kind,text,kept,blanked", [
    ("python", 'x = 704.5  # rule 704.5g\ndef f():\n    """See 701.28a."""\n    return f"CR {x} 702.2b"\n',
     ["# rule 704.5g", '"""See 701.28a."""', "702.2b"], ["x = 704.5"]),
    ("c", "let q = '\"'; let t = 704.5; // rule 701.28\nlet s = \"CR 704.5y\"; /* 702.19b */ let r = r#\"701.50\"#;\nfn f<'a>() {}",
     ["// rule 701.28", '"CR 704.5y"', "/* 702.19b */", 'r#"701.50"#'], ["let t = 704.5"]),
    ("html", '<p title="704.5a">See <a href="https://x.org/704.5g">rule 704.5g</a>, 704.5a&ndash;c</p><script>"701.1"</script>',
     ["rule 704.5g", "704.5a–"], ["704.5a\"", "x.org/704.5g", "701.1"]),
    ("text", "See [rule 704.5g](https://example.org/cr/701.47) or https://example.org/701.50 now",
     ["[rule 704.5g"], ["701.47", "701.50"]),
])
def test_only_prose_is_read_and_offsets_are_kept(kind, text, kept, blanked):
    readable = prose.prose(text, kind)
    assert len(readable) == len(text) and readable.count("\n") == text.count("\n")
    assert all(part in readable for part in kept), readable
    assert not any(part in readable for part in blanked), readable


def test_the_kind_of_a_file_comes_from_its_name():
    assert [prose.kind_of(name) for name in ("a.py", "b.rs", "c.html", "d.md", "e.txt", "f.toml", "-")] == [
        "python", "c", "html", "text", "text", "hash", "text"]


# --- the corpus, against the five English editions -------------------------------------------


@pytest.mark.shared
@pytest.mark.parametrize("name", TEXTS)
def test_the_report_on_each_text_of_the_corpus(run, name):
    result = run("cite", "--json", str(CORPUS / name))
    assert result.exit_code == 1, result.output  # each cites rules renumbered or reused since
    entries = json_lines(result.stdout)
    expected = [json.loads(line) for line in (EXPECTED / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [summary(e) for e in entries] == expected
    # Written against 2024-06-07, and the guess says so without being told.
    assert {e["written_guess"]["edition"] for e in entries} == {"2024-06-07"}
    assert {e["edition"] for e in entries} == {"2026-08-07"}


@pytest.mark.shared
@pytest.mark.parametrize("name", TEXTS)
def test_fix_rewrites_the_renumbered_citations_and_nothing_else(run, name):
    result = run("cite", "--fix", str(CORPUS / name))
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == (EXPECTED / f"{name}.fixed").read_bytes()


@pytest.mark.shared
@pytest.mark.parametrize("name", TEXTS)
def test_a_fixed_text_cites_the_newest_edition_rightly(run, name, tmp_path):
    """Read as written for 2026-08-07, the fixed text cites only current rules: nothing
    renumbered or reused is left, only what 2026-08-07 lacks (509.6) and what was edited."""
    fixed = tmp_path / name
    fixed.write_bytes((EXPECTED / f"{name}.fixed").read_bytes())
    entries = json_lines(run("cite", "--json", "--written", "2026-08-07", str(fixed)).stdout)
    assert entries
    left = {(e["text"], e["status"]) for e in entries if e["status"] not in ("unchanged", "edited")}
    assert left <= {("509.6", "absent")}


@pytest.mark.shared
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_text_checked_against_the_edition_it_was_written_for_is_current(run, edition):
    """For each of the five editions: what a text cites in an edition is, in that edition,
    itself, and --fix leaves the text byte for byte as it is."""
    for name in TEXTS:
        path = str(CORPUS / name)
        entries = json_lines(run("cite", "--json", "--written", edition, "--edition", edition, path).stdout)
        assert {e["status"] for e in entries} <= {"unchanged", "absent", "unknown"}, (name, edition)
        fixed = run("cite", "--fix", "--written", edition, "--edition", edition, path)
        assert fixed.stdout_bytes == (CORPUS / name).read_bytes()


@pytest.mark.shared
def test_an_older_target_edition_says_what_changed_by_then(run):
    """Checked against 2025-06-06 instead of the newest: Transform is already 701.27 there,
    and 704.5w still the battle without a protector (it moved in 2026-08-07)."""
    entries = json_lines(run("cite", "--json", "--edition", "2025-06-06", str(CORPUS / "judge-article-en.md")).stdout)
    by_text = {e["text"]: e for e in entries}
    assert summary(by_text["rule 701.28"])["numbers"] == [["701.28", "reused", "701.27"]]
    assert summary(by_text["704.5w"])["numbers"] == [["704.5w", "unchanged", "704.5w"]]


@pytest.mark.shared
def test_the_written_edition_is_guessed_for_a_later_text_too(run):
    text = ("Transform is rule 701.27, and convert, for the Transformers cards, is rule 701.28.\n"
            "Connive (701.50) draws, then discards. A Role on a permanent that already has one of yours: 704.5y.\n")
    result = run("cite", "--json", "-", input=text)
    entries = json_lines(result.stdout)
    assert entries[0]["written_guess"]["edition"] in ("2025-06-06", "2026-01-16", "2026-04-17")
    by_text = {e["text"]: summary(e)["numbers"] for e in entries}
    assert by_text["rule 701.27"] == [["701.27", "unchanged", "701.27"]]
    assert by_text["704.5y"] == [["704.5y", "reused", "704.5z"]]  # Roles moved to 704.5z in 2026-08-07


@pytest.mark.shared
def test_a_citation_whose_words_name_a_later_rule_is_read_in_that_edition(run):
    """A 2024 text updated in part: "Regenerate … is 701.19" names the 2025 rule, not 2024's
    Search, and is current; the rest is read as 2024's. Told the edition, cite reads them all
    in it."""
    text = ("Transform is rule 701.28, turning the card over. Convert (701.50) is for the Transformers.\n"
            "Regenerate, which replaces a destruction, is rule 701.19 since 2025.\n")
    guessed = json_lines(run("cite", "--json", "-", input=text).stdout)
    entries = guessed
    by_text = {e["text"]: e for e in entries}
    assert summary(by_text["rule 701.28"])["numbers"] == [["701.28", "reused", "701.27"]]
    assert summary(by_text["rule 701.19"])["numbers"] == [["701.19", "unchanged", "701.19"]]
    assert by_text["rule 701.19"]["written"] != "2024-06-07" and by_text["rule 701.28"]["written"] == "2024-06-07"
    told = {e["text"]: summary(e)["numbers"] for e in json_lines(run("cite", "--json", "--written", "2024-06-07", "-", input=text).stdout)}
    assert told["rule 701.19"] == [["701.19", "reused", "701.23"]]  # 2024's Search, now 701.23


@pytest.mark.shared
def test_the_readable_report_says_the_dangerous_case_loudest(run):
    result = run("cite", str(CORPUS / "judge-article-en.md"))
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{CORPUS / 'judge-article-en.md'}: written against 2024-06-07 (a guess, confidence ")
    assert any("701.28 NOW HOLDS ANOTHER RULE (Convert); the rule cited (Transform) is now 701.27" in line for line in lines)
    assert any("701.28a–f NOW HOLD OTHER RULES (of Convert); the rules cited (of Transform) are now 701.27a–f" in line for line in lines)
    assert any("310.11b renumbered → 310.12b" in line for line in lines)
    assert any("509.6 removed" in line for line in lines)
    assert lines[-1].strip() == "6 reused, 1 removed, 3 renumbered, 2 edited, 1 unchanged"


@pytest.mark.shared
def test_in_place_keeps_a_backup_and_never_overwrites_one(run, tmp_path):
    name = "engine_notes.rs"
    target = tmp_path / name
    shutil.copyfile(CORPUS / name, target)
    result = run("cite", "--fix", "--in-place", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == (EXPECTED / f"{name}.fixed").read_bytes()
    assert Path(f"{target}.bak").read_bytes() == (CORPUS / name).read_bytes()
    shutil.copyfile(CORPUS / name, target)  # stale again, and a backup is there
    again = run("cite", "--in-place", str(target))
    assert again.exit_code == 2 and "a backup is already there" in again.stderr
    assert target.read_bytes() == (CORPUS / name).read_bytes()


@pytest.mark.shared
def test_line_ends_and_a_byte_order_mark_are_kept(run, tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes("\ufeffTransform: rule 701.28.\r\nConvert: rule 701.50.\r\n".encode("utf-8"))
    result = run("cite", "--fix", "--written", "2024-06-07", str(path))
    assert result.stdout_bytes == "\ufeffTransform: rule 701.27.\r\nConvert: rule 701.28.\r\n".encode("utf-8")


@pytest.mark.shared
def test_exit_codes(run, tmp_path):
    current = run("cite", "-", input="Lethal damage destroys a creature (704.5g).\n")
    assert current.exit_code == 0 and "1 unchanged" in current.stdout
    nothing = run("cite", "-", input="No rules here, 100 life.\n")
    assert nothing.exit_code == 1 and "no rule citation found" in nothing.stderr


@pytest.mark.shared
@pytest.mark.parametrize("args,message", [
    (["cite", "absent-file.txt"], "absent-file.txt: cannot read it"),
    (["cite", "--fix", "a.txt", "b.txt"], "--fix prints one text"),
    (["cite", "--written", "June 2024", "-"], "give an edition as its date"),
    (["cite", "--edition", "2023-01-01", "-"], "no English edition 2023-01-01"),
    (["cite", "--in-place", "-"], "standard input has none"),
])
def test_bad_usage_is_one_line_and_exit_2(run, args, message):
    result = run(*args, input="rule 704.5g\n")
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


@pytest.mark.shared
def test_standard_input_is_read_as_the_kind_given(run):
    code = 'LETHAL = 704.5  # Transform: rule 701.28\nMESSAGE = "convert (701.50)"\n'
    entries = json_lines(run("cite", "--json", "--written", "2024-06-07", "--format", "python", "-", input=code).stdout)
    assert [(e["text"], e["line"], e["column"], e["fix"]) for e in entries] == [
        ("rule 701.28", 1, 30, "rule 701.27"), ("701.50", 2, 21, "701.28")]
    as_text = json_lines(run("cite", "--json", "--written", "2024-06-07", "-", input=code).stdout)
    assert [e["text"] for e in as_text] == ["704.5", "rule 701.28", "701.50"]  # read as prose, the code's number too
