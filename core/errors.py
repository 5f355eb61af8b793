"""The exceptions of boardgames, in the manner of python-chess.

Everything the library raises on purpose derives from :class:`BoardgamesError`;
the CLI turns these into one line on stderr and a non-zero exit.
"""

from __future__ import annotations


def quoted(value: object, width: int = 60) -> str:
    """``repr(value)`` for a message, cut to about ``width`` characters, so that
    hostile input (a 100,000-character move) still gives one readable line."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


class BoardgamesError(Exception):
    """Base class of every error boardgames raises on purpose."""


class WrongTypeError(BoardgamesError, TypeError):
    """A public function was given a value of the wrong type (``State.play(None)``)."""


class UnknownGameError(BoardgamesError, LookupError):
    """No loaded plugin registered a game of that name."""


class InvalidOptionError(BoardgamesError, ValueError):
    """A game option is unknown or its value is not acceptable."""


class InvalidMoveError(BoardgamesError, ValueError):
    """A move's text is malformed: it does not parse in the game's notation."""


class NotationError(InvalidMoveError):
    """A move's text is no move in the notation at all (not even a square)."""


class IllegalMoveError(BoardgamesError, ValueError):
    """A move parses but may not be played in the position."""


class AmbiguousMoveError(IllegalMoveError):
    """A move leaves out a choice the rules need (for example which piece flips).

    ``choices`` holds the legal moves it could mean, so that an interface can ask.
    """

    def __init__(self, message: str, choices: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.choices = choices


class IncompleteMoveError(AmbiguousMoveError):
    """A move's text names only its first parts (the piece, or the piece and
    where it goes, where an arrow must still be shot). ``partial`` is the
    move being made (see :mod:`boardgames.rules.parts`), so that an interface can
    ask for the rest part by part."""

    def __init__(self, message: str, partial: object) -> None:
        super().__init__(message)
        self.partial = partial


class InvalidAgentSpecError(BoardgamesError, ValueError):
    """An agent spec names no agent, or a parameter it does not take."""


class RecordError(BoardgamesError, ValueError):
    """A saved game or JSON state is broken, of an unknown version, or inconsistent."""


class SaveError(BoardgamesError):
    """A file could not be written: nothing was replaced, and the reason is given."""


class MatchError(BoardgamesError):
    """A match was asked for something its seats do not allow (not that seat's turn)."""


class AgentFailure(BoardgamesError):
    """An agent could not give a move (an outside engine crashed, hung past
    its budget or answered an illegal move): its side loses the game."""


class PluginError(BoardgamesError):
    """A plugin failed to import, to register, or registered something invalid."""
