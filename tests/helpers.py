"""Helpers for the tests (importable: pytest puts tests/ on sys.path)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def layout(default: str = "-", **lines: str) -> str:
    """A Donuts board (D2 layout string) with every square ``default`` except those named."""
    return " ".join("".join(lines.get(f"{'abcdef'[f]}{r + 1}", default) for f in range(6)) for r in reversed(range(6)))


# Vanilla to move on rank 6 with a6-d6: e6 makes five (D7).
FIVE_BOARD = layout(a6="|", b6="|", c6="|", d6="|", e6="|", a5="/", b5="/", c5="/", d5="/")
FIVE_MOVES = "a6 a5 b6 b5 c6 c5 d6 d5 e6"  # vanilla first: vanilla wins on rank 6


# A complete third-party game in a few lines: tic-tac-toe on the shared core.
TICTACTOE = """
from boardgames import BitboardState, Game, Grid, Outcome, bits, hookimpl, place, transfer


class TicTacToe(Game[BitboardState]):
    name = "tictactoe"
    title = "Tic-tac-toe"
    summary = "Three in a row on 3x3."
    player_names = ("cross", "nought")

    def setup(self):
        self.grid = Grid.get(3)

    def initial_state(self):
        return BitboardState(game=self)

    def generate_moves(self, state):
        return tuple(place(sq) for sq in bits(self.grid.full & ~state.occupied))

    def apply(self, state, move):
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        outcome = None
        if self.grid.has_line(boards[me], 3):
            outcome = Outcome(me, "three in a row")
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "full board")
        return BitboardState(game=self, history=(*state.history, move), turn=1 - me,
                             outcome=outcome, boards=boards)


@hookimpl
def register_games(register):
    register(TicTacToe)
"""


def make_distribution(root: Path, name: str, modules: dict[str, str], entry_points: dict[str, str]) -> None:
    for module, source in modules.items():
        (root / f"{module}.py").write_text(textwrap.dedent(source))
    info = root / f"{name}-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2.3\n")
    lines = "\n".join(f"{ep} = {target}" for ep, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[boardgames]\n{lines}\n")


def wait_until(driver: Any, condition: Any, seconds: float = 30) -> Any:
    """What ``condition(driver)`` answers once it is true, polled every 50 ms;
    a failure that shows what the page says after ``seconds`` in vain."""
    import pytest
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    # An element found a moment ago may be gone when it is read: the page redraws as the match
    # changes (a loaded CI machine caught the invite link between two drawings). Poll again.
    stale = (StaleElementReferenceException,)
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=stale).until(condition)
    except TimeoutException:
        text = driver.execute_script("return document.querySelector('main').innerText")
        pytest.fail(f"waited {seconds} s in vain; the page says:\n{text}")


def needs_chromium(test: Any) -> Any:
    """Skip ``test`` where Debian's chromium and chromium-driver are missing,
    unless BOARDGAMES_REQUIRE_BROWSER (CI) asks for them (the test then fails
    in :func:`headless_chromium`, saying why)."""
    import shutil

    import pytest

    found = (shutil.which("chromium") or shutil.which("chromium-browser")) and shutil.which("chromedriver")
    return pytest.mark.skipif(
        not found and not os.environ.get("BOARDGAMES_REQUIRE_BROWSER"),
        reason="browser tests need Debian's chromium and chromium-driver",
    )(test)


def headless_chromium(profile: Path) -> Any:
    """A Selenium driver of Debian's headless Chromium, its profile in
    ``profile``; a skip saying why without them (a failure where
    BOARDGAMES_REQUIRE_BROWSER is set, as under CI). The caller quits it."""
    import shutil

    import pytest

    binary, driver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if not (binary and driver):
        reason = "browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
        if os.environ.get("BOARDGAMES_REQUIRE_BROWSER"):
            pytest.fail(reason + "; BOARDGAMES_REQUIRE_BROWSER is set", pytrace=False)
        pytest.skip(reason)
    webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is in the extra 'test'")
    os.environ["SE_OFFLINE"] = "true"  # Selenium never downloads a browser or a driver
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1100,900",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver))


def screenshot(driver: Any, name: str, fallback: Path) -> None:
    """A picture of the page as ``name`` in the folder BOARDGAMES_SCREENSHOTS
    names (``docs/img`` refreshes the docs' pictures), else in ``fallback``."""
    folder = Path(os.environ.get("BOARDGAMES_SCREENSHOTS") or fallback)
    folder.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(folder / name))


def need_pyspiel() -> types.ModuleType:
    """pyspiel, or a skip saying why; under CI (the test extra installs it) never a skip."""
    import pytest

    try:
        import pyspiel
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("the extra 'openspiel' (pip install -e '.[openspiel]') is missing")
    return pyspiel


