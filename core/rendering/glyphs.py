"""Pieces drawn by a glyph the renderers know, not a lettered disc (issue 41).

A piece kind whose ``shape`` names a piece of the chess set (``king``,
``queen``, ``rook``, ``bishop``, ``knight``, ``pawn``) is drawn as that piece:
in text by its Unicode chess glyph, outlined (♔) for a light side and solid
(♚) for a dark one; in SVG by the solid glyph in its player's colour,
outlined in the colour that stands out from it, with no letter on it.
"""

from __future__ import annotations

from .faces import svg_face

#: Each piece of the chess set: its outlined glyph, then its solid one.
CHESS_SET = {
    "king": ("♔", "♚"),
    "queen": ("♕", "♛"),
    "rook": ("♖", "♜"),
    "bishop": ("♗", "♝"),
    "knight": ("♘", "♞"),
    "pawn": ("♙", "♟"),
}


def glyph_of(shape: str, light: bool) -> str | None:
    """The glyph of ``shape`` (outlined for a ``light`` side), or None if it names no glyph."""
    pair = CHESS_SET.get(shape)
    return None if pair is None else pair[0 if light else 1]


def svg_glyph(shape: str, cx: float, cy: float, colour: str, css: str, name: str, light: bool) -> list[str]:
    """The SVG of a piece drawn by its glyph (the solid one, in ``colour``,
    outlined dark on a light piece and light on a dark one): one ``<text>``."""
    solid = CHESS_SET[shape][1]
    edge = "#222222" if light else "#f5f5f5"
    return [
        f'<text class="{css} glyph" data-square="{name}" x="{cx:.1f}" y="{cy + 12:.1f}" text-anchor="middle" '
        f'font-size="40" fill="{colour}" stroke="{edge}" stroke-width="1.4" paint-order="stroke">{solid}</text>'
    ]


def svg_pentagon(
    cx: float, cy: float, letter: str, up: bool, css: str, name: str, scale: float = 1.0, face: str = ""
) -> list[str]:
    """A shogi piece (``shape="pentagon"``): a wooden pentagon pointing at the opponent (``up`` for the
    first player, whose pieces go up the board; the others' turned round, letter and all), its
    ``letter`` on it, a promoted one's (``+B``) in red, as the reverse of a real piece is written;
    its kind's ``face`` (角, 馬) instead of the letter where it declares one."""
    w, h = 22 * scale, 26 * scale
    points = ((0, -h), (w * 0.8, -h * 0.55), (w, h), (-w, h), (-w * 0.8, -h * 0.55))
    path = " ".join(f"{cx + x:.1f},{cy + y * 0.92:.1f}" for x, y in points)
    turn = "" if up else f' transform="rotate(180 {cx:.1f} {cy:.1f})"'
    ink = "#c0282d" if letter.startswith("+") else "#222222"
    written = (
        svg_face(face, cx, cy + 4 * scale, ink, scale)
        if face
        else f'<text x="{cx:.1f}" y="{cy + 9 * scale:.1f}" text-anchor="middle" font-size="{22 * scale:.0f}" '
        f'font-weight="bold" fill="{ink}">{letter}</text>'
    )
    return [
        f'<g class="{css} pentagon" data-square="{name}"{turn}>'
        f'<polygon points="{path}" fill="#f0d49b" stroke="#5a3d1e" stroke-width="{1.5 * scale:.1f}"/>'
        f"{written}</g>"
    ]
