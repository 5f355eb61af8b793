"""The game API every rule plugin implements, and the state every agent sees.

A :class:`Game` subclass is a rule set: a name, a title, the players, typed
options. An *instance* is that rule set with its option values settled
(:meth:`Game.configure`), and it makes the initial :class:`State`.

States are immutable values. Playing a move returns a new state; a state knows
whose turn it is, its legal moves, its status and its history, and round-trips
through JSON. What is generic (move validation, notation, results, JSON, the
neutral board view) lives here once; a game writes only its rules:
:meth:`Game.initial_state`, :meth:`Game.generate_moves`, :meth:`Game.apply`,
:meth:`Game.owners` and, for good error messages, :meth:`Game.why_illegal`.
"""

from __future__ import annotations

import enum
import functools
import operator
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from ..errors import (
    BoardgamesError,
    IllegalMoveError,
    WrongTypeError,
)
from ..geometry import Grid, bits
from ..geometry.grooves import contents_by_bars
from . import declared
from .chance import CHANCE, CHANCE_ORIGIN, HIDDEN, HIDDEN_ORIGIN, Outcomes, draw, not_an_outcome, not_due
from .choices import Choices
from .colours import is_colour, luminance
from .connection import connects
from .connection import evaluation as connection_evaluation
from .coordinates import Coordinates, labels_json
from .counts import Counted, checked_counts, why_not_sown
from .declarations import PIECE, Campaign, Card, Cards, Die, MarkKind, Overlay, PieceKind, Words
from .hands import held_counts
from .history import EMPTY
from .lines import evaluation as lines_evaluation
from .material import evaluation as material_evaluation
from .moves import Move, check_move, format_move, format_sites, parse_move, parse_sites, with_choice
from .notation import AlgebraicNotation, CoordinateNotation, why_drop_refused
from .options import Option, resolve_options
from .parts import (
    NOTHING_YET,
    Parts,
    from_moves,
    random_whole_move,
    walks,
    whole_moves,
)
from .players import (
    MORE_COLOURS,
    MORE_SYMBOLS,
    count_range,
    extended,
    names_for,
    places_from_scores,
    players_option,
    standings_text,
    value_of_place,
)
from .segments import Segment, checked_segments
from .stacks import Stacked, checked_stacks, stacks_json
from .typed import TypedMoves
from .view import DEFAULT_COLOURS, DEFAULT_SYMBOLS, BoardView, beyond_the_board
from .window import drawn_window

T = TypeVar("T")
GameT = TypeVar("GameT", bound="Game[Any]")
StateT = TypeVar("StateT", bound="State")


#: The most digits a seed has (a minus sign aside): seeds run from -(10**20 - 1)
#: to 10**20 - 1, which holds every 64-bit seed. Records, ``--seed``, the web
#: API and the engine protocol all take this range.
SEED_DIGITS = 20


def check_seed(seed: object) -> None:
    """The one rule for seeds, everywhere: a whole number (not a bool) of at
    most :data:`SEED_DIGITS` digits, or None."""
    if seed is None:
        return
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WrongTypeError(f"a seed is a whole number or None, got {seed!r}")
    if not -(10**SEED_DIGITS) < seed < 10**SEED_DIGITS:  # never written out: it may have millions of digits
        raise WrongTypeError(f"a seed is a whole number of at most {SEED_DIGITS} digits, got a longer one")


class Status(str, enum.Enum):
    ONGOING = "ongoing"
    WON = "won"
    DRAWN = "drawn"


@attrs.frozen
class Outcome:
    """How a finished game ended: the winner's player index (None for a draw
    or a first place shared), why, and the squares that decided it (the
    winning line), if any. :attr:`State.winner` gives the winner's name.

    A game of more than two, or with scores, says more: each player's
    ``places`` (1 the best, ties sharing a place), their ``scores`` (shown in
    the result's words) and, where the game pays out otherwise than by places
    (OpenSpiel's returns), its ``returns``. :meth:`ranked` makes all of them
    from the scores."""

    winner_index: int | None
    reason: str
    line: tuple[int, ...] = ()
    places: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    returns: tuple[float, ...] = ()

    @classmethod
    def ranked(
        cls,
        scores: Iterable[float],
        reason: str = "",
        *,
        higher_wins: bool = True,
        returns: Iterable[float] = (),
        line: tuple[int, ...] = (),
    ) -> Outcome:
        """The outcome of a game decided by scores (player index order): equal
        scores share a place; the winner is the one alone in first place."""
        scores = tuple(scores)
        places = places_from_scores(scores, higher_wins)
        firsts = [p for p, place in enumerate(places) if place == 1]
        winner = firsts[0] if len(firsts) == 1 else None
        return cls(winner, reason, line, places, scores, tuple(returns))

    @classmethod
    def placed(cls, places: Iterable[int], reason: str = "", *, returns: Iterable[float] = ()) -> Outcome:
        """The outcome of a game that ranks its players without scores (1 the best)."""
        places = tuple(places)
        firsts = [p for p, place in enumerate(places) if place == 1]
        return cls(firsts[0] if len(firsts) == 1 else None, reason, (), places, (), tuple(returns))

    @property
    def winner(self) -> int | None:
        """Deprecated: :attr:`winner_index` (an index, where ``State.winner`` is a name)."""
        return self.winner_index


def _is_move(move: object) -> bool:
    try:
        check_move(move)
    except WrongTypeError:
        return False
    return True


