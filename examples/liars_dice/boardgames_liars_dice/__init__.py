"""Liar's dice for two, as OpenSpiel's ``liars_dice`` plays it.

Each player rolls ``numdice`` dice (1 by default) of ``dice_sides`` faces
(6), hidden from the other: north rolls first, then south. Then, north
first, each in turn either bids higher than the last bid or, once a bid has
been made, calls the last bid a lie. A bid is a quantity and a face ("two
3s"): at least that many of all the dice on the table show that face, the
highest face (the 6) being wild, counting as any face. With
``bidding_rule=reset-face`` (the default) a higher bid names more dice, or
as many dice and a higher face; with ``reset-quantity`` a higher face, or
the same face and more dice. The call ends the game: the dice are shown,
and the bidder wins if the bid holds, else the caller wins.

The board is the table of bids: file a is one die, file b two and so on,
rank 1 the face 1 up to the highest face; each bid made is a piece of the
bidder's colour, and the lone cell to the right (marked ``!``) is the call.
Bids are written as their cell, ``b3`` for two 3s, or as OpenSpiel writes
them, ``2-3``; the call is ``liar``. Each player sees only its own dice
(the other's are shown as ``?``) until the call shows them all.
"""

from __future__ import annotations

import re

import attrs

from boardgames import (
    CHANCE,
    BitboardState,
    ChoiceOption,
    Die,
    Game,
    Grid,
    IntOption,
    MarkKind,
    Outcome,
    hookimpl,
    placements,
    transfer,
    uniform,
)

UNROLLED, HIDDEN = 0, -1  # a die not rolled yet, and a die rolled where the viewer cannot see it


@attrs.frozen(kw_only=True, slots=False)
class LiarsState(BitboardState):
    #: Each player's dice: 1 to the number of faces, UNROLLED, or HIDDEN in another player's view.
    #: Each player's dice are in the order rolled, sorted once everyone has rolled (as OpenSpiel's).
    dice: tuple[tuple[int, ...], ...] = ()
    bid: int = -1  # the cell of the last bid, -1 before any


