"""What the server does with matches, without HTTP: create them with a token
for each person's seat, take moves, takebacks, resignations and hints from
the right seat only, and let agents think on the shared workers
(:mod:`.workers`) so that no request and no other client waits for them.

Its promises (``docs/web.md``): a change is saved to the store before it is
answered, and a change that cannot be saved is taken back whole; there is one
live object per match while anything uses it (a request, a thinking agent, an
event stream), so no change lands in a copy; a finished game stays finished;
every change bumps the match's ``version``, which the event streams follow.

Clocks (:mod:`boardgames.play.clock`): an alarm (:mod:`.alarms`) flags a player
whose time runs out at that moment, and a move that arrives later flags
them too (409); a match whose clock runs stays in memory (its alarm holds
it); a match reloaded from the store (a restart) counts the time since its
clock started, as recorded.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

import attrs

from ..agents.base import Budget
from ..agents.spec import HUMAN, refuse_programs
from ..analysis.better_move import position_and_move, retry
from ..analysis.review import Walk
from ..analysis.review import public as public_review
from ..errors import AgentFailure, BoardgamesError, InvalidAgentSpecError, MatchError, WrongTypeError
from ..play import clock as clock_module
from ..play.clock import ClockReading, ClockSettings
from ..play.levels import strongest
from ..play.match import Match
from ..play.records import parse_record
from ..plugins.registry import game_class, make_seat
from ..rules.game import State, check_seed
from ..rules.moves import Move
from ..rules.parts import Parts, started
from .alarms import Alarms
from .limits import Limits, Rates, TooManyRequests
from .store import MatchStore, StoreError
from .workers import AGAIN, FairWorkers

#: The most a spec may ask of an agent here (its thinking is also cut at
#: ``Limits.think_seconds``): a server is shared.
MAX_TIME, MAX_ITERATIONS, MAX_DEPTH = 30.0, 1_000_000, 12

#: A review here (``GET /api/matches/{id}/review``): the search's iterations a
#: position unless asked (at most the second), each position also cut at
#: REVIEW_SECONDS; reviews made are kept for the last REVIEWS_KEPT asked.
REVIEW_ITERATIONS, MAX_REVIEW_ITERATIONS, REVIEW_SECONDS, REVIEWS_KEPT = 500, 5_000, 0.25, 256

log = logging.getLogger("boardgames.web")
T = TypeVar("T")


class NotFound(BoardgamesError):
    """No match has this id (404)."""


class Forbidden(BoardgamesError):
    """A missing or wrong seat token, or not that seat's turn (403)."""


class Conflict(BoardgamesError):
    """Not now, in this match's state: a finished game, no takeback asked (409)."""


class Full(BoardgamesError):
    """The server keeps as many matches as it may (503)."""


#: An agent's move that could not be saved is saved again after the first,
#: then twice as long each time, at most the second (seconds), until it is.
SAVE_AGAIN_SECONDS, SAVE_AGAIN_MOST = 0.5, 30.0


@attrs.frozen
class Takeback:
    """A request to take back moves: who asked, how many moves had been
    played then, and its own ``id`` (random), which an answer names: a later
    request at the same ply is another request."""

    by: str
    ply: int
    id: str = attrs.field(factory=lambda: secrets.token_urlsafe(9))


