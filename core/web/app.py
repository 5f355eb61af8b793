"""The Starlette application: the JSON API of ``docs/web.md`` and the page.

Every error is ``{"error": "<one line>"}`` (the CLI's message for a bad
move), never a 500: a body too large (413), too slow (408), not JSON or of
the wrong shape (400), a bad or illegal move (400), a missing or wrong token
or not that seat's turn (403), a cross-site request (403) or one not sent as
JSON (415), an unknown match (404) or a damaged one (410), not now (409: a
finished game), over a rate or a cap (429 with ``Retry-After``), a change that
could not be saved, or a hint or review not made as the server stops (503).
No request names a file on the server. The service's calls run in worker
threads, so the event loop never waits for the store or an agent.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import BoardgamesError
from ..play.levels import ladder, measured
from ..plugins.loader import plugin_at_fault
from ..plugins.registry import registered_games
from ..rendering.svg import TABLE_WIDTH, render_svg
from ..rules.game import Game
from .held import HeldMatch
from .limits import Limits, TooManyRequests
from .refusals import Conflict, Forbidden, Full, NotFound
from .service import Matches
from .store import DamagedMatch, MatchStore, StoreError
from .workers import Stopping

#: The largest request body: a record of the longest game fits many times over.
MAX_BODY = 1 << 20
#: The longest move being made that ``GET .../parts?move=`` reads.
MAX_PARTIAL = 1000
#: The widest picture of dice and cards asked (board.svg?width=), in its units.
MOST_WIDTH = 4000
#: How often an idle event stream sends a keep-alive comment (a change is
#: pushed to it at once: an idle stream costs nothing in between).
KEEPALIVE_SECONDS = 15.0

STATIC = Path(str(resources.files("boardgames.web") / "static"))


#: Sent with every response: the page runs only its own scripts, is never
#: framed, and no response is sniffed into another type.
SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:;"
        " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
log = logging.getLogger("boardgames.web")

#: The errors of the service, by status; any other BoardgamesError is the request's fault (400).
STATUSES: tuple[tuple[type[BoardgamesError], int], ...] = (
    (DamagedMatch, 410),
    (NotFound, 404),
    (Forbidden, 403),
    (Conflict, 409),
    (TooManyRequests, 429),
    (Full, 503),
    (StoreError, 503),
    (Stopping, 503),
)


def error(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status, headers=headers)


def error_for(exc: BoardgamesError) -> JSONResponse:
    """The response to one of the service's errors, said in one line."""
    status = next((code for kind, code in STATUSES if isinstance(exc, kind)), 400)
    headers = {"retry-after": str(int(exc.retry_after))} if isinstance(exc, TooManyRequests) else None
    return error(status, str(exc), headers)


