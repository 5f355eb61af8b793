"""A load test of ``boardgames serve``: bounded, on loopback only, it starts
its own server and stops it.

    python benchmarks/web_load.py [--clients 50] [--stored 1000] [--json FILE]

``--clients`` clients at once, each from its own loopback address
(127.0.0.2, 127.0.0.3...) as distinct people would be, each play a whole
game of Donuts with random legal moves against the ``random`` agent through
the JSON API, with the server's default limits on; every move's round trip
(the POST, answered once the move is saved) is timed. Then the server is
filled to ``--stored`` matches (a move each) and its resident memory read;
then ``--live`` long matches (a 19x19 Verso record of a random game, the
longest of 20, uploaded) are held in memory at once and the memory read again. It checks
that no request failed and that every record holds exactly the moves sent,
in order, each once (nothing lost, nothing duplicated).
"""

from __future__ import annotations

import argparse
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


def play_one(port: int, seed: int, timings: list[float], problems: list[str], deadline: float) -> None:
    try:
        play_game(port, seed, timings, problems, deadline)
    except (OSError, ValueError, KeyError) as exc:  # a refused or broken connection, a bad answer
        problems.append(f"client {seed}: {type(exc).__name__}: {exc}")


def play_game(port: int, seed: int, timings: list[float], problems: list[str], deadline: float) -> None:
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
    while match["result"] is None and time.monotonic() < deadline:
        if match["to_move"] != "chocolate" or match["thinking"]:
            time.sleep(0.005)
            status, match = client.call("GET", f"/api/matches/{match_id}")
            continue
        move = rng.choice(match["state"]["legal_moves"])
        began = time.perf_counter()
        status, match = client.call("POST", f"/api/matches/{match_id}/moves", {"move": move}, token)
        timings.append(time.perf_counter() - began)
        if status != 200:
            problems.append(f"move {move}: {status} {match}")
            return
        sent.append(move)
    status, record = client.call("GET", f"/api/matches/{match_id}/record")
    history = record["history"]
    if record["status"] == "ongoing":
        problems.append(f"{match_id}: not finished in time")
    elif history[0::2] != sent:  # chocolate's moves, in order, each once
        problems.append(f"{match_id}: sent {sent}, recorded {history[0::2]}")


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=at_least(1, int), default=50)
    parser.add_argument("--stored", type=at_least(1, int), default=1000)
    parser.add_argument("--live", type=at_least(0, int), default=1000)
    parser.add_argument("--json", dest="json_path", default=None, metavar="FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            # Matches held in memory when idle: enough for --live, so that all stay live.
            [sys.executable, "-m", "boardgames", "serve", "--port", "0", "--data", data]
            + ["--limit", f"cached={max(512, args.live)}"],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))  # type: ignore[union-attr]
            deadline = time.monotonic() + LIMIT_SECONDS
            timings: list[float] = []
            problems: list[str] = []
            began = time.perf_counter()
            threads = [
                threading.Thread(target=play_one, args=(port, seed, timings, problems, deadline))
                for seed in range(args.clients)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.perf_counter() - began
            for seed in range(args.clients, args.stored):  # the rest of the stored matches, a move each
                client = Client(port, address(seed))  # within each client's rate of creation
                status, created = client.call(
                    "POST", "/api/matches", {"game": "donuts", "seed": seed, "players": ["human", "human"]}
                )
                if status != 201:
                    problems.append(f"create: {status} {created}")
                    break
                first = created["state"]["legal_moves"][0]
                client.call(
                    "POST", f"/api/matches/{created['id']}/moves", {"move": first}, created["seats"]["chocolate"]
                )
            memory = resident_mb(server.pid)
            record = long_record()
            for n in range(args.live):
                uploader = Client(port, address(args.stored + n))
                status, created = uploader.call("POST", "/api/matches", {"record": record, "players": ["human"] * 2})
                if status != 201:
                    problems.append(f"upload {n}: {status} {created}")
                    break
            live_memory = resident_mb(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    timings.sort()
    result = {
        "command": f"python benchmarks/web_load.py --clients {args.clients} --stored {args.stored} --live {args.live}",
        "clients": args.clients,
        "moves": len(timings),
        "seconds": round(elapsed, 2),
        "round_trip_ms": {
            "median": round(statistics.median(timings) * 1000, 1),
            "p95": round(timings[int(0.95 * (len(timings) - 1))] * 1000, 1),
            "max": round(timings[-1] * 1000, 1),
        },
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


if __name__ == "__main__":
    run(main)
