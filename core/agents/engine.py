"""The ``engine`` agent: an outside program that speaks the engine protocol
(``docs/engine-protocol.md``) plays through it, in ``play`` and ``arena``.

``engine:cmd='PROGRAM ARGS':time=1`` starts the program when its first move
is asked, tells it the game (every option, resolved, so that a board drawn
from the seed is the same board) and a seed from the seat's generator, then
for each move sends the position and ``go`` with the seat's budget. An engine
that crashes, says ``error``, answers an illegal move, takes more than
:data:`START_SECONDS` to start, or more than its budget plus ``margin`` seconds
to answer a move's ``position`` and ``go`` raises :class:`AgentFailure`: the match records
that its side forfeits, and an arena goes on with the next game. So does one
that writes a line longer than :data:`LINE_LIMIT` or more than
:data:`UNASKED_LINES` lines that no command asked for: what is read from a
program is bounded.

The program runs in its own session (POSIX), and its whole process group is
stopped with it, so that the processes it starts go too. A process may leave
the group (``setsid``, a daemon's double fork); so on Linux each program is
started with a mark of its own in its environment (:data:`MARK`), which the
processes it starts inherit, and when it is stopped every process that carries
the mark, or descends from one that does, is killed too, found in ``/proc``,
whether or not its parent still runs. What escapes: a process that drops its
environment (``env -i``) after its parent exited, or runs as another user;
on other systems, any process that leaves the group.
"""

from __future__ import annotations

import collections
import os
import random
import secrets
import shlex
import signal
import subprocess
import threading
import time
import weakref
from typing import IO, AnyStr

from ..errors import AgentFailure, BoardgamesError, InvalidAgentSpecError
from ..rules.game import State
from ..rules.moves import Move
from ..rules.options import FloatOption, TextOption
from .base import Agent, Budget, format_budget

#: The protocol's name and version, as ``hello`` answers them (both sides use these).
PROTOCOL = "boardgames-engine"
PROTOCOL_VERSION = 1
#: How long a program may take to start and greet (Python and its imports).
START_SECONDS = 30.0
#: The longest line either side reads, in bytes, its newline aside: the engine
#: answers a longer command with an error line, and a program that writes a
#: longer line forfeits. Neither side ever holds more of a line than this.
LINE_LIMIT = 64 * 1024
#: The most lines a program may write that no command has asked for yet (the
#: protocol answers each command with one line): past them it forfeits.
UNASKED_LINES = 100
#: The longest command line of a program (a spec is bounded too).
COMMAND_LENGTH = 1000
#: The environment variable that marks a program and all it starts (its value
#: is the program's own), by which they are found and stopped together.
MARK = "BOARDGAMES_ENGINE_MARK"
#: Where processes are found by their environment; without it, groups only.
PROC = "/proc"


def read_line(stream: IO[AnyStr], limit: int = LINE_LIMIT) -> AnyStr | None:
    """The next line of ``stream`` (empty at its end), or None if it is longer
    than ``limit`` (its newline aside): then only ``limit + 1`` of it were read,
    and :func:`skip_line` discards the rest."""
    line = stream.readline(limit + 1)
    if len(line) > limit and line[-1:] not in ("\n", b"\n"):
        return None
    return line


def skip_line(stream: IO[AnyStr], limit: int = LINE_LIMIT) -> None:
    """Read and forget the rest of a line, ``limit`` at a time."""
    while True:
        chunk = stream.readline(limit)
        if not chunk or chunk[-1:] in ("\n", b"\n"):
            return


def _check_command(text: str) -> str:
    if len(text) > COMMAND_LENGTH:  # before it is split, which costs the square of its length
        raise ValueError(f"a command has at most {COMMAND_LENGTH:,} characters, got {len(text):,}")
    if not shlex.split(text):  # an unclosed quote raises ValueError too
        raise ValueError("give the program to run: engine:cmd='PROGRAM ARGS'")
    return text


