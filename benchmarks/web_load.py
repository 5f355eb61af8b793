"""A load test of ``boardgames serve``: bounded, on loopback only, it starts
its own server and stops it.

    python benchmarks/web_load.py [--clients 50] [--stored 1000] [--reviewers 2] [--json FILE]

``--clients`` clients at once, each from its own loopback address
(127.0.0.2, 127.0.0.3...) as distinct people would be, each play a whole
game of Donuts with random legal moves against the ``random`` agent through
the JSON API, with the server's default limits on; every move's round trip
(the POST, answered once the move is saved) is timed, and its reply (from
the POST until the computer's answer is seen, which waits for a worker).
Then the server is filled to ``--stored`` matches (a move each) and its
resident memory read; then ``--live`` long matches (a 19x19 Verso record of
a random game, the longest of 20, uploaded) are held in memory at once and
the memory read again. With ``--reviewers N``, on a second server, the
clients play twice more: alone, then while N other clients each have two
reviews at once (the most workers one client may hold) of a long game being
made (random games of Verso on 19x19 played there before, each reviewed once);
the playing clients' figures are given for both (``without_reviews``,
``with_reviews``) and their ratio. It checks
that no request failed and that every record holds exactly the moves sent,
in order, each once (nothing lost, nothing duplicated).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from figures import at_least, run

#: The whole test stops after this long, whatever happens.
LIMIT_SECONDS = 600


class Client:
    """One player's connection (kept alive) to the server."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
        self.connection.connect()
        # http.client sends the headers and the body apart: without this, Nagle's
        # algorithm and delayed ACKs add 40 ms to every POST, which is not the server's.
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def call(self, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, dict]:
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"null")


def play_one(port: int, seed: int, timings: Timings, problems: list[str], deadline: float) -> None:
    try:
        play_game(port, seed, timings, problems, deadline)
    except (OSError, ValueError, KeyError) as exc:  # a refused or broken connection, a bad answer
        problems.append(f"client {seed}: {type(exc).__name__}: {exc}")


class Timings:
    """Every move's round trip (the POST) and reply (until the computer's answer is seen), in seconds."""

    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.replies: list[float] = []


def play_game(port: int, seed: int, timings: Timings, problems: list[str], deadline: float) -> None:
    client, rng = Client(port, address(seed)), random.Random(seed)
    status, created = client.call(
        "POST", "/api/matches", {"game": "donuts", "seed": seed, "players": ["human", "random"]}
    )
    if status != 201:
        problems.append(f"create: {status} {created}")
        return
    match_id, token = created["id"], created["seats"]["chocolate"]
    sent: list[str] = []
    match = created
    began = None  # when the last move was sent, until its reply is seen
    while match["result"] is None and time.monotonic() < deadline:
        if match["to_move"] != "chocolate" or match["thinking"]:
            time.sleep(0.005)
            status, match = client.call("GET", f"/api/matches/{match_id}")
            continue
        if began is not None:
            timings.replies.append(time.perf_counter() - began)
        move = rng.choice(match["state"]["legal_moves"])
        began = time.perf_counter()
        status, match = client.call("POST", f"/api/matches/{match_id}/moves", {"move": move}, token)
        timings.round_trips.append(time.perf_counter() - began)
        if status != 200:
            problems.append(f"move {move}: {status} {match}")
            return
        sent.append(move)
    if began is not None and match["result"] is not None and len(match["state"]["history"]) % 2 == 0:
        timings.replies.append(time.perf_counter() - began)  # the computer's last move ended the game
    status, record = client.call("GET", f"/api/matches/{match_id}/record")
    history = record["history"]
    if record["status"] == "ongoing":
        problems.append(f"{match_id}: not finished in time")
    elif history[0::2] != sent:  # chocolate's moves, in order, each once
        problems.append(f"{match_id}: sent {sent}, recorded {history[0::2]}")


