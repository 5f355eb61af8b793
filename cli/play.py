"""The terminal game loop: two people at one keyboard.

Input comes line by line from stdin, so the loop can be driven by a test or
a pipe as well as by a person. Bad input re-prompts with one line saying why;
the end of input or ``quit`` stops the game and prints the command that
resumes it, so nothing is lost.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from boardgames import BoardgamesError, State

from .app import describe_position, replay_command

HELP = """\
Type a move (like c3), or one of:
  moves   list the legal moves
  undo    take back the last move
  help    this text
  quit    stop; prints the command that resumes the game"""


def read_line(prompt: str) -> str | None:
    """One line from stdin after ``prompt``; None at the end of input."""
    click.echo(prompt, nl=False)
    line = sys.stdin.readline()
    if not line:
        click.echo()
        return None
    return line.strip()


def play_loop(state: State, read: Callable[[str], str | None] = read_line) -> State:
    """Play from ``state`` until the game ends or the players stop; return the last state."""
    earlier: list[State] = []
    show = True
    while not state.is_over:
        if show:
            click.echo(describe_position(state))
        show = True
        text = read(f"{state.to_move}> ")
        if text is None or text.lower() in ("quit", "exit", "q"):
            click.echo(f"Game stopped after {len(state.history)} moves. Resume with:")
            click.echo("  " + replay_command(state))
            return state
        command = text.lower()
        if command == "":
            show = False
        elif command in ("help", "?"):
            click.echo(HELP)
            show = False
        elif command == "moves":
            click.echo(" ".join(state.format_move(m) for m in state.legal_moves))
            show = False
        elif command == "undo":
            if earlier:
                state = earlier.pop()
            else:
                click.echo("Nothing to undo.")
                show = False
        else:
            try:
                after = state.parse_move(text)
            except BoardgamesError as exc:
                click.echo(f"{exc}. Type 'moves' for the legal moves, 'help' for commands.")
                show = False
                continue
            earlier.append(state)
            state = state.play(after)
    click.echo(describe_position(state))
    return state
