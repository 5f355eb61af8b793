"""The engine protocol, engine side: a line in, a line out
(``docs/engine-protocol.md``).

In the spirit of UCI and GTP, kept to one reply line per command so that a
controller in any language needs no parser: ``hello`` (the engine names
itself and the protocol version), ``game NAME [OPTION=VALUE ...]``, ``seed N``,
``position [MOVE ...]`` (the moves from the start), ``go [time=S]
[iterations=N] [depth=N]`` (answered ``move M``), ``legal``, ``show`` and
``quit``; ``seat PLAYER`` for a game with hidden information, whose view the
positions give (a move that player did not see is ``?``). Every error is
one line starting ``error``, and the session goes on.
Words are split as a shell does, so a value with spaces is quoted. A line
longer than :data:`LINE_LIMIT` bytes is answered with an error line, the rest
of it read and forgotten, never held. :class:`EngineSession` is the protocol;
:meth:`EngineSession.serve` reads its lines from a stream, and
``boardgames engine`` (``cli/engine.py``) connects it to stdin and stdout.
"""

from __future__ import annotations

import json
import random
import re
import shlex
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any

import attrs

from ..agents.base import BUDGET_KINDS
from ..agents.engine import LINE_LIMIT, PROTOCOL, PROTOCOL_VERSION, read_line, skip_line
from ..agents.spec import BUDGET_OPTIONS, HUMAN, split_unquoted
from ..errors import BoardgamesError, InvalidAgentSpecError, MatchError, quoted
from ..play.levels import strongest
from ..play.match import Match, seat_rng
from ..plugins.loader import describe_exception
from ..plugins.registry import game_class, make_seat, registered_games
from ..rules.chance import HIDDEN, draw
from ..rules.game import SEED_DIGITS, Game, State, check_seed
from ..rules.moves import Move
from ..rules.options import parse_assignments
from ..rules.parts import describe as describe_parts

#: The most moves tried in rebuilding a position from what a seat saw, its guesses taken back.
REBUILD_STEPS = 20_000
#: The most moves tried in taking back guesses alone, before what is hidden is drawn again: a
#: search of the guesses alone grows with each unseen deal (some twenty cards each), and spent
#: the whole of :data:`REBUILD_STEPS` where one draw from the seat's view fits at once. The search
#: that draws again takes back guesses too, with the whole budget (a game without ``sample``: them alone).
GUESS_STEPS = 2_000
#: The most positions drawn again from a seat's view where a move it saw fits nothing rebuilt.
REDRAWS = 200

COMMANDS = ("hello", "games", "game", "seed", "seat", "position", "go", "legal", "show", "quit")
#: ``seed N``: ASCII digits, checked before they are converted.
SEED = re.compile(rf"-?[0-9]{{1,{SEED_DIGITS}}}")


def _version() -> str:
    try:
        return version("boardgames")
    except PackageNotFoundError:  # running from a source tree
        return "unknown"


#: What ``hello`` names as the agent when none was asked for: each game's strongest level.
AUTO = "auto"


def _notation(game: Game, word: str) -> Move | None:
    """The move ``word`` names in ``game``'s notation alone, read without a position; None if none."""
    try:
        return game.parse_move(word)
    except BoardgamesError:
        return None


