"""What is on a square, in words: the accessible name the SVG gives each
square (``c3, chocolate donut``), built from the game's declarations only."""

from __future__ import annotations

from .view import BoardView


def mark_words(view: BoardView, name: str) -> str:
    """A mark in words: its declared name, or its glyph's words where the name
    is a character (Donuts' ``|`` is a "vertical line")."""
    kind = view.mark_kind(name)
    if kind is None or any(c.isalpha() for c in name):
        return name
    head, _, tail = kind.glyph.partition("-")
    return f"{tail} {head}" if tail else head


def square_words(view: BoardView, square: int) -> str:
    """``c3, chocolate donut``; ``d4, empty``; then what else the board shows
    there: its mark, overlays, the last move, what it changed, the winning line."""
    owners, neutral = dict(view.owners), dict(view.neutral)
    parts = [view.grid.name(square)]
    if square in owners:
        who = owners[square]
        player = view.players[who] if who < len(view.players) else f"player {who + 1}"
        parts.append(f"{player} {view.piece_kind(square).name}")
    elif square in neutral and neutral[square] < len(view.neutral_kinds):
        parts.append(view.neutral_kinds[neutral[square]].name)
    else:
        parts.append("empty")
    parts += [mark_words(view, name) for sq, name in view.marks if sq == square]
    parts += [view.overlay_kinds[i].name for sq, i in view.overlays if sq == square and i < len(view.overlay_kinds)]
    if square in view.last:
        parts.append("last move")
    if square in view.changed:
        parts.append(view.words.changed)
    if square in view.winning:
        parts.append("winning line")
    return ", ".join(parts)


def position_words(view: BoardView) -> str:
    """The whole position in a sentence, for a picture that is not interactive:
    each player's pieces, then the neutral ones, by square."""
    owners = dict(view.owners)
    parts = []
    for who, player in enumerate(view.players):
        squares = [view.grid.name(sq) for sq in sorted(owners) if owners[sq] == who]
        parts.append(f"{player}: {' '.join(squares) if squares else 'none'}")
    for index, kind in enumerate(view.neutral_kinds):
        squares = [view.grid.name(sq) for sq, i in view.neutral if i == index]
        if squares:
            parts.append(f"{kind.name}: {' '.join(squares)}")
    return "; ".join(parts)
