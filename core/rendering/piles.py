"""Stacks drawn on the SVG (:mod:`boardgames.rules.stacks`): each top piece of
a pile carries its height in a small disc at its upper right, in the colour
of the piece under it, so that the picture shows both how high the pile is
and whose piece the top one covers."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..rules.colours import luminance
from ..rules.stacks import height_sign, stack_words


def heights_svg(view: Any, centre: Any, cell: float) -> list[str]:
    """A ``<g class="height">`` for each stacked site: a disc in the colour of
    the piece under the top one, ringed dark, with the height on it in ink that reads there."""
    out = []
    for sq, pile in view.stacks:
        cx, cy = centre(sq)
        x, y = cx + cell * 0.3, cy - cell * 0.3
        under = view.colour_of(pile[-2][0])
        ink = "#2b1d10" if luminance(under) > 0.5 else "#ffffff"  # the height reads on either side's colour
        out.append(
            f'<g class="height" data-site={quoteattr(view.site_name(sq))} data-height="{len(pile)}">'
            f"<title>{escape(stack_words(view, pile))}</title>"
            f'<circle cx="{x:g}" cy="{y:g}" r="{cell * 0.17:g}" fill={quoteattr(under)}'
            ' stroke="#2b1d10" stroke-width="1.5"/>'
            f'<text x="{x:g}" y="{y:g}" text-anchor="middle" dominant-baseline="central" font-size="{cell * 0.22:g}"'
            f' font-weight="bold" fill="{ink}">'
            f"{height_sign(len(pile))}</text></g>"
        )
    return out
