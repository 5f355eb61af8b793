"""Hexagonal boards on the page (issue 23): the Hex example drawn as a
polygon per cell, each one clickable, in headless Chromium over a real
server (the fixtures of tests/test_web_parts.py, which register a game in
this process; Hex is registered the same way)."""

from __future__ import annotations

import pytest
from test_web_parts import arrows, click, driver, page, read, served, wait  # noqa: F401  (fixtures)

from boardgames.testing import plugin
from helpers import load_example, screenshot


@pytest.fixture(scope="module")
def hex_registered():
    with plugin(load_example("hex"), "hex-under-test"):
        yield


def test_a_hex_board_is_a_polygon_per_cell_and_takes_clicks(hex_registered, served, driver, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver.get(served.url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#game-cards [data-game="hex"]'))
    driver.find_element(By.CSS_SELECTOR, '#game-cards [data-game="hex"]').click()
    driver.execute_script("document.getElementById('more-options').open = true")
    size = driver.find_element(By.CSS_SELECTOR, '#options input[name="size"]')
    size.clear()
    size.send_keys("5")
    driver.find_element(By.ID, "play-here").click()
    wait(driver, lambda d: "(you)" in page(d)["status"] and len(page(d)["next"]) == 25)
    shapes = read(
        driver,
        """[...document.querySelectorAll('#board .square')].map(e => [e.tagName, e.getAttribute('points')])""",
    )
    assert len(shapes) == 25 and all(tag == "polygon" and len(points.split()) == 6 for tag, points in shapes)
    edges = read(driver, """document.querySelectorAll('#board .edge').length""")
    assert edges >= 4  # each player's two sides in its colour
    click(driver, "c3")
    wait(driver, lambda d: page(d)["history"] == ["c3"])
    click(driver, "b4")
    wait(driver, lambda d: page(d)["history"] == ["c3", "b4"] and "c3" not in page(d)["next"])
    screenshot(driver, "hex.png", tmp_path)
