"""What the server does with matches, without HTTP: create them with a token
for each person's seat, take moves, undo, resign and hints from the right
seat only, and let agents think in worker threads so that no request and no
other match waits for them. Every change is saved to the store before it is
answered, and bumps the match's ``version``, which the event streams follow.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..agents.spec import HUMAN
from ..errors import AgentFailure, BoardgamesError, InvalidAgentSpecError, WrongTypeError
from ..game import State, check_seed
from ..match import Match
from ..records import parse_record
from ..registry import game_class, make_seat
from .store import MatchStore

#: The most a request may ask an agent to think: a server is shared.
MAX_TIME, MAX_ITERATIONS, MAX_DEPTH = 30.0, 1_000_000, 12
#: Matches held in memory at once; the others wait in the store.
CACHED = 512


class NotFound(BoardgamesError):
    """No match has this id (404)."""


class Forbidden(BoardgamesError):
    """A missing or wrong seat token, or not that seat's turn (403)."""


class Live:
    """A match as the server holds it: the match, its seats' tokens, a lock,
    and what the event streams watch."""

    def __init__(self, match_id: str, match: Match, tokens: dict[str, str]) -> None:
        self.id = match_id
        self.match = match
        self.tokens = tokens
        self.lock = threading.RLock()
        self.version = 0
        self.thinking = False
        self.snapshot = self._describe()

    def changed(self) -> None:
        """Under the lock, after any change: a new version, and the description
        of it, made once here rather than at every request and event."""
        self.version += 1
        self.snapshot = self._describe()

    def describe(self) -> dict[str, Any]:
        """What ``GET /api/matches/{id}`` answers: ``state`` is the ``show --json``
        object. Read without the lock (one attribute), so that the server's event
        loop never waits for a move being saved."""
        return self.snapshot

    def _describe(self) -> dict[str, Any]:
        match = self.match
        return {
            "id": self.id,
            "version": self.version,
            "players": dict(zip(match.game.turn_order, match.specs, strict=True)),
            "state": match.state.to_json(),
            "to_move": match.to_move,
            "result": match.result_text() if match.is_over else None,
            "winner": match.winner,
            "forfeit": None if match.forfeit is None else match.forfeit.to_json(),
            "in_hand": dict(zip(match.game.player_names, match.state.in_hand(), strict=False)),
            "thinking": self.thinking,
        }


def check_spec(spec: object) -> str:
    """A seat spec a request may ask for: a person, or an agent within the
    server's budgets that runs no program of the request's choosing."""
    if not isinstance(spec, str):
        raise WrongTypeError(f"a player is an agent spec or {HUMAN!r}, got {spec!r}")
    seat = make_seat(spec)
    if seat.agent is None:
        return seat.spec
    if seat.agent.runs_programs:
        raise InvalidAgentSpecError(f"the {seat.agent.name} agent runs a program; the server does not take it")
    budget = seat.budget
    if (budget.time or 0) > MAX_TIME or (budget.iterations or 0) > MAX_ITERATIONS or (budget.depth or 0) > MAX_DEPTH:
        raise InvalidAgentSpecError(
            f"{spec!r} asks too much of a shared server: at most time={MAX_TIME:g},"
            f" iterations={MAX_ITERATIONS}, depth={MAX_DEPTH}"
        )
    return seat.spec


