"""Verso invariants over 500 seeded random games of varied options, each move
checked against a plain coordinate implementation of V3–V7 written here."""

from __future__ import annotations

import itertools
import random

import pytest

import boardgames

GAMES = 500
RAYS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def options_for(seed: int) -> dict:
    rng = random.Random(seed * 7919)
    if seed % 10 == 0:  # every tenth game with the defaults, cap of 200 included
        return {}
    size = rng.randint(5, 9)
    return {
        "size": size,
        "pieces": rng.randint(2, min(9, size * size // 2)),
        "flip": rng.choice(["choice", "adjacent"]),
        "max_moves": rng.choice([10, 40, 200]),
    }


def prisons(board: dict, size: int, at: tuple[int, int], me: str) -> list[list[tuple[int, int]]]:
    """V4: for each ray from ``at``, the unbroken opponent run closed by ``me``."""
    out = []
    for df, dr in RAYS:
        run, (f, r) = [], at
        while True:
            f, r = f + df, r + dr
            if not (0 <= f < size and 0 <= r < size) or (f, r) not in board:
                break
            if board[(f, r)] != me:
                run.append((f, r))
                continue
            if run:
                out.append(run)
            break
    return out


def expected_moves(board: dict, size: int, me: str, moving: bool, adjacent: bool) -> set:
    arrivals = []
    empty = [(f, r) for f in range(size) for r in range(size) if (f, r) not in board]
    if not moving:
        arrivals = [(None, p) for p in empty]
    else:
        for (f, r), owner in board.items():
            if owner == me:
                for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    to = (f + df, r + dr)
                    if to in empty:
                        arrivals.append(((f, r), to))
    moves = set()
    for origin, to in arrivals:
        after = dict(board)
        if origin is not None:
            del after[origin]
        after[to] = me
        runs = prisons(after, size, to, me)
        combos = [tuple(run[0] for run in runs)] if adjacent else itertools.product(*runs)
        for flips in combos:
            moves.add((origin, to, frozenset(flips)))
    return moves or {"pass"}


def five(board: dict, me: str) -> bool:
    return any(
        all(board.get((f + k * df, r + k * dr)) == me for k in range(5))
        for (f, r), o in board.items()
        if o == me
        for df, dr in RAYS[:4]
    )


def decode(grid: boardgames.Grid, move: boardgames.Move):
    if move.is_pass:
        return "pass"
    origin = None if move.origin < 0 else grid.coords(move.origin)
    return (origin, grid.coords(move.to), frozenset(grid.coords(m) for m in move.marks))


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_follow_v3_to_v7(chunk: int) -> None:
    verso = boardgames.game_class("verso")
    endings: set[str] = set()
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        rng = random.Random(seed)
        game = verso.configure(options_for(seed))
        size, each = game.options["size"], game.options["pieces"]
        adjacent = game.options["flip"] == "adjacent"
        state = game.start()
        board: dict[tuple[int, int], str] = {}
        placed = 0
        positions: list = []
        turns = 0
        while not state.is_over:
            me = state.to_move
            moving = placed == 2 * each
            legal = {decode(game.grid, m) for m in state.legal_moves}
            assert legal == expected_moves(board, size, me, moving, adjacent), (seed, state.describe())
            assert list(state.legal_moves) == sorted(state.legal_moves)
            move = rng.choice(state.legal_moves)
            if not move.is_pass:
                origin, to, flips = decode(game.grid, move)
                runs = prisons({**{k: v for k, v in board.items() if k != origin}, to: me}, size, to, me)
                # One flip, and only one, on each imprisoning ray.
                assert len(flips) == len(runs) and all(len(flips & set(run)) == 1 for run in runs)
                if origin is not None:
                    assert abs(origin[0] - to[0]) + abs(origin[1] - to[1]) == 1  # V6: orthogonal step
                    del board[origin]
                board[to] = me
                for sq in flips:
                    board[sq] = me
                placed += origin is None
            state = state.play(move)
            assert state.pieces() == {
                game.grid.names[game.grid.index(*sq)]: o
                for sq, o in sorted(board.items(), key=lambda kv: game.grid.index(*kv[0]))
            }
            # Piece counts: every placed piece is on the board, none is lost.
            assert len(board) == placed == sum(state.placed) and max(state.placed) <= each
            if moving:
                turns += 1
                positions.append((tuple(sorted(board.items())), state.turn))
            elif placed == 2 * each:
                positions.append((tuple(sorted(board.items())), state.turn))
            if five(board, me):
                assert state.winner == me, (seed, state.describe())
            elif placed == 2 * each and positions.count(positions[-1]) >= 3:
                assert state.status == "drawn" and "third time" in state.outcome.reason
            elif moving and turns >= game.options["max_moves"]:
                assert state.status == "drawn" and "moving-phase turns" in state.outcome.reason
            elif placed == 2 * each and len(board) == size * size:
                assert state.status == "drawn" and "neither" in state.outcome.reason
            else:
                assert state.status == "ongoing"
        assert len(state.history) <= game.max_length
        assert state.legal_moves == ()
        endings.add(state.outcome.reason if state.winner is None else "win")
    assert "win" in endings
