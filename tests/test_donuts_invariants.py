"""Donuts invariants over 1,000 seeded random games, each move checked against
a plain coordinate implementation of D4–D8 written here, apart from the
engine's bit masks."""

from __future__ import annotations

import random

import pytest

import boardgames
from boardgames.games.donuts.tiles import lines_by_square

GAMES = 1000
STEPS = {"-": (1, 0), "|": (0, 1), "/": (1, 1), "\\": (-1, 1)}


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 6 and 0 <= r < 6


def line_squares(f: int, r: int, step: tuple[int, int]) -> list[tuple[int, int]]:
    """Every square of the whole line through (f, r) along ``step``, both ways."""
    out = []
    for sign in (1, -1):
        k = 1
        while on_board(f + sign * k * step[0], r + sign * k * step[1]):
            out.append((f + sign * k * step[0], r + sign * k * step[1]))
            k += 1
    return out


def reference_flips(board: dict, f: int, r: int, me: str) -> set:
    """D6: per axis, the squares just beyond the mover's run through (f, r)."""
    flips = set()
    for df, dr in STEPS.values():
        ends = []
        for sign in (1, -1):
            k = 1
            while board.get((f + sign * k * df, r + sign * k * dr)) == me:
                k += 1
            ends.append((f + sign * k * df, r + sign * k * dr))
        if all(on_board(*e) and board.get(e) not in (None, me) for e in ends):
            flips.update(ends)
    return flips


def has_five(board: dict, me: str) -> bool:
    for (f, r), owner in board.items():
        if owner != me:
            continue
        for df, dr in STEPS.values():
            if all(board.get((f + k * df, r + k * dr)) == me for k in range(5)):
                return True
    return False


def largest(board: dict, me: str) -> int:
    seen, best = set(), 0
    for start, owner in board.items():
        if owner != me or start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            f, r = stack.pop()
            size += 1
            for nb in ((f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)):
                if board.get(nb) == me and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        best = max(best, size)
    return best


def named(grid: boardgames.Grid, board: dict) -> dict[str, str]:
    """The reference board as ``State.pieces()`` gives it: names in square order."""
    return {grid.names[i]: o for i, o in sorted((grid.index(*sq), o) for sq, o in board.items())}


def coords(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_follow_d4_to_d8(chunk: int) -> None:
    donuts = boardgames.game_class("donuts")
    results = {"won": 0, "drawn": 0}
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        rng = random.Random(seed)
        game = donuts.configure(seed=seed)
        lines = {coords(game.grid.names[sq]): line for sq, line in enumerate(lines_by_square(game.options["board"]))}
        state = game.start()
        board: dict[tuple[int, int], str] = {}
        placed = {"chocolate": 0, "vanilla": 0}
        last = None
        while not state.is_over:
            me = state.to_move
            legal = [coords(state.format_move(m)) for m in state.legal_moves]
            # D4/D5: the line through the square just played, or anywhere if it is full.
            empty = [(f, r) for f in range(6) for r in range(6) if (f, r) not in board]
            expected = empty
            if last is not None:
                on_line = [sq for sq in line_squares(*last, STEPS[lines[last]]) if sq not in board]
                expected = on_line or empty
            assert sorted(legal) == sorted(expected), (seed, state.describe())
            move = rng.choice(state.legal_moves)
            f, r = coords(state.format_move(move))
            flips = reference_flips(board, f, r, me)
            # Flips come in bookend pairs, two per inserting axis.
            assert len(flips) % 2 == 0 and len(flips) <= 8
            state = state.play(move)
            board[(f, r)] = me
            for sq in flips:
                board[sq] = me
            placed[me] += 1
            last = (f, r)
            assert state.pieces() == named(game.grid, board), (seed, state.describe())
            assert placed[me] <= 15
            # D7: only the mover can have made five, and it ends the game at once.
            assert not has_five(board, "vanilla" if me == "chocolate" else "chocolate")
            if has_five(board, me):
                assert (state.status, state.winner) == ("won", me), (seed, state.describe())
            elif len(board) == 30:  # D8
                sizes = {p: largest(board, p) for p in placed}
                if sizes["chocolate"] == sizes["vanilla"]:
                    assert state.status == "drawn" and state.winner is None
                else:
                    assert state.winner == max(sizes, key=sizes.get)
            else:
                assert state.status == "ongoing" and state.to_move != me
        assert state.legal_moves == () and state.to_move is None
        assert len(state.history) <= 30
        results[state.status.value] += 1
    assert results["won"] > 0
