"""Helpers for the tests (importable: pytest puts tests/ on sys.path)."""

from __future__ import annotations


def layout(default: str = "-", **lines: str) -> str:
    """A Donuts board (D2 layout string) with every square ``default`` except those named."""
    return " ".join("".join(lines.get(f"{'abcdef'[f]}{r + 1}", default) for f in range(6)) for r in reversed(range(6)))


# Vanilla to move on rank 6 with a6-d6: e6 makes five (D7).
FIVE_BOARD = layout(a6="|", b6="|", c6="|", d6="|", e6="|", a5="/", b5="/", c5="/", d5="/")
FIVE_MOVES = "a6 a5 b6 b5 c6 c5 d6 d5 e6"  # vanilla first: vanilla wins on rank 6
