"""The command group itself: exit codes that scripts rely on."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("arguments", [["search", "criatura"], ["search", "energía", "--json"], ["rule", "704.5"], ["card", "electrozoa"]])
def test_a_reader_that_leaves_early_is_not_nothing_found(arguments):
    """`mtgrules search … | head`: the reader closes the pipe. That is neither "nothing found"
    (1) nor a traceback: the shell's code for a cut pipe, 141, and nothing on stderr."""
    process = subprocess.Popen([sys.executable, "-m", "mtgrules", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # before the command writes anything
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141, stderr
    assert stderr == ""
