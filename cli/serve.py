"""`mtgrules serve`: the rules, cards and rulings as a local web site (`mtgrules.web`)."""

from __future__ import annotations

import click

from mtgrules.cli import translated
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_, _


@click.command(cls=Command, help=N_(
    "Serve the corpus as a web site: search as you type, rules side by side in several languages with every rule "
    "reference a link, cards, terms, history, changes between editions, translations to update and a scenario "
    "judge; each page's JSON at /api/….\n\n"
    "The corpus is opened once; an ingest in another terminal is seen on the next request. Nothing is written but "
    "the log (on stderr). Ctrl-C stops it."
))
@click.option("--host", metavar=N_("ADDRESS"), default="127.0.0.1", show_default=True,
              help=N_("Address to listen on; 0.0.0.0 shares the site with your local network."))
@click.option("--port", metavar="N", default=8080, show_default=True, type=translated.IntRange(0, 65535), help=N_("Port to listen on."))
@click.option("--open", "open_browser", is_flag=True, help=N_("Open the site in a web browser."))
def serve(host: str, port: int, open_browser: bool) -> None:
    import socket

    import uvicorn

    from mtgrules.web.app import create_app
    from mtgrules.web.reader import Reader

    # The socket is bound here, so that a port in use is one line (exit 2) and port 0 says
    # which port it got; uvicorn serves on it. Made as TCP by name (IPPROTO_TCP): asyncio turns
    # Nagle's algorithm off only on such sockets, and with it on every answer waits 40 ms for
    # an acknowledgement.
    listening = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(2048)
    except OSError as error:
        listening.close()
        mend = (_("give another --host") if isinstance(error, socket.gaierror)
                else _("choose another with --port, or stop the program using it"))
        raise click.UsageError(_("cannot listen on {host}:{port}: {reason} ({mend})").format(
            host=host, port=port, reason=error.strerror or error, mend=mend)) from None
    port = listening.getsockname()[1]
    reader = Reader()
    try:
        reader.catalog(None)  # a corpus that cannot be read is said now, not at the first request
    except BaseException:
        listening.close()
        raise
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    click.echo("mtgrules: " + _("serving {address} (Ctrl-C stops)").format(address=address), err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(address)
    try:
        config = uvicorn.Config(create_app(reader), log_level="info", access_log=True, server_header=False,
                                h11_max_incomplete_event_size=16 * 1024)
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        listening.close()
        reader.close()
