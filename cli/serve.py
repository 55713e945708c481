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
    import socket

    import uvicorn

    from mtgrules.web.app import create_app
    from mtgrules.web.reader import Reader

    # The socket is bound here, so that a port in use is one line (exit 2) and port 0 says
    # which port it got; uvicorn serves on it.
    try:
        listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as error:
        why = (error.strerror or str(error)).split(" (while attempting")[0]  # that part repeats the address
        mend = "give another --host" if error.errno is not None and error.errno < 0 else (
            "choose another with --port, or stop the program using it")
        raise click.UsageError(f"cannot listen on {host}:{port}: {why} ({mend})") from None
    port = listening.getsockname()[1]
    reader = Reader()
    try:
        reader.catalog(None)  # a corpus that cannot be read is said now, not at the first request
    except BaseException:
        listening.close()
        raise
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    click.echo(f"mtgrules: serving {address} (Ctrl-C stops)", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(address)
    try:
        config = uvicorn.Config(create_app(reader), fd=listening.fileno(), log_level="info", access_log=True,
                                server_header=False, h11_max_incomplete_event_size=16 * 1024)
        uvicorn.Server(config).run()
    finally:
        listening.close()
        reader.close()
