"""The page as a player meets it (issue 26), in headless Chromium over a real
``boardgames serve`` (tests/server.py): the result banner, the move list by
turns and its keys, takeback by consent between two browsers, the lobby's
remembered choices and its errors on the page, short error messages and why a
click is refused, keyboard play on the board, no legal-move highlights when it
is not this browser's turn (the computer thinking, even after a takeback), a
hint that stays with its match, a forced single flip played from one click, a
lost connection said and cleared, clocks, and the board at phone width.

Matches are mostly made through the API and opened as a seat's invite link
(``#match=ID&seat=PLAYER&token=TOKEN``), so that each test sets up only what it
looks at. Screenshots go to BOARDGAMES_SCREENSHOTS (docs/img) when it is set.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from server import Server

import boardgames
from boardgames import Match
from helpers import FIVE_BOARD, FIVE_MOVES, wait_until
from helpers import screenshot as save_picture

pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")

WAIT = 30


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("page"))  # the limits meant for tests
    yield running
    running.stop()


def wait(driver, condition, seconds: float = WAIT):
    return wait_until(driver, condition, seconds)


def page(driver) -> dict[str, Any]:
    """What the page shows, read through JavaScript (it redraws as the match changes)."""
    return driver.execute_script(
        """const text = (id) => document.getElementById(id).textContent;
        const shown = (id) => { const e = document.getElementById(id); return !e.hidden && e.offsetParent !== null; };
        return {
          next: [...document.querySelectorAll('#board .square.next')].map(e => e.dataset.square).sort(),
          hinted: [...document.querySelectorAll('#board .square.hinted')].map(e => e.dataset.square),
          focused: [...document.querySelectorAll('#board .square.focused')].map(e => e.dataset.square),
          pieces: document.querySelectorAll('#board .piece').length,
          squares: document.querySelectorAll('#board .square').length,
          drawn: document.querySelector('#board svg') !== null,
          still: document.querySelector('#board svg.still') !== null,
          dots: [...document.querySelectorAll('#board .target')]
            .filter(e => getComputedStyle(e).display !== 'none').length,
          status: text('status'), message: text('message'), banner: shown('banner') ? text('banner') : null,
          you: text('you'), focus: text('focus-name'),
          lookback: shown('lookback') ? document.getElementById('lookback-ply').dataset.ply : null,
          hand: text('hand'), moveBox: shown('move-box'), offline: shown('offline'),
          undo: !document.getElementById('undo').disabled,
          takeback: shown('takeback') ? text('takeback-text') : null, title: document.title,
          history: [...document.querySelectorAll('#moves li button.move')].map(b => b.textContent),
          turns: [...document.querySelectorAll('#moves li')].map(li => li.textContent.replace(/\\s+/g, ' ').trim()),
          current: [...document.querySelectorAll('#moves button.current')].map(b => Number(b.dataset.ply)),
          clocks: [...document.querySelectorAll('#clocks .clock')].map(c => ({
            player: c.dataset.player, time: c.querySelector('.time').textContent,
            running: c.classList.contains('running'), flagged: c.classList.contains('flagged')})),
        };"""
    )


ERROR_RED = "rgb(176, 0, 32)"


def message_colour(driver) -> str:
    return driver.execute_script("return getComputedStyle(document.getElementById('message')).color")


# The animations that end (the board's last move; not the thinking dots' blink) have ended.
SETTLED = """return document.getAnimations()
    .filter(a => a.playState === 'running' && isFinite(a.effect.getComputedTiming().endTime)).length === 0"""


def screenshot(driver, name: str, fallback: Path) -> None:
    """A picture of the page once the board's animation has played."""
    wait(driver, lambda d: d.execute_script(SETTLED))
    save_picture(driver, name, fallback)


