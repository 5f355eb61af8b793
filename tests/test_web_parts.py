"""Moves made in parts on the server and the page (issue 24): ``GET
/api/matches/{id}/parts?move=...`` says what may follow a move being made,
and the page builds a move click by click from it, for a game that lists no
whole moves (``legal_moves`` null).

The game is defined here, a small Amazons (6×6, two queens each: a queen
slides, then shoots an arrow from where it lands), so that nothing depends on
the Amazons example. It is registered in this process for the module's
length, and a real uvicorn server (``serve``'s guarded protocol, on a
loopback port) runs ``create_app`` in a thread of this process, so that it
sees the game. The browser test drives Debian's headless Chromium with
Selenium, as ``tests/test_web_browser.py`` does, and skips as it does
without them.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from typing import Any
from urllib.parse import quote

import attrs
import pytest

from boardgames import BitboardState, Game, Grid, Move, Outcome, PieceKind, bits, hookimpl, transfer
from boardgames.rules.parts import Parts
from boardgames.testing import plugin
from helpers import headless_chromium, screenshot, wait_until

# -- the game --------------------------------------------------------------------


@attrs.frozen(kw_only=True, slots=False)
class ArrowsState(BitboardState):
    #: The squares an arrow has burnt.
    arrows: int = 0


class Arrows(Game[ArrowsState]):
    """Amazons on 6×6 with two queens each: move a queen as a chess queen
    moves, then shoot an arrow from where it lands, the same way; a player
    who cannot move loses."""

    name = "arrows"
    title = "Arrows"
    summary = "A small Amazons for the tests: move a queen, then shoot an arrow."
    player_names = ("white", "black")
    neutral_kinds = (PieceKind("arrow", letter="x", shape="cross"),)
    parts_per_move = 3
    max_length = 36

    def setup(self) -> None:
        self.grid = Grid.get(6)

    def initial_state(self) -> ArrowsState:
        mask = self.grid.mask
        square = self.grid.parse_square
        return ArrowsState(game=self, boards=(mask([square("b1"), square("e1")]), mask([square("b6"), square("e6")])))

    def can_move(self, state: ArrowsState, player: int) -> int:
        """The pieces of ``player`` that have somewhere to go."""
        blockers = state.occupied | state.arrows
        return sum(1 << sq for sq in bits(state.boards[player]) if self.grid.slide(sq, blockers))

    def next_parts(self, state: ArrowsState, partial: Move) -> Parts:
        blockers = state.occupied | state.arrows
        if partial.origin < 0:
            return Parts(origins=self.can_move(state, state.turn))
        if partial.to < 0:
            return Parts(targets=self.grid.slide(partial.origin, blockers))
        if not partial.marks:
            moved = blockers & ~(1 << partial.origin) | 1 << partial.to
            return Parts(marks=self.grid.slide(partial.to, moved))
        return Parts(complete=True)

    def apply(self, state: ArrowsState, move: Move) -> ArrowsState:
        me = state.turn
        after = ArrowsState(
            game=self,
            history=(*state.history, move),
            turn=1 - me,
            boards=transfer(state.boards, me, 1 << move.to, 1 << move.origin),
            arrows=state.arrows | 1 << move.marks[0],
        )
        if self.can_move(after, 1 - me):
            return after
        loser = self.player_names[1 - me]
        return attrs.evolve(after, outcome=Outcome(me, f"{loser} cannot move"))

    def neutral(self, state: ArrowsState) -> dict[int, int]:
        return dict.fromkeys(bits(state.arrows), 0)


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Arrows)


@pytest.fixture(scope="module")
def arrows():
    with plugin(Hooks, "arrows-under-test"):
        yield Arrows.configure(seed=0)


def names(game: Game, mask: int) -> list[str]:
    return [game.grid.names[sq] for sq in bits(mask)]


# -- a real server in a thread ------------------------------------------------------


@attrs.frozen
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


class Served:
    """``create_app`` on uvicorn with ``serve``'s guarded protocol, on a loopback port."""

    def __init__(self, data) -> None:
        uvicorn = pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
        from boardgames.web.app import LOOPBACK_NAMES, create_app
        from boardgames.web.guard import guarded_protocol
        from boardgames.web.limits import Limits

        self.app = create_app(data, hosts=LOOPBACK_NAMES)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app, log_level="warning", lifespan="on", http=guarded_protocol(Limits()), timeout_graceful_shutdown=1
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}/"

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"content-type": "application/json"} if body is not None else {}
        if token is not None:
            headers["authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        kind = response.getheader("content-type", "")
        parsed = json.loads(raw) if kind.startswith("application/json") else raw.decode("utf-8", "replace")
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, parsed)

    def create(self, game: str, players: list[str]) -> dict[str, Any]:
        answer = self.request("POST", "/api/matches", {"game": game, "seed": 1, "players": players})
        assert answer.status == 201, answer
        return answer.body

    def parts(self, match_id: str, move: str | None = None) -> Answer:
        query = "" if move is None else "?move=" + quote(move, safe="")
        return self.request("GET", f"/api/matches/{match_id}/parts{query}")

    def stop(self) -> None:
        self.app.state.stopping.set()
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture(scope="module")
def served(arrows, tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("web-parts") / "data")
    yield server
    server.stop()


