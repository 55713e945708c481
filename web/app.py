"""The web application (Starlette): the routes of every page and of its JSON twin, the
interface language, the security headers and the bounds on what a request may send.

Starlette and uvicorn because they are small, well kept and typed, run one process with an
event loop (the reader's one snapshot per request needs nothing more: `mtgrules.web.reader`),
and their test client drives the whole application in the test process; Jinja2 because it
autoescapes every value. Safety, for pages people ingest are hostile input:

- every text is escaped (`mtgrules.web.render`); links are built from rule numbers and names,
  never taken from the data;
- a Content-Security-Policy allows only this server's stylesheet and script (no inline script,
  no `javascript:` link, nothing from elsewhere), frames and plugins none;
- a request body is at most a scenario file's bound (`LIMITS.FILE_BYTES`) and a little for the
  form around it; a parameter at most `params.MAX_PARAMETER` characters;
- nothing is written: the scenario form is read in memory, the log goes to stderr.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from starlette.applications import Starlette
from starlette.formparsers import FormParser, MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from mtgrules.errors import MtgrulesError
from mtgrules.study.checks import LIMITS
from mtgrules.web import pages, render
from mtgrules.web.language import COOKIE_AGE, COOKIE_SEPARATOR, INTERFACE_LANGUAGES, LANGS_COOKIE, UI_COOKIE, Words, interface_language
from mtgrules.web.params import BadRequest, NotFound
from mtgrules.web.reader import Reader

STATIC = Path(__file__).resolve().parent / "static"
# The most a request body may be: a scenario file at its bound and the form fields around it.
MAX_BODY = LIMITS.FILE_BYTES + 64 * 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


class _InMemoryParts(MultiPartParser):
    """An uploaded scenario kept in memory: the body is bounded below the spool's size, so no
    temporary file is ever written."""

    spool_max_size = MAX_BODY + 1


def _local(target: str | None) -> str:
    """`target` when it is an address on this server (a path, no scheme or host), else `/`."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else "/"


def _same_address(address: str, request: Request) -> bool:
    """Whether `address` is where `request` went, read as the server reads it (decoded: a
    space or a comma may come escaped or not)."""
    parts = urlsplit(address)
    return unquote(parts.path) == request.url.path and parse_qsl(parts.query) == parse_qsl(request.url.query)


