"""Advice from the engine on the shared workers, each the asking client's
job: a hint for the seat to move, the review of a finished game (a position
a job), and a move tried again in its place."""

from __future__ import annotations

import logging
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from ..agents.base import Budget
from ..analysis.better_move import position_and_move, retry
from ..analysis.review import DEFAULT_BUDGET, Walk, describe_budget
from ..analysis.review import public as public_review
from ..errors import BoardgamesError
from ..play.levels import strongest
from ..plugins.registry import make_seat
from ..rules.game import State
from .held import HeldMatch, clicked_text
from .limits import Limits, Rates
from .refusals import Conflict, Forbidden
from .store import MatchStore, StoreError
from .workers import AGAIN, FairWorkers

#: A review here (``GET /api/matches/{id}/review``): the search's iterations a
#: position unless asked (at most the second), those of ``boardgames review``,
#: and no time limit: its work alone decides it, so that the same record gets
#: the same review here as there, however busy the machine. Each is made once
#: per game and budget and kept in the store; the futures of the last
#: REVIEWS_KEPT asked are kept in memory while made.
REVIEW_ITERATIONS, MAX_REVIEW_ITERATIONS, REVIEWS_KEPT = DEFAULT_BUDGET.iterations or 1000, 5_000, 256

log = logging.getLogger("boardgames.web")
T = TypeVar("T")


class Advice:
    """:class:`~.service.Matches`' hints, reviews and moves tried again."""

    if TYPE_CHECKING:  # what it uses of the matches it is part of
        limits: Limits
        rates: Rates
        store: MatchStore
        _workers: FairWorkers
        _reviews: OrderedDict[tuple[str, int, int], Future[dict[str, Any]]]
        _reviews_lock: threading.Lock

        def _seat_in_play(self, live: HeldMatch, token: str | None, to_move: bool = False) -> str: ...
        def _capped(self, budget: Budget) -> Budget: ...

    def hint(self, live: HeldMatch, token: str | None, client: str = "") -> Future[str]:
        """The adviser's move for the player to move (this seat's turn only),
        worked out on the shared workers as the client's job."""
        with live.lock:
            player = self._seat_in_play(live, token, to_move=True)
            if not live.hints_allowed:
                raise Forbidden("no hints in a game between people unless all agreed when it was made (a casual game)")
            match = live.match
            state = match.state
            index = state.game.player_names.index(player)
            # Only what this seat sees, as at its turn (a player asked at once with the one to move).
            view = state.seen_by(index)
            if view.turn != index:
                view = attrs.evolve(view, turn=index)
        self.rates.take("hint", client)
        adviser = make_seat(strongest(state.game))
        agent = adviser.agent
        assert agent is not None
        budget = self._capped(adviser.budget)
        rng = random.Random(f"{match.seed}/hint/{len(state.history)}")
        return self._workers.submit(client, lambda: view.format_move(agent.choose(view, budget, rng)))

    def review(self, live: HeldMatch, client: str = "", iterations: int | None = None) -> Future[dict[str, Any]]:
        """The review of a finished game (:mod:`boardgames.analysis.review`), worked out
        on the shared workers a position at a time, each the client's job
        (:meth:`FairWorkers.submit_steps`: other clients' moves come between
        them), within the server's budget; made once for each game and budget
        and kept in the store (a second look is instant, after a restart too).
        Not while the game goes on: it would advise a player."""
        if iterations is None:
            iterations = REVIEW_ITERATIONS
        if not 10 <= iterations <= MAX_REVIEW_ITERATIONS:
            raise BoardgamesError(f"a review's iterations are from 10 to {MAX_REVIEW_ITERATIONS}, got {iterations}")
        state, seed = self._finished(live, "it is reviewed once it ends")
        key = (live.id, len(state.history), iterations)
        made = self._kept_review(key)
        if made is not None:
            return made
        budget = self._review_budget(iterations)
        stored = self.store.load_review(live.id, len(state.history), describe_budget(budget))
        if stored is not None:
            done: Future[dict[str, Any]] = Future()
            done.set_result(stored)
            return done
        self.rates.take("hint", client)  # as costly as a few hints: counted as one
        walk: list[Walk] = []

        def step() -> Any:
            """One position of the review (the first also lists them), as one of the client's jobs."""
            if not walk:
                walk.append(Walk(state, budget, seed=seed or 0))
            walk[0].step()
            if not walk[0].done:
                return AGAIN
            made = public_review(walk[0].result())
            try:
                self.store.save_review(live.id, len(state.history), made["budget"], made)
            except StoreError as exc:  # served all the same, and made again after a restart
                log.warning("match %s: %s", live.id, exc)
            return made

        future = self._workers.submit_steps(client, lambda: self._guarded(live, "the review", step))
        with self._reviews_lock:
            self._reviews[key] = future
            while len(self._reviews) > REVIEWS_KEPT:
                self._reviews.popitem(last=False)
        return future

    def retry(self, live: HeldMatch, ply: object, move: object, client: str = "") -> Future[dict[str, Any]]:
        """Find a better move (:mod:`boardgames.analysis.better_move`): whether ``move`` in
        place of move ``ply`` of a finished game keeps the win, on the shared
        workers as the client's job, with the review's budget and, once made,
        its numbers for the move played. Not while the game goes on."""
        state, seed = self._finished(live, "a move is tried again once it ends")
        if not state.game.board_drawn and isinstance(ply, int) and 0 < ply <= len(state.history):
            # the page's clicks by its ids, in the notation of a game whose grid is no board
            move = clicked_text(state.game.replay(state.history[: ply - 1]), move)
        made = self._kept_review((live.id, len(state.history), REVIEW_ITERATIONS))
        saved = made.result() if made is not None and made.done() else None
        if saved is None:
            budget_text = describe_budget(self._review_budget(REVIEW_ITERATIONS))
            saved = self.store.load_review(live.id, len(state.history), budget_text)
        # A bad ply or move is a 400 before it costs the client a turn (a plugin's bug still one line).
        self._guarded(live, "the move tried again", lambda: position_and_move(state, ply, move))
        self.rates.take("hint", client)
        budget = self._review_budget(REVIEW_ITERATIONS)

        def tried() -> dict[str, Any]:
            return retry(state, ply, move, budget, seed=seed or 0, saved_review=saved).to_json()  # type: ignore[arg-type]

        return self._job(live, client, "the move tried again", tried)

    @staticmethod
    def _finished(live: HeldMatch, when: str) -> tuple[State, int | None]:
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

    @staticmethod
    def _review_budget(iterations: int) -> Budget:
        """Iterations only: the same verdict on a busy machine as on an idle one."""
        return Budget(iterations=iterations)

    def _job(
        self, live: HeldMatch, client: str, what: str, work: Callable[[], dict[str, Any]]
    ) -> Future[dict[str, Any]]:
        """``work`` on the shared workers as the client's job; a fault that is
        not the request's (a bug, most likely in a plugin's game) one line, not a 500."""

        return self._workers.submit(client, lambda: self._guarded(live, what, work))

    @staticmethod
    def _guarded(live: HeldMatch, what: str, work: Callable[[], T]) -> T:
        """``work()``; an exception that is no BoardgamesError (a plugin's bug) logged and said in one line."""
        try:
            return work()
        except BoardgamesError:
            raise
        except Exception as exc:
            log.exception("match %s: %s failed", live.id, what)
            raise BoardgamesError(f"{what} could not be made ({type(exc).__name__}: {exc})") from None