def play_games(port: int, clients: int, deadline: float, problems: list[str]) -> tuple[Timings, float]:
    """``clients`` whole games at once; their timings and the seconds they took."""
    timings = Timings()
    began = time.perf_counter()
    threads = [
        threading.Thread(target=play_one, args=(port, seed, timings, problems, deadline)) for seed in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return timings, time.perf_counter() - began


#: Reviews one reviewing client asks at once: the workers one client may hold (workers-per-client).
REVIEWS_AT_ONCE = 2


def review_again(
    port: int, source: str, games: list[str], stop: threading.Event, done: list[float], problems: list[str]
) -> None:
    """Until ``stop``: the review of each finished game of ``games`` in turn (each made anew), timed."""
    try:
        client = Client(port, source)
        client.connection.sock.settimeout(LIMIT_SECONDS)  # a review takes a minute or more
        for match_id in games:
            if stop.is_set():
                return
            began = time.perf_counter()
            status, answer = client.call("GET", f"/api/matches/{match_id}/review")
            if status == 200:
                done.append(time.perf_counter() - began)
            elif not stop.is_set():  # else the server stopped under the review (503)
                problems.append(f"review from {source}: {status} {str(answer)[:300]}")
                return
    except (OSError, ValueError, KeyError) as exc:
        if not stop.is_set():
            problems.append(f"reviewer {source}: {type(exc).__name__}: {exc}")


def long_games(port: int, source: str, count: int, deadline: float) -> list[str]:
    """``count`` random games of Verso on 19x19 played on the server by ``source``, finished: their ids."""
    client = Client(port, source)
    ids = []
    for seed in range(count):
        body = {"game": "verso", "options": {"size": "19"}, "seed": seed, "players": ["random", "random"]}
        status, created = client.call("POST", "/api/matches", body)
        assert status == 201, created
        ids.append(created["id"])
    for match_id in ids:
        while client.call("GET", f"/api/matches/{match_id}")[1]["result"] is None and time.monotonic() < deadline:
            time.sleep(0.05)
    return ids


def figures(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    if not ordered:
        return {}
    return {
        "median": round(statistics.median(ordered) * 1000, 1),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 1),
        "max": round(ordered[-1] * 1000, 1),
    }


def address(n: int) -> str:
    """The loopback address of client ``n``: one per client, as people have."""
    return f"127.0.{2 + n // 250}.{2 + n % 250}"


def long_record() -> dict:
    """The longest of 20 whole random games of Verso on 19x19 (about 200 to 250 moves)."""
    from boardgames import Match, game_class

    records = []
    for seed in range(20):
        match = Match(game_class("verso").configure({"size": "19"}, seed=seed), ["random", "random"])
        match.run()
        records.append(match.record().to_json())
    return max(records, key=lambda record: len(record["history"]))


def resident_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found.group(1)) / 1024 if found else float("nan")


