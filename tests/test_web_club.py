"""The page a club adopts (issue 43), in headless Chromium over a real
``boardgames serve`` (tests/server.py): your games found again from the lobby
after their tab was closed, leaving a game going on asked first in the page,
finished games listed apart and removed; an invite link at the top of the
page, there in any tab, opened by the other person from another window; every
control 44 px high at least on a phone (lobby, game, review), and coordinates
readable there; the board flipped; a beep on the opponent's move, a switch for
it, off on a phone; the review's moves numbered as the list numbers them, its
graph's axes, and its labels as symbols with their words in the title."""

from __future__ import annotations

from typing import Any

import pytest
from server import Server
from test_web_page import api_move, click, open_seat, page, two_people, wait

from helpers import FIVE_BOARD, FIVE_MOVES

pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("club"))
    yield running
    running.stop()


def cards(driver) -> dict[str, Any]:
    """The lobby's cards of your games: going on and finished, by match id, with their text."""
    return driver.execute_script(
        """const read = (box) => Object.fromEntries([...document.querySelectorAll(box + ' .match-card')]
            .map(c => [c.dataset.match, c.textContent.replace(/\\s+/g, ' ').trim()]));
        return {going: read('#games-going'), over: read('#games-over'),
                shown: !document.getElementById('your-games').hidden};"""
    )


def start(driver, server: Server, choice: str, game: str = "donuts", clock: str = "", agent: str | None = None) -> str:
    """A game started from the lobby: the game's card, the options, one of the three big choices; its id."""
    from selenium.webdriver.support.ui import Select

    driver.get(f"http://127.0.0.1:{server.port}/")
    wait(driver, lambda d: d.find_elements("css selector", f'#game-cards [data-game="{game}"]'))
    driver.find_element("css selector", f'#game-cards [data-game="{game}"]').click()
    driver.find_element("css selector", "#more-options summary").click()
    Select(driver.find_element("id", "clock")).select_by_value(clock)
    if agent:
        Select(driver.find_element("id", "agent")).select_by_value(agent)
    driver.find_element("id", "play-" + choice).click()
    wait(driver, lambda d: "match=" in d.current_url and page(d)["drawn"])
    return driver.current_url.split("match=")[1].split("&")[0]


def test_a_game_is_found_again_from_the_lobby_after_its_tab_was_closed(server, browsers):
    from selenium.common.exceptions import NoAlertPresentException

    driver = browsers()
    match_id = start(driver, server, "computer", clock="5+3")
    wait(driver, lambda d: page(d)["you"] == "You play chocolate, first." and page(d)["next"])
    first_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    driver.switch_to.window(first_tab)
    driver.close()  # the game's tab is gone
    driver.switch_to.window(fresh)
    driver.get(f"http://127.0.0.1:{server.port}/")
    wait(driver, lambda d: match_id in cards(d)["going"])
    text = cards(driver)["going"][match_id]
    assert "Donuts" in text and "Your turn" in text and "the computer" in text, text
    assert "chocolate 5:00" in text and "vanilla 5:00" in text, text  # the clocks
    driver.find_element("css selector", f'#games-going .match-card[data-match="{match_id}"] a.open').click()
    wait(driver, lambda d: page(d)["you"] == "You play chocolate, first." and page(d)["next"])  # in my seat
    click(driver, page(driver)["next"][0])
    wait(driver, lambda d: len(page(d)["history"]) >= 1)

    # Leaving a game going on is asked in the page (no browser dialog), and "Stay" stays.
    driver.find_element("id", "new").click()
    wait(driver, lambda d: d.find_element("id", "leave-confirm").is_displayed())
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018
    assert "match=" in driver.current_url
    driver.find_element("id", "leave-no").click()
    assert not driver.find_element("id", "leave-confirm").is_displayed() and "match=" in driver.current_url
    driver.find_element("id", "home").click()  # the header's link asks too
    wait(driver, lambda d: d.find_element("id", "leave-confirm").is_displayed())
    driver.find_element("id", "leave-yes").click()
    wait(driver, lambda d: d.find_element("id", "lobby").is_displayed() and match_id in cards(d)["going"])

    # Once over, the game is listed apart, and may be removed.
    seat = driver.execute_script(f"return JSON.parse(localStorage.getItem('boardgames:{match_id}')).chocolate")
    assert server.request("POST", f"/api/matches/{match_id}/resign", {}, seat).status == 200
    driver.refresh()
    wait(driver, lambda d: match_id in cards(d)["over"] and match_id not in cards(d)["going"])
    assert "resigned" in cards(driver)["over"][match_id]
    driver.find_element("css selector", "#games-done summary").click()
    driver.find_element("css selector", f'#games-over .match-card[data-match="{match_id}"] .remove').click()
    wait(driver, lambda d: not cards(d)["shown"])
    driver.refresh()
    wait(driver, lambda d: d.find_elements("css selector", "#game-cards .game-card"))
    assert not cards(driver)["shown"]