async def read_json(request: Request, seconds: float) -> Any:
    """The body as JSON: whole within ``seconds`` (408), at most MAX_BODY
    bytes (413), nested no deeper than Python's parser goes (400)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or len(declared) > 12 or int(declared) > MAX_BODY):
        raise HTTPException(413, f"the body is over {MAX_BODY} bytes")

    async def whole() -> bytes:
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise HTTPException(413, f"the body is over {MAX_BODY} bytes")
        return bytes(body)

    try:
        body = await asyncio.wait_for(whole(), seconds)
    except asyncio.TimeoutError:
        raise HTTPException(408, f"the body did not arrive within {seconds:g} s") from None
    try:
        return json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None
    except RecursionError:
        raise HTTPException(400, "the body is nested too deeply") from None


def json_object(data: Any, *required: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise HTTPException(400, "the body is a JSON object")
    missing = [k for k in required if k not in data]
    if missing:
        raise HTTPException(400, f"the body needs {', '.join(repr(k) for k in missing)}")
    return data


def whole_number(request: Request, name: str) -> int | None:
    """The query parameter ``name`` as a whole number (at most 9 digits), None
    if absent; a 400 saying so for anything else."""
    text = request.query_params.get(name)
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise HTTPException(400, f"{name} is a whole number, got {text[:20]!r}")
    return int(text)


def seats_of(cls: type[Game]) -> dict[str, Any]:
    """The players of a game as configured (never the class's declaration,
    which may name more or fewer): ``players``, the names with the default
    options; ``player_count``, ``[fewest, most]``; ``players_by_count``, the
    names for each count a game played by a range of counts may be set to
    (its option ``players``)."""
    fewest, most = cls.count_of_players()
    try:
        default = list(cls.configure().player_names)
        by_count = {str(len(default)): default}
        if fewest != most and any(o.name == "players" for o in cls.option_specs):
            for count in range(fewest, most + 1):
                by_count[str(count)] = list(cls.configure({"players": count}).player_names)
    except Exception:  # a plugin's game that cannot be configured so: its declaration, said as is
        log.exception("the players of %s could not be listed", cls.name)
        default = list(cls.player_names)
        by_count = {str(len(default)): default}
    return {"players": default, "player_count": [fewest, most], "players_by_count": by_count}


def bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def client_of(request: Request) -> str:
    """Who asks: the client's address (the proxy's client's, where uvicorn is
    told to trust the proxy's headers: ``serve --forwarded-allow-ips``); for
    IPv6 its /64 network, which one household or host is given whole."""
    host = request.client.host if request.client else ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 6 and address.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return host


class Guard:
    """ASGI middleware: every response gets :data:`SECURITY_HEADERS`, and a
    request that changes state is refused if another site's page sent it
    (its ``Origin`` is not this server's, 403) or if its body is not declared
    JSON (415): a form or a ``text/plain`` fetch from another site would be
    sent without asking the browser's permission (no preflight)."""

    def __init__(self, app: ASGIApp, origins: Sequence[str] = (), hosts: Sequence[str] | None = None) -> None:
        self.app = app
        self.origins = {o.rstrip("/").lower() for o in origins}
        self.hosts = None if hosts is None else {h.lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self._refusal(scope)
        if refused is not None:
            await error(*refused, SECURITY_HEADERS)(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, secured)

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and reason a request is refused with, or None."""
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if self.hosts is not None and _host_name(host) not in self.hosts:
            # A page of another site whose name was made to point here (DNS rebinding).
            return 400, f"this server does not answer to the name {host[:80]!r}"
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return None
        origin = headers.get("origin")
        own = {f"http://{host}".lower(), f"https://{host}".lower()}
        if origin is not None and origin.rstrip("/").lower() not in own | self.origins:
            return 403, f"a request from another site ({origin[:80]}) may not change anything here"
        has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
        kind = headers.get("content-type", "").partition(";")[0].strip().lower()
        if has_body and kind != "application/json":
            return 415, "send the body as JSON, with 'Content-Type: application/json'"
        return None


class StopSignal(threading.Event):
    """Set when the server stops (from any thread): it also wakes the event
    streams registered with :meth:`wake`, so that each ends at once."""

    def __init__(self) -> None:
        super().__init__()
        self._wakers: set[Callable[[], None]] = set()
        self._wakers_lock = threading.Lock()

    def wake(self, waker: Callable[[], None]) -> None:
        with self._wakers_lock:
            self._wakers.add(waker)

    def forget(self, waker: Callable[[], None]) -> None:
        with self._wakers_lock:
            self._wakers.discard(waker)

    def set(self) -> None:
        super().set()
        with self._wakers_lock:
            wakers = list(self._wakers)
        for waker in wakers:
            waker()


def _host_name(host: str) -> str:
    """``example.org`` of ``example.org:8000``, ``::1`` of ``[::1]:8000``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rpartition(":")[0] if host.count(":") == 1 else host


#: The names a server on loopback answers to (no other site's name may point here).
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def create_app(
    data: str | Path,
    limits: Limits | None = None,
    origins: Sequence[str] = (),
    hosts: Sequence[str] | None = None,
) -> Starlette:
    """The server's application, its matches kept in the folder ``data``,
    within ``limits``; ``origins`` are other sites whose pages may change
    matches here (a page served through a proxy under another name);
    ``hosts``, if given, the only names in ``Host`` it answers to."""
    limits = limits or Limits()
    matches = Matches(MatchStore(data), limits)
    #: Set when the server stops: event streams end, so that the stop waits for none.
    stopping = StopSignal()

    def api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except HTTPException as exc:
                return error(exc.status_code, str(exc.detail))
            except BoardgamesError as exc:
                return error_for(exc)
            except ClientDisconnect:  # nobody is left to answer
                return Response(status_code=400)
            except Exception as exc:  # a bug, most likely a plugin game's (its view, its options): one line
                log.exception("%s %s failed", request.method, request.url.path)
                plugin = plugin_at_fault(exc)
                where = f"plugin {plugin!r} failed" if plugin else "internal error"
                return error(400, f"{where}: {type(exc).__name__}: {exc}"[:300])

        return endpoint

    @contextlib.asynccontextmanager
    async def using(request: Request) -> AsyncIterator[HeldMatch]:
        """The match the path names, held (never a second copy) until the answer is made."""
        live = await run_in_threadpool(matches.acquire, request.path_params["id"])
        try:
            yield live
        finally:
            matches.release(live)

    def described(live: HeldMatch, request: Request) -> dict[str, Any]:
        """The match as the request's seat (its token) sees it, or a spectator (no token)."""
        return live.describe(matches.viewer(live, bearer(request)))

    async def body(request: Request, *required: str) -> dict[str, Any]:
        return json_object(await read_json(request, limits.body_seconds), *required)

    @api
    async def games(request: Request) -> Response:
        out = []
        for name, cls in registered_games().items():
            options = [
                {
                    "name": o.name,
                    "help": o.help,
                    "default": o.default,
                    "choices": list(getattr(o, "choices", ()) or ()) or None,
                    "accepts": o.describe(),
                }
                for o in cls.option_specs
            ]
            out.append(
                {
                    "name": name,
                    "title": cls.title,
                    "summary": cls.summary,
                    **seats_of(cls),
                    "options": options,
                    "levels": [{"level": number, "name": title, "spec": spec} for number, title, spec in ladder(cls)],
                    "levels_measured": measured(cls),
                    "words": cls.words.to_json(),
                    # False for a game whose grid is no board (dice and cards): its picture is as wide as asked.
                    "board_drawn": bool(cls.board_drawn),
                    "rules": cls.rules_text.strip(),
                }
            )
        return JSONResponse(out)

    @api
    async def create(request: Request) -> Response:
        data = await body(request)
        client = client_of(request)
        if "record" in data:
            live, tokens = await run_in_threadpool(matches.upload, data["record"], data.get("players"), client)
        else:
            data = json_object(data, "game", "players")
            live, tokens = await run_in_threadpool(
                matches.create,
                data["game"],
                data.get("options", {}),
                data.get("seed"),
                data["players"],
                client,
                data.get("clock"),
                data.get("casual", False),
                data.get("names"),
            )
        # The creator holds every person's token (the invite links): the public view.
        return JSONResponse({**live.describe(None), "seats": tokens}, status_code=201)

    @api
    async def show(request: Request) -> Response:
        async with using(request) as live:
            return JSONResponse(described(live, request))

    @api
    async def move(request: Request) -> Response:
        async with using(request) as live:
            data = await body(request, "move")
            await run_in_threadpool(matches.move, live, bearer(request), data["move"])
            return JSONResponse(described(live, request))

    @api
    async def parts(request: Request) -> Response:
        text = request.query_params.get("move", "")
        if len(text) > MAX_PARTIAL:
            raise HTTPException(400, f"the move being made is over {MAX_PARTIAL} characters")
        ply = whole_number(request, "ply")
        async with using(request) as live:
            viewer = matches.viewer(live, bearer(request))
            return JSONResponse(await run_in_threadpool(matches.parts, live, text, ply, viewer))

    @api
    async def takeback(request: Request) -> Response:
        async with using(request) as live:
            undone = await run_in_threadpool(matches.takeback, live, bearer(request))
            return JSONResponse({**described(live, request), "undone": undone})

    @api
    async def answer(request: Request) -> Response:
        async with using(request) as live:
            data = await body(request, "accept", "id")
            undone = await run_in_threadpool(matches.answer, live, bearer(request), data["accept"], data["id"])
            return JSONResponse({**described(live, request), "undone": undone})

    @api
    async def draw(request: Request) -> Response:
        async with using(request) as live:
            await run_in_threadpool(matches.offer_draw, live, bearer(request))
            return JSONResponse(described(live, request))

    @api
    async def draw_answer(request: Request) -> Response:
        async with using(request) as live:
            data = await body(request, "accept", "id")
            drawn = await run_in_threadpool(matches.answer_draw, live, bearer(request), data["accept"], data["id"])
            return JSONResponse({**described(live, request), "drawn": drawn})

    @api
    async def rematch(request: Request) -> Response:
        async with using(request) as live:
            if request.method == "GET":
                return JSONResponse(await run_in_threadpool(matches.rematch_seat, live, bearer(request)))
            made = await run_in_threadpool(matches.ask_rematch, live, bearer(request), client_of(request))
            return JSONResponse({**described(live, request), "made": made})

    @api
    async def rematch_answer(request: Request) -> Response:
        async with using(request) as live:
            data = await body(request, "accept", "id")
            made = await run_in_threadpool(
                matches.answer_rematch, live, bearer(request), data["accept"], data["id"], client_of(request)
            )
            return JSONResponse({**described(live, request), "made": made})

    @api
    async def name(request: Request) -> Response:
        async with using(request) as live:
            data = await body(request, "name")
            await run_in_threadpool(matches.name_seat, live, bearer(request), data["name"])
            return JSONResponse(described(live, request))

    @api
    async def say(request: Request) -> Response:
        async with using(request) as live:
            data = await body(request, "message")
            await run_in_threadpool(matches.say, live, bearer(request), data["message"])
            return JSONResponse(described(live, request))

    @api
    async def ticket(request: Request) -> Response:
        async with using(request) as live:
            return JSONResponse({"ticket": await run_in_threadpool(matches.ticket, live, bearer(request))})

    @api
    async def resign(request: Request) -> Response:
        async with using(request) as live:
            await run_in_threadpool(matches.resign, live, bearer(request))
            return JSONResponse(described(live, request))

    @api
    async def hint(request: Request) -> Response:
        async with using(request) as live:
            future = await run_in_threadpool(matches.hint, live, bearer(request), client_of(request))
            return JSONResponse({"move": await asyncio.wrap_future(future)})

    @api
    async def review(request: Request) -> Response:
        asked = whole_number(request, "iterations")
        async with using(request) as live:
            future = await run_in_threadpool(matches.review, live, client_of(request), asked)
        return JSONResponse(await asyncio.wrap_future(future))

    @api
    async def retry(request: Request) -> Response:
        data = await body(request, "ply", "move")
        async with using(request) as live:
            future = await run_in_threadpool(matches.retry, live, data["ply"], data["move"], client_of(request))
        return JSONResponse(await asyncio.wrap_future(future))

    @api
    async def record(request: Request) -> Response:
        async with using(request) as live:
            data = await run_in_threadpool(matches.record, live)
            name = f"{data['game']}-{live.id}.json"
            return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})

    @api
    async def board(request: Request) -> Response:
        ply = whole_number(request, "ply")
        # The room for a picture of dice and cards (a grid that is no board), in its units; a board ignores it.
        width = whole_number(request, "width")
        if width is not None and not TABLE_WIDTH <= width <= MOST_WIDTH:
            raise HTTPException(400, f"width is from {TABLE_WIDTH} to {MOST_WIDTH}, got {width}")
        async with using(request) as live:
            viewer = matches.viewer(live, bearer(request))
            state, interactive = await run_in_threadpool(matches.position, live, ply, viewer)
        # squares=1: every square named, as in play (the review marks the best move on them).
        named = interactive or request.query_params.get("squares") == "1"
        title = f"{state.game.title}: {state.result_text()}"
        svg = render_svg(state.view(), title, interactive=named, width=width)
        return Response(svg, media_type="image/svg+xml")

    @api
    async def events(request: Request) -> Response:
        async with using(request):
            pass  # an unknown match is a 404 before the stream starts
        # A seat's stream (its ticket given, good once) makes the seat present while it is open.
        given = request.query_params.get("ticket")
        seat = None if given is None else matches.redeem(request.path_params["id"], given)

        async def stream() -> AsyncIterator[str]:
            # The stream holds the match while it runs: the object it watches is the one that changes.
            live = await run_in_threadpool(matches.acquire, request.path_params["id"])
            # Pushed, not polled: the thread that changes the match (or stops the
            # server) wakes this stream, which sleeps until then (or the keep-alive).
            loop = asyncio.get_running_loop()
            news = asyncio.Event()

            def wake() -> None:
                with contextlib.suppress(RuntimeError):  # the loop is closed: nobody listens
                    loop.call_soon_threadsafe(news.set)

            def here(present: bool) -> None:
                """The seat's stream opened or closed: counted now, told by a worker thread."""
                if seat is not None and matches.here(live, seat, present):
                    with contextlib.suppress(RuntimeError):  # the server stops: nobody is left to tell
                        loop.run_in_executor(None, matches.announce, live)

            live.watch(wake)
            stopping.wake(wake)
            here(True)
            try:
                seen = -1
                while True:
                    news.clear()  # before the version is read: a change after it wakes the wait
                    if stopping.is_set():
                        return
                    described = live.describe(seat)  # what this seat sees; a spectator's stream, the public view
                    if described["version"] != seen:  # the snapshot's own version: never a newer one's number
                        seen = described["version"]
                        yield f"event: match\ndata: {json.dumps(described)}\n\n"
                        continue
                    try:
                        await asyncio.wait_for(news.wait(), KEEPALIVE_SECONDS)
                    except asyncio.TimeoutError:
                        yield ": keep-alive\n\n"
                # A client that hangs up cancels this (Starlette listens for it meanwhile).
            finally:
                live.unwatch(wake)
                stopping.forget(wake)
                here(False)
                matches.release(live)

        headers = {"cache-control": "no-cache", "x-accel-buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def page(request: Request) -> Response:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def favicon(request: Request) -> Response:  # asked by browsers on any page, the API's too
        return RedirectResponse("/static/favicon.svg", status_code=301)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, str(exc.detail), exc.headers)  # 405 keeps its Allow

    routes = [
        Route("/", page),
        Route("/favicon.ico", favicon),
        Route("/api/games", games),
        Route("/api/matches", create, methods=["POST"]),
        Route("/api/matches/{id}", show),
        Route("/api/matches/{id}/moves", move, methods=["POST"]),
        Route("/api/matches/{id}/parts", parts),
        Route("/api/matches/{id}/review/try", retry, methods=["POST"]),
        Route("/api/matches/{id}/takeback", takeback, methods=["POST"]),
        Route("/api/matches/{id}/undo", takeback, methods=["POST"]),  # its former name
        Route("/api/matches/{id}/takeback/answer", answer, methods=["POST"]),
        Route("/api/matches/{id}/resign", resign, methods=["POST"]),
        Route("/api/matches/{id}/draw", draw, methods=["POST"]),
        Route("/api/matches/{id}/draw/answer", draw_answer, methods=["POST"]),
        Route("/api/matches/{id}/rematch", rematch, methods=["GET", "POST"]),
        Route("/api/matches/{id}/rematch/answer", rematch_answer, methods=["POST"]),
        Route("/api/matches/{id}/name", name, methods=["POST"]),
        Route("/api/matches/{id}/say", say, methods=["POST"]),
        Route("/api/matches/{id}/ticket", ticket, methods=["POST"]),
        Route("/api/matches/{id}/hint", hint, methods=["POST"]),
        Route("/api/matches/{id}/record", record),
        Route("/api/matches/{id}/review", review),
        Route("/api/matches/{id}/board.svg", board),
        Route("/api/matches/{id}/events", events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        matches.close()

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error}, lifespan=lifespan)
    app.add_middleware(Guard, origins=origins, hosts=hosts)
    app.state.matches = matches
    app.state.stopping = stopping
    return app
