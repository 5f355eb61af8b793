"""Mensch ärgere dich nicht as OpenSpiel's ``maedn`` plays it, for 2 to 4
players: a plugin written against the public API only.

The board has 40 common fields in a ring, four goal fields for each player
and four home fields where the pieces wait. Fields are numbered as OpenSpiel
numbers them (0 to 39 the ring from red's start field, then 40 to 55 the goal
fields, red's first); each is a cell of an 11 × 11 board of any shape.
"""

from __future__ import annotations

import attrs

from boardgames import (
    CHANCE,
    PASS,
    ChoiceOption,
    Die,
    Game,
    Grid,
    Move,
    Outcome,
    Overlay,
    State,
    hookimpl,
    outcome,
    step,
    uniform,
)

RING, GOALS, PER_PLAYER = 40, 16, 4
FIELDS = RING + GOALS
#: Where each field (then each home field, four a position) is drawn, as
#: OpenSpiel's board string places it: (column, row from the top).
PLACES = (
    (0, 4), (2, 4), (4, 4), (6, 4), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0), (10, 0),
    (12, 0), (12, 1), (12, 2), (12, 3), (12, 4), (14, 4), (16, 4), (18, 4), (20, 4), (20, 5),
    (20, 6), (18, 6), (16, 6), (14, 6), (12, 6), (12, 7), (12, 8), (12, 9), (12, 10), (10, 10),
    (8, 10), (8, 9), (8, 8), (8, 7), (8, 6), (6, 6), (4, 6), (2, 6), (0, 6), (0, 5),
    (2, 5), (4, 5), (6, 5), (8, 5), (10, 1), (10, 2), (10, 3), (10, 4),
    (18, 5), (16, 5), (14, 5), (12, 5), (10, 9), (10, 8), (10, 7), (10, 6),
    (0, 0), (2, 0), (2, 1), (0, 1), (18, 0), (20, 0), (20, 1), (18, 1),
    (18, 10), (20, 10), (20, 9), (18, 9), (0, 10), (2, 10), (2, 9), (0, 9),
)  # fmt: skip
CELLS = tuple((x // 2, 10 - y) for x, y in PLACES)


@attrs.frozen(kw_only=True, slots=False)
class MaednState(State):
    #: Each field's piece: 0 for none, else its player's index + 1.
    board: tuple[int, ...] = (0,) * FIELDS
    #: How many pieces each player has waiting at home.
    out: tuple[int, ...] = ()
    dice: int = 0  # the roll the player to move plays (0: not rolled yet)
    prev_player: int = 0  # who moved last
    prev_dice: int = 0  # what they had rolled: a six rolls again


class Maedn(Game[MaednState]):
    name = "maedn"
    title = "Mensch ärgere dich nicht"
    summary = "race your four pieces round the ring and home, sending others back (a die, 2 to 4 players)"
    player_names = ("red", "blue", "green", "yellow")
    player_count = (2, 4)
    colours = ("#c0392b", "#2e86c1", "#27ae60", "#f1c40f")
    option_specs = (
        ChoiceOption("seating", "where two players sit: opposite each other, or side by side", "opposite",
                     choices=("opposite", "side")),
    )  # fmt: skip
    #: Each player's start field and goal fields, in its colour.
    overlay_kinds = tuple(Overlay(f"{name}'s fields", "fill", player=p) for p, name in enumerate(player_names))
    chance_word = "roll"
    max_length = 100_000
    rules_text = """\
Each player has four pieces waiting at home, a start field on the ring of 40
fields and four goal fields. The die is rolled for the player to move, who
must then move a piece that many fields along the ring, clockwise from its
own start, and on into its own goal fields. Only a six brings a piece from
home onto the start field, and a six gives another roll. The start field is
cleared first: while pieces wait at home and one of one's own stands on the
start field, that piece must move on if it can. A piece may not land on
another of its owner's; landing on another player's piece sends that piece
home. In the goal, pieces may jump over each other. With no piece that can
move, the player passes. The first to fill all four goal fields wins."""

    def setup(self) -> None:
        self.grid = Grid.from_cells(11, 11, CELLS)
        self.square = tuple(self.grid.index(f, r) for f, r in CELLS)
        count = self.number_of_players
        self.returns_range = (-1.0, count - 1.0)  # OpenSpiel's: the winner count - 1, each other -1
        opposite = self.options["seating"] == "opposite"  # two players opposite sit at 0 and 2 (of 0 to 3)
        self.position = tuple(3 - p if count == 2 and opposite and p in (1, 2) else p for p in range(count))
        #: Each player's way: the fields it passes, from its start field to its last goal field.
        self.way = tuple(tuple(self.field(k, p) for k in range(RING + PER_PLAYER)) for p in range(count))
        self.along = tuple({f: k for k, f in enumerate(way)} for way in self.way)  # field -> how far along
        self.die = uniform(range(1, 7))
        self.count = count
        self.field_of = {sq: f for f, sq in enumerate(self.square[:FIELDS])}  # home fields are not in it
        #: For each player and roll, each field its piece may leave mapped to where it lands and the move.
        self.steps = tuple(
            tuple(
                {
                    way[k]: (way[k + roll], step(self.square[way[k]], self.square[way[k + roll]]))
                    for k in range(len(way) - roll)
                }
                for roll in range(7)
            )
            for way in self.way
        )

    def initial_state(self) -> MaednState:
        count = self.number_of_players
        return MaednState(game=self, turn=CHANCE, out=(PER_PLAYER,) * count, prev_player=count - 1)

    # -- fields -----------------------------------------------------------
    def field(self, relative: int, player: int) -> int:
        """The field (OpenSpiel's number) ``relative`` fields along ``player``'s way."""
        position = self.position[player]
        if relative < RING:
            return (relative + RING // 4 * position) % RING
        return PER_PLAYER * position + relative

    def first_field(self, player: int) -> int:
        return RING // 4 * self.position[player]

    def home(self, player: int, k: int) -> int:
        """The square of ``player``'s ``k``-th home field."""
        return self.square[FIELDS + PER_PLAYER * self.position[player] + k]

    # -- the rules ----------------------------------------------------------
    def chance_outcomes(self, state: MaednState) -> tuple[tuple[Move, float], ...]:
        return self.die

    def generate_moves(self, state: MaednState) -> tuple[Move, ...]:
        me, dice, board, mine = state.turn, state.dice, state.board, state.turn + 1
        first = self.first_field(me)
        if state.out[me] > 0:
            if board[first] == mine and board[first + dice] != mine:
                return (step(self.square[first], self.square[first + dice]),)  # clear the start field
            if dice == 6 and board[first] != mine:
                return (step(self.home(me, state.out[me] - 1), self.square[first]),)  # bring a piece in
        moves = []
        steps = self.steps[me][dice]
        try:  # the player's pieces on the board, found by the tuple's own search (ValueError: no more)
            source = board.index(mine)
            while True:
                landing = steps.get(source)
                if landing is not None and board[landing[0]] != mine:
                    moves.append(landing[1])
                source = board.index(mine, source + 1)
        except ValueError:
            pass
        if len(moves) > 1:
            moves.sort()
        return tuple(moves) or (PASS,)

    def apply(self, state: MaednState, move: Move) -> MaednState:
        history = state.history + (move,)
        count = self.count
        if state.turn == CHANCE:
            again = state.prev_dice == 6
            turn = state.prev_player if again else (state.prev_player + 1) % count
            return MaednState(
                game=self,
                history=history,
                turn=turn,
                board=state.board,
                out=state.out,
                dice=move.to,
                prev_player=state.prev_player,
                prev_dice=state.prev_dice,
            )
        me = state.turn
        board, out = list(state.board), list(state.out)
        if move != PASS:
            target = self.field_of[move.to]
            source = self.field_of.get(move.origin)
            if source is None:  # from home
                out[me] -= 1
            else:
                board[source] = 0
            thrown = board[target] - 1
            board[target] = me + 1
            if thrown >= 0:
                out[thrown] += 1
        outcome = None
        if move != PASS and target >= RING and self._all_in_goal(board, me):
            places = tuple(1 if p == me else 2 for p in range(count))
            returns = tuple(count - 1.0 if p == me else -1.0 for p in range(count))
            outcome = Outcome.placed(places, "all four pieces in the goal", returns=returns)
        return MaednState(
            game=self,
            history=history,
            turn=CHANCE,
            board=tuple(board),
            out=tuple(out),
            dice=0,
            prev_player=me,
            prev_dice=state.dice,
            outcome=outcome,
        )

    def _all_in_goal(self, board: list[int], player: int) -> bool:
        start = RING + PER_PLAYER * self.position[player]
        return all(board[start + k] for k in range(PER_PLAYER))

    def owners(self, state: MaednState) -> dict[int, int]:
        owners = {self.square[f]: piece - 1 for f, piece in enumerate(state.board) if piece}
        for player, waiting in enumerate(state.out):
            for k in range(waiting):
                owners[self.home(player, k)] = player
        return owners

    def dice(self, state: MaednState) -> tuple[Die, ...]:
        """The roll the player to move plays, in its colour."""
        return (Die(state.dice, owner=state.turn),) if state.dice else ()

    def overlays(self, state: MaednState) -> dict[int, int]:
        """Each player's start field and goal fields, in its colour."""
        shown = {}
        for player in range(self.number_of_players):
            shown[self.square[self.first_field(player)]] = player
            for k in range(PER_PLAYER):
                shown[self.square[self.field(RING + k, player)]] = player
        return shown

    # -- OpenSpiel's actions, for those who play both -------------------------
    def move_of_action(self, state: MaednState, action: int) -> Move:
        """The move of OpenSpiel's ``action`` in ``state`` (at a chance node,
        action k is the roll k + 1)."""
        if state.turn == CHANCE:
            return outcome(action + 1)
        me = state.turn
        if action == 0:
            return PASS
        if action == 1:
            return step(self.home(me, state.out[me] - 1), self.square[self.first_field(me)])
        relative = action - 2
        return step(self.square[self.field(relative, me)], self.square[self.field(relative + state.dice, me)])


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Maedn)


register_games = Hooks.register_games
