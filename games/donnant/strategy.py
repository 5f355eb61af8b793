"""What agents know of Donnant Donnant beyond its rules: an evaluation, the
score each player may expect at the end from the tableau so far (RULINGS
DD10, DD11), turned into a value from -1 to 1 as the game pays it (a place
among 2-4 players; won or lost against the level's target alone, DD14).

The expected score of a tableau is what its completed scoring cards pay
now (:func:`.scoring.score`, exact), plus what its scoring cards may still
add at the end, every card counted by its chance of being completed and
every place of the 3 by 3 the tableau will fill still empty by its chance of
holding a completed card of some colour (so a lines card counts the lines
it may complete, a neighbours card its neighbours to come, not only what
scores now), plus the bonus uses still to tick and a card to come in each
empty place. The chance of completing a card falls
with what its empty boxes still demand (a number and a colour demand more
than a white box; equal groups, increasing rows and sums more again) and
with the turns left. Greedy values its moves by it; ``mcts`` values the
new nodes of its search by it, every player's (no playout to the end).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from . import scoring
from .cards import COLOURS, Card
from .state import ACTIVE, COMPLETE, JOKER_CARD, PLACE, PRICES, SOLO_WRITE, USE, DonnantState

#: The game (rules.py's Donnant, which imports this module: not imported back).
Donnant = Any

#: What an empty box demands, in "hardness": a number and a colour, a number,
#: a colour, anything; and what each box of a card with a relation between
#: its boxes (equal groups, increasing, a sum) adds.
HARD_BOTH, HARD_VALUE, HARD_COLOUR, HARD_ANY, HARD_RELATION = 1.0, 0.6, 0.3, 0.1, 0.3
#: How fast the chance of completing a card falls with the hardness of its empty boxes.
STEEPNESS = 0.45
#: A bonus use still to tick, in points (an adjust, a recolour, a second die, a die fewer to buy).
USE_POINTS = 0.6
#: A place of the 3 by 3 tableau still empty, in points (a card still to buy or draw there).
FUTURE_POINTS = 3.0
#: A purchase the dice allow, in points; what a roll still to come is worth on average.
BUY_POINTS, ROLL_POINTS = 3.0, 1.0
#: A passive write alone (DD14), in points.
WRITE_POINTS = 1.0
#: The rounds one reckons are left while no tableau is full (2-4 players), per card still to buy.
ROUNDS_PER_CARD = 1.2
#: How many points of expected score make the difference between sure loss and sure win.
SCALE_SOLO, SCALE_PLAYERS = 40.0, 25.0
#: Tableaux whose expected score is known, kept while fewer than this (a search meets the same ones often).
CACHE_SIZE = 200_000


def box_hardness(card: Card) -> tuple[float, ...]:
    """What each box of ``card`` demands, in hardness (:data:`HARD_BOTH`…)."""
    objective = card.objective
    relation = HARD_RELATION if objective.increasing or objective.groups or objective.at_least else 0.0
    out = []
    for box in objective.boxes:
        if box.value is not None and box.colour is not None:
            hard = HARD_BOTH
        elif box.value is not None:
            hard = HARD_VALUE
        elif box.colour is not None:
            hard = HARD_COLOUR
        else:
            hard = HARD_ANY
        out.append(hard + relation)
    return tuple(out)


def _tables(game: Donnant) -> tuple[dict[int, tuple[float, ...]], dict]:
    tables = game.__dict__.get("_strategy")
    if tables is None:
        tables = game.__dict__["_strategy"] = ({c.number: box_hardness(c) for c in game.cards}, {})
    return tables


def turns_left(game: Donnant, state: DonnantState) -> float:
    """The turns (rounds, among several players) one reckons are left: known
    alone (the level's turns, or the end already started, DD14) and once a
    ninth card has started the end (DD12); else from the fullest tableau."""
    if game.solo:
        end = game.turns if state.last_round < 0 else min(game.turns, state.last_round)
        return max(0.0, end - state.removed)
    if state.last_round >= 0:
        return max(0.0, state.last_round - state.rounds)
    fullest = max(sum(slot is not None for slot in t) for t in state.tableaux)
    return 2.0 + ROUNDS_PER_CARD * max(0, 9 - fullest)


def _frame(tableau: tuple) -> tuple[int, ...]:
    """The nine places of the 3 by 3 tableau ``tableau`` (25 places, column-major) will
    fill: fixed once its cards span three columns and three rows, else the 3 by 3
    around its cards nearest the window's centre (any choice counts alike)."""
    taken = [i for i, slot in enumerate(tableau) if slot is not None]
    if not taken:
        return tuple(c * 5 + r for c in range(1, 4) for r in range(1, 4))
    cols = [i // 5 for i in taken]
    rows = [i % 5 for i in taken]
    c0 = min(min(cols), max(max(cols) - 2, 1))
    r0 = min(min(rows), max(max(rows) - 2, 1))
    return tuple(c * 5 + r for c in range(c0, c0 + 3) for r in range(r0, r0 + 3))


#: The frame's cells (0-8, column-major): each one's orthogonal neighbours, and its six lines.
_AROUND = tuple(
    tuple(c2 * 3 + r2 for c2, r2 in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)) if 0 <= c2 < 3 and 0 <= r2 < 3)
    for c in range(3)
    for r in range(3)
)
_LINES = tuple((c * 3, c * 3 + 1, c * 3 + 2) for c in range(3)) + tuple((r, 3 + r, 6 + r) for r in range(3))
#: The share of a place still empty one reckons will hold a card (bought or drawn) by the
#: end, per turn left and empty place; and the chance such a card is completed, at most.
FILL_PER_TURN, FUTURE_COMPLETE = 0.5, 0.5


