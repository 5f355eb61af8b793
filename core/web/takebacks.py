"""Takebacks between people: one seat asks, the other answers the request
by its id; against agents alone a takeback is made at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import WrongTypeError
from .held import HeldMatch, Takeback
from .refusals import Conflict

if TYPE_CHECKING:
    from collections.abc import Callable


class Takebacks:
    """:class:`~.service.Matches`' takebacks."""

    if TYPE_CHECKING:  # what it uses of the matches it is part of

        def _seat_in_play(self, live: HeldMatch, token: str | None, to_move: bool = False) -> str: ...
        def seat_of(self, live: HeldMatch, token: str | None) -> str: ...
        def _commit(self, live: HeldMatch, change: Callable[[], Any]) -> Any: ...
        def _flag_if_late(self, live: HeldMatch) -> bool: ...
        def _let_agents_move(self, live: HeldMatch) -> None: ...

    def takeback(self, live: HeldMatch, token: str | None) -> bool:
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

    def answer(self, live: HeldMatch, token: str | None, accept: object, request: object) -> bool:
        """Another person accepts (once every other person has, the moves are
        taken back; True) or declines a takeback (none are); ``request`` is the id of the request answered, so that an
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
            gone = "no such takeback is asked now: it was answered, or a move ended it"
            agreed = live.answer("takeback", player, accept, request, gone, "asked for the takeback")
            if agreed and asked is not None:
                self._commit(live, lambda: live.match.undo(asked.by))
        self._let_agents_move(live)
        return bool(agreed)
