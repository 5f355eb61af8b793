"""What the studies of saved games share: a range of plies as an argument,
whose side a seat spec played, and a position's proven result within a
time limit."""

from __future__ import annotations

import argparse
import time

from boardgames import Record, State
from boardgames.agents.solver import Prover, Unsolved


def plies(text: str) -> range:
    first, _, last = text.partition("-")
    try:
        return range(int(first), int(last or first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range of plies like 3-16") from None


def side_of(record: Record, spec: str) -> str | None:
    """The player the seat ``spec`` played in ``record`` (the first, if both), or None."""
    seats = zip(record.state.game.turn_order, record.seats, strict=False)  # no seats: none played
    return next((player for player, seat in seats if seat == spec), None)


def proven(prover: Prover, state: State, seconds: float) -> int | None:
    """The result for the player to move in ``state`` (1, 0, -1), or None if
    not proven within ``seconds`` (what the prover learned is kept)."""
    try:
        return prover.prove(state, time.perf_counter() + seconds)[0]
    except Unsolved:
        return None
