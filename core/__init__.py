"""mtgrules: a multilingual Magic: The Gathering rules reference and ruling search tool.

The package root holds what every part shares: the record types (`records`), rule-number
arithmetic (`rulenumbers`), the one error type parsers raise (`errors`), where data lives
(`paths`) and the corpus store (`store`). Parsers, index, engine and CLI are subpackages mapped
from the top-level folders of the repository (see pyproject.toml).
"""

__version__ = "0.1.0"
