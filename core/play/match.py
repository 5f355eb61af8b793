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
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import overload

import attrs

from ..agents.base import Budget
from ..agents.spec import HUMAN, Seat, refuse_programs
from ..errors import AgentFailure, BoardgamesError, InvalidAgentSpecError, MatchError, WrongTypeError, quoted
from ..plugins.registry import make_seat
from ..rules.chance import CHANCE, chance_rng
from ..rules.game import Game, State, check_seed
from ..rules.moves import Move
from .clock import ON_TIME, Clock, ClockSettings
from .levels import strongest
from .records import Forfeit, Record, chance_settled, now

#: Every how many plies :class:`Positions` keeps a position it replayed.
CHECKPOINT = 32
#: How a match settles chance events: ``drawn`` from its seed (the default),
#: or ``picked`` by whoever plays the outcome (tests, rulebook examples).
CHANCE_MODES = ("drawn", "picked")
#: What :meth:`Match.checkpoint` keeps: the position, when it finished, a
#: forfeit, the clocks, a draw agreed and the choices held.
Checkpoint = tuple[State, "str | None", "Forfeit | None", object, "str | None", dict[int, Move]]


class Positions(Sequence[State]):
    """Every position of a match, from its first to ``last``, kept compactly:
    the first and the last, and a position every :data:`CHECKPOINT` plies once
    it is asked for; the others are replayed from the moves in the last
    position's history. A long game held by a server costs a few positions,
    not one (with its legal moves) per ply."""

    def __init__(self, first: State, last: State) -> None:
        self.first = first
        self.last = last
        self._kept: dict[int, State] = {}
        self._recent: tuple[int, State] | None = None  # stepping forwards costs one move

    def __len__(self) -> int:
        return len(self.last.history) - len(self.first.history) + 1

    @overload
    def __getitem__(self, index: int) -> State: ...
    @overload
    def __getitem__(self, index: slice) -> list[State]: ...
    def __getitem__(self, index: int | slice) -> State | list[State]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        count = len(self)
        k = index + count if index < 0 else index
        if not 0 <= k < count:
            raise IndexError(f"position {index} of {count}")
        if k == count - 1:
            return self.last
        base, state = max(((at, s) for at, s in self._kept.items() if at <= k), default=(0, self.first))
        if self._recent is not None and base <= self._recent[0] <= k:
            base, state = self._recent
        offset = len(self.first.history)
        for ply, move in enumerate(self.last.history[offset + base : offset + k], start=base):
            state = state.play_unchecked(move)
            if (ply + 1) % CHECKPOINT == 0:
                self._kept[ply + 1] = state
        self._recent = (k, state)
        return state

    def __iter__(self) -> Iterator[State]:
        return (self[k] for k in range(len(self)))

    def push(self, state: State) -> None:
        """A move was played: ``state`` is the new last position."""
        self.last = state

    def cut(self, count: int) -> None:
        """Keep the first ``count`` positions (moves taken back)."""
        last = self[count - 1]
        self._kept = {at: s for at, s in self._kept.items() if at < count}
        if self._recent is not None and self._recent[0] >= count:
            self._recent = None
        self.last = last

    def reset(self, last: State) -> None:
        """The match is at ``last``, which may share no later position with
        the one before (a change undone): forget what was kept."""
        self._kept.clear()
        self._recent = None
        self.last = last


def _check_budget(budget: object) -> None:
    if budget is not None and not isinstance(budget, Budget):
        raise WrongTypeError(f"'budget' is a boardgames.agents.Budget or None, got {budget!r}")


def saved_seats(record: Record, told: str = "give the seats again to run it") -> list[Seat] | None:
    """The seats a record gives, to play on (None if it gives none). A seat
    that runs a program is refused (InvalidAgentSpecError, one line, ``told``
    saying how to run it anyway), unless the game is over: nobody moves again."""
    if not record.seats:
        return None
    over = record.forfeit is not None or record.drawn is not None or record.state.is_over
    seats = [make_seat(spec) for spec in record.seats]
    for player, spec, seat in zip(record.state.game.turn_order, record.seats, seats, strict=True):
        if not over:
            refuse_programs(seat, f"a saved game never starts one ({player}: {quoted(spec, 80)}); {told}")
    return seats


def seat_rng(seed: int | None, player: int) -> random.Random:
    """The random generator of the seat of player ``player`` (an index in
    ``game.player_names``) in a game set up with ``seed``."""
    return random.Random(f"{seed}/{player}")