# -- the endpoint -------------------------------------------------------------------


def test_the_state_gives_the_first_parts_and_the_endpoint_the_same(served, arrows):
    match = served.create("arrows", ["human", "human"])
    state = match["state"]
    assert state["legal_moves"] is None  # moves in parts: no list of whole moves
    first = {"origins": ["b1", "e1"], "targets": [], "marks": [], "complete": False, "can_pass": False}
    assert state["parts"] == first
    for move in (None, "", "  "):
        answer = served.parts(match["id"], move)
        assert answer.status == 200, answer
        assert answer.body == {**first, "partial": "", "ply": 0}
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_an_origin_then_a_destination_then_the_arrow(served, arrows):
    match_id = served.create("arrows", ["human", "human"])["id"]
    start = arrows.start()
    square = arrows.grid.parse_square
    picked = served.parts(match_id, "b1")  # a square alone that holds a piece that may move: the origin
    assert picked.status == 200, picked
    targets = names(arrows, start.parts(Move(square("b1"))).targets)
    assert picked.body == {
        **{"origins": [], "targets": targets, "marks": [], "complete": False, "can_pass": False},
        "partial": "b1",
        "ply": 0,
    }
    assert "b5" in targets and "e1" not in targets  # up the file; not through the other queen
    landed = served.parts(match_id, " B1-b4 ")  # as the notation reads it: spaces and case
    assert landed.status == 200, landed
    marks = names(arrows, start.parts(Move(square("b1"), square("b4"))).marks)
    assert landed.body["marks"] == marks and "b1" in marks and "b4" not in marks  # the queen left b1
    assert landed.body["origins"] == landed.body["targets"] == [] and not landed.body["complete"]
    assert landed.body["partial"] == "b1-b4"
    whole = served.parts(match_id, "b1-b4xb1")
    assert whole.status == 200, whole
    assert whole.body == {
        **{"origins": [], "targets": [], "marks": [], "complete": True, "can_pass": False},
        "partial": "b1-b4xb1",
        "ply": 0,
    }


def test_a_move_that_starts_no_legal_move_is_a_400_in_one_line(served, arrows):
    match_id = served.create("arrows", ["human", "human"])["id"]
    for text, says in [
        ("zz", "is not a move"),
        ("z9", "off the board"),
        ("b6", "no move starts on b6"),  # black's queen, on white's turn
        ("c3", "no move starts on c3"),  # no placement here
        ("b1-e1", "e1 does not follow 'b1'"),  # through nothing, onto the other queen
        ("b1-b4xb4", "b4 does not follow 'b1-b4'"),  # the queen stands there
        ("b1-b4xb1xc1", "c1 does not follow 'b1-b4xb1'"),  # one arrow
        ("pass", "no one may pass here"),
        ("b1-b4-b5", "is not a move"),
        ("\x00", "is not a move"),
        ("x" * 1001, "over 1000 characters"),
    ]:
        answer = served.parts(match_id, text)
        assert answer.status == 400, (text, answer)
        message = answer.body["error"]
        assert says in message and "\n" not in message, (text, message)
        assert len(message) < 300, message
    assert served.parts("no-such-match", "b1").status == 404


def test_the_parts_follow_the_position(served, arrows):
    match = served.create("arrows", ["human", "human"])
    match_id, seats = match["id"], match["seats"]
    moved = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "b1-b4xb1"}, seats["white"])
    assert moved.status == 200, moved
    assert moved.body["state"]["parts"]["origins"] == ["b6", "e6"]
    answer = served.parts(match_id, "b6")
    assert answer.status == 200 and answer.body["ply"] == 1 and "b5" in answer.body["targets"]
    assert "b4" not in answer.body["targets"] and "b3" not in answer.body["targets"]  # white's queen is in the way
    assert served.parts(match_id, "b1").status == 400  # an arrow is there now
    # A past position's parts (a move tried again in the review): ?ply=N answers for it.
    before = served.request("GET", f"/api/matches/{match_id}/parts?ply=0&move=b1")
    assert before.status == 200 and before.body["ply"] == 0 and "b4" in before.body["targets"], before
    for query, status in [("ply=2", 400), ("ply=-1", 400), ("ply=x", 400), ("ply=0&move=b6", 400)]:
        answer = served.request("GET", f"/api/matches/{match_id}/parts?{query}")
        assert answer.status == status and "\n" not in answer.body["error"], (query, answer)