class _cached(Generic[T]):
    """A cached property without functools' lock (3.11 takes one on every
    first access): computed once, then found in the instance's __dict__.
    States are immutable, so what they derive never changes."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self  # type: ignore[return-value]
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class _LegalMoves:
    """The legal moves, sorted; empty exactly when the game is over.

    Computed once per state, in the descriptor itself (no call to a function
    it wraps): every step of a random game asks it once of a new state, and
    the call saved is a few per cent of a placement game's playout (Hex).
    At a chance node, the moves of the outcomes the game gave last are kept
    with them: a game that gives the same outcomes (its die) gets the same
    tuple of moves, not a new one each roll."""

    last: tuple[Any, tuple[Move, ...]] = (None, ())

    def __get__(self, instance: Any, owner: type | None = None) -> tuple[Move, ...]:
        if instance is None:
            return self  # type: ignore[return-value]
        value: tuple[Move, ...]
        if instance.outcome is not None:
            value = ()
        elif instance.turn == CHANCE:  # a roll, a shuffle: its outcomes, in the game's order
            outcomes = instance.game.chance_outcomes(instance)
            last = self.last  # the same outcomes as last time (a game's one die): the same moves
            if last[0] is outcomes:
                value = last[1]
            else:
                value = tuple([move for move, _ in outcomes])
                if type(outcomes) is tuple:  # a list could change under the same identity
                    self.last = (outcomes, value)  # set at once: another thread reads both or neither
        else:
            value = instance.game.generate_moves(instance)
        instance.__dict__["legal_moves"] = value
        return value


@attrs.frozen(kw_only=True, slots=False)
class State(TypedMoves):
    """A position. Games subclass it with their own board fields.

    ``turn`` and ``Outcome.winner_index`` are indices into ``game.player_names``;
    ``turn`` is :data:`~boardgames.rules.chance.CHANCE` where chance decides.
    """

    game: Game[Any] = attrs.field(repr=False)
    #: The moves so far: a tuple to every reader, and extended in one step by
    #: ``state.history + (move,)`` where it is a :class:`~boardgames.rules.history.History`
    #: (every state played from a game's start; a tuple given by hand stays one).
    history: tuple[Move, ...] = EMPTY  # type: ignore[assignment]
    turn: int = 0
    outcome: Outcome | None = None

    # A state is a value that never changes: a copy is the state itself (as
    # for a tuple). OpenSpiel deep-copies its states' fields at every clone.
    def __copy__(self: StateT) -> StateT:
        return self

    def __deepcopy__(self: StateT, memo: dict[int, Any]) -> StateT:
        return self

    # -- whose turn, and how it ended ----------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_move(self) -> str | None:
        """The name of the player to move (``chance`` where chance decides), or None once the game is over."""
        if self.outcome is not None:
            return None
        return "chance" if self.turn == CHANCE else self.game.player_names[self.turn]

    @property
    def is_chance(self) -> bool:
        """Whether chance decides here (a roll, a shuffle, a draw), not a player."""
        return self.turn == CHANCE and self.outcome is None

    def chance_outcomes(self) -> Outcomes:
        """The outcomes chance may give here with their probabilities; empty where a player moves."""
        return self.game.chance_outcomes(self) if self.is_chance else ()

    def draw_chance(self, rng: random.Random) -> Move:
        """An outcome of this chance position drawn with its probability."""
        return draw(self.game.chance_outcomes(self), rng)

    @property
    def asked(self) -> tuple[int, ...]:
        """The players whose choice is due now (indices): the player to move,
        or several choosing at once (:meth:`Game.asked`); none at chance's turn or once over."""
        if self.outcome is not None or self.turn == CHANCE:
            return ()
        return self.game.asked(self)

    def moves_for(self, player: int) -> tuple[Move, ...]:
        """The legal moves of ``player`` (an index), one of :attr:`asked`: a
        player who chooses at once with the player to move has the moves the
        position gives when its turn comes (what it may choose never depends
        on the others' choices, made at the same moment)."""
        if player == self.turn:
            return self.legal_moves
        if player not in self.asked:
            return ()
        return attrs.evolve(self, turn=player).legal_moves

    @property
    def status(self) -> Status:
        if self.outcome is None:
            return Status.ONGOING
        if self.outcome.winner_index is not None:
            return Status.WON
        places = self.places
        return Status.DRAWN if all(p == 1 for p in places) else Status.WON

    @property
    def winner(self) -> str | None:
        """The one winner's name; None while the game goes on, for a draw and for a first place shared."""
        if self.outcome is None or self.outcome.winner_index is None:
            return None
        return self.game.player_names[self.outcome.winner_index]

    @property
    def places(self) -> tuple[int, ...]:
        """Each player's place once the game is over (1 the best, a tie sharing
        it): what the outcome says, else the winner first and the others
        sharing second, or all first in a draw. Empty while the game goes on."""
        outcome = self.outcome
        if outcome is None:
            return ()
        if outcome.places:
            return outcome.places
        count = len(self.game.player_names)
        if outcome.winner_index is None:
            return (1,) * count
        return tuple(1 if p == outcome.winner_index else 2 for p in range(count))

    def returns(self) -> tuple[float, ...]:
        """What each player gets from the finished game: the outcome's
        returns if the game gives them, else each place's value from 1 (alone
        first) to -1 (alone last), ties sharing (:func:`~boardgames.rules.players.value_of_place`)."""
        if self.outcome is None:
            return ()
        if self.outcome.returns:
            return self.outcome.returns
        places = self.places
        return tuple(value_of_place(places, p) for p in range(len(places)))

    def scaled_returns(self) -> tuple[float, ...]:
        """:meth:`returns` on the one scale agents and review compare: -1 to
        1. Returns of the game's own (scores, points) are mapped from its
        ``returns_range`` (its least to -1, its most to 1); returns within
        -1 to 1 and no range declared are as they are; returns beyond it and
        no range declared (the kit refuses them) each place's value."""
        returns = self.returns()
        if self.outcome is None or not self.outcome.returns:
            return returns
        span = self.game.returns_range
        if span is not None:
            low, high = span
            if high <= low:
                return tuple(0.0 for _ in returns)
            return tuple(max(-1.0, min(1.0, 2.0 * (r - low) / (high - low) - 1.0)) for r in returns)
        if all(-1.0 <= r <= 1.0 for r in returns):
            return returns
        places = self.places
        return tuple(value_of_place(places, p) for p in range(len(places)))

    def result_text(self) -> str:
        outcome = self.outcome
        if outcome is None:
            return f"{self.to_move} to move"
        if outcome.scores or outcome.places and len(outcome.places) > 2:
            return standings_text(self.game.player_names, self.places, outcome.scores, outcome.reason)
        if self.status is Status.DRAWN or outcome.winner_index is None:
            return f"draw: {outcome.reason}"
        return f"{self.winner} wins: {outcome.reason}"

    # -- moves ---------------------------------------------------------------
    legal_moves = _LegalMoves()

    @_cached
    def _legal_set(self) -> frozenset[Move]:
        return frozenset(self.legal_moves)

    def is_legal(self, move: Move) -> bool:
        if self.game.moves_in_parts and "legal_moves" not in self.__dict__ and self.turn != CHANCE:
            # Walk its parts rather than list every move (Amazons: thousands).
            if self.outcome is not None or not _is_move(move):
                return False
            return walks(self.parts, move)
        return move in self._legal_set

    def parts(self, partial: Move = NOTHING_YET) -> Parts:
        """What may follow ``partial``, a move being made (see
        :mod:`boardgames.rules.parts`): the squares of its next part, whether it
        may end there, whether one may pass. Nothing once the game is over."""
        if self.outcome is not None:
            return Parts()
        if self.turn == CHANCE:  # an outcome is no move on the board: no parts to make
            return Parts()
        return self.game.next_parts(self, partial)

    def play(self: StateT, move: Move | str) -> StateT:
        """The state after ``move`` (a Move or its text); raises if it is not legal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not (self.is_legal(move) if self.game.moves_in_parts else move in self.legal_moves):
            check_move(move, accepted="a boardgames.Move or its text")
            if self.turn == CHANCE or move.origin == CHANCE_ORIGIN:
                raise IllegalMoveError(self._chance_message(move))
            if not self.game.on_board(move):
                raise IllegalMoveError(f"illegal move {move!r} in {self.describe()}: off the board")
            raise IllegalMoveError(self._illegal_message(self.format_move(move), move))
        return self.game.apply(self, move)

    def play_unchecked(self: StateT, move: Move) -> StateT:
        """The state after a move known to be legal (agents' fast path)."""
        return self.game.apply(self, move)

    def format_move(self, move: Move) -> str:
        """``move`` as the game writes it: in its own notation where it has one
        and ``move`` is legal here (this is the position it is played from)."""
        if move.origin < -1:  # a chance outcome, or a move its viewer did not see
            return "?" if move.origin == HIDDEN_ORIGIN else self.game.format_outcome(move)
        game = self.game
        if game.own_notation and self.outcome is None and self.turn != CHANCE and self.is_legal(move):
            return game.write_notation(self, move)
        return game.format_move(move)

    def written_history(self) -> tuple[str, ...]:
        """The moves so far as the game writes them, each in the position it
        was played from (a game's own notation: chess' SAN needs the position)."""
        return written_history(self)

    def _chance_message(self, move: Move) -> str:
        shown = self.format_move(move) if move.origin == CHANCE_ORIGIN and move.to >= 0 else repr(move)
        if self.turn != CHANCE:
            return not_due(shown, self.describe(), self.to_move)
        return not_an_outcome(shown, self.describe(), [self.format_move(m) for m in self.legal_moves])

    def describe(self) -> str:
        """A short name of this position for messages: the game and the moves so far."""
        if not self.history:
            if self.key == self.game.start().key:
                return f"{self.game.name} at the start"
            return f"{self.game.name} in a position set up by hand ({self.to_move or 'no one'} to move)"
        if self.game.hidden_information and self.outcome is None:  # the moves may be some player's secret
            return f"{self.game.name} after {len(self.history)} moves"
        moves = " ".join(self.written_history())
        return f"{self.game.name} after {moves}"

    # -- the board -----------------------------------------------------------
    def owners(self) -> dict[int, int]:
        """Occupied squares mapped to their owner's player index, in square order."""
        return self.game.owners(self)

    def in_hand(self) -> tuple[int, ...]:
        """Pieces each player (index order) still has to place; empty if the game has no reserve."""
        return ()

    def changed_by_last_move(self) -> int:
        """The squares the last move flipped or took, as a mask."""
        return 0

    def board_key(self) -> Hashable:
        """The pieces and the player to move: what identifies most positions."""
        return (tuple(sorted(self.owners().items())), self.turn)

    def pieces(self) -> dict[str, str]:
        """Squares holding a player's piece by name, mapped to their owner's name, in square order."""
        names, players = self.game.site_names(), self.game.player_names
        return {names[sq]: players[p] for sq, p in sorted(self.owners().items())}

    def contents(self) -> dict[str, dict[str, str | None]]:
        """Every occupied square by name, in square order, mapped to its
        piece's ``owner`` (a player's name, or None for a neutral piece) and
        ``kind`` (a name the game declares). On a grooved board (``Grid.grooved``) a bar lying on a
        crossing and the edge either side is one entry, named as players name it (``c3h``), with the
        ``sites`` it lies on."""
        game = self.game
        names, players = game.site_names(), game.player_names
        kinds = game.kinds(self)
        out: dict[int, dict[str, str | None]] = {}
        for sq, p in self.owners().items():
            piece = game.piece_kinds[kinds.get(sq, 0)]
            out[sq] = {"owner": players[p], "kind": piece.name}
            if piece.face:  # what is written on it (歩), where declared
                out[sq]["face"] = piece.face_of(p)
        for sq, kind in game.neutral(self).items():
            out[sq] = {"owner": None, "kind": game.neutral_kinds[kind].name}
        if game.grid.grooves:  # a wall on three sites said once, as players name it (c3h): geometry.grooves
            return contents_by_bars(game.grid, out)
        return {names[sq]: out[sq] for sq in sorted(out)}

    def view(self) -> BoardView:
        return self.game.view(self)

    # -- what each player sees -----------------------------------------------
    def seen_by(self, player: int | None) -> State:
        """The position as ``player`` (an index; None: a spectator) sees it:
        :meth:`Game.hide`'s state, its history the moves as the player saw
        them (:data:`~boardgames.rules.chance.HIDDEN` for those it did not).
        Every front end shows a seat this; an agent gets only this. Once the
        game is over, everyone sees the whole of it."""
        game = self.game
        if not game.hidden_information or self.outcome is not None:
            return self
        view = game.hide(self, player)
        return attrs.evolve(view, history=self.seen_history(player))

    def seen_history(self, player: int | None) -> tuple[Move, ...]:
        """The moves so far as ``player`` saw them (see :meth:`seen_by`)."""
        game = self.game
        if not game.hidden_information or self.outcome is not None:
            return self.history
        history = tuple(self.history)
        # Each game's last answer for each player is kept, with the position it reached: a
        # match asks after every move, and replaying the whole game each time made a game
        # of n moves cost n * n / 2 of them (most of a random 4-player Donnant game's time).
        last = _SEEN.get((id(game), player))
        if last is not None and last[3] is game and len(last[0]) <= len(history) and history[: len(last[0])] == last[0]:
            moves, position, out = last[0], last[1], list(last[2])
        else:
            position = game.start()
            if position.history != history[: len(position.history)]:  # set up by hand: no earlier positions
                return tuple(HIDDEN for _ in history)
            moves, out = position.history, list(position.history)
        for move in history[len(moves) :]:
            shown = game.seen(position, move, player)
            out.append(HIDDEN if shown is None else shown)
            position = position.play_unchecked(move)
        seen = tuple(out)
        if len(_SEEN) >= 256:
            _SEEN.clear()
        _SEEN[id(game), player] = (history, position, seen, game)  # one assignment: a thread reads the old or the new
        return seen

    # -- for agents ----------------------------------------------------------
    @_cached
    def key(self) -> Hashable:
        """A hashable key of the position (transposition tables, repetition)."""
        return self.game.position_key(self)

    def winning_moves(self) -> tuple[Move, ...]:
        """The legal moves that win at once."""
        wins = self.game.wins_at_once
        return tuple(m for m in self.legal_moves if wins(self, m))

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player`` (an index), from -1 to 1;
        exact (-1, 0 or 1) once the game is over."""
        outcome = self.outcome
        if outcome is not None:
            if not outcome.places and not outcome.returns:
                return 0.0 if outcome.winner_index is None else (1.0 if outcome.winner_index == player else -1.0)
            return value_of_place(self.places, player)
        return self.game.evaluate(self, player)

    def playout(self, rng: random.Random, policy: str = "random") -> int | None:
        """Play the game out (``policy``: ``random``, or ``heuristic`` where the
        game has one) and return the winner's index, or None for a draw.
        Games may give a fast path; the result is the same kind either way."""
        if self.outcome is not None:
            return self.outcome.winner_index
        return self.game.playout(self, rng, policy)

    # -- JSON ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The position as a JSON-ready dict: the ``show --json`` contract.

        ``game``, ``options``, ``seed`` and ``history`` define the position;
        the rest describes it for readers and is checked when read back.
        """
        game = self.game
        names, overlays = game.site_names(), game.overlay_kinds  # the grid's, or a table's sites in its words
        players = game.player_names
        # What the game shows beside the board, read from this state alone: a player's view
        # (state.seen_by(p)) gives that player's, and nothing hidden is added here.
        table = beyond_the_board(game, self)
        running = dict(zip(players, table["scores"], strict=False)) if table["scores"] else None
        final = self.outcome.scores if self.outcome is not None else ()

        def owner(index: int | None) -> str | None:
            return None if index is None else players[index] if 0 <= index < len(players) else f"player {index + 1}"

        beside = {
            "dice": [
                {"value": d.value, "faces": d.faces, "kept": d.kept, "owner": owner(d.owner), "colour": d.colour,
                 "name": d.name, **({"site": names[d.site]} if 0 <= d.site < len(names) else {})}
                for d in table["dice"]
            ],
            "hands": {players[p]: [_card_json(c, names) for c in hand] for p, hand in enumerate(table["hands"])},
            "market": [
                {"name": row.name, "owner": owner(row.owner), "cards": [_card_json(c, names) for c in row.cards],
                 "columns": row.columns}
                for row in table["market"]
            ],
        }  # fmt: skip
        return {
            "game": game.name,
            "options": dict(game.options),
            "seed": game.seed,
            "players": list(game.turn_order),
            "to_move": self.to_move,
            "status": self.status.value,
            "winner": self.winner,
            "result": None if self.outcome is None else self.result_text(),
            # Who chooses now (several at once where the game asks so); "chance" where chance decides.
            "asked": ["chance"] if self.is_chance else [game.player_names[p] for p in self.asked],
            "places": dict(zip(game.player_names, self.places, strict=True)) if self.outcome is not None else None,
            # The outcome's scores once over, else the running scores the game shows (None: none).
            "scores": dict(zip(players, final, strict=True)) if final else running,
            # Dice, hands and cards on the table, where the game has them (Game.dice, hands, market).
            **{key: value for key, value in beside.items() if _declares(game, key)},
            "pieces": self.pieces(),
            "contents": self.contents(),
            # The labels the board's files and ranks are drawn with, where the game declares its own.
            **({"coordinates": labels_json(game.grid, game.board_labels)} if game.board_labels is not None else {}),
            # How many pieces lie on each counted site (Game.counts), where the game counts them.
            **({"counts": held_counts(game, self, names, owner)} if game.counted is not None else {}),
            # The lines drawn between points (Game.segments), where the game draws them.
            **({"segments": [{"from": names[a], "to": names[b], "owner": owner(who)}
                             for a, b, who in checked_segments(game, self)]} if game.segment is not None else {}),
            # The pieces piled on each site holding more than one, bottom to top (Game.stacks).
            **({"stacks": stacks_json(game, self, names, owner)} if game.stacked is not None else {}),
            # What the board shows beside its pieces (a throne, a player's territory), by square.
            "marks": {names[sq]: name for sq, name in sorted(game.marks(self).items())},
            "overlays": {
                names[sq]: overlays[i].name for sq, i in sorted(game.overlays(self).items()) if 0 <= i < len(overlays)
            },
            # A game whose moves are made in parts lists only their first parts.
            "legal_moves": None if game.moves_in_parts else [self.format_move(m) for m in self.legal_moves],
            # Where chance decides, no square starts a move (its outcomes are no squares).
            "parts": (Parts() if self.is_chance else self.parts()).to_json(names),
            "history": list(self.written_history()),
            # What the game flags about the position (Game.state_flag: a king in check), where it flags anything.
            **(
                {"flag": flagged[0] if (flagged := game.state_flag(self)) else None}
                if _declares(game, "state_flag")
                else {}
            ),
        }


def _site(site: int, names: Sequence[str]) -> str | None:
    """A site by the grid's name for it, None for none."""
    return names[site] if 0 <= site < len(names) else None


def _card_json(card: str | Card | None, names: Sequence[str]) -> str | dict[str, Any] | None:
    """A card of ``Game.market`` in JSON: its text (None face down, ``""`` an
    empty place), or a :class:`Card` as an object, its sites by name."""
    if not isinstance(card, Card):
        return card
    if card.face_down:  # what anyone sees of it: what is written in its boxes (beyond_the_board kept no more)
        written = [{"written": b.written, "site": _site(b.site, names)} for b in card.boxes]
        return {"face_down": True, "boxes": written, "site": _site(card.site, names)}
    boxes = [
        {"demand": b.demand, "colour": b.colour, "written": b.written, "site": _site(b.site, names)} for b in card.boxes
    ]
    return {
        "text": card.text, "colour": card.colour, "colour_name": card.colour_name, "boxes": boxes,
        "between": list(card.between), "ticks": list(card.ticks), "done": card.done, "price": card.price,
        "site": _site(card.site, names),
    }  # fmt: skip


#: Moves written in a game's own notation, per (game, history): the game, the texts and the position reached.
_WRITTEN: dict[tuple[Any, Any], tuple[Any, tuple[str, ...], Any]] = {}


def written_history(state: State) -> tuple[str, ...]:
    """See :meth:`State.written_history`: each move written in the position
    before it, replayed from the start once and then extended a move at a time."""
    game, history = state.game, state.history
    # A hidden game's moves are replayed too (dark chess' SAN needs the position), unless some are a
    # viewer's "?": then each is written alone, a move the viewer saw in the game's default notation.
    unseen = game.hidden_information and any(m.origin == HIDDEN_ORIGIN for m in history)
    if not game.own_notation or unseen or not history or game.start().history:
        return tuple(state.format_move(m) for m in history)
    found = _WRITTEN.get((game, history))  # the same game: equal (its name and options), a record's own copy too
    if found is not None:
        return found[1]
    before = _WRITTEN.get((game, history[:-1]))
    texts, at, rest = ((), game.start(), tuple(history)) if before is None else (before[1], before[2], (history[-1],))
    for move in rest:
        if not at.is_legal(move):  # not a game from its start (a position set up by hand): the default notation
            return tuple(game.format_move(m) for m in history)
        # A chance outcome (a roll) is written as chance's, not in the players' notation.
        texts += (game.format_outcome(move) if move.origin < -1 else game.write_notation(at, move),)
        at = at.play_unchecked(move)
    if len(_WRITTEN) >= 4096:
        _WRITTEN.clear()
    _WRITTEN[(game, history)] = (game, texts, at)
    return texts


def _declares(game: Game[Any], method: str) -> bool:
    """Whether ``game`` writes its own ``method`` (``dice``, ``hands``, ``market``), not the Game default's."""
    return getattr(type(game), method) is not getattr(Game, method)


#: The last :meth:`State.seen_history` worked out per (game, player): the moves, the position
#: they reach, the moves as seen, and the game (checked: an id may be reused).
_SEEN: dict[tuple[int, int | None], tuple[tuple[Move, ...], Any, tuple[Move, ...], Any]] = {}


@functools.cache
def _key_fields(cls: type[State]) -> Callable[[State], tuple[Any, ...]]:
    """The getter of a state class's key fields (:meth:`Game.position_key`), made once per class."""
    names = [f.name for f in attrs.fields(cls) if f.name not in ("game", "history") and f.metadata.get("key", True)]
    get = operator.attrgetter(*names)
    return get if len(names) > 1 else lambda state: (get(state),)


class Game(Generic[StateT]):
    """A rule plugin. Subclass it, set the class attributes, implement the rules.

    Instances are configured: ``Donuts.configure({"first": "vanilla"}, seed=3)``.
    """

    #: The name used on the command line and in records (lowercase, no spaces).
    name: ClassVar[str]
    #: The name shown to people.
    title: ClassVar[str]
    #: One line for ``boardgames list``.
    summary: ClassVar[str] = ""
    #: The players, in their default turn order. A game for a varying number
    #: names as many as it likes: a configured game has one name for each of
    #: its players, the missing ones made up (``fifth``…). Declared on the
    #: class; a game configured for another number sets its own (so do
    #: :attr:`colours` and :attr:`symbols`): not ClassVars for that.
    player_names: tuple[str, ...]
    #: How many play: a number, or ``(fewest, most)``, chosen by the option
    #: ``players`` (added by itself unless the game declares one). By default
    #: as many as :attr:`player_names`. A class attribute ``players = 3`` says
    #: the same.
    player_count: ClassVar[int | tuple[int, int]]
    #: The word a chance outcome is written with: ``roll:3`` (:meth:`format_outcome`).
    chance_word: ClassVar[str] = "roll"
    #: The other words :meth:`format_outcome` writes, for a game with more
    #: than one kind of chance (a roll and a deal: ``deal:7``): each is read
    #: back where it is due and refused, saying so, where a player moves.
    chance_words: ClassVar[tuple[str, ...]] = ()
    #: Whether the renderers draw the grid as a board. False for a game whose
    #: grid only numbers its sites (dice, cards, the boxes on them: a dice and
    #: card game): its picture is then what :meth:`dice`, :meth:`market` and
    #: the rest show, each item a site names clickable.
    board_drawn: ClassVar[bool] = True
    #: Whether chance decides some positions (:meth:`chance_outcomes`): set by
    #: itself when a game writes that method.
    has_chance: ClassVar[bool] = False
    #: The least and the most a player's return can be, where the game pays
    #: returns of its own (``Outcome.returns``: scores, points): what OpenSpiel
    #: is told (its utility range). None: a place's value, -1 to 1, or what
    #: random games show. ``setup`` may set it from the options.
    returns_range: tuple[float, float] | None = None
    #: Whether some of a position is hidden from some players (:meth:`hide`):
    #: set by itself when a game writes that method.
    hidden_information: ClassVar[bool] = False
    #: The options, in the order they are shown.
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: The rules as the project plays them, for ``boardgames rules``.
    rules_text: ClassVar[str] = ""
    #: Each player's colour (``#rrggbb``) and Unicode symbol, for the renderers.
    colours: tuple[str, ...] = DEFAULT_COLOURS
    symbols: tuple[str, ...] = DEFAULT_SYMBOLS
    #: What the game's board holds and shows (:mod:`boardgames.rules.declarations`):
    #: the kinds of the players' pieces (the first is the usual one), the
    #: neutral pieces, the marks on squares, the overlays; and its words.
    piece_kinds: ClassVar[tuple[PieceKind, ...]] = (PIECE,)
    neutral_kinds: ClassVar[tuple[PieceKind, ...]] = ()
    mark_kinds: ClassVar[tuple[MarkKind, ...]] = ()
    overlay_kinds: ClassVar[tuple[Overlay, ...]] = ()
    #: The labels of the board's files and ranks, where players read others than the grid's
    #: (:mod:`boardgames.rules.coordinates`: shogi's 9 to 1 and a to i), or None.
    board_labels: ClassVar[Coordinates | None] = None
    #: The players whose pieces are drawn turned half round, their faces upside down (a shogi set's
    #: second player), or None: a pentagon's owner other than the first (``boardgames.rendering.faces``).
    turned_players: ClassVar[tuple[int, ...] | None] = None
    #: What the game counts on its sites (seeds in pits), or None: see :meth:`counts`.
    counted: ClassVar[Counted | None] = None
    #: Whether a move naming one site takes the pieces counted there (sows a pit) rather than places one.
    sowing: ClassVar[bool] = False
    #: What the game draws between points (TwixT's links), or None: see :meth:`segments`.
    segment: ClassVar[Segment | None] = None
    #: What the game's piles of pieces are (a Hive beetle on others), or None: see :meth:`stacks`.
    stacked: ClassVar[Stacked | None] = None
    words: ClassVar[Words] = Words()
    #: A campaign of solo levels played in turn, points carried between them
    #: (:class:`~boardgames.rules.declarations.Campaign`; Donnant Donnant's
    #: DD15); ``boardgames play GAME --campaign`` runs it. None: no campaign.
    campaign: ClassVar[Campaign | None] = None
    #: The board's sides that belong to a player (a connection game's goals),
    #: as side (``south`` = rank 1, ``north``, ``west`` = file a, ``east``; a
    #: hexagon's ``southwest`` and ``northeast`` too: :meth:`Grid.edge`) to
    #: player index: the renderers draw them in the player's colour.
    edges: ClassVar[Mapping[str, int]] = {}
    #: Whether the board's square cells alternate dark and light, a1 dark, as
    #: a draughts or chess board does: the picture draws them so.
    checkered: ClassVar[bool] = False
    #: Optional: the board's square cells drawn in blocks of this many (files, ranks), the blocks'
    #: borders heavier: Pentago's quarters (3, 3), ultimate tic-tac-toe's local boards, a sudoku's boxes.
    blocks: ClassVar[tuple[int, int] | None] = None
    #: Optional, for a board with no fixed edge (Hive's): only the sites within this many steps of a
    #: taken site are drawn (the legal moves' and the last move's too; the middle cell's ring while
    #: nothing is taken), the picture, text and words cropped to them (:mod:`boardgames.rules.window`).
    #: The JSON and the observations keep the whole board. None: the whole board is drawn.
    drawn_within: ClassVar[int | None] = None
    #: Whether :attr:`edges` give each player two opposite sides to join: a
    #: connection game, which has an evaluation from that alone. Worked out
    #: from the declaration.
    connects: ClassVar[bool] = False
    #: Optional, for two players: the length of an unbroken line of one's pieces that wins (Gomoku 5,
    #: Connect Four 4). The game then has an evaluation from that alone (:mod:`boardgames.rules.lines`:
    #: each player's lines still open), so its agents search by it; the rules stay the game's own.
    in_a_row: ClassVar[int] = 0
    #: Optional, for two players: whether having more wins (men left, seeds captured): each player's
    #: pieces on the board, in hand and counted on their sites. The game then has an evaluation from that
    #: alone (:mod:`boardgames.rules.material`: the balance of the two), so its agents search by it.
    material: ClassVar[bool] = False
    #: The most moves a game can last (the kit checks that games end by then).
    max_length: int = 100_000
    #: Optional: a hand-written loop playing random games of this game, as
    #: ``loop(seconds, seed) -> games a second``: the reference that ``bench``
    #: reports the framework's speed against.
    reference_loop: ClassVar[Callable[[float, int], float] | None] = None
    #: Agents search to the very end (:mod:`boardgames.agents.solver`) once
    #: :meth:`endgame_size` is at most this; 0: never. The solver's table
    #: trusts :meth:`position_key` to tell apart positions whose futures differ.
    solve_at: ClassVar[int] = 0
    #: Optional: agent specs for the difficulty levels 1 (beginner) to 6
    #: (strongest), measured with ``arena`` so that each beats the one below in
    #: about 75% of games; empty: the generic ladder of :mod:`boardgames.play.levels`.
    levels: ClassVar[tuple[str, ...]] = ()
    #: Whether :meth:`wins_at_once` answers faster than playing the move. Set
    #: by itself when a game overrides ``wins_at_once``; agents look for wins
    #: at once at every node and playout step only where this is true.
    quick_wins_test: ClassVar[bool] = False
    #: Whether the game's moves are made in parts it answers itself
    #: (:meth:`next_parts`), without listing whole moves. Set by itself when a
    #: game overrides ``next_parts``; agents and front ends then go part by part.
    moves_in_parts: ClassVar[bool] = False
    #: The most actions a move takes (its origin, destination and marks, and
    #: ``end`` where a move may stop short of more marks), where the game
    #: knows it: action encodings then know a game's exact length (the kit checks it).
    parts_per_move: ClassVar[int | None] = None
    #: Whether the game says itself why a move is illegal (:meth:`why_illegal`):
    #: set by itself when a game overrides it.
    explains_illegal: ClassVar[bool] = False
    #: The choices a move may carry that are not squares (a promotion's piece), or None: see
    #: :mod:`boardgames.rules.choices`.
    move_choices: ClassVar[Choices | None] = None
    #: The notation the game writes and reads its moves in, declared rather than written:
    #: :class:`~boardgames.rules.notation.AlgebraicNotation` (chess' SAN) or
    #: :class:`~boardgames.rules.notation.CoordinateNotation` (``e2e4``, USI's ``7g7f``); None by default.
    move_notation: ClassVar[AlgebraicNotation | CoordinateNotation | None] = None
    #: Whether the game writes its moves its own way (:meth:`write_notation`, chess' SAN): set for you.
    own_notation: ClassVar[bool] = False
    #: Whether the game has an :meth:`evaluate` of its own. Set by itself when
    #: a game overrides it; ``mcts`` then values new nodes by it (no playout).
    has_evaluation: ClassVar[bool] = False
    # Set by __init_subclass__ on the classes it makes them for (read with getattr, so a
    # class without them has none): the ``players`` option it added for the class's
    # count, and whether the light and dark symbols were made by itself.
    _players_option_made: ClassVar[Option]
    _symbols_made: ClassVar[bool]

    grid: Grid

    def __init__(self, options: Mapping[str, Any], seed: int | None = None) -> None:
        """Use :meth:`configure`; this takes option values already resolved."""
        self.options: Mapping[str, Any] = dict(options)
        self.seed = seed
        cls = type(self)
        fewest, most = cls._count_range()
        count = self.options.get("players", fewest) if fewest != most else fewest
        if count != len(cls.player_names) or len(cls.colours) < count or len(cls.symbols) < count:
            # Names, colours and symbols for this many (the declared ones first).
            self.player_names = names_for(count, cls.player_names)
            self.colours = extended(cls.colours, DEFAULT_COLOURS, MORE_COLOURS, count)
            self.symbols = extended(cls.symbols, DEFAULT_SYMBOLS, MORE_SYMBOLS, count)
        try:
            self.setup()
        except AttributeError as error:  # setup assigning a property of the framework's (self.players = ...)
            problem = declared.reserved(cls, Game, error)
            if problem is None:
                raise
            raise problem from None
        declared.check(self, Game, configured=True)  # what setup set may not shadow a declaration

    @classmethod
    def configure(
        cls: type[GameT],
        options: Mapping[str, object] | None = None,
        *,
        seed: int | None = None,
    ) -> GameT:
        """The game with its options settled: those given are checked and
        converted, the others take their default, random ones drawn from
        ``random.Random(seed)``."""
        if options is not None and not isinstance(options, Mapping):
            raise WrongTypeError(f"{cls.name}: options are a mapping of names to values, got {options!r}")
        check_seed(seed)
        rng = random.Random(seed)
        values = resolve_options(cls.name, cls.option_specs, options or {}, rng)
        cls.check_options(values)
        return cls(values, seed)

    @classmethod
    def _count_range(cls) -> tuple[int, int]:
        found = count_range(cls.__dict__.get("player_count", getattr(cls, "player_count", None)))
        if found is None:
            return len(cls.player_names), len(cls.player_names)
        return found

    @classmethod
    def count_of_players(cls) -> tuple[int, int]:
        """``(fewest, most)`` players the game takes (the same twice for a fixed number)."""
        return cls._count_range()

    @property
    def number_of_players(self) -> int:
        """How many play this configured game."""
        return len(self.player_names)

    @classmethod
    def check_options(cls, values: Mapping[str, Any]) -> None:
        """Check the options together (each one alone is already valid); raise
        InvalidOptionError saying what does not fit."""

    def start(self) -> StateT:
        return self.initial_state()

    def setup(self) -> None:
        """Build what depends on the options (the grid, tables); set ``self.grid``."""

    # -- identity: two games are equal when they have the same rules --------
    def _key(self) -> tuple[object, ...]:
        return (type(self), tuple(sorted(self.options.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"

    @property
    def turn_order(self) -> tuple[str, ...]:
        """The players in turn order (the first one moves first); a game whose
        options change who starts overrides it. ``player_names`` is the fixed
        order that player indices (``State.turn``, colours) refer to."""
        return self.player_names

    @property
    def players(self) -> tuple[str, ...]:
        """Deprecated: :attr:`turn_order`."""
        return self.turn_order

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        # ``players = 3`` or ``players = (2, 6)``: how many play, as ``player_count`` says it.
        if "players" in own and count_range(own["players"]) is not None and "player_count" not in own:
            cls.player_count = own["players"]
            delattr(cls, "players")
        counts = count_range(getattr(cls, "player_count", None))
        made = getattr(cls, "_players_option_made", None)  # a parent's, made for its own count
        specs = tuple(o for o in cls.option_specs if o is not made)
        if counts is not None and counts[0] != counts[1] and not any(o.name == "players" for o in specs):
            cls._players_option_made = players_option(*counts)
            cls.option_specs = (*specs, cls._players_option_made)
        elif made is not None and "option_specs" not in own:
            cls.option_specs = specs
        if "chance_outcomes" in own and "has_chance" not in own:
            cls.has_chance = True
        if "hide" in own and "hidden_information" not in own:
            cls.hidden_information = True
        if "symbols" not in own and getattr(cls, "_symbols_made", False):
            cls.symbols = DEFAULT_SYMBOLS  # a parent's light and dark symbols were made for its own two players
            cls._symbols_made = False
        # A plugin written against 0.1 overrode ``players``: it is the turn order.
        if "players" in cls.__dict__ and "turn_order" not in cls.__dict__:
            setattr(cls, "turn_order", cls.__dict__["players"])  # noqa: B010 (a property, set on the class)
        if "wins_at_once" in cls.__dict__ and "quick_wins_test" not in cls.__dict__:
            cls.quick_wins_test = True
        if "evaluate" in cls.__dict__ and "has_evaluation" not in cls.__dict__:
            cls.has_evaluation = True
        # A connection game knows its evaluation from its edges (boardgames.rules.connection).
        cls.connects = connects(cls.edges)
        if (cls.connects or cls.in_a_row or cls.material) and "has_evaluation" not in cls.__dict__:
            cls.has_evaluation = True
        if "why_illegal" in cls.__dict__:
            cls.explains_illegal = True
        if "write_notation" in cls.__dict__ or cls.__dict__.get("move_notation") is not None:
            cls.own_notation = True
        if "next_parts" in cls.__dict__ and "moves_in_parts" not in cls.__dict__:
            cls.moves_in_parts = True
        # Two players, one light and one dark, and no symbols: the light side's pieces hollow (○), the
        # dark side's filled (●), as a diagram draws white and black whichever moves first.
        colours = cls.colours
        if cls.symbols is DEFAULT_SYMBOLS and len(cls.player_names) == 2 and len(colours) >= 2:
            if all(is_colour(c) for c in colours[:2]):
                light = [luminance(c) for c in colours[:2]]
                if abs(light[0] - light[1]) > 0.5:
                    cls.symbols = ("○", "●") if light[0] > light[1] else ("●", "○")
                    cls._symbols_made = True

    # -- the rules: a game implements these ----------------------------------
    def initial_state(self) -> StateT:
        raise NotImplementedError

    def generate_moves(self, state: StateT) -> tuple[Move, ...]:
        """The legal moves of an ongoing state, sorted, without duplicates.
        A game that writes :meth:`next_parts` instead gets them by walking
        its parts (only where someone asks for the whole list)."""
        if self.moves_in_parts:
            return whole_moves(lambda partial: self.next_parts(state, partial))
        raise NotImplementedError

    def next_parts(self, state: StateT, partial: Move) -> Parts:
        """What may follow ``partial`` in an ongoing state: a game whose whole
        moves are too many to list (a piece's step, then a shot) writes this
        instead of :meth:`generate_moves`. By default, from the legal moves."""
        return from_moves(state.legal_moves, partial)

    def apply(self, state: StateT, move: Move) -> StateT:
        """The state after a legal move, with its outcome settled (a chance
        outcome too, where chance decided)."""
        raise NotImplementedError

    # -- chance, choices at once, hidden information: a game writes what it has --
    def chance_outcomes(self, state: StateT) -> Outcomes:
        """Where chance decides (``state.turn == CHANCE``): each outcome
        (:func:`~boardgames.rules.chance.outcome`) with its probability, as
        ``uniform(range(1, 7))`` for a die. Writing this sets :attr:`has_chance`."""
        raise NotImplementedError(f"{self.name} sets a chance turn but does not say its outcomes")

    def format_outcome(self, move: Move) -> str:
        """A chance outcome's text: ``roll:3`` (:attr:`chance_word`)."""
        return f"{self.chance_word}:{move.to}"

    def asked(self, state: StateT) -> tuple[int, ...]:
        """The players whose choice is due in an ongoing ``state``: the player
        to move, or several at once. Choices at once are written as choices
        in turn, from ``state.turn`` on, each hidden from the others
        (:meth:`seen`) until all are in: front ends take them in any order,
        and what one may choose never depends on another's choice."""
        return (state.turn,)

    def hide(self, state: StateT, player: int | None) -> StateT:
        """The position as ``player`` (an index; None: a spectator) sees it:
        a state of the same class where what that player may not see is
        replaced by what stands for "unknown" (the other hands emptied, a
        deck left in a fixed order, its size kept). The moves it may make
        there are the same. Writing this sets :attr:`hidden_information`."""
        return state

    def seen(self, state: StateT, move: Move, player: int | None) -> Move | None:
        """What ``player`` sees of ``move`` played in ``state``: the move
        (the default), a move with what is hidden left out, or None (nothing,
        shown as ``?``)."""
        return move

    def sample(self, view: StateT, player: int, rng: random.Random) -> StateT:
        """A whole position consistent with ``view`` (``player``'s view, from
        :meth:`hide`), drawn from ``rng`` as likely as the player can tell:
        how agents search a game they cannot see whole (information-set MCTS).
        A game with hidden information writes it; the kit checks that what it
        draws looks to the player exactly like ``view``."""
        if not self.hidden_information:
            return view
        raise NotImplementedError(f"{self.name} hides information but cannot draw a position consistent with a view")

    def owners(self, state: StateT) -> dict[int, int]:
        """Occupied squares mapped to the owner's player index. A
        :class:`~boardgames.rules.bitboard.BitboardState` answers this itself; a game
        with another kind of state implements it."""
        raise NotImplementedError(f"{type(self).__name__} must implement owners() for {type(state).__name__}")

    def kinds(self, state: StateT) -> dict[int, int]:
        """Squares holding a player's piece of another kind than the first,
        mapped to the kind's index in :attr:`piece_kinds` (none by default)."""
        return {}

    def neutral(self, state: StateT) -> dict[int, int]:
        """Squares holding a neutral piece (an arrow, a wall), mapped to its
        index in :attr:`neutral_kinds` (none by default)."""
        return {}

    def marks(self, state: StateT) -> dict[int, str]:
        """Squares carrying a mark, mapped to the mark's name (one of
        :attr:`mark_kinds`): a board's features, such as the Donuts lines."""
        return {}

    def overlays(self, state: StateT) -> dict[int, int]:
        """Squares under an overlay (a player's territory, a dead stone),
        mapped to its index in :attr:`overlay_kinds` (none by default)."""
        return {}

    def counts(self, state: StateT) -> dict[int, tuple[int, int | None]]:
        """Where the game declares :attr:`counted`: each site holding a
        number of pieces (a pit, a store), mapped to ``(n, owner)``, the
        owner a player's index or None (:mod:`boardgames.rules.counts`).
        Every site listed is drawn with its number, 0 included. None by default."""
        return {}

    def segments(self, state: StateT) -> Iterable[tuple[int, int, int | None]]:
        """Where the game declares :attr:`segment`: each line ``state`` holds
        between two points, ``(site_a, site_b, owner)``, the owner a player's
        index or None (:mod:`boardgames.rules.segments`). None by default."""
        return ()

    def stacks(self, state: StateT) -> dict[int, tuple[tuple[int, int], ...]]:
        """Where the game declares :attr:`stacked`: each site holding two
        pieces or more, mapped to them bottom to top, each ``(owner, kind
        index)``; the top one is the site's piece in :meth:`owners` and
        :meth:`kinds` (:mod:`boardgames.rules.stacks`). None by default."""
        return {}

    # -- beyond the board: dice, cards and scores, drawn below it (a game writes what it has) --
    def dice(self, state: StateT) -> tuple[Die, ...]:
        """The dice ``state`` shows, each a :class:`~boardgames.rules.declarations.Die`
        (its value, faces, whether it is kept, its owner and colour); none by default."""
        return ()

    def hands(self, state: StateT) -> tuple[tuple[str | Card | None, ...], ...]:
        """Each player's hand in ``state`` (player index order): each card's
        text, as the game names it, or a :class:`~boardgames.rules.declarations.Card`
        (drawn as the market's are: its colour, boxes, what is written), or
        None for a card face down; a ``Card(..., face_down=True)`` for one
        face down whose written boxes everyone saw (only they are shown).
        Written from the state given: in a player's view (:meth:`hide`) the
        others' cards are unknown, and shown face down. None by default."""
        return ()

    def market(self, state: StateT) -> tuple[Cards, ...]:
        """The cards laid out on the table in ``state``: market rows, piles
        (face down, their count shown), each player's tableau, each a
        :class:`~boardgames.rules.declarations.Cards`; none by default."""
        return ()

    def scores(self, state: StateT) -> tuple[float, ...]:
        """Each player's running score in ``state`` (player index order), shown
        beside the board and in the JSON; none by default (the outcome's scores
        are shown once the game is over)."""
        return ()

    def site_name(self, site: int) -> str:
        """The name people read for ``site`` where the grid is no board
        (:attr:`board_drawn` False): the game's own word for it (``yellow``,
        ``score2``, ``c3.1``), in the JSON (``show --json``: a die's, a box's
        ``site``; the parts of a move), the terminal's questions and the
        page's words. By default the site's number (``"7"``; the page and
        the words then name it by what is drawn there). A drawn board's
        squares keep the grid's names (``c3``)."""
        return self.grid.name(site) if self.board_drawn else str(site)

    def site_names(self) -> tuple[str, ...]:
        """Every site's name (:meth:`site_name`), by site: the grid's names
        for a drawn board."""
        if self.board_drawn:
            return self.grid.names
        known = self.__dict__.get("_site_names")
        if known is None or len(known) != self.grid.size:  # worked out once a configured game
            known = self.__dict__["_site_names"] = tuple(self.site_name(site) for site in range(self.grid.size))
        return known

    def progress(self, state: StateT) -> str:
        """Where the game stands, in words, shown under the board beside whose
        turn it is: a solo game's level, the points it needs and the turns
        played and left (``level 3: 82 points to reach; 4 of 13 turns
        played, 9 left``); empty by default."""
        return ""

    def pieces_each(self) -> int | None:
        """How many pieces each player places in all, if the game has a reserve."""
        return None

    def why_illegal(self, state: StateT, move: Move) -> str:
        """Why ``move`` is not legal in ``state`` (an ongoing one), for messages.
        The default reads the board and the legal moves: a piece named alone
        where pieces move, a placement where moves are steps or on a square
        that holds a piece, a step from a square without one of the mover's;
        else it says only that the move is not legal. A game says more by
        writing its own."""
        if self.sowing and (said := why_not_sown(self, state, move)) is not None:
            return said  # a pit chosen to sow from: empty, or not the mover's; never "taken"
        if self.move_notation is not None and (said := why_drop_refused(self, state, move)) is not None:
            return said  # a drop from a hand: nothing of that kind in it, the square taken; else the rules'
        view, names, size, mover = state.view(), self.site_names(), self.grid.size, state.turn
        owners = dict(view.owners)
        placing = move.origin < 0 and 0 <= move.to < size
        if placing and not any(m.origin < 0 and not m.is_pass for m in state.legal_moves):
            onward = state.moves_from(move.to)  # a piece named alone, in a game whose pieces move
            if onward and owners.get(move.to) == mover:
                return f"the piece on {names[move.to]} moves: say where it goes, as {state.format_move(onward[0])}"
            steps = [m for m in state.legal_moves if m.origin >= 0]
            if steps:
                return f"a move here takes a piece from one square to another, as {state.format_move(steps[0])}"
        if placing and (move.to in owners or move.to in dict(view.neutral)):
            return f"{names[move.to]} is taken"
        if 0 <= move.origin < size and owners.get(move.origin) != mover and 0 <= mover < len(self.player_names):
            return f"{self.player_names[mover]} has no piece on {names[move.origin]}"
        other = [m for m in state.legal_moves if m[:3] == move[:3]] if self.move_choices is not None else []
        if other:  # the squares are right, the choice is not (a pawn reaching its last rank must promote)
            return f"only {' or '.join(state.format_move(m) for m in other)} goes so here"
        return "that move is not legal here"

    # -- optional, for agents: a game may do better than these defaults ------
    def evaluate(self, state: StateT, player: int) -> float:
        """A heuristic value of an ongoing ``state`` for ``player``, strictly
        between -1 and 1. The default knows nothing (0), but in a connection
        game (:attr:`connects`): there, the two-distance potential
        (:mod:`boardgames.rules.connection`), and in a game won by
        :attr:`in_a_row`, each player's open lines (:mod:`boardgames.rules.lines`),
        in one won by having more (:attr:`material`), the balance of the two
        (:mod:`boardgames.rules.material`), as long as :attr:`has_evaluation` says so."""
        if not self.has_evaluation:
            return 0.0
        if self.connects:
            return connection_evaluation(state, player)
        if self.number_of_players != 2:
            return 0.0
        if self.in_a_row:
            return lines_evaluation(state, player)
        return material_evaluation(state, player) if self.material else 0.0

    def wins_at_once(self, state: StateT, move: Move) -> bool:
        """Whether ``move`` (legal in ``state``) wins the game on the spot.
        Games may answer faster than playing it, as the default does."""
        outcome = self.apply(state, move).outcome
        return outcome is not None and outcome.winner_index == state.turn

    def endgame_size(self, state: StateT) -> int | None:
        """How much game is left, in the unit of :attr:`solve_at`: the empty
        squares of a game that fills its board. None (the default) where no
        such bound exists, as in a game whose pieces move."""
        return None

    #: Whether a position's future depends on the moves that led to it, beyond
    #: what the state's fields hold (a repetition rule written over the
    #: history): then the default key holds the history as well.
    history_in_key: ClassVar[bool] = False

    def position_key(self, state: StateT) -> Hashable:
        """What identifies a position, for transposition tables and the
        solver: by default every field of the state but the game and the
        history (the history too if :attr:`history_in_key`); a field declared
        ``attrs.field(metadata={"key": False})`` is left out (one that only
        shows something, such as the pieces the last move flipped). A game
        may give a smaller key that still tells apart every two positions
        whose futures differ; the kit checks that it does."""
        values = _key_fields(type(state))(state)  # type: ignore[arg-type]  # classes hash by identity
        return (values, state.history) if self.history_in_key else values

    def playout(self, state: StateT, rng: random.Random, policy: str) -> int | None:
        """Play an ongoing state to the end; the winner's index or None.

        The generic loop goes through the public API; games override it with
        a fast path over their own rules code. ``heuristic`` here takes a move
        that wins at once when the game has a quick test for it
        (:attr:`quick_wins_test`), and plays at random otherwise: testing
        every move by playing it would make each step cost a whole ply."""
        look_for_wins = policy == "heuristic" and self.quick_wins_test
        apply, wins, choice = self.apply, self.wins_at_once, rng.choice
        if self.has_chance:  # the plain loop, drawing each chance event with its probability
            while state.outcome is None:
                moves = state.legal_moves
                state = apply(state, draw(self.chance_outcomes(state), rng) if state.turn == CHANCE else choice(moves))
            return state.outcome.winner_index
        if self.moves_in_parts:  # drawn part by part, as OpenSpiel's random rollouts do
            while state.outcome is None:
                state = apply(state, random_whole_move(state, rng, most=self.parts_per_move))
            return state.outcome.winner_index
        while state.outcome is None:
            moves = state.legal_moves
            move = None
            if look_for_wins:
                move = next((m for m in moves if wins(state, m)), None)
            state = apply(state, move if move is not None else choice(moves))
        return state.outcome.winner_index

    def view(self, state: StateT) -> BoardView:
        """The neutral description of the position that renderers draw."""
        targets = 0
        if state.turn == CHANCE:  # chance decides: no square to move to
            pass
        elif self.moves_in_parts:  # no list of whole moves: the squares a move may start on
            targets = state.parts().targets
        else:
            for m in state.legal_moves:
                if m.to >= 0:
                    targets |= 1 << m.to
        last = state.history[-1] if state.history else None
        if last is not None and last.origin < -1:  # a chance outcome or a hidden move: on no square
            last = None
        flag = self.state_flag(state)
        shown_last: tuple[int, ...] = ()
        if last is not None and not last.is_pass:
            left = self.carried_by_last_move(state, last.origin) if last.origin >= 0 else -1
            shown_last = (*(sq for sq in (left, self.landed(state)) if sq >= 0), *self.also_moved(state))
        return BoardView(
            grid=self.grid,
            players=self.player_names,
            owners=tuple(sorted(state.owners().items())),
            kinds=tuple(sorted(self.kinds(state).items())),
            neutral=tuple(sorted(self.neutral(state).items())),
            marks=tuple(sorted(self.marks(state).items())),
            overlays=tuple(sorted(self.overlays(state).items())),
            piece_kinds=self.piece_kinds,
            neutral_kinds=self.neutral_kinds,
            mark_kinds=self.mark_kinds,
            overlay_kinds=self.overlay_kinds,
            words=self.words,
            last=shown_last,
            flag=flag[0] if flag else "",
            flagged=flag[1] if flag else (),
            targets=tuple(bits(targets)),
            changed=tuple(bits(state.changed_by_last_move())),
            winning=state.outcome.line if state.outcome is not None else (),
            in_hand=state.in_hand(),
            colours=self.colours[: len(self.player_names)],
            symbols=self.symbols[: len(self.player_names)],
            edges=tuple(sorted(self.edges.items())),
            checkered=self.checkered,
            blocks=self.blocks,
            coordinates=self.board_labels,
            turned=self.turned_players,
            board_drawn=self.board_drawn,
            site_names=() if self.board_drawn else self.site_names(),
            counts=checked_counts(self, state) if self.counted is not None else (),
            counted=self.counted,
            segments=checked_segments(self, state) if self.segment is not None else (),
            segment=self.segment,
            stacks=checked_stacks(self, state) if self.stacked is not None else (),
            stacked=self.stacked,
            window=drawn_window(self, state, targets, shown_last) if self.drawn_within is not None else (),
            **beyond_the_board(self, state),  # dice, hands, cards on the table, running scores
        )

    def state_flag(self, state: StateT) -> tuple[str, tuple[int, ...]] | None:
        """What the game flags about ``state``, in words, and the squares it
        concerns (chess: ``("white is in check", (e1,))``), or None: said in
        the words and the text, marked on the SVG's squares."""
        return None

    def landed(self, state: StateT) -> int:
        """Where the last move's piece came to rest: its ``to`` (where
        ``carried_by_last_move`` says it lies now), unless the move's own side
        effect carried it on (a Pentago marble turned with its quarter); the
        last move is shown there."""
        to = state.history[-1].to
        return self.carried_by_last_move(state, to) if to >= 0 else to

    def carried_by_last_move(self, state: StateT, square: int) -> int:
        """Where ``square``, as the board lay when the last move was made, lies
        now: itself, unless the move carried every piece with it (Hive's hive
        moved back to the middle, a board that scrolls or turns); -1 where it
        left the board. The last move's origin and ``to`` are shown there."""
        return square

    def also_moved(self, state: StateT) -> tuple[int, ...]:
        """The squares the last move's side effects moved a piece from and to
        (castling's rook), shown as part of the last move; none by default."""
        return ()

    # -- notation: shared, a game may override -------------------------------
    def on_board(self, move: Move) -> bool:
        """Whether every square of ``move`` is a cell of the board (-1: no
        origin, or a pass), a corner cut off a hexagon or a triangle not."""
        full = self.grid.full
        return all(sq == -1 or (sq >= 0 and full >> sq & 1) for sq in (move.origin, move.to, *move.marks))

    def format_move(self, move: Move) -> str:
        if len(move) > 3 and self.move_choices is not None:  # a choice: its squares, then "=N"
            check_move(move)
            return self.format_move(with_choice(move, -1)) + self.move_choices.write(move[3])
        if not self.board_drawn:  # a table's sites by the game's names for them, never the grid's
            return format_sites(self.grid, move, self.site_names())
        return format_move(self.grid, move)

    def parse_move(self, text: str) -> Move:
        if self.move_choices is not None and isinstance(text, str) and "=" in text:
            head, choice = self.move_choices.read(text)
            return with_choice(self.parse_move(head), choice)
        if not self.board_drawn:
            return parse_sites(text, self.site_names())
        return parse_move(self.grid, text)

    def write_notation(self, state: StateT, move: Move) -> str:
        """Legal ``move`` in ``state`` as the game writes it (chess: ``Nf3``,
        ``O-O``, ``e8=Q+``): shown wherever a move is shown, and what records
        keep. A game that writes this (and :meth:`read_notation`) or declares
        :attr:`move_notation` has a notation of its own; by default, the one
        notation of every game (:meth:`format_move`)."""
        if self.move_notation is not None:
            return self.move_notation.write(state, move)
        return self.format_move(move)

    def read_notation(self, state: StateT, text: str) -> Move | None:
        """The legal move ``text`` names in ``state`` in the game's own
        notation, or None (then the default notation reads it). By default,
        the legal move :meth:`write_notation` writes as exactly ``text``: a
        game's notation is read back with no code of its own; write this to
        read more (chess reads ``Nf3`` and ``Ng1f3``, with or without ``+``).
        A declared :attr:`move_notation` reads its own (a hidden game's too)."""
        if self.move_notation is not None:
            return self.move_notation.read(state, text)
        if not self.own_notation or self.hidden_information:
            return None
        for move in state.legal_moves:
            if self.write_notation(state, move) == text:
                return move
        return None

    def shorthand(self, state: StateT, text: str) -> Move | None:
        """The legal move a person means by ``text`` beyond the notation, or
        None: Connect Four's ``d`` for the cell a disc dropped in file d lands
        on. It is asked first, and a legal move it returns is the move: return
        None for text the notation reads as you mean it. Every front end that
        reads a person's move (the terminal, the page's text box, the engine
        protocol, the web API) goes through it; records keep the notation."""
        return None

    # -- states from moves and from JSON ------------------------------------
    def replay(self, moves: Iterable[str | Move], state: StateT | None = None) -> StateT:
        """Play ``moves`` from ``state`` (the start by default).

        A bad move raises with its number and text prepended to the reason.
        """
        state = self.start() if state is None else state
        for number, move in enumerate(moves, start=len(state.history) + 1):
            try:
                state = state.play(move)
            except BoardgamesError as exc:
                # Every move error quotes the move's text; add its number (the same error, so that
                # what it carries, an incomplete move's partial or an ambiguous one's choices, stays).
                exc.args = (f"move {number}: {exc}",)
                raise exc from None
        return state
