"""The playouts that feed RAVE: random games recording each player's moves,
with the eye rule and MAST's move averages; and the random draws the search
shares (a shuffle as fast as the generator allows)."""

from __future__ import annotations

import random

from ...rules.bitboard import BitboardState
from ...rules.chance import CHANCE
from ...rules.game import State
from ...rules.moves import PASS, Move
from ...rules.parts import random_whole_move


class Averages(dict):
    """MAST's table for one player: a move's average value over the playouts
    that played it, and its counts; an unseen move is worth an even 0.5."""

    def __init__(self) -> None:
        super().__init__()
        # A pass is never the greedy choice: where two passes end the game
        # (Go), playouts that learnt to pass would stop at once.
        self[PASS] = -1.0
        self.sums: dict[Move, float] = {}
        self.counts: dict[Move, int] = {}

    def __missing__(self, move: Move) -> float:
        return 0.5


#: MAST's share of playout moves drawn uniformly at random (epsilon-greedy,
#: Tak, Winands and Björnsson's 0.4).
MAST_EPSILON = 0.4


def update_mast(mast: tuple[Averages, Averages], played: tuple[list[Move], list[Move]], value: float) -> None:
    for player, moves in enumerate(played):
        table = mast[player]
        sums, counts = table.sums, table.counts
        share = value if player == 0 else 1 - value
        for move in set(moves).difference((PASS,)):
            total = sums[move] = sums.get(move, 0.0) + share
            n = counts[move] = counts.get(move, 0) + 1
            table[move] = total / n


def eyes_of(state: State) -> tuple[int, ...] | None:
    """Each site's neighbours as a mask, where the state's pieces are masks (for the eye rule), else None:
    a playout given them reads ``state.boards`` (a BitboardState's)."""
    grid = getattr(state.game, "grid", None)
    return grid.beside if isinstance(state, BitboardState) and grid is not None else None


def _no_eye(moves: tuple[Move, ...] | list[Move], mine: int, beside: tuple[int, ...]) -> list[Move]:
    """The moves but placements on a site all of whose neighbours are ``mine``."""
    return [m for m in moves if m.origin >= 0 or m.to < 0 or beside[m.to] & ~mine]


def recorded_playout(
    state: State,
    rng: random.Random,
    mast: tuple[Averages, Averages] | None = None,
    eyes: tuple[int, ...] | None = None,
) -> tuple[int | None, tuple[list[Move], list[Move]]]:
    """A random playout, with the moves each player played in it (by the
    player's index), for RAVE; the winner's index or None. It draws exactly
    as ``rng.choice`` over ``state.legal_moves`` would, but inlined, and goes
    to the game's own ``generate_moves`` and ``apply`` (what ``legal_moves``
    and ``play_unchecked`` call) where the state class does not change them:
    the calls in between cost a quarter of a Hex playout."""
    played: tuple[list[Move], list[Move]] = ([], [])
    cls = type(state)
    if not (_inlinable(rng) and cls.legal_moves is State.legal_moves and cls.play_unchecked is State.play_unchecked):
        choice = rng.choice
        while state.outcome is None:
            moves = state.legal_moves
            move = choice(moves)
            if mast is not None and len(moves) > 1 and rng.random() >= MAST_EPSILON:
                r = moves.index(move)  # as below: the best by MAST, from the one drawn on
                move = max((*moves[r:], *moves[:r]), key=mast[state.turn].__getitem__)
            if eyes is not None and move.origin < 0 and move.to >= 0:  # as below
                mine = state.boards[state.turn]  # type: ignore[attr-defined]
                if not eyes[move.to] & ~mine:
                    move = choice(_no_eye(moves, mine, eyes) or moves)
            played[state.turn].append(move)
            state = state.play_unchecked(move)
        return state.outcome.winner_index, played
    if state.outcome is not None:
        return state.outcome.winner_index, played
    game = state.game
    generate, apply, getrandbits = game.generate_moves, game.apply, rng.getrandbits
    record = (played[0].append, played[1].append)
    moves = state.legal_moves  # the leaf's, listed when its node was made
    chance = rng.random
    values = None if mast is None else (mast[0].__getitem__, mast[1].__getitem__)
    while True:
        n = len(moves)
        k = n.bit_length()
        r = getrandbits(k)  # random.Random.choice's draw: k bits until one below n
        while r >= n:
            if not n:
                raise IndexError("an ongoing position with no legal moves")
            r = getrandbits(k)
        if values is not None and n > 1 and chance() >= MAST_EPSILON:
            # the best by MAST, ties to the first from the random one on
            move = max((*moves[r:], *moves[:r]), key=values[state.turn])
        else:
            move = moves[r]
        if eyes is not None and move.origin < 0 and (to := move.to) >= 0:
            mine = state.boards[state.turn]  # type: ignore[attr-defined]  # a BitboardState's: see _eyes
            if not eyes[to] & ~mine:  # one's own eye (every neighbour one's own): another move, while there is one
                move = rng.choice(_no_eye(moves, mine, eyes) or moves)
        record[state.turn](move)
        state = apply(state, move)
        if state.outcome is not None:
            return state.outcome.winner_index, played
        moves = generate(state)


#: Random classes whose draws :func:`_inlinable` has judged.
_INLINABLE: dict[type, bool] = {}


def _inlinable(rng: random.Random) -> bool:
    """Whether ``rng`` chooses and shuffles as ``random.Random`` does (an
    integer below n from getrandbits, by rejection), so that the search may
    draw the same numbers inline, without two calls a draw."""
    cls = type(rng)
    known = _INLINABLE.get(cls)
    if known is None:
        base = random.Random
        known = _INLINABLE[cls] = (
            getattr(cls, "_randbelow", None) is getattr(base, "_randbelow_with_getrandbits", False)
            and cls.choice is base.choice
            and cls.shuffle is base.shuffle
        )
    return known


def shuffle(items: list[Move], rng: random.Random) -> None:
    """``rng.shuffle(items)``, drawing the same numbers (inline where it can:
    shuffling a new node's moves was a tenth of a Hex simulation)."""
    if not _inlinable(rng):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def returns_playout(state: State, rng: random.Random, policy: str = "random") -> tuple[float, ...]:
    """Play ``state`` out at random and return every player's value at the end
    (:meth:`State.scaled_returns`, -1 to 1): the playout of the search beyond two players
    taking turns in full view. Chance draws its outcomes by their
    probabilities (:meth:`State.draw_chance`); a game whose moves are made in
    parts is played part by part; ``heuristic`` takes a move that wins at once
    where the game tests that quickly."""
    game = state.game
    apply, choice = game.apply, rng.choice
    in_parts = game.moves_in_parts
    look_for_wins = policy == "heuristic" and game.quick_wins_test and not in_parts
    while state.outcome is None:
        if state.turn == CHANCE:
            move = state.draw_chance(rng)
        elif in_parts:
            move = random_whole_move(state, rng, most=game.parts_per_move)
        else:
            moves = state.legal_moves
            winning = next((m for m in moves if game.wins_at_once(state, m)), None) if look_for_wins else None
            move = choice(moves) if winning is None else winning
        state = apply(state, move)
    return state.scaled_returns()
