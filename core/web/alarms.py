"""One thread that calls back at given moments: the server's clocks flag a
player whose time runs out at that moment, whether or not anyone asks.

An alarm is set under a key (a match's id); setting it again replaces it,
and a callback runs on this thread, never under its lock, so it may take a
match's lock and set the next alarm. The moments are in the seconds of
:data:`boardgames.play.clock.time_source`; the thread looks at least once a
second, so a clock that jumps is followed within a second.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable

from ..play import clock

#: The longest the thread sleeps before it looks at the time again.
LOOK_SECONDS = 1.0

log = logging.getLogger("boardgames.web")


class Alarms:
    def __init__(self) -> None:
        self._heap: list[tuple[float, int, str]] = []
        self._set: dict[str, tuple[int, Callable[[], None]]] = {}
        self._count = itertools.count()
        self._ready = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None

    def set(self, key: str, when: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the time is ``when``, instead of any alarm set under ``key``."""
        with self._ready:
            if self._closed:
                return
            number = next(self._count)
            self._set[key] = (number, callback)
            heapq.heappush(self._heap, (when, number, key))
            if self._thread is None:  # started at the first alarm: a server without clocks has no thread
                self._thread = threading.Thread(target=self._run, name="boardgames-alarms", daemon=True)
                self._thread.start()
            self._ready.notify()

    def cancel(self, key: str) -> None:
        with self._ready:
            self._set.pop(key, None)  # its entry in the heap is skipped when it comes up

    @property
    def closed(self) -> bool:
        return self._closed

    def pending(self) -> int:
        with self._ready:
            return len(self._set)

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._set.clear()
            self._heap.clear()
            self._ready.notify_all()

    def _due(self) -> Callable[[], None] | None:
        """Under the condition: the callback of an alarm whose time has come,
        else None after waiting for the next one (or a change)."""
        while self._heap:
            when, number, key = self._heap[0]
            if self._set.get(key, (None,))[0] != number:  # replaced or cancelled
                heapq.heappop(self._heap)
                continue
            wait = when - clock.time_source()
            if wait <= 0:
                heapq.heappop(self._heap)
                return self._set.pop(key)[1]
            self._ready.wait(min(wait, LOOK_SECONDS))
            return None
        self._ready.wait()
        return None

    def _run(self) -> None:
        while True:
            with self._ready:
                if self._closed:
                    return
                callback = self._due()
            if callback is not None:
                try:
                    callback()
                except Exception:  # one match's failure must not stop the others' clocks
                    log.exception("an alarm failed")
