"""``boardgames serve``: play in the browser (the extra ``web``)."""

from __future__ import annotations

import ipaddress
import socket
import sys
import webbrowser
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import attrs
import click

from boardgames.errors import BoardgamesError

if TYPE_CHECKING:
    from boardgames.web.limits import Limits

#: Connections the kernel queues before the server takes them (each round of
#: accepting takes at most this many, so a burst cannot use every descriptor).
BACKLOG = 128
#: How long a thread that thinks (an agent, a review's position) keeps the
#: interpreter's lock while the event loop or a request's thread waits for it
#: (Python's default is 5 ms, paid at each of the few handovers a request
#: makes): requests stay quick while agents and reviews think (docs/web.md,
#: "Measured": 0.2 ms keeps the playing clients within 2x while reviews are made).
SWITCH_SECONDS = 0.0002


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_limits(given: tuple[str, ...]) -> Limits:
    """``--limit NAME=VALUE`` options as :class:`Limits` (names with dashes);
    a value outside its limit's range (docs/web.md) is refused in one line."""
    from boardgames.web.limits import LimitError, Limits, describe_range

    fields = {f.name.replace("_", "-"): f for f in attrs.fields(Limits)}
    values: dict[str, Any] = {}
    for text in given:
        name, sep, value = text.partition("=")
        field = fields.get(name.strip().lower())
        if not sep or field is None:
            raise click.BadParameter(
                f"{text[:80]!r} is not NAME=VALUE, NAME one of {', '.join(fields)}", param_hint="'--limit'"
            )
        whole = field.type not in (float, "float")
        try:
            number = int(value) if whole else float(value)
        except ValueError:
            kind = "a whole number" if whole else "a number"
            raise click.BadParameter(
                f"{describe_range(field.name)}: it takes {kind}, got {value[:40]!r}", param_hint="'--limit'"
            ) from None
        values[field.name] = number
    try:
        return Limits(**values)
    except LimitError as exc:
        raise click.BadParameter(str(exc), param_hint="'--limit'") from None


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
@click.option(
    "--limit",
    "limits",
    multiple=True,
    metavar="NAME=VALUE",
    help="Change one of the server's limits (think-seconds=5, creates-per-minute=0 for none...; see docs/web.md).",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    metavar="IPS",
    help="Behind a reverse proxy: the proxy's addresses, whose X-Forwarded-For names the client (comma-separated).",
)
@click.option(
    "--allow-origin",
    "origins",
    multiple=True,
    metavar="URL",
    help="Another origin whose pages may change matches here (the page's address through a proxy).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
def serve(
    host: str,
    port: int,
    data: str | None,
    limits: tuple[str, ...],
    forwarded_allow_ips: str | None,
    origins: tuple[str, ...],
    open_browser: bool,
) -> None:
    """Serve a page to play every registered game in a browser, and its JSON
    API (docs/web.md). Matches are kept in --data and survive a restart.
    Ctrl-C stops the server at once, thinking agents included."""
    try:
        import uvicorn

        from boardgames.web.app import LOOPBACK_NAMES, create_app
        from boardgames.web.guard import guarded_protocol, quiet_floods
        from boardgames.web.store import default_data_dir
    except ImportError as exc:
        raise BoardgamesError(
            f"serve needs the extra 'web': pip install 'boardgames[web]' ({exc.name} is missing)"
        ) from None
    chosen = parse_limits(limits)
    folder = Path(data).expanduser() if data else default_data_dir()
    # On loopback only loopback names: another site's name made to point at
    # 127.0.0.1 (DNS rebinding) gets no answer. Elsewhere the proxy decides.
    hosts = [*LOOPBACK_NAMES, *(urlsplit(o).hostname or "" for o in origins)] if is_loopback(host) else None
    try:
        app = create_app(folder, chosen, origins, hosts)
    except OSError as exc:
        raise BoardgamesError(f"cannot keep matches in {str(folder)!r}: {exc.strerror or exc}") from None
    except RuntimeError as exc:  # the system allows this process fewer threads than workers=N
        raise BoardgamesError(f"cannot start {chosen.workers} worker threads: {exc}") from None
    if not is_loopback(host):
        click.echo(f"Warning: listening on {host}: anyone who can reach it can play and watch.", err=True)
    try:  # bound here, so that a busy port is one line and port 0 tells which port it got
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        # proto IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say
        # so (without it every response waited 40 ms for a delayed ACK).
        sock = socket.socket(family, kind, proto or socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
        sock.listen(BACKLOG)  # connections wait from now, not from when uvicorn has started
    except OSError as exc:
        raise BoardgamesError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()
    shown = f"[{bound[0]}]" if family == socket.AF_INET6 else bound[0]
    address = f"http://{shown}:{bound[1]}/"
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        http=guarded_protocol(chosen),
        timeout_keep_alive=max(1, round(chosen.idle_seconds)),
        timeout_graceful_shutdown=1,  # open event streams do not hold a stop
        backlog=BACKLOG,
        # X-Forwarded-For only from a proxy named here: by default uvicorn trusts
        # it from loopback, where any local client could claim any address.
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            app.state.stopping.set()  # event streams end at once, so the stop waits for nothing
            # No more jobs, and those not done fail (503): no request waits for a
            # review or a hint, so none is cancelled with a traceback after 1 s.
            app.state.matches.close()
            super().handle_exit(sig, frame)

    server = Server(config)
    quiet_floods()
    sys.setswitchinterval(SWITCH_SECONDS)
    click.echo(f"Serving boardgames at {address} (matches in {folder}); Ctrl-C stops.")
    if open_browser:
        webbrowser.open(address)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn has shut down cleanly, then passes Ctrl-C on
        pass
    # Agents think in daemon threads: leaving now stops them, mid-thought.
    click.echo("Stopped.")
