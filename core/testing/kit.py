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
* the renderers (text, Unicode, SVG) accept every state;
* two positions share a key (:attr:`State.key`, which transposition tables
  and the solver trust) only if they are the same position: the same player
  to move, result, pieces and legal moves, and the same keys one move on
  (positions met in the games, and sibling positions, are compared);
* chance: every chance event's outcomes are distinct with probabilities
  above 0 that add up to 1, and the random games draw them by those
  probabilities;
* results: a finished game gives each player a place (ties sharing) and a
  return, the winner is the one alone in first place;
* the players asked at once include the player to move;
* hidden information: each player's view (and a spectator's) draws, keeps
  the mover's legal moves, and positions drawn by ``sample`` from a player's
  view look the same to that player (a view that shows what it should hide
  differs between them);
* a game's own ``wins_at_once``, ``evaluate`` and ``playout`` agree with its
  rules: ``wins_at_once`` says exactly which moves win on the spot,
  ``evaluate`` is a number strictly between -1 and 1 (and the same for the
  same position), ``playout`` gives a player's index or None, and random
  playouts through it win about as often as the generic loop's.

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

from ..errors import BoardgamesError
from ..learning.actions import encode
from ..play.levels import check_levels
from ..play.records import parse_record
from ..plugins.loader import is_registered, register_module, unregister_module
from ..plugins.registry import game_class
from ..rendering.svg import render_svg
from ..rendering.text import render_text
from ..rules.chance import draw
from ..rules.game import Game, State
from ..rules.moves import Move
from ..rules.parts import NOTHING_YET, extend, parts_of, path


class ContractError(AssertionError):
    """A game broke the contract every game must keep."""


@contextlib.contextmanager
def plugin(hooks: object, name: str) -> Iterator[object]:
    """Register ``hooks`` (a module, class or object with ``@hookimpl``
    functions) as the plugin ``name`` inside the ``with`` block, and take it
    back after, whatever happens::

        with boardgames.testing.kit.plugin(my_module, "mygame"):
            check_game("mygame")
    """
    if is_registered(hooks, name):  # installed, or registered by an enclosing ``with``: already there
        yield hooks
        return
    register_module(hooks, name)
    try:
        yield hooks
    finally:
        unregister_module(name)


def rules_only(cls: type[Game]) -> type[Game]:
    """``cls`` without what its author added for agents (an evaluation, a
    playout, a test of wins at once): the game as its rules and declarations
    alone, as the tutorial's first version of it is. What the framework
    derives from the declarations stays (a connection game's evaluation, a
    line game's from its ``in_a_row``, a material one's from its
    ``material``), so that what the agents make of the rules alone can be
    tested and measured."""
    extras = {"evaluate": Game.evaluate, "playout": Game.playout, "wins_at_once": Game.wins_at_once}
    flags = {"has_evaluation": cls.connects or bool(cls.in_a_row) or cls.material, "quick_wins_test": False}
    return type(f"{cls.__name__}RulesOnly", (cls,), {**extras, **flags})


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
    if cls.playout is not Game.playout:
        _check_playout(cls, dict(options or {}), seed)
    return checked


#: Random playouts from the start, through a game's own playout and through
#: the generic loop: the share of each result (a player wins, a draw) may
#: differ by at most PLAYOUT_TOLERANCE (five standard deviations of the
#: difference at 50%): a playout that plays another game, or names the wrong
#: winner, is far outside it.
PLAYOUTS, PLAYOUT_TOLERANCE = 200, 0.25