def _expected(cells: list, done: list[float], colour_of: list[dict[str, float]]) -> float:
    """The points the frame's scoring cards may expect: each card at a cell (``cells``: its
    card or None) scores, if completed (chance ``done``), its points times what it counts,
    every other cell counted by its chance of being completed (``done``) or of having a
    colour (``colour_of``), independently (RULINGS DD11)."""
    total = 0.0
    lines = None
    for k, card in enumerate(cells):
        if card is None or not card.scoring or not done[k]:
            continue
        effect = card.effect
        kind = effect.kind
        if kind == "neighbours":
            count = sum(done[j] for j in _AROUND[k])
        elif kind == "colour":
            count = sum(cell.get(effect.colour, 0.0) for cell in colour_of)
        elif kind == "neighbour_colour":
            count = sum(colour_of[j].get(effect.colour, 0.0) for j in _AROUND[k])
        elif kind == "set":
            count = 1.0
            for colour in COLOURS:
                none = 1.0
                for cell in colour_of:
                    none *= 1.0 - cell.get(colour, 0.0)
                count *= 1.0 - none
        elif kind == "bonuses":
            kinds: dict[str, float] = {}
            for j, other in enumerate(cells):
                if other is not None and not other.scoring and done[j]:
                    kinds[other.effect.kind] = kinds.get(other.effect.kind, 1.0) * (1.0 - done[j])
            count = sum(1.0 - none for none in kinds.values())
        elif kind == "lines":
            if lines is None:
                lines = [done[a] * done[b] * done[c] for a, b, c in _LINES]
            count = 0.0
            for (a, b, c), chance in zip(_LINES, lines, strict=True):
                if k in (a, b, c):  # this card completed: its own chance counts as one
                    chance = (done[a] if a != k else 1.0) * (done[b] if b != k else 1.0) * (done[c] if c != k else 1.0)
                count += chance
        else:  # mono_lines
            count = sum(
                sum(colour_of[a].get(colour, 0.0) * colour_of[b].get(colour, 0.0) * colour_of[c].get(colour, 0.0)
                    for colour in COLOURS)
                for a, b, c in _LINES
            )  # fmt: skip
        total += done[k] * effect.points * count
    return total


