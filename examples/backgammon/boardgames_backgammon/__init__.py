"""Backgammon, as OpenSpiel's ``backgammon`` plays it (win or loss: no gammons).

Each player races 15 checkers round the 24 points (numbered from the mover's
side) to its home board, points 1 to 6, and bears them off. Each die moves
one checker that many points, onto a point with at most one of the other
side's checkers (a blot: hit, it goes to the bar, and must enter the other
side's home board before its side moves anything else). Both dice must be
played if they can be, else the higher one; doubles are played four times, in
two moves of two (as OpenSpiel splits them). Bearing off needs every checker
home: by the exact number, or a higher one from the furthest point. The first
to bear off all 15 wins; the opening roll, two different dice, picks who starts.

Moves as players write them, from the mover's side: ``24/23 13/11``,
``bar/22``, ``6/off``, ``13/8/3``, ``8/5(2)``, ``13/7*`` (a hit), ``pass``.
Rolls: ``start:white:13`` (the opening) and ``roll:64``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import CHANCE, PASS, Counted, Die, Game, Grid, IllegalMoveError, Move, Outcome, State, hookimpl, outcome

CHECKERS, MAX_TURNS = 15, 500
#: OpenSpiel's rolls in order: (1, 2), (2, 1), (1, 3), (3, 1) ... (5, 6), (6, 5), then the doubles.
ROLLS = (*(p for a in range(1, 7) for b in range(a + 1, 7) for p in ((a, b), (b, a))), *((d, d) for d in range(1, 7)))
LATER = 100  # a later roll k is outcome LATER + k; the opening roll (who starts and the dice) 0-29
OPENING = tuple((outcome(k), 1 / 30) for k in range(30))
ROLLING = tuple((outcome(LATER + k), 1 / 36) for k in range(36))
#: Points in OpenSpiel's numbering (0-23) in two rows of 12, the bar (g) and the trays (n) between and beside.
GRID = Grid.get(14, 2)  # white (OpenSpiel's X) bears off top right, into n2; black bottom right
POINT = tuple(GRID.index(11 - p + (p < 6), 0) if p < 12 else GRID.index(p - 12 + (p > 17), 1) for p in range(24))
BAR, OFF = (GRID.index(6, 1), GRID.index(6, 0)), (GRID.index(13, 1), GRID.index(13, 0))
#: POS[p][h]: OpenSpiel's position of player p's point h (1-24, counted from p's home; 0 and 25 unused).
POS = ((0, *range(23, -1, -1), 0), (0, *range(24), 0))
#: HUMAN[p][site]: the number p calls a site: its point, 25 for p's bar, 0 for p's tray.
HUMAN = tuple({**{POINT[POS[p][h]]: h for h in range(1, 25)}, BAR[p]: 25, OFF[p]: 0} for p in (0, 1))
SITE = tuple(tuple([OFF[p]] + [POINT[POS[p][h]] for h in range(1, 25)] + [BAR[p]]) for p in (0, 1))
START = tuple({0: 2, 11: 5, 16: 3, 18: 5, 23: -2, 12: -5, 7: -3, 5: -5}.get(i, 0) for i in range(24))


def _name(h: int) -> str:
    return "bar" if h == 25 else "off" if h <= 0 else str(h)


def label(pairs: tuple[tuple[int, int], ...], theirs: list[int]) -> str:
    """OpenSpiel's way of writing checker moves (from, to: the mover's points, 25 the bar, 0 off),
    lower case: the higher start first, one checker's two steps as 13/8/3, twins as 8/5(2), hits with *."""
    moves = [(s, t if t > 0 else -2, t > 0 and theirs[t] == 1) for s, t in pairs]
    (s0, e0, h0) = moves[0]
    if len(moves) == 1:
        return f"{_name(s0)}/{_name(e0)}{'*' * h0}"
    (s1, e1, h1) = moves[1]
    if (s0, e0) == (s1, e1):
        return f"{_name(s0)}/{_name(e0)}{'*' * h0}(2)"
    if s0 < s1 or (s0 == s1 and e0 < e1):
        (s0, e0, h0), (s1, e1, h1) = moves[1], moves[0]
    if e0 == s1:
        return f"{_name(s0)}/{_name(e0)}{'*' * h0}/{_name(e1)}{'*' * h1}"
    return f"{_name(s0)}/{_name(e0)}{'*' * h0} {_name(s1)}/{_name(e1)}{'*' * (h1 and not (h0 and e0 == e1))}"


