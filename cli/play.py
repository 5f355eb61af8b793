"""``boardgames play``: a match in the terminal, people and computer in any mix.

The terminal is a front end to a :class:`~boardgames.play.match.Match`: it feeds a
person's typed moves in and lets the agents move. Input comes line by line,
so a test or a pipe drives it as well as a person. Bad input re-prompts with
one line saying why. Nothing is lost: ``quit``, Ctrl-C and the end of input
save the game, and a game that ends is recorded; each says where, with the
command that resumes or replays it. Stopped before any move was played (or
undone), a new game writes no record, nor does a loaded one write its file
again; either says so. A save goes to the file last saved (or
loaded) successfully, else to a new name; a failed save changes nothing.

Any number of players: the default seats are a person and, in every other
seat, the computer; ``--players`` seats up to one person a player (hot
seat). Chance is drawn from the game's seed as it is due and said on a line
of its own (``3. chance: roll:4``), in order with the moves. In a game with
hidden information played by two people or more, the screen is cleared and
the next person asked to take it ("Pass to east, then press Enter") whenever
the keyboard passes, and each person sees only their own view
(:meth:`Match.view_for`): the board, the moves as they saw them, the lines
said; players asked at once are asked in turn, each behind the pause. A
game with no person shows the spectator's view, and every game the whole of
it once over, with the result in words.

With ``--clock 5+3`` the game is timed (:mod:`boardgames.play.clock`): the prompt
shows each side's time; input cannot be interrupted, so a line typed after a
player's time ran out loses on time (the flag), whatever it says.
"""

from __future__ import annotations

import functools
from typing import Any

import click

import boardgames
from boardgames import Game
from boardgames.agents.spec import Seat
from boardgames.play.campaign import is_progress_file, progress_game_name
from boardgames.play.clock import ClockError, ClockSettings
from boardgames.play.levels import LEVEL_COUNT, LEVEL_NAMES, level_spec
from boardgames.play.match import Match, saved_seats
from boardgames.play.records import read_record
from boardgames.play.safe_files import user_path

from .common import (
    configure,
    game_options,
    split_specs,
    start_position,
)
from .terminal import TerminalGame

#: The level of the computer when none is asked for: the page's default too (a
#: club player, replying at once; level 6 thinks two seconds a move).
DEFAULT_LEVEL = 4


def default_seats(game: Game | type[Game], level: int = DEFAULT_LEVEL) -> str:
    """The seats of "boardgames play GAME": a person first, then level
    ``level`` of the game (its own measured ladder, else the generic one) in
    every other seat, as many as the configured game has players (a class:
    the fewest it takes; a solo game: the person alone), as the page offers first."""
    count = game.number_of_players if isinstance(game, Game) else game.count_of_players()[0]
    others = [level_spec(game, level)] * (count - 1)
    return ",".join(["human", *others])


class ClockType(click.ParamType):
    """``--clock``: MINUTES+SECONDS (``5+3``), or MINUTES (``10``)."""

    name = "clock"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> ClockSettings:
        if isinstance(value, ClockSettings):
            return value
        try:
            return ClockSettings.parse(value)
        except ClockError as exc:
            self.fail(str(exc), param, ctx)


#: How many of the last moves the redrawn position lists.
@click.command("play")
@functools.partial(game_options, game_required=False)
@click.option(
    "--players",
    metavar="A,B",
    help="Seats in turn order: human or agent specs, e.g. human,mcts:time=2 or random,mcts "
    f"(default: human against level {DEFAULT_LEVEL}, {LEVEL_NAMES[DEFAULT_LEVEL - 1]}). See 'boardgames agents'.",
)
@click.option(
    "--level",
    type=click.IntRange(1, LEVEL_COUNT),
    default=None,
    help=f"Play the computer at this level, 1 (beginner) to {LEVEL_COUNT} (strongest, about 2 s a move);"
    " you move first. See 'boardgames agents'.",
)
@click.option(
    "--load",
    "load_path",
    default=None,
    metavar="FILE",
    help="Resume the game saved in FILE (its game, options, players and clock).",
)
@click.option(
    "--clock",
    type=ClockType(),
    default=None,
    metavar="MIN+SEC",
    help="Time each side: minutes each, plus seconds added a move (5+3; 10 is 10+0). Each side's first move"
    " is free; a player whose time runs out loses. Agents' time runs too.",
)
@click.option(
    "--campaign",
    "campaign",
    is_flag=True,
    help="Play the game's campaign (a game that declares one: Donnant Donnant's solo levels 1 to 7 in turn),"
    " kept in GAME-campaign.json here (or the file --load names) and resumed by the same command.",
)
def play(
    game_name: str | None,
    option_pairs: tuple[str, ...],
    seed: int | None,
    moves: str,
    players: str | None,
    level: int | None,
    load_path: str | None,
    clock: ClockSettings | None,
    campaign: bool,
) -> None:
    """Play GAME in the terminal: you against the computer by default.

    At the prompt type a move, or: moves, hint, undo, save [FILE], export
    FILE, help, quit. Quitting, Ctrl-C or the end of input save the game to a file and
    say how to resume it (before any move, nothing is written); a game that
    ends is recorded too. With two computer
    players, the moves are printed as they are played. With --clock, the
    prompt shows each side's time, and a move typed after it ran out loses.
    """
    if level is not None and players is not None:
        raise click.UsageError("give --players or --level, not both (a level is one agent spec)")
    from . import campaign as campaigns  # run from here: it is play's --campaign

    if campaign or (load_path is not None and is_progress_file(load_path)):
        if option_pairs or moves or clock is not None or level is not None:
            raise click.UsageError("a campaign sets each level's options: give no -o, --moves, --clock or --level")
        if load_path is not None:
            cls = boardgames.game_class(progress_game_name(load_path))
            if game_name is not None and cls.name != game_name.strip().lower():
                raise click.BadParameter(
                    f"{load_path} holds the campaign of {cls.name}, not {game_name}", param_hint="'--load'"
                )
        elif game_name is None:
            raise click.UsageError("Missing argument 'GAME' (the game whose campaign to play).")
        else:
            cls = boardgames.game_class(game_name)
        campaigns.run_campaign(cls, load_path, players, seed)
        return
    if load_path is not None:
        record = read_record(load_path)
        name = record.state.game.name
        if game_name is not None and name != game_name.strip().lower():
            raise click.BadParameter(f"{load_path} holds a game of {name}, not {game_name}", param_hint="'--load'")
        if option_pairs or moves or clock is not None:
            raise click.BadParameter("-o, --moves and --clock come from the saved game", param_hint="'--load'")
        count = len(record.state.game.turn_order)
        if level is not None:
            players = default_seats(record.state.game, level)
        # Seats given on the command line run as given; a saved game's never start a program (refused).
        seats: list[str] | list[Seat] | None = split_specs(players, count) if players else None
        if seats is None:
            seats = saved_seats(record, "give the seats again with --players to run it")
        if seats is None:
            seats = split_specs(default_seats(record.state.game), count)
        match = Match.from_record(record, seats)
        TerminalGame(match, save_to=user_path(load_path), reported=len(record.state.history)).run()
        campaigns.note_level(match)
        return
    if game_name is None:
        raise click.UsageError("Missing argument 'GAME' (or --load FILE).")
    state = start_position(configure(game_name, option_pairs, seed), moves)
    if level is not None:
        players = default_seats(state.game, level)
    seats = split_specs(players or default_seats(state.game), len(state.game.turn_order))
    match = Match(state, seats, clock=clock)
    TerminalGame(match).run()
    campaigns.note_level(match)
