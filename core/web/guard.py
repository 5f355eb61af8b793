"""Connections the server keeps, and what it says of them.

uvicorn times out only idle kept-alive connections: a client that sends half
a request line, or opens connections until the process has no descriptor
left, holds the server. :func:`guarded_protocol` gives uvicorn's h11
protocol a deadline for each request's head, a cap on open connections in
all (below the descriptor limit) and per client, and :class:`Quieter` makes
a flood of the same warning one line a minute.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import time
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import Limits

log = logging.getLogger("boardgames.web")

#: Descriptors left for everything but connections: the store, logs, pipes.
SPARE_DESCRIPTORS = 64


def connection_cap(wanted: int) -> int:
    """``wanted``, or fewer if the process may not open that many descriptors."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - SPARE_DESCRIPTORS))


class Doorman:
    """The open connections, counted in all and per client address."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.most = connection_cap(limits.connections)
        self.open: Counter[str] = Counter()
        self.total = 0

    def admit(self, client: str) -> bool:
        if self.total >= self.most or self.open[client] >= self.limits.connections_per_client:
            log.warning(
                "connections refused: over the limit (%d in all, %d per client)",
                self.most,
                self.limits.connections_per_client,
            )
            return False
        self.total += 1
        self.open[client] += 1
        return True

    def left(self, client: str) -> None:
        self.total -= 1
        self.open[client] -= 1
        if not self.open[client]:
            del self.open[client]


def guarded_protocol(limits: Limits) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with the limits of one server."""
    doorman = Doorman(limits)

    class Guarded(H11Protocol):
        _admitted = False
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = self.client[0] if self.client else ""
            if not doorman.admit(self._address):
                transport.abort()
                return
            self._admitted = True
            self._await_head()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._admitted:
                self._admitted = False
                doorman.left(self._address)
            self._stop_timer()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is h11.IDLE:
                self._await_head()  # a head under way: it must be whole in time
            else:
                self._stop_timer()

        def send_400_response(self, msg: str) -> None:
            """Malformed HTTP, answered as every error here is: one JSON line."""
            body = json.dumps({"error": f"not an HTTP request this server can read: {msg}"}).encode()
            headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
            for data in (
                self.conn.send(h11.Response(status_code=400, headers=headers, reason=b"Bad Request")),
                self.conn.send(h11.Data(data=body)),
                self.conn.send(h11.EndOfMessage()),
            ):
                if data:
                    self.transport.write(data)
            self.transport.close()

        def _await_head(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _stop_timer(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _too_slow(self) -> None:
            self._head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                log.warning("connections closed: no whole request head within %g s", limits.header_seconds)
                self.transport.close()

    Guarded.doorman = doorman  # type: ignore[attr-defined]
    return Guarded


class Quieter(logging.Filter):
    """Lets a message (by its format) through once a ``seconds``, with a count
    of those held back since: a flood of refused connections is a line a
    minute, not one per connection."""

    def __init__(self, seconds: float = 60.0) -> None:
        super().__init__()
        self.seconds = seconds
        self._seen: dict[tuple[str, Any], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = time.monotonic()
        last, held = self._seen.get(key, (-self.seconds, 0))
        if now - last < self.seconds:
            self._seen[key] = (last, held + 1)
            return False
        if held:
            record.msg = f"{record.getMessage()} (and {held} more like it in the last {self.seconds:g} s)"
            record.args = ()
        self._seen[key] = (now, 0)
        if len(self._seen) > 1000:
            self._seen.clear()
        return True


def quiet_floods(seconds: float = 60.0) -> None:
    """Put a :class:`Quieter` on the loggers that a flood of connections fills."""
    for name in ("boardgames.web", "uvicorn.error", "asyncio"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, Quieter) for f in logger.filters):
            logger.addFilter(Quieter(seconds))