def click(driver, name: str, highlighted: bool = True) -> None:
    """Click the square ``name`` (once it is highlighted, unless told otherwise)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By

    css = f'#board .square{".next" if highlighted else ""}[data-square="{name}"]'

    def clicked(d) -> bool:
        try:
            d.find_element(By.CSS_SELECTOR, css).click()
            return True
        except (StaleElementReferenceException, NoSuchElementException):  # the board was redrawn meanwhile
            return False

    wait(driver, clicked)


def press(driver, *keys: str) -> None:
    """Keys (by Selenium's names: LEFT, HOME, ENTER…) sent to whatever has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(getattr(Keys, key))
    chain.perform()


def open_seat(driver, server: Server, match_id: str, player: str | None = None, token: str | None = None) -> None:
    """The match's page, as the seat ``player`` (its token given as an invite link gives it), else as a spectator."""
    url = f"http://127.0.0.1:{server.port}/#match={match_id}"
    if player is not None:
        url += f"&seat={player}&token={token}"
    driver.get(url)
    record = f"/api/matches/{match_id}/record"
    wait(
        driver,
        lambda d: (
            page(d)["drawn"]
            and "token=" not in d.current_url
            and d.execute_script("return document.getElementById('download').href").endswith(record)
        ),
    )


def api_move(server: Server, match: dict[str, Any], text: str, player: str) -> dict[str, Any]:
    answer = server.request("POST", f"/api/matches/{match['id']}/moves", {"move": text}, match["seats"][player])
    assert answer.status == 200, answer
    return answer.body


def two_people(server: Server, moves: int = 0, **body: Any) -> dict[str, Any]:
    """A Donuts match between two people with ``moves`` moves played (the first legal one each time)."""
    match = server.create(players=["human", "human"], **body)
    for _ in range(moves):
        after = api_move(server, match, match["state"]["legal_moves"][0], match["to_move"])
        match = {**after, "seats": match["seats"]}
    return match


# -- the end ---------------------------------------------------------------------------


def test_the_banner_says_who_won_and_how_and_the_move_box_goes(server, browsers, tmp_path):
    *first, last = FIVE_MOVES.split()
    match = two_people(server, options={"board": FIVE_BOARD, "first": "vanilla"})
    for text in first:
        match = {**api_move(server, match, text, match["to_move"]), "seats": match["seats"]}
    assert match["to_move"] == "vanilla"
    player, spectator = browsers(), browsers()
    open_seat(player, server, match["id"], "vanilla", match["seats"]["vanilla"])
    open_seat(spectator, server, match["id"])
    wait(player, lambda d: "(you)" in page(d)["status"] and page(d)["next"])
    now = page(player)
    assert now["banner"] is None and now["moveBox"] and now["you"] == "You play vanilla, first."
    assert now["title"].startswith("● Your turn")
    click(player, last)
    wait(player, lambda d: page(d)["banner"] is not None)
    now = page(player)
    assert now["banner"] == "You won — five in a row", now
    assert not now["moveBox"] and not now["next"] and not now["dots"]  # no move box, no legal-move highlights
    assert now["hand"] == ""  # nor pieces left to place (there are, but the game is over)
    assert not now["title"].startswith("●")
    wait(spectator, lambda d: page(d)["banner"] == "vanilla won — five in a row")
    assert page(spectator)["you"] == "You are watching."
    screenshot(player, "banner.png", tmp_path)

    # A resignation, seen by the side that resigned and by the other.
    match = two_people(server, moves=2)
    loser, winner = match["to_move"], next(p for p in match["players"] if p != match["to_move"])
    open_seat(player, server, match["id"], loser, match["seats"][loser])
    open_seat(spectator, server, match["id"], winner, match["seats"][winner])
    player.find_element("id", "resign").click()
    wait(player, lambda d: d.find_element("id", "resign-confirm").is_displayed())
    player.find_element("id", "resign-yes").click()
    wait(player, lambda d: page(d)["banner"] == "You lost — you resigned")
    wait(spectator, lambda d: page(d)["banner"] == f"You won — {loser} resigned")


def test_find_a_better_move_from_a_labelled_ply(server, browsers, tmp_path):
    match = two_people(server, options={"board": FIVE_BOARD, "first": "vanilla"})
    for text in FIVE_MOVES.split():
        match = {**api_move(server, match, text, match["to_move"]), "seats": match["seats"]}
    review = server.request("GET", f"/api/matches/{match['id']}/review").body  # as the page asks it: kept
    judged = next(p for p in review["plies"] if p["label"] and p["best"] != p["move"])
    ply = judged["ply"]
    driver = browsers()
    open_seat(driver, server, match["id"])
    driver.find_element("id", "review").click()
    wait(driver, lambda d: d.find_elements("css selector", "#moves .mark"))
    assert not driver.find_element("id", "review").is_displayed()  # drawn: no button to ask it again
    drawn = driver.execute_script(
        """const marked = [...document.querySelectorAll('#moves .mark')];
        return {
          // each mark sits right after the text of the move it judges (not nearer the next move than its own)
          beside: marked.map(m => {
            const move = m.previousElementSibling, text = document.createRange();
            text.selectNodeContents(move);
            const gap = m.getBoundingClientRect().left - text.getBoundingClientRect().right;
            return [gap < 8 ? move.dataset.ply : 'apart by ' + gap + ' px', m.textContent];
          }),
          // a labelled point wears its label's colour, not the plain points' brown
          fills: [...document.querySelectorAll('#review-graph .point')]
            .map(p => [p.dataset.ply, getComputedStyle(p).fill]),
          summary: [...document.querySelectorAll('#review-summary li')].map(li => li.textContent),
        };"""
    )
    labels = {str(p["ply"]): p["label"] for p in review["plies"]}
    marks = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "missed win": "⊘"}
    assert sorted(drawn["beside"]) == sorted([ply, marks[label]] for ply, label in labels.items() if label), drawn
    plain = {fill for ply, fill in drawn["fills"] if not labels[ply]}
    assert len(plain) == 1 and all(fill not in plain for ply, fill in drawn["fills"] if labels[ply]), drawn["fills"]
    for player, counts in review["summary"].items():
        line = next(text for text in drawn["summary"] if text.startswith(player + ":"))
        assert f"accuracy {counts['accuracy']:g}%, " in line, line
        blunders = counts["blunders"]
        assert f" {blunders} {'blunder' if blunders == 1 else 'blunders'}," in line, line
    driver.find_element("css selector", f'#moves button.move[data-ply="{ply}"]').click()
    wait(driver, lambda d: d.find_element("id", "try").is_displayed())
    driver.find_element("id", "try").click()
    # The position before that move, and the prompt.
    wait(driver, lambda d: page(d)["pieces"] == ply - 1 and d.find_element("id", "trying").is_displayed())
    prompt = driver.find_element("id", "try-prompt").text
    turn = f"{(ply - 1) // 2 + 1}{'.' if ply % 2 else '…'}"  # numbered as the move list numbers it
    assert f"{judged['player']} than {turn} {judged['move']}" in prompt, prompt
    click(driver, judged["best"], highlighted=False)
    result = wait(driver, lambda d: (t := d.find_element("id", "try-result").text) and "…" not in t and t)
    assert result.startswith(judged["best"] + " ") and judged["move"] in result, result
    # The move tried is drawn on the board (issue 43).
    tried = driver.execute_script(
        "return [...document.querySelectorAll('#board .square.tried')].map(e => e.dataset.square)"
    )
    assert tried == [judged["best"]], tried
    screenshot(driver, "try.png", tmp_path)
    driver.find_element("id", "try-cancel").click()  # back to the ply and its review
    wait(driver, lambda d: page(d)["pieces"] == ply and not d.find_element("id", "trying").is_displayed())


