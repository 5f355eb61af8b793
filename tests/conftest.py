"""Shared fixtures: run the CLI in-process as a user would, and build Donuts boards."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import attrs
import pytest

from boardgames.cli import main

pytest_plugins = ["pytester"]


@attrs.frozen
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path):
    """``cli("show", "donuts", input="...")`` → Run(code, out, err) through the real entry point,
    in a fresh current folder (games stopped at the prompt are saved there)."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str, input: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(input))
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run
