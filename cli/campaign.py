"""``boardgames play GAME --campaign``: a game's campaign in the terminal, for any game that declares one.

The game declares its campaign (:mod:`boardgames.play.campaign`: its levels
as option sets, their targets, where a shortfall may be paid); this module
plays the levels in turn, each a game at the prompt as ``play`` runs it, and
says after each level what it earned or cost and what is next. Progress is
kept in a file (``GAME-campaign.json`` here, or the one ``--load`` names):
written before each level, on stopping (the level's game so far inside) and
after each level; the same command, or ``--load FILE``, goes on where it
stopped. The same file keeps the levels won in solo games played with
``play`` (:func:`note_level`), for a campaign that opens once every level
is won.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import click

from boardgames import BoardgamesError, Campaign, Game
from boardgames.play.campaign import (
    CampaignError,
    Progress,
    campaign_of,
    default_progress_path,
    level_of,
    open_campaign,
    read_progress,
    save_progress,
    score_of,
    settle,
)
from boardgames.play.match import Match
from boardgames.play.records import default_path, parse_record

from .common import shell_quote, split_specs
from .terminal import TerminalGame


def the_campaign(cls: type[Game[Any]]) -> Campaign:
    campaign = campaign_of(cls)
    if campaign is None:
        raise click.UsageError(f"{cls.name} has no campaign (--campaign is for a game that declares one)")
    return campaign


def run_campaign(cls: type[Game[Any]], path: str | Path | None, players: str | None, seed: int | None) -> None:
    """Play ``cls``'s campaign from the progress in ``path`` (default
    ``GAME-campaign.json``) until it ends or the person stops."""
    campaign = the_campaign(cls)
    where = Path(path) if path is not None else default_progress_path(cls.name)
    progress = read_progress(where, cls.name)
    fresh = progress.level is None
    try:
        open_campaign(campaign, progress)  # refused while a level is still to win, where all must be
    except CampaignError as exc:
        first = campaign.levels[progress.still_to_win(campaign)[0] - 1]
        how = " ".join(f"-o {name}={value}" for name, value in first.options.items())
        raise CampaignError(
            f"{exc}; play one with: boardgames play {cls.name} {how} (the levels won are kept in {where})"
        ) from None
    seats = split_specs(players or "human", 1)
    count = len(campaign.levels)
    if fresh:
        click.echo(
            f"{cls.title}: a campaign of {count} levels in turn{f' ({campaign.rule})' if campaign.rule else ''}."
            " A won level earns a campaign point per point above its target; a level lost may be paid with"
            f" campaign points where allowed; the aim: {campaign.aim} campaign points or more after the last."
        )
    else:
        click.echo(f"{cls.title}: the campaign goes on, from {where}.")
    while progress.level is not None:
        number = progress.level
        level = campaign.levels[number - 1]
        click.echo(
            f"{level.name.capitalize()} of {count}: {level.target} points to reach;"
            f" {progress.points} campaign point{'' if progress.points == 1 else 's'}."
        )
        if progress.game is not None:
            record = parse_record(progress.game, cls)
            match = Match.from_record(record, seats)
            reported: int | None = len(record.state.history)
        else:
            # Each level its own deal: --seed's plus the level's number less one, else drawn (and recorded).
            game = cls.configure(level.options, seed=secrets.randbelow(2**31) if seed is None else seed + number - 1)
            match = Match(game.start(), seats)
            reported = None
        save_progress(where, progress)  # the level started is kept, whatever happens to the process
        LevelGame(match, where, progress, reported=reported, resume=resume_command(cls, where)).run()
        if not match.is_over:  # stopped: the level's game is in the progress file (said)
            return
        said = settle(campaign, progress, score_of(match.state))
        save_progress(where, progress)
        click.echo(said)
        click.echo(f"Progress saved to {where}.")


def resume_command(cls: type[Game[Any]], where: Path) -> str:
    if where == default_progress_path(cls.name):
        return f"boardgames play {cls.name} --campaign (or --load {shell_quote(where)})"
    return f"boardgames play --load {shell_quote(where)}"


class LevelGame(TerminalGame):
    """A level's game: stopped, it is saved into the campaign's progress
    file; over, it is recorded as any game is (then the campaign counts it)."""

    def __init__(self, match: Match, where: Path, progress: Progress, reported: int | None, resume: str) -> None:
        super().__init__(match, reported=reported)
        self.where = where
        self.progress = progress
        self.resume = resume

    def _save(self, path: str | None = None) -> Path | None:
        if path is not None or self.match.is_over:  # 'save FILE', or the record of a level played
            return super()._save(path or str(default_path(self.match.game.name)))
        self.progress.game = self.match.record().to_json()
        try:
            return save_progress(self.where, self.progress)
        except BoardgamesError as exc:
            click.echo(f"{exc}.")
            return None

    def _stop(self) -> None:
        """Keep the level's game in the campaign's file, even before a move (the level begun)."""
        played = len(self.match.state.history)
        saved = self._save()
        if saved is None:
            click.echo("The campaign could not be saved.")
            return
        moves = f"{played} move{'' if played == 1 else 's'}"
        level = self.progress.level
        click.echo(f"Level {level} stopped after {moves}, kept in {saved}. Resume with: {self.resume}")


def note_level(match: Match, where: str | Path | None = None) -> None:
    """After a game played with ``play``: a solo game of a game with a
    campaign, won at one of its levels by the person, is kept in the
    progress file (levels won open the campaign); said either way."""
    cls = type(match.game)
    campaign = campaign_of(cls)
    if campaign is None or not match.is_over or match.forfeit is not None:
        return
    number = level_of(campaign, match.game)
    if number is None or not all(seat.is_human for seat in match.seats.values()):
        return
    level = campaign.levels[number - 1]
    try:
        score = score_of(match.state)
    except BoardgamesError:
        return
    if score < level.target:
        return
    path = Path(where) if where is not None else default_progress_path(cls.name)
    try:
        progress = read_progress(path, cls.name)
        if number not in progress.won:
            progress.won.append(number)
        save_progress(path, progress)
    except BoardgamesError as exc:
        click.echo(f"{level.name.capitalize()} won, but not kept for the campaign: {exc}.")
        return
    missing = progress.still_to_win(campaign)
    left = ", ".join(campaign.levels[n - 1].name for n in missing)
    tail = (
        f"still to win for the campaign: {left}"
        if missing
        else f"the campaign is open: boardgames play {cls.name} --campaign"
    )
    click.echo(f"{level.name.capitalize()} won, kept in {path}; {tail}.")