# -- the move list --------------------------------------------------------------------------


def test_the_moves_by_turn_and_the_arrow_keys_through_them(server, browsers):
    from selenium.webdriver.common.keys import Keys

    match = two_people(server, moves=5)
    history = match["state"]["history"]
    mover = match["to_move"]
    driver = browsers()
    open_seat(driver, server, match["id"], mover, match["seats"][mover])
    wait(driver, lambda d: len(page(d)["history"]) == 5 and page(d)["next"])
    now = page(driver)
    assert now["turns"] == [f"1. {history[0]} {history[1]}", f"2. {history[2]} {history[3]}", f"3. {history[4]}"]
    assert now["current"] == [5] and now["lookback"] is None
    # The status line (read out as it changes) names the last move, then the turn.
    assert now["status"] == f"{match['state']['players'][0]} played {history[4]}. {mover} to move (you)", now
    driver.execute_script("document.activeElement.blur()")  # the keys go to the page
    press(driver, "LEFT")  # Left: the position before the last move, and no legal-move highlights
    wait(driver, lambda d: page(d)["lookback"] == "4" and page(d)["pieces"] == 4)
    now = page(driver)
    assert now["still"]  # a step back: the board does not animate the move (nor did the first look)
    assert now["current"] == [4] and now["next"] == [] and now["dots"] == 0 and now["history"] == history
    press(driver, "HOME")  # Home: the start
    wait(driver, lambda d: page(d)["lookback"] == "0" and page(d)["pieces"] == 0 and page(d)["current"] == [])
    press(driver, "RIGHT")
    wait(driver, lambda d: page(d)["lookback"] == "1" and page(d)["current"] == [1] and page(d)["pieces"] == 1)
    assert not page(driver)["still"]  # a step forward: the move is animated (where motion is not reduced)
    press(driver, "RIGHT")
    wait(driver, lambda d: page(d)["lookback"] == "2" and page(d)["current"] == [2])
    press(driver, "END")  # End: the game now, its legal moves again
    wait(driver, lambda d: page(d)["lookback"] is None and page(d)["current"] == [5] and page(d)["next"])
    driver.find_element("id", "nav-prev").click()
    wait(driver, lambda d: page(d)["lookback"] == "4")
    driver.find_element("id", "nav-first").click()
    wait(driver, lambda d: page(d)["lookback"] == "0")
    driver.find_element("id", "nav-next").click()
    wait(driver, lambda d: page(d)["lookback"] == "1")
    driver.find_element("id", "nav-last").click()
    wait(driver, lambda d: page(d)["lookback"] is None and page(d)["next"])
    # Keys typed in the move box are the box's, not the move list's.
    box = driver.find_element("id", "typed-move")
    box.send_keys("c3", Keys.LEFT)
    time.sleep(0.3)
    assert page(driver)["lookback"] is None


# -- takeback by consent ------------------------------------------------------------------------


def test_a_takeback_between_two_browsers_needs_the_others_consent(server, browsers):
    match = two_people(server)
    first, second = match["state"]["players"]
    asker, answerer = browsers(), browsers()
    open_seat(asker, server, match["id"], first, match["seats"][first])
    open_seat(answerer, server, match["id"], second, match["seats"][second])
    square = wait(asker, lambda d: page(d)["next"][:1])[0]
    click(asker, square)
    wait(answerer, lambda d: page(d)["history"] == [square])
    assert asker.find_element("id", "undo").text == "Ask to undo"
    asker.find_element("id", "undo").click()
    wait(
        asker,
        lambda d: (
            page(d)["takeback"] == f"You asked to take back your last move ({square}): waiting for {second} to answer."
        ),
    )
    assert not page(asker)["undo"]  # asked once
    assert page(asker)["message"] == ""  # said once, in the takeback box
    wait(
        answerer,
        lambda d: page(d)["takeback"] == f"{first} asks to take back their last move ({square}). Do you agree?",
    )
    answerer.find_element("id", "takeback-decline").click()
    wait(asker, lambda d: page(d)["takeback"] is None and page(d)["undo"])
    # The asker is told the answer; the line saying they asked goes.
    wait(asker, lambda d: page(d)["message"] == f"{second} declined to take back your move.")
    assert page(answerer)["history"] == [square]
    asker.find_element("id", "undo").click()
    wait(answerer, lambda d: page(d)["takeback"] is not None)
    answerer.find_element("id", "takeback-accept").click()
    wait(asker, lambda d: page(d)["history"] == [] and "(you)" in page(d)["status"] and page(d)["next"])
    wait(asker, lambda d: page(d)["message"] == f"{second} accepted: your move is taken back.")
    wait(answerer, lambda d: page(d)["history"] == [] and page(d)["takeback"] is None)


# -- the lobby ----------------------------------------------------------------------------------


