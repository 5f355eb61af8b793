"""Grid.has_line(mask, n) without touching against a loop over grid.windows(n)
on the same random masks (2000 a fill), in one run: the ratio is the loop's
time over has_line's, above 1 when has_line is the faster (issue 41).

    python benchmarks/has_line.py
"""

import random
import timeit

from boardgames import Grid, bits


def ratio(grid, n, fill, count=2000):
    rng = random.Random(0)
    masks = [grid.mask(sq for sq in bits(grid.full) if rng.random() < fill) for _ in range(count)]
    wins = grid.windows(n)

    def loop():
        for m in masks:
            any(m & w == w for w in wins)

    def fast():
        for m in masks:
            grid.has_line(m, n)
    fast()
    loop()
    t_loop = min(timeit.repeat(loop, number=3, repeat=5))
    t_fast = min(timeit.repeat(fast, number=3, repeat=5))
    return t_loop / t_fast


BOARDS = [
    ("pentago 6x6 n=5", Grid.get(6), 5),
    ("connect four 7x6 n=4", Grid.get(7, 6), 4),
    ("gomoku 15x15 n=5", Grid.get(15), 5),
    ("hexagon side 5 n=4", Grid.hexagon(5), 4),
]
for label, grid, n in BOARDS:
    print(label, " ".join(f"fill {f}: {ratio(grid, n, f):.2f}x" for f in (0.2, 0.4, 0.6)))
