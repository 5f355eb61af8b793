"""A campaign: a game's solo levels played in turn, with points carried from one to the next.

A game declares its campaign (:attr:`Game.campaign`, a
:class:`~boardgames.rules.declarations.Campaign`; Donnant Donnant's is RULINGS DD15): its levels, each a
set of the game's options and the score to reach, whether a shortfall may
be paid with the points earned so far, and the points to end with. Front
ends run any game's campaign through this module; nothing here knows a game.

The rules (DD15's, for any game): a won level (the score at least its
target) earns one campaign point per point above the target; a level lost
where :attr:`Level.may_pay` is paid with campaign points, one for one; a
shortfall that cannot be paid ends the campaign. A campaign that plays its
last level reaches its aim with :attr:`Campaign.aim` points or more.

Progress is a JSON file (:class:`Progress`): the levels won in games of
their own (a campaign may open only once every level is won:
:attr:`Campaign.needs_all_won`), and the campaign under way, if any: the
level to play, the points, the level's game so far (a record) and the
results of the levels played.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs

from boardgames.errors import BoardgamesError
from boardgames.rules.declarations import Campaign
from boardgames.rules.game import Game, State

from .safe_files import read_text_limited, user_path, write_safely

#: What a progress file says it is (its "format").
FORMAT = "boardgames-campaign"


class CampaignError(BoardgamesError):
    """A campaign refused, or a progress file that cannot be read: one line."""


def campaign_of(cls: type[Game[Any]]) -> Campaign | None:
    """The campaign ``cls`` declares (:attr:`Game.campaign`), else None."""
    declared = getattr(cls, "campaign", None)
    return declared if isinstance(declared, Campaign) else None


def level_of(campaign: Campaign, game: Game[Any]) -> int | None:
    """The number (1 first) of the level ``game`` (configured) is, else None:
    its options are the level's, the others at their defaults."""
    cls = type(game)
    for number, level in enumerate(campaign.levels, start=1):
        if dict(cls.configure(level.options).options) == dict(game.options):
            return number
    return None


def default_progress_path(game: str, folder: str | os.PathLike[str] = ".") -> Path:
    """Where a game's campaign progress is kept unless told: ``GAME-campaign.json`` here."""
    return Path(folder) / f"{game}-campaign.json"


@attrs.define
class Progress:
    """What a progress file holds. ``level``: the level to play next (1
    first), None where no campaign is under way; ``game``: that level's
    game so far (a record's JSON), None before its first move;
    ``results``: each level played, ``[number, score, target, points
    after]``; ``ended``: how the last campaign ended, in words."""

    game_name: str
    won: list[int] = attrs.Factory(list)
    level: int | None = None
    points: int = 0
    game: dict[str, Any] | None = None
    results: list[list[int]] = attrs.Factory(list)
    ended: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game_name": self.game_name,
            "won": sorted(set(self.won)),
            "level": self.level,
            "points": self.points,
            "game": self.game,
            "results": self.results,
            "ended": self.ended,
        }

    def still_to_win(self, campaign: Campaign) -> list[int]:
        return [n for n in range(1, len(campaign.levels) + 1) if n not in self.won]


