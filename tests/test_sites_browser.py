"""Boards as graphs of sites on the page (issue 41), in a real headless
Chromium against a real ``boardgames serve`` that loads examples/dots_and_boxes
and examples/nine_mens_morris through an entry point, as any installed plugin:
a whole Dots and boxes game played by clicking the lines where they are drawn,
and morris men placed by clicking its points, none where there is no point."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import ROOT, needs_chromium

pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")

from test_web_browser import click_any, history, start_game, status, wait  # noqa: E402

GAMES = ("dots_and_boxes", "nine_mens_morris")


def installed(folder: Path) -> str:
    """The examples' entry points in ``folder``; the PYTHONPATH a server started now loads them under."""
    info = folder / "boardgames_sites_examples-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: boardgames-sites-examples\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[boardgames]\n" + "".join(f"{name} = boardgames_{name}\n" for name in GAMES)
    )
    return ":".join([str(folder), *(str(ROOT / "examples" / name) for name in GAMES)])


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from server import Server

    folder = tmp_path_factory.mktemp("sites-plugin")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", installed(folder / "site"))
        running = Server(folder / "served")
    yield f"http://127.0.0.1:{running.port}/"
    running.stop()
    assert "Traceback" not in running.stderr()


@needs_chromium
def test_a_whole_dots_and_boxes_game_by_clicking_its_lines(server, browsers):
    driver = browsers()
    start_game(driver, server, "dots_and_boxes")
    rng, clicked = random.Random(2), []
    for _ in range(12):
        wait(driver, lambda d: "(you)" in status(d) or "wins" in status(d) or "draw" in status(d))
        if "(you)" not in status(driver):
            break
        before = len(history(driver))
        clicked.append(click_any(driver, rng))
        wait(driver, lambda d, n=before: len(history(d)) > n)
    assert clicked and all(len(name) == 4 for name in clicked)  # each a line, named by its two dots
    wait(driver, lambda d: "wins" in status(d) or "draw" in status(d))
    moves = history(driver)
    assert len(moves) == 12 and all(any(name in move for move in moves) for name in clicked)
    drawn = driver.execute_script("return document.querySelectorAll('#board line.edge-site.drawn').length")
    assert drawn == 12


@needs_chromium
def test_morris_points_are_clicked_and_no_other(server, browsers):
    driver = browsers()
    start_game(driver, server, "nine_mens_morris")
    wait(driver, lambda d: "(you)" in status(d))
    targets = driver.execute_script(
        "return [...document.querySelectorAll('#board .square')].map(e => e.dataset.square)"
    )
    assert len(targets) == 24 and "b5" not in targets and "d4" not in targets
    links = driver.execute_script("return document.querySelectorAll('#board line.link').length")
    assert links == 32
    before = len(history(driver))
    click_any(driver, random.Random(1))
    wait(driver, lambda d: len(history(d)) > before)
