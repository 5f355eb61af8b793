"""Shared fixtures: run the CLI in-process as a user would, and build Donuts boards."""

from __future__ import annotations

import io
import json
import os
import sys
from typing import Any

import attrs
import pytest

from boardgames.cli import main

pytest_plugins = ["pytester"]


# Under CI every optional extra and Chromium are installed (.ci/run): a test
# that skips there (a missing import, a missing browser) fails instead, with
# its reason, so that a green run never hides an untested extra.
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    _no_skip_under_ci(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    outcome = yield
    _no_skip_under_ci(outcome.get_result())


def _no_skip_under_ci(report: Any) -> None:
    if os.environ.get("CI") and report.skipped:
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where nothing may be: {reason}"


@attrs.frozen
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real ``boardgames serve`` (tests/server.py) for a module's tests, with
    the limits meant for tests (its creations, hints, reviews and tried moves
    not rate-limited); a module may define its own."""
    pytest.importorskip("uvicorn", reason="the extra 'web' (pip install -e '.[web]') is not installed")
    from server import Server

    running = Server(tmp_path_factory.mktemp("served"))
    yield running
    running.stop()


@pytest.fixture
def browsers(tmp_path):
    """A function that opens a headless Chromium (each with its own profile,
    tests/helpers.headless_chromium); all quit after the test."""
    from helpers import headless_chromium

    opened = []

    def open_one():
        driver = headless_chromium(tmp_path / f"profile-{len(opened)}")
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path):
    """``cli("show", "donuts", input="...")`` → Run(code, out, err) through the real entry point,
    in a fresh current folder (games stopped at the prompt are saved there)."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str, input: str | io.TextIOBase = "") -> Run:  # text, or a file-like stdin
        monkeypatch.setattr(sys, "stdin", io.StringIO(input) if isinstance(input, str) else input)
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run