def is_progress_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` holds a campaign's progress (not a game record)."""
    try:
        data = json.loads(read_text_limited(user_path(path), "campaign file"))
    except (BoardgamesError, ValueError, OSError, RecursionError):  # a hostile nesting is no campaign file
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def progress_game_name(path: str | os.PathLike[str]) -> str:
    """The name of the game whose campaign the progress file ``path`` keeps."""
    try:
        data = json.loads(read_text_limited(user_path(path), "campaign file"))
    except (ValueError, RecursionError) as exc:
        raise CampaignError(f"{path}: not a campaign file ({exc})") from None
    name = data.get("game_name") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise CampaignError(f"{path}: a campaign file that names no game")
    return name


def read_progress(path: str | os.PathLike[str], game_name: str) -> Progress:
    """The progress kept in ``path`` for ``game_name``; a new one if there is no such file."""
    where = user_path(path)
    if not where.exists():
        return Progress(game_name)
    try:
        data = json.loads(read_text_limited(where, "campaign file"))
    except (ValueError, RecursionError) as exc:
        raise CampaignError(f"{where}: not a campaign file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignError(f'{where}: not a campaign file (no "format": "{FORMAT}")')
    if data.get("game_name") != game_name:
        raise CampaignError(f"{where} is the campaign of {data.get('game_name')!r}, not of {game_name}")
    try:
        progress = Progress(
            game_name,
            won=[int(n) for n in data.get("won", [])],
            level=None if data.get("level") is None else int(data["level"]),
            points=int(data.get("points", 0)),
            game=data.get("game"),
            results=[[int(x) for x in r] for r in data.get("results", [])],
            ended=str(data.get("ended", "")),
        )
    except (TypeError, ValueError) as exc:
        raise CampaignError(f"{where}: a campaign file with a bad value ({exc})") from None
    if progress.game is not None and not isinstance(progress.game, dict):
        raise CampaignError(f'{where}: a campaign file whose "game" is no record')
    return progress


def save_progress(path: str | os.PathLike[str], progress: Progress) -> Path:
    """Write ``progress`` to ``path`` whole (or change nothing); the path written."""

    def replace(existing: Path) -> str | None:
        return None if is_progress_file(existing) else "it is not a campaign file, and is left alone"

    return write_safely(path, json.dumps(progress.to_json(), indent=1) + "\n", "the campaign", replace=replace)


def score_of(state: State) -> int:
    """The score of a solo game over: its outcome's first score."""
    assert state.outcome is not None
    scores = state.outcome.scores
    if not scores:
        raise CampaignError(f"{state.game.name}: a game over with no score, which a campaign cannot count")
    return int(scores[0])


def open_campaign(campaign: Campaign, progress: Progress) -> None:
    """Start a campaign at its first level, unless one is under way; refused
    (CampaignError) while a level is still to win where every one must be."""
    if progress.level is not None:
        return
    missing = progress.still_to_win(campaign)
    if campaign.needs_all_won and missing:
        rule = f" ({campaign.rule})" if campaign.rule else ""
        names = ", ".join(campaign.levels[n - 1].name for n in missing)
        raise CampaignError(f"the campaign opens once every level has been won{rule}; still to win: {names}")
    progress.level, progress.points, progress.game, progress.results, progress.ended = 1, 0, None, [], ""


def settle(campaign: Campaign, progress: Progress, score: int) -> str:
    """Count the level just played with ``score``: points earned, a
    shortfall paid, or the campaign ended; what happened, in words."""
    assert progress.level is not None
    number = progress.level
    level = campaign.levels[number - 1]
    rule = f" ({campaign.rule})" if campaign.rule else ""
    progress.game = None
    said = f"{level.name.capitalize()}: {score} points, {level.target} needed"
    if score >= level.target:
        earned = score - level.target
        progress.points += earned
        if number not in progress.won:
            progress.won.append(number)
        said += f": won, {earned} campaign point{'' if earned == 1 else 's'} earned, {progress.points} in all"
    else:
        short = level.target - score
        if level.may_pay and progress.points >= short:
            progress.points -= short
            said += f": {short} short, paid with campaign points{rule}, {progress.points} left"
        else:
            why = "" if level.may_pay else f" (no shortfall may be paid at {level.name})"
            said += f": {short} short with {progress.points} campaign points to pay it{why}"
            progress.results.append([number, score, level.target, progress.points])
            progress.level = None
            progress.ended = f"ended at {level.name}{rule}"
            return f"{said}. The campaign ends{rule}."
    progress.results.append([number, score, level.target, progress.points])
    if number == len(campaign.levels):
        progress.level = None
        reached = progress.points >= campaign.aim
        progress.ended = f"{'aim reached' if reached else 'aim missed'}: {progress.points} points after {level.name}"
        verdict = "the aim is reached" if reached else "short of the aim"
        aim = f"{campaign.aim} aimed at"
        return f"{said}. The campaign is over with {progress.points} campaign points ({aim}): {verdict}."
    progress.level = number + 1
    following = campaign.levels[number]
    return f"{said}. Next: {following.name} ({following.target} points to reach)."


__all__ = [
    "CampaignError",
    "Progress",
    "campaign_of",
    "level_of",
    "default_progress_path",
    "is_progress_file",
    "open_campaign",
    "read_progress",
    "progress_game_name",
    "save_progress",
    "settle",
]
