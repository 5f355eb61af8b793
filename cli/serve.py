"""``boardgames serve``: play in the browser (the extra ``web``)."""

from __future__ import annotations

import ipaddress
import socket
import webbrowser
from pathlib import Path

import click

from boardgames.errors import BoardgamesError


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on; loopback unless asked.")
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port (0: any free one)."
)
@click.option(
    "--data",
    "data",
    default=None,
    metavar="DIR",
    help="The folder where matches are kept (SQLite); by default a per-user data folder.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
def serve(host: str, port: int, data: str | None, open_browser: bool) -> None:
    """Serve a page to play every registered game in a browser, and its JSON
    API (docs/web.md). Matches are kept in --data and survive a restart.
    Ctrl-C stops the server."""
    try:
        import uvicorn

        from boardgames.web.app import create_app
        from boardgames.web.store import default_data_dir
    except ImportError as exc:
        raise BoardgamesError(
            f"serve needs the extra 'web': pip install 'boardgames[web]' ({exc.name} is missing)"
        ) from None
    folder = Path(data).expanduser() if data else default_data_dir()
    try:
        app = create_app(folder)
    except OSError as exc:
        raise BoardgamesError(f"cannot keep matches in {str(folder)!r}: {exc.strerror or exc}") from None
    if not is_loopback(host):
        click.echo(f"Warning: listening on {host}: anyone who can reach it can play and watch.", err=True)
    try:  # bound here, so that a busy port is one line and port 0 tells which port it got
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        # proto IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say
        # so (without it every response waited 40 ms for a delayed ACK).
        sock = socket.socket(family, kind, proto or socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
        sock.listen(2048)  # connections wait from now, not from when uvicorn has started
    except OSError as exc:
        raise BoardgamesError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()
    shown = f"[{bound[0]}]" if family == socket.AF_INET6 else bound[0]
    address = f"http://{shown}:{bound[1]}/"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    click.echo(f"Serving boardgames at {address} (matches in {folder}); Ctrl-C stops.")
    if open_browser:
        webbrowser.open(address)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn has shut down cleanly, then passes Ctrl-C on
        pass
    click.echo("Stopped.")
