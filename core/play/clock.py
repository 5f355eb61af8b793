"""Game clocks: a time limit for each player and an increment a move
(``5+3``: five minutes each, three seconds added after every move).

:class:`ClockSettings` is the setting, :class:`Clock` the clocks of one match
(held and changed by :class:`~boardgames.play.match.Match` under its lock), and
:class:`ClockRecord` what a record keeps of them: the setting, the time left
on the mover's clock after each move, the player flagged, and when the clock
that runs had started.

As on lichess, no clock runs until every player has made a move: each
player's first move is free (a person may take a moment to arrive), and then
the clock of the player to move runs from the previous move. A move adds the
increment to its mover's time (not a free first move). A player whose time
runs out loses on time (a flag): the match flags them as soon as it is asked
anything after that moment, and a server sets an alarm for it.

Time comes from :data:`time_source` (seconds, the system's clock; a test
replaces it, or gives a :class:`Clock` its own ``now``): one source, so that
a record's ``since`` still means the same moment in another process.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from ..errors import BoardgamesError, quoted

#: The longest time limit (three hours) and increment (ten minutes), in seconds.
MAX_LIMIT, MAX_INCREMENT = 3 * 3600, 600

#: The reason of the :class:`~boardgames.play.records.Forfeit` of a flagged player.
ON_TIME = "time ran out"

#: Where every clock reads the time unless given its own ``now``.
time_source: Callable[[], float] = time.time


def _system_now() -> float:
    return time_source()  # looked up at each call, so that a test may replace it


class ClockError(BoardgamesError, ValueError):
    """A clock setting or a recorded clock is not acceptable."""


def _tidy(value: float) -> float:
    """A number of seconds as written back: ``300``, not ``300.0``, to the millisecond."""
    rounded = round(float(value), 3)
    return int(rounded) if rounded.is_integer() else rounded


def _seconds(value: object, name: str, low: float, high: float, low_included: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ClockError(f"a clock's {name!r} is a number of seconds, got {quoted(value)}")
    # Compared before any conversion: a huge whole number fails here, not in float().
    if not (low <= value <= high) or (value == low and not low_included) or not math.isfinite(value):
        bound = f"more than {low:g} and at most" if not low_included else f"from {low:g} to"
        raise ClockError(f"a clock's {name!r} is {bound} {high:g} seconds, got {quoted(value)}")
    tidied = _tidy(value)
    if tidied == low and not low_included:  # 0.0001 is kept as 0: a record that could not be read back
        raise ClockError(f"a clock's {name!r} is at least 0.001 seconds (kept to the millisecond), got {quoted(value)}")
    return tidied


@attrs.frozen
class ClockSettings:
    """Each player's time for the game (``limit``, over 0 and at most three
    hours) and the seconds a move adds to its mover's (``increment``, 0 to 600)."""

    limit: float = attrs.field(converter=lambda v: _seconds(v, "limit", 0, MAX_LIMIT, False))
    increment: float = attrs.field(default=0, converter=lambda v: _seconds(v, "increment", 0, MAX_INCREMENT, True))

    @classmethod
    def parse(cls, text: str) -> ClockSettings:
        """``5+3`` (minutes, then seconds a move), ``10`` (no increment), ``0.5+2``."""
        if not isinstance(text, str):
            raise ClockError(f"a clock is written MINUTES+SECONDS, like 5+3, got {quoted(text)}")
        # ASCII digits and spaces only (re.ASCII): float() would read ٥ as 5, and a clock is typed as 5+3.
        found = re.fullmatch(r"\s*(\d{1,4}(?:\.\d{1,3})?)\s*(?:\+\s*(\d{1,4}(?:\.\d{1,3})?)\s*)?", text, re.ASCII)
        if not found:
            raise ClockError(
                f"a clock is written MINUTES+SECONDS in the digits 0-9, like 5+3 or 10, got {quoted(text, 40)}"
            )
        try:
            return cls(float(found[1]) * 60, float(found[2] or 0))
        except ClockError:  # said in the units typed
            raise ClockError(
                f"a clock gives more than 0 and at most {MAX_LIMIT // 60} minutes, and 0 to {MAX_INCREMENT}"
                f" seconds a move, got {quoted(text, 40)}"
            ) from None

    @classmethod
    def from_json(cls, data: object) -> ClockSettings:
        """``{"limit": 300, "increment": 3}`` (seconds; the increment may be left out)."""
        if not isinstance(data, Mapping) or "limit" not in data or not set(data) <= {"limit", "increment"}:
            raise ClockError(f'a clock is {{"limit": SECONDS, "increment": SECONDS}}, got {quoted(data)}')
        return cls(data["limit"], data.get("increment", 0))

    def to_json(self) -> dict[str, float]:
        return {"limit": self.limit, "increment": self.increment}

    def __str__(self) -> str:
        return f"{self.limit / 60:g}+{self.increment:g}"