def load_example(name: str) -> types.ModuleType:
    """The example game package ``examples/NAME`` as a module, not installed:
    register it with ``boardgames.testing.kit.plugin(load_example(name), name)``."""
    folder = ROOT / "examples" / name / f"boardgames_{name}"
    # A package, so that an example of more than one module (Xiangqi: its board.py) imports its own.
    spec = importlib.util.spec_from_file_location(
        f"boardgames_{name}_under_test", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def example_plugin(name: str) -> Any:
    """A module-scoped pytest fixture that registers ``examples/NAME`` while
    the module's tests run: ``connect_four = example_plugin("connect_four")``."""
    import pytest

    from boardgames.testing import plugin

    @pytest.fixture(scope="module")
    def registered() -> Iterator[types.ModuleType]:
        module = load_example(name)
        with plugin(module, f"{name}-under-test"):
            yield module

    return registered


def ttt_cell(grid: Any, action: int) -> int:
    """Our square of OpenSpiel's tic-tac-toe cell ``action`` (row from the top, then column)."""
    row, col = divmod(action, 3)
    return grid.parse_square(f"{'abc'[col]}{3 - row}")


def load_othello() -> types.ModuleType:
    return load_example("othello")


def load_hex() -> types.ModuleType:
    return load_example("hex")


def install_example(name: str, site: Path) -> Path:
    """``examples/NAME`` installed into the folder ``site`` (for ``PYTHONPATH``), as a user installs a plugin."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(site),
            str(ROOT / "examples" / name),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return site


#: The page's move list, as a script a browser answers: the moves' texts, the last one last.
PAGE_MOVES = "return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)"


def match_page(served: Any, browsers: Any, game: str, seat: str, **body: Any) -> tuple[Any, str, dict[str, str]]:
    """A match of two people of ``game`` created on ``served`` (``body``: its options...) and a browser
    on its page as ``seat``: the browser, the match's id and its seats' tokens."""
    match = served.create(game=game, players=["human", "human"], **body)
    match_id, seats = match["id"], match["seats"]
    driver = browsers()
    driver.get(f"http://127.0.0.1:{served.port}/#match={match_id}&seat={seat}&token={seats[seat]}")
    return driver, match_id, seats


def click_offered(driver: Any, name: str) -> None:
    """Click the site ``name`` on the page's board once the page offers it (``.square.next``)."""
    from selenium.webdriver.common.by import By

    found = f'#board .square.next[data-square="{name}"]'
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, found))
    driver.find_element(By.CSS_SELECTOR, found).click()


def example_served(*names: str) -> Any:
    """A pytest fixture: a real ``boardgames serve`` with the examples ``names`` installed, as a user
    installs plugins (a variant after what it is built on: ``example_served("chess", "crazyhouse")``);
    installed once a test run, a fresh server each test."""
    import pytest

    sites: list[Path] = []

    @pytest.fixture
    def served(tmp_path_factory: Any, tmp_path: Path, monkeypatch: Any) -> Iterator[Any]:
        from server import Server

        if not sites:
            site = tmp_path_factory.mktemp(f"{names[-1]}-site")
            for name in names:
                install_example(name, site)
            sites.append(site)
        monkeypatch.setenv("PYTHONPATH", str(sites[0]))
        monkeypatch.delenv("BOARDGAMES_PLUGINS", raising=False)
        server = Server(tmp_path / "serve")
        yield server
        server.stop()

    return served


def run_with(
    site: Path, *args: str, input: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with the plugins installed in ``site`` importable, all
    plugins loaded; ``input`` typed on its standard input, run in ``cwd``."""
    env = {k: v for k, v in os.environ.items() if k != "BOARDGAMES_PLUGINS"} | {"PYTHONPATH": str(site)}
    return subprocess.run(
        [sys.executable, *args], input=input, capture_output=True, text=True, env=env, timeout=300, cwd=cwd
    )


def screens(out: str) -> dict[str, list[str]]:
    """What each person saw, screen by screen: the text after each privacy pause, up to the next."""
    parts = re.split(r"Pass to (\w+), then press Enter[^:]*: ", out)
    seen: dict[str, list[str]] = {}
    for person, text in zip(parts[1::2], parts[2::2], strict=True):
        seen.setdefault(person, []).append(text)
    return seen


def seen_words(state: Any, player: int) -> list[str]:
    """The moves of a game as ``player`` saw them at the time (Game.seen), as text: worked out here,
    move by move, to check what a front end or an engine seat was sent."""
    out, position = [], state.game.start()
    for move in state.history:
        shown = state.game.seen(position, move, player)
        out.append("?" if shown is None else position.format_move(shown))
        position = position.play_unchecked(move)
    return out