def singles(mine: list[int], theirs: list[int], dice: tuple[int, ...]) -> list[tuple[int, int]]:
    """Each (point, die) a checker may move by: from the bar first; off with all home, exactly or from the furthest."""
    dice = set(dice)
    if mine[25]:
        return [(25, d) for d in dice if theirs[25 - d] <= 1]
    home = not any(mine[7:25])
    furthest = max((h for h in range(1, 7) if mine[h]), default=0) if home else 0
    out = []
    for h in range(1, 25):
        if mine[h]:
            for d in dice:
                t = h - d
                if (home and (t == 0 or h == furthest)) if t <= 0 else theirs[t] <= 1:
                    out.append((h, d))
    return out


@attrs.frozen(kw_only=True, slots=False)
class BackgammonState(State):
    #: Checkers on OpenSpiel's positions 0-23: white's counted positive, black's negative.
    points: tuple[int, ...] = START
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    dice: tuple[int, ...] = ()  # the roll being played: () before it
    second: bool = False  # playing the second half of doubles
    turns: tuple[int, int] = (0, 0)
    last: int = -1  # who moved last (-1: no one yet)


class Backgammon(Game[BackgammonState]):
    name = "backgammon"
    title = "Backgammon"
    summary = "Race your 15 checkers home and bear them off, hitting blots (OpenSpiel's backgammon)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#212121")
    counted = Counted("checker", "checkers", "point", owned=True, stacked=5, plain=BAR + OFF)
    chance_words = ("start",)
    rules_text = __doc__ or ""
    max_length = 1 + 3 * (MAX_TURNS + 1)

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> BackgammonState:
        return BackgammonState(game=self, turn=CHANCE)

    def chance_outcomes(self, state: BackgammonState) -> tuple[tuple[Move, float], ...]:
        return OPENING if state.last < 0 else ROLLING

    def format_outcome(self, move: Move) -> str:
        if move.to < LATER:
            return f"start:{self.player_names[move.to % 2]}:{''.join(map(str, ROLLS[move.to]))}"
        return "roll:" + "".join(map(str, ROLLS[move.to - LATER]))

    def sides(self, state: BackgammonState, p: int) -> tuple[list[int], list[int]]:
        """The mover's checkers and the other side's by the mover's points (0 off, 25 the bar)."""
        ns = [state.points[POS[p][h]] * (1 - 2 * p) for h in range(1, 25)]
        return [state.off[p], *(max(n, 0) for n in ns), state.bar[p]], [0, *(max(-n, 0) for n in ns), 0]

    def choices(self, state: BackgammonState) -> tuple[Move, ...]:
        """The legal moves (OpenSpiel's legal actions: one per pair of steps, whatever their order)."""
        found = state.__dict__.get("_choices")
        if found is not None:
            return found
        p, dice = state.turn, state.dice
        mine, theirs = self.sides(state, p)
        seqs, site = {}, SITE[p]  # the steps (from, to, from, to), in an order of their own: the die first used
        for h, d in singles(mine, theirs, dice):
            t = h - d if h > d else 0
            hit = t > 0 and theirs[t] == 1
            mine[h], mine[t], theirs[t] = mine[h] - 1, mine[t] + 1, theirs[t] - hit
            seconds = singles(mine, theirs, dice[1:] if dice[0] == d else dice[:1])
            mine[h], mine[t], theirs[t] = mine[h] + 1, mine[t] - 1, theirs[t] + hit
            for h2, d2 in seconds:
                t2 = h2 - d2 if h2 > d2 else 0
                key = (h, t, h2, t2) if (h, t) <= (h2, t2) else (h2, t2, h, t)
                if key not in seqs:
                    a, b = site[h2], site[t2]
                    seqs[key] = Move(site[h], site[t], (a, b) if a < b else (b, a))  # marks in square order
            if not seconds:
                seqs.setdefault((d, h, t), None)
        if any(len(key) == 4 for key in seqs):
            found = tuple(sorted(m for m in seqs.values() if m is not None))
        else:  # one number only: the highest that can be played
            top = max((key[0] for key in seqs), default=0)
            found = tuple(sorted({Move(site[h], site[t]) for d, h, t in seqs if d == top})) or (PASS,)
        state.__dict__["_choices"] = found
        return found

    def generate_moves(self, state: BackgammonState) -> tuple[Move, ...]:
        return self.choices(state)

    def write_notation(self, state: BackgammonState, move: Move) -> str:
        return label(steps(move, state.turn), self.sides(state, state.turn)[1]) if move.to >= 0 else "pass"

    def read_notation(self, state: BackgammonState, text: str) -> Move | None:
        """Checker moves typed as players write them, in any order, with or without * and chains;
        steps that are no legal move are refused here, saying why."""
        wanted = steps_of(text.lower())
        if wanted is None or state.turn < 0:
            return None
        for move in self.choices(state):
            if sorted(steps(move, state.turn)) == wanted:
                return move
        mine, _ = self.sides(state, state.turn)
        who, dice = self.player_names[state.turn], "-".join(map(str, state.dice))
        why = f"not one of the moves {dice} allows here (as {state.format_move(state.legal_moves[0])})"
        for a, b in wanted:
            if a == 25 and not mine[25]:
                why = f"{who} has no checker on the bar"
            elif mine[25] and a != 25:
                why = f"{who} has a checker on the bar: it enters first"
            elif a != 25 and not mine[a] and a not in (t for _, t in wanted):
                why = f"{who} has no checker on {_name(a)}"
            elif b > 0 and a - b not in state.dice:
                why = f"{_name(a)}/{_name(b)} is {a - b} point{'s' * (a - b != 1)}: the dice are {dice}"
        raise IllegalMoveError(f"illegal move {text!r} in {state.describe()}: {why}")

    def apply(self, state: BackgammonState, move: Move) -> BackgammonState:
        history = state.history + (move,)
        if state.turn == CHANCE:
            if move.to < LATER:  # the opening roll: who starts too
                return attrs.evolve(state, history=history, turn=move.to % 2, dice=ROLLS[move.to], last=1 - move.to % 2)
            return attrs.evolve(state, history=history, turn=1 - state.last, dice=ROLLS[move.to - LATER])
        p, sign = state.turn, 1 - 2 * state.turn
        points, bar, off = list(state.points), list(state.bar), list(state.off)
        for a, b in steps(move, p):
            bar[p] -= a == 25
            points[POS[p][a]] -= sign * (a != 25)
            if b == 0:
                off[p] += 1
                continue
            at = POS[p][b]
            if points[at] == -sign:  # a blot: hit, to the bar
                points[at] = 0
                bar[1 - p] += 1
            points[at] += sign
        turns = state.turns if state.second else tuple(n + (i == p) for i, n in enumerate(state.turns))
        again = not state.second and state.dice[0] == state.dice[1] and len(move.marks) == 2
        after = BackgammonState(
            game=self, history=history, turn=p if again else CHANCE, points=tuple(points), bar=(bar[0], bar[1]),
            off=(off[0], off[1]), dice=state.dice if again else (), second=again, turns=turns, last=p,
        )  # fmt: skip
        if off[p] == CHECKERS:
            return attrs.evolve(after, outcome=Outcome(p, f"{self.player_names[p]} bore off all {CHECKERS} checkers"))
        if sum(turns) > MAX_TURNS:  # OpenSpiel's max_player_turns: past 500 turns in all, a draw
            return attrs.evolve(after, outcome=Outcome(None, f"more than {MAX_TURNS} turns played: a draw"))
        return after

    def owners(self, state: BackgammonState) -> dict[int, int]:
        return {}

    def counts(self, state: BackgammonState) -> dict[int, tuple[int, int | None]]:
        shown = {POINT[i]: (abs(n), int(n < 0)) for i, n in enumerate(state.points) if n}  # empty points drawn empty
        return shown | {BAR[p]: (state.bar[p], p) for p in (0, 1)} | {OFF[p]: (state.off[p], p) for p in (0, 1)}

    def dice(self, state: BackgammonState) -> tuple[Die, ...]:
        return tuple(Die(d, owner=state.turn) for d in state.dice)


def steps(move: Move, p: int) -> list[tuple[int, int]]:
    """A move's checker steps by player p's numbers: (from, to), 25 the bar, 0 off; the second
    step's squares are the marks, in square order: it goes from the higher number to the lower."""
    human = HUMAN[p]
    first = [(human[move.origin], human[move.to])] if move.to >= 0 else []
    return first + [tuple(sorted(map(human.get, move.marks), reverse=True))] if move.marks else first


def steps_of(text: str) -> list[tuple[int, int]] | None:
    """``13/8/3 24/23*(2)`` as sorted (from, to) steps; None where the text is not checker moves."""
    steps = []
    for word in text.replace("*", "").split():
        word, times = (word[:-3], int(word[-2])) if word[-3:-2] == "(" and word[-1] == ")" else (word, 1)
        names = word.split("/")
        if len(names) < 2 or not all(n in ("bar", "off") or n.isdigit() for n in names) or not word:
            return None
        hs = [25 if n == "bar" else 0 if n == "off" else int(n) for n in names]
        steps += [(a, b) for a, b in zip(hs, hs[1:], strict=False)] * times
    return sorted(steps) if steps else None


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Backgammon)
