"""The ``boardgames`` command line (click): one module per command, the group in :mod:`.main`."""

from .main import cli, main

__all__ = ["cli", "main"]