def lobby(driver) -> dict[str, Any]:
    return driver.execute_script(
        """const value = (id) => document.getElementById(id).value;
        return {
          game: value('game'), opponent: value('opponent'), agent: value('agent'), spec: value('spec'),
          clock: value('clock'), seat: value('seat'),
          seats: [...document.getElementById('seat').options].map(o => o.text),
          seatShown: document.getElementById('seat-label').offsetParent !== null,
          levels: [...document.getElementById('agent').options].map(o => o.text),
          options: Object.fromEntries(
            [...document.querySelectorAll('#options input, #options select')].map(i => [i.name, i.value])),
          help: [...document.querySelectorAll('#options .help')]
            .filter(h => h.offsetParent !== null).map(h => h.textContent),
          rules: document.querySelector('#lobby-rules .rules-text').textContent,
          message: document.getElementById('lobby-message').textContent,
        };"""
    )


def test_the_lobby_names_things_shows_errors_on_the_page_and_remembers(server, browsers, tmp_path):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.support.ui import Select

    games = {g["name"]: g for g in server.request("GET", "/api/games").body}
    icon = server.request("GET", "/static/favicon.svg")  # the page's icon, linked from its head
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml"), icon.headers
    assert "<svg" in icon.body
    driver = browsers()
    driver.get(f"http://127.0.0.1:{server.port}/")
    wait(driver, lambda d: lobby(d)["game"])
    assert driver.execute_script("return document.querySelector('link[rel=icon]').href").endswith("/static/favicon.svg")
    driver.find_element("css selector", '#game-cards [data-game="donuts"]').click()
    driver.find_element("css selector", "#more-options summary").click()  # the options are folded
    now = lobby(driver)
    donuts = games["donuts"]
    assert now["levels"] == [level["name"] for level in donuts["levels"]] + ["another agent spec…"]
    assert "club" in now["levels"] and not any(":" in text for text in now["levels"])  # names, not specs
    assert now["agent"] == next(level["spec"] for level in donuts["levels"] if level["name"] == "club")
    # Each option's help, without the rulings' ids ("(D2)"), which mean nothing to a player (issue 43).
    assert [o["help"].split(" (D")[0] in text for o, text in zip(donuts["options"], now["help"], strict=True)] == [
        True,
        True,
    ]
    assert not any("(D" in text for text in now["help"]), now["help"]
    assert now["seats"] == ["chocolate, first", "vanilla, second"]
    Select(driver.find_element("css selector", '#options select[name="first"]')).select_by_value("vanilla")
    assert lobby(driver)["seats"] == ["vanilla, first", "chocolate, second"]
    first_paragraph = donuts["rules"].split("\n\n")[0].split("\n")[0]
    assert first_paragraph in lobby(driver)["rules"]  # the rules, on the page (in a <details>)
    assert lobby(driver)["seatShown"]
    driver.find_element("css selector", "#more-options summary").click()  # folded again for the picture
    screenshot(driver, "lobby.png", tmp_path)
    driver.find_element("css selector", "#more-options summary").click()

    # An error from the server: said on the page, never in an alert().
    driver.find_element("css selector", '#game-cards [data-game="verso"]').click()
    labels = driver.execute_script(
        "return [...document.querySelectorAll('#options > label')].map(l => l.firstChild.textContent)"
    )
    assert "max moves " in labels and not any("_" in label for label in labels), labels  # words, not identifiers
    size = driver.find_element("css selector", '#options input[name="size"]')
    size.send_keys("7")
    club = lobby(driver)["agent"]
    Select(driver.find_element("id", "agent")).select_by_value("other")
    assert lobby(driver)["spec"] == club  # another spec starts from the level's
    driver.find_element("id", "spec").clear()
    driver.find_element("id", "spec").send_keys("nonsense:x=1")
    Select(driver.find_element("id", "seat")).select_by_value("1")
    Select(driver.find_element("id", "clock")).select_by_value("5+3")
    driver.find_element("id", "play-computer").click()
    wait(driver, lambda d: "nonsense" in lobby(d)["message"])
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018
    assert "match=" not in driver.current_url

    # The choices are kept: a reload, then a game started and "New game".
    driver.refresh()
    wait(driver, lambda d: lobby(d)["game"] == "verso")
    now = lobby(driver)
    assert (now["agent"], now["spec"], now["seat"], now["clock"]) == ("other", "nonsense:x=1", "1", "5+3")
    assert now["options"]["size"] == "7" and now["seats"] == ["light, first", "dark, second"]
    driver.find_element("css selector", "#more-options summary").click()
    spec = driver.find_element("id", "spec")
    spec.clear()
    spec.send_keys("random")
    driver.find_element("id", "play-computer").click()
    wait(driver, lambda d: "match=" in d.current_url and page(d)["squares"] == 49)
    wait(driver, lambda d: page(d)["you"] == "You play dark, second." and len(page(d)["clocks"]) == 2)
    driver.find_element("id", "new").click()
    wait(driver, lambda d: d.find_element("id", "leave-confirm").is_displayed())  # a game going on: asked first
    driver.find_element("id", "leave-yes").click()
    wait(driver, lambda d: lobby(d)["game"] == "verso" and d.find_element("id", "lobby").is_displayed())
    now = lobby(driver)
    assert (now["agent"], now["spec"], now["seat"], now["clock"], now["options"]["size"]) == (
        "other",
        "random",
        "1",
        "5+3",
        "7",
    )