def format_time(seconds: float) -> str:
    """``4:57``, ``1:05:00``; tenths under ten seconds (``0:08.3``)."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"0:{int(seconds * 10) / 10:04.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@attrs.frozen
class ClockRecord:
    """What a record keeps of a match's clocks: the ``settings``; ``times``,
    the seconds left on the mover's clock after each move of the history
    (increment included; a free first move leaves the limit); the player
    ``flagged``, if one was; ``since``, when the clock that runs had started,
    and ``saved``, when the record was made (seconds since the epoch; None
    when no clock runs): a game resumed from a file counts the time its
    player to move had spent until the save, not the time in the file;
    ``ended``, the player whose clock ran when the game ended off the board
    (a resignation) and the time it had left then, else None."""

    settings: ClockSettings
    times: tuple[float, ...] = ()
    flagged: str | None = None
    since: float | None = None
    saved: float | None = None
    ended: tuple[str, float] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.settings.to_json(),
            "times": list(self.times),
            "flagged": self.flagged,
            "since": self.since,
            "saved": self.saved,
        } | ({} if self.ended is None else {"ended": {"player": self.ended[0], "left": self.ended[1]}})

    @classmethod
    def from_json(cls, data: object, players: Sequence[str], moves: int) -> ClockRecord:
        """Read from a record of ``moves`` moves between ``players``; ClockError says what is wrong."""
        keys = {"limit", "increment", "times", "flagged", "since", "saved", "ended"}
        if not isinstance(data, Mapping) or not set(data) <= keys:
            raise ClockError(f"'clock' is an object of {', '.join(sorted(keys))}, got {quoted(data)}")
        settings = ClockSettings.from_json({k: data[k] for k in ("limit", "increment") if k in data})
        times = data.get("times", [])
        if not isinstance(times, list) or len(times) != moves:
            raise ClockError(f"the clock's 'times' are a list of one number a move ({moves}), got {quoted(times)}")
        most = settings.limit + settings.increment * moves
        read = tuple(_seconds(t, "times", 0, most, True) for t in times)
        flagged = data.get("flagged")
        if flagged is not None and flagged not in players:
            raise ClockError(f"the clock's 'flagged' is one of {', '.join(players)} or null, got {quoted(flagged)}")
        since, saved = (_moment(data.get(key), key) for key in ("since", "saved"))
        if (since is None) != (saved is None) or (since is not None and saved is not None and saved < since):
            raise ClockError(f"the clock's 'since' and 'saved' are both null or 'saved' is later, got {since}, {saved}")
        ended = data.get("ended")
        if ended is not None:
            if not isinstance(ended, Mapping) or set(ended) != {"player", "left"} or ended["player"] not in players:
                raise ClockError(
                    f'the clock\'s \'ended\' is {{"player": PLAYER, "left": SECONDS}} or null, got {quoted(ended)}'
                )
            ended = (ended["player"], _seconds(ended["left"], "ended", 0, most, True))
        return cls(settings, read, flagged, since, saved, ended)


def _moment(value: object, key: str) -> float | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1e11):
        raise ClockError(f"the clock's {key!r} is a time in seconds since 1970 or null, got {quoted(value)}")
    return None if value is None else float(value)


@attrs.frozen
class ClockReading:
    """The clocks as they stood at a change, read later without a lock:
    ``to_json()`` counts the running clock down to the moment it is asked."""

    settings: ClockSettings
    left: tuple[tuple[str, float], ...]
    running: str | None
    since: float | None
    flagged: str | None
    now: Callable[[], float] = attrs.field(eq=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        spent = 0.0 if self.since is None else self.now() - self.since
        remaining = {
            player: round(max(0.0, seconds - spent if player == self.running else seconds), 3)
            for player, seconds in self.left
        }
        return {
            **self.settings.to_json(),
            "remaining": remaining,
            "running": self.running,
            "flagged": self.flagged,
        }


#: What :meth:`Clock.restore` needs: laps, flagged, running, since, ended.
ClockCheckpoint = tuple[tuple[tuple[str, float], ...], str | None, str | None, float | None, tuple[str, float] | None]


class Clock:
    """The clocks of one match between ``players`` (in turn order). ``laps``
    are the mover and the time left on their clock after each move played so
    far; :meth:`start` names whose clock runs after any change. Changed only
    by its match, under the match's lock."""

    def __init__(
        self,
        settings: ClockSettings,
        players: Sequence[str],
        laps: Sequence[tuple[str, float]] = (),
        flagged: str | None = None,
        since: float | None = None,
        saved: float | None = None,
        ended: tuple[str, float] | None = None,
        now: Callable[[], float] | None = None,
    ) -> None:
        if not isinstance(settings, ClockSettings):
            raise ClockError(f"a clock is set with a boardgames.play.clock.ClockSettings, got {quoted(settings)}")
        self.settings = settings
        self.players = tuple(players)
        self.now = now or _system_now
        self.laps: list[tuple[str, float]] = list(laps)
        self.flagged = flagged
        #: The clock that ran when the game ended off the board, and its time left then.
        self.ended = ended
        #: The player whose clock runs, and since when (the time source's seconds).
        self.running: str | None = None
        self.since: float | None = None
        #: From a record: when its running clock had started (see :meth:`catch_up`).
        self.recorded_since = since
        # From a record: the time the player to move had spent until it was saved (see start).
        self._carried = 0.0 if since is None or saved is None else max(0.0, saved - since)

    @classmethod
    def from_record(cls, record: ClockRecord, players: Sequence[str], movers: Sequence[str]) -> Clock:
        """The clocks a record kept; ``movers`` name who made each move."""
        laps = list(zip(movers, record.times, strict=True))
        return cls(record.settings, players, laps, record.flagged, record.since, record.saved, record.ended)

    # -- reading --------------------------------------------------------------
    def left(self, player: str) -> float:
        """The time ``player`` had when their clock last stopped (or the limit)."""
        if player == self.flagged:
            return 0.0
        if self.ended is not None and self.ended[0] == player:
            return self.ended[1]
        return next((t for p, t in reversed(self.laps) if p == player), float(self.settings.limit))

    def remaining(self, player: str) -> float:
        """The time ``player`` has now, the running clock counted down."""
        left = self.left(player)
        if player == self.running and self.since is not None:
            left -= self.now() - self.since
        return max(0.0, left)

    def out_of_time(self) -> str | None:
        """The player whose clock runs and has run out, else None."""
        if self.running is not None and self.remaining(self.running) <= 0:
            return self.running
        return None

    def deadline(self) -> float | None:
        """When (the time source's seconds) the running clock runs out, None if none runs."""
        if self.running is None or self.since is None:
            return None
        return self.since + self.left(self.running)

    def thinking_time(self, player: str) -> float | None:
        """The most an agent should think now so as not to lose on time
        (a twentieth of its time and most of the increment, at most half its
        time), None while its clock does not run."""
        if player != self.running:
            return None
        left = self.remaining(player)
        return max(0.01, min(left / 2, left / 20 + self.settings.increment * 0.8))

    def reading(self) -> ClockReading:
        return ClockReading(
            self.settings,
            tuple((p, self.left(p)) for p in self.players),
            self.running,
            self.since,
            self.flagged,
            self.now,
        )

    def record(self) -> ClockRecord:
        since = self.since if self.running is not None else None
        return ClockRecord(
            self.settings,
            tuple(_tidy(t) for _, t in self.laps),
            self.flagged,
            None if since is None else round(since, 3),
            None if since is None else round(self.now(), 3),
            None if self.ended is None else (self.ended[0], _tidy(self.ended[1])),
        )

    # -- changes, made by the match --------------------------------------------
    def start(self, to_move: str | None) -> None:
        """After any change: the clock of ``to_move`` (None: the game is over)
        runs from now, once every player has made a move."""
        moved = {p for p, _ in self.laps}
        timed = to_move is not None and self.flagged is None and moved >= set(self.players)
        self.running = to_move if timed else None
        self.since = self.now() - self._carried if timed else None
        self._carried = 0.0  # once: for the first start after a record

    def moved(self, player: str) -> None:
        """``player`` made a move: their time (with the increment, unless the
        move was free) is noted; call :meth:`start` next."""
        if player == self.running:
            self.laps.append((player, self.remaining(player) + self.settings.increment))
        else:
            self.laps.append((player, self.left(player)))
        self.running = self.since = None

    def flag(self, player: str) -> None:
        self.flagged = player
        self.running = self.since = None

    def stop(self) -> None:
        """The game ended off the board (a resignation): the running clock
        stops, charged with the time its player spent on this turn."""
        if self.running is not None:
            self.ended = (self.running, self.remaining(self.running))
        self.running = self.since = None

    def cut(self, moves: int) -> None:
        """Moves taken back: the clocks are as they were after the first
        ``moves`` moves (call :meth:`start` next)."""
        del self.laps[moves:]
        self.ended = None

    def catch_up(self) -> None:
        """A match reloaded by the process that keeps it (a server's restart):
        the running clock counts from when it had started, as recorded."""
        if self.running is not None and self.since is not None and self.recorded_since is not None:
            self.since = min(self.since, self.recorded_since)
        self.recorded_since = None

    def checkpoint(self) -> ClockCheckpoint:
        return tuple(self.laps), self.flagged, self.running, self.since, self.ended

    def restore(self, checkpoint: ClockCheckpoint) -> None:
        laps, self.flagged, self.running, self.since, self.ended = checkpoint
        self.laps = list(laps)
