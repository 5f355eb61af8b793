"""What the commands share: option decorators, setting up a game, reading a
person's lines, and describing a position for the terminal.

Every command module imports this one; it imports no command module.
"""

from __future__ import annotations

import contextlib
import functools
import math
import re
import secrets
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

import boardgames
from boardgames import BoardgamesError, BoardView, Game, State
from boardgames.agents.spec import split_unquoted
from boardgames.errors import quoted
from boardgames.rendering.text import render_text, wants_unicode
from boardgames.rules.game import SEED_DIGITS, check_seed
from boardgames.rules.options import parse_assignments
from boardgames.rules.parts import at_most
from boardgames.rules.parts import describe as describe_parts

F = TypeVar("F", bound=Callable[..., Any])

# -- options --------------------------------------------------------------------

#: -o NAME=VALUE, repeatable: the game options of every command that sets up a game.
game_option = click.option(
    "-o",
    "--option",
    "option_pairs",
    multiple=True,
    metavar="NAME=VALUE",
    help="A game option (see 'boardgames rules GAME'); repeatable.",
)


class SeedType(click.ParamType):
    """``--seed``: a whole number of at most SEED_DIGITS digits, its length
    checked before it is converted (Python refuses more than 4,300 digits)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if not isinstance(value, int) and len(str(value).strip()) > SEED_DIGITS + 1:  # a sign, then the digits
            self.fail(
                f"{quoted(str(value), 40)} is not a seed: a whole number of at most {SEED_DIGITS} digits", param, ctx
            )
        number: int = click.INT.convert(value, param, ctx)
        try:
            check_seed(number)
        except BoardgamesError as exc:
            self.fail(str(exc), param, ctx)
        return number


#: The type of every ``--seed`` option.
SEED = SeedType()


def game_options(func: Any, game_required: bool = True) -> Any:
    """GAME, -o NAME=VALUE, --seed and --moves, as ``show`` and ``play`` take them."""
    func = click.option(
        "--moves",
        "moves",
        default="",
        metavar='"M1 M2 ..."',
        help="Moves to play from the start, in the game's notation, separated by spaces, or by commas"
        " where moves hold spaces (Backgammon's 24/23 13/11).",
    )(func)
    func = click.option(
        "--seed",
        type=SEED,
        default=None,
        help="Seed for random set-ups (the same seed gives the same board). Random if left out.",
    )(func)
    func = game_option(func)
    return click.argument("game_name", metavar="GAME", required=game_required)(func)


def finite_seconds(low: float, high: float) -> click.ParamType:
    """A number of seconds from ``low`` to ``high`` (never NaN or infinite)."""

    class Seconds(click.ParamType):
        name = "seconds"

        def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
            try:
                number = float(value)
            except (TypeError, ValueError):
                self.fail(f"{value!r} is not a number", param, ctx)
            if not (math.isfinite(number) and low <= number <= high):
                self.fail(f"{value!r} is not a number of seconds from {low:g} to {high:g}", param, ctx)
            return number

    return Seconds()


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (where progress is a bar, redrawn in place)."""
    return sys.stderr.isatty()


