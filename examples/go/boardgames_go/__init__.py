"""Go with the rules of OpenSpiel's ``go``: stones are placed on the points of
a ``size`` × ``size`` board (9 by default; the files are named without
``i``), black first. A group with no liberty left is captured; a move that
leaves its own group without a liberty (suicide) is not allowed, nor
retaking a ko at once (simple ko). Two passes in a row end the game, as does
its maximum length, 2 × size × size moves. Area scoring (Tromp-Taylor): a
player's stones and the empty points that reach only that player's stones;
white adds the komi (7.5 by default).
"""

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
        self.sides = [d for d, (df, dr) in enumerate(self.grid.directions) if not df or not dr]

    def initial_state(self) -> GoState:
        start = GoState(game=self)
        return attrs.evolve(start, seen=(self._pack(start),))

    def generate_moves(self, state: GoState) -> tuple[boardgames.Move, ...]:
        """Where a stone keeps a liberty (no suicide), but the ko point."""
        grid, me = self.grid, state.turn
        mine, theirs = state.boards[me], state.boards[1 - me]
        empty = grid.full & ~(mine | theirs)
        legal = 0
        for side in self.sides:  # an empty point next to another
            legal |= grid.shift(empty, side) & empty
        for _, liberties in grid.chains(mine, empty):
            if liberties.bit_count() >= 2:
                legal |= liberties
        for _, liberties in grid.chains(theirs, empty):
            if liberties.bit_count() == 1:
                legal |= liberties
        if state.ko >= 0:
            legal &= ~(1 << state.ko)
        return (PASS, *placements(legal))  # sorted: a pass sorts first

    def apply(self, state: GoState, move: boardgames.Move) -> GoState:
        me, history = state.turn, (*state.history, move)
        if move.is_pass:
            after = attrs.evolve(state, history=history, turn=1 - me, passes=state.passes + 1, ko=-1, changed=0)
        else:
            grid, point = self.grid, move.to
            boards = transfer(state.boards, me, 1 << point)
            empty = grid.full & ~(boards[0] | boards[1])
            captured = 0
            for sq in bits(grid.beside[point] & boards[1 - me] & ~captured):
                chain = grid.group(boards[1 - me], sq)
                if not grid.spread(chain) & empty:
                    captured |= chain
            boards = tuple(board & ~captured for board in boards)  # the captured are all theirs
            # Simple ko: one stone taken by a lone stone whose one liberty is where it was.
            near, empty = grid.beside[point], grid.full & ~(boards[0] | boards[1])
            single = captured.bit_count() == 1 and not near & boards[me] and near & empty == captured
            ko = captured.bit_length() - 1 if single else -1
            after = GoState(game=self, history=history, turn=1 - me, boards=boards, ko=ko, changed=captured)
        packed = self._pack(after)
        if packed in state.seen and not move.is_pass:  # a position met before: OpenSpiel calls it a draw
            return attrs.evolve(after, outcome=Outcome(None, "a position repeated"))
        after = attrs.evolve(after, seen=(*state.seen, packed))
        if after.passes >= 2 or len(history) >= self.max_length:
            after = attrs.evolve(after, outcome=self._score(after.boards))
        return after

    def _pack(self, state: GoState) -> int:
        size = self.grid.size
        return state.boards[0] | state.boards[1] << size

    def areas(self, boards: tuple[int, ...]) -> tuple[int, int]:
        """Each player's empty points (Tromp-Taylor): those that reach only that player's stones."""
        grid, empty = self.grid, self.grid.full & ~(boards[0] | boards[1])
        areas = [0, 0]
        for region in grid.groups(empty):
            touches = grid.spread(region) & ~region
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
