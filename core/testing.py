"""The conformance kit: the contract every game keeps, checked by playing.

In the spirit of OpenSpiel's random-simulation tests, :func:`check_game` plays
seeded random games and checks, at every move:

* legal moves are unique, sorted, and empty exactly when the game is over;
* every legal move's notation parses back to the same move;
* playing a move never changes the state it was played on;
* a state round-trips through JSON;
* the same seed gives the same game;
* a finished game names a winner or a draw;
* games end within the game's declared maximum length (``max_length``);
* the renderers (text, Unicode, SVG) accept every state.

A broken contract raises :class:`ContractError` naming the contract, the game,
the seed and the move. :func:`plugin` registers a plugin for the length of a
``with`` block, for tests of games and agents that are not installed. For
pytest, the ``boardgames`` pytest plugin (installed with this package) offers
the ``check_game`` fixture::

    def test_my_game(check_game):
        check_game("mygame")
"""

from __future__ import annotations

import contextlib
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from typing import Any

from .errors import BoardgamesError
from .game import Game, State
from .levels import check_levels
from .plugins import register_module, unregister_module
from .records import parse_record
from .registry import game_class
from .svg import render_svg
from .text import render_text


class ContractError(AssertionError):
    """A game broke the contract every game must keep."""


@contextlib.contextmanager
def plugin(hooks: object, name: str) -> Iterator[object]:
    """Register ``hooks`` (a module, class or object with ``@hookimpl``
    functions) as the plugin ``name`` inside the ``with`` block, and take it
    back after, whatever happens::

        with boardgames.testing.plugin(my_module, "mygame"):
            check_game("mygame")
    """
    register_module(hooks, name)
    try:
        yield hooks
    finally:
        unregister_module(name)


def check_game(
    game: str | type[Game],
    games: int = 20,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> int:
    """Play ``games`` seeded random games of ``game`` (a name or a Game class)
    and check the contract at every move; returns the number of moves checked.
    Raises ContractError on the first broken contract."""
    cls = game_class(game) if isinstance(game, str) else game
    _call(f"levels: {cls.name}", lambda: check_levels(cls))  # declared levels: six agent specs
    checked = 0
    for number in range(games):
        game_seed = seed + number
        checked += _check_one(cls, dict(options or {}), game_seed)
    return checked


def _check_one(cls: type[Game], options: dict[str, Any], seed: int) -> int:
    where = f"{cls.name}, seeded game {seed}"
    try:
        game = cls.configure(options, seed=seed)
        state = game.start()
    except Exception as exc:
        raise ContractError(f"set-up: {where}: {type(exc).__name__}: {exc}") from exc
    limit = game.max_length
    rng = random.Random(seed)
    played: list[str] = []
    while True:
        at = f"{where}, move {len(played) + 1} (after {' '.join(played) or 'the start'})"
        moves = _call(f"legal moves: {at}", lambda s=state: s.legal_moves)
        _check_state(state, moves, at)
        if state.is_over:
            break
        if len(played) >= limit:
            raise ContractError(f"maximum length: {where} is not over after {limit} moves (max_length)")
        move = moves[rng.randrange(len(moves))]
        text = _call(f"notation: {at}", lambda m=move, s=state: s.format_move(m))
        before = state.to_json()
        key_before = state.key
        after = _call(f"playing {text!r}: {at}", lambda m=move, s=state: s.play(m))
        if state.to_json() != before or state.key != key_before:
            raise ContractError(f"immutability: playing {text!r} changed the state it was played on: {at}")
        if len(after.history) != len(state.history) + 1 or after.history[-1] != move:
            raise ContractError(f"history: after {text!r} the history does not end with it: {at}")
        played.append(text)
        state = after
    # The same seed gives the same game.
    again = cls.configure(options, seed=seed).start()
    replay_rng = random.Random(seed)
    for expected in played:
        moves = again.legal_moves
        move = moves[replay_rng.randrange(len(moves))]
        if again.format_move(move) != expected:
            raise ContractError(f"determinism: {where} played {expected!r}, then {again.format_move(move)!r}")
        again = again.play(move)
    return len(played)


def _call(what: str, func: Any) -> Any:
    try:
        return func()
    except ContractError:
        raise
    except Exception as exc:
        raise ContractError(f"{what}: raised {type(exc).__name__}: {exc}") from exc


def _check_state(state: State, moves: tuple[Any, ...], at: str) -> None:
    if len(set(moves)) != len(moves):
        raise ContractError(f"unique legal moves: a move is listed twice: {at}")
    if list(moves) != sorted(moves):
        raise ContractError(f"sorted legal moves: they are not in order: {at}")
    if bool(moves) == state.is_over:
        raise ContractError(f"legal moves empty exactly when over: {len(moves)} moves, over={state.is_over}: {at}")
    status = state.status.value
    if state.is_over and status not in ("won", "drawn"):
        raise ContractError(f"result: a finished game must be won or drawn, not {status!r}: {at}")
    if (status == "won") != (state.winner is not None) or (state.to_move is None) != state.is_over:
        raise ContractError(f"result: status {status!r}, winner {state.winner!r}, to move {state.to_move!r}: {at}")
    if state.winner is not None and state.winner not in state.game.player_names:
        raise ContractError(f"result: the winner {state.winner!r} is not a player: {at}")
    for move in moves:
        text = _call(f"notation: {at}", lambda m=move, s=state: s.format_move(m))
        try:
            parsed = state.parse_move(text)
        except BoardgamesError as exc:
            raise ContractError(f"notation round trip: {text!r} does not parse back ({exc}): {at}") from exc
        if parsed != move:
            raise ContractError(f"notation round trip: {text!r} parses to another move: {at}")
    data = _call(f"JSON: {at}", lambda: json.loads(json.dumps(state.to_json())))
    try:
        again = parse_record(data, game=type(state.game)).state
    except BoardgamesError as exc:
        raise ContractError(f"JSON round trip: {exc}: {at}") from exc
    if again != state or again.to_json() != data:
        raise ContractError(f"JSON round trip: the state read back differs: {at}")
    view = _call(f"view: {at}", state.view)
    _call(f"text renderer: {at}", lambda: render_text(view))
    _call(f"Unicode renderer: {at}", lambda: render_text(view, unicode=True))
    svg = _call(f"SVG renderer: {at}", lambda: render_svg(view))
    try:
        ET.fromstring(svg)
    except ET.ParseError as exc:
        raise ContractError(f"SVG renderer: not well-formed SVG ({exc}): {at}") from exc