def card_terms(game: Donnant, tableau: tuple, left: float) -> tuple[float, dict[int, tuple[float, float]]]:
    """The score ``tableau`` (a player's 25 places) may expect at the end with
    ``left`` turns to play: what it scores now, plus what its scoring cards may
    add as the cards not yet completed are completed (each by its chance) and the
    places still empty are filled (their chance, over the 3 by 3 the tableau will
    fill: a lines card counts the lines it may complete, not only those complete
    now), and each bonus use still to tick, and each place still empty (a card to
    come); and, by place, each card not completed's (chance, points its completion
    brings)."""
    hardness, cache = _tables(game)
    key = (tableau, round(left))
    found = cache.get(key)
    if found is not None:
        return found
    time = 1.0 - math.exp(-left / 2.0)
    card_of = game.card_of
    placed = {i: (slot, scoring.Placed(card_of[slot[0]], slot[1], slot[2]))
              for i, slot in enumerate(tableau) if slot is not None and slot[0] >= 0}  # fmt: skip
    base = {divmod(i, 5): p for i, (_, p) in placed.items()}
    now = scoring.score(base)
    total = float(now)
    uses_of, kind_of = game.uses_of, game.kind_of
    frame = _frame(tableau)
    empty = sum(tableau[i] is None for i in frame)
    fill = min(1.0, FILL_PER_TURN * left / empty) if empty else 0.0
    future = fill * FUTURE_COMPLETE * time
    cells: list = []
    done: list[float] = []
    colour_of: list[dict[str, float]] = []
    chances: dict[int, float] = {}
    own: dict[int, float] = {}
    for k, i in enumerate(frame):
        slot = tableau[i]
        if slot is None or slot[0] < 0:
            cells.append(None)
            done.append(future)
            colour_of.append(dict.fromkeys(COLOURS, fill / len(COLOURS)))
            continue
        number, written, ticks = slot
        card = card_of[number]
        cells.append(card)
        if kind_of[number] == "paint":  # no colour unless completed, then the best one (a fifth each here)
            colour_of.append(dict.fromkeys(COLOURS, 0.2) if None not in written else {})
        else:
            colour_of.append({card.colour: 1.0})
        if None not in written:
            done.append(1.0)
            if not card.scoring:
                total += USE_POINTS * time * (uses_of[number] - ticks)
            continue
        hard = sum(h for h, w in zip(hardness[number], written, strict=True) if w is None)
        chance = time * math.exp(-STEEPNESS * hard)
        done.append(chance)
        chances[k] = chance
        if not card.scoring and kind_of[number] != "paint":
            own[k] = USE_POINTS * time * uses_of[number]
    sure = [d if d == 1.0 else 0.0 for d in done]
    expected = _expected(cells, done, colour_of)
    present = [{} if card is None else c for card, c in zip(cells, colour_of, strict=True)]
    total += expected - _expected(cells, sure, present)  # what may come, beyond what scores now
    open_cards: dict[int, tuple[float, float]] = {}
    for k, chance in chances.items():
        done[k] = 1.0
        if cells[k].effect.kind == "paint":
            colour_of[k] = dict.fromkeys(COLOURS, 0.2)
        gain = _expected(cells, done, colour_of)
        done[k] = 0.0
        if cells[k].effect.kind == "paint":
            colour_of[k] = {}
        gain -= _expected(cells, done, colour_of)
        done[k] = chance
        gain += own.get(k, 0.0)
        total += chance * own.get(k, 0.0)
        open_cards[frame[k]] = (chance, gain)
    total += FUTURE_POINTS * time * (9 - len(placed))  # the places still to fill
    found = (total, open_cards)
    if len(cache) < CACHE_SIZE:
        cache[key] = found
    return found


def expected_score(game: Donnant, tableau: tuple, left: float) -> float:
    """The expected score of :func:`card_terms`."""
    return card_terms(game, tableau, left)[0]


