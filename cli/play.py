"""The terminal game loop: people and computer players, in any mix.

Input comes line by line from stdin, so the loop can be driven by a test or
a pipe as well as by a person. Bad input re-prompts with one line saying why;
``quit``, Ctrl-C or the end of input stop the game and save it (atomically)
to a named file, with the command that resumes it: nothing is lost.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from boardgames import (
    AmbiguousMoveError,
    BoardgamesError,
    IllegalMoveError,
    Move,
    Player,
    State,
    make_player,
)
from boardgames.records import default_path, now, record_of, save_record

from .app import describe_position

#: The agent that answers ``hint``: the strongest built-in (docs/strength.md), a second a move.
HINT_AGENT = "alphabeta:time=1"

HELP = """\
Type a move (c3 to place, c3-c4 to move a piece, pass), or one of:
  moves   list the legal moves
  hint    ask the computer for a move
  undo    take back your last move (and the computer's reply)
  save    save the game (to a file you name: save FILE)
  help    this text
  quit    stop and save; Ctrl-C and the end of input do the same"""


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


def play_loop(
    state: State,
    players: Sequence[Player] | None = None,
    seed: int = 0,
    read: Callable[[str], str | None] = read_line,
    started: str | None = None,
    save_to: str | None = None,
) -> State:
    """Play from ``state`` until the game ends or the people stop; return the
    last state. ``players`` are in turn order (``game.players``); people by
    default. A computer player's random choices come from ``seed``. Stopping
    saves the game to a file, so that nothing is lost."""
    game = state.game
    if players is None:
        players = [make_player("human") for _ in game.players]
    seats = {game.player_names.index(name): p for name, p in zip(game.players, players, strict=True)}
    rngs = {i: random.Random(f"{seed}/{i}") for i in seats}
    specs = [p.spec for p in players]
    started = started or now()

    def save(path: str | None = None) -> str | None:
        nonlocal save_to
        target = Path(path or save_to or default_path(game.name))
        save_to = str(target)  # later saves, and the one on stopping, go to the same file
        try:
            save_record(target, record_of(state, specs, started))
        except BoardgamesError as exc:
            click.echo(f"{exc}.")
            return None
        return str(target)

    watching = any(p.agent.is_human for p in players)
    earlier: list[State] = []
    show = watching
    while not state.is_over:
        seat = seats[state.turn]
        if not seat.agent.is_human:
            if watching:
                click.echo(f"{state.to_move} ({seat.spec}) is thinking...")
            try:
                move = seat.agent.choose(state, seat.budget, rngs[state.turn])
            except KeyboardInterrupt:
                return _stop(state, save())
            click.echo(f"{len(state.history) + 1}. {state.to_move} ({seat.spec}): {state.format_move(move)}")
            earlier.append(state)
            state = state.play(move)
            show = watching
            continue
        if show:
            click.echo(describe_position(state))
        show = True
        try:
            text = read(f"{state.to_move}> ")
        except KeyboardInterrupt:  # Ctrl-C stops the game like quit: nothing is lost
            click.echo()
            text = None
        if text is None or text.lower() in ("quit", "exit", "q"):
            return _stop(state, save())
        command, _, argument = text.partition(" ")
        command = command.lower()
        if command == "":
            show = False
        elif command in ("help", "?"):
            click.echo(HELP)
            show = False
        elif command == "moves":
            click.echo(" ".join(state.format_move(m) for m in state.legal_moves))
            show = False
        elif command == "hint":
            adviser = make_player(HINT_AGENT)
            move = adviser.agent.choose(state, adviser.budget, random.Random(f"{seed}/hint/{len(state.history)}"))
            click.echo(f"hint ({adviser.spec}): {state.format_move(move)}")
            show = False
        elif command == "save":
            where = save(argument.strip() or None)
            if where is not None:
                click.echo(f"Saved to {where}. Resume with: boardgames play --load {where}")
            show = False
        elif command == "undo":
            # Back to this person's previous turn, past the computer's replies.
            while earlier:
                state = earlier.pop()
                if seats[state.turn].agent.is_human:
                    break
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


def _stop(state: State, saved: str | None) -> State:
    click.echo(f"Game stopped after {len(state.history)} moves.")
    if saved is not None:
        click.echo(f"Saved to {saved}. Resume with: boardgames play --load {saved}")
    return state
