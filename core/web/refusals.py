"""The server's refusals that are no one's fault but the request's moment or
rights, each answered with its own HTTP status by :mod:`.app`."""

from __future__ import annotations

from ..errors import BoardgamesError


class NotFound(BoardgamesError):
    """No match has this id (404)."""


class Forbidden(BoardgamesError):
    """A missing or wrong seat token, or not that seat's turn (403)."""


class Conflict(BoardgamesError):
    """Not now, in this match's state: a finished game, no takeback asked (409)."""


class Full(BoardgamesError):
    """The server keeps as many matches as it may (503)."""