def _check_playout(cls: type[Game], options: dict[str, Any], seed: int) -> None:
    where = f"{cls.name}, seeded game {seed}"
    game = cls.configure(options, seed=seed)
    start = game.start()
    players = range(len(game.player_names))
    own, generic = [], []
    for k in range(PLAYOUTS):
        winner = _call(f"playout: {where}", lambda k=k: start.playout(random.Random(k), "random"))
        if winner is not None and winner not in players:
            raise ContractError(f"playout: {where}: the winner {winner!r} is not a player's index or None")
        again = start.playout(random.Random(k), "random")
        if again != winner:
            raise ContractError(f"playout: {where}: the same seed gave {winner!r}, then {again!r}")
        own.append(winner)
        generic.append(Game.playout(game, start, random.Random(k), "random"))
    for result in (*players, None):
        rate, expected = own.count(result) / PLAYOUTS, generic.count(result) / PLAYOUTS
        if abs(rate - expected) > PLAYOUT_TOLERANCE:
            what = "draws" if result is None else f"{game.player_names[result]} wins"
            raise ContractError(
                f"playout: {where}: {what} {rate:.0%} of the game's own random playouts and"
                f" {expected:.0%} of the generic loop's ({PLAYOUTS} each): they do not play the same game"
            )


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
    keys: dict[Any, State] = {}
    sampling = random.Random(f"{seed}/checks")  # apart from rng: the game replays from rng alone
    while True:
        at = f"{where}, move {len(played) + 1} (after {' '.join(played) or 'the start'})"
        moves = _call(f"legal moves: {at}", lambda s=state: s.legal_moves)
        # The checks that replay the whole game (JSON read back, the state before a move compared whole)
        # at every position of a short game and at about 40 of a long one: linear in its length, not
        # quadratic (a 1,000-move game of Chinese checkers took 15 minutes).
        whole = len(played) < 40 or state.is_over or sampling.random() < 40 / len(played)
        _check_state(state, moves, at, whole)
        _check_players(state, at)
        if whole or state.is_over:
            _check_views(state, sampling, at)
        _check_key(state, keys, sampling, at)
        _check_overrides(state, moves, sampling, at)
        if state.is_over:
            break
        if len(played) >= limit:
            raise ContractError(f"maximum length: {where} is not over after {limit} moves (max_length)")
        move = _random_move(state, moves, rng)
        text = _call(f"notation: {at}", lambda m=move, s=state: s.format_move(m))
        if not state.is_chance:
            _check_parts(state, move, text, at)
        before = state.to_json() if whole else None
        key_before, history_before = state.key, state.history
        after = _call(f"playing {text!r}: {at}", lambda m=move, s=state: s.play(m))
        changed = state.key != key_before or state.history != history_before
        if changed or (before is not None and state.to_json() != before):
            raise ContractError(f"immutability: playing {text!r} changed the state it was played on: {at}")
        if len(after.history) != len(state.history) + 1 or after.history[-1] != move:
            raise ContractError(f"history: after {text!r} the history does not end with it: {at}")
        played.append(text)
        state = after
    # The same seed gives the same game.
    again = cls.configure(options, seed=seed).start()
    replay_rng = random.Random(seed)
    for expected in played:
        move = _random_move(again, again.legal_moves, replay_rng)
        if again.format_move(move) != expected:
            raise ContractError(f"determinism: {where} played {expected!r}, then {again.format_move(move)!r}")
        again = again.play(move)
    return len(played)


