"""Pieces stacked on a site: a Hive beetle on top of others.

Some games let a piece climb onto others, so that a site holds a pile. A
game says so by declaring what a pile is (``stacked = Stacked("stack",
"stacks")``) and, for a position, the pieces of each site holding more
than one, bottom to top (``Game.stacks(state)``: ``{site: ((owner, kind),
...)}``, each piece its owner's index and its kind's index in
``Game.piece_kinds``). Only the top piece holds the site: it is the one
``owners`` and ``kinds`` give there, as on any board, so moves, the agents
and every reader that knows nothing of stacks see the top pieces alone. The
height and what lies under the top are part of the state, and every front
end shows them: the text drawing writes the height in the cell's last
column beside the top piece's letter (``B2``) and lists the stacks under the
board, the SVG writes the height on the top piece (``<text class="height">``),
``show --json`` gives ``stacks`` (each site's pieces bottom to top), the
words say ``d4, black beetle, a stack of 2: white queen under black
beetle``, and the observation has, for each level from the ground up to
``Stacked.levels`` (higher pieces count on the last), one plane per player,
the looker first, holding 1.0 where that player's piece lies at that level
of a stack, and a plane holding each site's height.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs


@attrs.frozen
class Stacked:
    """What a game's piles are: ``name`` one (``stack``), ``plural`` several,
    and ``levels`` how many levels from the ground have their own planes in
    the observation (a piece higher than that counts on the last)."""

    name: str = "stack"
    plural: str = ""
    levels: int = 2

    @property
    def many(self) -> str:
        return self.plural or self.name + "s"


Stack = tuple[tuple[int, int], ...]


def checked_stacks(game: Any, state: Any) -> tuple[tuple[int, Stack], ...]:
    """``game.stacks(state)`` as (site, pieces bottom to top) in site order,
    checked: a value of another kind is one clear PluginError naming the method."""
    from ..errors import PluginError, quoted

    found = game.stacks(state)
    on, players, kinds = game.grid.on_board, len(game.player_names), len(game.piece_kinds)

    def piece(p: object) -> bool:
        return (
            isinstance(p, tuple) and len(p) == 2 and all(type(v) is int for v in p)
            and 0 <= p[0] < players and 0 <= p[1] < kinds
        )

    out, ok = [], isinstance(found, Mapping)
    for site, pile in sorted(found.items()) if ok else ():
        if not (type(site) is int and 0 <= site < len(on) and on[site] and isinstance(pile, (tuple, list))
                and len(pile) >= 2 and all(piece(p) for p in pile)):
            ok = False
            break
        out.append((site, tuple(pile)))
    if not ok:
        raise PluginError(
            f"{game.name}: stacks(state) gave {quoted(found)}, but the framework reads there"
            " {site: ((owner, kind), ...)}, each a site of the board holding two pieces or more, bottom to top,"
            " each piece a player's index and a kind's index in piece_kinds"
        )
    return tuple(out)


def height_sign(n: int) -> str:
    """A stack's height in one column: ``2``..``9``, ``+`` past nine."""
    return str(n) if n <= 9 else "+"


def piece_words(view: Any, piece: tuple[int, int]) -> str:
    """``white queen``."""
    who, kind = piece
    name = view.piece_kinds[kind].name if kind < len(view.piece_kinds) else "piece"
    return f"{view.player_name(who)} {name}"


def stack_words(view: Any, pile: Stack) -> str:
    """A stack in words, bottom to top: ``a stack of 2: white queen under black beetle``."""
    name = view.stacked.name if view.stacked is not None else "stack"
    return f"a {name} of {len(pile)}: " + " under ".join(piece_words(view, p) for p in pile)


def stacks_text(view: Any, names: Any = None) -> str:
    """The stacks of ``view`` in words: ``stacks, bottom to top: d4 white queen, black beetle; ...``."""
    if not view.stacks or view.stacked is None:
        return ""
    name = names or view.site_name
    return f"{view.stacked.many}, bottom to top: " + "; ".join(
        f"{name(sq)} " + ", ".join(piece_words(view, p) for p in pile) for sq, pile in view.stacks
    )


def stacks_json(game: Any, state: Any, names: Any, owner: Any) -> dict[str, list[dict[str, Any]]]:
    """``show --json``'s ``stacks``: each stacked site's pieces bottom to top, each its ``owner`` and ``kind``."""
    return {
        names[sq]: [{"owner": owner(who), "kind": game.piece_kinds[kind].name} for who, kind in pile]
        for sq, pile in checked_stacks(game, state)
    }


def stack_names(stacked: Stacked, count: int, whose: Any) -> tuple[str, ...]:
    """The observation's planes of a game that stacks (``my piece at level 0``... ``stack height``)."""
    return (
        *(f"{whose(k, count)} piece at level {level}" for level in range(stacked.levels) for k in range(count)),
        f"{stacked.name} height",
    )


def stack_planes(out: list[list[float]], at: int, view: Any, stacked: Stacked, player: int, count: int) -> int:
    """Fill :func:`stack_names`' planes from ``view`` at ``at``; where the next ones start. A site
    holding one piece has height 1; its piece lies at level 0."""
    height = out[at + stacked.levels * count]
    piled = dict(view.stacks)
    for square, who in view.owners:
        pile = piled.get(square, ((who, 0),))
        height[square] = float(len(pile))
        for level, (owner, _) in enumerate(pile):
            out[at + min(level, stacked.levels - 1) * count + (owner - player) % count][square] = 1.0
    return at + stacked.levels * count + 1
