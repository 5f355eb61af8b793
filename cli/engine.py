"""``boardgames engine``: serve an agent over the engine protocol on stdin
and stdout (docs/engine-protocol.md), for controllers in any language."""

from __future__ import annotations

import sys

import click

from boardgames.protocol.server import EngineSession


@click.command("engine")
@click.option(
    "--agent",
    "agent",
    default=None,
    metavar="SPEC",
    help="The agent that chooses the moves (see 'boardgames agents'; default: each game's strongest level); "
    "'go' may set its budget.",
)
def engine(agent: str | None) -> None:
    """Speak the engine protocol on stdin and stdout: one reply line per
    command (hello, games, game, seed, position, go, legal, show, quit);
    errors are lines starting 'error' and the engine goes on. A line has at
    most 64 KiB. Ends at quit or the end of input."""
    EngineSession(agent).serve(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)  # bytes, unless replaced
