"""The Starlette application: the JSON API of ``docs/web.md`` and the page.

Every error is a 4xx with ``{"error": "<one line>"}`` (the CLI's message for
a bad move), never a 500: a body too large (413), not JSON or of the wrong
shape (400), a bad or illegal move (400), a missing or wrong token or not
that seat's turn (403), an unknown match (404). No request names a file on
the server. The service's calls run in worker threads, so the event loop
never waits for the store or an agent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import BoardgamesError
from ..levels import ladder
from ..registry import registered_games
from ..svg import render_svg
from .service import Forbidden, Live, Matches, NotFound
from .store import MatchStore

#: The largest request body: a record of the longest game fits many times over.
MAX_BODY = 1 << 20
#: How often an event stream looks for a change, and sends a keep-alive comment.
POLL_SECONDS, KEEPALIVE_SECONDS = 0.05, 15.0

STATIC = Path(str(resources.files("boardgames.web") / "static"))


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


def status_of(exc: BoardgamesError) -> int:
    """404 for an unknown match, 403 for a wrong seat or turn, else 400 (a bad
    move, option, agent spec or record: the request's fault, said in one line)."""
    return 404 if isinstance(exc, NotFound) else 403 if isinstance(exc, Forbidden) else 400


async def read_json(request: Request) -> Any:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise HTTPException(413, f"the body is over {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise HTTPException(413, f"the body is over {MAX_BODY} bytes")
    try:
        return json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None


def json_object(data: Any, *required: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise HTTPException(400, "the body is a JSON object")
    missing = [k for k in required if k not in data]
    if missing:
        raise HTTPException(400, f"the body needs {', '.join(repr(k) for k in missing)}")
    return data


def bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def create_app(data: str | Path, workers: int = 4) -> Starlette:
    """The server's application, its matches kept in the folder ``data``."""
    matches = Matches(MatchStore(data), workers=workers)

    def api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except HTTPException as exc:
                return error(exc.status_code, str(exc.detail))
            except BoardgamesError as exc:
                return error(status_of(exc), str(exc))

        return endpoint

    async def live_match(request: Request) -> Live:
        return await run_in_threadpool(matches.get, request.path_params["id"])

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
                    "players": list(cls.player_names),
                    "options": options,
                    "levels": [{"level": number, "name": title, "spec": spec} for number, title, spec in ladder(cls)],
                }
            )
        return JSONResponse(out)

    @api
    async def create(request: Request) -> Response:
        data = json_object(await read_json(request))
        if "record" in data:
            live, tokens = await run_in_threadpool(matches.upload, data["record"], data.get("players"))
        else:
            data = json_object(data, "game", "players")
            live, tokens = await run_in_threadpool(
                matches.create, data["game"], data.get("options", {}), data.get("seed"), data["players"]
            )
        return JSONResponse({**live.describe(), "seats": tokens}, status_code=201)

    @api
    async def show(request: Request) -> Response:
        return JSONResponse((await live_match(request)).describe())

    @api
    async def move(request: Request) -> Response:
        live = await live_match(request)
        data = json_object(await read_json(request), "move")
        await run_in_threadpool(matches.move, live, bearer(request), data["move"])
        return JSONResponse(live.describe())

    @api
    async def undo(request: Request) -> Response:
        live = await live_match(request)
        undone = await run_in_threadpool(matches.undo, live, bearer(request))
        return JSONResponse({**live.describe(), "undone": undone})

    @api
    async def resign(request: Request) -> Response:
        live = await live_match(request)
        await run_in_threadpool(matches.resign, live, bearer(request))
        return JSONResponse(live.describe())

    @api
    async def hint(request: Request) -> Response:
        live = await live_match(request)
        return JSONResponse({"move": await run_in_threadpool(matches.hint, live, bearer(request))})

    @api
    async def record(request: Request) -> Response:
        live = await live_match(request)
        data = await run_in_threadpool(matches.record, live)
        name = f"{data['game']}-{live.id}.json"
        return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})

    @api
    async def board(request: Request) -> Response:
        live = await live_match(request)
        ply = request.query_params.get("ply")
        if ply is not None and not ply.isdigit():
            raise HTTPException(400, f"ply is a whole number, got {ply[:20]!r}")
        state, interactive = await run_in_threadpool(matches.position, live, None if ply is None else int(ply))
        svg = render_svg(state.view(), f"{state.game.title}: {state.result_text()}", interactive=interactive)
        return Response(svg, media_type="image/svg+xml")

    @api
    async def events(request: Request) -> Response:
        live = await live_match(request)

        async def stream() -> AsyncIterator[str]:
            seen, quiet = -1, 0.0
            while not await request.is_disconnected():
                if live.version != seen:
                    seen = live.version
                    yield f"event: match\ndata: {json.dumps(live.describe())}\n\n"
                    quiet = 0.0
                elif quiet >= KEEPALIVE_SECONDS:
                    yield ": keep-alive\n\n"
                    quiet = 0.0
                await asyncio.sleep(POLL_SECONDS)
                quiet += POLL_SECONDS

        headers = {"cache-control": "no-cache", "x-accel-buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def page(request: Request) -> Response:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def not_found(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, str(exc.detail))

    routes = [
        Route("/", page),
        Route("/api/games", games),
        Route("/api/matches", create, methods=["POST"]),
        Route("/api/matches/{id}", show),
        Route("/api/matches/{id}/moves", move, methods=["POST"]),
        Route("/api/matches/{id}/undo", undo, methods=["POST"]),
        Route("/api/matches/{id}/resign", resign, methods=["POST"]),
        Route("/api/matches/{id}/hint", hint, methods=["POST"]),
        Route("/api/matches/{id}/record", record),
        Route("/api/matches/{id}/board.svg", board),
        Route("/api/matches/{id}/events", events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        matches.close()

    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found}, lifespan=lifespan)
    app.state.matches = matches
    return app
