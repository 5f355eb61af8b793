"""The rules of Verso, as RULINGS.md V1–V7 read the club's page."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Mapping
from typing import Any

from boardgames import (
    PASS,
    ChoiceOption,
    Game,
    Grid,
    IntOption,
    InvalidOptionError,
    Move,
    Outcome,
    Words,
    bits,
    placements,
)
from boardgames.geometry import random_bit

from . import strategy
from .state import ROW, VersoState


@functools.lru_cache(maxsize=8)
def _steps_table(grid: Grid) -> tuple[dict[int, tuple[Move, ...]], ...]:
    """Made once per board size and shared by every game on it: 1.4 MB on
    19x19, which a server holding a thousand matches would hold a thousand
    times."""
    return tuple(_steps_to_subsets(grid, origin) for origin in range(grid.size))


def _steps_to_subsets(grid: Grid, origin: int) -> dict[int, tuple[Move, ...]]:
    around = grid.beside[origin]
    table = {}
    subset = around
    while True:  # every subset of around, from around itself down to 0
        table[subset] = tuple(Move(origin, to) for to in bits(subset))
        if not subset:
            return table
        subset = (subset - 1) & around


class Verso(Game[VersoState]):
    name = "verso"
    title = "Verso"
    summary = "Guy Jeandel's game of imprisonment on the points: five in a row wins."
    player_names = ("light", "dark")
    colours = ("#f4f1e8", "#4a4a4a")
    symbols = ("○", "●")
    words = Words(
        changed="flipped",
        choice="Which flips?",
        pick_mark="Choose the piece that flips: click a highlighted prisoner.",
    )
    option_specs = (
        IntOption("size", "points along each side of the board (V1)", 8, minimum=5, maximum=19),
        IntOption("pieces", "pieces each player places (V2)", 9, minimum=1, maximum=180),
        ChoiceOption(
            "flip",
            "which imprisoned piece flips: the mover's choice, or the one next to the arriving piece (V4)",
            "choice",
            choices=("choice", "adjacent"),
        ),
        IntOption(
            "max_moves", "moving-phase turns, passes included, before a draw (V7)", 200, minimum=1, maximum=10_000
        ),
    )

    # Difficulty levels 1-6, each measured to beat the one below in about 75%
    # of games (docs/strength.md, benchmarks/levels.py). One good move wins at Verso (a
    # five), so even the beginner is greedy a quarter of the time: pure random
    # play loses to anything that looks one move ahead.
    levels = (
        "greedy:blunder=0.75",
        "greedy:blunder=0.5",
        "alphabeta:depth=2:blunder=0.3",
        "alphabeta:depth=2:blunder=0.1",
        "alphabeta:time=2:blunder=0.1",
        "alphabeta:time=2",
    )
    rules_text = """\
Verso, by Guy Jeandel, as this project plays it. Each rule carries the id of
the project's ruling on it (V1-V7), which its tests cite; the club's page has
no diagrams, so more is the project's reading here ("ours").

Board (V1). Pieces stand on the points where the lines cross, edge points
included: 8x8 points unless option size= says otherwise (5 to 19; ours).

Players (V2). Light and dark, 9 pieces each (option pieces=). Light starts.

Placing (V3). In turn, place one piece on any empty point, until every piece
is on the board.

