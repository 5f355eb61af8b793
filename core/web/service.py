"""What the server does with matches, without HTTP: create them with a token
for each person's seat, find them (one :class:`~.held.HeldMatch` per match
while anything uses it, so no change lands in a copy), and take moves and
resignations from the right seat only. Takebacks (:mod:`.takebacks`), advice
(:mod:`.advice`), the computer's seats (:mod:`.computer`) and clocks
(:mod:`.clocks`) are the parts of :class:`Matches` in modules of their own.

Its promises (``docs/web.md``): a change is saved to the store before it is
answered, and a change that cannot be saved is taken back whole; a finished
game stays finished; every change bumps the match's ``version``, which the
event streams follow.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

from ..agents.spec import HUMAN, refuse_programs
from ..errors import BoardgamesError, InvalidAgentSpecError, MatchError, WrongTypeError
from ..play.clock import ClockSettings
from ..play.match import Match
from ..play.records import parse_record
from ..plugins.registry import game_class, make_seat
from ..rules.choices import open_choices
from ..rules.game import State, check_seed
from ..rules.parts import Parts, started
from .advice import Advice
from .alarms import Alarms
from .clocks import ClockKeeping
from .computer import ComputerSeats
from .held import HeldMatch, clicked_text
from .limits import Limits, Rates, TooManyRequests
from .refusals import Conflict, Forbidden, Full, NotFound
from .social import Social, check_names
from .store import MatchStore, StoreError
from .takebacks import Takebacks
from .workers import FairWorkers

#: The most a spec may ask of an agent here (its thinking is also cut at
#: ``Limits.think_seconds``): a server is shared.
MAX_TIME, MAX_ITERATIONS, MAX_DEPTH = 30.0, 1_000_000, 12

log = logging.getLogger("boardgames.web")
T = TypeVar("T")


def check_spec(spec: object) -> str:
    """A seat spec a request may ask for: a person, or an agent within the
    server's budgets that runs no program of the request's choosing."""
    if not isinstance(spec, str):
        raise WrongTypeError(f"a player is an agent spec or {HUMAN!r}, got {spec!r}")
    seat = make_seat(spec)
    if seat.agent is None:
        return seat.spec
    refuse_programs(seat, "the server does not take it")
    budget = seat.budget
    if (budget.time or 0) > MAX_TIME or (budget.iterations or 0) > MAX_ITERATIONS or (budget.depth or 0) > MAX_DEPTH:
        raise InvalidAgentSpecError(
            f"{spec!r} asks too much of a shared server: at most time={MAX_TIME:g},"
            f" iterations={MAX_ITERATIONS}, depth={MAX_DEPTH}"
        )
    return seat.spec


class Matches(Takebacks, Advice, ComputerSeats, ClockKeeping, Social):
    """Every match of one server, kept in ``store``, within ``limits``: made
    and found here, with the moves and resignations of its seats; takebacks,
    advice, the computer's seats, clocks, and what people say besides their
    moves (draws, rematches, names, messages, presence) each in a module of their own."""

    def __init__(self, store: MatchStore, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits = limits or Limits()
        self.rates = Rates(
            create=(limits.creates_per_minute, limits.create_burst), hint=(limits.hints_per_minute, limits.hint_burst)
        )
        self._cache: OrderedDict[str, HeldMatch] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._workers = FairWorkers(limits.workers, limits.workers_per_client, limits.review_workers)
        self._reviews: OrderedDict[tuple[str, int, int], Future[dict[str, Any]]] = OrderedDict()
        self._reviews_lock = threading.Lock()
        self._alarms = Alarms()
        self._tickets: dict[str, tuple[str, str, float]] = {}
        self._tickets_lock = threading.Lock()

    # -- finding and making matches ---------------------------------------------
    def acquire(self, match_id: str) -> HeldMatch:
        """The match's one live object, held until :meth:`release`: while
        held it never leaves the cache, so every request sees the same one."""
        with self._cache_lock:
            live = self._cache.get(match_id)
            if live is not None:
                live.users += 1
                self._cache.move_to_end(match_id)
                return live
        loaded = self.store.load(match_id) if _looks_like_id(match_id) else None
        if loaded is None:
            raise NotFound(f"no match {match_id[:40]!r} here")
        with self._cache_lock:
            live = self._cache.get(match_id) or HeldMatch(match_id, *loaded)  # another request may have loaded it
            live.users += 1
            self._remember(live)
        self._resume_clock(live)
        self._let_agents_move(live)  # a restart may have stopped an agent in mid-thought
        return live

    def release(self, live: HeldMatch) -> None:
        with self._cache_lock:
            live.users -= 1
            self._forget_idle()

    def create(
        self,
        game: object,
        options: object,
        seed: object,
        players: object,
        client: str = "",
        clock: object = None,
        casual: object = False,
        names: object = None,
    ) -> tuple[HeldMatch, dict[str, str]]:
        """A new match; the tokens of its people's seats, by player. ``clock``:
        None, or ``{"limit": SECONDS, "increment": SECONDS}``; ``casual``:
        whether people may have hints in a game between them (agreed now,
        by its creator and whoever takes the other seat's link); ``names``:
        the people's seats' names, by player."""
        if not isinstance(casual, bool):
            raise WrongTypeError(f"'casual' is true or false, got {str(casual)[:40]!r}")
        if not isinstance(game, str):
            raise WrongTypeError(f"'game' is a game's name, got {game!r}")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise WrongTypeError(f"'options' is an object of option values, got {options!r}")
        check_seed(seed)
        settings = None if clock is None else ClockSettings.from_json(clock)
        self._may_create(client)
        # Drawn here if not given: it is in the state, so the game can be repeated.
        chosen = seed if isinstance(seed, int) else secrets.randbelow(2**31)
        configured = game_class(game).configure(options, seed=chosen)
        specs = self._specs(players, len(configured.turn_order))
        people = [p for p, spec in zip(configured.turn_order, specs, strict=True) if spec == HUMAN]
        about = {"casual": casual, "names": check_names(names, people), "rematch": None}
        return self._start(Match(configured, specs, clock=settings), client, about)

    def upload(self, record: object, players: object = None, client: str = "") -> tuple[HeldMatch, dict[str, str]]:
        """A match resumed (or, if it is over, shown) from a record's JSON."""
        self._may_create(client)  # first: reading a record is the costly part
        parsed = parse_record(record)
        count = len(parsed.state.game.turn_order)
        if players is None:
            players = list(parsed.seats) or [HUMAN] * count
        specs = self._specs(players, count)
        return self._start(Match.from_record(parsed, specs), client)

    def _may_create(self, client: str) -> None:
        self.rates.take("create", client)
        limits = self.limits
        if self.store.count() >= limits.matches:
            raise Full(f"this server keeps {limits.matches} matches, its most; try again later")
        if self.store.count(client) >= limits.matches_per_client:
            raise TooManyRequests(
                f"you have created {limits.matches_per_client} matches here, the most a client may", 3600
            )

    def _specs(self, players: object, count: int) -> list[str]:
        if not isinstance(players, Sequence) or isinstance(players, str) or len(players) != count:
            raise WrongTypeError(f"'players' is a list of {count} agent specs or {HUMAN!r}, got {players!r}")
        return [check_spec(p) for p in players]

    def _start(
        self, match: Match, client: str, about: dict[str, Any] | None = None
    ) -> tuple[HeldMatch, dict[str, str]]:
        tokens = {player: secrets.token_urlsafe(32) for player, seat in match.seats.items() if seat.is_human}
        live = HeldMatch(secrets.token_urlsafe(12), match, tokens, client, about)
        self.store.save(live.id, match, tokens, client, live.about)  # StoreError: nothing was made
        live.users = 1  # held until its agent is thinking: a new match is never the one evicted
        with self._cache_lock:
            self._remember(live)
        with live.lock:
            self._arm(live)
        self._let_agents_move(live)
        self.release(live)
        return live, tokens

    def _remember(self, live: HeldMatch) -> None:
        """Under the cache lock."""
        self._cache[live.id] = live
        self._forget_idle()

    def _forget_idle(self) -> None:
        """Under the cache lock: the least recently used idle matches leave
        while the cache is over its size; a match in use never does (its
        changes would land in a copy that the next request no longer sees)."""
        excess = len(self._cache) - self.limits.cached
        if excess <= 0:
            return
        for match_id in [m for m, live in self._cache.items() if live.idle][:excess]:
            del self._cache[match_id]

    # -- what seats do --------------------------------------------------------------
    def seat_of(self, live: HeldMatch, token: str | None) -> str:
        """The player whose token this is; Forbidden if none."""
        found = None
        for player, secret in live.tokens.items():  # every one compared, in constant time
            if token is not None and hmac.compare_digest(secret.encode(), token.encode()):
                found = player
        if found is None:
            raise Forbidden("a seat's token is needed: 'Authorization: Bearer <token>'")
        return found

    def move(self, live: HeldMatch, token: str | None, move: object) -> None:
        if not isinstance(move, str):
            raise WrongTypeError(f"'move' is a move's text, like \"c3\", got {move!r}")
        with live.lock:
            player = self._seat_in_play(live, token, to_move=True)

            match = live.match
            if match.game.hidden_information and player == match.to_move:
                # A bad move is refused in terms of what this seat sees: the error names nothing hidden.
                view = match.view_for(player)
                chosen = view.parse_move(move)
                if chosen not in view.legal_moves:
                    view.play(chosen)  # raises, saying why

            def played() -> None:
                live.match.play(move, by=player)
                if live.draw_offer is not None and live.draw_offer.by != player:
                    live.draw_offer = None  # a move by the other side declines the draw offered

            try:
                self._commit(live, played)
            except MatchError:
                if not live.match.is_over:
                    raise
                self._commit(live, lambda: None)  # the time ran out just now: the flag is saved
                raise Conflict(f"the game is over ({live.match.result_text()})") from None
        self._let_agents_move(live)

    def resign(self, live: HeldMatch, token: str | None) -> None:
        with live.lock:
            player = self._seat_in_play(live, token)
            self._commit(live, lambda: live.match.concede(player))

    def _seat_in_play(self, live: HeldMatch, token: str | None, to_move: bool = False) -> str:
        """Under the live's lock: the token's player (403 without one) in a
        game going on (409 once it is over, a flag included), on its turn if
        ``to_move`` (403)."""
        player = self.seat_of(live, token)
        self._flag_if_late(live)  # anything asked after the time ran out: the flag first
        match = live.match
        if match.is_over:
            raise Conflict(f"the game is over ({match.result_text()}): a finished game stays finished")
        if to_move and player not in match.asked:
            if player in match.held:
                raise Conflict(f"{player} has already chosen this turn: a choice is made once")
            waiting = " and ".join(match.asked) or match.to_move
            raise Conflict(f"it is not {player}'s turn ({waiting} to move)")
        return player

    def viewer(self, live: HeldMatch, token: str | None) -> str | None:
        """Who looks: the token's player, or None (a spectator) without a
        token; a wrong token is refused (403), never taken for a spectator's."""
        return None if token is None else self.seat_of(live, token)

    def parts(self, live: HeldMatch, text: str, ply: int | None = None, viewer: str | None = None) -> dict[str, Any]:
        """What may follow the move being made that ``text`` names (empty:
        nothing yet) in the current position, or after ``ply`` moves (a move
        tried again in the review), as :meth:`Parts.to_json`, with the move
        being made in the notation (``partial``) and the moves played
        (``ply``, the position it answers for)."""
        state, _ = self.position(live, ply, viewer)
        text = str(clicked_text(state, text))  # the page's clicks by its ids, for a game naming its sites
        partial = state.parse_partial(text)
        if started(partial) or not text.strip():
            parts, shown = state.parts(partial), state.format_partial(partial)
        else:  # a pass: a whole move
            parts, shown = Parts(complete=True), "pass"
        more = open_choices(state, partial) if started(partial) else {}  # a choice left once the squares are chosen
        return {**parts.to_json(state.game.grid.names), **more, "partial": shown, "ply": len(state.history)}

    def record(self, live: HeldMatch) -> dict[str, Any]:
        """The match's record: of a game with hidden information, once it is
        over (it holds every move, the hidden ones too: 409 until then)."""
        with live.lock:
            match = live.match
            if match.game.hidden_information and not match.is_over:
                raise Conflict("the record of a game with hidden information is given once it ends")
            return match.record().to_json()

    def position(self, live: HeldMatch, ply: int | None, viewer: str | None = None) -> tuple[State, bool]:
        """The position after ``ply`` moves (the current one if None) as
        ``viewer`` (a player, None: a spectator) sees it while the game goes
        on, and whether a person may click on it (the current one of a game
        going on)."""
        with live.lock:
            match = live.match
            positions = match.positions
            if ply is not None and not 0 <= ply < len(positions):
                raise BoardgamesError(f"ply is a whole number from 0 to {len(positions) - 1}")
            state = positions[-1 if ply is None else ply]
            if not match.is_over and ply is None:  # as the viewer sees it (made once a change)
                state = live.seen_now(viewer)
            elif not match.is_over:  # a past position as the viewer saw it then
                state = state.seen_by(None if viewer is None else match.game.player_names.index(viewer))
            return state, ply is None and not match.is_over

    # -- changes, saved or undone --------------------------------------------------------
    def _commit(self, live: HeldMatch, change: Callable[[], T]) -> T:
        """Under the live's lock: make ``change``, save it, and let the streams
        know; if it cannot be saved, the match is as it was before, in memory
        as on disk (StoreError). A pending takeback ends with any change."""
        before = live.match.checkpoint()
        result = change()
        try:
            self.store.save(live.id, live.match, live.tokens, live.client, live.about)
        except StoreError:
            live.match.restore(before)
            live.changed()
            self._arm(live)
            raise
        live.takeback = None
        if live.match.is_over:
            live.draw_offer = None
        live.changed()
        self._arm(live)
        return result

    def close(self) -> None:
        self._workers.close()
        self._alarms.close()


def _looks_like_id(text: str) -> bool:
    return 0 < len(text) <= 64 and all(c.isalnum() or c in "-_" for c in text)
