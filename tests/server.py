"""A real ``boardgames serve`` on loopback for tests, and a small HTTP client
that can speak from another loopback address (127.0.0.2 is another client)."""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs


@attrs.frozen
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


#: The limits a test server runs with: no rate on creations and hints, so
#: that a suite's result does not depend on how fast the machine plays
#: (the tests of those limits start a server with their own: ``limits=()``).
TEST_LIMITS = ("--limit", "creates-per-minute=0", "--limit", "hints-per-minute=0")


class Server:
    """``boardgames serve --port 0`` with ``limits`` and then ``args``, its stderr in a file."""

    def __init__(
        self,
        folder: Path,
        *args: str,
        preexec: Callable[[], None] | None = None,
        limits: tuple[str, ...] = TEST_LIMITS,
    ) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.log = folder / "stderr.txt"
        self._err = self.log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgames", "serve", "--port", "0", "--data", str(folder / "data"), *limits]
            + list(args),
            stdout=subprocess.PIPE,
            stderr=self._err,
            text=True,
            preexec_fn=preexec,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.stop(signal.SIGKILL)
            raise AssertionError((line, self.log.read_text()))
        self.port = int(found[1])

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        source: str = "127.0.0.1",
        headers: dict[str, str] | None = None,
        timeout: float = 30.0,
    ) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=(source, 0))
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            sent.setdefault("content-type", "application/json")
        if token is not None:
            sent["authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        kind = response.getheader("content-type", "")
        parsed = json.loads(raw) if kind.startswith("application/json") else raw.decode("utf-8", "replace")
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, parsed)

    def create(self, source: str = "127.0.0.1", **body: Any) -> dict[str, Any]:
        answer = self.request("POST", "/api/matches", {"game": "donuts", "seed": 7, **body}, source=source)
        assert answer.status == 201, answer
        return answer.body

    def until(self, match_id: str, ready: Callable[[dict[str, Any]], bool], seconds: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while True:
            match = self.request("GET", f"/api/matches/{match_id}").body
            if ready(match):
                return match
            assert time.monotonic() < deadline, match
            time.sleep(0.05)

    def stop(self, sig: int = signal.SIGTERM, seconds: float = 15.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            code = self.process.wait(timeout=seconds)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self._err.close()
        return code

    def stderr(self) -> str:
        return self.log.read_text(errors="replace")