class Live:
    """A match as the server holds it: the match, its seats' tokens, who
    created it, a lock, and what the event streams watch. ``users`` counts
    the requests and streams holding it: it stays the one copy while used."""

    def __init__(self, match_id: str, match: Match, tokens: dict[str, str], client: str = "") -> None:
        self.id = match_id
        self.match = match
        self.tokens = tokens
        self.client = client
        self.lock = threading.RLock()
        # Counted on from the moment it is loaded, in microseconds: a match
        # loaded again (a restart, or back in the cache) never goes below a
        # version served before, which clients would take for an old answer.
        self.version = time.time_ns() // 1000
        self.thinking = False
        #: The takeback asked for, until the other person answers.
        self.takeback: Takeback | None = None
        #: Why the agent to move waits (its move could not be saved), or None.
        self.waiting: str | None = None
        #: The agent's move that could not be saved, with the position it is
        #: for, and how many times in a row its saving failed.
        self.unsaved: tuple[State, Move] | None = None
        self.failed_saves = 0
        self.users = 0
        #: Called at every change (the event streams' wake-ups), on the changing thread.
        self._watchers: set[Callable[[], None]] = set()
        self._watchers_lock = threading.Lock()  # not the match's: the event loop never waits for a save
        self.snapshot: tuple[dict[str, Any], ClockReading | None] = (self._describe(), self._clock())

    @property
    def idle(self) -> bool:
        """Whether nothing uses it: only then may it leave the cache (a
        running clock's alarm holds it, or it would flag a copy)."""
        clock = self.match.clock
        running = clock is not None and clock.running is not None
        return self.users == 0 and not self.thinking and self.takeback is None and not running

    def changed(self) -> None:
        """Under the lock, after any change: a new version, and the description
        of it, made once here rather than at every request and event; then
        the watchers (the open event streams) are told."""
        self.version += 1
        self.snapshot = (self._describe(), self._clock())
        with self._watchers_lock:
            watchers = list(self._watchers)
        for watcher in watchers:
            watcher()

    def watch(self, watcher: Callable[[], None]) -> None:
        """Call ``watcher()`` after every change from now on, on the thread
        that makes it, under the lock: it must only pass the news on (an
        event stream's ``loop.call_soon_threadsafe``)."""
        with self._watchers_lock:
            self._watchers.add(watcher)

    def unwatch(self, watcher: Callable[[], None]) -> None:
        with self._watchers_lock:
            self._watchers.discard(watcher)

    def reread_clock(self) -> None:
        """Under the lock: the clocks changed without a move (a reload caught up)."""
        self.snapshot = (self.snapshot[0], self._clock())

    def describe(self) -> dict[str, Any]:
        """What ``GET /api/matches/{id}`` answers: ``state`` is the ``show --json``
        object. Read without the lock (one attribute), so that the server's event
        loop never waits for a move being saved; the clocks are read at the
        moment of the answer."""
        described, clock = self.snapshot
        return described if clock is None else {**described, "clock": clock.to_json()}

    def _clock(self) -> ClockReading | None:
        return None if self.match.clock is None else self.match.clock.reading()

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
            "waiting": self.waiting,
            "takeback": None if self.takeback is None else attrs.asdict(self.takeback),
            "clock": None,  # the clocks' reading, made at each answer (describe)
        }


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


