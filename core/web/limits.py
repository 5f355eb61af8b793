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


def _within(low: float, high: float, rate: bool = False) -> dict[str, object]:
    """A limit's range (``docs/web.md`` lists them): ``rate``, 0 is no limit."""
    return {"range": (low, high), "rate": rate}


class LimitError(BoardgamesError):
    """A limit outside its range: a value that would silently stop the server
    (a burst of 0, a deadline of 0 s) or break it (a thousand threads)."""


@attrs.frozen
class Limits:
    """A server's limits; every one has a default that suits a public server
    on a small machine, and a range (``docs/web.md`` explains each): a value
    outside it is a LimitError, so that no limit silently disables the server."""

    #: Threads where agents think (and hints are worked out).
    workers: int = attrs.field(default=4, metadata=_within(1, 256))
    #: Of these, how many one client's matches and hints may hold at once.
    workers_per_client: int = attrs.field(default=2, metadata=_within(1, 256))
    #: Of these, how many may value reviews' positions at once, in all (the
    #: others stay free for moves and hints: core/web/workers.py says why).
    review_workers: int = attrs.field(default=1, metadata=_within(1, 256))
    #: The most an agent thinks about one move here, whatever its spec says
    #: (a depth or an iteration count is cut short by it as well).
    think_seconds: float = attrs.field(default=10.0, metadata=_within(0.1, 3600))
    #: Matches a client may create (or upload) a minute (0: no limit), and at once.
    creates_per_minute: float = attrs.field(default=30.0, metadata=_within(0, 1_000_000, rate=True))
    create_burst: int = attrs.field(default=10, metadata=_within(1, 1_000_000))
    #: Hints a client may ask for a minute (0: no limit), and at once.
    hints_per_minute: float = attrs.field(default=12.0, metadata=_within(0, 1_000_000, rate=True))
    hint_burst: int = attrs.field(default=3, metadata=_within(1, 1_000_000))
    #: Matches kept in the store, in all and per client.
    matches: int = attrs.field(default=100_000, metadata=_within(1, 10**9))
    matches_per_client: int = attrs.field(default=1_000, metadata=_within(1, 10**9))
    #: Matches held in memory when nothing uses them (more while in use).
    cached: int = attrs.field(default=512, metadata=_within(0, 1_000_000))
    #: Open connections, in all (kept below the descriptor limit) and per client.
    connections: int = attrs.field(default=1024, metadata=_within(1, 1_000_000))
    connections_per_client: int = attrs.field(default=64, metadata=_within(1, 1_000_000))
    #: Seconds a client has to send a request's head, and its body.
    header_seconds: float = attrs.field(default=10.0, metadata=_within(1, 3600))
    body_seconds: float = attrs.field(default=10.0, metadata=_within(1, 3600))
    #: Seconds an idle kept-alive connection stays open.
    idle_seconds: float = attrs.field(default=5.0, metadata=_within(1, 3600))

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if not field.metadata["range"][0] <= value <= field.metadata["range"][1]:  # NaN is outside too
                raise LimitError(f"{describe_range(field.name)}, got {value:g}")


def describe_range(name: str) -> str:
    """``create-burst is from 1 to 1,000,000`` (a limit by its attribute's name)."""
    field = attrs.fields_dict(Limits)[name]
    low, high = field.metadata["range"]
    lowest = f"{low:g} (no limit)" if field.metadata["rate"] else f"{low:g}"
    return f"{name.replace('_', '-')} is from {lowest} to {high:,}"


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
