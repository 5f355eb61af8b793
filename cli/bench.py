"""``boardgames bench GAME``: how fast playouts and searches go, on one core."""

from __future__ import annotations

import json
import sys

import click

from boardgames.analysis import bench as bench_lib
from boardgames.rendering.text import terminal_safe
from boardgames.rules.options import parse_assignments

from .common import SEED, finite_seconds, game_option


@click.command("bench")
@click.argument("game_name", metavar="GAME")
@game_option
@click.option(
    "--seconds",
    default=2.0,
    show_default=True,
    type=finite_seconds(0.05, 600),
    help="How long each figure is measured (0.05 to 600).",
)
@click.option("--seed", default=0, show_default=True, type=SEED)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench(game_name: str, option_pairs: tuple[str, ...], seconds: float, seed: int, as_json: bool) -> None:
    """Measure playouts, MCTS simulations and alpha-beta nodes per second on
    GAME, on one core, beside the game's hand-written reference loop where it
    has one (the framework's cost is the ratio, measured in the same run)."""
    options = parse_assignments(option_pairs)
    figures = bench_lib.run_bench(game_name, seconds, seed, options)
    if as_json:
        click.echo(json.dumps(figures, indent=2))
        return
    setup = figures["options"]
    given = f" ({', '.join(f'{name}={setup[name]}' for name in options)})" if options else ""
    click.echo(f"{game_name}{given}, {seconds:g} s a figure, one core (python {sys.version.split()[0]})")
    for key, text in bench_lib.DESCRIPTIONS.items():
        if key not in figures:
            continue
        value = figures[key]
        shown = f"{value:.2f}" if isinstance(value, float) else f"{value:,}"
        click.echo(f"  {text:<62} {shown:>10}")
    for key, why in figures.get("not_measured", {}).items():
        click.echo(terminal_safe(f"  {bench_lib.DESCRIPTIONS[key]}: not measured ({why})"))
