"""Sets of squares as bit masks over Python ints: their members, and one drawn at random."""

from __future__ import annotations

import random
import threading

# _BYTES[k][b]: the indices of the set bits of byte value b at byte position k.
# Grown at the end only, under _GROWING, so a table is never at the wrong
# position; read without the lock (a table below len(_BYTES) is there for good).
_BYTES: list[tuple[tuple[int, ...], ...]] = []
_GROWING = threading.Lock()


def _byte_table(k: int) -> tuple[tuple[int, ...], ...]:
    # Without the lock, two threads growing it at once (a server's first
    # uploads of a larger board) both made the table for the same position and
    # appended it twice, every later table one byte off: bits() was then
    # wrong for the rest of the process.
    with _GROWING:
        while len(_BYTES) <= k:
            at = 8 * len(_BYTES)
            _BYTES.append(tuple(tuple(at + i for i in range(8) if b >> i & 1) for b in range(256)))
    return _BYTES[k]


def bits(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of ``mask``, lowest first.

    A byte at a time through a table, the bytes read by ``int.to_bytes`` in
    C: on the hot path of move generation this is several times faster than
    peeling bits off one by one."""
    size = (mask.bit_length() + 7) >> 3
    if size > len(_BYTES):
        _byte_table(size - 1)
    out: tuple[int, ...] = ()
    tables = _BYTES
    for k, byte in enumerate(mask.to_bytes(size, "little")):
        if byte:
            out += tables[k][byte]
    return out


def few_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first, one at a time: for a wide mask with few set (a
    handful of a board's crossings), faster than reading every byte as :func:`bits` does."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def random_bit(mask: int, rng: random.Random) -> int:
    """The index of a set bit of a non-empty ``mask``, uniformly drawn from ``rng``."""
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
