"""Nine men's morris, as OpenSpiel's ``nine_mens_morris`` plays it.

The board is three squares one inside another, joined at the middle of each
side: 24 points on 16 lines of three. White moves first. Each player first
places a man a turn on an empty point until both have placed their nine;
then a man moves along a line to a neighbouring empty point, and a player
down to three men may fly, moving a man to any empty point. A man that
completes a line of three of one's own (a mill) takes one of the opponent's
men, one that is not in a mill unless all are. A player down to two men, or
who cannot move, loses; after 200 moves the game is drawn.

A placement is written ``d7``, a move ``a1-a4``; a move that closes a mill
names the man it takes, ``d7xg1`` or ``a1-a4xg7``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, Words, bits, hookimpl, placements

#: The 16 lines of the board, each a chain of linked points (and each a mill when one player holds it).
LINES = (
    "a1-d1-g1", "b2-d2-f2", "c3-d3-e3", "a4-b4-c4", "e4-f4-g4", "c5-d5-e5", "b6-d6-f6", "a7-d7-g7",
    "a1-a4-a7", "b2-b4-b6", "c3-c4-c5", "d1-d2-d3", "d5-d6-d7", "e3-e4-e5", "f2-f4-f6", "g1-g4-g7",
)  # fmt: skip
MEN, MOST_TURNS = 9, 200


@attrs.frozen(kw_only=True, slots=False)
class MorrisState(BitboardState):
    #: The moves made so far: the game is drawn at 200.
    turns: int = 0


class NineMensMorris(Game[MorrisState]):
    name = "nine_mens_morris"
    title = "Nine men's morris"
    summary = "Place, move and fly men to close mills and take the other's (OpenSpiel's nine_mens_morris)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#111111")
    words = Words(
        changed="took",
        choice="Which man do you take?",
        pick_origin="Click a point to place a man, or a man to move.",
        pick_to="Click where it goes.",
        pick_mark="Your mill takes a man: click which.",
    )
    parts_per_move = 3  # where a man comes from, where it goes, the man a mill takes
    material = True  # agents value positions by each side's men, placed and not (boardgames.rules.material)
    max_length = MOST_TURNS
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.graph(7, 7, LINES)
        self.mills = tuple(Grid.mask(path) for path in grid.paths)
        #: For each point, the mills through it.
        self.mills_at = tuple(tuple(m for m in self.mills if m >> sq & 1) for sq in range(grid.size))

        # For each point, its steps along the declared links to each set of its linked points left empty (at
        # most four links: 16 sets, made once), and its flights, each as (move, the destination's bit).
        def walks(sq: int) -> dict[int, tuple[Move, ...]]:
            subsets, links = [grid.linked[sq]], grid.linked[sq]
            while subsets[-1]:
                subsets.append((subsets[-1] - 1) & links)
            return {sub: tuple(Move(sq, to) for to in bits(sub)) for sub in subsets}

        points = range(grid.size)
        self.walks = tuple(walks(sq) for sq in points)
        self.flights = tuple(tuple((Move(sq, to), 1 << to) for to in bits(grid.full & ~(1 << sq))) for sq in points)

    def pieces_each(self) -> int:
        return MEN  # the men not placed yet are shown in hand

    def initial_state(self) -> MorrisState:
        return MorrisState(game=self)

    def men(self, state: MorrisState, player: int) -> int:
        """A player's men, on the board and still to place."""
        return state.boards[player].bit_count() + MEN - state.placed[player]

    def closes_mill(self, mine: int, to: int) -> bool:
        for mill in self.mills_at[to]:
            if mill & mine == mill:
                return True
        return False

    def takeable(self, theirs: int) -> int:
        """The men a mill may take: those in no mill, or any when all are in one."""
        held = 0
        for mill in self.mills:
            if mill & theirs == mill:
                held |= mill
        return theirs & ~held or theirs

    def closing(self, mine: int) -> int:
        """The points that would close a mill of ``mine``: each the one a mill lacks."""
        out, free = 0, ~mine
        for mill in self.mills:
            rest = mill & free
            if rest.bit_count() == 1:
                out |= rest
        return out

    def generate_moves(self, state: MorrisState) -> tuple[Move, ...]:
        me = state.turn
        mine, theirs = state.boards[me], state.boards[1 - me]
        empty = self.grid.full & ~(mine | theirs)
        closing = self.closing(mine) & empty  # only a man arriving there may close a mill
        if state.placed[me] < MEN:
            made: tuple[Move, ...] | list[Move] = placements(empty)
        elif mine.bit_count() > 3:  # along a line
            made, walks, linked = [], self.walks, self.grid.linked
            for o in bits(mine):
                made += walks[o][linked[o] & empty]
        else:  # flying with three men
            made = [move for o in bits(mine) for move, bit in self.flights[o] if bit & empty]
        if not closing:
            return tuple(made)
        moves: list[Move] = []
        takeable = -1
        for move in made:  # those closing a mill take a man: one move for each they may take
            to = move.to
            if closing >> to & 1:
                origin = move.origin
                # A man placed there closes a mill; one moved there may have left it.
                if origin < 0 or self.closes_mill(mine & ~(1 << origin) | 1 << to, to):
                    if takeable < 0:
                        takeable = self.takeable(theirs)
                    if takeable:
                        moves += [Move(origin, to, (x,)) for x in bits(takeable)]
                        continue
            moves.append(move)
        return tuple(moves)

    def can_move(self, player: int, boards: tuple[int, ...], placed: tuple[int, ...]) -> bool:
        empty = self.grid.full & ~(boards[0] | boards[1])
        if placed[player] < MEN or boards[player].bit_count() <= 3:
            return bool(empty)
        linked, men = self.grid.linked, boards[player]
        while men:  # man by man, lowest first, without listing them: the first usually can
            man = men & -men
            if linked[man.bit_length() - 1] & empty:
                return True
            men ^= man
        return False

    def apply(self, state: MorrisState, move: Move) -> MorrisState:
        me, origin, to = state.turn, move.origin, move.to
        mine, theirs = state.boards[me], state.boards[1 - me]
        mine = (mine & ~(1 << origin) if origin >= 0 else mine) | 1 << to  # to is empty: no one loses it
        taken = 1 << move.marks[0] if move.marks else 0
        theirs &= ~taken
        boards = (mine, theirs) if me == 0 else (theirs, mine)
        placed = state.placed
        if origin < 0:
            placed = (placed[0] + 1, placed[1]) if me == 0 else (placed[0], placed[1] + 1)
        names, turns, turn = self.player_names, state.turns + 1, 1 - me
        outcome = None
        if not taken and not boards[turn] and self.closes_mill(boards[me], to):  # a mill with no man of theirs to take
            outcome = Outcome(turn, f"{names[me]} closed a mill with nothing to take")
            turn, turns = me, state.turns
        elif not self.can_move(turn, boards, placed):
            outcome = Outcome(me, f"{names[turn]} cannot move")
        elif boards[turn].bit_count() + MEN - placed[turn] <= 2:
            outcome = Outcome(me, f"{names[turn]} is down to two men")
        elif turns >= MOST_TURNS:
            outcome = Outcome(None, f"{MOST_TURNS} moves were made")
        return MorrisState(
            game=self,
            history=state.history + (move,),
            turn=turn,
            boards=boards,
            placed=placed,
            turns=turns,
            changed=taken,
            outcome=outcome,
        )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(NineMensMorris)
