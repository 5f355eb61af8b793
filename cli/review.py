"""``boardgames review FILE``: where a saved game was won and lost.

The review (:mod:`boardgames.analysis.review`) is saved with the game so that a second
look is instant: in a record, under its ``review`` key (a record's reader
ignores keys it does not know, and a game saved again drops it, as it should:
its moves may have changed); next to a bare JSON state, in ``FILE.review.json``.
A review saved with other moves, or whole but of another ``--budget`` when one
is given, is made again; the labels are always made afresh from the
thresholds given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from boardgames.analysis.better_move import Retry, retry
from boardgames.analysis.review import (
    BLUNDER,
    DEFAULT_BUDGET,
    INACCURACY,
    MARKS,
    MISTAKE,
    Thresholds,
    describe_budget,
    parse_budget,
    public,
    review,
    saved,
)
from boardgames.errors import RecordError, SaveError
from boardgames.play.records import FORMAT, read_record_json, save_record
from boardgames.play.safe_files import read_text_limited, write_safely
from boardgames.rendering.text import terminal_safe

from .common import progress_bar

#: The text graph's width, in characters, from 0% to 100%.
GRAPH = 21


@click.command("review")
@click.argument("path", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option(
    "--budget",
    default=None,
    metavar="SPEC",
    help=f"The search's budget a position: time=SECONDS or iterations=N (default {describe_budget(DEFAULT_BUDGET)}).",
)
@click.option("--inaccuracy", type=float, default=INACCURACY, show_default=True, help="Points of win chance lost.")
@click.option("--mistake", type=float, default=MISTAKE, show_default=True, help="Points of win chance lost.")
@click.option("--blunder", type=float, default=BLUNDER, show_default=True, help="Points of win chance lost.")
@click.option("--fresh", is_flag=True, help="Analyse again even if a review is saved.")
@click.option(
    "--try",
    "try_move",
    nargs=2,
    type=(int, str),
    default=None,
    metavar="N MOVE",
    help="Find a better move: play MOVE instead of move N (1 is the first) and say whether it keeps the win.",
)
def review_command(
    path: str,
    as_json: bool,
    budget: str | None,
    inaccuracy: float,
    mistake: float,
    blunder: float,
    fresh: bool,
    try_move: tuple[int, str] | None = None,
) -> None:
    """Review the game saved in FILE: each move's win chance, the best move,
    and where it was won and lost (inaccuracy ?!, mistake ?, blunder ??,
    missed win), saved with the game for the next look. With --try N MOVE:
    whether MOVE, played instead of move N, does better."""
    thresholds = Thresholds(inaccuracy, mistake, blunder)
    asked = parse_budget(budget) if budget is not None else None
    record, raw = read_record_json(path)
    final = record.state
    in_record = isinstance(raw, dict) and raw.get("format") == FORMAT
    sidecar = Path(f"{path}.review.json")
    data = None
    if not fresh:
        data = saved(raw.get("review") if in_record else _read_sidecar(sidecar), final, asked, thresholds)
    if try_move is not None:  # the saved review's numbers for the played move, if any; nothing saved
        ply, move = try_move
        tried = retry(final, ply, move, asked or DEFAULT_BUDGET, final.game.seed or 0, data, thresholds)
        click.echo(json.dumps(tried.to_json(), indent=2) if as_json else terminal_safe(_tried_text(tried), keep="\n"))
        return
    if data is None:
        data = _analyse(final, asked or DEFAULT_BUDGET, thresholds, record.state.game.seed, as_json)
        try:
            if in_record:
                save_record(path, {**raw, "review": data})
            else:
                write_safely(sidecar, json.dumps(data, indent=1) + "\n", "the review", replace=_not_a_review)
        except SaveError as exc:
            click.echo(f"Warning: the review was not saved: {exc}", err=True)
    elif not as_json:
        click.echo(f"(the review saved with the game, {terminal_safe(data['budget'])} a position)", err=True)
    if as_json:
        click.echo(json.dumps(public(data), indent=2))
    else:
        click.echo(_text(data, final, record.seats))


def _analyse(final: Any, budget: Any, thresholds: Thresholds, seed: int | None, quiet: bool) -> dict[str, Any]:
    moves = len(final.history)
    with progress_bar(moves + 1, f"reviewing {moves} moves", shown=not quiet) as advance:
        return review(final, budget, thresholds, seed=seed or 0, progress=advance)


def _read_sidecar(path: Path) -> Any:
    if not path.is_file():
        return None
    try:
        return json.loads(read_text_limited(path, "review"))
    except (RecordError, ValueError, RecursionError):
        return None  # damaged: made again


def _not_a_review(path: Path) -> str | None:
    data = _read_sidecar(path)
    if isinstance(data, dict) and "plies" in data and "summary" in data:
        return None
    return "a file that is not a saved review is there"


def mark(label: str | None) -> str:
    if label is None:
        return ""
    return MARKS[label] or f" ({label})"


def graph(win: float) -> str:
    """One line of the text graph: ``*`` where the first player's win chance is, ``|`` at even."""
    cells = ["."] * GRAPH
    cells[GRAPH // 2] = "|"
    cells[round(win / 100 * (GRAPH - 1))] = "*"
    return "".join(cells)


def summary_line(player: str, counts: dict[str, Any]) -> str:
    """``white: accuracy 91.2, 1 inaccuracy, 0 mistakes, ...``: a player's tally, in words."""
    kinds = (("inaccuracies", "inaccuracy"), ("mistakes", "mistake"), ("blunders", "blunder"))
    tally = [f"{counts[many]} {one if counts[many] == 1 else many}" for many, one in kinds]
    wins = counts["missed_wins"]
    tally.append(f"{wins} missed win{'' if wins == 1 else 's'}")
    return f"{player}: accuracy {counts['accuracy']:.1f}, {', '.join(tally)}"


def _text(data: dict[str, Any], final: Any, seats: tuple[str, ...]) -> str:
    """The review in words. The seats and the saved review's texts are the
    file's: each is shown through terminal_safe, seen and never obeyed."""
    seats = tuple(terminal_safe(s) for s in seats)
    game = final.game
    first = game.turn_order[0]
    players = ", ".join(
        f"{p} ({s})" for p, s in zip(game.turn_order, seats or ("?",) * len(game.turn_order), strict=False)
    )
    lines = [
        f"{game.title}, {len(data['plies'])} moves: {players}. {final.result_text()}.",
        f"Win chance of the player who moved, after the move; the graph is {first}'s (0% left, 100% right).",
        "",
    ]
    width = max((len(p["move"]) for p in data["plies"]), default=4)
    for ply in data["plies"]:
        first_win = ply["win"] if ply["player"] == first else 100 - ply["win"]
        shown = f"{ply['move']}{mark(ply['label'])}"
        note = ""
        if ply["label"] is not None and ply["best"] is not None:
            note = terminal_safe(f"  best {ply['best']} ({' '.join(ply['line'])})")
        source = "exact" if ply["source"] == "solver" else "est."
        head = f"{ply['ply']:>4}. {ply['player']:<10} {shown:<{width + 12}}"
        lines.append(f"{head} {ply['win']:>5.1f}% {source:<5}  {graph(first_win)}{note}")
    lines.append("")
    lines.extend(summary_line(player, counts) for player, counts in data["summary"].items())
    lines.append(f"(search: {terminal_safe(data['budget'])} a position; exact: proved by the endgame solver)")
    return "\n".join(lines)


def _tried_text(tried: Retry) -> str:
    """The verdict, then the numbers it rests on."""

    def shown(win: float | None, source: str) -> str:
        return "?" if win is None else f"{win:.0f}% {'exact' if source == 'solver' else 'est.'}"

    best = f"; best {tried.best}" if tried.best is not None else ""
    return (
        f"{tried.verdict}\n"
        f"Move {tried.ply}, {tried.player}: {tried.move} {shown(tried.win, tried.source)};"
        f" played {tried.played} {shown(tried.played_win, tried.played_source)}{best}"
        f" ({tried.player}'s win chance after the move)"
    )
