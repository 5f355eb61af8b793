"""Pieces in hand: counted sites that each hold pieces of one kind.

A player's hand (shogi's pieces taken and dropped back, crazyhouse's) is, as
in Ludii's containers, a set of sites off the board, one per kind of piece,
each holding a number of that kind. A game declares it with what it already
has: the hand's sites are sites of its grid beside the board, their numbers
are counts (``Game.counts``: ``{site: (n, owner)}``, ``Counted(...,
owned=True)``), and ``Game.kinds`` names the kind a counted site holds (a
counted site it leaves out holds no kind, as a pit's seeds). Every front end
reads that: the text writes the kind's letter, cased as its owner's pieces
are, before the number (``P 2``, ``b 1``); the SVG draws the piece in its
shape with the number beside it; ``show --json`` adds the kind's name to the
site's count; the words say ``white's hand, 1 bishop``; the observation has
the counts' planes, one a site, so one a (owner, kind). A drop is a step from
the hand's site to a square (``Move(site, square)``), clicked, typed, encoded
as any step.
"""

from __future__ import annotations

from typing import Any

from .declarations import PieceKind


def held_kind(view: Any, square: int) -> PieceKind | None:
    """The kind the counted site ``square`` holds, where the game's ``kinds`` names one; else None."""
    index = dict(view.kinds).get(square)
    if index is None or not 0 <= index < len(view.piece_kinds):
        return None
    return view.piece_kinds[index]


def held_text(kind: PieceKind, who: int | None, n: int) -> str:
    """A hand's site in a text cell, three columns: its kind's letter, cased as the owner's pieces are
    (upper for the first player), then the number: ``P 2``, ``b 1``, ``p18``."""
    letter = (kind.letter or kind.name[:1])[-1:]
    return f"{letter.upper() if who == 0 else letter.lower()}{n:>2}"[-3:]


def held_words(kind: PieceKind, n: int) -> str:
    """``1 bishop``, ``2 pawns``."""
    return f"{n} {kind.name}{'' if n == 1 else 's'}"


def held_counts(game: Any, state: Any, names: Any, owner: Any) -> dict[str, dict[str, Any]]:
    """``show --json``'s ``counts``: each counted site's ``count`` and ``owner``, and the ``kind`` it
    holds where the game's ``kinds`` names one (a hand's site)."""
    from .counts import checked_counts

    kinds, out = game.kinds(state), {}
    for sq, n, who in checked_counts(game, state):
        out[names[sq]] = {"count": n, "owner": owner(who)}
        if sq in kinds and 0 <= kinds[sq] < len(game.piece_kinds):
            out[names[sq]]["kind"] = game.piece_kinds[kinds[sq]].name
    return out
