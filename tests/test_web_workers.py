"""The server's shared workers (core/web/workers.py), driven directly: a
review's steps take turns with other clients' jobs, an agent's move in a
clocked match goes first, and stopping fails every job not done (issue 42)."""

from __future__ import annotations

import threading
from concurrent.futures import wait

import pytest

pytest.importorskip("starlette", reason="the extra 'web' (pip install -e '.[web]') is not installed")

from boardgames.web.workers import AGAIN, FairWorkers, Stopping  # noqa: E402


def held(workers: FairWorkers, client: str = "held") -> tuple[threading.Event, object]:
    """A job that holds the one thread until the gate opens; (gate, its future) once it runs."""
    gate, running = threading.Event(), threading.Event()

    def hold() -> str:
        running.set()
        gate.wait(30)
        return "held"

    future = workers.submit(client, hold)
    assert running.wait(30)
    return gate, future


def steps(done: list[str], name: str, count: int):
    """A job in ``count`` steps, each noted in ``done``."""
    left = [count]

    def step():
        left[0] -= 1
        done.append(f"{name}{count - left[0]}")
        return name if not left[0] else AGAIN

    return step


def test_a_review_in_steps_takes_turns_and_a_clocked_agent_goes_first():
    workers = FairWorkers(workers=1, per_client=2)
    done: list[str] = []
    try:
        gate, first = held(workers, "a")
        review = workers.submit_steps("a", steps(done, "review", 3))
        move = workers.submit("b", lambda: done.append("b's move"))
        clocked = workers.submit("c", lambda: done.append("c's clocked agent"), urgent=True)
        gate.set()
        wait([first, review, move, clocked], timeout=30)
        # The clocked agent first, though asked last; b's move after one position of a's review, not all.
        assert done == ["c's clocked agent", "review1", "b's move", "review2", "review3"]
        assert review.result() == "review"
    finally:
        workers.close()


def test_stopping_fails_every_job_not_done_even_a_review_between_steps():
    workers = FairWorkers(workers=1, per_client=2)
    done: list[str] = []
    first_gate, first = held(workers, "x")
    review = workers.submit_steps("a", steps(done, "review", 1000))
    gate, running = threading.Event(), threading.Event()
    holding = workers.submit("b", lambda: (running.set(), gate.wait(30)))
    first_gate.set()
    assert running.wait(30)  # b's job holds the thread, taken after the review's first position
    assert done == ["review1"]  # the review waits between two steps
    queued = workers.submit("c", lambda: "e4")
    workers.close()
    for future in (holding, review, queued):
        with pytest.raises(Stopping):
            future.result(timeout=30)
    gate.set()
    assert first.result(timeout=30) == "held"
    with pytest.raises(Stopping):
        workers.submit("c", lambda: None)