def test_an_invite_gives_the_other_seat_than_the_one_chosen(server, browsers):
    from selenium.webdriver.support.ui import Select

    host = browsers()
    host.get(f"http://127.0.0.1:{server.port}/")
    wait(host, lambda d: lobby(d)["game"])
    host.find_element("css selector", '#game-cards [data-game="donuts"]').click()
    host.find_element("css selector", "#more-options summary").click()
    assert lobby(host)["seats"] == ["chocolate, first", "vanilla, second"]
    Select(host.find_element("id", "seat")).select_by_value("1")
    host.find_element("id", "play-invite").click()
    wait(host, lambda d: page(d)["you"] == "You play vanilla, second.")
    invite = host.execute_script("return document.getElementById('invite-link').value")
    assert "seat=chocolate" in invite
    guest = browsers()
    guest.get(invite)
    wait(guest, lambda d: page(d)["you"] == "You play chocolate, first." and page(d)["next"])


# -- during play ----------------------------------------------------------------------------------


def test_errors_are_short_and_a_refused_click_says_why(server, browsers):
    match = two_people(server, moves=2)
    squares = {f"{f}{r}" for f in "abcdef" for r in "123456"}
    while not squares - set(match["state"]["legal_moves"]) - set(match["state"]["history"]):
        match = {
            **api_move(server, match, match["state"]["legal_moves"][-1], match["to_move"]),
            "seats": match["seats"],
        }
    history, mover = match["state"]["history"], match["to_move"]
    other = next(p for p in match["players"] if p != mover)
    driver, watcher = browsers(), browsers()
    open_seat(driver, server, match["id"], mover, match["seats"][mover])
    wait(driver, lambda d: page(d)["next"])
    box = driver.find_element("id", "typed-move")
    assert box.get_attribute("placeholder") == match["state"]["legal_moves"][0]  # Donuts: placements alone
    box.send_keys(history[0] + "\n")  # a taken square, typed
    wait(driver, lambda d: "is taken" in page(d)["message"])
    message = page(driver)["message"]
    assert message.startswith(f"illegal move '{history[0]}'") and " after " not in message, message
    assert " ".join(history) not in message
    click(driver, history[1], highlighted=False)  # a taken square, clicked
    wait(driver, lambda d: page(d)["message"] == f"{history[1]} is taken")
    assert message_colour(driver) == ERROR_RED
    legal = set(page(driver)["next"])
    empty = sorted(squares - legal - set(history))[0]
    click(driver, empty, highlighted=False)  # an empty square off the line: Donuts' own reason (D4), as typed
    wait(driver, lambda d: page(d)["message"].startswith(f"illegal move '{empty}' in donuts: "))
    message = page(driver)["message"]
    assert f"{mover} must play on the " in message and f"through {history[-1]}, the square just played" in message
    assert " after " not in message
    # Not this browser's turn: the other seat's page says so.
    open_seat(watcher, server, match["id"], other, match["seats"][other])
    click(watcher, sorted(legal)[0], highlighted=False)
    wait(watcher, lambda d: page(d)["message"] == f"not your turn: {mover} is to move")
    assert page(watcher)["next"] == [] and page(watcher)["dots"] == 0 and page(driver)["dots"] > 0
    # A line about a position goes with it: once a move is played, the watcher's "not your turn" is gone.
    click(driver, sorted(legal)[0])
    wait(watcher, lambda d: len(page(d)["history"]) == len(history) + 1)
    assert page(watcher)["message"] == ""
    # A dead match link: the lobby says so (not the last match's page with a line under it).
    watcher.execute_script("location.hash = 'match=nosuchmatch'")
    wait(watcher, lambda d: d.find_element("id", "lobby").is_displayed())
    assert not watcher.find_element("id", "play").is_displayed()
    assert "nosuchmatch" in watcher.find_element("id", "lobby-message").text


def test_keyboard_play_on_the_board(server, browsers):
    match = two_people(server, moves=1)
    mover = match["to_move"]
    driver = browsers()
    open_seat(driver, server, match["id"], mover, match["seats"][mover])
    legal = wait(driver, lambda d: page(d)["next"])
    # Tabbing to the board shows the focus square; a headless window has no focus to
    # tab with, so the board is focused from script and a first key shows it.
    driver.execute_script("document.getElementById('board').focus()")
    press(driver, "SHIFT")
    wait(driver, lambda d: len(page(d)["focused"]) == 1)
    start = page(driver)["focused"][0]
    assert start in legal and page(driver)["focus"].startswith(start) and "you may play here" in page(driver)["focus"]
    files = "abcdef"
    right = files[files.index(start[0]) + 1] + start[1:] if start[0] != "f" else None
    press(driver, "RIGHT")
    wait(driver, lambda d: page(d)["focused"] == [right or start])
    assert page(driver)["focus"].startswith(right or start)
    if right:
        press(driver, "LEFT")  # back
    else:
        press(driver, "LEFT", "RIGHT")  # on the right edge: left, and back
    wait(driver, lambda d: page(d)["focused"] == [start])
    press(driver, *(("UP", "DOWN") if start[1] != "6" else ("DOWN", "UP")))  # a rank up and back, or down and back
    wait(driver, lambda d: page(d)["focused"] == [start])
    press(driver, "ENTER")  # Enter plays the focus square
    wait(driver, lambda d: page(d)["history"][1:] == [start])


