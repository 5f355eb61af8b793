"""What the people at a match say to each other besides their moves: a draw
offered and answered, a rematch asked and answered (a new match, colours
swapped, each seat fetching its own new token with its old one), the seats'
names, quick messages from a fixed list, and who is here (a seat is present
while an event stream opened with its ticket is open)."""

from __future__ import annotations

import secrets
import threading
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from ..errors import BoardgamesError, WrongTypeError
from ..play.match import Match
from ..plugins.registry import game_class
from .held import MESSAGES_SHOWN, QUICK_MESSAGES, HeldMatch, Offer
from .refusals import Conflict, Forbidden

if TYPE_CHECKING:
    from collections.abc import Callable

    from .store import MatchStore

#: A seat's name: at most this many characters, letters, digits, spaces and ``-_.'``.
NAME_LENGTH = 24
NAME_PUNCTUATION = "-_.' "
#: How long a stream ticket may wait for its stream (seconds).
TICKET_SECONDS = 60.0


def check_name(name: object) -> str:
    """A seat's name as given, trimmed; a one-line refusal for anything else."""
    if not isinstance(name, str):
        raise WrongTypeError(f"a seat's name is a text, got {str(name)[:40]!r}")
    name = name.strip(" ")
    allowed = all(
        c in NAME_PUNCTUATION or unicodedata.category(c)[0] in "LN" for c in name
    )  # letters and digits of any script, no controls, no markup
    if not 1 <= len(name) <= NAME_LENGTH or not allowed:
        raise BoardgamesError(
            f"a seat's name is 1 to {NAME_LENGTH} letters, digits, spaces or {NAME_PUNCTUATION.strip()},"
            f" got {name[:40]!r}"
        )
    return name


def check_names(names: object, people: list[str]) -> dict[str, str]:
    """``{"PLAYER": "NAME"}`` for people's seats only."""
    if names is None:
        return {}
    if not isinstance(names, dict):
        raise WrongTypeError(f"'names' is an object of seats' names by player, got {str(names)[:40]!r}")
    for player in names:
        if player not in people:
            raise BoardgamesError(f"'names' names people's seats only ({', '.join(people) or 'none here'})")
    return {player: check_name(name) for player, name in names.items()}