class Matches:
    """Every match of one server, kept in ``store``, within ``limits``."""

    def __init__(self, store: MatchStore, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits = limits or Limits()
        self.rates = Rates(
            create=(limits.creates_per_minute, limits.create_burst), hint=(limits.hints_per_minute, limits.hint_burst)
        )
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._workers = FairWorkers(limits.workers, limits.workers_per_client, limits.review_workers)
        self._reviews: OrderedDict[tuple[str, int, int], Future[dict[str, Any]]] = OrderedDict()
        self._reviews_lock = threading.Lock()
        self._alarms = Alarms()

    # -- finding and making matches ---------------------------------------------
    def acquire(self, match_id: str) -> Live:
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
            live = self._cache.get(match_id) or Live(match_id, *loaded)  # another request may have loaded it
            live.users += 1
            self._remember(live)
        self._resume_clock(live)
        self._let_agents_move(live)  # a restart may have stopped an agent in mid-thought
        return live

    def release(self, live: Live) -> None:
        with self._cache_lock:
            live.users -= 1
            self._forget_idle()

    def create(
        self, game: object, options: object, seed: object, players: object, client: str = "", clock: object = None
    ) -> tuple[Live, dict[str, str]]:
        """A new match; the tokens of its people's seats, by player. ``clock``:
        None, or ``{"limit": SECONDS, "increment": SECONDS}``."""
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
        return self._start(Match(configured, specs, clock=settings), client)

    def upload(self, record: object, players: object = None, client: str = "") -> tuple[Live, dict[str, str]]:
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

    def _start(self, match: Match, client: str) -> tuple[Live, dict[str, str]]:
        tokens = {player: secrets.token_urlsafe(32) for player, seat in match.seats.items() if seat.is_human}
        live = Live(secrets.token_urlsafe(12), match, tokens, client)
        self.store.save(live.id, match, tokens, client)  # StoreError: nothing was made
        live.users = 1  # held until its agent is thinking: a new match is never the one evicted
        with self._cache_lock:
            self._remember(live)
        with live.lock:
            self._arm(live)
        self._let_agents_move(live)
        self.release(live)
        return live, tokens

    def _remember(self, live: Live) -> None:
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
            player = self._seat_in_play(live, token, to_move=True)
            try:
                self._commit(live, lambda: live.match.play(move, by=player))
            except MatchError:
                if not live.match.is_over:
                    raise
                self._commit(live, lambda: None)  # the time ran out just now: the flag is saved
                raise Conflict(f"the game is over ({live.match.result_text()})") from None
        self._let_agents_move(live)

    def takeback(self, live: Live, token: str | None) -> bool:
        """Ask to take back this seat's last move (and the replies since).
        Against agents alone it is done at once (True); where another person
        plays, that person is asked (False): :meth:`answer` does it."""
        with live.lock:
            player = self._seat_in_play(live, token)
            match = live.match
            if match.undo_point(player) is None:
                raise Conflict(f"{player} has no move to take back")
            others = [p for p, seat in match.seats.items() if seat.is_human and p != player]
            if others:
                if live.takeback is None or live.takeback.by != player:
                    live.takeback = Takeback(player, len(match.state.history))
                    live.changed()
                return False
            self._commit(live, lambda: match.undo(player))
        self._let_agents_move(live)
        return True

    def answer(self, live: Live, token: str | None, accept: object, request: object) -> bool:
        """The other person accepts (the moves are taken back) or declines a
        takeback; ``request`` is the id of the request answered, so that an
        answer (a late one, or one sent again) never lands on a later request,
        even one asked at the same ply (409)."""
        if not isinstance(accept, bool):
            raise WrongTypeError(f"'accept' is true or false, got {accept!r}")
        if not isinstance(request, str):
            raise WrongTypeError(f"'id' is the id of the takeback answered (its 'id'), got {request!r}")
        with live.lock:
            player = self.seat_of(live, token)
            self._flag_if_late(live)
            asked = live.takeback
            if asked is None or request != asked.id:
                raise Conflict("no such takeback is asked now: it was answered, or a move ended it")
            if asked.by == player:
                raise Forbidden(f"{player} asked for the takeback; the other player answers")
            if accept:
                self._commit(live, lambda: live.match.undo(asked.by))
            else:
                live.takeback = None
                live.changed()
        self._let_agents_move(live)
        return accept

    def resign(self, live: Live, token: str | None) -> None:
        with live.lock:
            player = self._seat_in_play(live, token)
            self._commit(live, lambda: live.match.concede(player))

    def hint(self, live: Live, token: str | None, client: str = "") -> Future[str]:
        """The adviser's move for the player to move (this seat's turn only),
        worked out on the shared workers as the client's job."""
        with live.lock:
            self._seat_in_play(live, token, to_move=True)
            match = live.match
            state = match.state
        self.rates.take("hint", client)
        adviser = Match(state, [HUMAN] * len(state.game.turn_order), seed=match.seed)
        budget = self._capped(make_seat(strongest(state.game)).budget)
        return self._workers.submit(client, lambda: state.format_move(adviser.hint(budget=budget)))

    def review(self, live: Live, client: str = "", iterations: int | None = None) -> Future[dict[str, Any]]:
        """The review of a finished game (:mod:`boardgames.analysis.review`), worked out
        on the shared workers a position at a time, each the client's job
        (:meth:`FairWorkers.submit_steps`: other clients' moves come between
        them), within the server's budget; made once for each game and budget
        while kept (a second look is instant). Not while the game goes on: it
        would advise a player."""
        if iterations is None:
            iterations = REVIEW_ITERATIONS
        if not 10 <= iterations <= MAX_REVIEW_ITERATIONS:
            raise BoardgamesError(f"a review's iterations are from 10 to {MAX_REVIEW_ITERATIONS}, got {iterations}")
        state, seed = self._finished(live, "it is reviewed once it ends")
        key = (live.id, len(state.history), iterations)
        made = self._kept_review(key)
        if made is not None:
            return made
        self.rates.take("hint", client)  # as costly as a few hints: counted as one
        budget = self._review_budget(iterations)
        walk: list[Walk] = []

        def step() -> Any:
            """One position of the review (the first also lists them), as one of the client's jobs."""
            if not walk:
                walk.append(Walk(state, budget, seed=seed or 0))
            walk[0].step()
            return public_review(walk[0].result()) if walk[0].done else AGAIN

        future = self._workers.submit_steps(client, lambda: self._guarded(live, "the review", step))
        with self._reviews_lock:
            self._reviews[key] = future
            while len(self._reviews) > REVIEWS_KEPT:
                self._reviews.popitem(last=False)
        return future

    def retry(self, live: Live, ply: object, move: object, client: str = "") -> Future[dict[str, Any]]:
        """Find a better move (:mod:`boardgames.analysis.better_move`): whether ``move`` in
        place of move ``ply`` of a finished game keeps the win, on the shared
        workers as the client's job, with the review's budget and, once made,
        its numbers for the move played. Not while the game goes on."""
        state, seed = self._finished(live, "a move is tried again once it ends")
        made = self._kept_review((live.id, len(state.history), REVIEW_ITERATIONS))
        saved = made.result() if made is not None and made.done() else None
        # A bad ply or move is a 400 before it costs the client a turn (a plugin's bug still one line).
        self._guarded(live, "the move tried again", lambda: position_and_move(state, ply, move))
        self.rates.take("hint", client)
        budget = self._review_budget(REVIEW_ITERATIONS)

        def tried() -> dict[str, Any]:
            return retry(state, ply, move, budget, seed=seed or 0, saved_review=saved).to_json()  # type: ignore[arg-type]

        return self._job(live, client, "the move tried again", tried)

    @staticmethod
    def _finished(live: Live, when: str) -> tuple[State, int | None]:
        """The final position of a finished game and its seed; a 409 while it
        goes on, saying ``when`` (what waits for its end)."""
        with live.lock:
            match = live.match
            if not match.is_over:
                raise Conflict(f"the game is not over: {when}")
            return match.state, match.seed

    def _kept_review(self, key: tuple[str, int, int]) -> Future[dict[str, Any]] | None:
        """The review made or being made under ``key``, unless it failed."""
        with self._reviews_lock:
            made = self._reviews.get(key)
            if made is None or (made.done() and (made.cancelled() or made.exception() is not None)):
                return None
            self._reviews.move_to_end(key)
            return made

    def _review_budget(self, iterations: int) -> Budget:
        return Budget(iterations=iterations, time=min(REVIEW_SECONDS, self.limits.think_seconds))

    def _job(self, live: Live, client: str, what: str, work: Callable[[], dict[str, Any]]) -> Future[dict[str, Any]]:
        """``work`` on the shared workers as the client's job; a fault that is
        not the request's (a bug, most likely in a plugin's game) one line, not a 500."""

        return self._workers.submit(client, lambda: self._guarded(live, what, work))

    @staticmethod
    def _guarded(live: Live, what: str, work: Callable[[], T]) -> T:
        """``work()``; an exception that is no BoardgamesError (a plugin's bug) logged and said in one line."""
        try:
            return work()
        except BoardgamesError:
            raise
        except Exception as exc:
            log.exception("match %s: %s failed", live.id, what)
            raise BoardgamesError(f"{what} could not be made ({type(exc).__name__}: {exc})") from None

    def _seat_in_play(self, live: Live, token: str | None, to_move: bool = False) -> str:
        """Under the live's lock: the token's player (403 without one) in a
        game going on (409 once it is over, a flag included), on its turn if
        ``to_move`` (403)."""
        player = self.seat_of(live, token)
        self._flag_if_late(live)  # anything asked after the time ran out: the flag first
        match = live.match
        if match.is_over:
            raise Conflict(f"the game is over ({match.result_text()}): a finished game stays finished")
        if to_move and match.to_move != player:
            raise Forbidden(f"it is not {player}'s turn ({match.result_text()})")
        return player

    def parts(self, live: Live, text: str, ply: int | None = None) -> dict[str, Any]:
        """What may follow the move being made that ``text`` names (empty:
        nothing yet) in the current position, or after ``ply`` moves (a move
        tried again in the review), as :meth:`Parts.to_json`, with the move
        being made in the notation (``partial``) and the moves played
        (``ply``, the position it answers for)."""
        state, _ = self.position(live, ply)
        partial = state.parse_partial(text)
        if started(partial) or not text.strip():
            parts, shown = state.parts(partial), state.format_partial(partial)
        else:  # a pass: a whole move
            parts, shown = Parts(complete=True), "pass"
        return {**parts.to_json(state.game.grid.names), "partial": shown, "ply": len(state.history)}

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

    # -- changes, saved or undone --------------------------------------------------------
    def _commit(self, live: Live, change: Callable[[], T]) -> T:
        """Under the live's lock: make ``change``, save it, and let the streams
        know; if it cannot be saved, the match is as it was before, in memory
        as on disk (StoreError). A pending takeback ends with any change."""
        before = live.match.checkpoint()
        result = change()
        try:
            self.store.save(live.id, live.match, live.tokens, live.client)
        except StoreError:
            live.match.restore(before)
            live.changed()
            self._arm(live)
            raise
        live.takeback = None
        live.changed()
        self._arm(live)
        return result

    # -- clocks --------------------------------------------------------------------------
    def _arm(self, live: Live) -> None:
        """Under the live's lock, after any change: the alarm at the moment the
        running clock runs out, or none."""
        clock = live.match.clock
        deadline = None if clock is None or live.match.is_over else clock.deadline()
        if deadline is None:
            self._alarms.cancel(live.id)
        else:
            self._alarms.set(live.id, deadline, lambda: self._ring(live))

    def _ring(self, live: Live) -> None:
        """On the alarms' thread: the time of the player to move ran out (or
        the match changed since: the alarm is set again)."""
        with live.lock:
            if not self._flag_or_arm(live):  # nothing changed: try again in a moment
                self._alarms.set(live.id, clock_module.time_source() + 1.0, lambda: self._ring(live))

    def _flag_or_arm(self, live: Live) -> bool:
        """Under the live's lock: flag the player to move if their time ran
        out, else set the alarm for when it will; False if a flag could not be
        saved (logged; nothing changed)."""
        try:
            if not self._flag_if_late(live):
                self._arm(live)
        except StoreError as exc:
            log.warning("match %s: a flag could not be saved: %s", live.id, exc)
            return False
        return True

    def _flag_if_late(self, live: Live) -> bool:
        """Under the live's lock: if the running clock has run out, its player
        loses on time, saved; whether they did."""
        match = live.match
        if match.clock is None or match.is_over or match.clock.out_of_time() is None:
            return False
        self._commit(live, match.flag)
        return True

    def _resume_clock(self, live: Live) -> None:
        """A match loaded from the store: its clock counts from when it had
        started (the server was stopped meanwhile), flags if that was too long ago."""
        with live.lock:
            clock = live.match.clock
            if clock is None:
                return
            clock.catch_up()
            live.reread_clock()
            self._flag_or_arm(live)  # a flag not saved: the next request tries again

    # -- agents ------------------------------------------------------------------------
    def _capped(self, budget: Budget) -> Budget:
        """A budget cut at the server's thinking time, whatever it says."""
        cap = self.limits.think_seconds
        return attrs.evolve(budget, time=min(budget.time or cap, cap))

    def _let_agents_move(self, live: Live) -> None:
        with live.lock:
            seat = live.match.seat_to_move
            if seat is None or seat.is_human or live.thinking:
                return
            live.thinking = True
            live.changed()
        self._submit(live)

    def _submit(self, live: Live) -> None:
        """The agent's move, as the match's creator's job: an urgent one where
        a clock runs (:mod:`.workers`), so that it never waits its time away
        behind other clients' work."""
        clocked = live.match.clock is not None
        try:
            self._workers.submit(live.client, lambda: self._agent_moves(live), urgent=clocked)
        except BoardgamesError:  # the server is stopping
            live.thinking = False

    def _agent_moves(self, live: Live) -> None:
        """On a worker: the agent to move makes one move; if another agent
        is then to move, the match goes to the back of its client's queue.
        A position changed meanwhile (a takeback) is thought again. A move
        that could not be saved is saved again later (:meth:`_save_later`)."""
        again = later = False
        move: Move | None = None
        try:
            with live.lock:
                match = live.match
                seat = match.seat_to_move
                if seat is None or seat.is_human:
                    return
                before = match.state
                unsaved, live.unsaved = live.unsaved, None
            if unsaved is not None and unsaved[0] is before:
                chosen = unsaved[1]  # chosen already: only its saving failed
            else:
                try:
                    chosen = match.choose(self._capped(seat.budget))
                except AgentFailure as exc:  # an agent that fails forfeits, as in the terminal
                    reason = str(exc)
                    with live.lock:
                        player = match.to_move
                        if match.state is before and player is not None:
                            self._commit(live, lambda: match.concede(player, reason))
                    return
            move = chosen
            with live.lock:
                live.waiting = None  # said with the change, or set again if it fails
                self._flag_if_late(live)  # its time ran out while it thought
                if match.state is before and not match.is_over:
                    self._commit(live, lambda: match.play(chosen))
                live.failed_saves = 0
                seat = match.seat_to_move
                again = seat is not None and not seat.is_human
        except StoreError as exc:  # nothing changed: saved again later
            log.warning("match %s: an agent's move could not be saved: %s", live.id, exc)
            with live.lock:
                later = self._save_later(live, before, move, exc)
        finally:
            with live.lock:
                if again:
                    self._submit(live)
                elif not later:
                    live.thinking = False
                    live.waiting = None
                    live.changed()

    def _save_later(self, live: Live, before: State, move: Move | None, exc: StoreError) -> bool:
        """Under the live's lock: the agent's move (None: its forfeit or its
        flag) could not be saved; it is tried again after a back-off, the
        match meanwhile thinking and saying why it waits (an event); False if
        the server is stopping."""
        if move is not None:
            live.unsaved = (before, move)
        live.failed_saves += 1
        delay = min(SAVE_AGAIN_MOST, SAVE_AGAIN_SECONDS * 2 ** min(live.failed_saves - 1, 16))
        live.waiting = f"{str(exc).rstrip('.')}: the computer's move is saved again in {delay:g} s"
        live.changed()
        if self._alarms.closed:
            return False
        self._alarms.set(f"{live.id} save", clock_module.time_source() + delay, lambda: self._submit(live))
        return True

    def close(self) -> None:
        self._workers.close()
        self._alarms.close()


def _looks_like_id(text: str) -> bool:
    return 0 < len(text) <= 64 and all(c.isalnum() or c in "-_" for c in text)