@contextlib.contextmanager
def progress_bar(length: int, label: str, shown: bool = True) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr where it is a terminal (and ``shown``): yields
    its ``advance(n)``, or None where there is no bar."""
    if not (shown and stderr_is_terminal()):
        yield None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


#: Where stderr is not a terminal, a progress line at most this often, in seconds:
#: a long run piped to a file is not silent, and a short one says nothing.
PROGRESS_EVERY = 5.0


@contextlib.contextmanager
def progress(length: int, label: str, unit: str = "games") -> Iterator[Callable[[int], None]]:
    """Progress on stderr, whatever goes to stdout (JSON included): a bar where
    stderr is a terminal, else a line ``LABEL: 12 of 40 games`` at most every
    :data:`PROGRESS_EVERY` seconds. Yields ``advance(n)``."""
    if stderr_is_terminal():
        with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
            yield bar.update
        return
    done, last = 0, time.monotonic()

    def advance(n: int) -> None:
        nonlocal done, last
        done += n
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY:
            last = now
            click.echo(f"{label}: {done} of {length} {unit}", err=True)

    yield advance


def split_specs(text: str, count: int, or_more: bool = False, option: str = "--players") -> list[str]:
    """``"human,mcts:time=2"`` → the seat specs, checked to be ``count`` (or
    more); errors name ``option``."""
    try:
        specs = [s.strip() for s in split_unquoted(text, ",")]
    except BoardgamesError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{option}'") from None
    if len(specs) < count or (len(specs) > count and not or_more) or not all(specs):
        wanted = f"{count} or more" if or_more else f"{count}"
        raise click.BadParameter(
            f"give {wanted} agent specs separated by a comma, got {quoted(text, 80)}", param_hint=f"'{option}'"
        )
    return specs


def configure(game_name: str, option_pairs: Sequence[str], seed: int | None) -> Game:
    cls = boardgames.game_class(game_name)
    if seed is None:
        seed = secrets.randbelow(2**31)  # shown in the output, so the game can be repeated
    return cls.configure(parse_assignments(option_pairs), seed=seed)


def start_position(game: Game, moves: str) -> State:
    """Play ``--moves``: separated by commas where the text holds one (a game
    whose moves hold spaces, Backgammon's ``24/23 13/11``), else by spaces."""
    return game.replay([m.strip() for m in moves.split(",") if m.strip()] if "," in moves else moves.split())


def shell_quote(path: object) -> str:
    """A path as it can be pasted into a shell."""
    return shlex.quote(str(path))


# -- a person's input -------------------------------------------------------------

# Escape sequences (arrow and function keys) and other control characters.
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[O][ -~]|\x1b.?|[\x00-\x08\x0b-\x1f\x7f]")


# Keys that send an escape sequence readline has no binding for: unbound, it
# types their tail ("~") into the line. Bound to an empty macro, they do nothing.
_SILENT_KEYS = ("\\e[2~", "\\e[5~", "\\e[6~", *(f"\\e[{n}~" for n in (15, 17, 18, 19, 20, 21, 23, 24)))


@functools.cache
def _line_editing() -> None:
    """Once: importing readline makes input() edit lines and keep a history."""
    with contextlib.suppress(ImportError):
        import readline

        if "libedit" not in (readline.__doc__ or ""):  # GNU readline's syntax
            for key in _SILENT_KEYS:
                readline.parse_and_bind(f'"{key}": ""')


def read_line(prompt: str) -> str | None:
    """One line from stdin after ``prompt``, escape sequences removed; None at
    the end of input. On a terminal, with line editing and history (readline)
    where the platform has it."""
    line: str | None
    if sys.stdin.isatty() and sys.stdout.isatty():
        _line_editing()
        try:
            line = input(prompt)
        except EOFError:
            line = None
    else:
        click.echo(prompt, nl=False)
        line = sys.stdin.readline() or None
    if line is None:
        click.echo()
        return None
    return _ESCAPES.sub("", line).strip()


# -- describing a position -------------------------------------------------------------


def terminal_width() -> int:
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def fit(label: str, items: Sequence[str], width: int, more: str = "") -> str:
    """``label`` and as many ``items`` as fit in ``width`` columns; where some
    are left out, their count (and ``more``, a hint) ends the line."""
    line = label
    for k, item in enumerate(items):
        after = len(items) - k - 1
        tail = f" … {after} more{more}" if after else ""
        if k > 0 and len(line) + 1 + len(item) + len(tail) > width:
            return f"{line} … {len(items) - k} more{more}"
        line += " " + item
    return line


def fit_last(label: str, items: Sequence[str], width: int, left_out: int = 0) -> str:
    """``label`` and as many of the last ``items`` as fit in ``width`` columns,
    after the count of those left out (``left_out`` more before ``items``):
    the latest moves matter most."""
    kept: list[str] = []
    for k in range(len(items) - 1, -1, -1):
        earlier = k + left_out
        head = f"{label} … {earlier} earlier" if earlier else label
        if kept and len(head) + len(items[k]) + sum(len(item) + 1 for item in kept) + 1 > width:
            return " ".join([f"{label} … {earlier + 1} earlier", *kept])
        kept.insert(0, items[k])
    return " ".join([f"{label} … {left_out} earlier" if left_out else label, *kept])


def status_line(state: State, view: BoardView) -> str:
    text = state.result_text()
    if view.in_hand and any(view.in_hand):
        hand = ", ".join(f"{p} {n}" for p, n in zip(view.players, view.in_hand, strict=True))
        text += f"  (to place: {hand})"
    asked = state.asked
    if len(asked) > 1:  # choices made at once: who is asked, each unseen by the others
        names = [state.game.player_names[p] for p in asked]
        text += f" ({', '.join(names[:-1])} and {names[-1]} choose at once, each unseen by the others)"
    progress = "" if state.is_over else state.game.progress(state)
    return f"{text}\n{progress}" if progress else text


def describe_position(state: State, width: int | None = None, recent: int | None = None) -> str:
    """The board, whose turn it is or the result, what the last move changed, the
    moves so far and the legal moves, each line fitted to ``width`` columns
    (the terminal's by default). With ``recent``, only the last that many
    moves are listed (the play loop, which redraws after every move)."""
    width = width or terminal_width()
    view = state.view()
    lines = [render_text(view, unicode=wants_unicode(sys.stdout)), "", status_line(state, view)]
    names = state.game.site_names()  # a table's sites in the game's words
    if view.winning:
        lines.append(fit("the winning line:", [names[sq] for sq in view.winning], width))
    if view.changed:
        lines.append(fit(f"the last move {view.words.changed}:", [names[sq] for sq in view.changed], width))
    history = state.history
    if history:
        shown = history[-recent:] if recent is not None else history
        written = state.written_history()[len(history) - len(shown) :]  # in the game's own notation, if it has one
        if any(" " in m for m in written):  # moves that hold spaces (24/23 13/11): a comma after each, as --moves reads
            written = tuple(f"{m}," for m in written[:-1]) + written[-1:]
        lines.append(fit_last("moves:", list(written), width, len(history) - len(shown)))
    if not state.is_over:
        label, legal = legal_or_first_parts(state)
        if any(" " in m for m in legal):
            legal = [f"{m}," for m in legal[:-1]] + legal[-1:]
        lines.append(fit(label, legal, width, more=" (type 'moves')" if recent is not None else ""))
    return "\n".join(lines)


#: A game in parts lists its whole moves where there are at most this many, else how one starts.
FEW_MOVES = 60


def legal_or_first_parts(state: State) -> tuple[str, list[str]]:
    """``legal:`` and the legal moves; for a game in parts with more than
    :data:`FEW_MOVES` (Amazons' thousands), how a move starts."""
    few = at_most(state.parts, FEW_MOVES) if state.game.moves_in_parts else state.legal_moves
    if few is None:
        return "a move starts with one of:", describe_parts(state.parts(), state.game.site_names())
    return "legal:", [state.format_move(m) for m in few]


def view_options(command: F) -> F:
    """``--as PLAYER`` and ``--whole``: which view of a game with hidden
    information still going on a command shows (by default what every player sees)."""
    command = click.option(
        "--whole",
        is_flag=True,
        help="In a game with hidden information still going on, show everything, hidden parts included"
        " (by default only what every player sees).",
    )(command)
    return click.option(
        "--as",
        "as_player",
        default=None,
        metavar="PLAYER",
        help="In a game with hidden information still going on, show only what PLAYER sees.",
    )(command)
