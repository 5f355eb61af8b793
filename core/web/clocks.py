"""Clocks on the server: an alarm flags a player the moment their time runs
out, a request that comes later flags them first, and a match reloaded after
a restart counts the time since its clock started."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..play import clock as clock_module
from .alarms import Alarms
from .held import HeldMatch
from .store import StoreError

log = logging.getLogger("boardgames.web")


class ClockKeeping:
    """:class:`~.service.Matches`' clocks."""

    if TYPE_CHECKING:  # what it uses of the matches it is part of
        _alarms: Alarms

        def _commit(self, live: HeldMatch, change: Callable[[], Any]) -> Any: ...

    def _arm(self, live: HeldMatch) -> None:
        """Under the live's lock, after any change: the alarm at the moment the
        running clock runs out, or none."""
        clock = live.match.clock
        deadline = None if clock is None or live.match.is_over else clock.deadline()
        if deadline is None:
            self._alarms.cancel(live.id)
        else:
            self._alarms.set(live.id, deadline, lambda: self._ring(live))

    def _ring(self, live: HeldMatch) -> None:
        """On the alarms' thread: the time of the player to move ran out (or
        the match changed since: the alarm is set again)."""
        with live.lock:
            if not self._flag_or_arm(live):  # nothing changed: try again in a moment
                self._alarms.set(live.id, clock_module.time_source() + 1.0, lambda: self._ring(live))

    def _flag_or_arm(self, live: HeldMatch) -> bool:
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

    def _flag_if_late(self, live: HeldMatch) -> bool:
        """Under the live's lock: if the running clock has run out, its player
        loses on time, saved; whether they did."""
        match = live.match
        if match.clock is None or match.is_over or match.clock.out_of_time() is None:
            return False
        self._commit(live, match.flag)
        return True

    def _resume_clock(self, live: HeldMatch) -> None:
        """A match loaded from the store: its clock counts from when it had
        started (the server was stopped meanwhile), flags if that was too long ago."""
        with live.lock:
            clock = live.match.clock
            if clock is None:
                return
            clock.catch_up()
            live.reread_clock()
            self._flag_or_arm(live)  # a flag not saved: the next request tries again
