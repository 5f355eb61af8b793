"""Donnant Donnant's solo words and campaign, as the game declares them to every front end.

:func:`progress`: a solo game's level, the points to reach and the turns
played and left (DD14), shown under the board. :data:`campaign`: DD15's
campaign, levels 1 to 7 in turn (each ``players=1, level=N``, its target
DD14's), a shortfall payable from level 2, the aim 50 campaign points after
level 7, open once every level has been won; the CLI runs it
(``boardgames play donnant --campaign``) as it runs any game's.
"""

from __future__ import annotations

from typing import Any

from boardgames import Campaign, Level

from .state import LEVELS

#: DD15: levels 1 to 7, a shortfall paid with campaign points from level 2 on, the aim 50 points.
CAMPAIGN = Campaign(
    levels=tuple(
        Level(f"level {n}", {"players": 1, "level": n}, target, may_pay=n >= 2)
        for n, (_turns, target) in sorted(LEVELS.items())
    ),
    aim=50,
    needs_all_won=True,
    rule="DD15",
)


def progress(game: Any, state: Any) -> str:
    """``level 3: 82 points to reach; 4 of 13 turns played, 9 left`` in a solo game (DD14), else nothing."""
    if not game.solo:
        return ""
    played = min(state.rounds, game.turns)
    said = (
        f"level {game.options['level']}: {game.target} points to reach;"
        f" {played} of {game.turns} turns played, {game.turns - played} left"
    )
    if 0 <= state.last_round < game.turns:  # a ninth card bought (DD12): it ends sooner
        said += f"; a ninth card: the game ends after turn {state.last_round}"
    return said
