"""Playouts cut short and valued by mobility: a simulation for any game,
from its rules alone, that costs a few plies instead of a whole game.

Mobility is the classic knowledge-free evaluation of general game playing
(Clune's, Ludii's): the side with more ways to move is better off. Here it
is the number of ways the player to move can begin a move, its distinct
(origin, destination) pairs (a placement: its squares), so that a game
made in parts (Amazons) is counted by its queen moves without listing the
2,000 whole moves with their shots. It says nothing where every empty
square is a move for either side (Go, Hex), and :func:`tells` finds that
out from a few random games, so that ``mcts`` uses it only where it tells
the sides apart (docs/strength.md).
"""

from __future__ import annotations

import random
import statistics

from ..game import Game, State
from ..geometry import bits
from ..moves import Move
from ..parts import random_move


def mobility(state: State) -> int:
    """The ways the player to move can begin a move: (origin, destination)
    pairs, a pass not counted; 0 once the game is over."""
    if state.outcome is not None:
        return 0
    if not state.game.moves_in_parts:
        return len({(move.origin, move.to) for move in state.legal_moves if not move.is_pass})
    parts = state.parts()
    count = parts.targets.bit_count()  # placements
    for origin in bits(parts.origins):
        count += state.parts(Move(origin, -1, ())).targets.bit_count()
    return count


def cut_playout(state: State, rng: random.Random, plies: int) -> float:
    """Play ``plies`` random moves (part by part where the game has parts),
    then the share of mobility of the player who moved last: their mobility
    a ply ago against the mobility of the player to move now, from 0 to 1.
    The value is for player 0 (a finished game: 1, 0 or 0.5)."""
    game = state.game
    in_parts = game.moves_in_parts
    before = state
    for _ in range(plies):
        if state.outcome is not None:
            break
        before = state
        move = random_move(state.parts, rng) if in_parts else rng.choice(state.legal_moves)
        state = game.apply(state, move)
    outcome = state.outcome
    if outcome is not None:
        return 0.5 if outcome.winner_index is None else float(outcome.winner_index == 0)
    if before is state:  # no move played: the position is valued as it stands, even
        return 0.5
    theirs, mine = mobility(state), mobility(before)  # the player to move now, and the one who just moved
    share = 0.5 if theirs + mine == 0 else mine / (theirs + mine)
    return share if before.turn == 0 else 1 - share


#: How far apart, in the median position of random games, the two sides'
#: mobilities must be for mobility to tell them apart, beyond the one way to
#: move that the last move itself took ((|a - b| - 1) / (a + b), at least 0):
#: Tic-tac-toe, Hex 0 and Go 0.011 at 9×9, 0.005 at 13×13 and 19×19 (any
#: empty point is a move for either side, but for captures); Breakthrough
#: 0.038, Othello 0.071, Verso 0.10, Amazons 0.11. The bar sits halfway
#: (geometrically) between Go's and Breakthrough's, the closest on each side.
TELLS_APART = 0.02

_TELLS: dict[Game, bool] = {}


def tells(game: Game, games: int = 8) -> bool:
    """Whether mobility tells the sides of ``game`` apart: the median gap
    between the mobility of the player who moved and of the next, less the
    square the move took (on a small board that one alone looks like a
    gap: Tic-tac-toe), over the positions of ``games`` random games from the
    start (drawn from a fixed seed, so the answer is the game's own; asked
    once a game)."""
    known = _TELLS.get(game)
    if known is None:
        rng, gaps = random.Random(0), []
        for _ in range(games):
            state = game.start()
            before = mobility(state)
            for _ in range(min(game.max_length, 2_000)):  # a bound, should random play never end a game
                if state.outcome is not None:
                    break
                state = game.apply(state, random_move(state.parts, rng))
                now = mobility(state)
                if state.outcome is None and before + now:
                    gaps.append(max(0, abs(before - now) - 1) / (before + now))
                before = now
        known = _TELLS[game] = bool(gaps) and statistics.median(gaps) >= TELLS_APART
    return known
