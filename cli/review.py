"""``boardgames review FILE``: where a saved game was won and lost.

The review (:mod:`boardgames.analysis.review`) is saved with the game so that a second
look is instant: in a record, under its ``review`` key (a record's reader
ignores keys it does not know, and a game saved again drops it, as it should:
its moves may have changed); next to a bare JSON state, in ``FILE.review.json``.
A review saved with other moves, or whole but of another ``--budget`` when one
is given, is made again; the labels are always made afresh from the
thresholds given.

A game with chance or of other than two players is valued by expectation
(each player's expected result, averaged over chance: see
:mod:`boardgames.analysis.review`). A game with hidden information still
going on is reviewed only ``--as PLAYER``, as that player saw it, and that
review is not saved; once over, the whole game.
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
@click.option(
    "--as",
    "as_player",
    default=None,
    metavar="PLAYER",
    help="A game with hidden information still going on: review PLAYER's moves, as PLAYER saw the game.",
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
    as_player: str | None = None,
) -> None:
    """Review the game saved in FILE: each move's win chance, the best move,
    and where it was won and lost (inaccuracy ?!, mistake ?, blunder ??,
    missed win), saved with the game for the next look. With --try N MOVE:
    whether MOVE, played instead of move N, does better."""
    thresholds = Thresholds(inaccuracy, mistake, blunder)
    asked = parse_budget(budget) if budget is not None else None
    record, raw = read_record_json(path)
    final = record.state
    game = final.game
    if as_player is not None and as_player not in game.player_names:
        raise click.BadParameter(
            f"{as_player!r} is not a player of {game.name} ({', '.join(game.player_names)})", param_hint="'--as'"
        )
    viewing = game.hidden_information and not final.is_over
    if viewing and as_player is None:
        raise click.UsageError(
            f"this game of {game.name} hides information and is still going on: review it --as PLAYER,"
            " as that player saw it (the whole game once it is over)"
        )
    if viewing and try_move is not None:
        raise click.UsageError("--try needs the whole game: it is given once the game is over")
    player = game.player_names.index(as_player) if viewing and as_player is not None else None
    if player is not None:  # one player's view: made afresh each time, never saved with the whole game
        seen = review(final, asked or DEFAULT_BUDGET, thresholds, seed=game.seed or 0, player=player)
        click.echo(json.dumps(public(seen), indent=2) if as_json else _text(seen, final, record.seats))
        return
    in_record = isinstance(raw, dict) and raw.get("format") == FORMAT
    sidecar = Path(f"{path}.review.json")
    data: dict[str, Any] | None = None
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
    cells[round(max(0.0, min(win, 100.0)) / 100 * (GRAPH - 1))] = "*"
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
    expected = bool(data.get("expected"))
    result = final.result_text() if final.is_over or not game.hidden_information else "still going on"
    lines = [f"{game.title}, {len(data['history'])} moves: {players}. {result}."]
    if data.get("player") is not None:
        lines.append(f"{data['player']}'s moves, valued from what {data['player']} saw.")
    if expected:
        lines.append(
            "Expected result of the player who moved, after the move, averaged over chance (100%: alone first,"
            f" 0%: alone last); the graph is {first}'s (0% left, 100% right)."
        )
    else:
        lines.append(
            f"Win chance of the player who moved, after the move; the graph is {first}'s (0% left, 100% right)."
        )
    lines.append("")
    width = max((len(p["move"]) for p in data["plies"]), default=4)
    for ply in data["plies"]:
        if expected:
            first_win = ply["values"][first]
        else:
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
    if expected:
        lines.append(f"(playouts: {terminal_safe(data['budget'])} a position; exact: the game is over)")
    else:
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
