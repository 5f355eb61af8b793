"""A match: one game between seats, the one game loop of the project.

The terminal, the arena, ``replay``, ``bench`` (and the web server, the engine
protocol and the RL adapters to come) all drive a :class:`Match`. It holds the
game's positions from the start, maps each player to its seat (a person, or
an agent with its budget), derives every seat's random generator from the
game's seed in one place, and makes the record. It never reads input or
prints: a person's moves come from outside through :meth:`Match.play`, an
agent's through :meth:`Match.step`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .agents.base import Budget
from .agents.spec import HUMAN, Seat
from .errors import AgentFailure, InvalidAgentSpecError, MatchError, WrongTypeError
from .game import Game, State, check_seed
from .levels import strongest
from .moves import Move
from .records import Forfeit, Record, now
from .registry import make_seat


def seat_rng(seed: int | None, player: int) -> random.Random:
    """The random generator of the seat of player ``player`` (an index in
    ``game.player_names``) in a game set up with ``seed``."""
    return random.Random(f"{seed}/{player}")


class Match:
    """A game between seats, from ``start`` (a configured game, or a position).

    ``seats`` are specs (``human``, ``mcts:time=2``) or :class:`Seat` values,
    in turn order (``game.turn_order``); people by default. The seats' random
    choices derive from ``seed``, the game's own seed unless given.
    """

    def __init__(
        self,
        start: Game | State,
        seats: Sequence[str | Seat] | None = None,
        *,
        started: str | None = None,
        finished: str | None = None,
        positions: Sequence[State] = (),
        seed: int | None = None,
        forfeit: Forfeit | None = None,
    ) -> None:
        if isinstance(start, Game):
            start = start.start()
        if not isinstance(start, State):
            raise WrongTypeError(f"a match starts from a boardgames.Game or State, got {start!r}")
        game = start.game
        players = game.turn_order
        if seats is None:
            seats = [HUMAN] * len(players)
        if isinstance(seats, str) or len(seats) != len(players):
            raise InvalidAgentSpecError(
                f"{game.name} has {len(players)} players ({', '.join(players)}): give a seat for each, got {seats!r}"
            )
        self.seats: dict[str, Seat] = {}
        for player, seat in zip(players, seats, strict=True):
            self.seats[player] = seat if isinstance(seat, Seat) else make_seat(seat)
        for seat in self.seats.values():
            if seat.agent is not None:
                seat.agent.reset()
        check_seed(seed)
        #: Where the seats' random choices come from: the game's seed unless given.
        self.seed = game.seed if seed is None else seed
        self._rngs = {player: seat_rng(self.seed, game.player_names.index(player)) for player in players}
        #: Every position of the game so far, the current one last.
        self.positions: list[State] = [*positions, start]
        self.started = started or now()
        #: Set when a seat's agent failed (:class:`AgentFailure`): that side lost off the board.
        self.forfeit = forfeit
        self.finished = finished or (now() if self.is_over else None)

    @classmethod
    def from_record(cls, record: Record, seats: Sequence[str | Seat] | None = None) -> Match:
        """The match a record saved, to go on with (or step through
        :attr:`positions`); ``seats`` replace the recorded ones."""
        final = record.state
        positions = [final.game.start()]
        for move in final.history:
            positions.append(positions[-1].play_unchecked(move))
        return cls(
            final,
            seats if seats is not None else (record.seats or None),
            started=record.started,
            finished=record.finished,
            positions=positions[:-1],
            forfeit=record.forfeit,
        )

    # -- where the game stands ------------------------------------------------
    @property
    def state(self) -> State:
        return self.positions[-1]

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def is_over(self) -> bool:
        return self.forfeit is not None or self.state.is_over

    @property
    def to_move(self) -> str | None:
        """The player whose turn it is, None once the game is over."""
        return None if self.forfeit is not None else self.state.to_move

    @property
    def winner(self) -> str | None:
        """The winner on the board, or the other side of a forfeit; None while
        the game goes on and for a draw."""
        if self.forfeit is not None:
            return next(p for p in self.game.turn_order if p != self.forfeit.player)
        return self.state.winner

    def result_text(self) -> str:
        """``chocolate wins: five in a row``, or why a seat lost off the board."""
        if self.forfeit is not None:
            return f"{self.winner} wins: {self.forfeit.player} forfeits ({self.forfeit.reason})"
        return self.state.result_text()

    @property
    def seat_to_move(self) -> Seat | None:
        player = self.to_move
        return None if player is None else self.seats[player]

    @property
    def awaits_person(self) -> bool:
        """Whether the game waits for a person's move (the match cannot go on alone)."""
        seat = self.seat_to_move
        return seat is not None and seat.is_human

    @property
    def has_people(self) -> bool:
        return any(seat.is_human for seat in self.seats.values())

    @property
    def specs(self) -> tuple[str, ...]:
        """Each seat's spec, in turn order."""
        return tuple(self.seats[p].spec for p in self.game.turn_order)

    # -- moving ---------------------------------------------------------------
    def play(self, move: Move | str, by: str | None = None) -> State:
        """Play ``move`` (a person's, or any) and return the new state.
        ``by`` names the player who sends it: refused unless it is that
        player's turn. Raises the move errors of :meth:`State.play`."""
        if by is not None and by != self.to_move:
            self._check_player(by)
            raise MatchError(f"it is not {by}'s turn ({self.result_text()})")
        if self.forfeit is not None:
            raise MatchError(f"the game is over ({self.result_text()})")
        state = self.state.play(move)
        self._push(state)
        return state

    def choose(self, budget: Budget | None = None) -> Move:
        """The move the agent whose turn it is chooses (not played), within
        ``budget`` (by default its seat's). Raises AgentFailure if the agent
        could not give a legal one."""
        state = self.state
        player = self.to_move
        if player is None:
            raise MatchError(f"the game is over ({self.result_text()})")
        seat = self.seats[player]
        if seat.agent is None:
            raise MatchError(f"it is {player}'s turn, a person's: their move comes from outside")
        move = seat.agent.choose(state, seat.budget if budget is None else budget, self._rngs[player])
        if move not in state.legal_moves:  # a scan finds the agent's own move object at once
            on_board = isinstance(move, Move) and state.game.on_board(move)
            shown = state.format_move(move) if on_board else repr(move)
            raise AgentFailure(f"{seat.spec} chose the illegal move {shown!r} in {state.describe()}")
        return move

    def step(self) -> Move | None:
        """Let the agent whose turn it is move; return its move, or None if
        it failed (:class:`AgentFailure`): then its side forfeits the game."""
        player = self.to_move
        try:
            move = self.choose()
        except AgentFailure as exc:
            assert player is not None
            self.concede(player, str(exc))
            return None
        self._push(self.state.play_unchecked(move))
        return move

    def concede(self, player: str, reason: str = "resigned") -> None:
        """``player`` loses off the board: resigns, or its agent failed."""
        self._check_player(player)
        if self.is_over:
            raise MatchError(f"the game is over ({self.result_text()})")
        self.forfeit = Forfeit(player, reason)
        self._ended()

    def run(self, on_move: Callable[[Move, State], None] | None = None) -> State:
        """Let the agents move until the game ends or waits for a person;
        ``on_move(move, state_before)`` is told of each move."""
        while not self.awaits_person and not self.is_over:
            before = self.state
            move = self.step()
            if on_move is not None and move is not None:
                on_move(move, before)
        return self.state

    def hint(self, spec: str | None = None) -> Move:
        """The move an adviser (an agent spec; by default the game's strongest
        level) suggests for the player to move."""
        if self.is_over:
            raise MatchError(f"the game is over ({self.result_text()})")
        adviser = make_seat(strongest(self.game) if spec is None else spec)
        if adviser.agent is None:
            raise InvalidAgentSpecError("a hint comes from an agent, not a person")
        rng = random.Random(f"{self.seed}/hint/{len(self.state.history)}")
        return adviser.agent.choose(self.state, adviser.budget, rng)

    def undo(self, player: str | None = None) -> bool:
        """Go back to ``player``'s previous turn (by default, the previous
        turn of any person), taking back the moves since; False if there is none."""
        if player is not None:
            self._check_player(player)
        names = self.game.player_names
        for k in range(len(self.positions) - 2, -1, -1):
            mover = names[self.positions[k].turn]
            if (player is None and self.seats[mover].is_human) or mover == player:
                del self.positions[k + 1 :]
                self.finished = None
                self.forfeit = None
                return True
        return False

    def _check_player(self, player: str) -> None:
        if player not in self.seats:
            raise MatchError(f"{player!r} is not a player of {self.game.name} ({', '.join(self.seats)})")

    def _push(self, state: State) -> None:
        self.positions.append(state)
        if state.is_over:
            self._ended()

    def _ended(self) -> None:
        self.finished = now()
        for seat in self.seats.values():
            if seat.agent is not None:
                seat.agent.close()

    # -- the record -----------------------------------------------------------
    def record(self) -> Record:
        return Record(self.state, self.specs, self.started, self.finished, self.forfeit)