def _random_move(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """A uniformly random legal move, or a chance outcome drawn with its probability."""
    if state.is_chance:
        return draw(state.chance_outcomes(), rng)
    return moves[rng.randrange(len(moves))]


def _check_players(state: State, at: str) -> None:
    """Chance events, players asked at once, places and returns."""
    game = state.game
    count = len(game.player_names)
    if state.is_chance:
        outcomes = _call(f"chance outcomes: {at}", state.chance_outcomes)
        if not outcomes or any(not (p > 0) for _, p in outcomes) or abs(sum(p for _, p in outcomes) - 1) > 1e-9:
            raise ContractError(f"chance: the outcomes' probabilities must be above 0 and add up to 1: {at}")
        if len({m for m, _ in outcomes}) != len(outcomes):
            raise ContractError(f"chance: an outcome is listed twice: {at}")
    elif not state.is_over:
        asked = _call(f"asked: {at}", lambda: state.asked)
        if state.turn not in asked or any(not 0 <= p < count for p in asked) or len(set(asked)) != len(asked):
            raise ContractError(f"asked: {asked!r} must hold the player to move, once each, among {count}: {at}")
    else:
        places, returns = state.places, _call(f"returns: {at}", state.returns)
        if len(places) != count or len(returns) != count:
            raise ContractError(f"result: {len(places)} places and {len(returns)} returns for {count} players: {at}")
        span = state.game.returns_range
        if span is not None and any(not span[0] <= r <= span[1] for r in returns):
            raise ContractError(f"result: the returns {returns!r} leave the declared returns_range {span!r}: {at}")
        if span is None and any(not -1 <= r <= 1 for r in returns):
            raise ContractError(
                f"result: the returns {returns!r} go beyond -1 to 1: declare their bounds, returns_range = (least,"
                f" most), so that agents and review can scale them: {at}"
            )
        if any(place != 1 + sum(other < place for other in places) for place in places):
            raise ContractError(f"result: the places {places!r} are not a ranking (ties sharing the better): {at}")
        firsts = [p for p, place in enumerate(places) if place == 1]
        expected = firsts[0] if len(firsts) == 1 and count > 1 else None
        if state.outcome is not None and count > 1 and state.outcome.winner_index != expected:
            raise ContractError(f"result: the winner must be the one player alone in first place {places!r}: {at}")


#: Positions drawn from each player's view at each position checked.
SAMPLES = 3


def _check_views(state: State, rng: random.Random, at: str) -> None:
    """Each player's view draws and keeps the mover's moves; positions drawn
    from it (``sample``) look the same to that player."""
    game = state.game
    if not game.hidden_information or state.is_over:
        return
    for player in (*range(len(game.player_names)), None):
        who = "a spectator" if player is None else game.player_names[player]
        view = _call(f"view of {who}: {at}", lambda p=player: state.seen_by(p))
        shown = _call(f"view of {who}: {at}", lambda v=view: v.view())
        _call(f"text renderer, {who}'s view: {at}", lambda v=shown: render_text(v))
        if player is None:
            continue
        if player in state.asked and set(view.legal_moves if player == state.turn else view.moves_for(player)) != set(
            state.moves_for(player)
        ):
            raise ContractError(f"views: {who}'s moves in their own view differ from their legal moves: {at}")
        hidden = game.hide(state, player)
        twin = _unseen_twin(state, player, rng, at)
        if twin is not None and (
            game.hide(twin, player).key != hidden.key or _board_json(game.hide(twin, player)) != _board_json(hidden)
        ):
            raise ContractError(
                f"views: two positions that differ only in a move {who} did not see look different to {who}"
                f" (the view shows what seen() hides): {at}"
            )
        for _ in range(SAMPLES):
            drawn = _call(f"sample for {who}: {at}", lambda v=view, p=player: game.sample(v, p, rng))
            again = game.hide(drawn, player)
            if again.key != hidden.key or _board_json(again) != _board_json(hidden):
                raise ContractError(
                    f"views: a position sampled from {who}'s view looks different to {who}: the view shows"
                    f" something hidden, or sample draws what the view rules out: {at}"
                )


def _unseen_twin(state: State, player: int, rng: random.Random, at: str) -> State | None:
    """A position reached by the same moves but one that ``player`` did not
    see (another choice made there, or another chance outcome), the moves
    after it the same and still legal, and everything ``player`` saw the
    same; None if the game has none at hand."""
    game = state.game
    positions = [game.start()]
    if positions[0].history != state.history[: len(positions[0].history)]:
        return None
    for move in state.history[len(positions[0].history) :]:
        positions.append(positions[-1].play_unchecked(move))
    offset = len(positions[0].history)
    history = state.history[offset:]
    unseen = [k for k, move in enumerate(history) if game.seen(positions[k], move, player) is None]
    seen = state.seen_history(player)
    for k in rng.sample(unseen, min(2, len(unseen))):
        here, played = positions[k], state.history[offset + k]
        others = [m for m in here.legal_moves if m != played]
        if not others:
            continue
        twin = here.play_unchecked(rng.choice(others))
        for move in state.history[offset + k + 1 :]:
            if not twin.is_legal(move):
                twin = None
                break
            twin = twin.play_unchecked(move)
        if twin is not None and twin.seen_history(player) == seen and twin.is_over == state.is_over:
            return twin
    return None


def _board_json(state: State) -> dict[str, Any]:
    data = state.to_json()
    data.pop("history", None)
    return data


def _call(what: str, func: Any) -> Any:
    try:
        return func()
    except ContractError:
        raise
    except Exception as exc:
        raise ContractError(f"{what}: raised {type(exc).__name__}: {exc}") from exc


def _check_state(state: State, moves: tuple[Any, ...], at: str, whole: bool = True) -> None:
    if len(set(moves)) != len(moves):
        raise ContractError(f"unique legal moves: a move is listed twice: {at}")
    if list(moves) != sorted(moves):
        raise ContractError(f"sorted legal moves: they are not in order: {at}")
    if bool(moves) == state.is_over:
        raise ContractError(f"legal moves empty exactly when over: {len(moves)} moves, over={state.is_over}: {at}")
    status = state.status.value
    if state.is_over and status not in ("won", "drawn"):
        raise ContractError(f"result: a finished game must be won or drawn, not {status!r}: {at}")
    shared = state.is_over and state.winner is None and status == "won"  # a first place shared by some
    if ((status == "won") != (state.winner is not None) and not shared) or (state.to_move is None) != state.is_over:
        raise ContractError(f"result: status {status!r}, winner {state.winner!r}, to move {state.to_move!r}: {at}")
    if state.winner is not None and state.winner not in state.game.player_names:
        raise ContractError(f"result: the winner {state.winner!r} is not a player: {at}")
    # Every move's text round trip; a sample where moves are too many to list cheaply (made in parts).
    sample = moves if not state.game.moves_in_parts or len(moves) <= 64 else random.Random(at).sample(moves, 64)
    for move in sample:
        text = _call(f"notation: {at}", lambda m=move, s=state: s.format_move(m))
        try:
            parsed = state.parse_move(text)
        except BoardgamesError as exc:
            raise ContractError(f"notation round trip: {text!r} does not parse back ({exc}): {at}") from exc
        if parsed != move:
            raise ContractError(f"notation round trip: {text!r} parses to another move: {at}")
    if whole:
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


def _check_parts(state: State, move: Move, text: str, at: str) -> None:
    """The move's parts lead to it, one at a time (:meth:`State.parts`), and
    take no more actions than the game's ``parts_per_move`` says."""
    walked = _call(f"parts: {at}", lambda: path(state.parts, move))
    steps = parts_of(move) if walked is None else walked[0]  # no order offered: the first part refused says so
    partial = NOTHING_YET
    for square, role in steps:
        parts = _call(f"parts: {at}", lambda p=partial: state.parts(p))
        found = _call(f"parts: {at}", lambda p=parts, sq=square: p.role(sq))
        if found != role:
            raise ContractError(f"parts: {text!r} is legal but its {role} {square} is not offered as one: {at}")
        partial = extend(partial, square, role)
    choices = state.game.move_choices
    if len(move) > 3 and choices is not None:  # its squares, then its choice (boardgames.rules.choices)
        if state.parts(partial).complete or move.choice not in choices.of(state.legal_moves, partial):
            raise ContractError(f"parts: {text!r} is legal but its choice is not the one left to make: {at}")
    elif not move.is_pass and not state.parts(partial).complete:
        raise ContractError(f"parts: {text!r} is legal but its parts do not say it is complete: {at}")
    limit = state.game.parts_per_move
    if limit is not None:
        actions = _call(f"actions: {at}", lambda: encode(state, move))
        if len(actions) > limit:
            raise ContractError(
                f"parts per move: {text!r} takes {len(actions)} actions, parts_per_move is {limit}: {at}"
            )


#: Legal moves whose ``wins_at_once`` is checked at each position, at most.
WINS_CHECKED = 12


def _same_position(a: State, b: State) -> bool:
    """Whether two states are one position as a player sees it: the same
    player to move, result, pieces and legal moves."""
    return (
        a.to_move == b.to_move
        and a.result_text() == b.result_text()
        and a.owners() == b.owners()
        and a.in_hand() == b.in_hand()
        and [a.format_move(m) for m in a.legal_moves] == [b.format_move(m) for m in b.legal_moves]
    )


def _check_key(state: State, keys: dict[Any, State], rng: random.Random, at: str) -> None:
    """Equal keys only for the same position, one move on as well: the state
    against those of the game so far with its key, and two of its children
    against each other."""
    candidates = [state]
    moves = state.legal_moves
    if len(moves) >= 2:
        first, second = rng.sample(range(len(moves)), 2)
        candidates += [_played(state, moves[first], at), _played(state, moves[second], at)]
    local: dict[Any, State] = {}
    for candidate in candidates:
        key = _call(f"key: {at}", lambda c=candidate: c.key)
        for table in (keys, local):
            other = table.setdefault(key, candidate)
            if other is not candidate and not _same_future(other, candidate, at):
                raise ContractError(
                    f"keys: two different positions share a key ({other.describe()} and {candidate.describe()}):"
                    f" a game's state fields must all be in its key (position_key): {at}"
                )
    keys.setdefault(state.key, state)


def _same_future(a: State, b: State, at: str) -> bool:
    if not _same_position(a, b):
        return False
    return all(_played(a, move, at).key == _played(b, move, at).key for move in a.legal_moves[:8])


def _played(state: State, move: Any, at: str) -> State:
    return _call(f"playing {state.format_move(move)!r}: {at}", lambda: state.play_unchecked(move))


def _check_overrides(state: State, moves: tuple[Any, ...], rng: random.Random, at: str) -> None:
    """A game's own ``wins_at_once`` and ``evaluate`` against its rules."""
    game = state.game
    if state.is_over:
        return
    if type(game).wins_at_once is not Game.wins_at_once:
        sample = moves if len(moves) <= WINS_CHECKED else rng.sample(list(moves), WINS_CHECKED)
        for move in sample:
            said = _call(f"wins_at_once: {at}", lambda m=move: game.wins_at_once(state, m))
            outcome = _played(state, move, at).outcome
            wins = outcome is not None and outcome.winner_index == state.turn
            if bool(said) != wins:
                raise ContractError(
                    f"wins_at_once: it says {state.format_move(move)!r} {'wins' if said else 'does not win'}"
                    f" at once, the rules say it {'does' if wins else 'does not'}: {at}"
                )
    if type(game).evaluate is not Game.evaluate:
        for player in range(len(game.player_names)):
            value = _call(f"evaluate: {at}", lambda p=player: game.evaluate(state, p))
            if not isinstance(value, (int, float)) or not -1.0 < value < 1.0:
                raise ContractError(
                    f"evaluate: {value!r} for player {player} is not a number strictly between -1 and 1: {at}"
                )
            if game.evaluate(state, player) != value:
                raise ContractError(f"evaluate: the same position valued {value!r}, then another value: {at}")