def test_an_invite_link_waits_at_the_top_and_opens_in_another_window(server, browsers):
    host = browsers()
    match_id = start(host, server, "invite")
    wait(host, lambda d: d.find_element("id", "invite-box").is_displayed())
    box = host.find_element("id", "invite-box").text
    assert "Waiting for your opponent" in box and "Copy" in box, box
    invite = host.execute_script("return document.getElementById('invite-top').value")
    assert f"#match={match_id}&seat=vanilla&token=" in invite
    host.find_element("id", "copy-invite").click()
    wait(host, lambda d: d.find_element("id", "copied").text)
    # Another tab of the same browser (not the one that created it): the game is listed, the link is there.
    host.switch_to.new_window("tab")
    host.get(f"http://127.0.0.1:{server.port}/")
    wait(host, lambda d: match_id in cards(d)["going"])
    host.find_element("css selector", f'#games-going .match-card[data-match="{match_id}"] a.open').click()
    wait(host, lambda d: d.find_element("id", "invite-box").is_displayed())
    assert host.execute_script("return document.getElementById('invite-top').value") == invite
    seat_link = host.find_element("id", "seat-link").get_attribute("value")
    assert "seat=chocolate&token=" in seat_link
    # The other person opens the link in a window of their own.
    guest = browsers()
    guest.get(invite)
    wait(guest, lambda d: page(d)["you"] == "You play vanilla, second." and "token=" not in d.current_url)
    assert not guest.find_element("id", "invite-box").is_displayed()  # the invited seat is not asked to invite
    # The host hears that the opponent is here (presence, from the guest's event stream): no more waiting.
    wait(host, lambda d: not d.find_element("id", "invite-box").is_displayed())
    # A beep on the opponent's move, not on one's own (the sound is on by default on a computer).
    assert host.execute_script("return beeps") == 0
    wait(host, lambda d: page(d)["next"])
    click(host, page(host)["next"][0])
    wait(guest, lambda d: len(page(d)["history"]) == 1 and d.execute_script("return beeps") == 1)
    assert host.execute_script("return beeps") == 0
    wait(guest, lambda d: page(d)["next"])
    click(guest, page(guest)["next"][0])
    wait(host, lambda d: len(page(d)["history"]) == 2 and d.execute_script("return beeps") == 1)
    assert not host.find_element("id", "invite-box").is_displayed()  # the opponent came and played
    # The switch turns it off, and is remembered.
    host.find_element("id", "sound").click()
    assert host.find_element("id", "sound").get_attribute("aria-pressed") == "false"
    host.refresh()
    wait(host, lambda d: page(d)["drawn"])
    assert host.find_element("id", "sound").get_attribute("aria-pressed") == "false"
    wait(host, lambda d: page(d)["next"])
    click(host, page(host)["next"][0])
    wait(host, lambda d: len(page(d)["history"]) == 3)
    wait(guest, lambda d: page(d)["next"])
    click(guest, page(guest)["next"][0])
    wait(host, lambda d: len(page(d)["history"]) == 4)
    assert host.execute_script("return beeps") == 0  # since the reload: the sound is off


SMALL = """return [...document.querySelectorAll('button, select, input')]
    .filter(e => e.type !== 'hidden' && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => [e.id || e.className || e.textContent.trim() || e.tagName, e.getBoundingClientRect().height])
    .filter(([, h]) => h < 44)"""

COUNT = """return [...document.querySelectorAll('button, select, input')]
    .filter(e => e.type !== 'hidden' && e.getClientRects().length).length"""