def test_no_highlights_while_the_computer_thinks_even_after_a_takeback(server, browsers):
    match = server.create(players=["human", "alphabeta:time=1.5"])
    me = match["to_move"]
    token = match["seats"][me]
    driver = browsers()
    open_seat(driver, server, match["id"], me, token)
    square = wait(driver, lambda d: page(d)["next"][:1])[0]
    click(driver, square)
    wait(driver, lambda d: "is thinking" in page(d)["status"])
    now = page(driver)
    assert now["next"] == [] and now["dots"] == 0 and not now["undo"] and "(the computer" in now["status"], now
    click(driver, square, highlighted=False)
    wait(driver, lambda d: page(d)["message"] == "the computer is thinking")
    # A takeback from elsewhere (another tab) while it thinks: the person is to move, the computer still busy.
    answer = server.request("POST", f"/api/matches/{match['id']}/takeback", token=token)
    assert answer.status == 200 and answer.body["undone"] and answer.body["thinking"], answer.body
    assert answer.body["to_move"] == me
    wait(driver, lambda d: page(d)["history"] == [])
    now = page(driver)
    if "thinking" in now["status"]:  # it has not finished yet: said so, and no move taken
        assert f"{me} (" not in now["status"] and now["next"] == [], now
    # Then the person's turn again, with its highlights.
    wait(driver, lambda d: "(you)" in page(d)["status"] and page(d)["next"], seconds=20)


def test_a_hint_stays_with_its_match(server, browsers):
    from selenium.webdriver.support.ui import Select

    driver = browsers()
    driver.get(f"http://127.0.0.1:{server.port}/")

    def new_game() -> None:
        if "match=" in driver.current_url:
            driver.find_element("id", "new").click()  # the same page: a late answer could still land
            wait(driver, lambda d: d.find_element("id", "leave-confirm").is_displayed())  # a game going on: asked first
            driver.find_element("id", "leave-yes").click()
        wait(
            driver,
            lambda d: d.find_element("id", "lobby").is_displayed() and d.find_elements("css selector", "#game option"),
        )
        driver.find_element("css selector", '#game-cards [data-game="donuts"]').click()
        driver.execute_script("document.getElementById('more-options').open = true")
        Select(driver.find_element("id", "agent")).select_by_value("random")
        driver.find_element("id", "play-computer").click()
        wait(driver, lambda d: "match=" in d.current_url and "(you)" in page(d)["status"] and page(d)["next"])

    new_game()
    first = driver.current_url
    driver.find_element("id", "hint").click()
    wait(driver, lambda d: page(d)["message"].startswith("Hint: ") and page(d)["hinted"], seconds=20)
    assert message_colour(driver) != ERROR_RED  # news, not an error
    new_game()
    assert driver.current_url != first
    assert not page(driver)["message"] and not page(driver)["hinted"]
    # A hint asked just before leaving arrives while the next match is shown: dropped.
    driver.find_element("id", "hint").click()
    new_game()
    answered = "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/hint')).length"
    wait(driver, lambda d: d.execute_script(answered) == 2)  # the second hint's answer has arrived
    time.sleep(0.3)  # and the page has had its turn to handle it
    assert not page(driver)["message"] and not page(driver)["hinted"]


def placements_by_square(state: boardgames.State) -> dict[int, list[boardgames.Move]]:
    """The legal placements of ``state`` by the square they place on (Verso: each flip choice there)."""
    by_square: dict[int, list[boardgames.Move]] = {}
    for m in state.legal_moves:
        if m.is_placement:
            by_square.setdefault(m.to, []).append(m)
    return by_square


def verso_record_with_a_forced_flip(tmp_path: Path) -> tuple[Path, str, str, str]:
    """A Verso record (7×7, four pieces each) where the player to move has a
    placement whose only move flips one piece: the record, the player, the square, the move."""
    game = boardgames.game_class("verso").configure({"size": 7, "pieces": 4}, seed=0)
    rng = random.Random(5)
    for _ in range(500):
        state = game.start()
        while not state.is_over and len(state.history) < 8:
            forced = [ms[0] for ms in placements_by_square(state).values() if len(ms) == 1 and ms[0].marks]
            if forced:
                specs = ["human" if p == state.to_move else "random" for p in game.turn_order]
                path = tmp_path / "verso-forced.json"
                path.write_text(json.dumps(Match(state, specs).record().to_json()))
                move = forced[0]
                return path, state.to_move, game.grid.name(move.to), state.format_move(move)
            state = state.play(rng.choice(state.legal_moves))
    pytest.fail("no forced flip in 500 random Verso openings")


def test_a_forced_single_flip_is_played_from_one_click(server, browsers, tmp_path):
    path, player, square, move = verso_record_with_a_forced_flip(tmp_path)
    assert "x" in move and move.startswith(square)
    created = server.request("POST", "/api/matches", {"record": json.loads(path.read_text())})
    assert created.status == 201, created.body
    match = created.body
    driver = browsers()
    open_seat(driver, server, match["id"], player, match["seats"][player])
    played = len(match["state"]["history"])
    click(driver, square)
    wait(driver, lambda d: len(page(d)["history"]) > played)
    assert page(driver)["history"][played] == move


