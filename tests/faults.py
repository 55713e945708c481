"""What every case of the fault-injection suite (tests/test_faults_*.py) must show.

A refusal is exit code 2 and exactly one line on stderr, `mtgrules: …`, naming the file and
line where there is one, never a traceback; and nothing stored. Hostile files are generated in
the tests, never committed.

Cases run in process through click's runner where they can, and as a child process where the
environment itself is the fault (HOME unset, another user) or where a hang must be bounded by
a timeout.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.align import linking
from mtgrules.cli.main import cli

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO / "seeds"
NOBODY = 65534


def seed(prefix: str) -> Path:
    return next(SEEDS.glob(f"{prefix}_*.txt"))


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str
    crashed: BaseException | None = None  # an exception that escaped the command


def run(*args: str, env: dict[str, str | None] | None = None, input: str | None = None) -> Outcome:
    """The command in this process (click's runner), with MTGRULES_HOME as the test set it."""
    result = CliRunner(env=env).invoke(cli, list(args), input=input)
    crashed = result.exception if result.exception and not isinstance(result.exception, SystemExit) else None
    return Outcome(result.exit_code, result.stdout, result.stderr, crashed)


def run_process(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 120,
                user: int | None = None) -> Outcome:
    """The command as a child process, `python -m mtgrules`, with exactly `env` (plus PATH),
    optionally as another user (needs root and setpriv). A hang fails at `timeout`."""
    command = [sys.executable, "-m", "mtgrules", *args]
    if user is not None:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", **(env or {})}
    try:
        done = subprocess.run(command, env=environment, cwd=cwd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"mtgrules {' '.join(args)} still running after {timeout} s")
    return Outcome(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


def assert_refused(outcome: Outcome, *mentions: str, line: int | None = None, file: str | Path | None = None) -> str:
    """Exit 2, one line on stderr naming `file` (and `line`) and holding each of `mentions`,
    no traceback. Returns the line."""
    assert outcome.crashed is None, f"an exception escaped: {outcome.crashed!r}"
    assert "Traceback" not in outcome.stderr + outcome.stdout
    lines = outcome.stderr.splitlines()
    assert outcome.code == 2, (outcome.code, outcome.stderr)
    assert len(lines) == 1, f"expected one line on stderr, got: {outcome.stderr!r}"
    (message,) = lines
    assert message.startswith("mtgrules: "), message
    if file is not None:
        where = f"{file}:{line}:" if line is not None else str(file)
        assert where in message, f"{where!r} not in {message!r}"
    for mention in mentions:
        assert mention in message, f"{mention!r} not in {message!r}"
    return message


def assert_clean(outcome: Outcome) -> None:
    """Success: exit 0, no traceback."""
    assert outcome.crashed is None, f"an exception escaped: {outcome.crashed!r}"
    assert "Traceback" not in outcome.stderr
    assert outcome.code == 0, (outcome.code, outcome.stderr)


def stored_records() -> int:
    """How many records the corpus holds (the embedded seeds included): unchanged by a refusal."""
    return len(linking.all_records())


@contextmanager
def shared_folder():
    """A temporary folder another user can enter (pytest's own is private to its user)."""
    folder = Path(tempfile.mkdtemp(prefix="mtgrules-faults-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def other_user_or_skip() -> int | None:
    """Who to run a permission case as: None (ourselves) when not root, since modes bind us;
    as root, nobody through setpriv, or a skip saying why."""
    if os.geteuid() != 0:
        return None
    reason = _why_nobody_cannot_run()
    if reason:
        pytest.skip(f"running as root, whom file modes do not bind, and {reason}")
    return NOBODY


@functools.cache
def _why_nobody_cannot_run() -> str | None:
    if shutil.which("setpriv") is None:
        return "setpriv is absent to run as another user"
    probe = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", sys.executable, "-c", "import mtgrules.cli.main"]
    done = subprocess.run(probe, capture_output=True, timeout=60, cwd="/")
    return None if done.returncode == 0 else f"another user cannot run this Python: {done.stderr.decode(errors='replace')[-200:]}"
