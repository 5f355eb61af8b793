"""The toy games of tests/toy_games.py (Race, Guess) as a plugin of their own:
a real ``boardgames serve`` (tests/server.py) finds them as it finds any
installed plugin, through an entry point, once :func:`installed` has written
one in a folder on its ``PYTHONPATH``."""

from __future__ import annotations

from pathlib import Path

from boardgames import hookimpl

#: The plugin's (entry point's) name.
NAME = "toy-games"


@hookimpl
def register_games(register):
    from toy_games import Guess, Race  # tests/ is on the path: the server's process imports them here

    register(Race)
    register(Guess)


def installed(folder: Path) -> str:
    """Write a distribution's metadata with this module as an entry point of
    the group ``boardgames`` in ``folder``; the ``PYTHONPATH`` under which a
    server started now loads it (this folder and tests/)."""
    info = folder / "boardgames_toy_games-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: boardgames-toy-games\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[boardgames]\n{NAME} = toy_plugin\n")
    return f"{folder}:{Path(__file__).parent}"
