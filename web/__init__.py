"""The local web view, `mtgrules serve`: the rules, cards and rulings as a small web site,
hyperlinked and side by side in several languages.

Routes and templates only, on the lookup library (`mtgrules.lookup`), the search
(`mtgrules.index.query`, interface 1 of the team's brief) and the study layer for scenarios.
Every page has a JSON twin under `/api/` that gives what the command's `--json` gives, made by
the same functions. Modules:

- `app`: the Starlette application: routes, security headers, size bounds, error pages;
- `reader`: the corpus, opened once, read through one snapshot per request;
- `params`: the query parameters of an address, checked (a bad one is a 400 with one line);
- `language`: the interface language (Accept-Language, a cookie) and its gettext catalog;
- `pages`: what each page and its API shows;
- `render`: the Jinja2 templates (autoescaped) and the filters that link rule numbers.
"""
