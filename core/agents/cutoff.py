"""Playouts cut short and valued by mobility: a simulation for any game,
from its rules alone, that costs a few plies instead of a whole game.

Mobility is the classic knowledge-free evaluation of general game playing
(Clune's, Ludii's): the side with more ways to move is better off. Here it
is the number of ways the player to move can begin a move, its distinct
(origin, destination) pairs (a placement: its squares), so that a game
made in parts (Amazons) is counted by its queen moves without listing the
2,000 whole moves with their shots; or, where no piece ever leaves the
board, the distinct squares its pieces reach (:func:`reach`: the room they
command, the territory of Amazons' classic evaluations, where pairs count a
square once for every amazon that reaches it). It says nothing where every
empty square is a move for either side (Go, Hex). :func:`probe` finds out
both from a few random games, so that ``mcts`` uses mobility only where
it tells the sides apart, counted the way that suits the game
(docs/strength.md).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable

from ..geometry import bits
from ..rules.game import Game, State
from ..rules.moves import Move
from ..rules.parts import random_whole_move


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


def reach(state: State) -> int:
    """The distinct squares the player to move can move a piece to or place
    one on (a square reached by two pieces counts once); 0 once the game is over."""
    if state.outcome is not None:
        return 0
    if not state.game.moves_in_parts:
        return len({move.to for move in state.legal_moves if not move.is_pass})
    parts = state.parts()
    squares = parts.targets  # placements
    for origin in bits(parts.origins):
        squares |= state.parts(Move(origin, -1, ())).targets
    return squares.bit_count()


def cut_playout(state: State, rng: random.Random, plies: int, count: Callable[[State], int] = mobility) -> float:
    """Play ``plies`` random moves (part by part where the game has parts),
    then the share of mobility of the player who moved last: their mobility
    (``count``: :func:`mobility` or :func:`reach`) a ply ago against the
    mobility of the player to move now, from 0 to 1. The value is for
    player 0 (a finished game: 1, 0 or 0.5)."""
    game = state.game
    in_parts = game.moves_in_parts
    before = state
    for _ in range(plies):
        if state.outcome is not None:
            break
        before = state
        move = random_whole_move(state, rng, most=game.parts_per_move) if in_parts else rng.choice(state.legal_moves)
        state = game.apply(state, move)
    outcome = state.outcome
    if outcome is not None:
        return 0.5 if outcome.winner_index is None else float(outcome.winner_index == 0)
    if before is state:  # no move played: the position is valued as it stands, even
        return 0.5
    theirs, mine = count(state), count(before)  # the player to move now, and the one who just moved
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

_PROBES: dict[Game, tuple[bool, bool]] = {}


def tells(game: Game) -> bool:
    """Whether mobility tells the sides of ``game`` apart (:func:`probe`)."""
    return probe(game)[0]


def counts_squares(game: Game) -> bool:
    """Whether ``game``'s mobility is better counted in squares reached
    (:func:`reach`) than in moves (:func:`probe`)."""
    return probe(game)[1]


def probe(game: Game, games: int = 8) -> tuple[bool, bool]:
    """What a few random games from the start say about mobility in
    ``game`` (drawn from a fixed seed, so the answer is the game's own;
    asked once a game): whether it tells the sides apart, and whether to
    count it in squares.

    It tells them apart where the median gap between the mobility of the
    player who moved and of the next, less the square the move took (on a
    small board that one alone looks like a gap: Tic-tac-toe), is at least
    :data:`TELLS_APART`. It is counted in squares where no piece ever
    leaves the board nor changes hands (Amazons: each side's room is what
    matters, and a square two amazons reach is no more room); where pieces
    are taken (Breakthrough), in moves, which count each piece with its
    freedom (each choice measured in docs/strength.md).
    For placements the two counts are the same."""
    known = _PROBES.get(game)
    if known is None:
        rng, gaps, taken = random.Random(0), [], False
        for _ in range(games):
            state = game.start()
            before, held = mobility(state), _held(state)
            # The first 200 moves of each game tell it (every example's answer is the same as from whole
            # games), and a game whose random games last 1,000 moves (Chinese checkers) is probed in 0.1 s, not 1.
            for _ in range(min(game.max_length, 200)):
                if state.outcome is not None:
                    break
                state = game.apply(state, random_whole_move(state, rng))
                now, holds = mobility(state), _held(state)
                if state.outcome is None and before + now:
                    gaps.append(max(0, abs(before - now) - 1) / (before + now))
                taken = taken or any(holds[player] < count for player, count in held.items())
                before, held = now, holds
        known = _PROBES[game] = (bool(gaps) and statistics.median(gaps) >= TELLS_APART, not taken)
    return known


def _held(state: State) -> Counter[int]:
    """How many pieces each player has on the board."""
    return Counter(state.owners().values())
