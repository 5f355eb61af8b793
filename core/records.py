"""Game records: a game as a JSON file, written atomically.

A record holds a format version, the game, its options (the Donuts board
included), the players (agent specs, in turn order), the seed, the moves in
canonical notation, the result and timestamps. Reading one replays its moves,
so a record that is corrupt, of an unknown version or game, or holding an
illegal move fails with one clear :class:`RecordError`.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import BoardgamesError, RecordError
from .files import write_atomically
from .game import State

FORMAT = "boardgames-record"
VERSION = 1


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def record_of(
    state: State, players: Sequence[str], started: str | None = None, finished: str | None = None
) -> dict[str, Any]:
    """The record of ``state``'s game so far; ``players`` are agent specs in turn order."""
    game = state.game
    result = None
    if state.outcome is not None:
        result = {"status": state.status.value, "winner": state.winner, "reason": state.outcome.reason}
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "options": dict(game.options),
        "seed": game.seed,
        "players": list(players),
        "moves": [state.format_move(m) for m in state.history],
        "result": result,
        "started": started or now(),
        "finished": finished if finished is not None else (now() if state.outcome is not None else None),
    }


def save_record(path: str | os.PathLike[str], record: dict[str, Any]) -> Path:
    """Write ``record`` to ``path`` atomically (see :func:`write_atomically`)."""
    try:
        return write_atomically(path, json.dumps(record, indent=2) + "\n", "the game")
    except BoardgamesError as exc:
        raise RecordError(str(exc)) from None


def default_path(game: str) -> Path:
    """Where a game is saved when no file is named: the current folder."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path(f"{game}-{stamp}.json")


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record in ``path``, checked for its form (not yet replayed)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{str(path)!r} is not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{str(path)!r} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{str(path)!r} is not a boardgames record")
    if data.get("version") != VERSION:
        raise RecordError(f"{str(path)!r} is a record of version {data.get('version')!r}; this reads {VERSION}")
    for key, kind in (("game", str), ("options", dict), ("moves", list), ("players", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"{str(path)!r}: {key!r} is missing or not a {kind.__name__}")
    if not all(isinstance(m, str) for m in data["moves"]):
        raise RecordError(f"{str(path)!r}: every move must be a text")
    return data


def load_record(path: str | os.PathLike[str], upto: int | None = None) -> tuple[dict[str, Any], State]:
    """The record in ``path`` and the state after its moves (the first ``upto``)."""
    from .registry import get_game  # the registry loads plugins; import it when used

    data = read_record(path)
    moves = data["moves"] if upto is None else data["moves"][:upto]
    seed = data.get("seed")
    try:
        game = get_game(data["game"]).configure(data["options"], seed=seed if isinstance(seed, int) else None)
        state = game.replay(moves)
    except BoardgamesError as exc:
        raise RecordError(f"{str(path)!r}: {exc}") from None
    return data, state