class Site:
    """The application over one `Reader`."""

    def __init__(self, reader: Reader):
        self.reader = reader
        self.env = render.environment()

    # --- answering -------------------------------------------------------------------------

    def words(self, request: Request) -> Words:
        return Words(interface_language(request.cookies.get(UI_COOKIE), request.headers.get("accept-language")))

    def asked(self, request: Request, query=None) -> pages.Asked:
        return pages.Asked(self.reader, request.query_params if query is None else query,
                           request.cookies.get(LANGS_COOKIE), request.headers.get("accept-language"), self.words(request))

    def html(self, request: Request, template: str, data: dict, status: int = 200) -> HTMLResponse:
        words = self.words(request)
        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        page = self.env.get_template(template).render(
            data, _=words.gettext, ngettext=words.ngettext, ui=words.lang, interface_languages=INTERFACE_LANGUAGES, here=here,
        )
        return HTMLResponse(page, status_code=status)

    def failure(self, request: Request, error: Exception, as_json: bool) -> Response:
        status = 404 if isinstance(error, NotFound) else 400
        line = " ".join(str(error).split())
        suggestions = error.suggestions if isinstance(error, NotFound) else []
        if as_json:
            return JSONResponse({"error": line, "suggestions": suggestions}, status_code=status)
        return self.html(request, "error.html", {"status": status, "message": line, "suggestions": suggestions}, status)

    def answer(self, request: Request, make, as_json: bool) -> Response:
        self.reader.snapshot()
        try:
            page = make()
        except MtgrulesError as error:  # BadRequest, NotFound, EditionError, QueryError, ScenarioError
            return self.failure(request, error, as_json)
        if as_json:
            body = json.dumps(page.api, ensure_ascii=False, sort_keys=True)
            return Response(body, status_code=page.status, media_type="application/json")
        if page.canonical and not _same_address(page.canonical, request):
            return RedirectResponse(page.canonical, status_code=302)
        response = self.html(request, page.template, page.data, page.status)
        if page.remember_langs:
            response.set_cookie(LANGS_COOKIE, COOKIE_SEPARATOR.join(page.remember_langs), max_age=COOKIE_AGE, samesite="lax")
        return response

    # --- routes ----------------------------------------------------------------------------

    def both(self, path: str, function, *names: str) -> list[Route]:
        """The page at `path` and its JSON twin at `/api` + `path`."""

        def endpoint(as_json: bool):
            async def respond(request: Request) -> Response:
                values = [request.path_params[name] for name in names]
                return self.answer(request, lambda: function(self.asked(request), *values), as_json)

            return respond

        return [Route(path, endpoint(False)), Route("/api" + path, endpoint(True))]

    async def search_results(self, request: Request) -> Response:
        """The search page's results block alone, for the script that updates it as one types
        (the same template the page includes, so both show the same)."""
        self.reader.snapshot()
        try:
            page = pages.search(self.asked(request))
        except MtgrulesError as error:
            return self.html(request, "results_error.html", {"message": " ".join(str(error).split())}, 400)
        return self.html(request, "results.html", page.data)

    async def home(self, request: Request) -> Response:
        return RedirectResponse(render.address("/search", **dict(request.query_params)), status_code=302)

    async def choose_language(self, request: Request) -> Response:
        """`/language?ui=fr&next=/rule/704.5g`: the interface language chosen, remembered in a
        cookie, and back to the page (a plain form, so it works without script)."""
        ui = request.query_params.get("ui", "")
        if ui not in INTERFACE_LANGUAGES:
            return self.failure(request, BadRequest(f"ui={ui}: give one of {', '.join(INTERFACE_LANGUAGES)}"), False)
        response = RedirectResponse(_local(request.query_params.get("next")), status_code=303)
        response.set_cookie(UI_COOKIE, ui, max_age=COOKIE_AGE, samesite="lax")
        return response

    async def scenario_page(self, request: Request) -> Response:
        return await self.scenario(request, False)

    async def scenario_api(self, request: Request) -> Response:
        return await self.scenario(request, True)

    async def scenario(self, request: Request, as_json: bool) -> Response:
        if request.method == "GET":
            return self.answer(request, lambda: pages.scenario_form(self.asked(request)), as_json)
        self.reader.snapshot()
        try:
            form = await self._read_form(request)
        except BadRequest as error:
            return self.failure(request, error, as_json)
        upload = form.get("file")
        raw = b""
        source = "scenario"
        if upload is not None and not isinstance(upload, str) and upload.filename:
            raw = await upload.read()
            source = Path(upload.filename).name or source
        if not raw:
            text = form.get("scenario")
            raw = text.encode("utf-8") if isinstance(text, str) else b""
        if not raw.strip():
            return self.failure(request, BadRequest("no scenario given: paste one or choose a file"), as_json)
        return self.answer(request, lambda: pages.judge(self.asked(request, form), raw, source), as_json)

    async def _read_form(self, request: Request):
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        try:
            if kind == "multipart/form-data":
                return await _InMemoryParts(request.headers, request.stream(), max_files=1, max_fields=8,
                                            max_part_size=LIMITS.FILE_BYTES + 1).parse()
            if kind == "application/x-www-form-urlencoded":
                return await FormParser(request.headers, request.stream(), max_part_size=LIMITS.FILE_BYTES + 1).parse()
        except MultiPartException as error:
            raise BadRequest(f"the form could not be read: {error}") from None
        raise BadRequest("send the scenario as a form (multipart/form-data or application/x-www-form-urlencoded)")

    async def not_found(self, request: Request, exc: Exception) -> Response:
        as_json = request.url.path.startswith("/api/")
        return self.failure(request, NotFound(f"no page at {request.url.path}",
                                              [{"url": "/search", "name": "search"}]), as_json)

    def routes(self) -> list:
        return [
            Route("/", self.home),
            Route("/search/results", self.search_results),
            *self.both("/search", pages.search),
            *self.both("/rule/{number:path}", pages.rule, "number"),
            *self.both("/card/{name:path}", pages.card, "name"),
            *self.both("/term/{word:path}", pages.term, "word"),
            *self.both("/history/{number:path}", pages.history, "number"),
            *self.both("/diff", pages.diff),
            *self.both("/stale", pages.stale),
            Route("/scenario", self.scenario_page, methods=["GET", "POST"]),
            Route("/api/scenario", self.scenario_api, methods=["GET", "POST"]),
            Route("/language", self.choose_language),
            Route("/favicon.ico", lambda request: RedirectResponse("/static/icon.svg", status_code=301)),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]


class Bounded:
    """ASGI middleware: the security headers on every answer, and a request body beyond
    `MAX_BODY` refused (413) before it is read, whether its length is declared or not."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                held = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name.encode(), value.encode()) for name, value in HEADERS.items() if name.encode() not in held]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        headers = dict(scope.get("headers", []))
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            return await _refuse(413, f"the request is larger than {MAX_BODY // 1024} KiB; a scenario file may be at most"
                                      f" {LIMITS.FILE_BYTES // 1024} KiB", scope, receive, send_with_headers)
        if declared is None and b"chunked" in headers.get(b"transfer-encoding", b"").lower():
            # With its length declared, the server reads no more than it; without, it would read on.
            return await _refuse(411, "send the request with its Content-Length", scope, receive, send_with_headers)
        await self.app(scope, receive, send_with_headers)


async def _refuse(status: int, line: str, scope, receive, send) -> None:
    await PlainTextResponse(line + "\n", status_code=status)(scope, receive, send)


def create_app(reader: Reader | None = None):
    """The application over `reader` (default: the user's corpus)."""
    site = Site(reader or Reader())
    app = Starlette(routes=site.routes(), exception_handlers={404: site.not_found})
    app.state.site = site
    return Bounded(app)
