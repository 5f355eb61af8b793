"""The page in a real browser: Selenium drives Debian's headless Chromium
against a real `boardgames serve`. A whole Donuts game against the computer
by clicking, a Verso game with a flip choice into the moving phase, an undo,
two browsers as the two seats of an invite link while a third watches, and a
reload mid-game. Screenshots go to docs/img/ (shown in the README).

Without Chromium and its driver (Debian's `chromium`, `chromium-driver`)
these tests skip, saying so; `.ci/run` installs both and sets
BOARDGAMES_REQUIRE_BROWSER=1, which turns that skip into a failure.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest

import boardgames
from boardgames import Match
from helpers import wait_until

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    reason = "browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
    if os.environ.get("BOARDGAMES_REQUIRE_BROWSER"):
        pytest.fail(reason + "; BOARDGAMES_REQUIRE_BROWSER is set", pytrace=False)
    pytest.skip(reason, allow_module_level=True)

webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is in the extra 'test'")
pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")

from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

WAIT = 30


@pytest.fixture
def screenshots(tmp_path) -> Path:
    """Where pictures of the games go: a temporary folder, or the folder
    BOARDGAMES_SCREENSHOTS names (docs/img for the README's pictures)."""
    folder = Path(os.environ.get("BOARDGAMES_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The page's address on a real ``boardgames serve`` with the limits meant for tests (tests/server.py)."""
    from server import Server

    running = Server(tmp_path_factory.mktemp("web-data"))
    yield f"http://127.0.0.1:{running.port}/"
    running.stop()


def wait(driver, condition, seconds: float = WAIT):
    return wait_until(driver, condition, seconds)


# Read through JavaScript: the page redraws the board and the move list as the
# match changes, and an element found a moment ago may be gone.
def status(driver) -> str:
    return driver.execute_script("return document.getElementById('status').textContent")


def history(driver) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)")


def my_turn_or_over(driver) -> bool:
    text = status(driver)
    return "(you)" in text or "wins" in text or "draw" in text


def clickable(driver) -> list[str]:
    """The names of the highlighted squares."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#board .square.next')].map(e => e.dataset.square)"
    )


def start_game(driver, server: str, game: str, agent: str = "random", seed: int = 1, opponent: str = "computer"):
    driver.get(server)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#game-cards [data-game="{game}"]'))
    driver.find_element(By.CSS_SELECTOR, f'#game-cards [data-game="{game}"]').click()  # the game's card
    driver.execute_script("document.getElementById('more-options').open = true")  # the options, folded
    if opponent == "computer":  # a level (its spec), or any other spec typed in
        levels = Select(driver.find_element(By.ID, "agent"))
        if agent in [o.get_attribute("value") for o in levels.options]:
            levels.select_by_value(agent)
        else:
            levels.select_by_value("other")  # the box starts from the level's spec
            driver.find_element(By.ID, "spec").clear()
            driver.find_element(By.ID, "spec").send_keys(agent)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "play-" + opponent).click()  # one of the three big choices
    wait(driver, lambda d: "match=" in d.current_url and d.find_elements(By.CSS_SELECTOR, "#board svg"))


def settled(driver) -> bool:
    """The animations that end (the board's last move; not the thinking dots' blink) have ended."""
    return driver.execute_script(
        """return document.getAnimations()
        .filter(a => a.playState === 'running' && isFinite(a.effect.getComputedTiming().endTime)).length === 0"""
    )


def try_click(driver, name: str) -> bool:
    try:
        driver.find_element(By.CSS_SELECTOR, f'#board .square.next[data-square="{name}"]').click()
        return True
    except (StaleElementReferenceException, NoSuchElementException):  # the board was redrawn meanwhile
        return False


def click_square(driver, name: str) -> None:
    """Click the highlighted square ``name``, once it is highlighted."""
    wait(driver, lambda d: try_click(d, name))


def click_any(driver, rng: random.Random) -> str:
    """Click one of the highlighted squares, chosen by ``rng``; its name."""
    picked = []

    def clicked(d) -> bool:
        names = sorted(clickable(d))
        if names:
            picked[:] = [rng.choice(names)]
            return try_click(d, picked[0])
        return False

    wait(driver, clicked)
    return picked[0]


def chosen(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('#board .square.chosen')].map(e => e.dataset.square)"
    )


def play_clicks(driver, rng: random.Random, until=lambda d: False, limit: int = 200) -> None:
    """Play whole moves by clicking highlighted squares, chosen by ``rng``,
    until the game ends or ``until`` holds."""
    for _ in range(limit):
        wait(driver, my_turn_or_over)
        if "(you)" not in status(driver) or until(driver):
            return
        before = len(history(driver))
        while True:
            picked = chosen(driver)
            click_any(driver, rng)
            # Either the move is made, or the page waits for its next square.
            wait(driver, lambda d, p=picked, n=before: len(history(d)) > n or len(chosen(d)) > len(p))
            if len(history(driver)) > before:
                break


def test_a_whole_donuts_game_against_the_computer_by_clicking(server, browsers, screenshots):
    driver = browsers()
    start_game(driver, server, "donuts", agent="greedy", seed=3)
    play_clicks(driver, random.Random(3))
    wait(driver, lambda d: "wins" in status(d) or "draw" in status(d))
    assert len(history(driver)) >= 9
    if "five in a row" in status(driver):
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .winning"))  # the winning line is shown
    wait(driver, settled)
    assert driver.save_screenshot(str(screenshots / "donuts.png"))


def verso_record_with_a_flip_choice(tmp_path: Path) -> tuple[Path, str, list[str]]:
    """A Verso record (7×7, four pieces each) where light, a person, is to move
    and has a flip choice; dark is the random agent."""
    game = boardgames.game_class("verso").configure({"size": 7, "pieces": 4}, seed=0)
    rng = random.Random(5)
    for _ in range(500):
        state = game.start()
        while not state.is_over and len(state.history) < 8:
            choices = [m for m in state.legal_moves if m.is_placement]
            by_square = {}
            for m in choices:
                by_square.setdefault(m.to, []).append(m)
            forks = [ms for ms in by_square.values() if len(ms) > 1]
            if forks and state.to_move == "light":
                match = Match(state, ["human", "random"])
                path = tmp_path / "verso-flip.json"
                path.write_text(json.dumps(match.record().to_json()))
                fork = forks[0]
                return path, game.grid.name(fork[0].to), [state.format_move(m) for m in fork]
            state = state.play(rng.choice(state.legal_moves))
    pytest.fail("no flip choice in 500 random Verso openings")


def test_a_verso_game_with_a_flip_choice_into_the_moving_phase(server, browsers, tmp_path, screenshots):
    record, square, fork = verso_record_with_a_flip_choice(tmp_path)
    driver = browsers()
    driver.get(server)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#game option"))
    driver.find_element(By.ID, "upload").send_keys(str(record))
    driver.find_element(By.CSS_SELECTOR, "#upload-form button").click()
    wait(driver, lambda d: "(you)" in status(d))
    played = len(history(driver))
    click_square(driver, square)
    # The page asks which piece flips: the prisoners are highlighted.
    wait(driver, lambda d: "flips" in d.find_element(By.ID, "prompt").text)
    prisoners = set(clickable(driver))
    assert prisoners == {re.search(r"x([a-z]\d+)", m).group(1) for m in fork}
    choice = sorted(prisoners)[0]
    click_square(driver, choice)
    wait(driver, lambda d: len(history(d)) > played)
    assert history(driver)[played] == f"{square}x{choice}"
    # On into the moving phase: a step is two clicks, the piece then where it goes.
    rng = random.Random(2)
    play_clicks(driver, rng, until=lambda d: any("-" in m for m in history(d)) or "wins" in status(d))
    moves = history(driver)
    assert any("-" in m for m in moves), moves
    wait(driver, settled)
    assert driver.save_screenshot(str(screenshots / "verso.png"))


def test_undo_takes_back_the_persons_move_and_the_reply(server, browsers):
    driver = browsers()
    start_game(driver, server, "donuts", agent="random", seed=5)
    wait(driver, lambda d: "(you)" in status(d))
    click_any(driver, random.Random(1))
    wait(driver, lambda d: len(history(d)) == 2 and "(you)" in status(d))
    driver.find_element(By.ID, "undo").click()
    wait(driver, lambda d: len(history(d)) == 0 and "(you)" in status(d))


def test_two_browsers_play_through_an_invite_link_while_a_third_watches(server, browsers):
    host = browsers()
    start_game(host, server, "verso", seed=9, opponent="invite")
    invite = wait(host, lambda d: d.find_element(By.ID, "invite-link").get_attribute("value"))
    watch = host.find_element(By.ID, "watch-link").get_attribute("value")
    guest, spectator = browsers(), browsers()
    guest.get(invite)
    spectator.get(watch)
    wait(guest, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg") and "token=" not in d.current_url)
    rng = random.Random(4)
    for turn in range(6):
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        wait(mover, lambda d: "(you)" in status(d))
        assert "(you)" not in status(other)
        click_any(mover, rng)
        wait(other, lambda d, n=turn + 1: len(history(d)) == n)
        if turn == 2:  # a reload mid-game keeps the seat
            guest.refresh()
            wait(guest, lambda d: len(history(d)) == 3)
    wait(spectator, lambda d: len(history(d)) == 6)
    assert history(spectator) == history(host) == history(guest)
    assert not clickable(spectator) and not spectator.find_element(By.ID, "typed").is_displayed()


def test_a_move_typed_in_the_text_box(server, browsers):
    driver = browsers()
    start_game(driver, server, "donuts", agent="random", seed=8)
    wait(driver, lambda d: "(you)" in status(d))
    box = driver.find_element(By.ID, "typed-move")
    box.send_keys("z9\n")
    wait(
        driver,
        lambda d: (
            "not a move" in d.find_element(By.ID, "message").text
            or "off the board" in d.find_element(By.ID, "message").text
        ),
    )
    first = sorted(wait(driver, lambda d: clickable(d) or None))[0]
    box.send_keys(first + "\n")
    wait(driver, lambda d: history(d)[:1] == [first])