def green(driver) -> int:
    """How many squares the board paints as playable (not merely classed so)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#board .square')].filter(e => e.classList.contains('next')"
        " && Number(getComputedStyle(e).fillOpacity) > 0).length"
    )


def test_a_flip_choice_marks_only_the_prisoners(server, browsers):
    """Once a placement is clicked that may flip one of several prisoners, the
    board's dots (every empty point a move reaches) go: only the prisoners are offered."""
    game = boardgames.game_class("verso").configure({"size": 8}, seed=0)
    rng = random.Random(2)
    for _ in range(500):
        state = game.start()
        while not state.is_over and len(state.history) < 16:
            choices = [ms for ms in placements_by_square(state).values() if len(ms) > 1 and all(m.marks for m in ms)]
            if choices:
                break
            state = state.play(rng.choice(state.legal_moves))
        if choices:
            break
    else:
        pytest.fail("no flip choice in 500 random Verso openings")
    moves = choices[0]
    square = game.grid.name(moves[0].to)
    prisoners = sorted(state.format_move(m).split("x")[1] for m in moves)
    record = Match(state, ["human", "human"]).record().to_json()
    created = server.request("POST", "/api/matches", {"record": record})
    assert created.status == 201, created.body
    match = created.body
    player = state.to_move
    driver = browsers()
    open_seat(driver, server, match["id"], player, match["seats"][player])
    # Nearly every point may be played: none marked until asked (issue 43), then a dot on each a placement reaches.
    wait(driver, lambda d: page(d)["next"] and d.find_element("id", "show-moves").is_displayed())
    assert page(driver)["dots"] == 0 and green(driver) == 0
    driver.find_element("id", "show-moves").click()
    wait(driver, lambda d: page(d)["dots"] > 0 and green(driver) == len(page(d)["next"]))
    click(driver, square)
    wait(driver, lambda d: page(d)["next"] == prisoners)
    assert page(driver)["dots"] == 0, page(driver)
    # The keyboard's reading of the square taken says so, and the prompt for what follows is read out too.
    driver.execute_script(f"focusSquare = '{square}'; document.getElementById('board').focus(); announceFocus()")
    assert page(driver)["focus"] == f"{square}, empty, your move so far", page(driver)["focus"]
    assert driver.find_element("id", "prompt").get_attribute("aria-live") == "polite"
    click(driver, prisoners[0])
    wait(driver, lambda d: len(page(d)["history"]) == len(state.history) + 1)
    assert page(driver)["history"][-1] == f"{square}x{prisoners[0]}"


def test_connection_lost_is_said_and_cleared(tmp_path, browsers):
    folder = tmp_path / "server"
    first = Server(folder)
    port = first.port
    try:
        match = two_people(first, moves=4)  # the page's version is 4 when the server stops
        driver = browsers()
        player = match["to_move"]
        open_seat(driver, first, match["id"], player, match["seats"][player])
        wait(driver, lambda d: page(d)["next"])
        assert not page(driver)["offline"]
    finally:
        first.stop()
    wait(driver, lambda d: page(d)["offline"])
    click(driver, page(driver)["next"][0])  # a move sent to no server: said, nothing else
    wait(driver, lambda d: "connection lost" in page(d)["message"])
    again = Server(folder, "--port", str(port))  # the same address and data: the page finds its match again
    try:
        wait(driver, lambda d: not page(d)["offline"] and not page(d)["message"], seconds=20)
        # The restarted server's versions go on from above the last one served: the page follows it.
        square = page(driver)["next"][0]
        click(driver, square)
        wait(driver, lambda d: page(d)["history"][4:] == [square] and "(you)" not in page(d)["status"])
    finally:
        again.stop()


# -- clocks ------------------------------------------------------------------------------------


def test_the_clocks_count_down_and_a_flag_ends_the_game_on_time(server, browsers, tmp_path):
    answer = server.request(
        "POST",
        "/api/matches",
        {"game": "donuts", "seed": 7, "players": ["human", "random"], "clock": {"limit": 1.5, "increment": 0}},
    )
    if answer.status != 201 or answer.body.get("clock") is None:
        pytest.fail(f"the server runs no clock yet: {answer.body}")
    match = answer.body
    me = match["to_move"]
    driver = browsers()
    open_seat(driver, server, match["id"], me, match["seats"][me])
    wait(driver, lambda d: len(page(d)["clocks"]) == 2 and page(d)["next"])
    assert all(c["time"] == "0:01.5" for c in page(driver)["clocks"])
    click(driver, page(driver)["next"][0])  # each side's first move is free; then my clock runs
    # My clock runs (for 1.5 s: a slow page may see only the flag).
    wait(driver, lambda d: any(c["running"] and c["player"] == me for c in page(d)["clocks"]) or page(d)["banner"])
    wait(driver, lambda d: page(d)["banner"] is not None, seconds=10)
    now = page(driver)
    assert now["banner"] == "You lost — on time", now
    mine = next(c for c in now["clocks"] if c["player"] == me)
    assert mine["flagged"] and mine["time"] == "0:00.0" and not mine["running"]
    assert now["next"] == [] and now["dots"] == 0  # the position has legal moves, but the game is over
    screenshot(driver, "clock.png", tmp_path)


# -- a phone -----------------------------------------------------------------------------------


