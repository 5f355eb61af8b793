"""Choices inside a move that are not squares: a promotion's piece (later a
drop from the hand, a quadrant and a way to turn it).

A game declares them once, as :class:`Choices` (``Game.move_choices``): the
question asked, each choice's name and how the notation writes it. A move
carries its choice as an index into them (:attr:`Move.choice`, made with
:func:`~boardgames.rules.moves.with_choice`); the notation writes it after
``=`` (``e7-e8=N``), the terminal and the page ask it by name, and the
action encoding gives each choice one action of its own after the squares'.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..errors import NotationError, quoted
from .moves import Move


@attrs.frozen
class Choices:
    """The choices a move may carry: ``question`` (``"Promote to?"``), each
    one's ``names`` (``queen``) and how the notation ``written`` writes it
    (``Q``; the name itself where left out)."""

    question: str
    names: tuple[str, ...]
    written: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not self.written:
            object.__setattr__(self, "written", self.names)
        if len(self.written) != len(self.names) or not self.names:
            raise ValueError(f"choices {self.names!r} are each written once, got {self.written!r}")

    def write(self, choice: int) -> str:
        """``=N``: how a move's choice is added to its text ("" for none)."""
        return "" if choice < 0 else "=" + self.written[choice]

    def index(self, text: str) -> int:
        """The choice ``text`` names, by its written form or its name, in any case."""
        clean = text.strip().lower()
        for k, (name, written) in enumerate(zip(self.names, self.written, strict=True)):
            if clean in (name.lower(), written.lower()):
                return k
        listed = ", ".join(f"{w} ({n})" for n, w in zip(self.names, self.written, strict=True))
        raise NotationError(f"{quoted(text)} is no choice here (one of {listed})")

    def read(self, text: str) -> tuple[str, int]:
        """``text`` split at its ``=``: the move's squares and its choice (-1 for none)."""
        head, eq, tail = text.partition("=")
        return (head, self.index(tail)) if eq else (text, -1)

    def of(self, moves: tuple[Move, ...], partial: Move) -> tuple[int, ...]:
        """The choices that finish ``partial`` (its squares all chosen) among legal ``moves``."""
        head = (partial[0], partial[1], partial[2])
        return tuple(sorted({m.choice for m in moves if len(m) > 3 and m[:3] == head}))

    def question_of(self, choices: tuple[int, ...]) -> str:
        """``Promote to? queen, rook, bishop, knight``: the question, with the choices open."""
        return f"{self.question} {', '.join(self.names[k] for k in choices)}"


def open_choices(state: Any, partial: Move) -> dict[str, Any]:
    """The choices left once ``partial``'s squares are all chosen, for the
    page (``GET .../parts``): ``{"question": "Promote to?", "choices":
    ["queen", ...]}``, each a button named by the choice; ``{}`` where no
    choice is left to make."""
    named = state.game.move_choices
    if named is None or partial.to < 0 or state.outcome is not None:
        return {}
    open_ = named.of(state.legal_moves, partial)
    return {"question": named.question, "choices": [named.names[k] for k in open_]} if open_ else {}
