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
from boardgames import BitboardState, Game, Grid, Outcome, bits, hookimpl, placements

FILES = "abcdefghjklmnopqrst"  # Go's boards skip i


@attrs.frozen(kw_only=True, slots=False)
class GoState(BitboardState):
    #: The point that may not be played now (simple ko), or -1.
    ko: int = -1
    #: Passes in a row so far.
    passes: int = 0
    #: The stones of every position so far, packed in one number each (positional superko).
    seen: tuple[int, ...] = ()
    #: Each player's stones in atari (one liberty left), kept move by move: no group search to list moves.
    atari: tuple[int, int] = (0, 0)
    #: The most stones the board has held: a position with more cannot have been seen.
    peak: int = 0


class Go(Game[GoState]):
    name = "go"
    title = "Go"
    summary = "Surround more of the board than your opponent (OpenSpiel's go: area scoring, simple ko)."
    player_names = ("black", "white")
    colours = ("#111111", "#f5f5f5")
    symbols = ("●", "○")
    words = boardgames.Words(changed="captured")
    parts_per_move = 1  # a point, or pass
    overlay_kinds = (boardgames.Overlay("black area", player=0), boardgames.Overlay("white area", player=1))
    option_specs = (
        boardgames.IntOption("size", "points along each side", 9, minimum=2, maximum=19),
        boardgames.FloatOption("komi", "points given to white", 7.5, minimum=-100.0, maximum=100.0),
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
            # A group of mine not in atari has a liberty beside; a group of theirs in atari is taken.
            legal |= surrounded & grid.touching(mine & ~state.atari[me] | state.atari[1 - me])
        if state.ko >= 0:
            legal &= ~(1 << state.ko)
        return placements(legal, passing=True)  # a pass first, then the points: sorted

    def apply(self, state: GoState, move: boardgames.Move) -> GoState:
        me, grid, history, boards, atari = state.turn, self.grid, state.history + (move,), state.boards, state.atari
        ko, captured, outcome, passes = -1, 0, None, state.passes + 1 if move.is_pass else 0
        if not passes:  # a stone: their groups in atari beside the point had it as their last liberty
            point, near = move.to, grid.beside[move.to]
            captured = grid.connected(atari[1 - me], near) if atari[1 - me] & near else 0
            boards = (boards[0] | 1 << point, boards[1]) if me == 0 else (boards[0], boards[1] | 1 << point)
            if captured:  # all theirs; simple ko: one stone taken by a lone stone whose one liberty is where it was
                boards = (boards[0] & ~captured, boards[1] & ~captured)
                if captured.bit_count() == 1 and not near & boards[me] and near & ~(boards[0] | boards[1]) == captured:
                    ko = captured.bit_length() - 1
            atari = self._atari(state, boards, point, captured)
        packed = boards[0] | boards[1] << grid.size  # the stones, for the repeated-position rule
        stones, peak = packed.bit_count(), state.peak
        if not passes and stones <= peak and packed in state.seen:  # a position met before: OpenSpiel calls it a draw
            outcome = Outcome(None, "a position repeated")
        elif passes >= 2 or len(history) >= self.max_length:
            outcome = self._score(boards)
        return boardgames.new_state(GoState, {  # a dict of its own: GoState(...) costs a tenth of a random game
            "game": self, "history": history, "turn": 1 - me, "boards": boards, "outcome": outcome, "ko": ko,
            "passes": passes, "changed": captured, "seen": state.seen + (packed,), "atari": atari,
            "peak": max(peak, stones), "placed": state.placed})  # fmt: skip

    def _atari(self, state: GoState, boards: tuple[int, ...], point: int, captured: int) -> tuple[int, int]:
        """Who is in atari after a stone on ``point``: only the groups beside it or the captured can change, and
        a stone that has two liberties between it and its neighbours is not (most moves need no group)."""
        me, grid, beside, stones = state.turn, self.grid, self.grid.beside, boards[1 - state.turn]
        empty, mine, theirs = grid.full & ~(boards[0] | boards[1]), state.atari[me], state.atari[1 - me] & ~captured
        if captured and mine:  # mine beside them gained liberties
            mine &= ~grid.connected(mine, grid.touching(captured))
        liberties = (grid.touching(own | 1 << point) if (own := beside[point] & boards[me]) else beside[point]) & empty
        if not liberties & (liberties - 1):  # it and its stones beside have one at most: count the group's
            group = grid.group(boards[me], point) if own else 1 << point  # a lone stone is its group
            liberties = grid.touching(group) & empty
            mine = mine & ~group | (0 if liberties & (liberties - 1) else group)
        elif mine & beside[point]:  # the groups it joins are out of atari
            mine &= ~grid.connected(mine, beside[point])
        near = beside[point] & stones & ~theirs  # theirs beside it lost a liberty (most points: none to read)
        while near:
            sq, near = (near & -near).bit_length() - 1, near & (near - 1)  # the lowest, taken off
            liberties = (grid.touching(own | 1 << sq) if (own := beside[sq] & stones) else beside[sq]) & empty
            if not liberties & (liberties - 1):
                group = grid.group(stones, sq) if own else 1 << sq
                liberties, near = grid.touching(group) & empty, near & ~group  # a group beside it twice: read once
                theirs |= 0 if liberties & (liberties - 1) else group
        return (mine, theirs) if me == 0 else (theirs, mine)

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
        margin = abs(black - white)
        return Outcome(
            int(white > black), f"{margin:g} point{'s' * (margin != 1)} ahead ({black:g} to {white:g}, komi included)"
        )

    def overlays(self, state: GoState) -> dict[int, int]:
        black, white = self.areas(state.boards)
        return {sq: 0 for sq in bits(black)} | {sq: 1 for sq in bits(white)}


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Go)
