"""What idle event streams cost ``boardgames serve``: bounded, on loopback
only, it starts its own server and stops it.

    python benchmarks/idle_streams.py [--streams 300] [--seconds 10] [--json FILE]

One match, ``--streams`` event streams open on it (from loopback addresses
127.0.0.2, 127.0.0.3..., 50 a client, under the per-client cap), each read up
to its first event; then nothing changes for ``--seconds`` and the server
process's CPU time (user and system, from /proc, Linux only) is read before
and after: an idle stream should cost nothing. Then one move is made and
each stream must hear of it; the time until the last one has is printed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def post(port: int, path: str, body: dict, token: str | None = None) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    connection.request("POST", path, json.dumps(body), headers)
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return answer


def read_until(sock: socket.socket, marker: bytes, seen: bytes = b"") -> bytes:
    while marker not in seen:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("a stream ended early")
        seen += chunk
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="idle-streams-")
    server = subprocess.Popen(
        [sys.executable, "-m", "boardgames", "serve", "--port", "0", "--data", data],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline())[1])  # type: ignore[index]
        match = post(port, "/api/matches", {"game": "donuts", "seed": 7, "players": ["human", "human"]})
        streams = []
        for n in range(args.streams):
            source = (f"127.0.0.{2 + n // 50}", 0)  # 50 a client, under the per-client cap of connections
            sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=source)
            sock.sendall(f"GET /api/matches/{match['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            streams.append(sock)
        for sock in streams:
            read_until(sock, b"event: match")
        time.sleep(1.0)  # settled
        before = cpu_seconds(server.pid)
        time.sleep(args.seconds)
        idle = cpu_seconds(server.pid) - before
        started = time.perf_counter()
        post(port, f"/api/matches/{match['id']}/moves", {"move": "c3"}, match["seats"]["chocolate"])
        for sock in streams:
            read_until(sock, b'"history": ["c3"]')
        heard = time.perf_counter() - started
        figures = {
            "streams": args.streams,
            "seconds": args.seconds,
            "server_cpu_seconds": round(idle, 3),
            "share_of_a_core": round(idle / args.seconds, 4),
            "move_heard_by_every_stream_s": round(heard, 3),
        }
        print(
            f"{args.streams} idle streams for {args.seconds:g} s: the server used {idle:.2f} s of CPU"
            f" ({100 * idle / args.seconds:.1f}% of a core); a move reached every stream in {1000 * heard:.0f} ms"
        )
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")
        for sock in streams:
            sock.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
