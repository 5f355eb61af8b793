"""Renderers of a position's picture (a BoardView): Unicode text, SVG, and
the words that say it."""
