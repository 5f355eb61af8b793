"""The threads where agents think, shared fairly.

A job is one agent move (or one hint) for one client; jobs are taken client
by client in turn, and one client holds at most ``per_client`` threads at
once, so four matches of a slow agent by one client leave the others' agents
a thread. A match whose agent moves again goes to the back of its client's
queue, so one client's matches share its threads too. The threads are
daemons: stopping the server (Ctrl-C) never waits for an agent's thought.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ..errors import BoardgamesError


class FairWorkers:
    def __init__(self, workers: int, per_client: int) -> None:
        self.per_client = max(1, per_client)
        self._queues: OrderedDict[str, deque[tuple[Callable[[], Any], Future[Any]]]] = OrderedDict()
        self._running: Counter[str] = Counter()
        self._ready = threading.Condition()
        self._closed = False
        for n in range(max(1, workers)):
            threading.Thread(target=self._work, name=f"boardgames-agent-{n}", daemon=True).start()

    def submit(self, client: str, job: Callable[[], Any]) -> Future[Any]:
        """Run ``job`` when ``client``'s turn comes; its result, or its error, in the future."""
        future: Future[Any] = Future()
        with self._ready:
            if self._closed:
                raise BoardgamesError("the server is stopping")
            self._queues.setdefault(client, deque()).append((job, future))
            self._ready.notify()
        return future

    def close(self) -> None:
        with self._ready:
            self._closed = True
            for queue in self._queues.values():
                for _, future in queue:
                    future.cancel()
            self._queues.clear()
            self._ready.notify_all()

    def _next(self) -> tuple[str, Callable[[], Any], Future[Any]] | None:
        """Under the condition: the first client in turn with a job and a thread to spare."""
        for client, queue in self._queues.items():
            if self._running[client] < self.per_client:
                job, future = queue.popleft()
                if queue:
                    self._queues.move_to_end(client)  # the others go first next time
                else:
                    del self._queues[client]
                self._running[client] += 1
                return client, job, future
        return None

    def _work(self) -> None:
        while True:
            with self._ready:
                taken = None
                while not self._closed and (taken := self._next()) is None:
                    self._ready.wait()
                if taken is None:
                    return
            client, job, future = taken
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(job())
                    except BaseException as exc:  # the future carries it to whoever waits
                        future.set_exception(exc)
            finally:
                with self._ready:
                    self._running[client] -= 1
                    if not self._running[client]:
                        del self._running[client]
                    self._ready.notify_all()
