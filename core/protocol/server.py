"""The engine protocol, engine side: a line in, a line out
(``docs/engine-protocol.md``).

In the spirit of UCI and GTP, kept to one reply line per command so that a
controller in any language needs no parser: ``hello`` (the engine names
itself and the protocol version), ``game NAME [OPTION=VALUE ...]``, ``seed N``,
``position [MOVE ...]`` (the moves from the start), ``go [time=S]
[iterations=N] [depth=N]`` (answered ``move M``), ``legal``, ``show`` and
``quit``. Every error is one line starting ``error``, and the session goes on.
Words are split as a shell does, so a value with spaces is quoted. A line
longer than :data:`LINE_LIMIT` bytes is answered with an error line, the rest
of it read and forgotten, never held. :class:`EngineSession` is the protocol;
:meth:`EngineSession.serve` reads its lines from a stream, and
``boardgames engine`` (``cli/engine.py``) connects it to stdin and stdout.
"""

from __future__ import annotations

import json
import re
import shlex
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any

from ..agents.base import BUDGET_KINDS
from ..agents.engine import LINE_LIMIT, PROTOCOL, PROTOCOL_VERSION, read_line, skip_line
from ..agents.spec import BUDGET_OPTIONS, HUMAN, split_unquoted
from ..errors import BoardgamesError, InvalidAgentSpecError, MatchError, quoted
from ..play.levels import strongest
from ..play.match import Match
from ..plugins.loader import describe_exception
from ..plugins.registry import game_class, make_seat, registered_games
from ..rules.game import SEED_DIGITS, Game, check_seed
from ..rules.options import parse_assignments
from ..rules.parts import describe as describe_parts

COMMANDS = ("hello", "games", "game", "seed", "position", "go", "legal", "show", "quit")
#: ``seed N``: ASCII digits, checked before they are converted.
SEED = re.compile(rf"-?[0-9]{{1,{SEED_DIGITS}}}")


def _version() -> str:
    try:
        return version("boardgames")
    except PackageNotFoundError:  # running from a source tree
        return "unknown"


#: What ``hello`` names as the agent when none was asked for: each game's strongest level.
AUTO = "auto"


