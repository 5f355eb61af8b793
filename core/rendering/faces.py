"""What is written on a piece: a kind's ``face`` (issue 41).

A shogi piece bears its kanji (歩, 角, 龍), a xiangqi piece its character,
and the two sides' characters may differ (帥 and 將). A kind declares them
as ``PieceKind(..., face="歩")`` or one a player (``face=("帥", "將")``);
the SVG writes the face on the piece's shape instead of its letter. A disc
with a face is drawn as the wooden disc it is, ringed and written in its
player's colour (red and black), not a disc of that colour. The text board,
the words and the notation keep the letter: a wide character would break a
text board's columns, and a typed move is typed in letters.

A game may turn a player's pieces half round (``Game.turned_players = (1,)``): their
faces are written upside down, and a pentagon points down the board. Where
it says nothing, a pentagon's owner other than the first is turned (a shogi
set's second player), and other pieces stand upright.
"""

from __future__ import annotations

from html import escape

from ..rules.declarations import PieceKind

#: Fonts that hold the characters of Chinese and Japanese sets, then any serif one.
FONTS = "'Noto Serif CJK JP', 'Noto Sans CJK JP', 'WenQuanYi Micro Hei', 'IPAMincho', serif"
#: The wood of a disc written with a face.
WOOD = "#f0d49b"


def face_of(kind: PieceKind, owner: int | None) -> str:
    """What is written on ``owner``'s piece of ``kind`` (``PieceKind.face_of``)."""
    return kind.face_of(owner)


def is_turned(turned: tuple[int, ...] | None, kind: PieceKind, owner: int) -> bool:
    """Whether ``owner``'s piece of ``kind`` is drawn turned half round: as the game's ``turned`` says,
    else a pentagon of any player but the first."""
    return owner in turned if turned is not None else kind.shape == "pentagon" and owner != 0


def turn_round(parts: list[str], cx: float, cy: float) -> list[str]:
    """``parts`` turned half round about their centre (cx, cy)."""
    return [f'<g transform="rotate(180 {cx:.1f} {cy:.1f})">', *parts, "</g>"]


def svg_face(face: str, cx: float, cy: float, ink: str, scale: float = 1.0) -> str:
    """The characters of a face, centred on (cx, cy): one large, two or more smaller (成銀)."""
    size = (24 if len(face) == 1 else 34 / len(face)) * scale
    return (
        f'<text class="face" x="{cx:.1f}" y="{cy + size * 0.36:.1f}" text-anchor="middle" '
        f'font-size="{size:.1f}" font-family="{FONTS}" font-weight="bold" fill="{escape(ink)}">{escape(face)}</text>'
    )


def svg_faced_disc(face: str, cx: float, cy: float, r: float, colour: str, css: str, name: str) -> list[str]:
    """A disc written with a face: wood, a ring and the characters in the player's ``colour``."""
    return [
        f'<circle class="{css}" data-square="{name}" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{WOOD}" '
        f'stroke="#5a3d1e" stroke-width="1.5"/>',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.8:.1f}" fill="none" stroke="{escape(colour)}" '
        f'stroke-width="1.5"/>',
        svg_face(face, cx, cy, colour),
    ]
