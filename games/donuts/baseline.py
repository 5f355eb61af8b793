"""The reference of ``boardgames bench donuts``: random Donuts games played by
a loop written for nothing else, on bit masks, with its own tables and none
of the framework. It shares no code with the rules on purpose: the figures
of the framework are reported as ratios to it."""

from __future__ import annotations

import random
import time


def random_games_per_second(seconds: float, seed: int = 0) -> float:
    """Random Donuts games a second, by a loop written for nothing else."""
    side = 6
    n = side * side
    idx = {(f, r): f * side + r for f in range(side) for r in range(side)}
    axes = ((1, 0), (0, 1), (1, 1), (-1, 1))  # - | / \
    rays: list[list[tuple[list[int], list[int]]]] = []
    line_of: list[list[int]] = []
    for f in range(side):
        for r in range(side):
            per_axis, lines = [], []
            for df, dr in axes:
                both = []
                for sign in (1, -1):
                    out, k = [], 1
                    while (f + sign * k * df, r + sign * k * dr) in idx:
                        out.append(idx[(f + sign * k * df, r + sign * k * dr)])
                        k += 1
                    both.append(out)
                per_axis.append((both[0], both[1]))
                m = 1 << idx[(f, r)]
                for sq in both[0] + both[1]:
                    m |= 1 << sq
                lines.append(m)
            rays.append(per_axis)
            line_of.append(lines)
    windows_at: list[list[int]] = [[] for _ in range(n)]
    for f, r in idx:
        for df, dr in axes:
            cells = [(f + k * df, r + k * dr) for k in range(5)]
            if all(c in idx for c in cells):
                m = 0
                for c in cells:
                    m |= 1 << idx[c]
                for c in cells:
                    windows_at[idx[c]].append(m)
    full = (1 << n) - 1
    rng = random.Random(seed)
    kinds = [rng.randrange(4) for _ in range(n)]

    def one_game() -> int:
        boards = [0, 0]
        me, last = 0, -1
        for _ in range(30):
            empty = full & ~(boards[0] | boards[1])
            allowed = empty
            if last >= 0 and line_of[last][kinds[last]] & empty:
                allowed = line_of[last][kinds[last]] & empty
            for _ in range(rng.randrange(allowed.bit_count())):
                allowed &= allowed - 1
            sq = (allowed & -allowed).bit_length() - 1
            mine = boards[me] | 1 << sq
            theirs = boards[1 - me]
            flips = 0
            for ray_a, ray_b in rays[sq]:
                ends = []
                for ray in (ray_a, ray_b):
                    end = -1
                    for s in ray:
                        if not mine >> s & 1:
                            end = s
                            break
                    ends.append(end)
                if ends[0] >= 0 and ends[1] >= 0 and theirs >> ends[0] & 1 and theirs >> ends[1] & 1:
                    flips |= 1 << ends[0] | 1 << ends[1]
            mine |= flips
            boards[me], boards[1 - me] = mine, theirs & ~flips
            changed = 1 << sq | flips
            while changed:
                low = changed & -changed
                changed ^= low
                for w in windows_at[low.bit_length() - 1]:
                    if mine & w == w:
                        return 1
            last, me = sq, 1 - me
        return 1

    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        one_game()
        games += 1
    return games / (time.perf_counter() - start)