def test_every_control_is_44_px_high_on_a_phone(server, browsers):
    driver = browsers()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    # A finished game in the list (its Remove button), the options unfolded.
    finished = start(driver, server, "here")
    assert driver.execute_script("return document.documentElement.clientWidth") == 390
    assert driver.find_element("id", "sound").get_attribute("aria-pressed") == "false"  # off on a phone
    seats = driver.execute_script(f"return JSON.parse(localStorage.getItem('boardgames:{finished}'))")
    assert server.request("POST", f"/api/matches/{finished}/resign", {}, next(iter(seats.values()))).status == 200
    driver.find_element("id", "home").click()
    wait(driver, lambda d: finished in cards(d)["over"])
    driver.find_element("css selector", "#games-done summary").click()
    driver.find_element("css selector", "#more-options summary").click()
    driver.find_element("css selector", "#lobby-rules summary").click()
    assert driver.execute_script(COUNT) >= 12
    assert driver.execute_script(SMALL) == [], "lobby"

    # A game: the invite box, the move box, the navigation, the links, the confirmation to leave.
    start(driver, server, "invite", clock="5+3")
    wait(driver, lambda d: d.find_element("id", "invite-box").is_displayed() and page(d)["next"])
    click(driver, page(driver)["next"][0])
    wait(driver, lambda d: len(page(d)["history"]) == 1)
    driver.find_element("id", "new").click()
    wait(driver, lambda d: d.find_element("id", "leave-confirm").is_displayed())
    assert driver.execute_script(COUNT) >= 15
    assert driver.execute_script(SMALL) == [], "game"

    # The review, a move being tried.
    match = two_people(server, options={"board": FIVE_BOARD, "first": "vanilla"})
    for text in FIVE_MOVES.split():
        match = {**api_move(server, match, text, match["to_move"]), "seats": match["seats"]}
    open_seat(driver, server, match["id"], "vanilla", match["seats"]["vanilla"])
    driver.find_element("id", "review").click()
    wait(driver, lambda d: d.find_elements("css selector", "#moves .mark"))
    driver.find_element("css selector", '#moves button.move[data-ply="8"]').click()
    wait(driver, lambda d: d.find_element("id", "try").is_displayed())
    assert driver.execute_script(SMALL) == [], "review"
    driver.find_element("id", "try").click()
    wait(driver, lambda d: d.find_element("id", "trying").is_displayed())
    assert driver.execute_script(SMALL) == [], "trying a move"


def test_verso_19_coordinates_are_readable_on_a_phone(server, browsers):
    match = server.create(game="verso", options={"size": 19}, players=["human", "human"])
    driver = browsers()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    player = match["to_move"]
    open_seat(driver, server, match["id"], player, match["seats"][player])
    measured = driver.execute_script(
        """const svg = document.querySelector('#board svg');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const labels = [...svg.querySelectorAll('text.coord')];
        const box = svg.getBoundingClientRect();
        return {px: Math.min(...labels.map(l => parseFloat(getComputedStyle(l).fontSize) * scale)),
                inside: labels.every(l => { const b = l.getBoundingClientRect();
                  return b.left >= box.left - 0.5 && b.right <= box.right + 0.5 && b.bottom <= box.bottom + 0.5; }),
                width: box.width};"""
    )
    assert measured["px"] >= 10 and measured["inside"] and measured["width"] >= 370, measured
    # Every empty point may be played: none is painted until "Show moves".
    wait(driver, lambda d: len(page(d)["next"]) == 361 and d.find_element("id", "show-moves").is_displayed())
    painted = """return [...document.querySelectorAll('#board .square.next')]
        .filter(e => Number(getComputedStyle(e).fillOpacity) > 0).length"""
    assert driver.execute_script(painted) == 0
    driver.find_element("id", "show-moves").click()
    wait(driver, lambda d: d.execute_script(painted) == 361)
    driver.find_element("id", "show-moves").click()
    wait(driver, lambda d: d.execute_script(painted) == 0)


