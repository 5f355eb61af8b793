"""Colour contrast as WCAG 2 measures it, for drawing a declared colour
legibly on the board whatever the game chose (a pale piece on a pale board
gets a dark outline)."""

from __future__ import annotations


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (0 black, 1 white)."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours, 1 to 21 (3 is WCAG's least for graphics)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def is_colour(text: str) -> bool:
    """Whether ``text`` is a ``#rrggbb`` colour (a game may name a colour CSS's way)."""
    return len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in text[1:])
