"""The rules of Donuts, as RULINGS.md D1–D8 read the rulebook."""

from __future__ import annotations

import random

from boardgames import (
    ChoiceOption,
    Game,
    Grid,
    MarkKind,
    Move,
    Outcome,
    PieceKind,
    TextOption,
    Words,
    bits,
    placements,
)
from boardgames.geometry import AXIS_NAMES, random_bit

from . import baseline, strategy
from .state import DONUTS_EACH, ROW, DonutsState, insertion_flips
from .tiles import LINES, lines_by_square, normalize_layout, random_layout


class Donuts(Game[DonutsState]):
    name = "donuts"
    title = "Donuts"
    summary = "Bruno Cathala's 6×6 game of lines and insertions: five in a row wins."
    player_names = ("chocolate", "vanilla")
    colours = ("#7b4a2d", "#f3e5ab")
    symbols = ("●", "○")
    piece_kinds = (PieceKind("donut", shape="ring"),)
    # The line printed on each square (D2): a mark named by its character.
    mark_kinds = tuple(
        MarkKind(line, line, glyph, unicode)  # type: ignore[arg-type]
        for line, glyph, unicode in zip(
            LINES, ("line-horizontal", "line-vertical", "line-rising", "line-falling"), "─│╱╲", strict=True
        )
    )
    words = Words(changed="flipped", choice="Which flips?")
    option_specs = (
        TextOption(
            "board",
            "the board's 36 lines (- | / \\), rank 6 first, files a→f; random from the seed if not given (D2)",
            parse=normalize_layout,
            accepts="36 characters from - | / \\",
            random_default=random_layout,
        ),
        ChoiceOption("first", "who places the first donut (D3)", "chocolate", choices=player_names),
    )
    max_length = 2 * DONUTS_EACH
    parts_per_move = 1  # a square (the flips follow from it), or pass
    solve_at = 20  # empty squares, the last ten donuts (solver times: docs/performance.md)
    # Difficulty levels 1-6, each measured to beat the one below in about 75%
    # of games (docs/strength.md, benchmarks/levels.py): a random move costs
    # little here, and greedy gains little over random, so alpha-beta starts
    # at level 3.
    levels = (
        "random",
        "greedy:blunder=0.5",
        "alphabeta:depth=2:blunder=0.3",
        "alphabeta:depth=2:blunder=0.05",
        "alphabeta:time=2:blunder=0.1",
        "alphabeta:time=2",
    )
    reference_loop = staticmethod(baseline.random_games_per_second)

    rules_text = """\
Donuts, by Bruno Cathala, as this project plays it. Each rule carries the id
of the project's ruling on it (D1-D8), which its tests cite; the ones marked
"ours" are the project's reading where the rulebook is silent.

Board (D1, D2). 6x6 squares, each carrying one line: - along its rank,
| along its file, / rising (the a1-f6 direction), \\ falling (a6-f1). The box
has four double-sided 3x3 tiles whose faces it does not publish; the project
ships its own four (ours), and a random set-up picks their places, faces and
quarter turns from the seed (98,304 boards). Option board= gives any board as
36 characters, rank 6 first, files a to f, so you can copy a physical board.

Players (D3). Chocolate and vanilla, 15 donuts each. Chocolate starts unless
option first=vanilla.

Placing (D4, D5). Place one donut on an empty square. The first donut goes
anywhere. After that you must play on an empty square of the whole line (both
ways) through the square your opponent just played, along that square's line.
Only the square just played sets the line; flipped donuts never do. If that
line has no empty square, play on any empty square (disobedience).

Insertion (D6). After you place on P, look along each of the four axes
through P, whatever P's own line. Take your unbroken run of donuts along that
axis containing P; if the squares just beyond both ends of the run hold your
opponent's donuts, both flip to your colour. Each axis counts on its own, so
one move can flip 2, 4, 6 or 8 donuts. Flips never cascade, and surrounding
your opponent's donuts (flanking, as in Othello) flips nothing.

Winning (D7, D8). Once a move's flips are done, five or more of your donuts
in an unbroken orthogonal or diagonal line win at once. If all 30 donuts are
placed and nobody has five in a row, the player with the larger largest
orthogonally connected group wins; equal sizes are a draw.

Notation. A move is the square played: c3.
"""

    def setup(self) -> None:
        self.grid = Grid.get(6, 6, "cells")
        self.lines = lines_by_square(self.options["board"])
        # The whole line through each square along that square's own line (D4).
        axis = {line: k for k, line in enumerate(LINES)}
        self.line_masks = tuple(self.grid.axis_lines[sq][axis[line]] for sq, line in enumerate(self.lines))
        self.axis_rays = self.grid.axis_rays
        self._first = self.player_names.index(self.options["first"])

    @property
    def turn_order(self) -> tuple[str, ...]:
        first = self._first
        return (self.player_names[first], self.player_names[1 - first])

    def initial_state(self) -> DonutsState:
        return DonutsState(game=self, turn=self._first)

    def pieces_each(self) -> int:
        return DONUTS_EACH

    # -- the rules, on bit masks: apply and the playouts both call these ----
    def allowed(self, occupied: int, last: int) -> int:
        """D4, D5: the squares the player to move may play, given the occupied
        squares and the square just played (-1 at the start)."""
        empty = self.grid.full & ~occupied
        if last >= 0:
            on_line = self.line_masks[last] & empty
            if on_line:
                return on_line
        return empty

    def allowed_squares(self, state: DonutsState) -> int:
        return self.allowed(state.occupied, state.last)

    def place_donut(self, boards: tuple[int, ...], me: int, sq: int) -> tuple[tuple[int, ...], int, bool]:
        """D6, D7: the boards after ``me`` places a donut on ``sq``, the donuts
        that flipped, and whether the mover then has five in a row."""
        bit = 1 << sq
        mine = boards[me] | bit
        theirs = boards[1 - me]
        flips = insertion_flips(self.axis_rays[sq], mine, theirs)
        mine |= flips
        theirs &= ~flips
        after = (mine, theirs) if me == 0 else (theirs, mine)
        return after, flips, self.grid.has_line(mine, ROW, touching=bit | flips)

    def generate_moves(self, state: DonutsState) -> tuple[Move, ...]:
        return placements(self.allowed(state.occupied, state.last))

    def apply(self, state: DonutsState, move: Move) -> DonutsState:
        me = state.turn
        sq = move.to
        boards, flips, five = self.place_donut(state.boards, me, sq)
        placed = (state.placed[0] + 1, state.placed[1]) if me == 0 else (state.placed[0], state.placed[1] + 1)
        outcome = None
        if five:
            line = bits(self.grid.line_squares(boards[me], ROW, touching=1 << sq | flips))
            outcome = Outcome(me, "five in a row", line)
        elif placed[0] + placed[1] == self.max_length:
            outcome = self.full_board_outcome(boards)
        return DonutsState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            outcome=outcome,
            boards=boards,
            placed=placed,
            last=sq,
            changed=flips,
        )

    def playout(
        self, state: DonutsState, rng: random.Random, policy: str, trace: list[int] | None = None
    ) -> int | None:
        """Play to the end on the masks, with the rule functions :meth:`apply`
        calls but no state per move; the winner's index or None. ``heuristic``
        picks among the squares :func:`.strategy.preferred` keeps. ``trace``
        collects the squares played, for tests."""
        prefer = strategy.preferred if policy == "heuristic" else None
        boards, me, last = state.boards, state.turn, state.last
        placed = state.placed[0] + state.placed[1]
        while True:
            allowed = self.allowed(boards[0] | boards[1], last)
            if prefer is not None:
                allowed = prefer(self, allowed, boards[me], boards[1 - me])
            sq = random_bit(allowed, rng)
            if trace is not None:
                trace.append(sq)
            boards, _, five = self.place_donut(boards, me, sq)
            if five:
                return me
            placed += 1
            if placed == self.max_length:
                return self.full_board_outcome(boards).winner_index
            me, last = 1 - me, sq

    def full_board_outcome(self, boards: tuple[int, ...]) -> Outcome:
        sizes = [self.grid.largest_group(b) for b in boards]
        detail = ", ".join(f"{p} {n}" for p, n in zip(self.player_names, sizes, strict=True))
        if sizes[0] == sizes[1]:
            return Outcome(None, f"full board, equal largest groups ({detail})")
        return Outcome(int(sizes[1] > sizes[0]), f"full board, larger largest group ({detail})")

    # -- messages and drawing ------------------------------------------------
    def why_illegal(self, state: DonutsState, move: Move) -> str:
        names = self.grid.names
        if not move.is_placement or move.marks:
            return "a Donuts move places one donut on an empty square, like c3"
        owners = state.owners()
        if move.to in owners:
            return f"{names[move.to]} is taken by {self.player_names[owners[move.to]]}"
        line = AXIS_NAMES[LINES.index(self.lines[state.last])]
        free = " ".join(self.grid.squares(self.allowed_squares(state)))
        return (
            f"{state.to_move} must play on the {line} line through {names[state.last]}, the square just played: {free}"
        )

    def marks(self, state: DonutsState) -> dict[int, str]:
        return dict(enumerate(self.lines))

    # -- for agents: the evaluation and the playout policy are in strategy.py --
    def position_key(self, state: DonutsState) -> tuple[object, ...]:
        return (state.boards, state.turn, state.last)  # the last square sets the line

    def endgame_size(self, state: DonutsState) -> int:
        return self.grid.size - state.occupied.bit_count()

    def wins_at_once(self, state: DonutsState, move: Move) -> bool:
        if state.placed[0] + state.placed[1] == self.max_length - 1:
            return super().wins_at_once(state, move)  # the last donut: D8 may decide
        return self.place_donut(state.boards, state.turn, move.to)[2]

    def evaluate(self, state: DonutsState, player: int) -> float:
        return strategy.evaluate(self, state, player)

    def largest_groups(self, state: DonutsState) -> dict[str, int]:
        """Each player's largest orthogonally connected group (D8)."""
        return {p: self.grid.largest_group(b) for p, b in zip(self.player_names, state.boards, strict=True)}