def test_a_game_that_lists_its_moves_answers_too(served):
    """Donuts (placements) and Verso: the default parts, from the legal moves."""
    match_id = served.create("donuts", ["human", "human"])["id"]
    placed = served.parts(match_id, "c3")
    assert placed.status == 200, placed
    assert placed.body["complete"] and not placed.body["targets"] and not placed.body["marks"]
    verso = served.create("verso", ["human", "human"])
    first = verso["state"]["legal_moves"][0]
    answer = served.parts(verso["id"], first)
    assert answer.status == 200 and answer.body["complete"] and answer.body["partial"] == first, answer


# -- the page -------------------------------------------------------------------------


@pytest.fixture
def driver(tmp_path):
    chrome = headless_chromium(tmp_path / "profile")
    yield chrome
    chrome.quit()


wait = wait_until


def read(driver, script: str) -> Any:
    """Read the page through JavaScript: it redraws the board as the match changes."""
    return driver.execute_script("return " + script)


def page(driver) -> dict[str, Any]:
    return read(
        driver,
        """{
        next: [...document.querySelectorAll('#board .square.next')].map(e => e.dataset.square).sort(),
        chosen: [...document.querySelectorAll('#board .square.chosen')].map(e => e.dataset.square).sort(),
        prompt: document.getElementById('prompt').textContent,
        asIs: !document.getElementById('choice').hidden,
        status: document.getElementById('status').textContent,
        history: [...document.querySelectorAll('#moves li button')].map(b => b.textContent),
    }""",
    )


def click(driver, name: str) -> None:
    """Click the square ``name`` once it is highlighted."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By

    def clicked(d) -> bool:
        try:
            d.find_element(By.CSS_SELECTOR, f'#board .square.next[data-square="{name}"]').click()
            return True
        except (StaleElementReferenceException, NoSuchElementException):  # the board was redrawn meanwhile
            return False

    wait(driver, clicked)


def test_the_page_plays_a_move_in_three_clicks(served, arrows, driver, tmp_path):
    from selenium.webdriver.common.by import By

    words = arrows.words
    start = arrows.start()
    square = arrows.grid.parse_square
    driver.get(served.url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#game-cards [data-game="arrows"]'))
    driver.find_element(By.CSS_SELECTOR, '#game-cards [data-game="arrows"]').click()
    driver.find_element(By.ID, "play-here").click()  # both seats at this screen
    wait(driver, lambda d: "(you)" in page(d)["status"] and page(d)["next"])
    now = page(driver)
    assert now["next"] == ["b1", "e1"] and now["prompt"] == words.pick_origin and not now["asIs"]

    click(driver, "b1")  # the queen: where it may go comes from the server
    targets = sorted(names(arrows, start.parts(Move(square("b1"))).targets))
    wait(driver, lambda d: page(d)["next"] == targets)
    now = page(driver)
    assert now["chosen"] == ["b1"] and now["prompt"] == words.pick_to and not now["asIs"]

    square_at = lambda name: driver.find_element(By.CSS_SELECTOR, f'#board .square[data-square="{name}"]')  # noqa: E731
    square_at("e1").click()  # where b1's queen cannot go: the choice starts again, from e1's queen
    wait(driver, lambda d: page(d)["chosen"] == ["e1"] and page(d)["next"])
    assert "b1" not in page(driver)["next"]
    square_at("a6").click()  # continues nothing and starts nothing: nothing is chosen
    wait(driver, lambda d: page(d)["chosen"] == [] and page(d)["next"] == ["b1", "e1"])

    click(driver, "b1")
    wait(driver, lambda d: page(d)["next"] == targets)
    click(driver, "b4")  # where it lands: where the arrow may go
    marks = sorted(names(arrows, start.parts(Move(square("b1"), square("b4"))).marks))
    wait(driver, lambda d: page(d)["next"] == marks)
    screenshot(driver, "parts.png", tmp_path)  # the queen moved, her arrow's squares offered
    now = page(driver)
    assert now["chosen"] == ["b1", "b4"] and now["prompt"] == words.pick_mark and not now["asIs"]

    click(driver, "b1")  # the arrow, where the queen was: the move is whole and is played
    wait(driver, lambda d: page(d)["history"] == ["b1-b4xb1"])
    wait(driver, lambda d: page(d)["next"] == ["b6", "e6"] and "black" in page(d)["status"])
    assert page(driver)["chosen"] == []
