"""The ``engine`` agent: an outside program that speaks the engine protocol
(``docs/engine-protocol.md``) plays through it, in ``play`` and ``arena``.

``engine:cmd='PROGRAM ARGS':time=1`` starts the program when its first move
is asked, tells it the game (every option, resolved, so that a board drawn
from the seed is the same board) and a seed from the seat's generator, then
for each move sends the position and ``go`` with the seat's budget. An engine
that crashes, says ``error``, answers an illegal move or stays silent past its
budget plus ``margin`` seconds raises :class:`AgentFailure`: the match records
that its side forfeits, and an arena goes on with the next game.
"""

from __future__ import annotations

import queue
import random
import shlex
import subprocess
import threading
import time
import weakref
from typing import IO

from ..errors import AgentFailure, BoardgamesError, InvalidAgentSpecError
from ..game import State
from ..moves import Move
from ..options import FloatOption, TextOption
from .base import Agent, Budget

#: The protocol's name and version, as ``hello`` answers them (both sides use these).
PROTOCOL = "boardgames-engine"
PROTOCOL_VERSION = 1
#: How long a program may take to start and greet (Python and its imports).
START_SECONDS = 30.0


def _check_command(text: str) -> str:
    if not shlex.split(text):  # an unclosed quote raises ValueError too
        raise ValueError("give the program to run: engine:cmd='PROGRAM ARGS'")
    return text


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)  # the end: the program closed its output (most likely it exited)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
        process.wait()


class EngineAgent(Agent):
    name = "engine"
    summary = "an outside program that speaks the engine protocol (docs/engine-protocol.md)"
    parameters = (
        TextOption("cmd", "the program and its arguments, quoted", "", parse=_check_command, accepts="a command"),
        FloatOption("margin", "seconds allowed past the budget", 5.0, minimum=0.0, maximum=3600.0),
    )
    budget_kinds = ("time", "iterations", "depth")
    default_budget = Budget(time=1.0)
    runs_programs = True

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        if not settings.get("cmd"):
            raise InvalidAgentSpecError("the engine agent needs the program to run: engine:cmd='PROGRAM ARGS'")
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stats = {}

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        game = state.game
        if self.process is None:
            self._start(str(self.settings["cmd"]))
            options = [f"{k}={v}" for k, v in game.options.items()]
            self._ask(shlex.join(["game", game.name, *options]), "ok", START_SECONDS)
            self._ask(f"seed {rng.getrandbits(31)}", "ok", START_SECONDS)
        self._ask(shlex.join(["position", *(state.format_move(m) for m in state.history)]), "ok", START_SECONDS)
        parts = [f"{kind}={getattr(budget, kind):g}" for kind in self.budget_kinds if getattr(budget, kind) is not None]
        wait = (budget.time or 0.0) + float(self.settings["margin"])  # type: ignore[arg-type]
        began = time.perf_counter()
        answer = self._ask(" ".join(["go", *parts]), "move", wait)
        self.stats = {"seconds": time.perf_counter() - began}
        try:
            return state.parse_move(answer)
        except BoardgamesError as exc:
            raise AgentFailure(f"the engine answered an illegal move: {exc}") from None

    def reset(self) -> None:
        self.close()

    def close(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            try:
                if process.stdin is not None:
                    process.stdin.write("quit\n")
                    process.stdin.flush()
                process.wait(timeout=1.0)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
            _stop(process)

    # -- talking to the program ------------------------------------------------
    def _start(self, command: str) -> None:
        try:
            process = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as exc:
            raise AgentFailure(f"the engine {command!r} could not start: {exc.strerror or exc}") from None
        self.process = process
        weakref.finalize(self, _stop, process)  # never left running when the agent goes
        self.lines = queue.Queue()
        assert process.stdout is not None
        threading.Thread(target=_read_lines, args=(process.stdout, self.lines), daemon=True).start()
        self._ask("hello", f"hello {PROTOCOL} {PROTOCOL_VERSION}", START_SECONDS)

    def _ask(self, command: str, expected: str, seconds: float) -> str:
        """Send ``command``; the rest of the reply that starts with ``expected``."""
        process = self.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(command + "\n")
            process.stdin.flush()
        except OSError:
            raise AgentFailure(self._gone(f"could not be sent {command.split()[0]!r}")) from None
        try:
            reply = self.lines.get(timeout=seconds)
        except queue.Empty:
            _stop(process)
            raise AgentFailure(f"the engine gave no answer to {command.split()[0]!r} within {seconds:g} s") from None
        if reply is None:
            raise AgentFailure(self._gone(f"ended before answering {command.split()[0]!r}"))
        reply = reply.strip()
        if reply.startswith("error"):
            raise AgentFailure(f"the engine said: {reply[:200]}")
        if not reply.startswith(expected):
            raise AgentFailure(f"the engine answered {reply[:80]!r} to {command.split()[0]!r}, not {expected!r}")
        return reply[len(expected) :].strip()

    def _gone(self, what: str) -> str:
        process = self.process
        code = None
        if process is not None:
            try:
                code = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        return f"the engine {what}" + (f" (exit code {code})" if code is not None else "")
