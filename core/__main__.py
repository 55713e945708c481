"""`python -m mtgrules` runs the command-line tool."""

from mtgrules.cli.main import main

main()
