"""The ``boardgames`` command group and its entry point.

Errors: library code raises :class:`BoardgamesError`; this module alone turns
it into a :class:`click.ClickException`, and :func:`main` prints every error
as one line on stderr with a non-zero exit, never a traceback.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import sys
import warnings
from collections.abc import Sequence
from typing import Any

import click

import boardgames
from boardgames import BoardgamesError, BoardView, Game, State, render_text
from boardgames.options import parse_assignments
from boardgames.plugins import PluginWarning, describe_exception, each_implementation, plugin_at_fault, report_failure
from boardgames.render import wants_unicode


class BoardgamesGroup(click.Group):
    """Turns the library's errors into click errors, in this one place."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BoardgamesError as exc:
            raise click.ClickException(str(exc)) from None
        except (click.ClickException, click.exceptions.Exit, click.Abort, KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            # A bug, most likely in a plugin's game or agent: name it, one line.
            if os.environ.get("BOARDGAMES_DEBUG"):
                raise
            plugin = plugin_at_fault(exc)
            where = f"plugin {plugin!r} failed" if plugin else "internal error"
            raise click.ClickException(
                f"{where}: {type(exc).__name__}: {exc} (BOARDGAMES_DEBUG=1 shows the traceback)"
            ) from None


@click.group(cls=BoardgamesGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(boardgames.__version__, prog_name="boardgames")
def cli() -> None:
    """Two-player abstract strategy games on grids.

    \b
    boardgames list                       the games
    boardgames rules donuts               how a game is played here
    boardgames play donuts                play in the terminal
    boardgames show donuts --moves "c3 d3" --json
    """


# -- shared options -----------------------------------------------------------


def game_options(func: Any, game_required: bool = True) -> Any:
    """-o NAME=VALUE, --seed and --moves, as ``show`` and ``play`` take them."""
    func = click.option(
        "--moves",
        "moves",
        default="",
        metavar='"M1 M2 ..."',
        help="Moves to play from the start, in the game's notation.",
    )(func)
    func = click.option(
        "--seed",
        type=int,
        default=None,
        help="Seed for random set-ups (the same seed gives the same board). Random if left out.",
    )(func)
    func = game_option(func)
    return click.argument("game_name", metavar="GAME", required=game_required)(func)


#: -o NAME=VALUE, repeatable: the game options of every command that sets up a game.
game_option = click.option(
    "-o",
    "--option",
    "option_pairs",
    multiple=True,
    metavar="NAME=VALUE",
    help="A game option (see 'boardgames rules GAME'); repeatable.",
)


def split_specs(text: str, count: int) -> list[str]:
    """``"human,mcts:time=2"`` → the agent specs, checked to be ``count``."""
    specs = [s.strip() for s in text.split(",")]
    if len(specs) != count or not all(specs):
        raise click.BadParameter(
            f"give {count} agent specs separated by a comma, got {text!r}", param_hint="'--players'"
        )
    return specs


def configure(game_name: str, option_pairs: Sequence[str], seed: int | None) -> Game:
    cls = boardgames.get_game(game_name)
    if seed is None:
        seed = secrets.randbelow(2**31)  # shown in the output, so the game can be repeated
    return cls.configure(parse_assignments(option_pairs), seed=seed)


def start_position(game: Game, moves: str) -> State:
    return game.replay(moves.replace(",", " ").split())


def status_line(state: State, view: BoardView) -> str:
    text = state.result_text()
    if view.in_hand:
        hand = ", ".join(f"{p} {n}" for p, n in zip(view.players, view.in_hand, strict=True))
        text += f"  (to place: {hand})"
    return text


def describe_position(state: State) -> str:
    view = state.view()
    lines = [render_text(view, unicode=wants_unicode(sys.stdout)), "", status_line(state, view)]
    if view.changed:
        names = state.game.grid.names
        lines.append("the last move flipped: " + " ".join(names[sq] for sq in view.changed))
    if state.history:
        lines.append("moves: " + " ".join(state.format_move(m) for m in state.history))
    if state.legal_moves:
        lines.append("legal: " + " ".join(state.format_move(m) for m in state.legal_moves))
    return "\n".join(lines)


# -- commands -----------------------------------------------------------------


@cli.command("list")
def list_games() -> None:
    """List the games, one line each."""
    from boardgames.registry import game_plugin

    found = boardgames.registered_games()
    width = max((len(n) for n in found), default=0)
    for name, cls in found.items():
        click.echo(f"{name:<{width}}  {cls.title}: {cls.summary}  [{game_plugin(name)}]".rstrip())


@cli.command("plugins")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of text.")
def list_plugins(as_json: bool) -> None:
    """List the plugins: what loaded, with version and hooks, and what failed and why."""
    boardgames.registered_games()  # registering can fail too: report that here
    boardgames.registered_agents()
    infos = boardgames.plugin_infos()
    if as_json:
        click.echo(json.dumps([i.to_json() for i in infos], indent=2))
        return
    for info in infos:
        where = "built-in" if info.builtin else (info.distribution or "registered by hand")
        version = f" {info.version}" if info.version else ""
        if info.error is None:
            hooks = ", ".join(info.hooks) or "no hooks"
            games = f"; registered: {', '.join(info.registered)}" if info.registered else ""
            click.echo(f"{info.name}  ({where}{version})  hooks: {hooks}{games}")
        else:
            click.echo(f"{info.name}  ({where}{version})  FAILED: {info.error}")


@cli.command("rules")
@click.argument("game_name", metavar="GAME")
def rules(game_name: str) -> None:
    """Show how GAME is played here: the rules, rulings and options."""
    cls = boardgames.get_game(game_name)
    click.echo(cls.rules_text.rstrip() or f"{cls.title}: no rules text.")
    if cls.option_specs:
        click.echo("\nOptions (-o NAME=VALUE):")
        for spec in cls.option_specs:
            default = "random from --seed" if spec.random_default else spec.default
            click.echo(f"  {spec.name}: {spec.help}; {spec.describe()} (default: {default})")


@cli.command("show")
@game_options
@click.option("--json", "as_json", is_flag=True, help="Print the position as one JSON object.")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Also write a picture of the position to FILE (SVG).",
)
def show(
    game_name: str,
    option_pairs: tuple[str, ...],
    seed: int | None,
    moves: str,
    as_json: bool,
    svg_path: str | None,
) -> None:
    """Play --moves from the start of GAME and show the position.

    With --json, print one JSON object: game, options, seed, players (turn
    order), to_move, status (ongoing, won, drawn), winner, pieces, legal_moves
    and history.
    """
    state = start_position(configure(game_name, option_pairs, seed), moves)
    if svg_path is not None:
        write_svg(state, svg_path)
    if as_json:
        click.echo(json.dumps(state.to_json(), indent=2))
    else:
        click.echo(describe_position(state))


def write_svg(state: State, path: str) -> None:
    from boardgames.files import write_atomically
    from boardgames.svg import render_svg

    title = f"{state.game.title}: {state.describe()} ({state.result_text()})"
    write_atomically(path, render_svg(state.view(), title), "the picture")


#: The computer opponent of "boardgames play GAME": the strongest built-in agent
#: in both games (docs/strength.md), answering in about a second.
DEFAULT_OPPONENT = "alphabeta:time=1"


@cli.command("play")
@functools.partial(game_options, game_required=False)
@click.option(
    "--players",
    metavar="A,B",
    help=f"Agent specs in turn order, e.g. human,mcts:time=2 or random,mcts "
    f"(default: human,{DEFAULT_OPPONENT}). See 'boardgames agents'.",
)
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Resume the game saved in FILE (its game, options and players).",
)
def play(
    game_name: str | None,
    option_pairs: tuple[str, ...],
    seed: int | None,
    moves: str,
    players: str | None,
    load_path: str | None,
) -> None:
    """Play GAME in the terminal: you against the computer by default.

    At the prompt type a move, or: moves, hint, undo, save [FILE], help,
    quit. Quitting, Ctrl-C or the end of input save the game to a file and
    say how to resume it. With two computer players, the moves are printed as
    they are played.
    """
    from boardgames.records import load_record

    from .play import play_loop

    started = None
    if load_path is not None:
        record, state = load_record(load_path)
        if game_name is not None and record["game"] != game_name.strip().lower():
            raise click.BadParameter(
                f"{load_path} holds a game of {record['game']}, not {game_name}", param_hint="'--load'"
            )
        if option_pairs or moves:
            raise click.BadParameter("-o and --moves come from the saved game", param_hint="'--load'")
        players = players or ",".join(record["players"]) or None
        started = record.get("started")
    elif game_name is None:
        raise click.UsageError("Missing argument 'GAME' (or --load FILE).")
    else:
        state = start_position(configure(game_name, option_pairs, seed), moves)
    seats = parse_players(players or f"human,{DEFAULT_OPPONENT}", len(state.game.players))
    play_loop(state, seats, seed=state.game.seed or 0, started=started, save_to=load_path)


