"""The labels a board's files and ranks are drawn with (issue 41).

A grid names its squares ``a1`` to ``i10``, and the renderers label its
files and ranks so unless the game declares what players of that game read
there: shogi numbers its files 9 to 1 from the left and letters its ranks a
to i from the top (as USI and kifu write a square, ``7g``); xiangqi's UCCI
names ranks 0 to 9 from red's side. ``Game.board_labels = Coordinates(files=
"  987654321  ", ranks="ihgfedcba")`` gives one label a file, left to right,
and one a rank, bottom to top; a blank label leaves that file or rank
unlabelled (shogi's hands). The text board and the SVG draw them and
``show --json`` lists them; the squares keep the grid's names everywhere
else (a game's own notation names them as its players do).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs


def _labels(value: str | Sequence[str]) -> tuple[str, ...]:
    """A text is one label a character (``"987654321"``); a sequence one label an item (``("10", "11")``)."""
    if isinstance(value, str):
        return tuple(value)
    if not all(isinstance(v, str) for v in value):
        raise TypeError(f"coordinate labels must be texts, got {value!r:.60}")
    return tuple(value)


@attrs.frozen
class Coordinates:
    """One label each file, left to right, and each rank, bottom to top."""

    files: tuple[str, ...] = attrs.field(converter=_labels)
    ranks: tuple[str, ...] = attrs.field(converter=_labels)


def labels(grid: Any, coordinates: Coordinates | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The label of each of ``grid``'s files and ranks: the declared ones (a blank one stripped), the
    grid's own (``a``, ``1``) where none is declared for that file or rank."""
    files = tuple(grid.files[f] for f in range(grid.width))
    ranks = tuple(str(r + 1) for r in range(grid.height))
    if coordinates is None:
        return files, ranks

    def pick(declared: tuple[str, ...], own: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(declared[i].strip() if i < len(declared) else own[i] for i in range(len(own)))

    return pick(coordinates.files, files), pick(coordinates.ranks, ranks)


def labels_json(grid: Any, coordinates: Coordinates | None) -> dict[str, list[str]]:
    """``show --json``'s ``coordinates``: each file's label, left to right, and each rank's, bottom to top."""
    files, ranks = labels(grid, coordinates)
    return {"files": list(files), "ranks": list(ranks)}
