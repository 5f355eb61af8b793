"""What one server allows each client, and in all: the promises of
``docs/web.md`` ("no one client can take the server from the others") as
numbers, set by ``boardgames serve``'s options, and the per-client rate
limits that enforce the request rates among them.
"""

from __future__ import annotations

import math
import threading
import time

import attrs

from ..errors import BoardgamesError


@attrs.frozen
class Limits:
    """A server's limits; every one has a default that suits a public server
    on a small machine (``docs/web.md`` explains each)."""

    #: Threads where agents think (and hints are worked out).
    workers: int = 4
    #: Of these, how many one client's matches and hints may hold at once.
    workers_per_client: int = 2
    #: The most an agent thinks about one move here, whatever its spec says
    #: (a depth or an iteration count is cut short by it as well).
    think_seconds: float = 10.0
    #: Matches a client may create (or upload) a minute, and at once.
    creates_per_minute: float = 30.0
    create_burst: int = 10
    #: Hints a client may ask for a minute, and at once.
    hints_per_minute: float = 12.0
    hint_burst: int = 3
    #: Matches kept in the store, in all and per client.
    matches: int = 100_000
    matches_per_client: int = 1_000
    #: Matches held in memory when nothing uses them (more while in use).
    cached: int = 512
    #: Open connections, in all (kept below the descriptor limit) and per client.
    connections: int = 1024
    connections_per_client: int = 64
    #: Seconds a client has to send a request's head, and its body.
    header_seconds: float = 10.0
    body_seconds: float = 10.0
    #: Seconds an idle kept-alive connection stays open.
    idle_seconds: float = 5.0


class TooManyRequests(BoardgamesError):
    """A client over one of its limits (429); ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Rates:
    """Token buckets, one per client and kind of request: ``per_minute``
    refill, ``burst`` at most. Thread-safe."""

    #: Buckets kept before the full ones (the idle clients) are forgotten.
    KEPT = 10_000
    #: What a kind counts, in its refusal: a review and a move tried again cost a hint's share.
    NAMES = {"hint": "hints, reviews and moves tried again (one limit)"}

    def __init__(self, **kinds: tuple[float, int]) -> None:
        self.kinds = kinds
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, kind: str, client: str) -> None:
        """Spend one of ``client``'s ``kind`` tokens; TooManyRequests if none is left."""
        per_minute, burst = self.kinds[kind]
        if per_minute <= 0:
            return  # unlimited
        rate = per_minute / 60.0
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get((kind, client), (float(burst), now))
            tokens = min(float(burst), tokens + (now - then) * rate)
            if tokens < 1.0:
                wait = math.ceil((1.0 - tokens) / rate)
                what = self.NAMES.get(kind, f"{kind} requests")
                raise TooManyRequests(f"too many {what}: at most {per_minute:g} a minute", wait)
            self._buckets[(kind, client)] = (tokens - 1.0, now)
            if len(self._buckets) > self.KEPT:
                self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        for key, (tokens, then) in list(self._buckets.items()):
            per_minute, burst = self.kinds[key[0]]
            if tokens + (now - then) * per_minute / 60.0 >= burst:
                del self._buckets[key]
