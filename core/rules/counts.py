"""Counts on a site: how many pieces lie on a site, and moves that take them.

Some games keep a number of like pieces on a site rather than one piece:
the seeds in a pit of Oware or Kalah, a store, a stack. A game says so by
declaring what is counted (``counted = Counted("seed", "seeds")``) and,
for a position, how many lie on each site and whose they are
(``Game.counts(state)``: ``{site: (n, owner)}``, the owner a player's
index or None for no one's). Every front end reads that one declaration:
the text drawing (the number, right-aligned in its cell), the SVG (the
number on the site), ``show --json`` (``counts``: each site's number and
owner), the words of each site (``b1, south's pit, 5 seeds``), and the
observation (one plane per player, the looker first, and one for no
one's, each holding the raw count).

Where a move is the choice of a site to take from (sowing a pit), the game
declares ``sowing = True``: its moves are :func:`sow` (one site, written
and typed as its name, ``b1``, clicked once on the page, encoded as that
site by the actions layer), and a refused one is said as what it is (the
pit is empty, it is not the mover's), never as a placement on a taken
square.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .moves import Move


@attrs.frozen
class Counted:
    """What a game counts on its sites: ``name`` one of them (``seed``),
    ``plural`` several (``seeds``), and ``site`` the word for a site that
    holds them (``pit``), for the words and the legend; ``owned``: see below."""

    name: str = "piece"
    plural: str = ""
    site: str = "site"
    #: Whether a site changes hands (a Backgammon point): the text then writes
    #: each count with its owner's symbol (`` 3W``).
    owned: bool = False
    #: How many stones the SVG stacks on a site before writing the number on
    #: the last (Backgammon's 5: checkers piled on long points); 0 writes the number.
    stacked: int = 0
    #: Sites drawn without a point under their stones (Backgammon's bar and trays).
    plain: frozenset[int] = attrs.field(default=frozenset(), converter=frozenset)
    #: Whether the SVG draws each count as a numbered square tile, warmer as it doubles, none for 0 (2048's).
    tiles: bool = False

    def of(self, n: int) -> str:
        """``1 seed``, ``5 seeds``, ``0 seeds``."""
        return f"{n} {self.name if n == 1 else self.plural or self.name + 's'}"


def sow(site: int) -> Move:
    """A move that takes the pieces on ``site`` (sows a pit): one site,
    written as its name. The same move as a placement there; the game's
    ``sowing`` says which it means."""
    return Move(-1, site)


def checked_counts(game: Any, state: Any) -> tuple[tuple[int, int, int | None], ...]:
    """``game.counts(state)`` as (site, n, owner) in site order, checked: a
    value of another kind is one clear PluginError naming the method."""
    from ..errors import PluginError, quoted

    found = game.counts(state)
    size, players = game.grid.size, len(game.player_names)
    ok = isinstance(found, Mapping)
    out = []
    if ok:
        for site, value in sorted(found.items()):
            if not (
                type(site) is int
                and 0 <= site < size
                and isinstance(value, tuple)
                and len(value) == 2
                and type(value[0]) is int
                and value[0] >= 0
                and (value[1] is None or (type(value[1]) is int and 0 <= value[1] < players))
            ):
                ok = False
                break
            out.append((site, value[0], value[1]))
    if not ok:
        raise PluginError(
            f"{game.name}: counts(state) gave {quoted(found)}, but the framework reads there"
            " {site: (count, owner)}, each count a whole number from 0 and each owner a player's index or None"
        )
    return tuple(out)


def count_words(counted: Counted, n: int, owner: str | None) -> str:
    """A counted site in words: ``south's pit, 5 seeds``; ``pit, 0 seeds``."""
    return f"{owner + chr(39) + 's ' if owner else ''}{counted.site}, {counted.of(n)}"


def why_not_sown(game: Any, state: Any, move: Move) -> str | None:
    """Why a sowing game's move on one site is refused, or None where the
    counts do not say: the site holds nothing, or it is not the mover's."""
    if not (move.origin < 0 and move.to >= 0 and not move.marks):
        return None
    names = game.site_names()
    found = {site: (n, owner) for site, n, owner in checked_counts(game, state)}
    if move.to not in found:
        return f"{names[move.to]} is no {game.counted.site} to sow from"
    n, owner = found[move.to]
    mover = state.turn
    if owner is not None and owner != mover and 0 <= mover < len(game.player_names):  # another player's
        return f"{names[move.to]} is not {game.player_names[mover]}'s {game.counted.site}"
    if n == 0:
        return f"{names[move.to]} is empty"
    return None