class Match:
    """A game between seats, from ``start`` (a configured game, or a position).

    ``seats`` are specs (``human``, ``mcts:time=2``) or :class:`Seat` values,
    in turn order (``game.turn_order``); people by default. The seats' random
    choices derive from ``seed``, the game's own seed unless given. ``clock``
    (a :class:`~boardgames.play.clock.ClockSettings`, or a :class:`~boardgames.play.clock.Clock`
    with its laps) times the players: see :mod:`boardgames.play.clock`.

    Chance events are drawn from the seed as soon as they are due
    (:func:`~boardgames.rules.chance.chance_rng`: the same seed, the same dice
    at the same point, whatever the seats do), unless ``chance="picked"``.
    Players asked at once (:attr:`State.asked`) may send their choices in any
    order: each is held until its turn comes, unseen by the others.
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
        drawn: str | None = None,
        clock: ClockSettings | Clock | None = None,
        chance: str = "drawn",
    ) -> None:
        if chance not in CHANCE_MODES:
            raise WrongTypeError(f"'chance' is one of {', '.join(CHANCE_MODES)}, got {chance!r}")
        #: How chance events are settled (:data:`CHANCE_MODES`).
        self.chance = chance
        #: Choices sent ahead of their turn by players asked at once, by player index.
        self._held: dict[int, Move] = {}
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
                refused = seat.agent.refuses(game)  # alpha-beta and a game of three: one line, before any move
                if refused is not None:
                    raise InvalidAgentSpecError(refused)
                seat.agent.reset()
        check_seed(seed)
        for name, when in (("started", started), ("finished", finished)):
            if when is not None and not isinstance(when, str):
                raise WrongTypeError(f"{name!r} is a time's ISO text or None, got {when!r}")
        if forfeit is not None and not isinstance(forfeit, Forfeit):
            raise WrongTypeError(f"'forfeit' is a boardgames.play.records.Forfeit or None, got {forfeit!r}")
        if isinstance(positions, (str, bytes)) or not isinstance(positions, Sequence):
            raise WrongTypeError(f"'positions' is a sequence of the states before the start, got {positions!r}")
        if not all(isinstance(p, State) and p.game == game for p in positions):
            raise WrongTypeError(f"'positions' holds states of {game.name} only, got {list(positions)[:3]!r}")
        first = positions[0] if positions else start
        if start.history[: len(first.history)] != first.history:
            raise MatchError("'positions' do not lead to the start: the histories differ")
        #: Where the seats' random choices come from: the game's seed unless given.
        self.seed = game.seed if seed is None else seed
        self._rngs = {player: seat_rng(self.seed, game.player_names.index(player)) for player in players}
        #: Every position of the game so far, the current one last.
        self.positions = Positions(first, start)
        # A Match is changed by one thread at a time: moves, undo, concessions
        # wait for each other (an agent's thinking does not hold it).
        self._lock = threading.RLock()
        self.started = started or now()
        #: Set when a seat's agent failed (:class:`AgentFailure`): that side lost off the board.
        self.forfeit = forfeit
        #: Why the game ended drawn off the board ("agreed"), or None.
        self.drawn = drawn
        #: The players' clocks, if timed (:mod:`boardgames.play.clock`).
        self.clock = self._clock(clock, start)
        self.finished = finished or (now() if self.is_over else None)
        if not self.is_over:
            self._settle_chance()

    @classmethod
    def from_record(cls, record: Record, seats: Sequence[str | Seat] | None = None) -> Match:
        """The match a record saved, to go on with (or step through
        :attr:`positions`); ``seats`` replace the recorded ones."""
        if not isinstance(record, Record):
            raise WrongTypeError(f"a match comes from a boardgames.play.records.Record, got {record!r}")
        final = record.state
        clock = None
        if record.clock is not None:
            clock = Clock.from_record(record.clock, final.game.turn_order, movers(final))
        if seats is None:  # a record never starts a program: such seats are given anew, or refused
            seats = saved_seats(record)
        return cls(
            final,
            seats,
            started=record.started,
            finished=record.finished,
            positions=[final.game.start()] if final.history else (),
            forfeit=record.forfeit,
            clock=clock,
            drawn=record.drawn,
        )

    def _clock(self, clock: ClockSettings | Clock | None, start: State) -> Clock | None:
        """The match's clocks, running for the player to move."""
        if clock is None:
            return None
        if isinstance(clock, ClockSettings):  # moves already played took no time
            limit = float(clock.limit)
            clock = Clock(clock, start.game.turn_order, [(p, limit) for p in movers(start)])
        if not isinstance(clock, Clock):
            raise WrongTypeError(f"'clock' is a boardgames.play.clock.ClockSettings or Clock, got {clock!r}")
        if len(clock.laps) != len(start.history) or tuple(clock.players) != start.game.turn_order:
            raise MatchError("the clock's laps do not match the moves played: one a move, by its mover")
        if clock.flagged is not None and (self.forfeit is None or self.forfeit.player != clock.flagged):
            raise MatchError(f"the clock flagged {clock.flagged}, but the match has no such forfeit")
        clock.start(self.to_move)
        return clock

    # -- where the game stands ------------------------------------------------
    @property
    def state(self) -> State:
        return self.positions.last

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def is_over(self) -> bool:
        return self.forfeit is not None or self.drawn is not None or self.state.is_over

    @property
    def to_move(self) -> str | None:
        """The player whose turn it is, None once the game is over."""
        return None if self.forfeit is not None or self.drawn is not None else self.state.to_move

    @property
    def winner(self) -> str | None:
        """The winner on the board, or the other side of a two-player
        forfeit; None while the game goes on, for a draw and for a first place shared."""
        if self.forfeit is not None:
            others = [p for p in self.game.turn_order if p != self.forfeit.player]
            return others[0] if len(others) == 1 else None
        return self.state.winner

    @property
    def places(self) -> dict[str, int]:
        """Each player's place once the match is over (1 the best, ties
        sharing), by name: a player who forfeits is last and the others share
        first; an agreed draw puts everyone first. Empty while it goes on."""
        names = self.game.player_names
        if self.forfeit is not None:
            return {p: len(names) if p == self.forfeit.player else 1 for p in names}
        if self.drawn is not None:
            return dict.fromkeys(names, 1)
        return dict(zip(names, self.state.places, strict=True)) if self.state.is_over else {}

    def result_text(self) -> str:
        """``chocolate wins: five in a row``, or why a seat lost off the board."""
        if self.forfeit is not None and self.clock is not None and self.clock.flagged == self.forfeit.player:
            if self.winner is None:
                return f"{self.forfeit.player}'s time ran out: {self._sharing()} share 1st"
            return f"{self.winner} wins on time: {self.forfeit.player}'s time ran out"
        if self.forfeit is not None:
            if self.winner is None:
                return f"{self.forfeit.player} forfeits ({self.forfeit.reason}): {self._sharing()} share 1st"
            return f"{self.winner} wins: {self.forfeit.player} forfeits ({self.forfeit.reason})"
        if self.drawn is not None:
            return "draw: agreed by the players"
        return self.state.result_text()

    def _sharing(self) -> str:
        others = [p for p in self.game.turn_order if self.forfeit is None or p != self.forfeit.player]
        return ", ".join(others[:-1]) + " and " + others[-1]

    @property
    def seat_to_move(self) -> Seat | None:
        player = self.to_move
        return None if player is None or player not in self.seats else self.seats[player]

    @property
    def awaits_person(self) -> bool:
        """Whether the game waits for a person's move (the match cannot go on
        alone): a person's turn, or a chance outcome to pick."""
        if self.to_move is not None and self.state.is_chance:
            return True  # only with chance="picked": a drawn event is settled at once
        seat = self.seat_to_move
        return seat is not None and seat.is_human

    @property
    def asked(self) -> tuple[str, ...]:
        """The players whose choice is due now and not yet sent (several where
        the game asks them at once), by name; none once the game is over."""
        if self.forfeit is not None or self.drawn is not None:
            return ()
        names = self.game.player_names
        return tuple(names[p] for p in self.state.asked if p not in self._held)

    @property
    def held(self) -> dict[str, Move]:
        """The choices sent ahead of their turn and held, by player: for a
        server to keep them with the match (:meth:`play` with ``by`` holds
        them again); never to be shown to another player."""
        names = self.game.player_names
        return {names[p]: move for p, move in self._held.items()}

    def view_for(self, player: str | None) -> State:
        """The position as ``player`` sees it (None: a spectator); whole once the match is over."""
        if player is not None:
            self._check_player(player)
        if self.is_over:
            return self.state
        return self.state.seen_by(None if player is None else self.game.player_names.index(player))

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
        with self._lock:
            if by is not None and by != self.to_move:
                self._check_player(by)
                if by in self.asked and not self.is_over:
                    return self._hold(move, by)
                if self.game.player_names.index(by) in self._held:
                    raise MatchError(f"{by} has already chosen this turn")
                raise MatchError(f"it is not {by}'s turn ({self._public_result()})")
            if self.forfeit is not None or self.drawn is not None or self.flag() is not None:
                raise MatchError(f"the game is over ({self.result_text()})")
            try:
                state = self.state.play(move)
            except BoardgamesError:
                if self.game.hidden_information and not self.state.is_chance:
                    self._refuse_as_seen(move)
                raise
            self._push(state)
            return self.state

    def _refuse_as_seen(self, move: Move | str) -> None:
        """Refuse a move the way the mover's own view refuses it: the reason
        read off the whole position might tell what the mover may not see."""
        view = self.state.seen_by(self.state.turn)
        view.play(move)  # raises, in terms of the view
        raise MatchError("that move is not legal here")

    def _public_result(self) -> str:
        return self.result_text() if self.is_over else f"{', '.join(self.asked) or self.to_move} to move"

    def _hold(self, move: Move | str, by: str) -> State:
        """A choice sent ahead of its turn by a player asked at once: checked
        now, played when its turn comes."""
        player = self.game.player_names.index(by)
        turn = attrs.evolve(self.state.seen_by(player), turn=player)  # the position as it will be then, to this player
        chosen = turn.parse_move(move) if isinstance(move, str) else move
        if chosen not in self.state.moves_for(player):
            turn.play(chosen)  # raises, saying why, in terms of what this player sees
            raise MatchError(f"{by} cannot choose {turn.format_move(chosen)} now")
        self._held[player] = chosen
        return self.state

    def choose(self, budget: Budget | None = None) -> Move:
        """The move the agent whose turn it is chooses (not played), within
        ``budget`` (by default its seat's). Raises AgentFailure if the agent
        could not give a legal one."""
        _check_budget(budget)
        state = self.state
        player = self.to_move
        if player is None:
            raise MatchError(f"the game is over ({self.result_text()})")
        if state.is_chance:
            raise MatchError("chance decides here: an outcome is picked (Match.play) or drawn, not chosen by an agent")
        seat = self.seats[player]
        if seat.agent is None:
            raise MatchError(f"it is {player}'s turn, a person's: their move comes from outside")
        budget = seat.budget if budget is None else budget
        cap = None if self.clock is None else self.clock.thinking_time(player)
        if cap is not None:  # an agent's clock runs too: it thinks within what it has left
            budget = attrs.evolve(budget, time=min(budget.time or cap, cap))
        move = seat.agent.choose(state.seen_by(state.turn), budget, self._rngs[player])  # only what it may see
        if move not in state.legal_moves:  # a scan finds the agent's own move object at once
            on_board = isinstance(move, Move) and state.game.on_board(move)
            shown = state.format_move(move) if on_board else repr(move)
            raise AgentFailure(f"{seat.spec} chose the illegal move {shown!r} in {state.describe()}")
        return move

    def step(self) -> Move | None:
        """Let the agent whose turn it is move; return its move, or None if
        it failed (:class:`AgentFailure`) or its time ran out: then its side
        forfeits the game."""
        player, before = self.to_move, self.state
        try:
            move = self.choose()
        except AgentFailure as exc:
            assert player is not None
            self.concede(player, str(exc))
            return None
        with self._lock:
            if self.state is not before:
                raise MatchError("the position changed while the agent thought: a Match is changed by one thread")
            if self.flag() is not None:
                return None
            self._push(before.play_unchecked(move))
        return move

    def concede(self, player: str, reason: str = "resigned") -> None:
        """``player`` loses off the board: resigns, or its agent failed."""
        self._check_player(player)
        with self._lock:
            if self.is_over:
                raise MatchError(f"the game is over ({self.result_text()})")
            self.forfeit = Forfeit(player, reason)
            if self.clock is not None:
                self.clock.stop()
            self._ended()

    def flag(self) -> str | None:
        """If the clock of the player to move has run out, that player loses
        on time now; the player flagged, else None."""
        with self._lock:
            ended = self.forfeit is not None or self.drawn is not None
            late = None if self.clock is None or ended else self.clock.out_of_time()
            if late is not None:
                self.forfeit = Forfeit(late, ON_TIME)
                self.clock.flag(late)  # type: ignore[union-attr]
                self._ended()
            return late

    def run(self, on_move: Callable[[Move, State], None] | None = None) -> State:
        """Let the agents move until the game ends or waits for a person;
        ``on_move(move, state_before)`` is told of each move."""
        while not self.awaits_person and not self.is_over:
            before = self.state
            move = self.step()
            if on_move is not None and move is not None:
                on_move(move, before)
        return self.state

    def hint(self, spec: str | None = None, budget: Budget | None = None) -> Move:
        """The move an adviser (an agent spec; by default the game's strongest
        level) suggests for the player to move, within ``budget`` (by default
        the spec's)."""
        _check_budget(budget)
        state = self.state
        if self.is_over:
            raise MatchError(f"the game is over ({self.result_text()})")
        adviser = make_seat(strongest(self.game) if spec is None else spec)
        if adviser.agent is None:
            raise InvalidAgentSpecError("a hint comes from an agent, not a person")
        if state.is_chance:
            raise MatchError("chance decides here: there is no move to suggest")
        rng = random.Random(f"{self.seed}/hint/{len(state.history)}")
        return adviser.agent.choose(state.seen_by(state.turn), adviser.budget if budget is None else budget, rng)

    def undo(self, player: str | None = None) -> bool:
        """Go back to ``player``'s previous turn (by default, the previous
        turn of any person), taking back the moves since; False if there is
        none. A finished game stays finished: MatchError."""
        if player is not None:
            self._check_player(player)
        with self._lock:
            if self.is_over:
                raise MatchError(f"the game is over ({self.result_text()}): a finished game stays finished")
            back = self.undo_point(player)
            if back is None:
                return False
            self.positions.cut(back)
            self._held.clear()
            if self.clock is not None:  # the clocks as they stood then; the one to move runs from now
                self.clock.cut(len(self.state.history))
                self.clock.start(self.to_move)
            return True

    def undo_point(self, player: str | None = None) -> int | None:
        """How many positions :meth:`undo` would keep (``player``'s previous
        turn the last), or None if it has no previous turn."""
        names = self.game.player_names
        for k in range(len(self.positions) - 2, -1, -1):
            if self.positions[k].turn == CHANCE:
                continue  # chance moved there: no one's turn to go back to
            mover = names[self.positions[k].turn]
            if (player is None and self.seats[mover].is_human) or mover == player:
                return k + 1
        return None

    def agree_draw(self) -> None:
        """The players agreed a draw: the game ends drawn, off the board."""
        with self._lock:
            if self.is_over:
                raise MatchError(f"the game is over ({self.result_text()})")
            self.drawn = "agreed"
            if self.clock is not None:
                self.clock.stop()
            self._ended()

    def checkpoint(self) -> Checkpoint:
        """What :meth:`restore` needs to undo any change made after it (a
        change that could not be saved is taken back whole, the choices held
        then included)."""
        clock = None if self.clock is None else self.clock.checkpoint()
        return self.state, self.finished, self.forfeit, clock, self.drawn, dict(self._held)

    def restore(self, checkpoint: Checkpoint) -> None:
        with self._lock:
            state, self.finished, self.forfeit, clock, self.drawn, held = checkpoint
            self.positions.reset(state)
            self._held = dict(held)
            if self.clock is not None:
                self.clock.restore(clock)  # type: ignore[arg-type]

    def _check_player(self, player: str) -> None:
        if player not in self.seats:
            raise MatchError(f"{player!r} is not a player of {self.game.name} ({', '.join(self.seats)})")

    def _push(self, state: State) -> None:
        mover = self.state.to_move
        self.positions.push(state)
        if self.clock is not None and mover is not None:
            self.clock.moved(mover)
            self.clock.start(self.to_move)
        if state.is_over:
            self._ended()
            return
        self._settle_chance()
        held = self._held.pop(self.state.turn, None)
        if held is not None and not self.is_over:  # a choice sent at once with the last one: its turn has come
            self._push(self.state.play(held))

    def _settle_chance(self) -> None:
        """Draw the chance event due now, if any, from the match's seed."""
        state = self.state
        if self.chance == "drawn" and state.is_chance:
            self._push(state.play_unchecked(state.draw_chance(chance_rng(self.seed, len(state.history)))))

    def _ended(self) -> None:
        self.finished = now()
        for seat in self.seats.values():
            if seat.agent is not None:
                seat.agent.close()

    # -- the record -----------------------------------------------------------
    def record(self) -> Record:
        clock = None if self.clock is None else self.clock.record()
        chance = chance_settled(self.state, self.game.seed)  # what a record's reader can check: the game's seed
        return Record(self.state, self.specs, self.started, self.finished, self.forfeit, clock, self.drawn, chance)


def movers(state: State) -> list[str]:
    """The player who made each move of ``state``'s history."""
    out = []
    position = state.game.start()
    for move in state.history:
        assert position.to_move is not None
        out.append(position.to_move)
        position = position.play_unchecked(move)
    return out
