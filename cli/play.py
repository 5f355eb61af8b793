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

from boardgames import AmbiguousMoveError, BoardgamesError, IllegalMoveError, Move, State

from .app import describe_position, replay_command

HELP = """\
Type a move (c3 to place, c3-c4 to move a piece, pass), or one of:
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


def read_move(state: State, text: str, read: Callable[[str], str | None]) -> Move | None:
    """The move ``text`` names. Where it leaves a choice open (which piece
    flips) or names only a piece to move, ask which; None if no answer."""
    try:
        return state.parse_move(text)
    except AmbiguousMoveError as exc:
        choices = tuple(m for m in exc.choices if isinstance(m, Move))
        question = "Which flips?"
    except IllegalMoveError:
        typed = state.game.parse_move(text)
        choices = state.moves_from(typed.to) if typed.is_placement else ()
        if not choices:
            raise
        question = f"Move {state.game.grid.name(typed.to)} where?"
    texts = [state.format_move(m) for m in choices]
    listed = "  ".join(f"{n}) {t}" for n, t in enumerate(texts, start=1))
    answer = read(f"{question} {listed}: ")
    if answer is None:
        return None
    answer = answer.strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(choices):
        return choices[int(answer) - 1]
    if answer in texts:
        return choices[texts.index(answer)]
    # A square alone is enough where it singles one out: a step's destination or a flip.
    names = state.game.grid.names
    picked = [m for m in choices if answer in (names[m.to], *(names[x] for x in m.marks))]
    if len(picked) == 1:
        return picked[0]
    click.echo(f"{answer!r} is none of those; the move is not played.")
    return None


def play_loop(state: State, read: Callable[[str], str | None] = read_line) -> State:
    """Play from ``state`` until the game ends or the players stop; return the last state."""
    earlier: list[State] = []
    show = True
    while not state.is_over:
        if show:
            click.echo(describe_position(state))
        show = True
        try:
            text = read(f"{state.to_move}> ")
        except KeyboardInterrupt:  # Ctrl-C stops the game like quit: nothing is lost
            click.echo()
            text = None
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
                move = read_move(state, text, read)
            except BoardgamesError as exc:
                click.echo(f"{exc}. Type 'moves' for the legal moves, 'help' for commands.")
                show = False
                continue
            if move is None:
                show = False
                continue
            earlier.append(state)
            state = state.play(move)
    click.echo(describe_position(state))
    return state