@functools.cache
def more_alike(need: int, dice: int, rolls: int) -> float:
    """The chance that ``rolls`` rolls of ``dice`` dice, each roll's dice of
    the value sought set aside, show that value ``need`` times in all (the
    way to a purchase, DD5, DD7)."""
    if need <= 0:
        return 1.0
    if rolls <= 0 or dice < need:
        return 0.0
    return sum(
        math.comb(dice, j) * (1 / 6) ** j * (5 / 6) ** (dice - j) * more_alike(need - j, dice - j, rolls - 1)
        for j in range(dice + 1)
    )


def in_hand(game: Donnant, state: DonnantState, open_cards: dict[int, tuple[float, float]]) -> float:
    """What the active player's dice are worth beyond the tableau: the best
    card they complete now (its chance raised to one), or a purchase
    (:data:`BUY_POINTS`) times the chance the dice alike and the rolls left
    make one (:func:`more_alike`); a card being completed, its points; a card
    bought or drawn and not yet placed, a purchase. Alone, each passive write
    the rerolls leave (3, 2 or 1, DD14) is worth :data:`WRITE_POINTS`."""

    phase = state.phase
    solo = game.solo
    if phase == SOLO_WRITE:
        return WRITE_POINTS * state.writes
    rolls = state.rolls + (1 if state.to_roll else 0)  # a roll under way counts
    writes = WRITE_POINTS * (3 - min(2, max(0, rolls - 1))) if solo else 0.0
    if phase in (PLACE, JOKER_CARD):  # a card to place
        return BUY_POINTS + writes
    if phase == COMPLETE:
        chance, gain = open_cards.get(state.completing, (1.0, 0.0))
        return (1 - chance) * gain + writes
    if phase not in (ACTIVE, USE) or rolls == 0:
        return writes if phase in (ACTIVE, USE) else 0.0
    me = state.active
    tableau = state.tableaux[me]
    dice = tuple((k, state.dice[k]) for k in range(5) if not state.used >> k & 1 and state.dice[k])
    best = 0.0
    if open_cards and not state.to_roll:
        adjust, recolour = game.left(tableau, "adjust"), game.left(tableau, "recolour")
        for i, (chance, gain) in open_cards.items():
            slot = tableau[i]
            assert slot is not None  # an open card lies there
            if (1 - chance) * gain > best and game.can_complete(slot[0], slot[1], dice, adjust, recolour):
                best = (1 - chance) * gain
    if best < BUY_POINTS and sum(slot is not None for slot in tableau) < 9:  # a purchase, +1/-1 aside (DD7)
        prices = [PRICES[slot % 4] for slot in range(8) if state.market[slot] >= 0]
        if prices:
            alike = max((sum(v == value for _, v in dice) for value in range(1, 7)), default=0)
            need = min(prices) - game.left(tableau, "discount") - alike
            left = 3 - rolls + (1 if state.to_roll else 0) if phase == ACTIVE else 0
            best = max(best, BUY_POINTS * more_alike(need, 5 - alike if phase == ACTIVE else 0, left))
    if state.to_roll:
        best = max(best, ROLL_POINTS)
    return best + writes


def expected_scores(game: Donnant, state: DonnantState) -> list[float]:
    """Every player's :func:`expected_score`."""
    left = turns_left(game, state)
    out = []
    for p, tableau in enumerate(state.tableaux):
        total, open_cards = card_terms(game, tableau, left)
        if p == state.active and state.outcome is None:
            total += in_hand(game, state, open_cards)
        out.append(total)
    return out


def evaluate(game: Donnant, state: DonnantState, player: int) -> float:
    """How good ``state`` is for ``player``, strictly between -1 and 1: alone,
    the expected score against the level's target (won above it, DD14);
    among several, against the mean of the others' (the best place above)."""
    last = game.__dict__.get("_strategy_last")
    if last is not None and last[0] is state:  # a search asks every player's value of one position in turn
        scores = last[1]
    else:
        scores = expected_scores(game, state)
        game.__dict__["_strategy_last"] = (state, scores)
    if game.solo:
        return math.tanh((scores[0] - game.target) / SCALE_SOLO)
    mine = scores[player]
    others = [s for p, s in enumerate(scores) if p != player]
    return math.tanh((mine - sum(others) / len(others)) / SCALE_PLAYERS)