def test_verso_19_on_a_phone_takes_the_width(server, browsers, tmp_path):
    match = server.create(game="verso", options={"size": 19}, players=["human", "human"])
    driver = browsers()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True}
    )
    player = match["to_move"]
    open_seat(driver, server, match["id"], player, match["seats"][player])
    measured = driver.execute_script(
        """const svg = document.querySelector('#board svg').getBoundingClientRect();
        const at = (n) => document.querySelector(`#board .square[data-square="${n}"]`).getBoundingClientRect();
        const viewport = document.documentElement.clientWidth;
        return {width: svg.width, viewport, pitch: at('b1').left - at('a1').left};"""
    )
    assert measured["viewport"] == 360
    assert measured["width"] >= 350, measured  # the whole width, less a few pixels of margin
    assert measured["pitch"] >= 17.5, measured
    print(f"Verso 19x19 at 360 px: board {measured['width']:.1f} px, point pitch {measured['pitch']:.2f} px")
    screenshot(driver, "phone.png", tmp_path)
    # Zoomed, the points are half as far apart again, and the board scrolls sideways.
    driver.find_element("id", "zoom").click()
    zoomed = driver.execute_script(
        """const board = document.getElementById('board');
        const at = (n) => document.querySelector(`#board .square[data-square="${n}"]`).getBoundingClientRect();
        return {pitch: at('b1').left - at('a1').left, scrolls: board.scrollWidth > board.clientWidth + 100};"""
    )
    assert zoomed["pitch"] >= 1.5 * measured["pitch"] and zoomed["scrolls"], zoomed
    square = sorted(page(driver)["next"])[-1]  # far right: the zoomed board scrolls to it
    click(driver, square)
    wait(driver, lambda d: page(d)["history"] == [square])


def test_on_a_phone_a_point_of_the_review_brings_the_board_into_sight(server, browsers):
    """On a phone the graph and the move list are far under the board: a position
    asked for there is shown where the player can see it."""
    match = two_people(server, options={"board": FIVE_BOARD, "first": "vanilla"})
    for text in FIVE_MOVES.split():
        match = {**api_move(server, match, text, match["to_move"]), "seats": match["seats"]}
    driver = browsers()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True}
    )
    open_seat(driver, server, match["id"])
    driver.find_element("id", "review").click()
    wait(driver, lambda d: d.find_elements("css selector", "#review-graph .point"))
    in_sight = """const box = document.getElementById('board').getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;"""
    point = driver.find_element("css selector", '#review-graph .point[data-ply="3"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", point)
    assert not driver.execute_script(in_sight)  # the graph is under the board, out of sight of it
    point.click()
    wait(driver, lambda d: page(d)["lookback"] == "3" and page(d)["pieces"] == 3)
    assert driver.execute_script(in_sight)


# -- a club's page (issue 43) ----------------------------------------------------------------------


def club(driver) -> dict[str, Any]:
    return driver.execute_script(
        """const shown = (id) => {
          const e = document.getElementById(id); return !e.hidden && e.offsetParent !== null; };
        const text = (id) => document.getElementById(id).textContent;
        return {hint: shown('hint'), people: text('club-people'),
          draw: shown('club-draw') ? text('club-draw-text') : null, accept: shown('club-draw-accept'),
          rematch: shown('club-rematch') ? text('club-rematch-text') : null, go: shown('club-rematch-go'),
          messages: [...document.querySelectorAll('#club-messages li')].map(l => l.textContent),
          banner: shown('banner') ? text('banner') : null, casual: shown('club-casual-note')};"""
    )


def test_two_people_no_hint_a_draw_a_message_and_a_rematch_in_two_browsers(server, browsers):
    """At Verso (a game that may be drawn): both seats here, no Hint between
    people, a draw offered and accepted, a quick message, a rematch asked and
    accepted, each browser in its own new seat, colours swapped."""
    from selenium.webdriver.support.ui import Select

    match = two_people(server, game="verso", names={"light": "Ann", "dark": "Bob"})
    first, second = browsers(), browsers()
    open_seat(first, server, match["id"], "light", match["seats"]["light"])
    open_seat(second, server, match["id"], "dark", match["seats"]["dark"])
    for driver in (first, second):  # both streams open: both seats are here; no hint button between people
        wait(driver, lambda d: club(d)["people"] == "Ann (light): here · Bob (dark): here")
        assert club(driver)["hint"] is False and club(driver)["casual"] is False
    first.find_element("id", "club-draw-offer").click()
    wait(second, lambda d: club(d)["draw"] == "Ann (light) offers a draw." and club(d)["accept"])
    wait(first, lambda d: club(d)["draw"] == "You offered a draw.")
    Select(second.find_element("id", "club-message")).select_by_visible_text("good game")
    second.find_element("css selector", "#club-say button").click()
    wait(first, lambda d: club(d)["messages"] == ["Bob: good game"])
    second.find_element("id", "club-draw-accept").click()
    for driver in (first, second):
        wait(driver, lambda d: (club(d)["banner"] or "").startswith("Draw"))
    first.find_element("id", "club-rematch-ask").click()
    wait(second, lambda d: club(d)["rematch"] == "Ann (light) asks a rematch.")
    second.find_element("id", "club-rematch-accept").click()
    for driver in (first, second):
        wait(driver, lambda d: club(d)["go"])
        driver.find_element("id", "club-rematch-go").click()
    new_id = server.request("GET", f"/api/matches/{match['id']}").body["rematch"]
    for driver, you in ((first, "You play dark, second."), (second, "You play light, first.")):
        wait(driver, lambda d, you=you: d.current_url.endswith(f"#match={new_id}") and page(d)["you"] == you)
    wait(second, lambda d: page(d)["next"] and "(you)" in page(d)["status"])  # Bob moves first now
    first.get("about:blank")  # Ann leaves the page (kept in the back-forward cache or not): she is away
    wait(second, lambda d: club(d)["people"] == "Bob (light): here · Ann (dark): away")