class _Replies:
    """What a program writes, read by a thread of its own, bounded: at most
    :data:`UNASKED_LINES` lines waiting, none longer than :data:`LINE_LIMIT`.
    A program that writes more is read no further, and :meth:`get` says why."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._lines: collections.deque[str] = collections.deque()
        self._changed = threading.Condition()
        self._ended = False
        #: What the program did wrong, once it did.
        self.fault: str | None = None
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        while True:
            try:
                line = read_line(stream)
            except (OSError, ValueError):  # the pipe was closed under the thread: the program was stopped
                line = b""
            with self._changed:
                self._changed.notify_all()
                if line is None:
                    self.fault = f"wrote a line longer than {LINE_LIMIT:,} bytes"
                elif not line:
                    self._ended = True  # the program closed its output (most likely it exited)
                elif len(self._lines) >= UNASKED_LINES:
                    self.fault = f"wrote more than {UNASKED_LINES} lines that no command asked for"
                else:
                    self._lines.append(line.decode("utf-8", "replace"))
                    continue
                return

    def get(self, seconds: float) -> str | None:
        """The next line within ``seconds`` (TimeoutError if none), None if
        the program closed its output; :attr:`fault` once it is known and
        no line is left before it."""
        with self._changed:
            self._changed.wait_for(lambda: self._lines or self._ended or self.fault, seconds)
            if self._lines:
                return self._lines.popleft()
            if self.fault is not None or self._ended:
                return None
            raise TimeoutError


def kill_programs() -> None:
    """Kill every program this process started and has not stopped, with its
    group, at once: for a process about to be killed itself (an arena's
    worker told to stop), whose agents are never closed. Takes no lock, so
    that a signal handler may call it."""
    for program in list(_RUNNING):
        if os.name == "posix":
            try:
                os.killpg(program.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            _kill_marked(program.mark, program.process.pid if program.process.returncode is None else None)
        else:
            program.process.kill()


def _processes() -> dict[int, tuple[int, bytes]]:
    """Every live process of /proc (zombies aside): its parent and its
    environment (empty where it cannot be read: another user's)."""
    found: dict[int, tuple[int, bytes]] = {}
    try:
        names = os.listdir(PROC)
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"{PROC}/{name}/stat", "rb") as f:
                state, parent_text = f.read().rpartition(b")")[2].split()[:2]
            parent = int(parent_text)
        except (OSError, ValueError):
            continue  # gone meanwhile
        if state in (b"Z", b"X"):
            continue  # dead, its number kept until its parent reaps it
        try:
            with open(f"{PROC}/{name}/environ", "rb") as f:
                environ = f.read()
        except OSError:
            environ = b""
        found[int(name)] = (parent, environ)
    return found


def _kill_marked(mark: str, pid: int | None, rounds: int = 10) -> None:
    """Kill every process that carries ``mark`` in its environment, and what
    descends from one that does or from ``pid`` (the program, not yet reaped,
    or None), where there is /proc: those that left the program's group
    (``setsid``). Again until a look kills none (one may have started another
    meanwhile), at most ``rounds`` times."""
    entry = b"\0" + f"{MARK}={mark}".encode() + b"\0"
    me = os.getpid()
    for _ in range(rounds):
        processes = _processes()
        doomed = {p for p, (_, environ) in processes.items() if entry in b"\0" + environ}
        if pid is not None:
            doomed.add(pid)
        children: dict[int, list[int]] = collections.defaultdict(list)
        for p, (parent, _) in processes.items():
            children[parent].append(p)
        todo = list(doomed)
        while todo:  # and what they started, marked or not (an environment can be emptied)
            for child in children.get(todo.pop(), ()):
                if child not in doomed:
                    doomed.add(child)
                    todo.append(child)
        killed = False
        for p in doomed & processes.keys() - {me}:
            try:
                os.kill(p, signal.SIGKILL)
                killed = True
            except (ProcessLookupError, PermissionError):
                pass
        if not killed:
            return


class _Program:
    """A running program in a process group of its own (POSIX), stopped with
    every process of the group (those it started), once."""

    def __init__(self, argv: list[str]) -> None:
        #: The mark in its environment and its descendants' (:data:`MARK`).
        self.mark = secrets.token_hex(16)
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=os.name == "posix",
            env={**os.environ, MARK: self.mark},
        )
        self._stopped = False
        self._lock = threading.Lock()
        _RUNNING.add(self)

    def stop(self) -> None:
        with self._lock:
            if self._stopped:  # never twice: by then the group's number may be another's
                return
            self._stopped = True
            _RUNNING.discard(self)
        if os.name == "posix":
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # a group outlives its leader while one of it runs
            except (ProcessLookupError, PermissionError):
                pass
            # Those that left the group; below the program itself only while it is not reaped (its number is its).
            _kill_marked(self.mark, self.process.pid if self.process.returncode is None else None)
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


