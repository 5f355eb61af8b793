"""Records and JSON states: one vocabulary, one loader.

A state's JSON (:meth:`State.to_json`, the ``show --json`` contract) names the
game, its ``options`` and ``seed``, the ``players`` in turn order and the
``history`` of moves, and describes the position (``to_move``, ``status``,
``winner``, ``result``, ``pieces``, ``legal_moves``). A *record* is the same
object with a format tag and version, the ``seats`` (who played each player:
an agent spec or ``human``) and the ``started`` and ``finished`` times; a
timed game's record adds its ``clock`` (:class:`~boardgames.play.clock.ClockRecord`:
the setting, the time left after each move, the flag), and a record
without one is as it always was.

:func:`parse_record` reads all three kinds (a bare state, a record, and the
version-1 records that said ``moves`` and gave the seats as ``players``),
type-checks every field, replays the history and checks what the object says
it describes. :func:`read_record` reads a file first, safely (regular files
only, size-limited). Any fault is one :class:`RecordError`.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from ..errors import BoardgamesError, RecordError, UnknownGameError, quoted
from ..rules.chance import CHANCE, chance_rng, draw
from ..rules.game import Game, State, check_seed
from .clock import ClockError, ClockRecord
from .safe_files import read_text_limited, user_path, write_safely

FORMAT = "boardgames-record"
VERSION = 2
READS = (1, 2)

#: The fields that describe a position; read back, they must match its history.
DESCRIBED = ("players", "to_move", "status", "winner", "pieces")
#: Fields that newer records and states carry besides: checked where present.
DESCRIBED_TOO = ("asked", "places", "scores")
#: How a record's chance events were settled: ``drawn`` from its seed as a
#: match draws them (:func:`~boardgames.rules.chance.chance_rng`: checked when
#: the record is read, so that edited dice are refused), or ``picked`` by hand
#: (``show --moves "roll:3"``, a test), taken as they are.
CHANCE_SETTLED = ("drawn", "picked")

#: The longest whole number a record file may hold, in characters: checked
#: before the number is converted, which costs the square of its length (and
#: which Python refuses past 4,300 digits). A seed has at most 20 digits.
NUMBER_LENGTH = 100


def _whole_number(text: str) -> int:
    """A whole number of a record file, as json reads it (its ``parse_int``)."""
    if len(text) > NUMBER_LENGTH:
        raise RecordError(
            f"it holds a number of {len(text):,} characters (a record's numbers have at most {NUMBER_LENGTH})"
        )
    return int(text)


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


@attrs.frozen
class Forfeit:
    """A game lost off the board: ``player``'s agent failed (an outside engine
    crashed, hung or answered an illegal move), and why."""

    player: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"player": self.player, "reason": self.reason}


@attrs.frozen
class Record:
    """A game as saved: its state (history included), who sat in each seat
    (agent specs or ``human``, in turn order; empty if not known), when it
    started and finished, the forfeit that ended it, if one did, and its
    clocks, if it was timed."""

    state: State
    seats: tuple[str, ...] = ()
    started: str | None = None
    finished: str | None = None
    forfeit: Forfeit | None = None
    clock: ClockRecord | None = None
    #: Why the game ended drawn off the board (``"agreed"``: the players
    #: agreed a draw), or None.
    drawn: str | None = None
    #: How its chance events were settled (:data:`CHANCE_SETTLED`); written
    #: for a game with chance only.
    chance: str = "drawn"

    @property
    def is_over(self) -> bool:
        return self.forfeit is not None or self.drawn is not None or self.state.is_over

    def to_json(self) -> dict[str, Any]:
        state = self.state
        return {
            "format": FORMAT,
            "version": VERSION,
            **state.to_json(),
            "seats": dict(zip(state.game.turn_order, self.seats, strict=True)) if self.seats else {},
            "started": self.started,
            "finished": self.finished,
            **({"forfeit": self.forfeit.to_json()} if self.forfeit is not None else {}),
            **({"clock": self.clock.to_json()} if self.clock is not None else {}),
            **({"drawn": self.drawn} if self.drawn is not None else {}),
            **({"chance": self.chance} if state.game.has_chance else {}),
        }

    def seen_by(self, player: str | None) -> dict[str, Any]:
        """The record as ``player`` (a name; None: a spectator) sees it, as
        JSON: while a game with hidden information goes on, its position and
        history as that player saw them (:meth:`State.seen_by`; a move it did
        not see is ``?``), no seed (from which what is hidden could be drawn
        again), and ``seen_by`` naming whose view it is. Such a record shows
        the game but is never loaded to play on (:func:`parse_record` refuses
        it). Once the game is over, or in a game that hides nothing, the whole record."""
        game = self.state.game
        if player is not None and player not in game.player_names:
            raise RecordError(f"{player!r} is not a player of {game.name} ({', '.join(game.player_names)})")
        if not game.hidden_information or self.is_over:
            return self.to_json()
        index = None if player is None else game.player_names.index(player)
        whole = self.to_json()
        seen = self.state.seen_by(index).to_json()
        return {**whole, **seen, "seed": None, "seen_by": player}


def save_record(path: str | os.PathLike[str], record: Record | Mapping[str, Any]) -> Path:
    """Write ``record`` to ``path`` safely (see :mod:`boardgames.play.safe_files`): an
    existing file there is replaced only if it is a boardgames record too."""
    data = record.to_json() if isinstance(record, Record) else dict(record)
    return write_safely(path, json.dumps(data, indent=2) + "\n", "the game", replace=_not_a_record)


def _not_a_record(path: Path) -> str | None:
    try:
        data = json.loads(read_text_limited(path), parse_int=_whole_number)
    except (RecordError, ValueError, RecursionError):
        data = None
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return None
    return "a file that is not a boardgames record is there; choose another name"


def default_path(game: str, folder: str | os.PathLike[str] = ".") -> Path:
    """A new file name for a game saved without one: ``GAME-DATE-TIME.json``
    in ``folder``, never a name already taken."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = user_path(folder)
    path = base / f"{game}-{stamp}.json"
    number = 1
    while path.exists() or path.is_symlink():
        number += 1
        path = base / f"{game}-{stamp}-{number}.json"
    return path