Imprisonment (V4). When a piece arrives on a point (placed or moved), look
along each of the 8 lines from it. Where a line holds one or more of your
opponent's pieces in an unbroken run followed at once by one of yours, those
pieces are imprisoned, and exactly one of them flips to your colour: you
choose which. Each imprisoning line flips exactly one piece ("one, and only
one, on each line"). Flips never cascade. With option flip=adjacent (ours),
the imprisoned piece next to the arriving one flips, with no choice.

Winning (V5). Once a move's flips are done, five or more of your pieces in an
unbroken orthogonal or diagonal line win at once.

Moving (V6). When every piece is placed and nobody has won, move one of your
pieces one step, horizontally or vertically (never diagonally), to an empty
neighbouring point. Imprisonment and five in a row apply to the piece that
arrives.

Endings the page does not give (V7, ours). A player who cannot move passes.
The game is drawn when neither player can move; when the same position
(pieces and player to move) occurs for the third time; or after max_moves
moving-phase turns (200 by default, passes included) without a winner.

Notation. A placement is its point (d4), a step is from-to (c3-c4), pass is
pass. Each flipped piece is added as x and its point, in file-then-rank order
(d4xe5xf6, c3-c4xb2). Where every imprisoning line holds one piece the flips
are forced and may be left out when typing; where there is a choice, the move
must say which.
"""

    @classmethod
    def check_options(cls, values: Mapping[str, Any]) -> None:
        room = values["size"] ** 2
        if 2 * values["pieces"] > room:
            raise InvalidOptionError(
                f"option pieces: {values['pieces']} each do not fit on {room} points "
                f"(at most {room // 2} each on a size {values['size']} board)"
            )

    def setup(self) -> None:
        grid = self.grid = Grid.get(self.options["size"], self.options["size"], "points")
        self.each = self.options["pieces"]
        self.adjacent_only = self.options["flip"] == "adjacent"
        self.max_moves = self.options["max_moves"]
        self.max_length = 2 * self.each + self.max_moves
        # V6: from each point, for each set of its empty neighbours, the steps
        # there in square order (at most 16 sets a point).
        self.steps_from = _steps_table(grid)

    def pieces_each(self) -> int:
        return self.each

    def initial_state(self) -> VersoState:
        return VersoState(game=self)

    def is_moving_phase(self, state: VersoState) -> bool:
        return state.placed[0] + state.placed[1] == 2 * self.each

    # -- the rules, on bit masks: apply, the moves and the playouts call these --
    def prisons(self, mine: int, theirs: int, to: int) -> tuple[int, ...]:
        """V4: the runs a piece of ``mine`` arriving on ``to`` imprisons, one
        mask per imprisoning line. (A piece that stepped there left a
        neighbour of ``to``, which can end no run: the runs are the same
        whether ``mine`` still holds it or not.)"""
        return self.grid.bracketed(to, mine, theirs)

    def flip_choices(self, runs: tuple[int, ...], to: int) -> list[tuple[int, ...]]:
        """V4: the ways to flip one piece of each run, as sorted points; with
        flip=adjacent, only the piece next to ``to`` on each."""
        if self.adjacent_only:
            near = self.grid.adjacent[to]
            return [tuple(sorted(bits(run & near)[0] for run in runs))]
        return sorted(tuple(sorted(flips)) for flips in itertools.product(*(bits(run) for run in runs)))

    def arrive(
        self, boards: tuple[int, ...], me: int, origin: int, to: int, flips: int
    ) -> tuple[tuple[int, ...], bool]:
        """V4, V5: the boards after ``me``'s piece arrives on ``to`` (placed if
        ``origin`` is -1) and ``flips`` change sides, and whether the mover
        then has five in a row."""
        mine = boards[me] | 1 << to | flips
        if origin >= 0:
            mine &= ~(1 << origin)
        theirs = boards[1 - me] & ~flips
        after = (mine, theirs) if me == 0 else (theirs, mine)
        return after, self.grid.has_line(mine, ROW, touching=1 << to | flips)

    def movable(self, mine: int, empty: int) -> int:
        """V6: the pieces of ``mine`` with an empty neighbour to step to."""
        return mine & self.grid.next_to(empty, diagonal=False)

    def moving_phase_over(self, boards: tuple[int, ...], turns: int) -> str | None:
        """V7, once every piece is placed: why the game is drawn after
        ``turns`` moving-phase turns (repetition aside), or None."""
        if turns >= self.max_moves:
            return f"{turns} moving-phase turns without a winner"
        occupied = boards[0] | boards[1]
        if not self.movable(occupied, self.grid.full & ~occupied):
            return "neither player can move"
        return None

    # -- V3, V6, V7 -----------------------------------------------------------
    def generate_moves(self, state: VersoState) -> tuple[Move, ...]:
        me = state.turn
        mine, theirs = state.boards[me], state.boards[1 - me]
        empty = self.grid.full & ~(mine | theirs)
        imprisoning = self.grid.bracketing(mine, theirs)  # the arrivals that flip something
        moves: list[Move]
        if not self.is_moving_phase(state):
            if not imprisoning:
                return placements(empty)
            moves = list(placements(empty & ~imprisoning))
            for to in bits(imprisoning):
                moves += [Move(-1, to, flips) for flips in self.flip_choices(self.prisons(mine, theirs, to), to)]
            moves.sort()
            return tuple(moves)
        moves = []
        steps_from, beside = self.steps_from, self.grid.beside
        for origin in bits(self.movable(mine, empty)):
            targets = beside[origin] & empty
            if not targets & imprisoning:
                moves += steps_from[origin][targets]
                continue
            for step in steps_from[origin][targets]:
                to = step.to
                if imprisoning >> to & 1:
                    moves += [
                        Move(origin, to, flips) for flips in self.flip_choices(self.prisons(mine, theirs, to), to)
                    ]
                else:
                    moves.append(step)
        return tuple(moves) if moves else (PASS,)

    def apply(self, state: VersoState, move: Move) -> VersoState:
        me = state.turn
        moving = self.is_moving_phase(state)
        boards, placed, flips, outcome = state.boards, state.placed, 0, None
        if not move.is_pass:
            for sq in move.marks:
                flips |= 1 << sq
            boards, five = self.arrive(boards, me, move.origin, move.to, flips)
            if five:
                line = bits(self.grid.line_squares(boards[me], ROW, touching=1 << move.to | flips))
                outcome = Outcome(me, "five in a row", line)
            if not moving:
                placed = (placed[0] + 1, placed[1]) if me == 0 else (placed[0], placed[1] + 1)
        turns, seen = state.moving_turns + moving, state.seen
        if outcome is None and placed[0] + placed[1] == 2 * self.each:
            key = boards[0] | boards[1] << self.grid.size | (1 - me) << 2 * self.grid.size
            seen = (*seen, key)
            if seen.count(key) >= 3:
                outcome = Outcome(None, "the same position for the third time")
            else:
                reason = self.moving_phase_over(boards, turns)
                outcome = None if reason is None else Outcome(None, reason)
        return VersoState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            outcome=outcome,
            boards=boards,
            placed=placed,
            changed=flips,
            moving_turns=turns,
            seen=seen,
        )

    def playout(
        self, state: VersoState, rng: random.Random, policy: str, trace: list[Move] | None = None
    ) -> int | None:
        """Play to the end on the masks, with the rule functions :meth:`apply`
        and :meth:`generate_moves` call but no state per move; the winner's
        index or None (a draw). Flips are drawn at random where the mover has
        a choice. ``heuristic`` follows :func:`.strategy.preferred_points`
        and :func:`.strategy.winning_step`. One simplification, usual for
        playouts: repeated positions (V7) are not tracked; the moving-phase
        cap still ends every playout. ``trace`` collects the moves played,
        for tests."""
        heuristic = policy == "heuristic"
        grid, beside, adjacent_only = self.grid, self.grid.beside, self.adjacent_only
        total = 2 * self.each
        boards, me = state.boards, state.turn
        placed, turns = state.placed[0] + state.placed[1], state.moving_turns
        while True:
            mine, theirs = boards[me], boards[1 - me]
            empty = grid.full & ~(mine | theirs)
            origin = to = -1
            if placed < total:
                to = random_bit(strategy.preferred_points(self, empty, mine, theirs) if heuristic else empty, rng)
            else:
                movable = self.movable(mine, empty)
                if movable:
                    step = strategy.winning_step(self, empty, mine, rng) if heuristic else None
                    if step is None:
                        origin = random_bit(movable, rng)
                        to = random_bit(beside[origin] & empty, rng)
                    else:
                        origin, to = step
            flips = 0
            if to >= 0:
                for run in self.prisons(mine, theirs, to):
                    if adjacent_only:
                        run &= grid.adjacent[to]
                    flips |= 1 << random_bit(run, rng)
                if trace is not None:
                    trace.append(Move(origin, to, bits(flips)))
                boards, five = self.arrive(boards, me, origin, to, flips)
                if five:
                    return me
            elif trace is not None:
                trace.append(PASS)
            if placed < total:
                placed += 1
            else:
                turns += 1
            if placed == total and self.moving_phase_over(boards, turns) is not None:
                return None
            me = 1 - me

    # -- for agents: the evaluation and the playout policy are in strategy.py --
    def wins_at_once(self, state: VersoState, move: Move) -> bool:
        if move.is_pass:
            return False
        return self.arrive(state.boards, state.turn, move.origin, move.to, self.grid.mask(move.marks))[1]

    def evaluate(self, state: VersoState, player: int) -> float:
        return strategy.evaluate(self, state, player)

    # -- messages -------------------------------------------------------------
    def why_illegal(self, state: VersoState, move: Move) -> str:
        names, me = self.grid.names, state.to_move
        owners = state.owners()
        moving = self.is_moving_phase(state)
        if move.is_pass:
            return f"{me} has a move, so {me} may not pass"
        if moving and move.is_placement:
            return "every piece is placed: move one of yours a step, like c3-c4"
        if not moving and not move.is_placement:
            return "pieces are still being placed: place one on an empty point, like d4"
        if moving and owners.get(move.origin) != state.turn:
            return f"{names[move.origin]} does not hold a {me} piece"
        if moving and move.to not in self.grid.neighbours[move.origin]:
            return "a piece steps to a neighbouring point, horizontally or vertically, never diagonally"
        if move.to in owners:
            return f"{names[move.to]} is taken by {self.player_names[owners[move.to]]}"
        ways = [self.format_move(m) for m in state.legal_moves if (m.origin, m.to) == (move.origin, move.to)]
        if ways == [self.format_move(Move(move.origin, move.to))]:
            return f"it imprisons nothing, so nothing flips: play {ways[0]}"
        how = (
            "the piece next to it on each imprisoning line flips"
            if self.adjacent_only
            else ("exactly one imprisoned piece flips on each imprisoning line")
        )
        return f"{how}: one of {', '.join(ways)}"
