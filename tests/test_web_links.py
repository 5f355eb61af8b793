"""Lines drawn between points on the page (issue 41): TwixT's links appear in
the board as the pegs are clicked, in their owner's colour, and Morpion
solitaire's line is drawn by clicking its far end then the new point, in
headless Chromium over a real server (the fixtures of tests/test_web_parts.py)."""

from __future__ import annotations

import pytest
from test_web_parts import arrows, click, driver, page, read, served, wait  # noqa: F401  (fixtures)

from boardgames.testing import plugin
from helpers import load_example


@pytest.fixture(scope="module")
def links_registered():
    with plugin(load_example("twixt"), "twixt-under-test"), plugin(
        load_example("morpion_solitaire"), "morpion-under-test"
    ):
        yield


def open_game(driver, served, name: str) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By

    driver.get(served.url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#game-cards [data-game="{name}"]'))
    driver.find_element(By.CSS_SELECTOR, f'#game-cards [data-game="{name}"]').click()
    driver.find_element(By.ID, "play-here").click()  # every seat at this screen
    wait(driver, lambda d: "(you)" in page(d)["status"] and page(d)["next"])


def segments(driver) -> list[list[str]]:  # noqa: F811
    script = """[...document.querySelectorAll('#board line.segment')]
        .map(e => [e.dataset.segment, e.getAttribute('stroke')]).sort()"""
    return read(driver, script)


def test_twixts_links_appear_on_the_page_in_their_owners_colour(links_registered, served, driver):  # noqa: F811
    open_game(driver, served, "twixt")
    assert read(driver, "document.querySelectorAll('#board .edge').length") == 4  # the border rows
    for n, name in enumerate(["c3", "d3", "d5"]):
        click(driver, name)
        wait(driver, lambda d, n=n: len(page(d)["history"]) == n + 1)
    wait(driver, lambda d: segments(d) == [["c3-d5", "#c62828"]])
    assert page(driver)["history"] == ["xc3", "od3", "xd5"]


def test_morpions_line_is_drawn_by_two_clicks(links_registered, served, driver):  # noqa: F811
    open_game(driver, served, "morpion_solitaire")
    click(driver, "h10")  # the line's far end
    click(driver, "e10")  # the new point: the line is drawn
    wait(driver, lambda d: page(d)["history"] == ["h10-e10"])
    wait(driver, lambda d: segments(d) == [["e10-h10", "#1565c0"]])
