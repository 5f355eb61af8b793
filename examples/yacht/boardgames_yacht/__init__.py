"""Yacht, Sid Sackson's and Reiner Knizia's dice game, as OpenSpiel's ``yacht``
plays it: 1 to 10 players (``-o players=3``, 2 by default), five dice, a score
sheet of twelve boxes each.

A turn begins with a roll of all five dice (``roll:31662``: the faces of
dice 1 to 5). The player may then reroll any of them, twice at most
(``reroll:13`` rerolls dice 1 and 3, and ``roll:45`` then gives their new
faces; the others keep theirs), or stop (``keep``). After the third roll, or on ``keep``, the player scores the dice in
one empty box of the sheet, by its name:

- ``ones`` to ``sixes``: the dice showing that number, added;
- ``choice``: all five dice added;
- ``fourkind``: all five added if at least four show the same number;
- ``fullhouse``: all five added if three show one number and two another
  (five of a number count too);
- ``smallstraight``: 30 for 1-2-3-4-5; ``largestraight``: 30 for 2-3-4-5-6;
- ``yacht``: 50 for five of a number.

A box that the dice do not fit scores 0. The game ends when every sheet is
full; the highest total wins (ties share). Alone, one plays for the best total
(at most 305).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

import attrs

import boardgames
from boardgames import CHANCE, PASS, Game, Grid, IntOption, Move, Outcome, PieceKind, State, hookimpl, outcome, place

DICE, SIDES, ROLLS = 5, 6, 3
CATEGORIES = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "choice", "fourkind", "fullhouse", "smallstraight", "largestraight", "yacht",
)  # fmt: skip
#: The most a sheet can score (OpenSpiel divides a solo game's total by it).
BEST = sum(k * DICE for k in range(1, 7)) + 3 * DICE * SIDES + 30 + 30 + 50  # choice, fourkind, fullhouse
#: The outcomes of rolling ``n`` dice: their faces in die order, as one number (``roll:35``: 3, then 5).
OUTCOMES = ((),) + tuple(
    tuple((outcome(int("".join(map(str, faces)))), 1 / SIDES**n) for faces in product(range(1, 7), repeat=n))
    for n in range(1, DICE + 1)
)


def score(category: int, dice: tuple[int, ...]) -> int:
    """What ``dice`` score in the box ``category`` (an index of CATEGORIES)."""
    counts = [dice.count(face) for face in range(SIDES + 1)]
    total = sum(dice)
    if category < 6:
        return counts[category + 1] * (category + 1)
    name = CATEGORIES[category]
    if name == "choice":
        return total
    if name == "fourkind":
        return total if max(counts) >= 4 else 0
    if name == "fullhouse":
        return total if max(counts) == 5 or sorted(counts)[-2:] == [2, 3] else 0
    if name == "smallstraight":
        return 30 if all(counts[1:6]) else 0
    if name == "largestraight":
        return 30 if all(counts[2:7]) else 0
    return 50 if max(counts) == 5 else 0


@attrs.frozen(kw_only=True, slots=False)
class YachtState(State):
    dice: tuple[int, ...] = (0,) * DICE  # each die's face (0: not rolled this turn)
    rolls: int = 0  # the rolls made this turn (3, or a keep: the player scores)
    rolling: int = (1 << DICE) - 1  # the dice the next roll rolls (a mask of die indices)
    mover: int = 0  # whose turn it is
    #: Each player's sheet: each box's score, -1 while empty.
    sheets: tuple[tuple[int, ...], ...] = ()

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(max(0, v) for v in sheet) for sheet in self.sheets)


class Yacht(Game[YachtState]):
    name = "yacht"
    title = "Yacht"
    summary = "Five dice, three rolls a turn, twelve boxes to fill (OpenSpiel's yacht, 1 to 10 players)."
    player_names = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    player_count = (1, 10)
    option_specs = (IntOption("players", "how many play (1 to 10)", 2, minimum=1, maximum=10),)
    neutral_kinds = tuple(
        PieceKind(f"die {face}", letter=str(face), symbol="⚀⚁⚂⚃⚄⚅"[face - 1], shape="square", colour="#444444")
        for face in range(1, 7)
    )
    rules_text = __doc__ or ""

    def setup(self) -> None:
        players = self.number_of_players
        # Rank 1 holds the dice (a1 to e1); rank 2 + p player p's sheet, a box a file (a ones … l yacht).
        self.grid = Grid.get(len(CATEGORIES), players + 1)
        self.die_squares = tuple(self.grid.index(k, 0) for k in range(DICE))
        self.boxes = tuple(tuple(self.grid.index(c, p + 1) for c in range(len(CATEGORIES))) for p in range(players))
        self.box_of = {sq: c for sheet in self.boxes for c, sq in enumerate(sheet)}
        # At most three rolls, two rerolls and a keep, and a box to score, for every box of every sheet.
        self.max_length = players * len(CATEGORIES) * 7
        self.rerolls = tuple(
            place(self.die_squares[dice[0]], tuple(self.die_squares[k] for k in dice[1:]))
            for dice in (tuple(k for k in range(DICE) if mask >> k & 1) for mask in range(1, 1 << DICE))
        )
        self.rolling_moves = tuple(sorted((PASS, *self.rerolls)))
        self.mask_of = {
            move: sum(1 << self.die_squares.index(sq) for sq in (move.to, *move.marks)) for move in self.rerolls
        }

    def initial_state(self) -> YachtState:
        sheets = ((-1,) * len(CATEGORIES),) * self.number_of_players
        return YachtState(game=self, turn=CHANCE, sheets=sheets)

    # -- chance --------------------------------------------------------------
    def chance_outcomes(self, state: YachtState) -> tuple[tuple[Move, float], ...]:
        return OUTCOMES[state.rolling.bit_count()]

    def format_outcome(self, move: Move) -> str:
        return f"roll:{move.to}"

    # -- moves ---------------------------------------------------------------
    def generate_moves(self, state: YachtState) -> tuple[Move, ...]:
        if state.rolls < ROLLS:
            return self.rolling_moves
        sheet, boxes = state.sheets[state.mover], self.boxes[state.mover]
        return tuple(place(boxes[c]) for c in range(len(CATEGORIES)) if sheet[c] < 0)

    def apply(self, state: YachtState, move: Move) -> YachtState:
        history = (*state.history, move)
        if state.turn == CHANCE:
            faces = iter(int(d) for d in str(move.to))
            dice = tuple(next(faces) if state.rolling >> k & 1 else d for k, d in enumerate(state.dice))
            return attrs.evolve(state, history=history, turn=state.mover, dice=dice, rolls=state.rolls + 1, rolling=0)
        if move == PASS:  # keep the dice as they are: score them
            return attrs.evolve(state, history=history, rolls=ROLLS)
        if state.rolls < ROLLS:
            return attrs.evolve(state, history=history, turn=CHANCE, rolling=self.mask_of[move])
        box = self.box_of[move.to]
        sheets = list(state.sheets)
        sheet = list(sheets[state.mover])
        sheet[box] = score(box, state.dice)
        sheets[state.mover] = tuple(sheet)
        after = YachtState(
            game=self,
            history=history,
            turn=CHANCE,
            mover=(state.mover + 1) % len(sheets),
            sheets=tuple(sheets),
        )
        if min(sheets[-1]) >= 0:  # the last player's sheet is full: every sheet is
            totals = after.totals()
            after = attrs.evolve(
                after, outcome=Outcome.ranked(totals, "every box scored", returns=self.returns(totals))
            )
        return after

    def returns(self, totals: tuple[int, ...]) -> tuple[float, ...]:
        """OpenSpiel's returns: alone, the total over the best possible; else
        the winners share 1 and the others -1 (all 0 when all tie)."""
        if len(totals) == 1:
            return (totals[0] / BEST,)
        best = max(totals)
        winners = totals.count(best)
        if winners == len(totals):
            return (0.0,) * len(totals)
        return tuple(1 / winners if t == best else -1 / (len(totals) - winners) for t in totals)

    # -- notation: keep, reroll:13 and the boxes' names ---------------------------
    def format_move(self, move: Move) -> str:
        if move == PASS:
            return "keep"
        if move.to in self.box_of:
            return CATEGORIES[self.box_of[move.to]]
        if move in self.mask_of:
            mask = self.mask_of[move]
            return "reroll:" + "".join(str(k + 1) for k in range(DICE) if mask >> k & 1)
        return super().format_move(move)

    def parse_move(self, text: str) -> Move:
        clean = text.strip().lower()
        if clean == "keep":
            return PASS
        if clean.startswith("reroll:"):
            wanted = clean[len("reroll:") :]
            mask = sum(1 << k for k in range(DICE) if str(k + 1) in wanted)
            if not mask or len(wanted) != mask.bit_count():
                raise boardgames.InvalidMoveError(f"{text.strip()!r}: name the dice to reroll, 1 to 5, as reroll:13")
            return next(m for m, bits in self.mask_of.items() if bits == mask)
        if clean in CATEGORIES:  # the first sheet's box: shorthand gives the mover's
            return place(self.boxes[0][CATEGORIES.index(clean)])
        return super().parse_move(text)

    def shorthand(self, state: YachtState, text: str) -> Move | None:
        clean = text.strip().lower() if isinstance(text, str) else ""
        if clean in CATEGORIES and state.turn >= 0:
            return place(self.boxes[state.mover][CATEGORIES.index(clean)])
        return None

    def why_illegal(self, state: YachtState, move: Move) -> str:
        if move.to in self.box_of and state.rolls < ROLLS:
            return "a box is scored after the third roll or a keep: keep, or reroll some dice (reroll:13)"
        if move.to in self.box_of:
            return f"{self.player_names[state.mover]} has scored {CATEGORIES[self.box_of[move.to]]} already"
        if state.rolls >= ROLLS:
            return (
                "the rolls are over: score the dice in an empty box ("
                + ", ".join(map(state.format_move, state.legal_moves))
                + ")"
            )
        return "that move is not legal here"

    # -- what the board shows: the dice on rank 1, each player's scored boxes --
    def owners(self, state: YachtState) -> dict[int, int]:
        return {self.boxes[p][c]: p for p, sheet in enumerate(state.sheets) for c, v in enumerate(sheet) if v >= 0}

    def neutral(self, state: YachtState) -> dict[int, int]:
        return {self.die_squares[k]: face - 1 for k, face in enumerate(state.dice) if face}


def from_openspiel(state: YachtState, action: int) -> Move:
    """Our move or outcome for OpenSpiel's ``action`` in the same position: a
    roll's action holds the rolled dice's faces less one in base 6, the
    lowest die first (our outcome writes the faces as one number, in die
    order); action 0 is ``keep``, 1 to 31 reroll the dice of that mask (bit
    k: die k + 1); 32 + c scores box c of CATEGORIES."""
    game = state.game
    if state.turn == CHANCE:
        faces = []
        for _ in range(state.rolling.bit_count()):
            action, face = divmod(action, SIDES)
            faces.append(str(face + 1))
        return outcome(int("".join(faces)))
    if action == 0:
        return PASS
    if action < 1 << DICE:
        return next(move for move, mask in game.mask_of.items() if mask == action)
    return place(game.boxes[state.mover][action - (1 << DICE)])


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Yacht)
