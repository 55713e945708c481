"""The errors a person can act on.

Parsers raise `ParseError` and nothing else for bad input, so the command line can print one
line naming the file, the line and the mend, and exit 2 without a traceback.
"""

from __future__ import annotations


class MtgrulesError(Exception):
    """An error whose message is meant for a person: one line, no traceback needed."""


class ParseError(MtgrulesError):
    """A document could not be parsed. Names the file and, when known, the line."""

    def __init__(self, source: str, message: str, line: int | None = None, mend: str | None = None):
        if mend:
            from mtgrules.i18n import _  # i18n imports this module

            mend = _(mend)  # a mend kept in a table is a message id (`N_`): said in the person's language
        self.source = source
        self.line = line
        self.message = message
        self.mend = mend
        where = f"{source}:{line}" if line is not None else source
        text = f"{where}: {message}"
        if mend:
            text += f" ({mend})"
        super().__init__(text)


class LimitError(ParseError):
    """A document goes beyond a limit a reader sets to stay fast and within the stack (nesting
    depth, size): a reason to refuse the document, never to try it as another kind."""
