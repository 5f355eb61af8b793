"""Helpers for the tests (importable: pytest puts tests/ on sys.path)."""

from __future__ import annotations


def layout(default: str = "-", **lines: str) -> str:
    """A Donuts board (D2 layout string) with every square ``default`` except those named."""
    return " ".join("".join(lines.get(f"{'abcdef'[f]}{r + 1}", default) for f in range(6)) for r in reversed(range(6)))
