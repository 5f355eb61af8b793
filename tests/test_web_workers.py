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
        # The clocked agent first, though asked last; b's move before a's review, asked first.
        assert done == ["c's clocked agent", "b's move", "review1", "review2", "review3"]
        assert review.result() == "review"
    finally:
        workers.close()


def test_reviews_hold_one_thread_in_all_and_the_others_stay_free_for_moves():
    workers = FairWorkers(workers=2, per_client=2, steps_at_once=1)
    done: list[str] = []
    gate, running = threading.Event(), threading.Event()

    def slow() -> str:
        running.set()
        gate.wait(30)
        done.append("a's review")
        return "a"

    try:
        first = workers.submit_steps("a", slow)
        assert running.wait(30)
        second = workers.submit_steps("b", steps(done, "b's review", 2))
        move = workers.submit("c", lambda: done.append("c's move"))
        move.result(timeout=30)  # on the other thread, while a's review holds one
        assert done == ["c's move"]  # b's review waits: reviews hold one thread in all
        gate.set()
        wait([first, second], timeout=30)
        assert done == ["c's move", "a's review", "b's review1", "b's review2"]
    finally:
        gate.set()
        workers.close()


def test_stopping_fails_every_job_not_done_even_a_review_between_steps():
    workers = FairWorkers(workers=1, per_client=2)
    first_gate, first_running, done = threading.Event(), threading.Event(), []

    def step():
        if not done:
            first_running.set()
            first_gate.wait(30)
        done.append("a position")
        return AGAIN

    review = workers.submit_steps("a", step)
    assert first_running.wait(30)
    gate, running = threading.Event(), threading.Event()
    holding = workers.submit("b", lambda: (running.set(), gate.wait(30)))
    first_gate.set()
    assert running.wait(30)  # b's job holds the thread, taken after the review's first position
    assert done == ["a position"]  # the review waits between two steps
    queued = workers.submit("c", lambda: "e4")
    workers.close()
    for future in (holding, review, queued):
        with pytest.raises(Stopping):
            future.result(timeout=30)
    gate.set()
    with pytest.raises(Stopping):
        workers.submit("c", lambda: None)
