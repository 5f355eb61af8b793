"""Go with the rules of OpenSpiel's ``go``: stones are placed on the points of
a ``size`` × ``size`` board (9 by default; the files are named without
``i``), black first. A group with no liberty left is captured; a move that
leaves its own group without a liberty (suicide) is not allowed, nor
retaking a ko at once (simple ko). Two passes in a row end the game, as does
its maximum length, 2 × size × size moves. Area scoring (Tromp-Taylor): a
player's stones and the empty points that reach only that player's stones;
white adds the komi (7.5 by default)."""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import (
    PASS,
    BitboardState,
    FloatOption,
    Game,
    Grid,
    IntOption,
    Outcome,
    Overlay,
    Words,
    bits,
    hookimpl,
    placements,
    transfer,
)

FILES = "abcdefghjklmnopqrst"  # Go's boards skip i


@attrs.frozen(kw_only=True, slots=False)
class GoState(BitboardState):
    #: The point that may not be played now (simple ko), or -1.
    ko: int = -1
    #: Passes in a row so far.
    passes: int = 0
    #: The stones of every position so far, packed in one number each (positional superko).
    seen: tuple[int, ...] = ()


class Go(Game[GoState]):
    name = "go"
    title = "Go"
    summary = "Surround more of the board than your opponent (OpenSpiel's go: area scoring, simple ko)."
    player_names = ("black", "white")
    colours = ("#111111", "#f5f5f5")
    symbols = ("●", "○")
    words = Words(changed="captured")
    parts_per_move = 1  # a point, or pass
    overlay_kinds = (Overlay("black area", player=0), Overlay("white area", player=1))
    option_specs = (
        IntOption("size", "points along each side", 9, minimum=2, maximum=19),
        FloatOption("komi", "points given to white", 7.5, minimum=-100.0, maximum=100.0),
    )
    rules_text = __doc__ or ""

    def setup(self) -> None:
        size = self.options["size"]
        self.grid = Grid.get(size, kind="points", files=FILES)
        self.max_length = 2 * size * size

    def initial_state(self) -> GoState:
        return GoState(game=self, seen=(0,))  # no stones yet

    def generate_moves(self, state: GoState) -> tuple[boardgames.Move, ...]:
        """Where a stone keeps a liberty (no suicide), but the ko point."""
        grid, me = self.grid, state.turn
        mine, theirs = state.boards[me], state.boards[1 - me]
        empty = grid.full & ~(mine | theirs)
        legal = empty & grid.touching(empty)  # beside an empty point: a liberty at once
        if surrounded := empty & ~legal:  # every neighbour a stone: legal if it joins a group or captures
            # A group with a liberty that is not surrounded gives one to a stone beside it, and is not taken.
            outside = grid.touching(legal)
            breathing = grid.connected(mine, outside)
            legal |= surrounded & grid.touching(breathing)
            if rest := surrounded & ~legal:
                for _, liberties in grid.chains(mine & ~breathing, empty, near=rest):
                    if liberties.bit_count() >= 2:
                        legal |= liberties
                for _, liberties in grid.chains(theirs & ~grid.connected(theirs, outside), empty, near=rest):
                    if liberties.bit_count() == 1:  # in atari: playing there captures
                        legal |= liberties
        if state.ko >= 0:
            legal &= ~(1 << state.ko)
        return (PASS, *placements(legal))  # sorted: a pass sorts first

    def apply(self, state: GoState, move: boardgames.Move) -> GoState:
        me, grid, history = state.turn, self.grid, (*state.history, move)
        boards, ko, captured, passes = state.boards, -1, 0, 0
        if move.is_pass:
            passes = state.passes + 1
        else:
            point, theirs = move.to, boards[1 - me]
            empty = grid.full & ~(state.occupied | 1 << point)
            for sq in bits(grid.beside[point] & theirs & ~captured):
                if not grid.beside[sq] & empty:  # no liberty of its own: does its group have one?
                    chain = grid.group(theirs, sq)
                    if not grid.touching(chain) & empty:
                        captured |= chain
            boards = transfer(boards, me, 1 << point)
            if captured:
                boards = (boards[0] & ~captured, boards[1] & ~captured)  # the captured are all theirs
                # Simple ko: one stone taken by a lone stone whose one liberty is where it was.
                near = grid.beside[point]
                if captured.bit_count() == 1 and not near & boards[me] and near & ~(boards[0] | boards[1]) == captured:
                    ko = captured.bit_length() - 1
        packed = boards[0] | boards[1] << grid.size  # the stones, for the repeated-position rule
        outcome = None
        if not move.is_pass and packed in state.seen:  # a position met before: OpenSpiel calls it a draw
            outcome = Outcome(None, "a position repeated")
        elif passes >= 2 or len(history) >= self.max_length:
            outcome = self._score(boards)
        extra = {"ko": ko, "passes": passes, "changed": captured, "seen": (*state.seen, packed)}
        return GoState(game=self, history=history, turn=1 - me, boards=boards, outcome=outcome, **extra)

    def areas(self, boards: tuple[int, ...]) -> tuple[int, int]:
        """Each player's empty points (Tromp-Taylor): those that reach only that player's stones."""
        grid, empty = self.grid, self.grid.full & ~(boards[0] | boards[1])
        areas = [0, 0]
        for region in grid.groups(empty):
            touches = grid.touching(region) & ~region
            for player in (0, 1):
                if touches and touches & ~boards[player] == 0:
                    areas[player] |= region
        return areas[0], areas[1]

    def _score(self, boards: tuple[int, ...]) -> Outcome:
        black_area, white_area = self.areas(boards)
        black = boards[0].bit_count() + black_area.bit_count()
        white = boards[1].bit_count() + white_area.bit_count() + self.options["komi"]
        if black == white:
            return Outcome(None, f"equal points ({black:g} each, komi included)")
        winner = int(white > black)
        margin = abs(black - white)
        return Outcome(winner, f"{margin:g} point{'s' * (margin != 1)} ahead ({black:g} to {white:g}, komi included)")

    def overlays(self, state: GoState) -> dict[int, int]:
        black, white = self.areas(state.boards)
        return {sq: 0 for sq in bits(black)} | {sq: 1 for sq in bits(white)}


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Go)
