"""The threads where agents think, shared fairly.

A job is one agent move, one hint, one move tried again, or one position of
a review, for one client; jobs are taken client by client in turn, and one
client holds at most ``per_client`` threads at once, so four matches of a
slow agent by one client leave the others' agents a thread. A match whose
agent moves again goes to the back of its client's queue, so one client's
matches share its threads too.

Long work comes in steps (:meth:`FairWorkers.submit_steps`): a review is a
job per position, each bounded like a move, and after each the review goes
to the back of its client's queue, so a move never waits for a whole review.

Three lanes, a free thread taking from the first that has a job it may
start, client by client in turn within each, ``per_client`` counting the
threads a client holds in all three:

1. *urgent*: an agent's move in a match with a clock (its clock runs while
   it waits). A clocked agent waits for at most the jobs already running
   (each at most ``think-seconds``, a review's position its iterations),
   never for a queue of other clients' work;
2. the others: agents' moves without a clock, hints, moves tried again;
3. the steps of long work (reviews), on at most ``steps_at_once`` threads
   in all (``review-workers``, 1 by default). Agents think in threads of one
   process, which share one interpreter lock: a review on every thread
   would slow every request, not only the agents' (threads of one process
   would not make reviews much faster either, sharing that lock); on one,
   the others are free for moves.

The threads are daemons: stopping the server (Ctrl-C) never waits for an
agent's thought; :meth:`FairWorkers.close` fails every job not done yet with
:class:`Stopping` (a review being made included), so no request waits for one.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from typing import Any

import attrs

from ..errors import BoardgamesError

#: What a step of :meth:`FairWorkers.submit_steps` returns while it is not done.
AGAIN = object()
#: The lanes, by number.
URGENT, OTHERS, STEPS = 0, 1, 2


class Stopping(BoardgamesError):
    """The server is stopping: the job will not be done (503)."""


@attrs.define(eq=False)
class _Job:
    work: Callable[[], Any]
    future: Future[Any]
    urgent: bool = False
    steps: bool = False
    started: bool = False


class FairWorkers:
    def __init__(self, workers: int, per_client: int, steps_at_once: int = 1) -> None:
        self.per_client = max(1, per_client)
        self.steps_at_once = max(1, steps_at_once)
        # The lanes, urgent first, steps last: in each, each client's queue, in turn.
        self._lanes: tuple[OrderedDict[str, deque[_Job]], ...] = (OrderedDict(), OrderedDict(), OrderedDict())
        self._running: Counter[str] = Counter()
        self._steps_running = 0
        self._started: set[_Job] = set()  # running, or between two steps
        self._ready = threading.Condition()
        self._closed = False
        for n in range(max(1, workers)):
            threading.Thread(target=self._work, name=f"boardgames-agent-{n}", daemon=True).start()

    def submit(self, client: str, job: Callable[[], Any], urgent: bool = False) -> Future[Any]:
        """Run ``job`` when ``client``'s turn comes (in the urgent lane if
        ``urgent``); its result, or its error, in the future."""
        return self._queue(client, _Job(job, Future(), urgent=urgent))

    def submit_steps(self, client: str, step: Callable[[], Any]) -> Future[Any]:
        """Run ``step`` as ``client``'s job, again and again, each time at the
        back of the client's queue, until it returns something else than
        :data:`AGAIN`: that is the future's result (an error ends it too)."""
        return self._queue(client, _Job(step, Future(), steps=True))

    def _queue(self, client: str, job: _Job) -> Future[Any]:
        with self._ready:
            if self._closed:
                raise Stopping("the server is stopping")
            self._lanes[_lane(job)].setdefault(client, deque()).append(job)
            self._ready.notify()
        return job.future

    def close(self) -> None:
        """Take no more jobs; fail those not done (queued, running or between steps) with Stopping."""
        with self._ready:
            self._closed = True
            unfinished = [job for lane in self._lanes for queue in lane.values() for job in queue]
            unfinished += self._started
            for lane in self._lanes:
                lane.clear()
            self._ready.notify_all()
        for job in unfinished:
            _settle(job.future, exception=Stopping("the server is stopping"))

    def _next(self) -> tuple[str, _Job] | None:
        """Under the condition: the job of the first client in turn, urgent
        lane first, with a thread to spare, started; None if none may start."""
        while True:
            found = self._first()
            if found is None:
                return None
            client, job = found
            if job.started or job.future.set_running_or_notify_cancel():  # else cancelled while queued
                job.started = True
                self._started.add(job)
                self._running[client] += 1
                self._steps_running += job.steps
                return found

    def _first(self) -> tuple[str, _Job] | None:
        for number, lane in enumerate(self._lanes):
            if number == STEPS and self._steps_running >= self.steps_at_once:
                break
            for client, queue in lane.items():
                if self._running[client] < self.per_client:
                    job = queue.popleft()
                    if queue:
                        lane.move_to_end(client)  # the others go first next time
                    else:
                        del lane[client]
                    return client, job
        return None

    def _work(self) -> None:
        while True:
            with self._ready:
                taken = None
                while not self._closed and (taken := self._next()) is None:
                    self._ready.wait()
                if taken is None:
                    return
            client, job = taken
            again = requeued = False
            try:
                result = job.work()
            except BaseException as exc:  # the future carries it to whoever waits
                _settle(job.future, exception=exc)
            else:
                again = job.steps and result is AGAIN
                if not again:
                    _settle(job.future, result=result)
            finally:
                with self._ready:
                    self._running[client] -= 1
                    if not self._running[client]:
                        del self._running[client]
                    self._steps_running -= job.steps
                    if again and not self._closed:
                        self._lanes[STEPS].setdefault(client, deque()).append(job)  # the back of its queue
                        requeued = True
                    else:
                        self._started.discard(job)
                    self._ready.notify_all()
            if again and not requeued:
                _settle(job.future, exception=Stopping("the server is stopping"))


def _lane(job: _Job) -> int:
    return STEPS if job.steps else URGENT if job.urgent else OTHERS


def _settle(future: Future[Any], result: Any = None, exception: BaseException | None = None) -> None:
    """Give ``future`` its result or error, unless it has one already (the server stopped meanwhile)."""
    try:
        if exception is not None:
            future.set_exception(exception)
        else:
            future.set_result(result)
    except InvalidStateError:
        pass