class Matches:
    """Every match of one server, kept in ``store``."""

    def __init__(self, store: MatchStore, workers: int = 4) -> None:
        self.store = store
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardgames-agent")

    # -- finding and making matches ---------------------------------------------
    def get(self, match_id: str) -> Live:
        with self._cache_lock:
            live = self._cache.get(match_id)
            if live is not None:
                self._cache.move_to_end(match_id)
                return live
        loaded = self.store.load(match_id) if _looks_like_id(match_id) else None
        if loaded is None:
            raise NotFound(f"no match {match_id[:40]!r} here")
        with self._cache_lock:
            live = self._cache.get(match_id) or Live(match_id, *loaded)
            self._remember(live)
        self._let_agents_move(live)  # a restart may have stopped an agent in mid-thought
        return live

    def create(self, game: object, options: object, seed: object, players: object) -> tuple[Live, dict[str, str]]:
        """A new match; the tokens of its people's seats, by player."""
        if not isinstance(game, str):
            raise WrongTypeError(f"'game' is a game's name, got {game!r}")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise WrongTypeError(f"'options' is an object of option values, got {options!r}")
        check_seed(seed)
        # Drawn here if not given: it is in the state, so the game can be repeated.
        chosen = seed if isinstance(seed, int) else secrets.randbelow(2**31)
        configured = game_class(game).configure(options, seed=chosen)
        return self._start(Match(configured, self._specs(players, len(configured.turn_order))))

    def upload(self, record: object, players: object = None) -> tuple[Live, dict[str, str]]:
        """A match resumed (or, if it is over, shown) from a record's JSON."""
        parsed = parse_record(record)
        count = len(parsed.state.game.turn_order)
        if players is None:
            players = list(parsed.seats) or [HUMAN] * count
        return self._start(Match.from_record(parsed, self._specs(players, count)))

    def _specs(self, players: object, count: int) -> list[str]:
        if not isinstance(players, Sequence) or isinstance(players, str) or len(players) != count:
            raise WrongTypeError(f"'players' is a list of {count} agent specs or {HUMAN!r}, got {players!r}")
        return [check_spec(p) for p in players]

    def _start(self, match: Match) -> tuple[Live, dict[str, str]]:
        tokens = {player: secrets.token_urlsafe(32) for player, seat in match.seats.items() if seat.is_human}
        live = Live(secrets.token_urlsafe(12), match, tokens)
        self.store.save(live.id, match, tokens)
        with self._cache_lock:
            self._remember(live)
        self._let_agents_move(live)
        return live, tokens

    def _remember(self, live: Live) -> None:
        self._cache[live.id] = live
        # Forget the least recently used, never one whose agent is thinking: its
        # move would land in a copy that a new request no longer sees.
        for match_id in list(self._cache)[: max(0, len(self._cache) - CACHED)]:
            if not self._cache[match_id].thinking:
                del self._cache[match_id]

    # -- what seats do --------------------------------------------------------------
    def seat_of(self, live: Live, token: str | None) -> str:
        """The player whose token this is; Forbidden if none."""
        found = None
        for player, secret in live.tokens.items():  # every one compared, in constant time
            if token is not None and hmac.compare_digest(secret.encode(), token.encode()):
                found = player
        if found is None:
            raise Forbidden("a seat's token is needed: 'Authorization: Bearer <token>'")
        return found

    def move(self, live: Live, token: str | None, move: object) -> None:
        if not isinstance(move, str):
            raise WrongTypeError(f"'move' is a move's text, like \"c3\", got {move!r}")
        with live.lock:
            player = self.seat_of(live, token)
            if live.match.to_move != player:
                raise Forbidden(f"it is not {player}'s turn ({live.match.result_text()})")
            live.match.play(move, by=player)
            self._changed(live)
        self._let_agents_move(live)

    def undo(self, live: Live, token: str | None) -> bool:
        with live.lock:
            player = self.seat_of(live, token)
            undone = live.match.undo(player)
            if undone:
                self._changed(live)
        self._let_agents_move(live)
        return undone

    def resign(self, live: Live, token: str | None) -> None:
        with live.lock:
            live.match.concede(self.seat_of(live, token))
            self._changed(live)

    def hint(self, live: Live, token: str | None) -> str:
        """The adviser's move for the player to move (this seat's turn only)."""
        with live.lock:
            player = self.seat_of(live, token)
            if live.match.to_move != player:
                raise Forbidden(f"it is not {player}'s turn ({live.match.result_text()})")
            state = live.match.state
        adviser = Match(state, [HUMAN] * len(state.game.turn_order), seed=live.match.seed)
        return state.format_move(adviser.hint())

    def record(self, live: Live) -> dict[str, Any]:
        with live.lock:
            return live.match.record().to_json()

    def position(self, live: Live, ply: int | None) -> tuple[State, bool]:
        """The position after ``ply`` moves (the current one if None), and
        whether a person may click on it (the current one of a game going on)."""
        with live.lock:
            positions = live.match.positions
            if ply is None:
                return positions[-1], not live.match.is_over
            if 0 <= ply < len(positions):
                return positions[ply], False
            raise BoardgamesError(f"ply is a whole number from 0 to {len(positions) - 1}")

    # -- agents ------------------------------------------------------------------------
    def _let_agents_move(self, live: Live) -> None:
        with live.lock:
            seat = live.match.seat_to_move
            if seat is None or seat.is_human or live.thinking:
                return
            live.thinking = True
            live.changed()
        self._pool.submit(self._agents_move, live)

    def _agents_move(self, live: Live) -> None:
        """In a worker thread: agents move until a person is to move or the
        game ends. A position changed meanwhile (an undo) is thought again."""
        try:
            while True:
                with live.lock:
                    match = live.match
                    if match.is_over or match.awaits_person:
                        return
                    before = match.state
                move = match.choose()
                with live.lock:
                    if match.state is before:
                        match.play(move)
                        self._changed(live)
        except AgentFailure as exc:  # an agent that fails forfeits, as in the terminal
            with live.lock:
                player = live.match.to_move
                if player is not None:
                    live.match.concede(player, str(exc))
                    self._changed(live)
        finally:
            with live.lock:
                live.thinking = False
                live.changed()

    def _changed(self, live: Live) -> None:
        self.store.save(live.id, live.match, live.tokens)
        live.changed()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _looks_like_id(text: str) -> bool:
    return 0 < len(text) <= 64 and all(c.isalnum() or c in "-_" for c in text)
