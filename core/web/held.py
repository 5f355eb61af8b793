"""A match as the server holds it in memory (:class:`HeldMatch`): the match,
its seats' tokens, its lock, the takeback asked, and what its event streams
watch. :class:`~.service.Matches` keeps one per match while anything uses it."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from ..errors import BoardgamesError
from ..play.clock import ClockReading
from ..play.match import Match
from ..rules.chance import HIDDEN
from ..rules.game import State
from ..rules.moves import Move, parse_move
from .refusals import Conflict, Forbidden


@attrs.frozen
class Takeback:
    """A request to take back moves: who asked, how many moves had been
    played then, and its own ``id`` (random), which an answer names: a later
    request at the same ply is another request."""

    by: str
    ply: int
    id: str = attrs.field(factory=lambda: secrets.token_urlsafe(9))
    #: The other people who accepted so far (with more than two, every one must).
    agreed: tuple[str, ...] = ()


@attrs.frozen
class Offer:
    """A draw or a rematch offered by one seat, until the other answers: who
    offered it, at which ply, and its own ``id`` (random), which an answer names."""

    by: str
    ply: int
    id: str = attrs.field(factory=lambda: secrets.token_urlsafe(9))
    #: The other people who accepted so far (with more than two, every one must).
    agreed: tuple[str, ...] = ()


#: A takeback or an offer: what the others accept, one by one.
AskedT = TypeVar("AskedT", Takeback, Offer)

#: The quick messages a seat may send, and how many of the last are shown.
QUICK_MESSAGES, MESSAGES_SHOWN = ("hello", "good game", "well played", "thanks", "oops"), 20


def squares_of(state: State, move: Move) -> str:
    """``move`` as the page clicks it, whatever the game's notation: its
    squares (sites) by name, ``origin-toxmarkxmark`` (``to`` alone for a
    placement, ``pass`` for a pass)."""
    if move.to < 0:
        return "pass"
    names = state.game.grid.names
    text = (names[move.origin] + "-" if move.origin >= 0 else "") + names[move.to]
    return text + "".join("x" + names[mark] for mark in move.marks)


def clicked_text(state: State, text: object) -> object:
    """What the page sent, ``text``, in the game's notation: the page clicks
    a picture of dice and cards by its ids (the grid's names, ``a1-b2``:
    :func:`squares_of`), which a game whose grid is no board neither writes
    nor reads (its sites have names of its own, ``Game.site_name``); text
    the game reads, and any other, as it is."""
    game = state.game
    if game.board_drawn or not isinstance(text, str) or not text.strip():
        return text
    try:
        game.parse_move(text)
        return text
    except BoardgamesError:
        pass
    try:
        return game.format_move(parse_move(game.grid, text))
    except BoardgamesError:
        return text


def asking(state: State, moves: tuple[Move, ...]) -> dict[str, Any]:
    """What a seat asked now is told of its choice, in ``state`` (as it sees
    it, at its turn): ``move_squares``, each of its moves in the game's
    notation with its squares (the page builds a move by clicks on squares and
    plays the game's text, a game writing its moves its own way included:
    ``putback:#3`` is ``p3-v4``), and the ``question`` asked, in the game's
    words (as ``play``'s help says it): for a game whose grid is no board
    (``Game.board_drawn`` False), where the squares say nothing by themselves."""
    game = state.game
    if game.board_drawn:  # a board's moves are its squares already (a game in parts lists none)
        return {}
    told: dict[str, Any] = {"move_squares": {state.format_move(m): squares_of(state, m) for m in moves}}
    if game.explains_illegal and not state.is_chance and state.outcome is None:
        told["question"] = " ".join(game.why_illegal(state, HIDDEN).split())
    return told


def progress_of(state: State) -> str:
    """:meth:`Game.progress` of ``state`` (as its viewer sees it) while the
    game goes on, as ``play`` shows it under whose turn it is; "" once over."""
    return "" if state.is_over else state.game.progress(state)


class HeldMatch:
    """A match as the server holds it in memory: the match, its seats' tokens, who
    created it, a lock, and what the event streams watch. ``users`` counts
    the requests and streams holding it: it stays the one copy while used."""

    def __init__(
        self, match_id: str, match: Match, tokens: dict[str, str], client: str = "", about: dict[str, Any] | None = None
    ) -> None:
        self.id = match_id
        self.match = match
        self.tokens = tokens
        self.client = client
        #: Kept in the store besides the record: ``casual`` (hints allowed between
        #: people, agreed at creation), ``names`` (the seats' names, by player),
        #: ``rematch`` (``{"id": NEW_MATCH, "players": {OLD_PLAYER: NEW_PLAYER}}``).
        self.about: dict[str, Any] = {"casual": False, "names": {}, "rematch": None, **(about or {})}
        #: The draw and rematch offered, until answered (in memory only).
        self.draw_offer: Offer | None = None
        self.rematch_offer: Offer | None = None
        #: The last quick messages, each ``{"n", "player", "name", "text"}``.
        self.messages: list[dict[str, Any]] = []
        self.said = 0
        #: How many event streams each seat has open (its token given).
        self.streams: dict[str, int] = {}
        self.streams_lock = threading.Lock()  # not the match's: the event loop counts them
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
        #: Each viewer's description (a player's name, or None: a spectator), and the clocks' reading.
        self._known_movers: tuple[tuple[Move, ...], list[str]] = ((), [])
        #: The position now as each viewer sees it, made once a change (a game with
        #: hidden information replays its history for each): the pictures take them.
        self._seen_states: tuple[State | None, dict[str | None, State]] = (None, {})
        self.snapshot: tuple[dict[str | None, dict[str, Any]], ClockReading | None] = (self._views(), self._clock())

    @property
    def idle(self) -> bool:
        """Whether nothing uses it: only then may it leave the cache (a
        running clock's alarm holds it, or it would flag a copy)."""
        clock = self.match.clock
        running = clock is not None and clock.running is not None
        offers = self.draw_offer is not None or self.rematch_offer is not None
        return self.users == 0 and not self.thinking and self.takeback is None and not offers and not running

    def changed(self) -> None:
        """Under the lock, after any change: a new version, and the description
        of it, made once here rather than at every request and event; then
        the watchers (the open event streams) are told."""
        self.version += 1
        self.snapshot = (self._views(), self._clock())
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

    def describe(self, viewer: str | None = None) -> dict[str, Any]:
        """What ``GET /api/matches/{id}`` answers to ``viewer`` (a seat's
        player, or None: a spectator): ``state`` is the ``show --json`` object
        of the position as that viewer sees it (:meth:`Match.view_for`). Read
        without the lock (one attribute), so that the server's event loop
        never waits for a move being saved; the clocks are read at the moment
        of the answer."""
        views, clock = self.snapshot
        described = views.get(viewer, views[None])
        return described if clock is None else {**described, "clock": clock.to_json()}

    def _views(self) -> dict[str | None, dict[str, Any]]:
        """Each viewer's description: one for all where nobody sees more than
        another (a game without hidden information, one asking a player at a
        time, or over), else one for the spectators and one for each player."""
        match = self.match
        common = self._describe()
        state = match.state
        if match.is_over or (not match.game.hidden_information and len(state.asked) < 2):
            if not match.is_over and not state.is_chance:  # the mover's moves are no secret here
                common.update(asking(state, state.legal_moves))
            return {None: common}
        return {viewer: self._seen(common, viewer) for viewer in (None, *match.game.player_names)}

    def seen_now(self, viewer: str | None) -> State:
        """The position now as ``viewer`` sees it (:meth:`Match.view_for`),
        kept from the last change while the position is the same one."""
        state = self.match.state
        kept, views = self._seen_states
        if kept is not state:
            kept, views = state, {}
            self._seen_states = (kept, views)
        if viewer not in views:
            views[viewer] = self.match.view_for(viewer)
        return views[viewer]

    def _seen(self, common: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        """``common`` as ``viewer`` sees it: the position of its view, and the
        moves it may choose if it is asked at once with the player to move."""
        match = self.match
        view = self.seen_now(viewer)
        described = {**common, "state": view.to_json(), "progress": progress_of(view)}
        described["in_hand"] = dict(zip(match.game.player_names, view.in_hand(), strict=False))
        held = match.held.get(viewer) if viewer is not None else None
        if held is not None:  # this seat's own choice, sent ahead of its turn: shown to it alone
            described["your_choice"] = view.format_move(held)
        if viewer is not None and viewer in match.asked and viewer != match.to_move:
            index = match.game.player_names.index(viewer)
            then = attrs.evolve(view, turn=index)  # the position as it will be at its turn, to this player
            described["choices"] = [then.format_move(m) for m in match.state.moves_for(index)]
            described.update(asking(then, match.state.moves_for(index)))
        elif viewer is not None and viewer == match.to_move:
            described.update(asking(view, view.legal_moves))
        return described

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
            # The players whose choice is due and not yet sent (several where
            # the game asks them at once), and those who chose already (never what).
            "asked": list(match.asked),
            # Who made each move of the history ("chance" for a roll): the turns are public, what was chosen may not be.
            "movers": self._movers(),
            "chosen": list(match.held),
            "result": match.result_text() if match.is_over else None,
            # Where the game stands in its own words (a solo game's level and turns left), "" where it says none.
            "progress": progress_of(match.state),
            "winner": match.winner,
            "places": match.places or None,
            "forfeit": None if match.forfeit is None else match.forfeit.to_json(),
            "in_hand": dict(zip(match.game.player_names, match.state.in_hand(), strict=False)),
            "thinking": self.thinking,
            "waiting": self.waiting,
            "takeback": None if self.takeback is None else attrs.asdict(self.takeback),
            "clock": None,  # the clocks' reading, made at each answer (describe)
            "casual": bool(self.about["casual"]),
            "hints": self.hints_allowed,
            "names": dict(self.about["names"]),
            "draw_offer": None if self.draw_offer is None else attrs.asdict(self.draw_offer),
            "rematch_offer": None if self.rematch_offer is None else attrs.asdict(self.rematch_offer),
            "rematch": None if self.about["rematch"] is None else self.about["rematch"]["id"],
            "messages": list(self.messages),
            "present": self._present(),
        }

    def _movers(self) -> list[str]:
        """Who made each move so far, kept from one change to the next (a move
        played adds one; a takeback keeps those before it)."""
        history = self.match.state.history
        known, movers = self._known_movers
        same = len(known) if history[: len(known)] == known else 0  # a tuple compares its items by identity first
        while same < min(len(known), len(history)) and known[same] == history[same]:  # a takeback: the moves kept
            same += 1
        positions = self.match.positions
        offset = len(history) - (len(positions) - 1)  # moves before the first position kept (a position set up)
        movers = movers[:same] + [
            str(positions[k - offset].to_move) if k >= offset else "?" for k in range(same, len(history))
        ]
        self._known_movers = (history, movers)
        return list(movers)

    def _present(self) -> dict[str, bool]:
        with self.streams_lock:
            return {player: self.streams.get(player, 0) > 0 for player in self.tokens}

    def agreed_by_all(self, asked: AskedT, player: str) -> AskedT | None:
        """``asked`` once ``player`` accepts it too, or None if every person
        but the one who asked has now accepted (it is done)."""
        agreed = tuple(sorted({*asked.agreed, player}))
        others = {p for p, seat in self.match.seats.items() if seat.is_human and p != asked.by}
        return None if others <= set(agreed) else attrs.evolve(asked, agreed=agreed)

    def answer(self, held: str, player: str, accept: bool, answered: str, gone: str, own: str) -> bool | None:
        """Under the lock: ``player``'s answer to what the attribute ``held``
        holds (a draw offer, a rematch or a takeback asked), named by its id
        ``answered``: True once every other person has accepted it (the
        caller carries it out), None while more must still agree, False if
        declined (it is dropped). 409 (``gone``) if it is no longer asked,
        403 from the one who asked it (``own``: what they did)."""
        asked = getattr(self, held)
        if asked is None or asked.id != answered:
            raise Conflict(gone)
        if asked.by == player:
            raise Forbidden(f"{player} {own}; the others answer")
        waiting = self.agreed_by_all(asked, player) if accept else None
        if waiting is not None or not accept:  # more people to agree, or declined: it stays (agreed) or goes
            setattr(self, held, waiting)
            self.changed()
            return None if waiting is not None else False
        return True

    @property
    def people(self) -> int:
        return sum(1 for seat in self.match.seats.values() if seat.is_human)

    @property
    def hints_allowed(self) -> bool:
        """Hints for a seat: against the computer, or between people who agreed (a casual game)."""
        return self.people < 2 or bool(self.about["casual"])
