"""The server's promises (docs/web.md), each tried as a hostile or unlucky
client would, against a real ``boardgames serve`` on loopback: no
acknowledged move lost, no stale event stream, a finished game stays
finished, a full disk changes nothing, no one client takes the server from
the others, never a 500, and the web's hygiene headers."""

from __future__ import annotations

import json
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the extra 'web' (pip install -e '.[web]') is not installed")

from server import Server  # noqa: E402

NO_RATES = ("--limit", "creates-per-minute=0", "--limit", "hints-per-minute=0")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("served"), *NO_RATES)
    yield running
    running.stop()


def two_moves(match: dict) -> tuple[str, str]:
    legal = match["state"]["legal_moves"]
    return legal[0], legal[1]


def send_head(port: int, path: str, token: str, length: int) -> socket.socket:
    """A POST whose head is sent and whose body is held back."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {token}\r\nContent-Length: {length}\r\n\r\n"
    )
    sock.sendall(head.encode())
    return sock


def read_until(sock: socket.socket, marker: bytes) -> bytes:
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    return data


def read_status(sock: socket.socket) -> int:
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, data
        data += chunk
    return int(data.split()[1])


# -- integrity ------------------------------------------------------------------------------
def test_a_request_held_across_an_eviction_sees_the_same_match(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "cached=2")
    try:
        match = served.create(players=["human", "human"])
        token, first, second = match["seats"]["chocolate"], *two_moves(match)
        body = json.dumps({"move": first}).encode()
        held = send_head(served.port, f"/api/matches/{match['id']}/moves", token, len(body))
        time.sleep(0.3)  # the held request has the match now
        for _ in range(6):  # more matches than the cache keeps
            served.create(players=["human", "human"])
        moved = served.request("POST", f"/api/matches/{match['id']}/moves", {"move": second}, token=token)
        assert moved.status == 200
        held.sendall(body)
        assert read_status(held) == 409  # vanilla's turn now: the held move saw the same match
        held.close()
    finally:
        served.stop()
    restarted = Server(tmp_path, *NO_RATES)
    try:  # the store holds the acknowledged move, and only it
        final = restarted.request("GET", f"/api/matches/{match['id']}").body
        assert final["state"]["history"] == [second]
    finally:
        restarted.stop()


def test_an_event_stream_opened_before_an_eviction_sees_the_reply(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "cached=2")
    try:
        match = served.create(players=["human", "random"])
        stream = socket.create_connection(("127.0.0.1", served.port), timeout=20)
        stream.sendall(f"GET /api/matches/{match['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        time.sleep(0.3)
        for _ in range(6):
            served.create(players=["human", "human"])
        token = match["seats"]["chocolate"]
        assert served.request("POST", f"/api/matches/{match['id']}/moves", {"move": "c3"}, token=token).status == 200
        seen, deadline = b"", time.monotonic() + 20
        while b'"history": ["c3", "' not in seen:  # the computer's reply, on the stream opened before
            assert time.monotonic() < deadline, seen[-500:]
            seen += stream.recv(65536)
        stream.close()
    finally:
        served.stop()


def test_a_finished_game_stays_finished(server):
    match = server.create(players=["human", "human"])
    seats = match["seats"]
    path = f"/api/matches/{match['id']}"
    assert server.request("POST", path + "/moves", {"move": "c3"}, token=seats["chocolate"]).status == 200
    resigned = server.request("POST", path + "/resign", token=seats["vanilla"]).body
    assert resigned["winner"] == "chocolate"
    for seat in ("vanilla", "chocolate"):
        for action, body in (
            ("undo", None),
            ("takeback", None),
            ("resign", None),
            ("hint", None),
            ("moves", {"move": "d3"}),
        ):
            answer = server.request("POST", f"{path}/{action}", body, token=seats[seat])
            assert answer.status == 409 and "a finished game stays finished" in answer.body["error"], answer
    final = server.request("GET", path).body
    assert final["result"] == "chocolate wins: vanilla forfeits (resigned)" and final["state"]["history"] == ["c3"]


def test_between_two_people_a_takeback_needs_the_others_consent(server):
    match = server.create(players=["human", "human"])
    seats, path = match["seats"], f"/api/matches/{match['id']}"
    for player, move in (("chocolate", "c3"), ("vanilla", None)):
        state = server.request("GET", path).body["state"]
        move = move or state["legal_moves"][0]
        assert server.request("POST", path + "/moves", {"move": move}, token=seats[player]).status == 200
    asked = server.request("POST", path + "/takeback", token=seats["chocolate"]).body
    first = asked["takeback"]
    assert asked["undone"] is False and first == {"by": "chocolate", "ply": 2, "id": first["id"], "agreed": []}
    assert len(asked["state"]["history"]) == 2
    yes = {"accept": True, "id": first["id"]}
    own = server.request("POST", path + "/takeback/answer", yes, token=seats["chocolate"])
    assert own.status == 403
    unnamed = server.request("POST", path + "/takeback/answer", {"accept": True}, token=seats["vanilla"])
    assert unnamed.status == 400 and "'id'" in unnamed.body["error"]  # an answer names the request it answers
    no = {"accept": False, "id": first["id"]}
    declined = server.request("POST", path + "/takeback/answer", no, token=seats["vanilla"]).body
    assert declined["takeback"] is None and len(declined["state"]["history"]) == 2
    second = server.request("POST", path + "/takeback", token=seats["chocolate"]).body["takeback"]
    assert second["ply"] == first["ply"] and second["id"] != first["id"]  # asked again at the same ply: another request
    replayed = server.request("POST", path + "/takeback/answer", no, token=seats["vanilla"])
    assert replayed.status == 409  # an answer to another request never lands on this one
    yes = {"accept": True, "id": second["id"]}
    accepted = server.request("POST", path + "/takeback/answer", yes, token=seats["vanilla"]).body
    assert accepted["undone"] is True and accepted["state"]["history"] == [] and accepted["to_move"] == "chocolate"
    nothing = server.request("POST", path + "/takeback/answer", yes, token=seats["vanilla"])
    assert nothing.status == 409


def test_an_answer_sent_again_never_lands_on_a_later_request_at_the_same_ply(server):
    match = server.create(players=["human", "human"])
    seats, path = match["seats"], f"/api/matches/{match['id']}"
    for player in ("chocolate", "vanilla"):
        legal = server.request("GET", path).body["state"]["legal_moves"]
        assert server.request("POST", path + "/moves", {"move": legal[0]}, token=seats[player]).status == 200
    first = server.request("POST", path + "/takeback", token=seats["chocolate"]).body["takeback"]
    answer = {"accept": True, "id": first["id"], "ply": first["ply"]}
    assert server.request("POST", path + "/takeback/answer", answer, token=seats["vanilla"]).body["undone"] is True
    again = server.request("GET", path).body["state"]["legal_moves"][0]
    assert server.request("POST", path + "/moves", {"move": again}, token=seats["chocolate"]).status == 200
    legal = server.request("GET", path).body["state"]["legal_moves"]
    assert server.request("POST", path + "/moves", {"move": legal[0]}, token=seats["vanilla"]).status == 200
    second = server.request("POST", path + "/takeback", token=seats["chocolate"]).body["takeback"]
    assert second["ply"] == first["ply"] == 2
    # The first answer, sent again (a page's retry, a replayed request):
    replayed = server.request("POST", path + "/takeback/answer", answer, token=seats["vanilla"])
    assert replayed.status == 409 and "no such takeback" in replayed.body["error"], replayed
    now = server.request("GET", path).body
    assert now["takeback"] == second and len(now["state"]["history"]) == 2  # still asked, nothing taken back


def fill_the_disk(limit: int):
    def preexec() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


def test_a_full_disk_changes_nothing_and_says_so(tmp_path):
    served = Server(tmp_path, *NO_RATES, preexec=fill_the_disk(400_000))
    try:
        match = served.create(players=["human", "human"])
        seats, path = match["seats"], f"/api/matches/{match['id']}"
        big = {"game": "verso", "options": {"size": "19"}, "players": ["random", "random"], "seed": 1}
        refused = None
        for _ in range(400):  # until the store can take no more
            answer = served.request("POST", "/api/matches", big)
            if answer.status != 201:
                refused = answer
                break
        assert refused is not None and refused.status == 503, refused
        assert "could not be saved" in refused.body["error"]
        # A small write may still fit in a page the store has: play until one does not.
        kept: list[str] = []
        for _ in range(30):
            shown = served.request("GET", path).body
            move = shown["state"]["legal_moves"][0]
            moved = served.request("POST", path + "/moves", {"move": move}, token=seats[shown["to_move"]])
            if moved.status != 200:
                break
            kept.append(move)
        assert moved.status == 503 and "nothing was changed" in moved.body["error"], moved
        for _ in range(2):  # refused, and the same player may try again: nothing was applied
            shown = served.request("GET", path).body
            assert shown["state"]["history"] == kept
            again = served.request("POST", path + "/moves", {"move": move}, token=seats[shown["to_move"]])
            assert again.status == 503 and "nothing was changed" in again.body["error"]
        assert "Traceback" not in served.stderr()
    finally:
        served.stop()
    restarted = Server(tmp_path, *NO_RATES)
    try:
        assert restarted.request("GET", path).body["state"]["history"] == kept  # every move answered 200
    finally:
        restarted.stop()


def events(sock: socket.socket) -> Iterator[dict]:
    """The matches an open event stream sends, one by one."""
    data = b""
    while True:
        while b"\n\n" not in data:
            chunk = sock.recv(65536)
            assert chunk, data
            data += chunk
        message, _, data = data.partition(b"\n\n")
        for line in message.split(b"\r\n\r\n")[-1].splitlines():
            if line.startswith(b"data: "):
                yield json.loads(line[6:])


def test_an_agents_move_that_could_not_be_saved_is_saved_again_and_the_match_says_why_it_waits(tmp_path):
    served = Server(tmp_path)
    store = tmp_path / "data" / "matches.sqlite3"
    refuse = "CREATE TRIGGER refuse BEFORE UPDATE ON matches BEGIN SELECT RAISE(ABORT, 'the disk says no'); END"
    with sqlite3.connect(store) as db:
        db.execute(refuse)  # a new match is saved (an insert); every change to it fails, an agent's move included
    try:
        match = served.create(players=["random", "human"])  # the computer (chocolate) moves first
        path = f"/api/matches/{match['id']}"
        waiting = served.until(match["id"], lambda m: m["waiting"] is not None)
        assert waiting["thinking"] and waiting["to_move"] == "chocolate" and waiting["state"]["history"] == []
        assert "the disk says no" in waiting["waiting"] and "saved again" in waiting["waiting"], waiting
        stream = socket.create_connection(("127.0.0.1", served.port), timeout=30)
        stream.sendall(f"GET {path}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        heard = events(stream)
        first = next(heard)
        assert first["thinking"] and "the disk says no" in first["waiting"], first  # the stream says why it waits
        with sqlite3.connect(store) as db:
            db.execute("DROP TRIGGER refuse")  # the disk has room again
        saved = next(m for m in heard if m["state"]["history"])
        assert saved["waiting"] is None and saved["to_move"] == "vanilla" and len(saved["state"]["history"]) == 1
        assert not served.until(match["id"], lambda m: not m["thinking"])["waiting"]
        stream.close()
        assert "Traceback" not in served.stderr()
    finally:
        served.stop()
    restarted = Server(tmp_path)
    try:
        assert restarted.request("GET", path).body["state"]["history"] == saved["state"]["history"]  # in the store
    finally:
        restarted.stop()


# -- availability against one client -------------------------------------------------------------
def test_one_clients_slow_agents_leave_the_others_a_worker(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "think-seconds=20")
    try:
        for _ in range(4):  # every worker, if one client could take them all
            served.create(source="127.0.0.2", game="verso", players=["alphabeta:depth=12", "alphabeta:depth=12"])
        time.sleep(0.5)
        match = served.create(players=["human", "greedy"])
        served.request("POST", f"/api/matches/{match['id']}/moves", {"move": "c3"}, token=match["seats"]["chocolate"])
        replied = served.until(match["id"], lambda m: len(m["state"]["history"]) == 2, seconds=10)
        assert replied["to_move"] == "chocolate"
    finally:
        assert served.stop(signal.SIGINT) == 0


def long_finished_record() -> dict:
    """A whole random game of Verso on 19x19: 200 and more positions to review."""
    from boardgames import Match, game_class

    match = Match(game_class("verso").configure({"size": "19"}, seed=3), ["random", "random"], seed=3)
    match.run()
    assert len(match.state.history) > 150
    return match.record().to_json()


def ask_review(served: Server, source: str) -> tuple[str, threading.Thread, list]:
    """A long finished game uploaded by ``source``, and its review asked in a thread: (id, thread, [answer])."""
    uploaded = served.request("POST", "/api/matches", {"record": long_finished_record()}, source=source)
    assert uploaded.status == 201, uploaded.body
    match_id, answers = uploaded.body["id"], []
    thread = threading.Thread(
        target=lambda: answers.append(
            served.request("GET", f"/api/matches/{match_id}/review", source=source, timeout=600)
        )
    )
    thread.start()
    return match_id, thread, answers


def test_a_review_leaves_another_clients_clocked_agent_the_worker(tmp_path):
    """Issue 42, fault 2: a review is a job per position, not one job for
    the whole game, so with a single worker another client's computer replies
    in its clocked game while the review is still being made (it waited for
    the whole review, and lost on time)."""
    served = Server(tmp_path, *NO_RATES, "--limit", "workers=1")
    try:
        _, reviewing, answers = ask_review(served, "127.0.0.2")
        match = served.create(players=["human", "greedy"], clock={"limit": 600, "increment": 0})
        first = match["state"]["legal_moves"][0]
        sent = served.request(
            "POST", f"/api/matches/{match['id']}/moves", {"move": first}, token=match["seats"]["chocolate"]
        )
        assert sent.status == 200, sent.body
        replied = None
        while replied is None and reviewing.is_alive():
            now = served.request("GET", f"/api/matches/{match['id']}").body
            if len(now["state"]["history"]) == 2:
                replied = now
            time.sleep(0.05)
        assert replied is not None, ("the review ended before the reply", answers)
        assert reviewing.is_alive() and not answers  # the review is still being made
        assert replied["result"] is None and replied["to_move"] == "chocolate"  # replied, not flagged
    finally:
        assert served.stop(signal.SIGINT) == 0


def test_ctrl_c_with_a_review_pending_stops_at_once_without_a_traceback(tmp_path):
    """Issue 42: a review asked as the server stops is answered 503 in one
    line; the request was cancelled after uvicorn's graceful second, with a
    CancelledError traceback in the log."""
    served = Server(tmp_path, *NO_RATES)
    try:
        _, reviewing, answers = ask_review(served, "127.0.0.2")
        time.sleep(1)  # the request has arrived and its review is being made
        assert reviewing.is_alive()
        served.process.send_signal(signal.SIGINT)
        assert served.process.wait(timeout=30) == 0  # a guard against a hang, not a measure
        assert served.process.stdout.read().strip().endswith("Stopped.")
        reviewing.join(timeout=30)
        assert [a.status for a in answers] == [503] and "stopping" in answers[0].body["error"]
        log = served.stderr()
        assert "Traceback" not in log and "CancelledError" not in log and "ERROR" not in log, log
    finally:
        served.stop(signal.SIGKILL)


def test_the_thinking_time_is_capped_whatever_the_spec(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "think-seconds=0.5")
    try:
        match = served.create(game="verso", players=["alphabeta:depth=12", "mcts:iterations=900000"])
        began = time.monotonic()
        served.until(match["id"], lambda m: len(m["state"]["history"]) >= 4, seconds=30)
        assert time.monotonic() - began < 25  # four moves, each cut at half a second (uncapped: minutes)
    finally:
        served.stop()


def test_ctrl_c_stops_thinking_agents_at_once(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "think-seconds=30")
    try:
        for _ in range(4):
            served.create(game="verso", players=["alphabeta:depth=12", "alphabeta:depth=12"])
        time.sleep(1)
        began = time.monotonic()
        served.process.send_signal(signal.SIGINT)
        assert served.process.wait(timeout=15) == 0
        assert time.monotonic() - began < 10  # not the 30 s an agent may think
        assert served.process.stdout.read().strip().endswith("Stopped.")
    finally:
        served.stop(signal.SIGKILL)


def test_hints_and_creations_are_rate_limited_per_client(tmp_path):
    limits = ("--limit", "create-burst=3", "--limit", "creates-per-minute=1", "--limit", "hint-burst=2")
    served = Server(tmp_path, limits=limits)  # the production rates, not the tests' ones
    try:
        match = served.create(players=["human", "human"], casual=True)  # hints between people: agreed (issue 43)
        token = match["seats"]["chocolate"]
        hints = [served.request("POST", f"/api/matches/{match['id']}/hint", token=token) for _ in range(8)]
        assert [h.status for h in hints[:2]] == [200, 200]
        refused = [h for h in hints if h.status == 429]
        assert len(refused) >= 5 and all(int(h.headers["retry-after"]) >= 1 for h in refused)
        assert refused[0].body["error"].startswith("too many hints, reviews and moves tried again (one limit)")
        body = {"game": "donuts", "players": ["human", "human"]}
        creations = [served.request("POST", "/api/matches", body) for _ in range(4)]
        assert [c.status for c in creations] == [201, 201, 429, 429]  # the first of three was the match above
        other = served.request("POST", "/api/matches", body, source="127.0.0.2")
        assert other.status == 201  # another client has its own allowance
    finally:
        served.stop()


def test_stored_matches_are_capped_per_client_and_in_all(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "matches-per-client=2", "--limit", "matches=3")
    try:
        body = {"game": "donuts", "players": ["human", "human"]}
        assert [served.request("POST", "/api/matches", body).status for _ in range(3)] == [201, 201, 429]
        assert served.request("POST", "/api/matches", body, source="127.0.0.2").status == 201
        full = served.request("POST", "/api/matches", body, source="127.0.0.3")
        assert full.status == 503 and "keeps 3 matches" in full.body["error"]
    finally:
        served.stop()


def test_half_sent_heads_are_timed_out(tmp_path):
    served = Server(tmp_path, "--limit", "header-seconds=1")
    try:
        slow = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        slow.sendall(b"GET / HT")
        began = time.monotonic()
        assert slow.recv(100) == b""  # closed by the server
        assert time.monotonic() - began < 8
        slow.close()
    finally:
        served.stop()


def test_a_flood_of_connections_neither_locks_others_out_nor_floods_the_log(tmp_path):
    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    served = Server(tmp_path, "--limit", "header-seconds=2", preexec=few_descriptors)
    flood = []
    try:
        for _ in range(300):
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.settimeout(5)
            try:
                sock.connect(("127.0.0.1", served.port))
                sock.sendall(b"G")
            except OSError:
                pass
            flood.append(sock)
        answer = served.request("GET", "/api/games", timeout=10)
        assert answer.status == 200
        time.sleep(3)  # the flood's heads time out
        assert served.request("GET", "/api/games", source="127.0.0.2", timeout=10).status == 200
        assert len(served.stderr()) < 5_000, served.stderr()[-2000:]
    finally:
        for sock in flood:
            sock.close()
        served.stop()


# -- never a 500 ------------------------------------------------------------------------------------
def test_hostile_requests_are_4xx_in_one_line(server):
    match = server.create(players=["human", "human"])
    path = f"/api/matches/{match['id']}"
    nested = server.request("POST", "/api/matches", b"[" * 100_000 + b"]" * 100_000)
    assert nested.status in (400, 413) and nested.body["error"]
    deep = server.request("POST", "/api/matches", b"[" * 5_000 + b"]" * 5_000)
    assert deep.status == 400 and "nested too deeply" in deep.body["error"]
    for ply in ("%C2%B2", "9" * 5000, "-1", "1e3"):
        answer = server.request("GET", f"{path}/board.svg?ply={ply}")
        assert answer.status == 400 and "ply is a whole number" in answer.body["error"], ply
    assert server.request("GET", f"{path}/board.svg?ply=99").status == 400


def test_a_client_hanging_up_mid_body_leaves_no_traceback(tmp_path):
    served = Server(tmp_path, *NO_RATES)
    try:
        match = served.create(players=["human", "human"])
        for _ in range(3):
            sock = send_head(served.port, f"/api/matches/{match['id']}/moves", match["seats"]["chocolate"], 100)
            sock.sendall(b'{"mo')
            sock.close()
        time.sleep(0.5)
        assert served.request("GET", f"/api/matches/{match['id']}").status == 200
        assert "Traceback" not in served.stderr() and "ClientDisconnect" not in served.stderr()
    finally:
        served.stop()


def test_a_damaged_stored_match_is_410_not_500(tmp_path):
    served = Server(tmp_path, *NO_RATES)
    try:
        ids = [served.create(players=["human", "human"])["id"] for _ in range(3)]
    finally:
        served.stop()
    with sqlite3.connect(tmp_path / "data" / "matches.sqlite3") as db:
        db.execute("UPDATE matches SET record = 'not json' WHERE id = ?", (ids[0],))
        db.execute("UPDATE matches SET tokens = '[1, 2]' WHERE id = ?", (ids[1],))
        db.execute("UPDATE matches SET record = '{\"format\": 3}' WHERE id = ?", (ids[2],))
    restarted = Server(tmp_path, *NO_RATES)
    try:
        for match_id in ids:
            answer = restarted.request("GET", f"/api/matches/{match_id}")
            assert answer.status == 410 and "damaged in the store" in answer.body["error"], answer
        assert "Traceback" not in restarted.stderr()
    finally:
        restarted.stop()


# -- web hygiene --------------------------------------------------------------------------------------
def test_cross_site_requests_may_not_change_anything(server):
    body = json.dumps({"game": "donuts", "players": ["human", "human"]}).encode()
    plain = server.request("POST", "/api/matches", body, headers={"content-type": "text/plain"})
    assert plain.status == 415
    form = server.request("POST", "/api/matches", b"a=b", headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status == 415
    foreign = server.request("POST", "/api/matches", body, headers={"origin": "https://evil.example"})
    assert foreign.status == 403 and "another site" in foreign.body["error"]
    own = server.request("POST", "/api/matches", body, headers={"origin": f"http://127.0.0.1:{server.port}"})
    assert own.status == 201


def test_every_response_says_how_it_may_be_used(server):
    for path in ("/", "/api/games", "/static/app.js", "/nowhere"):
        headers = server.request("GET", path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
    wrong = server.request("DELETE", "/api/matches")
    assert wrong.status == 405 and wrong.headers["allow"] == "POST" and wrong.body["error"]


def test_threads_moving_at_once_keep_the_match_whole():
    from boardgames import Match, game_class

    def race(seed: int) -> None:
        match = Match(game_class("verso").configure(seed=seed), ["human", "human"])
        played: list[str] = []
        errors: list[Exception] = []

        def player() -> None:
            for _ in range(100):
                state = match.state
                if state.is_over:
                    return
                try:
                    match.play(state.legal_moves[0])
                    played.append("x")
                except Exception as exc:  # a move made stale by another thread
                    errors.append(exc)

        threads = [threading.Thread(target=player) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(match.state.history) == len(played) == len(match.positions) - 1
        positions = list(match.positions)
        for before, after in zip(positions, positions[1:], strict=False):
            assert after.history[:-1] == before.history
        assert all(isinstance(e, ValueError) for e in errors)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can
    try:
        for seed in range(10):
            race(seed)
    finally:
        sys.setswitchinterval(interval)


def test_malformed_http_is_a_json_400(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n")
    data = b""
    while chunk := sock.recv(4096):
        data += chunk
    sock.close()
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400") and b"application/json" in head
    assert "not an HTTP request" in json.loads(body)["error"]


def test_on_loopback_another_sites_name_gets_no_answer(server):
    rebound = server.request(
        "POST",
        "/api/matches",
        {"game": "donuts", "players": ["human", "human"]},
        headers={"host": "evil.example", "origin": "http://evil.example"},
    )
    assert rebound.status == 400 and "does not answer to the name" in rebound.body["error"]
    for name in ("localhost", "127.0.0.1", "[::1]"):
        assert server.request("GET", "/api/games", headers={"host": f"{name}:{server.port}"}).status == 200


def test_an_open_event_stream_does_not_hold_ctrl_c(tmp_path):
    served = Server(tmp_path, *NO_RATES)
    try:
        match = served.create(players=["human", "human"])
        stream = socket.create_connection(("127.0.0.1", served.port), timeout=20)
        stream.sendall(f"GET /api/matches/{match['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        read_until(stream, b"event: match")
        began = time.monotonic()
        served.process.send_signal(signal.SIGINT)
        assert served.process.wait(timeout=15) == 0
        assert time.monotonic() - began < 1.0  # uvicorn's graceful stop would wait, then cancel it
        stream.close()
        assert "Traceback" not in served.stderr() and "ERROR" not in served.stderr()
    finally:
        served.stop(signal.SIGKILL)


def test_a_new_match_whose_agent_thinks_is_never_the_one_evicted(tmp_path):
    served = Server(tmp_path, *NO_RATES, "--limit", "cached=1")
    try:
        watched = served.create(players=["human", "random"])
        stream = socket.create_connection(("127.0.0.1", served.port), timeout=20)
        stream.sendall(f"GET /api/matches/{watched['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        read_until(stream, b"event: match")  # the cache's one place is now held by the watched match
        match = served.create(players=["mcts:time=0.1", "mcts:time=0.1"])
        seen: list[list[str]] = []
        final = served.until(match["id"], lambda m: seen.append(m["state"]["history"]) or m["result"], seconds=60)
        for earlier, later in zip(seen, seen[1:], strict=False):
            assert later[: len(earlier)] == earlier  # one game, growing: never a second copy's
        stored = served.request("GET", f"/api/matches/{match['id']}/record").body
        assert stored["history"] == final["state"]["history"] and stored["status"] != "ongoing"
        stream.close()
    finally:
        served.stop()


# -- the limits themselves ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("create-burst=0", "create-burst is from 1 to 1,000,000, got 0"),
        ("hint-burst=0", "hint-burst is from 1 to 1,000,000, got 0"),
        ("body-seconds=0", "body-seconds is from 1 to 3,600, got 0"),
        ("header-seconds=0", "header-seconds is from 1 to 3,600, got 0"),
        ("connections-per-client=0", "connections-per-client is from 1 to 1,000,000, got 0"),
        ("workers=1000", "workers is from 1 to 256, got 1000"),
        ("creates-per-minute=-1", "creates-per-minute is from 0 (no limit) to 1,000,000, got -1"),
        ("think-seconds=nan", "think-seconds is from 0.1 to 3,600, got nan"),
        ("workers=2.5", "workers is from 1 to 256: it takes a whole number, got '2.5'"),
    ],
)
def test_a_limit_outside_its_range_is_refused_at_start(tmp_path, given, said):
    data = tmp_path / "data"
    done = subprocess.run(
        [sys.executable, "-m", "boardgames", "serve", "--port", "0", "--data", str(data), "--limit", given],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not data.exists()  # nothing was started


def test_a_rate_of_0_is_no_limit(tmp_path):
    limits = ("--limit", "creates-per-minute=0", "--limit", "create-burst=1", "--limit", "hints-per-minute=0")
    served = Server(tmp_path, limits=limits + ("--limit", "hint-burst=1"))
    try:
        matches = [served.create(players=["human", "human"], casual=True) for _ in range(5)]  # each a 201
        token = matches[0]["seats"]["chocolate"]
        hints = [served.request("POST", f"/api/matches/{matches[0]['id']}/hint", token=token) for _ in range(3)]
        assert [h.status for h in hints] == [200, 200, 200]
    finally:
        served.stop()