def test_flip_draws_the_board_the_other_way_up(server, browsers):
    match = two_people(server)
    driver = browsers()
    player = match["to_move"]
    open_seat(driver, server, match["id"], player, match["seats"][player])
    where = """const at = (n) => document.querySelector(`#board .square[data-square="${n}"]`).getBoundingClientRect();
        const files = [...document.querySelectorAll('#board text.coord')].filter(t => /^[a-z]$/.test(t.textContent))
          .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left).map(t => t.textContent);
        const ranks = [...document.querySelectorAll('#board text.coord')].filter(t => /^[0-9]+$/.test(t.textContent))
          .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).map(t => t.textContent);
        return {a1: [at('a1').left, at('a1').top], f6: [at('f6').left, at('f6').top], files, ranks,
                svg: document.querySelector('#board svg').outerHTML.length};"""
    before = driver.execute_script(where)
    assert before["a1"][0] < before["f6"][0] and before["a1"][1] > before["f6"][1]  # a1 at the bottom left
    assert before["files"] == list("abcdef") and before["ranks"] == list("654321")
    driver.find_element("id", "flip").click()
    wait(driver, lambda d: d.execute_script("return document.querySelector('#board svg.flipped') !== null"))
    after = driver.execute_script(where)
    assert after["a1"][0] > after["f6"][0] and after["a1"][1] < after["f6"][1], after  # a1 at the top right
    assert after["files"] == list("fedcba") and after["ranks"] == list("123456"), after  # the labels follow
    # A click still plays the square clicked, and the flip is kept for this match.
    square = page(driver)["next"][0]
    click(driver, square)
    wait(driver, lambda d: page(d)["history"] == [square])
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.querySelector('#board svg.flipped') !== null"))
    driver.find_element("id", "flip").click()
    wait(driver, lambda d: d.execute_script(where)["files"] == list("abcdef"))


def test_the_review_numbers_moves_as_the_list_and_labels_them_with_symbols(server, browsers):
    match = two_people(server, options={"board": FIVE_BOARD, "first": "vanilla"})
    for text in FIVE_MOVES.split():
        match = {**api_move(server, match, text, match["to_move"]), "seats": match["seats"]}
    review = server.request("GET", f"/api/matches/{match['id']}/review").body
    blunder = review["plies"][7]  # chocolate's fourth move, "4… d5" in the list: it lets five in a row be made
    assert (blunder["move"], blunder["label"], blunder["source"]) == ("d5", "blunder", "solver"), blunder
    driver = browsers()
    open_seat(driver, server, match["id"])
    driver.find_element("id", "review").click()
    wait(driver, lambda d: d.find_elements("css selector", "#moves .mark"))
    # The mark of that move (a search may label others too, by the machine's speed: the solver proves this one).
    mark = driver.find_element("css selector", '#moves button.move[data-ply="8"] + .mark')
    title = mark.get_attribute("title")
    assert mark.text == "??" and title == f"blunder: best was {blunder['best']}", title
    turn = driver.execute_script(
        "return document.querySelector('#moves button.move[data-ply=\"8\"]').closest('li').querySelector('.turn')"
        ".textContent"
    )
    assert turn == "4."
    driver.find_element("css selector", '#review-graph .point[data-ply="8"]').click()
    wait(driver, lambda d: d.find_element("id", "review-ply").text)
    line = driver.find_element("id", "review-ply").text
    assert line.startswith("4… chocolate played d5?? (blunder)"), line
    assert driver.find_element("id", "lookback-ply").text == "4… d5"
    axes = driver.execute_script("return [...document.querySelectorAll('#review-graph text')].map(t => t.textContent)")
    assert {"0%", "50%", "100%", "move", "vanilla wins", "1", "5"} <= set(axes), axes
    title = driver.execute_script(
        "return document.querySelector('#review-graph .point[data-ply=\"8\"] title').textContent"
    )
    assert title.startswith("4… d5?? (blunder)"), title


def test_casual_is_chosen_in_the_lobby_and_gives_hints_between_people_only_then(server, browsers):
    """The lobby's three big choices start the game at once, so "casual: hints
    allowed" is among the options in view: a game for the same screen made
    with it shows Hint; one made without it does not (no engine help between
    people unless both agreed)."""
    shown = "const e = document.getElementById('hint'); return !e.hidden && e.offsetParent !== null;"
    for casual in (True, False):
        driver = browsers()
        driver.get(f"http://127.0.0.1:{server.port}/")
        wait(driver, lambda d: d.find_elements("css selector", '#game-cards [data-game="donuts"]'))
        driver.find_element("css selector", "#more-options summary").click()
        box = driver.find_element("id", "club-casual")
        assert box.is_displayed()
        if casual:
            box.click()
        driver.find_element("id", "play-here").click()
        wait(driver, lambda d: "match=" in d.current_url and page(d)["drawn"])
        assert driver.execute_script(shown) is casual
