"""The `mtgrules` command line: click commands, thin (parse arguments, call the library, render)."""
