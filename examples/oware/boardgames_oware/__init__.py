"""Oware (abapa), as OpenSpiel's ``oware`` plays it.

Two rows of six pits, four seeds in each; south owns the near row (a1 to f1,
left to right), north the far one (f2 to a2, from north's left). A move takes
every seed of one of your pits and sows them one by one into the next pits
counter-clockwise (along your row to the right, then along north's row to the
left and back), skipping the pit sown from when it held twelve or more. If
the last seed lands in an opponent's pit that then holds two or three seeds,
they are captured, and so are those of the pits before it on the opponent's
row, while each holds two or three: unless that would take every seed the
opponent has (a grand slam), which captures nothing. A player whose opponent
has no seeds must sow into the opponent's row if any move does (the
starving rule). The game ends when a player has captured more than half the
seeds, when the player to move cannot move, or when a position comes back
with no capture in between: then each player captures the seeds left on
their own row. The more seeds captured wins.

A move is the pit sown from, by name (``c1``). Each player's captured seeds
are counted in a store at the end of the board: south's on s1, north's on n2.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import add

import attrs

import boardgames
from boardgames import Counted, Game, Grid, Move, Outcome, State, Words, hookimpl, sow

SOUTH, NORTH = 0, 1
HOUSES, SEEDS = 12, 4
HALF = HOUSES * SEEDS // 2
#: The pits in the middle six files, a store at each end: north's (n2) on its row's left, south's (s1) on its right.
GRID = Grid.from_cells(8, 2, [(f, 0) for f in range(1, 8)] + [(f, 1) for f in range(7)], files="nabcdefs")
#: OpenSpiel's houses 0-5 (south's A-F) are a1-f1, its houses 6-11 (north's a-f) f2 back to a2.
SITE = tuple(GRID.index(1 + h, 0) if h < 6 else GRID.index(12 - h, 1) for h in range(HOUSES))
HOUSE = {site: h for h, site in enumerate(SITE)}
STORE = (GRID.index(7, 0), GRID.index(0, 1))
#: Each house's move, where the houses of each player's row start, and each row's houses in site order.
SOW = tuple(sow(site) for site in SITE)
ROW = (0, 6)
ORDER = (range(6), range(11, 5, -1))
ROW_MOVES = tuple(tuple(SOW[h] for h in order) for order in ORDER)
#: How many seeds each pit (in site order) needs to reach the other row.
REACH = tuple(tuple(ROW[p] + 5 - h for h in ORDER[p]) for p in (SOUTH, NORTH))


@attrs.frozen(kw_only=True, slots=False)
class OwareState(State):
    #: Seeds in OpenSpiel's houses 0-11.
    pits: tuple[int, ...] = (SEEDS,) * HOUSES
    #: Seeds each player captured.
    stores: tuple[int, int] = (0, 0)
    #: The boards since the last capture (pits, stores, player to move, as bytes): one coming back ends the game.
    seen: tuple[bytes, ...] = (bytes((SEEDS,) * HOUSES + (0, 0, SOUTH)),)


def sown(pits: list[int], house: int) -> int:
    """Sow ``house`` in ``pits`` (in place); the house the last seed fell in."""
    seeds, at = pits[house], house
    pits[house] = 0
    while seeds:
        at = (at + 1) % HOUSES
        if at != house:  # the house sown from is skipped on every lap
            pits[at] += 1
            seeds -= 1
    return at


def _sowings() -> tuple[tuple[tuple[tuple[int, ...], int], ...], ...]:
    """For each house and each count of seeds in it, what sowing it adds to each house and where it ends."""
    out = []
    for house in range(HOUSES):
        row = []
        for seeds in range(HOUSES * SEEDS + 1):
            pits = [0] * HOUSES
            pits[house] = seeds
            last = sown(pits, house)
            pits[house] -= seeds
            row.append((tuple(pits), last))
        out.append(tuple(row))
    return tuple(out)


#: SOWN[house][seeds]: the seeds added to each house (the sown one's taken away) and the last house.
SOWN = _sowings()


class Oware(Game[OwareState]):
    name = "oware"
    title = "Oware"
    summary = "Sow seeds around two rows of pits, capture twos and threes (OpenSpiel's oware)."
    player_names = ("south", "north")
    colours = ("#b5651d", "#2e5e8c")
    counted = Counted("seed", "seeds", "pit")
    sowing = True
    material = True  # agents value positions by the seeds each side has taken (boardgames.rules.material)
    words = Words(changed="captured", pick_square="Click one of your pits to sow its seeds.")
    rules_text = __doc__ or ""
    max_length = 1000

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> OwareState:
        return OwareState(game=self)

    def generate_moves(self, state: OwareState) -> tuple[Move, ...]:
        pits, turn = state.pits, state.turn
        mine = pits[0:6] if turn == SOUTH else pits[11:5:-1]  # in site order
        if any(pits[6:12] if turn == SOUTH else pits[0:6]):
            return tuple(compress(ROW_MOVES[turn], mine))
        # The starving rule: the opponent has no seeds, so only a move reaching its row.
        return tuple(compress(ROW_MOVES[turn], [n > reach for n, reach in zip(mine, REACH[turn], strict=True)]))

    def apply(self, state: OwareState, move: Move) -> OwareState:
        me = state.turn
        house = HOUSE[move.to]
        added, last = SOWN[house][state.pits[house]]
        pits = list(map(add, state.pits, added))
        theirs = ROW[1 - me]
        stores = state.stores  # a new tuple only where a capture changes it
        taken = 0
        if theirs <= last < theirs + 6 and pits[last] in (2, 3):
            at = last
            while at >= theirs and pits[at] in (2, 3):
                taken += pits[at]
                at -= 1
            if taken == sum(pits[theirs : theirs + 6]):  # a grand slam: no capture
                taken = 0
            else:
                for h in range(at + 1, last + 1):
                    pits[h] = 0
                stores = (stores[0] + taken, stores[1]) if me == SOUTH else (stores[0], stores[1] + taken)
        turn, position = 1 - me, tuple(pits)
        board = bytes((*position, *stores, turn))  # the whole position, short to keep and compare
        seen = (board,) if taken else (*state.seen, board)
        after = OwareState(
            game=self, history=state.history + (move,), turn=turn, pits=position, stores=stores,
            seen=seen,
        )  # fmt: skip
        if taken and stores[me] > HALF:
            return self.ended(after, pits, stores, f"{self.player_names[me]} captures more than half the seeds")
        if not taken and board in state.seen:
            return self.ended(after, pits, stores, "the position comes back")
        mine, theirs = pits[ROW[turn] : ROW[turn] + 6], pits[ROW[me] : ROW[me] + 6]
        if not any(mine) or not any(theirs) and not any(n > r for n, r in zip(mine, range(5, -1, -1), strict=True)):
            return self.ended(after, pits, stores, f"{self.player_names[turn]} cannot move")
        return after

    def ended(self, state: OwareState, pits: list[int], held: tuple[int, ...], why: str) -> OwareState:
        """The game over: each player captures the seeds on their row; the more seeds wins."""
        stores = list(held)
        for p in (SOUTH, NORTH):
            stores[p] += sum(pits[ROW[p] : ROW[p] + 6])
        winner = None if stores[0] == stores[1] else int(stores[1] > stores[0])
        outcome = Outcome(winner, f"{why}: {stores[0]} seeds to {stores[1]}", scores=(stores[0], stores[1]))
        return attrs.evolve(state, pits=(0,) * HOUSES, stores=tuple(stores), outcome=outcome)

    def why_illegal(self, state: OwareState, move: Move) -> str:
        said = super().why_illegal(state, move)
        if said == "that move is not legal here" and move.to in HOUSE:  # a pit of the mover's with seeds
            other = self.player_names[1 - state.turn]
            return f"{other} has no seeds: a move must sow into {other}'s row"
        return said

    # -- what the board shows ------------------------------------------------
    def owners(self, state: OwareState) -> dict[int, int]:
        return {}

    def counts(self, state: OwareState) -> dict[int, tuple[int, int | None]]:
        out: dict[int, tuple[int, int | None]] = {SITE[h]: (n, h // 6) for h, n in enumerate(state.pits)}
        out[STORE[SOUTH]], out[STORE[NORTH]] = (state.stores[0], SOUTH), (state.stores[1], NORTH)
        return out

    def scores(self, state: OwareState) -> tuple[float, ...]:
        return state.stores  # the seeds each has taken: more than half wins


def openspiel_label(move: Move) -> str:
    """OpenSpiel's label of our move: south's pits A-F, north's a-f (a is f2)."""
    h = HOUSE[move.to]
    return "ABCDEF"[h] if h < 6 else "abcdef"[h - 6]


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Oware)