def read_record(path: str | os.PathLike[str], upto: int | None = None) -> Record:
    """The record (or JSON state) in the file ``path``, checked and replayed
    (its first ``upto`` moves only, if given)."""
    return read_record_json(path, upto)[0]


def read_record_json(path: str | os.PathLike[str], upto: int | None = None) -> tuple[Record, Any]:
    """:func:`read_record`, and the file's JSON as read (for what a record
    may carry besides, such as a saved review): the file read once."""
    text = read_text_limited(path, "record")
    try:
        data = json.loads(text, parse_int=_whole_number)
    except RecordError as exc:
        raise RecordError(f"{str(path)!r}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{str(path)!r} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError(f"{str(path)!r} is nested too deeply to be a record") from None
    try:
        return parse_record(data, upto=upto), data
    except RecordError as exc:
        raise RecordError(f"{str(path)!r}: {exc}") from None


def _field(data: Mapping[str, Any], key: str, kinds: type | tuple[type, ...], what: str, default: Any = None) -> Any:
    value = data.get(key, default)
    if not isinstance(value, kinds):
        raise RecordError(f"{key!r} must be {what}, got {quoted(value)}")
    return value


def _texts(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(f"{key!r} must be a list of texts, got {quoted(value)}")
    return value


def parse_record(data: Any, game: type[Game] | None = None, upto: int | None = None) -> Record:
    """A :class:`Record` from its JSON form: a record of version 1 or 2, or a
    bare state (``show --json``). ``game`` checks that it is of that game and
    reads it without the registry. Raises RecordError saying what is wrong:
    a player's view of a game in progress (:meth:`Record.seen_by`) and a
    record whose chance outcomes are not those its seed draws, though it says
    they were drawn, are refused."""
    if not isinstance(data, Mapping):
        raise RecordError("this is not a boardgames record or state (a JSON object is expected)")
    if "seen_by" in data:
        who = data["seen_by"]
        whose = f"{who[:40]}'s view" if isinstance(who, str) else "a spectator's view"
        raise RecordError(
            f"this is {whose} of a game in progress, with what is hidden left out: it shows the game"
            " but cannot be loaded to play on (the whole record is given once the game is over)"
        )
    is_record = "format" in data
    if is_record:
        if data.get("format") != FORMAT:
            raise RecordError("this is not a boardgames record")
        version = data.get("version")
        if version not in READS or isinstance(version, bool):
            raise RecordError(f"this is a record of version {quoted(version)}; this reads {READS[0]} to {READS[-1]}")
    else:
        version = VERSION
    name = _field(data, "game", str, "a game name")
    options = _field(data, "options", dict, "an object of option values", {})
    if not all(isinstance(k, str) for k in options):
        raise RecordError("'options' must have text names")
    seed = data.get("seed")
    try:
        check_seed(seed)
    except BoardgamesError as exc:
        if isinstance(seed, int) and not isinstance(seed, bool):  # out of range, maybe too long to write out
            raise RecordError(f"'seed': {exc}") from None
        raise RecordError(f"'seed' must be a whole number or null, got {quoted(seed)}") from None
    if version == 1:
        history = _texts(data.get("moves"), "moves")
        seats = tuple(_texts(data.get("players", []), "players"))
    else:
        history = _texts(data.get("history", []), "history")
        seats_data = _field(data, "seats", dict, "an object of agent specs by player", {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in seats_data.items()):
            raise RecordError(f"'seats' must map player names to agent specs, got {quoted(seats_data)}")
    started = _field(data, "started", (str, type(None)), "a time or null")
    # A bare state's outcomes were typed (show --moves): taken as they are. A record's were drawn unless it says not.
    chance = _field(data, "chance", str, " or ".join(map(repr, CHANCE_SETTLED)), "drawn" if is_record else "picked")
    if chance not in CHANCE_SETTLED:
        raise RecordError(f"'chance' must be {' or '.join(map(repr, CHANCE_SETTLED))}, got {quoted(chance)}")
    finished = _field(data, "finished", (str, type(None)), "a time or null")
    recorded_moves = len(history)
    if upto is not None:
        history = history[:upto]

    if game is None:
        from ..plugins.registry import game_class  # the registry loads plugins: only when a name must be looked up

        try:
            game = game_class(name)
        except UnknownGameError as exc:
            raise RecordError(str(exc)) from None
    elif name != game.name:
        raise RecordError(f"this is a game of {name!r}, not {game.name!r}")
    try:
        state = game.configure(options, seed=seed).replay(history)
    except BoardgamesError as exc:
        raise RecordError(str(exc)) from None
    if version == 2:
        players = state.game.turn_order
        unknown = set(seats_data) - set(players)
        if unknown or (seats_data and len(seats_data) != len(players)):
            raise RecordError(f"'seats' must give a seat for each of {', '.join(players)}, got {quoted(seats_data)}")
        seats = tuple(seats_data[p] for p in players) if seats_data else ()
    if seats and len(seats) != len(state.game.turn_order):
        raise RecordError(f"the record gives {len(seats)} players; {name} has {len(state.game.turn_order)}")
    if chance == "drawn" and state.game.has_chance:
        check_drawn(state, state.game.seed)
    if upto is None:
        described = state.to_json()
        for key in (*DESCRIBED, *DESCRIBED_TOO) if version == 2 else DESCRIBED[1:]:
            if key in data and data[key] != described[key]:
                raise RecordError(
                    f"the recorded {key!r} ({quoted(data[key])}) does not match its moves ({quoted(described[key])})"
                )
    forfeit = _forfeit(data.get("forfeit"), state)
    clock = _clock(data.get("clock"), state, recorded_moves, forfeit)
    if clock is not None and clock.flagged is not None and upto is None and clock.flagged != state.to_move:
        # Only the clock that runs runs out: that of the player to move (an earlier position, upto, has another).
        raise RecordError(f"the clock flagged {clock.flagged}, but {state.to_move} is to move")
    if clock is not None and upto is not None:
        clock = attrs.evolve(clock, times=clock.times[:upto])
    drawn = _drawn(data.get("drawn"), state, forfeit)
    return Record(state, seats, started, finished, forfeit, clock, None if upto is not None else drawn, chance)


def drawn_outcomes(state: State, seed: int | None) -> int | None:
    """The number (from 1) of the first move of ``state``'s history that is a
    chance outcome other than the one a match with ``seed`` draws there
    (:func:`~boardgames.rules.chance.chance_rng`), or None if every one is."""
    position = state.game.start()
    start = len(position.history)
    if state.history[:start] != position.history:
        return 1 if any(m.origin < -1 for m in state.history) else None  # set up by hand: nothing to check against
    for number, move in enumerate(state.history[start:], start=start + 1):
        if position.turn == CHANCE and move != draw(position.chance_outcomes(), chance_rng(seed, number - 1)):
            return number
        position = position.play_unchecked(move)
    return None


def chance_settled(state: State, seed: int | None) -> str:
    """How the chance outcomes of ``state``'s history were settled, as a
    record says it: ``drawn`` if each is what a match with ``seed`` draws, else ``picked``."""
    if not state.game.has_chance:
        return "drawn"
    return "drawn" if drawn_outcomes(state, seed) is None else "picked"


def check_drawn(state: State, seed: int | None) -> None:
    """Refuse a record whose chance outcomes it says were drawn but are not
    those ``seed`` draws (edited dice), naming the move and nothing hidden."""
    number = drawn_outcomes(state, seed)
    if number is not None:
        raise RecordError(
            f"move {number} is a chance outcome other than the one the record's seed draws there: the record"
            ' was edited (a record whose outcomes were picked by hand says "chance": "picked")'
        )


#: Why a game may end drawn off the board: the players agreed it.
DRAWN_REASONS = ("agreed",)


def _drawn(data: Any, state: State, forfeit: Forfeit | None) -> str | None:
    """A draw off the board (``"drawn": "agreed"``), in a game neither over on the board nor forfeited."""
    if data is None:
        return None
    if data not in DRAWN_REASONS or forfeit is not None or state.is_over:
        raise RecordError(
            f"'drawn' must be one of {', '.join(map(repr, DRAWN_REASONS))} in a game not over on the board"
            f" nor forfeited, got {quoted(data)}"
        )
    return str(data)


def _clock(data: Any, state: State, moves: int, forfeit: Forfeit | None) -> ClockRecord | None:
    """The record's clocks (``moves``: the moves it recorded), their flag the forfeit's."""
    if data is None:
        return None
    try:
        clock = ClockRecord.from_json(data, state.game.turn_order, moves)
    except ClockError as exc:
        raise RecordError(str(exc)) from None
    if clock.flagged is not None and (forfeit is None or forfeit.player != clock.flagged):
        raise RecordError(f"the clock flagged {clock.flagged}, but the record has no forfeit of theirs")
    return clock


def _forfeit(data: Any, state: State) -> Forfeit | None:
    if data is None:
        return None
    players = state.game.turn_order
    if not (
        isinstance(data, Mapping)
        and data.get("player") in players
        and isinstance(data.get("reason"), str)
        and set(data) == {"player", "reason"}
        and not state.is_over
    ):
        raise RecordError(
            f'\'forfeit\' must be {{"player": one of {", ".join(players)}, "reason": a text}}'
            f" in a game not over on the board, got {quoted(data)}"
        )
    return Forfeit(data["player"], data["reason"])


def load_state(data: Mapping[str, Any]) -> State:
    """The state a JSON state or record describes, whatever the game."""
    return parse_record(data).state


def state_from_json(game: type[Game], data: Mapping[str, Any]) -> State:
    """The state that ``data`` (a JSON state or record of ``game``) describes."""
    return parse_record(data, game=game).state
