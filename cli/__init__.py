"""The ``boardgames`` command line (click)."""

from .app import cli, main

__all__ = ["cli", "main"]