def parse_players(text: str, count: int) -> list[boardgames.Player]:
    return [boardgames.make_player(spec) for spec in split_specs(text, count)]


@cli.command("agents")
def list_agents() -> None:
    """List the agents and the parameters their specs take."""
    from boardgames.agents.spec import describe_agents

    for name, cls in boardgames.registered_agents().items():
        params = describe_agents({name: cls})
        budget = cls.default_budget.describe()
        click.echo(f"{params}: {cls.summary} (default budget: {budget})")


# -- entry point --------------------------------------------------------------


def _show_warning(
    message: Any,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    if issubclass(category, PluginWarning):
        click.echo(f"Warning: {message}", err=True)
    else:
        _default_showwarning(message, category, filename, lineno, file, line)


_default_showwarning = warnings.showwarning
_commands_added = False


def add_plugin_commands() -> None:
    """Let plugins add commands (register_commands), each in its own try/except."""
    global _commands_added
    if _commands_added:
        return
    _commands_added = True
    for plugin, function in list(each_implementation("register_commands")):
        try:
            function(cli=cli)
        except Exception as exc:
            report_failure(plugin, f"register_commands: {describe_exception(exc)}")


def main(argv: Sequence[str] | None = None, prog_name: str = "boardgames") -> None:
    """Run the CLI: every error is one line on stderr and a non-zero exit."""
    from . import replay, tournament  # noqa: F401  (they register their commands)

    warnings.showwarning = _show_warning
    try:
        add_plugin_commands()
        code = cli.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
        click.echo(f"Error: {exc.format_message()}{hint}", err=True)
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        click.echo(f"Error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except (click.Abort, KeyboardInterrupt):
        click.echo("Aborted.", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
