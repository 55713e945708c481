"""`mtgrules serve`: the rules, cards and rulings as a local web site (`mtgrules.web`)."""

from __future__ import annotations

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 shares the site with your local network.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--open", "open_browser", is_flag=True, help="Open the site in a web browser.")
def serve(host: str, port: int, open_browser: bool) -> None:
    """Serve the corpus as a web site: search as you type, rules side by side in several
    languages with every rule reference a link, cards, terms, history, changes between
    editions, translations to update and a scenario judge; each page's JSON at /api/….

    The corpus is opened once; an ingest in another terminal is seen on the next request.
    Nothing is written but the log (on stderr). Ctrl-C stops it.
    """
    import uvicorn

    from mtgrules.web.app import create_app
    from mtgrules.web.reader import Reader

    reader = Reader()
    reader.snapshot()
    reader.catalog(None)  # a corpus that cannot be read is said now, not at the first request
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    click.echo(f"mtgrules: serving {address} (Ctrl-C stops)", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(address)
    try:
        uvicorn.run(create_app(reader), host=host, port=port, log_level="info", access_log=True, server_header=False,
                    h11_max_incomplete_event_size=16 * 1024)
    finally:
        reader.close()
