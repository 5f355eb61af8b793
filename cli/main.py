"""The ``boardgames`` command group and its entry point.

Errors: library code raises :class:`BoardgamesError`; this module alone turns
it into one line on stderr and a non-zero exit, never a traceback. A closed
pipe (``boardgames list | head -1``) ends the program quietly, as Python's
own tools do.

Commands: each lives in its own module, named after it; this module adds the
built-in ones with ``cli.add_command`` and plugins' ones through the
``register_commands`` hook.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any

import click

import boardgames
from boardgames import BoardgamesError
from boardgames.plugins.loader import (
    PluginWarning,
    describe_exception,
    each_implementation,
    plugin_at_fault,
    report_failure,
)
from boardgames.rendering.text import terminal_safe

from . import agents, arena, bench, engine, ladder, learn, play, plugins, replay, review, rules, serve, show
from . import list as list_command


class BoardgamesGroup(click.Group):
    """Turns the library's errors into click errors, in this one place."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BoardgamesError as exc:
            raise click.ClickException(terminal_safe(str(exc), keep="\n")) from None  # it may quote a file
        except (click.ClickException, click.exceptions.Exit, click.Abort, KeyboardInterrupt, SystemExit):
            raise
        except BrokenPipeError:  # the reader went away: main() exits quietly, this is no bug
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


@click.group(
    cls=BoardgamesGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(boardgames.__version__, prog_name="boardgames")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Board games for any number of players, with dice and hidden cards or without.

    \b
    boardgames list                       the games
    boardgames rules donuts               how a game is played here
    boardgames play donuts                play in the terminal
    boardgames show donuts --moves "c3 d3" --json
    """
    if ctx.invoked_subcommand is None:  # a bare "boardgames": the help, like git and pip
        click.echo(ctx.get_help())


for _command in (
    list_command.list_games,
    rules.rules,
    show.show,
    play.play,
    replay.replay,
    review.review_command,
    agents.list_agents,
    arena.arena,
    ladder.ladder,
    learn.learn_command,
    bench.bench,
    engine.engine,
    serve.serve,
    plugins.list_plugins,
):
    cli.add_command(_command)


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


def _quiet_broken_pipe() -> None:
    """The reader went away: send what is left to /dev/null and exit quietly
    (the Python documentation's recipe for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(1)


def main(argv: Sequence[str] | None = None, prog_name: str = "boardgames") -> None:
    """Run the CLI: every error is one line on stderr and a non-zero exit."""
    warnings.showwarning = _show_warning
    try:
        add_plugin_commands()
        code = cli.main(args=argv, prog_name=prog_name, standalone_mode=False)
        sys.stdout.flush()
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
        _quiet_broken_pipe()
    sys.exit(code if isinstance(code, int) else 0)