@attrs.frozen
class _Ply:
    """A move of a position rebuilt from what a seat saw: the position it is
    played in, the move, how the seat saw it, and whether it was guessed
    (another move, or the position drawn again, would have been seen the same)."""

    before: State
    move: Move
    seen: Move
    guessed: bool


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
        #: The player this engine plays, by index (``seat``), or None: told for hidden information.
        self.seat: int | None = None
        #: The moves ``position`` gave last, as given (a game with hidden information), the
        #: whole position rebuilt from them, and the plies that led there (:class:`_Ply`), and
        #: the seats' random generators for the agent's choices there.
        self._words: list[str] = []
        self._state: State | None = None
        self._path: list[_Ply] = []
        self._rngs: dict[int, random.Random] = {}
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

    def _seat(self, args: list[str]) -> str:
        game = self._match().game
        if len(args) != 1 or args[0] not in game.player_names:
            players = ", ".join(game.player_names)
            raise MatchError(f"seat needs one of {game.name}'s players ({players}), got {quoted(' '.join(args), 40)}")
        seat = game.player_names.index(args[0])
        if seat != self.seat:
            self.seat = seat
            self._new_match()
        return "ok"

    def _position(self, args: list[str]) -> str:
        match = self._match()
        if match.game.hidden_information:
            return self._position_seen(args)
        match.game.replay(args)  # raises, naming the move, before anything changes
        played = list(match.state.written_history())
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
        state = self._whole()
        if (
            state is self._state
            and (state.is_over or state.turn != self.seat)
            and any(ply.guessed for ply in self._path)
            and self._rebuild(self._words, seated=True)
        ):  # asked to move: a guess that gave the turn to another (a failed try unseen) is taken back
            state = self._whole()
        if state.is_chance:  # the controller draws it, and sends the outcome with the position
            shown = " ".join(state.format_move(m) for m, _ in state.chance_outcomes())
            raise MatchError(f"chance decides here ({shown}): an engine is told the outcome drawn, never asked to move")
        if self.seat is not None and state.turn != self.seat and not state.is_over:
            name = match.game.player_names[self.seat]
            raise MatchError(f"it is {state.to_move}'s turn, not {name}'s: this engine plays {name} (seat)")
        if state is match.state:
            move = match.choose(budget)
        else:  # rebuilt: the agent is given the seat's view and the moves as the seat saw them
            if state.is_over:
                raise MatchError(f"the game is over ({state.result_text()})")
            seat = match.seats[match.game.player_names[state.turn]]
            assert seat.agent is not None
            move = seat.agent.choose(self._view(), seat.budget if budget is None else budget, self._rngs[state.turn])
            if move not in state.legal_moves:
                raise MatchError(f"{seat.spec} chose an illegal move in {state.describe()}")
        return f"move {state.format_move(move)}"

    def _legal(self, args: list[str]) -> str:
        """``legal``: every legal move, or for a game whose moves are made in
        parts, what may start one; ``legal PARTIAL``: what may follow the
        move being made (``parts targets d2 d3 ...``)."""
        state = self._view()
        if args or state.game.moves_in_parts:
            partial = state.parse_partial(" ".join(args))
            return " ".join(["parts", *describe_parts(state.parts(partial), state.game.grid.names)])
        return " ".join(["legal", *(state.format_move(m) for m in state.legal_moves)])

    def _show(self, args: list[str]) -> str:
        return "state " + json.dumps(self._view().to_json(), separators=(",", ":"))

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
        match = Match(game, [agent] * len(game.turn_order), seed=seed, chance="picked")  # checks the spec too
        if self.asked is None:
            self._play(agent)
        if self._given is None or self._given[0] is not cls:
            self.seat = None  # another game: its players are others
        self._given, self.game, self.match = given, game, match
        self._words, self._state, self._path = [], None, []

    def _new_match(self) -> Match:
        assert self.game is not None
        # The outcomes of chance come with the position (picked): the controller's match drew them.
        self.match = Match(self.game, [self.agent] * len(self.game.turn_order), seed=self.seed, chance="picked")
        self._words, self._state, self._path = [], None, []
        return self.match

    def _whole(self) -> State:
        """The whole position: a game's, or the one rebuilt from what the seat saw."""
        match = self._match()
        if match.game.hidden_information and self._state is not None:
            return self._state
        return match.state

    def _view(self) -> State:
        """The position as this engine's seat sees it (a game without hidden information: all of it)."""
        state = self._whole()
        if not state.game.hidden_information:
            return state
        if state is self._state and state.outcome is None:
            return attrs.evolve(state.game.hide(state, self.seat), history=tuple(p.seen for p in self._path))
        return state.seen_by(self.seat)

    def _position_seen(self, words: list[str]) -> str:
        """``position`` in a game with hidden information: the moves as the
        seat saw them, ``?`` for one it did not see. A whole position
        consistent with them is rebuilt, each move not seen whole drawn (from
        the seed and the ply) among those the seat would have seen so; where a
        move it saw fits no move of the position rebuilt (a card dealt unseen
        long before, now laid), what the seat cannot see of it is drawn again
        from its view (:meth:`Game.sample`). The agent is given only the
        seat's view of it, and the moves as the seat saw them."""
        game = self._match().game
        if self.seat is None:
            raise MatchError(f"{game.name} hides information: send seat PLAYER first (whose view the positions give)")
        if not self._rebuild(words, seated=False):
            self._rebuilt_greedy(game.start(), words, 0)  # raises the error of the first move that does not fit
            raise MatchError(f"no position of {game.name} fits these moves as {game.player_names[self.seat]} saw them")
        return "ok"

    def _rebuild(self, words: list[str], seated: bool) -> bool:
        """Rebuild the position from ``words`` (see :meth:`_position_seen`),
        with ``seated`` one where the seat is to move; False if none is found."""
        game = self._match().game
        again = self._state is not None and words[: len(self._words)] == self._words
        tries: list[tuple[State, int]] = []
        if again:  # on from the position rebuilt before, its last guesses taken back if need be
            assert self._state is not None
            back = len(self._path)
            while back and self._path[back - 1].guessed:
                back -= 1
            tries.append((self._path[back].before if back < len(self._path) else self._state, back))
        tries.append((game.start(), 0))  # else from the start
        # The guesses taken back first, then what is hidden drawn again.
        attempts = ((start, redraw) for start in tries for redraw in (False, True))
        rebuilt = next(
            ((start, found) for start, redraw in attempts if (found := self._rebuilt(*start, words, redraw, seated))),
            None,
        )
        if rebuilt is None:
            return False
        (state, first), (path, end) = rebuilt
        if first == 0:  # rebuilt anew: the seat's choices drawn afresh, as a new match's
            self._rngs = {p: seat_rng(self.seed, p) for p in range(len(game.player_names))}
        self._state, self._path = end, [*self._path[:first], *path]
        self._words = list(words)
        return True

    def _rebuilt(
        self, state: State, first: int, words: list[str], redraw: bool, seated: bool = False
    ) -> tuple[list[_Ply], State] | None:
        """The plies from ``state`` (after ``first`` of them) that the seat
        would have seen as ``words[first:]``, and the position they lead to;
        None if none are found within :data:`REBUILD_STEPS` tries
        (:data:`GUESS_STEPS` without ``redraw``). Depth
        first, so that a guess at a move it did not see is taken back when a
        later move it saw (one revealing the choices made at once) rules it
        out; with ``redraw``, a position where a move it saw fits nothing is
        drawn again from the seat's view, at most :data:`REDRAWS` times,
        before the guesses before it are taken back. With ``seated``, only a
        position where the seat is to move will do."""
        if first >= len(words):
            return None if seated and (state.is_over or state.turn != self.seat) else ([], state)
        # A game is shown whole once over: a position that a guess ended is not the one the seat saw.
        guessed = any(ply.guessed for ply in self._path[:first])
        steps = [REBUILD_STEPS if redraw else GUESS_STEPS]
        # Each ply's draws go on where they stopped when the search comes back to it: the views
        # there tell the same, and drawing the same positions again would fail again.
        draws: dict[int, random.Random] = {}
        stack = [self._candidates(state, words[first], first, redraw, steps, draws)]
        path: list[_Ply] = []
        while steps[0] > 0:
            ply = next(stack[-1], None)
            if ply is None:  # nothing more fits here: back to the move before
                stack.pop()
                if not stack:
                    return None
                path.pop()
                continue
            steps[0] -= 1
            path.append(ply)
            after = ply.before.play_unchecked(ply.move)
            if first + len(path) == len(words):
                if (seated and (after.is_over or after.turn != self.seat)) or (
                    after.is_over and (guessed or any(p.guessed for p in path))
                ):
                    path.pop()
                    continue
                return path, after
            stack.append(self._candidates(after, words[first + len(path)], first + len(path), redraw, steps, draws))
        return None

    def _candidates(
        self, state: State, word: str, ply: int, redraw: bool, steps: list[int], draws: dict[int, random.Random]
    ) -> Iterator[_Ply]:
        """The moves of ``state`` the seat would have seen as ``word``; if
        none, with ``redraw``, positions drawn again from the seat's view of
        ``state`` and a move of each that fits (each draw a step of ``steps``,
        from the ply's generator in ``draws``, made from the seed and the ply)."""
        try:
            fits = self._consistent(state, word, ply)
        except MatchError:
            fits = []
        for move in fits:
            yield self._ply(state, move, len(fits) > 1)
        if fits or not redraw or state.is_over:
            return
        game, seat = state.game, self.seat
        assert seat is not None
        view = game.hide(state, seat)
        if ply not in draws:
            draws[ply] = random.Random(f"{self.seed}/redraw/{ply}")
        rng = draws[ply]
        for _ in range(REDRAWS):
            if steps[0] <= 0:
                return
            steps[0] -= 1
            try:
                other = game.sample(view, seat, rng)
            except NotImplementedError:  # a game that cannot draw a position from a view: its guesses only
                return
            try:
                yield self._ply(other, self._consistent(other, word, ply)[0], True)
            except MatchError:
                continue

    def _ply(self, state: State, move: Move, guessed: bool) -> _Ply:
        shown = state.game.seen(state, move, self.seat)
        return _Ply(state, move, HIDDEN if shown is None else shown, guessed)

    def _rebuilt_greedy(self, state: State, words: list[str], first: int) -> list[Move]:
        """Move by move, each the first that fits."""
        moves = []
        for ply in range(first, len(words)):
            move = self._consistent(state, words[ply], ply)[0]
            moves.append(move)
            state = state.play_unchecked(move)
        return moves

    def _consistent(self, state: State, word: str, ply: int) -> list[Move]:
        """The moves of ``state`` that the seat would have seen as ``word``,
        the most likely first (drawn from the seed and the ply); MatchError if none."""
        game, seat = state.game, self.seat
        if state.is_over:
            raise MatchError(f"move {ply + 1}: the game is over after {ply} moves")
        outcomes = state.chance_outcomes()
        moves = tuple(m for m, _ in outcomes) if state.is_chance else state.legal_moves
        if word != "?":
            try:
                move = state.parse_move(word)
            except BoardgamesError:
                move = None
            # Seen whole: the move itself, if the word names it as the game writes it. A reading
            # of the position's own (a game's shorthand, a mark left out) may take a word for a
            # move it does not name here (Dice Market reads a fill that completes a card, "3>h1.1!",
            # as the same fill where the card rebuilt is not completed by it, "3>h1.1"): the
            # position rebuilt would part from the one the seat saw, and a redraw is due instead.
            if (
                move is not None
                and move in moves
                and game.seen(state, move, seat) == move
                and (state.format_move(move) == word or _notation(game, word) == move)
            ):
                return [move]

        def shown(move: Move) -> str:
            seen = game.seen(state, move, seat)
            return "?" if seen is None else state.format_move(seen)

        fits = [m for m in moves if shown(m) == word]
        if not fits:
            player = game.player_names[seat] if seat is not None else "a spectator"
            raise MatchError(
                f"move {ply + 1}: {quoted(word, 40)} is not how {player} could have seen a move in {state.describe()}"
            )
        rng = random.Random(f"{self.seed}/hidden/{ply}")
        if state.is_chance:
            first = draw(tuple((m, p) for m, p in outcomes if m in fits), rng)
        else:
            first = rng.choice(fits)
        others = [m for m in fits if m != first]
        rng.shuffle(others)
        return [first, *others]