class Social:
    """:class:`~.service.Matches`' draws, rematches, names, messages and presence."""

    if TYPE_CHECKING:  # what it uses of the matches it is part of
        store: MatchStore
        _tickets: dict[str, tuple[str, str, float]]
        _tickets_lock: threading.Lock

        def _seat_in_play(self, live: HeldMatch, token: str | None, to_move: bool = False) -> str: ...
        def seat_of(self, live: HeldMatch, token: str | None) -> str: ...
        def _commit(self, live: HeldMatch, change: Callable[[], Any]) -> Any: ...
        def _flag_if_late(self, live: HeldMatch) -> bool: ...
        def _may_create(self, client: str) -> None: ...
        def _start(self, match: Match, client: str, about: dict[str, Any]) -> tuple[HeldMatch, dict[str, str]]: ...
        def acquire(self, match_id: str) -> HeldMatch: ...
        def release(self, live: HeldMatch) -> None: ...

    # -- a draw by agreement ----------------------------------------------------------
    def offer_draw(self, live: HeldMatch, token: str | None) -> None:
        """Offer a draw: in a game between people going on (any game may end
        drawn by agreement); the other seat answers with :meth:`answer_draw`."""
        with live.lock:
            player = self._seat_in_play(live, token)
            if live.people < 2:
                raise Conflict("a draw is offered to another person: the computer does not answer one")
            offered = live.draw_offer
            if offered is not None and offered.by != player:
                raise Conflict(f"{offered.by} offers a draw already: answer it")
            if offered is None:
                live.draw_offer = Offer(player, len(live.match.state.history))
                live.changed()

    def answer_draw(self, live: HeldMatch, token: str | None, accept: object, offer: object) -> bool:
        """The other seat accepts (the game ends drawn, by agreement, so
        recorded) or declines the draw offer named by its id (409 if it is
        no longer offered)."""
        accept, offer = _answer(accept, offer, "draw offer")
        with live.lock:
            player = self.seat_of(live, token)
            self._flag_if_late(live)
            gone = "no such draw is offered now: it was answered, or a move declined it"
            agreed = live.answer("draw_offer", player, accept, offer, gone, "offered the draw")
            if agreed:
                self._commit(live, live.match.agree_draw)
        return bool(agreed)

    # -- a rematch ----------------------------------------------------------------------
    def ask_rematch(self, live: HeldMatch, token: str | None, client: str = "") -> bool:
        """Ask for a rematch of a finished game; made at once where no other
        person plays (True), else the other person is asked (False)."""
        with live.lock:
            player = self.seat_of(live, token)
            self._flag_if_late(live)
            if not live.match.is_over:
                raise Conflict("the game is not over: a rematch is asked once it ends")
            if live.about["rematch"] is not None:
                raise Conflict("the rematch is made: fetch your seat in it (GET .../rematch)")
            offered = live.rematch_offer
            if live.people >= 2:
                if offered is not None and offered.by != player:
                    raise Conflict(f"{offered.by} asks a rematch already: answer it")
                if offered is None:
                    live.rematch_offer = Offer(player, len(live.match.state.history))
                    live.changed()
                return False
            self._rematch(live, client)
            return True

    def answer_rematch(
        self, live: HeldMatch, token: str | None, accept: object, offer: object, client: str = ""
    ) -> bool:
        accept, offer = _answer(accept, offer, "rematch asked")
        with live.lock:
            player = self.seat_of(live, token)
            gone = "no such rematch is asked now: it was answered"
            agreed = live.answer("rematch_offer", player, accept, offer, gone, "asked the rematch")
            if agreed:
                self._rematch(live, client)
        return bool(agreed)

    def _rematch(self, live: HeldMatch, client: str) -> None:
        """Under the live's lock: the new match, with the same game, options,
        clock and casualness, and each seat moved to the next colour (two
        players: swapped); the old match names it."""
        old = live.match
        order = old.game.turn_order
        moved = {player: order[(k + 1) % len(order)] for k, player in enumerate(order)}
        new_specs = list(old.specs)
        for k, player in enumerate(order):
            new_specs[order.index(moved[player])] = old.specs[k]
        self._may_create(client)
        described = old.game.start().to_json()
        configured = game_class(old.game.name).configure(described["options"], seed=secrets.randbelow(2**31))
        clock = None if old.clock is None else old.clock.settings
        names = {moved[p]: name for p, name in live.about["names"].items()}
        about = {"casual": live.about["casual"], "names": names, "rematch": None}
        new, _ = self._start(Match(configured, new_specs, clock=clock), client, about)
        people = {p: moved[p] for p in live.tokens}

        def made() -> None:
            live.about["rematch"] = {"id": new.id, "players": people}
            live.rematch_offer = None

        self._commit(live, made)

    def rematch_seat(self, live: HeldMatch, token: str | None) -> dict[str, str]:
        """This seat's place in the rematch: the new match, its player there
        and its token (each seat gets its own only, asked with its old token)."""
        with live.lock:
            player = self.seat_of(live, token)
            made = live.about["rematch"]
        if made is None:
            raise Conflict("no rematch is made yet")
        new = self.acquire(made["id"])
        try:
            new_player = made["players"][player]
            return {"id": new.id, "player": new_player, "token": new.tokens[new_player]}
        finally:
            self.release(new)

    # -- names and messages --------------------------------------------------------------
    def name_seat(self, live: HeldMatch, token: str | None, name: object) -> None:
        """This seat's name, shown to all (kept in the store)."""
        name = check_name(name)
        with live.lock:
            player = self.seat_of(live, token)

            def named() -> None:
                live.about["names"] = {**live.about["names"], player: name}

            before = dict(live.about["names"])
            try:
                self._commit(live, named)
            except BaseException:
                live.about["names"] = before
                raise

    def say(self, live: HeldMatch, token: str | None, message: object) -> None:
        """A quick message from this seat, one of QUICK_MESSAGES, pushed to
        every event stream of the match (kept in memory, the last few)."""
        if message not in QUICK_MESSAGES:
            raise BoardgamesError(f"a message is one of {', '.join(map(repr, QUICK_MESSAGES))}")
        with live.lock:
            player = self.seat_of(live, token)
            live.said += 1
            name = live.about["names"].get(player)
            live.messages = [*live.messages, {"n": live.said, "player": player, "name": name, "text": message}]
            live.messages = live.messages[-MESSAGES_SHOWN:]
            live.changed()

    # -- presence --------------------------------------------------------------------------
    def ticket(self, live: HeldMatch, token: str | None) -> str:
        """A one-use ticket for an event stream of this seat (the token stays
        out of the stream's URL): good once, for TICKET_SECONDS."""
        player = self.seat_of(live, token)
        ticket = secrets.token_urlsafe(18)
        now = time.monotonic()
        with self._tickets_lock:
            for old in [t for t, (_, _, until) in self._tickets.items() if until < now]:
                del self._tickets[old]
            self._tickets[ticket] = (live.id, player, now + TICKET_SECONDS)
        return ticket

    def redeem(self, match_id: str, ticket: str) -> str:
        """The player a ticket was given for (it is used up); 403 if none."""
        with self._tickets_lock:
            found = self._tickets.pop(ticket, None)
        if found is None or found[0] != match_id or found[2] < time.monotonic():
            raise Forbidden("no such stream ticket: ask one (POST .../ticket) with the seat's token")
        return found[1]

    def here(self, live: HeldMatch, player: str, present: bool) -> bool:
        """A stream of ``player``'s opened (``present``) or closed, counted at
        once without the match's lock (the event loop calls it); whether the
        seat's presence changed, which :meth:`announce` then tells."""
        with live.streams_lock:
            before = live.streams.get(player, 0)
            live.streams[player] = before + (1 if present else -1)
            return (before == 0) == present

    @staticmethod
    def announce(live: HeldMatch) -> None:
        """A new version of the match with who is present now (in a worker thread)."""
        with live.lock:
            live.changed()


def _answer(accept: object, offer: object, what: str) -> tuple[bool, str]:
    if not isinstance(accept, bool):
        raise WrongTypeError(f"'accept' is true or false, got {str(accept)[:40]!r}")
    if not isinstance(offer, str):
        raise WrongTypeError(f"'id' is the id of the {what} answered (its 'id'), got {str(offer)[:40]!r}")
    return accept, offer
