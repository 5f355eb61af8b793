"""TwixT as OpenSpiel's ``twixt`` plays it.

The board is ``size`` × ``size`` holes (8 by default), its four corners
missing. Red (``x``) moves first and joins rank 1 to the last rank, blue
(``o``) joins file a to the last file. A turn puts a peg of one's colour in
an empty hole, never on the other player's border row (red's are ranks 1 and
the last, blue's files a and the last). A new peg is linked at once to each
peg of its colour a knight's move away, unless the link would cross a link
already there (either player's). A player whose pegs and links join their
two border rows wins. Blue's first move may take red's first peg (if it is
not on a border) instead of playing elsewhere: the swap, which removes it
and puts a blue peg where it lands turned a quarter turn (``swap``). A
player who leaves the other no hole to play is drawn with.

Moves are written as OpenSpiel writes them: the player's letter and the hole
(``xd4``, ``oe5``; the swap is blue's ``o`` and red's peg, or ``swap``).
OpenSpiel counts ranks from the top: our ranks run upwards, so that the
names agree (its ``xb8`` is our b8), and the board is drawn upside down to
its own picture.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Move, Outcome, Segment, bits, hookimpl, place, transfer

RED, BLUE = 0, 1
#: The four knight's steps from a link's lower end (file right, or straight up).
STEPS = ((1, 2), (2, 1), (2, -1), (1, -2))


@attrs.frozen(kw_only=True, slots=False)
class TwixtState(BitboardState):
    #: The links made so far, one bit per possible link (``game.link_ends``).
    links: int = 0
    #: Red's first peg while blue may still swap it (the first move only), else -1.
    first: int = -1
    #: For each player, its pegs joined to its first border row and those joined to its second.
    joined: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))


def crosses(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int], s: tuple[int, int]) -> bool:
    """Whether segments pq and rs cross at a point inside both (none of their ends is shared)."""

    def side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    if {p, q} & {r, s}:
        return False
    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


class Twixt(Game[TwixtState]):
    name = "twixt"
    title = "TwixT"
    summary = "Pegs linked a knight's move apart join your two border rows (OpenSpiel's twixt, with its swap)."
    player_names = ("red", "blue")
    colours = ("#c62828", "#1565c0")
    edges = {"south": RED, "north": RED, "west": BLUE, "east": BLUE}
    segment = Segment("link", "links", directions=STEPS)
    words = boardgames.Words(pick_origin="Click red's peg to swap it.", pick_to="Click where it goes.")
    option_specs = (IntOption("size", "holes along each side", 8, minimum=5, maximum=24),)
    parts_per_move = 2  # a peg; the swap: red's peg and where blue's lands
    has_evaluation = False  # the sides say nothing of links: no evaluation from them
    rules_text = __doc__ or ""

    def setup(self) -> None:
        n = self.options["size"]
        last = n - 1
        holes = [(f, r) for f in range(n) for r in range(n) if (f in (0, last)) + (r in (0, last)) < 2]
        self.grid = grid = Grid.from_cells(n, n, holes, kind="points")
        self.max_length = n * n - 4 + 1  # every hole filled, and the swap
        row = {r: Grid.mask(grid.index(f, r) for f in range(1, last)) for r in (0, last)}
        column = {f: Grid.mask(grid.index(f, r) for r in range(1, last)) for f in (0, last)}
        self.borders = ((row[0], row[last]), (column[0], column[last]))
        # Where each player may play: anywhere but the other's border rows.
        self.open_to = (grid.full & ~(column[0] | column[last]), grid.full & ~(row[0] | row[last]))
        ends, at = [], {}
        for sq in bits(grid.full):
            f, r = grid.coords(sq)
            for df, dr in STEPS:
                if 0 <= f + df < n and 0 <= r + dr < n and grid.on_board[grid.index(f + df, r + dr)]:
                    at[sq, grid.index(f + df, r + dr)] = len(ends)
                    ends.append((sq, grid.index(f + df, r + dr)))
        self.link_ends = tuple(ends)
        # For each peg, (link bit, other end) of every link it may have.
        self.reach = tuple(
            tuple((1 << i, b if a == sq else a) for i, (a, b) in enumerate(ends) if sq in (a, b))
            for sq in range(grid.size)
        )
        xy = [(grid.coords(a), grid.coords(b)) for a, b in ends]
        self.crossing = tuple(
            sum(1 << j for j, (r, s) in enumerate(xy) if crosses(p, q, r, s)) for p, q in xy
        )
        self.link_index = at

    def initial_state(self) -> TwixtState:
        return TwixtState(game=self)

    def generate_moves(self, state: TwixtState) -> tuple[Move, ...]:
        me = state.turn
        moves = [place(sq) for sq in bits(self.open_to[me] & ~state.occupied)]
        if state.first >= 0 and self.open_to[BLUE] >> state.first & 1:  # blue may swap red's first peg
            moves.append(Move(state.first, self.turned(state.first)))
        return tuple(sorted(moves))

    def turned(self, sq: int) -> int:
        """Where a peg lands turned a quarter turn, as OpenSpiel's swap turns it."""
        f, r = self.grid.coords(sq)
        return self.grid.index(self.grid.width - 1 - r, f)

    def apply(self, state: TwixtState, move: Move) -> TwixtState:
        me, peg = state.turn, move.to
        boards, links, joined = state.boards, state.links, state.joined
        if move.origin >= 0:  # the swap: red's first peg taken, blue's put where it turns to
            boards = (0, 0)
        boards = transfer(boards, me, 1 << peg)
        mine, new = boards[me], 0
        for bit, other in self.reach[peg]:
            if mine >> other & 1 and not self.crossing[bit.bit_length() - 1] & links:
                new |= bit
        links |= new
        start, end = self.borders[me]
        first, second = joined[me]
        to_first, to_second = start >> peg & 1, end >> peg & 1
        chain = 1 << peg
        if new:  # joined to other pegs: its chain joins whatever they join
            chain = self.chain(peg, links)
            to_first, to_second = to_first or chain & first, to_second or chain & second
        if to_first:
            first |= chain
        if to_second:
            second |= chain
        joined = ((first, second), joined[1]) if me == RED else (joined[0], (first, second))
        outcome = None
        if (first & second) >> peg & 1:
            outcome = Outcome(me, f"{self.player_names[me]} joins its border rows", line=bits(first & second))
        elif not self.open_to[1 - me] & ~(boards[0] | boards[1]):
            outcome = Outcome(None, f"{self.player_names[1 - me]} has no hole to play")
        first_peg = peg if not state.history else -1
        return TwixtState(
            game=self, history=state.history + (move,), turn=1 - me, outcome=outcome, boards=boards,
            links=links, first=first_peg, joined=joined, changed=1 << move.origin if move.origin >= 0 else 0,
        )

    def chain(self, peg: int, links: int) -> int:
        """The pegs joined to ``peg`` by links."""
        seen, todo = 1 << peg, [peg]
        while todo:
            for bit, other in self.reach[todo.pop()]:
                if links & bit and not seen >> other & 1:
                    seen |= 1 << other
                    todo.append(other)
        return seen

    def segments(self, state: TwixtState) -> list[tuple[int, int, int | None]]:
        ends, reds = self.link_ends, state.boards[RED]
        return [(ends[i][0], ends[i][1], RED if reds >> ends[i][0] & 1 else BLUE) for i in bits(state.links)]

    def write_notation(self, state: TwixtState, move: Move) -> str:
        return "xo"[state.turn] + self.grid.name(move.origin if move.origin >= 0 else move.to)

    def shorthand(self, state: TwixtState, text: str) -> Move | None:
        if text.strip().lower() == "swap":
            return next((m for m in state.legal_moves if m.origin >= 0), None)
        return None


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Twixt)
