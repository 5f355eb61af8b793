"""What is on a square, in words: the accessible name the SVG gives each
square (``c3, chocolate donut``), built from the game's declarations only."""

from __future__ import annotations

from ..rules.view import BoardView


def mark_words(view: BoardView, name: str) -> str:
    """A mark in words: its declared name, or its glyph's words where the name
    is a character (Donuts' ``|`` is a "vertical line")."""
    kind = view.mark_kind(name)
    if kind is None or any(c.isalpha() for c in name):
        return name
    head, _, tail = kind.glyph.partition("-")
    return f"{tail} {head}" if tail else head


def squares_words(view: BoardView) -> dict[int, str]:
    """Each square of the board in words: ``c3, chocolate donut``; ``d4,
    empty``; then what else the board shows there: its mark, overlays, the
    last move, what it changed, the winning line. The view is read once for
    all squares (a page's board names every one, at every move)."""
    owners, neutral = dict(view.owners), dict(view.neutral)
    extra: dict[int, list[str]] = {}
    for sq, name in view.marks:
        extra.setdefault(sq, []).append(mark_words(view, name))
    for sq, i in view.overlays:
        if i < len(view.overlay_kinds):
            extra.setdefault(sq, []).append(view.overlay_kinds[i].name)
    for squares, words in (
        (view.last, "last move"),
        (view.changed, view.words.changed),
        (view.winning, "winning line"),
    ):
        for sq in set(squares):
            extra.setdefault(sq, []).append(words)
    grid, out = view.grid, {}
    for square in range(grid.size):
        if not grid.on_board[square]:
            continue
        if square in owners:
            who = owners[square]
            player = view.players[who] if who < len(view.players) else f"player {who + 1}"
            what = f"{player} {view.piece_kind(square).name}"
        elif square in neutral and neutral[square] < len(view.neutral_kinds):
            what = view.neutral_kinds[neutral[square]].name
        else:
            what = "empty"
        out[square] = ", ".join([grid.name(square), what, *extra.get(square, ())])
    return out


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