#: The programs started and not yet stopped (what :func:`kill_programs` kills).
_RUNNING: weakref.WeakSet[_Program] = weakref.WeakSet()


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
        self.program: _Program | None = None
        self.replies: _Replies | None = None
        self.stats = {}

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        game = state.game
        if self.program is None:  # the start: the greeting, the game and the seed, within START_SECONDS
            began = time.perf_counter()
            self._start(str(self.settings["cmd"]), began + START_SECONDS)
            options = [f"{k}={v}" for k, v in game.options.items()]
            self._ask(shlex.join(["game", game.name, *options]), "ok", began + START_SECONDS, START_SECONDS)
            self._ask(f"seed {rng.getrandbits(31)}", "ok", began + START_SECONDS, START_SECONDS)
            if game.hidden_information:  # whose view the positions give: it is never told more
                seat = game.player_names[state.turn]
                self._ask(shlex.join(["seat", seat]), "ok", began + START_SECONDS, START_SECONDS)
        parts = [
            f"{kind}={format_budget(getattr(budget, kind))}"
            for kind in self.budget_kinds
            if getattr(budget, kind) is not None
        ]
        # Each move, 'position' and 'go' together, within the budget's time plus the margin: every
        # exchange of the game is bounded by it, not only 'go' (a slow 'position' took START_SECONDS).
        allowed = (budget.time or 0.0) + float(self.settings["margin"])
        began = time.perf_counter()
        deadline = began + allowed
        # The moves as this seat saw them (``state`` is its view): a move it did not see is ``?``, a
        # chance outcome as drawn (``roll:3``). It is never asked where chance decides.
        seen = list(state.written_history())
        position = " ".join(["position", *(w if w == "?" else shlex.quote(w) for w in seen)])
        self._ask(position, "ok", deadline, allowed)
        answer = self._ask(" ".join(["go", *parts]), "move", deadline, allowed)
        self.stats = {"seconds": time.perf_counter() - began}
        try:
            return state.parse_move(answer)
        except BoardgamesError as exc:
            raise AgentFailure(f"the engine answered an illegal move: {exc}") from None

    def reset(self) -> None:
        self.close()

    def close(self) -> None:
        program, self.program = self.program, None
        if program is not None:
            process = program.process
            try:
                if process.stdin is not None:
                    process.stdin.write(b"quit\n")
                    process.stdin.flush()
                process.wait(timeout=1.0)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
            program.stop()  # what it started goes too, even if it quit

    # -- talking to the program ------------------------------------------------
    def _start(self, command: str, deadline: float) -> None:
        try:
            program = _Program(shlex.split(command))
        except OSError as exc:
            raise AgentFailure(f"the engine {command!r} could not start: {exc.strerror or exc}") from None
        self.program = program
        weakref.finalize(self, program.stop)  # never left running when the agent goes
        assert program.process.stdout is not None
        self.replies = _Replies(program.process.stdout)
        self._ask("hello", f"hello {PROTOCOL} {PROTOCOL_VERSION}", deadline, START_SECONDS)

    def _ask(self, command: str, expected: str, deadline: float, allowed: float) -> str:
        """Send ``command``; the rest of the reply that starts with ``expected``,
        read by ``deadline`` (a time.perf_counter() value: the end of the
        ``allowed`` seconds this exchange shares with others, as messages say)."""
        program, replies, what = self.program, self.replies, command.split()[0]
        assert program is not None and program.process.stdin is not None and replies is not None
        if replies.fault is not None:  # since its last answer: it is asked nothing more
            program.stop()
            raise AgentFailure(f"the engine {replies.fault}")
        try:
            program.process.stdin.write(command.encode() + b"\n")
            program.process.stdin.flush()
        except OSError:
            raise AgentFailure(self._gone(f"could not be sent {what!r}")) from None
        try:
            reply = replies.get(max(0.0, deadline - time.perf_counter()))
        except TimeoutError:
            program.stop()
            raise AgentFailure(f"the engine gave no answer to {what!r} within {allowed:g} s") from None
        if reply is None and replies.fault is not None:
            program.stop()
            raise AgentFailure(f"the engine {replies.fault} (asked {what!r})")
        if reply is None:
            raise AgentFailure(self._gone(f"ended before answering {what!r}"))
        reply = reply.strip()
        if reply.startswith("error"):
            raise AgentFailure(f"the engine said: {reply[:200]}")
        if not reply.startswith(expected):
            raise AgentFailure(f"the engine answered {reply[:80]!r} to {what!r}, not {expected!r}")
        return reply[len(expected) :].strip()

    def _gone(self, what: str) -> str:
        program = self.program
        code = None
        if program is not None:
            try:
                code = program.process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
            program.stop()  # its group too, at once: once it is reaped, its number may soon be another's
        return f"the engine {what}" + (f" (exit code {code})" if code is not None else "")
