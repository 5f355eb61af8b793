"""Kalah, as OpenSpiel's ``mancala`` plays it.

Two rows of six pits, four seeds in each, and a store at each end: south owns
the near row (a1 to f1) and the store on its right (s1), north the far row
(f2 to a2, from north's left) and the store on the left (n2). A move takes
every seed of one of your pits and sows them one by one counter-clockwise:
along your row, into your store, along the opponent's row, skipping the
opponent's store. A last seed in your own store gives you another move. A
last seed in an empty pit of yours captures it and the seeds of the pit
across, into your store, where that pit holds any. When either row is empty,
the game ends: each player adds the seeds left on their row to their store,
and the larger store wins.

A move is the pit sown from, by name (``c1``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import add

import attrs

import boardgames
from boardgames import Counted, Game, Grid, Move, Outcome, State, Words, hookimpl, sow

SOUTH, NORTH = 0, 1
SEEDS = 4
#: The board as OpenSpiel numbers it: 0 north's store, 1-6 south's pits, 7 south's store, 8-13 north's pits.
STORE = (7, 0)
PITS = (range(1, 7), range(8, 14))
#: The pits in the middle six files, a store at each end: north's (n2) on its row's left, south's (s1) on its right.
GRID = Grid.from_cells(8, 2, [(f, 0) for f in range(1, 8)] + [(f, 1) for f in range(7)], files="nabcdefs")
SITE = (GRID.index(0, 1), *(GRID.index(i, 0) for i in range(1, 8)), *(GRID.index(14 - i, 1) for i in range(8, 14)))
PIT = {site: i for i, site in enumerate(SITE)}
SOW = tuple(sow(site) for site in SITE)
#: Each row's pits in site order (north's from a2, OpenSpiel's 13).
ORDER = (range(1, 7), range(13, 7, -1))
ROW_MOVES = tuple(tuple(SOW[i] for i in order) for order in ORDER)
START = (0, *(SEEDS,) * 6, 0, *(SEEDS,) * 6)


def _sowings() -> tuple[tuple[tuple[tuple[int, ...], int], ...], ...]:
    """SOWN[pit][seeds]: the seeds sowing them from ``pit`` adds to each pit and store (the
    pit's own taken away), skipping the opponent's store, and where the last one falls."""
    out: list[tuple[tuple[tuple[int, ...], int], ...]] = [()]
    for pit in range(1, 14):
        row = []
        skip = STORE[NORTH] if pit < 7 else STORE[SOUTH]
        for seeds in range(12 * SEEDS + 1):
            board, at, left = [0] * 14, pit, seeds
            board[pit] = -seeds
            while left:
                at = (at + 1) % 14
                if at != skip:
                    board[at] += 1
                    left -= 1
            row.append((tuple(board), at))
        out.append(tuple(row))
    return tuple(out)


SOWN = _sowings()


@attrs.frozen(kw_only=True, slots=False)
class KalahState(State):
    #: Seeds in OpenSpiel's pits 0-13 (the stores 0 and 7).
    board: tuple[int, ...] = START


class Kalah(Game[KalahState]):
    name = "kalah"
    title = "Kalah"
    summary = "Sow seeds into your store, take another turn, capture across (OpenSpiel's mancala)."
    player_names = ("south", "north")
    colours = ("#b5651d", "#2e5e8c")
    counted = Counted("seed", "seeds", "pit")
    sowing = True
    material = True  # agents value positions by each side's seeds (boardgames.rules.material)
    words = Words(pick_square="Click one of your pits to sow its seeds.")
    rules_text = __doc__ or ""
    max_length = 1000

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> KalahState:
        return KalahState(game=self)

    def generate_moves(self, state: KalahState) -> tuple[Move, ...]:
        board = state.board
        return tuple(compress(ROW_MOVES[state.turn], board[1:7] if state.turn == SOUTH else board[13:7:-1]))

    def apply(self, state: KalahState, move: Move) -> KalahState:
        me = state.turn
        pit = PIT[move.to]
        added, at = SOWN[pit][state.board[pit]]
        board = list(map(add, state.board, added))
        if at in PITS[me] and board[at] == 1 and board[14 - at]:  # an empty pit of mine: capture across
            board[STORE[me]] += board[14 - at] + 1
            board[at] = board[14 - at] = 0
        turn = me if at == STORE[me] else 1 - me  # the last seed in my store: again
        after = KalahState(game=self, history=state.history + (move,), turn=turn, board=tuple(board))
        if any(board[1:7]) and any(board[8:14]):
            return after
        for p in (SOUTH, NORTH):  # a row empty: each player's seeds left go to their store
            board[STORE[p]] += sum(board[i] for i in PITS[p])
            for i in PITS[p]:
                board[i] = 0
        south, north = board[STORE[SOUTH]], board[STORE[NORTH]]
        winner = None if south == north else int(north > south)
        outcome = Outcome(winner, f"a row is empty: {south} seeds to {north}", scores=(south, north))
        return attrs.evolve(after, board=tuple(board), outcome=outcome)

    def why_illegal(self, state: KalahState, move: Move) -> str:
        if move.to == SITE[STORE[state.turn]] and move.origin < 0:
            return f"{self.grid.name(move.to)} is {self.player_names[state.turn]}'s store: sow from a pit"
        return super().why_illegal(state, move)

    # -- what the board shows ------------------------------------------------
    def owners(self, state: KalahState) -> dict[int, int]:
        return {}

    def counts(self, state: KalahState) -> dict[int, tuple[int, int | None]]:
        return {SITE[i]: (n, NORTH if i == 0 or i > 7 else SOUTH) for i, n in enumerate(state.board)}


def openspiel_label(move: Move) -> str:
    """OpenSpiel's label of our move: its pit's number, south's 1-6, north's 8-13 (13 is a2)."""
    return str(PIT[move.to])


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Kalah)