@contextlib.contextmanager
def serving(live: int) -> Iterator[tuple[subprocess.Popen, int]]:
    """A ``boardgames serve`` with the default limits, in a folder of its own: (its process, its port)."""
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            # Matches held in memory when idle: enough for --live, so that all stay live.
            [sys.executable, "-m", "boardgames", "serve", "--port", "0", "--data", data]
            + ["--limit", f"cached={max(512, live)}"],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            yield server, int(re.search(r":(\d+)/", server.stdout.readline()).group(1))  # type: ignore[union-attr]
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=at_least(1, int), default=50)
    parser.add_argument("--stored", type=at_least(1, int), default=1000)
    parser.add_argument("--live", type=at_least(0, int), default=1000)
    parser.add_argument("--reviewers", type=at_least(0, int), default=0)
    parser.add_argument("--json", dest="json_path", default=None, metavar="FILE")
    args = parser.parse_args()
    problems: list[str] = []
    reviewed: dict = {}
    with serving(args.live) as (server, port):
        deadline = time.monotonic() + LIMIT_SECONDS
        timings, elapsed = play_games(port, args.clients, deadline, problems)
        record = long_record()
        for seed in range(args.clients, args.stored):  # the rest of the stored matches, a move each
            client = Client(port, address(seed))  # within each client's rate of creation
            status, created = client.call(
                "POST", "/api/matches", {"game": "donuts", "seed": seed, "players": ["human", "human"]}
            )
            if status != 201:
                problems.append(f"create: {status} {created}")
                break
            first = created["state"]["legal_moves"][0]
            client.call("POST", f"/api/matches/{created['id']}/moves", {"move": first}, created["seats"]["chocolate"])
        memory = resident_mb(server.pid)
        for n in range(args.live):
            uploader = Client(port, address(args.stored + n))
            status, created = uploader.call("POST", "/api/matches", {"record": record, "players": ["human"] * 2})
            if status != 201:
                problems.append(f"upload {n}: {status} {created}")
                break
        live_memory = resident_mb(server.pid)
    if args.reviewers:  # on a server of its own: the reviews still being made end with it
        with serving(0) as (_, port):
            reviewed = with_reviews(port, args.clients, args.reviewers, time.monotonic() + LIMIT_SECONDS, problems)
    command = f"python benchmarks/web_load.py --clients {args.clients} --stored {args.stored} --live {args.live}"
    result = {
        "command": command + (f" --reviewers {args.reviewers}" if args.reviewers else ""),
        "clients": args.clients,
        "moves": len(timings.round_trips),
        "seconds": round(elapsed, 2),
        "round_trip_ms": figures(timings.round_trips),
        "reply_ms": figures(timings.replies),
        **reviewed,
        "stored_matches": args.stored,
        "resident_mb": round(memory, 1),
        "live_matches": args.live,
        "live_record_moves": len(record["history"]),
        "resident_mb_with_live": round(live_memory, 1),
        "problems": problems,
    }
    print(json.dumps(result, indent=2))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(result, indent=2) + "\n")
    return 1 if problems else 0


def with_reviews(port: int, clients: int, reviewers: int, deadline: float, problems: list[str]) -> dict:
    """The games played without reviews, then while ``reviewers`` clients
    have reviews being made (one after the other, on the same server); the
    figures of both. The reviews still being made are left to the server's end."""
    sources = [f"127.1.0.{2 + n}" for n in range(reviewers)]
    games = {source: long_games(port, source, 2 * REVIEWS_AT_ONCE, deadline) for source in sources}
    lengths = [len(Client(port).call("GET", f"/api/matches/{games[sources[0]][0]}")[1]["state"]["history"])]
    before, before_seconds = play_games(port, clients, deadline, problems)
    stop, done = threading.Event(), []
    threads = [
        threading.Thread(
            target=review_again,
            args=(port, source, games[source][k::REVIEWS_AT_ONCE], stop, done, problems),
            daemon=True,
        )
        for source in sources
        for k in range(REVIEWS_AT_ONCE)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.0)  # the reviews are asked and being made
    timings, elapsed = play_games(port, clients, deadline, problems)
    stop.set()

    def figures_of(played: Timings, seconds: float) -> dict:
        return {
            "moves": len(played.round_trips),
            "seconds": round(seconds, 2),
            "round_trip_ms": figures(played.round_trips),
            "reply_ms": figures(played.replies),
        }

    without, within = figures_of(before, before_seconds), figures_of(timings, elapsed)
    return {
        "without_reviews": without,
        "with_reviews": {
            "reviewing_clients": reviewers,
            "reviews_asked_at_once": reviewers * REVIEWS_AT_ONCE,
            "reviewed_game_moves": lengths[0],
            "reviews_made_meanwhile": len(done),
            **within,
        },
        "p95_with_reviews_over_without": {
            key: round(within[key]["p95"] / without[key]["p95"], 2) for key in ("round_trip_ms", "reply_ms")
        },
    }


if __name__ == "__main__":
    run(main)
