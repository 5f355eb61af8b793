"""The Donuts board: the project's tile set (ruling D2) and board layouts.

A layout is 36 line characters, rank 6 first and files a→f within a rank,
as a person reads a physical board. Lines: ``-`` horizontal, ``|`` vertical,
``/`` rising (a1–f6), ``\\`` falling (a6–f1).
"""

from __future__ import annotations

import random

LINES = "-|/\\"
SIDE = 6

# Four double-sided 3×3 tiles (ruling D2: ours, the rulebook does not publish
# them). Each face is three rows, top first, and mixes all four lines.
TILES: tuple[tuple[tuple[str, str, str], tuple[str, str, str]], ...] = (
    (("-|/", "\\-|", "/\\-"), ("|/\\", "-|/", "\\-|")),
    (("/--", "|\\|", "-/\\"), ("\\|-", "/-|", "|\\/")),
    (("|-\\", "/|-", "\\/|"), ("-\\/", "|-\\", "/|-")),
    (("\\/|", "-\\/", "|-\\"), ("/|-", "\\/|", "-\\/")),
)

# A quarter turn makes horizontal lines vertical and swaps the diagonals.
_TURNED = str.maketrans("-|/\\", "|-\\/")


def quarter_turn(face: tuple[str, ...]) -> tuple[str, ...]:
    """The face turned 90° clockwise."""
    n = len(face)
    return tuple("".join(face[n - 1 - c][r] for c in range(n)).translate(_TURNED) for r in range(n))


def assemble(order: list[int], faces: list[int], turns: list[int]) -> str:
    """The layout of tiles ``order[k]`` at place k (top-left, top-right,
    bottom-left, bottom-right), showing ``faces[k]``, turned ``turns[k]`` times."""
    quads = []
    for tile, face, turn in zip(order, faces, turns, strict=True):
        rows: tuple[str, ...] = TILES[tile][face]
        for _ in range(turn % 4):
            rows = quarter_turn(rows)
        quads.append(rows)
    rows6 = [quads[top][r] + quads[top + 1][r] for top in (0, 2) for r in range(3)]
    return format_layout("".join(rows6))


def random_layout(rng: random.Random) -> str:
    """One of the 4!·2⁴·4⁴ = 98,304 assemblies, drawn from ``rng``."""
    order = rng.sample(range(4), 4)
    faces = [rng.randrange(2) for _ in range(4)]
    turns = [rng.randrange(4) for _ in range(4)]
    return assemble(order, faces, turns)


def normalize_layout(text: str) -> str:
    """Check a layout (white space ignored) and return its canonical form;
    raises ValueError saying what is wrong."""
    chars = "".join(text.split())
    bad = sorted(set(chars) - set(LINES))
    if bad:
        raise ValueError(f"a board is 36 characters from - | / \\ (rank 6 first); {''.join(bad)!r} is not a line")
    if len(chars) != SIDE * SIDE:
        raise ValueError(f"a board is 36 characters from - | / \\ (rank 6 first), got {len(chars)}")
    return format_layout(chars)


def format_layout(chars: str) -> str:
    """36 characters as six ranks separated by spaces, rank 6 first."""
    return " ".join(chars[i : i + SIDE] for i in range(0, SIDE * SIDE, SIDE))


def lines_by_square(layout: str) -> tuple[str, ...]:
    """The line of each square, indexed as the grid numbers squares (file-major)."""
    chars = "".join(layout.split())
    return tuple(chars[(SIDE - 1 - rank) * SIDE + file] for file in range(SIDE) for rank in range(SIDE))
