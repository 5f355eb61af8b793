"""The tables every game shares in a process, grown the first time a larger
board needs them, stay right when several threads grow them at once, as a
server's requests and agents do (issue 42): bits' byte tables and the moves'
byte tables, each with the two threads made to meet where they grow it, and
four first uploads at once of a 19x19 Verso record on a real server."""

from __future__ import annotations

import sys
import threading

import pytest

import boardgames.geometry.bits  # noqa: F401  (the module, not the function the package exports)
import boardgames.rules.moves as moves_module
from boardgames import Match, game_class
from boardgames.geometry import bits
from boardgames.rules.moves import placements

bits_module = sys.modules["boardgames.geometry.bits"]


class Meeting:
    """Where two threads meet: a table appended by one waits until the other
    has come to append one too, or waits for the lock that grows the tables.
    Which of the two happens is the code's doing, not the clock's."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.appending = 0
        self.waiting = 0

    def before_append(self) -> None:
        with self.changed:
            self.appending += 1
            self.changed.notify_all()
            # A long safety net, so that a bug hangs nothing; never reached when the other thread runs.
            assert self.changed.wait_for(lambda: self.appending >= 2 or self.waiting >= 1, timeout=60)


class MeetingList(list):
    def __init__(self, meeting: Meeting) -> None:
        super().__init__()
        self.meeting = meeting

    def append(self, item: object) -> None:
        self.meeting.before_append()
        super().append(item)


class WatchedLock:
    """A lock that tells the meeting a thread is waiting for it."""

    def __init__(self, meeting: Meeting) -> None:
        self.lock = threading.Lock()
        self.meeting = meeting

    def __enter__(self) -> None:
        with self.meeting.changed:
            self.meeting.waiting += 1
            self.meeting.changed.notify_all()
        self.lock.acquire()
        with self.meeting.changed:
            self.meeting.waiting -= 1

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def in_two_threads(work) -> list:
    results: list = []
    threads = [threading.Thread(target=lambda: results.append(work())) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_bits_tables_grown_by_two_threads_at_once(monkeypatch):
    meeting = Meeting()
    monkeypatch.setattr(bits_module, "_BYTES", MeetingList(meeting))
    monkeypatch.setattr(bits_module, "_GROWING", WatchedLock(meeting), raising=False)
    mask = 1 << 3 | 1 << 15  # two bytes: both threads grow the tables from nothing
    assert in_two_threads(lambda: bits(mask)) == [(3, 15), (3, 15)]
    assert bits(1 << 20 | 1 << 9) == (9, 20)
    assert [table[1] for table in bits_module._BYTES] == [(0,), (8,), (16,)]


def test_placement_tables_grown_by_two_threads_at_once(monkeypatch):
    meeting = Meeting()
    monkeypatch.setattr(moves_module, "_BYTE_MOVES", MeetingList(meeting))
    monkeypatch.setattr(moves_module, "_ONE_PLACEMENT", [])
    monkeypatch.setattr(moves_module, "_GROWING", WatchedLock(meeting), raising=False)
    mask = 1 << 3 | 1 << 15
    # With passing: made afresh from the tables, never from the cache of masks.
    got = in_two_threads(lambda: [move.to for move in placements(mask, passing=True)])
    assert got == [[-1, 3, 15], [-1, 3, 15]]
    assert [move.to for move in placements(1 << 20 | 1 << 9, passing=True)] == [-1, 9, 20]
    assert [move.to for move in moves_module._ONE_PLACEMENT] == list(range(24))


def test_first_uploads_at_once_of_a_19x19_verso_record(tmp_path):
    pytest.importorskip("starlette", reason="the extra 'web' (pip install -e '.[web]') is not installed")
    from server import Server

    match = Match(game_class("verso").configure({"size": "19"}, seed=3), ["random", "random"])
    match.run()
    record = match.record().to_json()
    assert len(record["history"]) > 100
    server = Server(tmp_path)  # fresh: nothing on a 19x19 board yet in its process
    try:
        answers: list = []

        def upload(i: int) -> None:
            body = {"record": record, "players": ["human", "human"]}
            answers.append(server.request("POST", "/api/matches", body, source=f"127.1.0.{i + 2}"))

        threads = [threading.Thread(target=upload, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        later = server.request("POST", "/api/matches", {"record": record}, source="127.1.1.2")
        for answer in [*answers, later]:
            assert answer.status == 201, answer.body
            assert len(answer.body["state"]["history"]) == len(record["history"])
    finally:
        server.stop()