class EngineSession:
    """One controller's session with an engine that plays ``agent`` (a spec)."""

    def __init__(self, agent: str | None = None) -> None:
        #: The agent asked for; None: each game's strongest level (its own
        #: measured ladder, else the generic one), chosen once the game is.
        self.asked = agent
        self.agent, self.agent_settings = AUTO, ""
        #: The budget kinds the agent uses; ``go`` ignores the others.
        self.budget_kinds: tuple[str, ...] = ()
        if agent is not None:
            self._play(agent)
        self.seed = 0
        #: The game and the options ``game`` named, set up again by ``seed``.
        self._given: tuple[type[Game], dict[str, str]] | None = None
        self.game: Game | None = None
        self.match: Match | None = None
        #: Set once ``quit`` is read.
        self.done = False

    def _play(self, spec: str) -> None:
        """Play the agent ``spec`` from now on."""
        seat = make_seat(spec)
        if seat.agent is None:
            raise InvalidAgentSpecError(f"an engine plays an agent, not {HUMAN!r}")
        self.agent = seat.spec
        self.budget_kinds = seat.agent.budget_kinds
        #: The spec without its budget, to which ``go`` adds one.
        self.agent_settings = ":".join(
            part for part in split_unquoted(seat.spec, ":") if part.partition("=")[0] not in BUDGET_KINDS
        )

    def serve(self, stdin: IO[Any], stdout: IO[str]) -> None:
        """Answer the lines of ``stdin`` (bytes, read as UTF-8; or text) on
        ``stdout`` until ``quit`` or the end of ``stdin``; a line longer than
        :data:`LINE_LIMIT` bytes (characters, read as text) is an error line,
        and the session goes on."""
        while not self.done:
            line = read_line(stdin)
            if line is None:
                skip_line(stdin)
                reply: str | None = f"error a line has at most {LINE_LIMIT:,} bytes; the rest of this one was skipped"
            elif not line:
                return
            else:
                reply = self.handle(line if isinstance(line, str) else line.decode("utf-8", "replace"))
            if reply is not None:
                stdout.write(reply + "\n")
                stdout.flush()

    def handle(self, line: str) -> str | None:
        """The reply to one line, None for an empty line (nothing to say)."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            return f"error {exc} in {quoted(line.strip(), 80)}"
        if not words:
            return None
        command, args = words[0].lower(), words[1:]
        if command not in COMMANDS:
            return f"error unknown command {quoted(words[0], 40)} (commands: {', '.join(COMMANDS)})"
        try:
            return getattr(self, f"_{command}")(args)
        except BoardgamesError as exc:
            return "error " + " ".join(str(exc).split())
        except Exception as exc:  # a bug, most likely in a plugin's game or agent: the session goes on
            return f"error internal error in {command}: {' '.join(describe_exception(exc).split())}"

    # -- the commands ----------------------------------------------------------
    def _hello(self, args: list[str]) -> str:
        return f"hello {PROTOCOL} {PROTOCOL_VERSION} boardgames {_version()} agent {self.agent}"

    def _games(self, args: list[str]) -> str:
        return "games " + " ".join(registered_games())

    def _game(self, args: list[str]) -> str:
        if not args:
            raise MatchError("game needs a name: game NAME [OPTION=VALUE ...]")
        self._set_up((game_class(args[0]), parse_assignments(args[1:])), self.seed)
        return "ok"

    def _seed(self, args: list[str]) -> str:
        if len(args) != 1 or not SEED.fullmatch(args[0]):
            raise MatchError(
                f"seed needs one whole number of at most {SEED_DIGITS} digits, got {quoted(' '.join(args), 40)}"
            )
        check_seed(seed := int(args[0]))
        if self._given is not None:  # the same options, what they leave to the seed drawn again
            self._set_up(self._given, seed)
        self.seed = seed
        return "ok"

    def _position(self, args: list[str]) -> str:
        match = self._match()
        match.game.replay(args)  # raises, naming the move, before anything changes
        played = [match.state.format_move(m) for m in match.state.history]
        if args[: len(played)] != played:  # not a continuation: from the start again
            match, played = self._new_match(), []
        for text in args[len(played) :]:
            match.play(text)
        return "ok"

    def _go(self, args: list[str]) -> str:
        match = self._match()
        budget = None
        if args:  # the budget for this move, in place of the agent's own
            for arg in args:
                kind, _, value = arg.partition("=")
                if kind.lower() not in BUDGET_KINDS:
                    raise MatchError(f"go takes time=S, iterations=N, depth=N, got {quoted(arg, 40)}")
                BUDGET_OPTIONS[kind.lower()].convert(value)  # a value out of range is refused, used or not
            # As UCI engines do, ignore the kinds this agent does not use (a random agent uses none).
            used = [arg for arg in args if arg.partition("=")[0].lower() in self.budget_kinds]
            if used:
                budget = make_seat(":".join([self.agent_settings, *used])).budget
        move = match.choose(budget)
        return f"move {match.state.format_move(move)}"

    def _legal(self, args: list[str]) -> str:
        """``legal``: every legal move, or for a game whose moves are made in
        parts, what may start one; ``legal PARTIAL``: what may follow the
        move being made (``parts targets d2 d3 ...``)."""
        state = self._match().state
        if args or state.game.moves_in_parts:
            partial = state.parse_partial(" ".join(args))
            return " ".join(["parts", *describe_parts(state.parts(partial), state.game.grid.names)])
        return " ".join(["legal", *(state.format_move(m) for m in state.legal_moves)])

    def _show(self, args: list[str]) -> str:
        return "state " + json.dumps(self._match().state.to_json(), separators=(",", ":"))

    def _quit(self, args: list[str]) -> str:
        self.done = True
        return "bye"

    # -- helpers ---------------------------------------------------------------
    def _match(self) -> Match:
        if self.match is None:
            raise MatchError("no game yet: send game NAME [OPTION=VALUE ...] first")
        return self.match

    def _set_up(self, given: tuple[type[Game], dict[str, str]], seed: int) -> None:
        """Set up the game ``given`` with ``seed``: everything that may fail
        is done first, and the session changes only once all of it has
        succeeded (an error changes nothing, as the protocol promises)."""
        cls, options = given
        game = cls.configure(options, seed=seed)
        agent = strongest(game) if self.asked is None else self.agent
        match = Match(game, [agent] * len(game.turn_order), seed=seed)  # checks the agent's spec too
        if self.asked is None:
            self._play(agent)
        self._given, self.game, self.match = given, game, match

    def _new_match(self) -> Match:
        assert self.game is not None
        self.match = Match(self.game, [self.agent] * len(self.game.turn_order), seed=self.seed)
        return self.match
