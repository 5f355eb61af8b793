"""The computer's seats: an agent to move thinks on the shared workers (an
urgent job where a clock runs), its move is saved like a person's, and one
that could not be saved is saved again after a back-off."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ..agents.base import Budget
from ..errors import AgentFailure, BoardgamesError
from ..play import clock as clock_module
from ..rules.game import State
from ..rules.moves import Move
from .alarms import Alarms
from .held import HeldMatch
from .limits import Limits
from .store import StoreError
from .workers import FairWorkers

#: An agent's move that could not be saved is saved again after the first,
#: then twice as long each time, at most the second (seconds), until it is.
SAVE_AGAIN_SECONDS, SAVE_AGAIN_MOST = 0.5, 30.0

log = logging.getLogger("boardgames.web")


class ComputerSeats:
    """:class:`~.service.Matches`' agents."""

    if TYPE_CHECKING:  # what it uses of the matches it is part of
        limits: Limits
        _workers: FairWorkers
        _alarms: Alarms

        def _commit(self, live: HeldMatch, change: Callable[[], Any]) -> Any: ...
        def _flag_if_late(self, live: HeldMatch) -> bool: ...

    def _capped(self, budget: Budget) -> Budget:
        """A budget cut at the server's thinking time, whatever it says."""
        cap = self.limits.think_seconds
        return attrs.evolve(budget, time=min(budget.time or cap, cap))

    def _let_agents_move(self, live: HeldMatch) -> None:
        with live.lock:
            seat = live.match.seat_to_move
            if seat is None or seat.is_human or live.thinking:
                return
            live.thinking = True
            live.changed()
        self._submit(live)

    def _submit(self, live: HeldMatch) -> None:
        """The agent's move, as the match's creator's job: an urgent one where
        a clock runs (:mod:`.workers`), so that it never waits its time away
        behind other clients' work."""
        clocked = live.match.clock is not None
        try:
            self._workers.submit(live.client, lambda: self._agent_moves(live), urgent=clocked)
        except BoardgamesError:  # the server is stopping
            live.thinking = False

    def _agent_moves(self, live: HeldMatch) -> None:
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

    def _save_later(self, live: HeldMatch, before: State, move: Move | None, exc: StoreError) -> bool:
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