class LiarsDice(Game[LiarsState]):
    name = "liars_dice"
    title = "Liar's dice"
    summary = "Bid on the dice both players hide, or call the last bid a lie (OpenSpiel's liars_dice)."
    player_names = ("north", "south")
    colours = ("#c62828", "#1565c0")
    player_count = 2
    chance_word = "roll"
    mark_kinds = (MarkKind("liar", "!", "cross"),)
    option_specs = (
        IntOption("numdice", "dice each player rolls", 1, minimum=1, maximum=5),
        IntOption("dice_sides", "faces of each die (the highest is wild)", 6, minimum=2, maximum=9),
        ChoiceOption(
            "bidding_rule",
            "what a higher bid is: more dice first, or a higher face first",
            "reset-face",
            ("reset-face", "reset-quantity"),
        ),
    )
    rules_text = __doc__
    parts_per_move = 1  # a cell

    def setup(self):
        self.each = self.options["numdice"]
        self.sides = sides = self.options["dice_sides"]
        self.total = total = self.each * self.number_of_players
        # Files: one die to all of them; ranks: the faces; one more cell, a1 of the next file, is the call.
        cells = [(q, f) for q in range(total) for f in range(sides)] + [(total, 0)]
        self.grid = Grid.from_cells(total + 1, sides, cells)
        self.liar = total * sides  # the call's cell, after every bid (OpenSpiel's action number too)
        if self.options["bidding_rule"] == "reset-face":
            rank = list(range(self.liar))  # more dice first: the cell's own order
        else:
            rank = [f * total + q for q in range(total) for f in range(sides)]  # a higher face first
        self.rank = rank
        # The legal moves after each bid (index 0: before any): every bid ranked higher, and the call.
        self.after = [placements(sum(1 << s for s in range(self.liar)))]
        for bid in range(self.liar):
            higher = sum(1 << s for s in range(self.liar) if rank[s] > rank[bid])
            self.after.append(placements(higher | 1 << self.liar))
        self.max_length = total + self.liar + 1  # every roll, every bid, the call

    def initial_state(self):
        dice = tuple((UNROLLED,) * self.each for _ in range(self.number_of_players))
        return LiarsState(game=self, turn=CHANCE, dice=dice)

    def roller(self, state):
        """The player whose die is rolled next."""
        return next(p for p, dice in enumerate(state.dice) if UNROLLED in dice)

    def chance_outcomes(self, state):
        return uniform(range(1, self.sides + 1))

    def generate_moves(self, state):
        return self.after[state.bid + 1]

    def quantity_face(self, square):
        return divmod(square, self.sides)[0] + 1, square % self.sides + 1

    def apply(self, state, move):
        history = state.history + (move,)
        if state.turn == CHANCE:
            roller = self.roller(state)
            mine = list(state.dice[roller])
            mine[mine.index(UNROLLED)] = move.to
            dice = state.dice[:roller] + (tuple(mine),) + state.dice[roller + 1 :]
            if any(UNROLLED in each for each in dice):
                return attrs.evolve(state, history=history, dice=dice)
            return attrs.evolve(state, history=history, dice=tuple(tuple(sorted(d)) for d in dice), turn=0)
        me, other = state.turn, 1 - state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        if move.to != self.liar:
            return LiarsState(game=self, history=history, turn=other, boards=boards, dice=state.dice, bid=move.to)
        quantity, face = self.quantity_face(state.bid)
        shown = sum(d in (face, self.sides) for each in state.dice for d in each)
        holds = shown >= quantity
        names = self.player_names
        reason = (
            f"{names[me]} called {names[other]}'s bid of {quantity}-{face} a lie: "
            f"{shown} {'die shows' if shown == 1 else 'dice show'} it, {self.sides}s wild"
        )
        outcome = Outcome(other if holds else me, reason)
        return LiarsState(
            game=self, history=history, turn=other, boards=boards, dice=state.dice, bid=state.bid, outcome=outcome
        )

    # -- what each player sees ---------------------------------------------------------------------------

    def hide(self, state, player):
        dice = tuple(
            each if p == player else tuple(HIDDEN if d != UNROLLED else d for d in each)
            for p, each in enumerate(state.dice)
        )
        return attrs.evolve(state, dice=dice)

    def seen(self, state, move, player):
        if state.turn == CHANCE:
            return move if player == self.roller(state) else None
        return move

    def sample(self, view, player, rng):
        dice = tuple(tuple(rng.randint(1, self.sides) if d == HIDDEN else d for d in each) for each in view.dice)
        if not any(UNROLLED in each for each in dice):
            dice = tuple(tuple(sorted(each)) for each in dice)
        return attrs.evolve(view, dice=dice)

    # -- beside the board, and how people type ------------------------------------------------------------

    def dice(self, state):
        return tuple(
            Die(d, faces=self.sides, owner=p)  # -1 (HIDDEN) is a die drawn face down, as Die says
            for p, each in enumerate(state.dice)
            for d in each
        )

    def marks(self, state):
        return {self.liar: "liar"}

    def shorthand(self, state, text):
        """OpenSpiel's words: ``2-3`` for the bid of two 3s, ``liar`` for the call (where legal)."""
        text, square = text.strip().lower(), None
        found = re.fullmatch(r"(\d+)\s*[-x]\s*(\d+)", text)
        if text == "liar":
            square = self.liar
        elif found and 1 <= int(found[1]) <= self.total and 1 <= int(found[2]) <= self.sides:
            square = (int(found[1]) - 1) * self.sides + int(found[2]) - 1
        return next((m for m in state.legal_moves if m.to == square and not state.is_chance), None)


@hookimpl
def register_games(register):
    register(LiarsDice)
