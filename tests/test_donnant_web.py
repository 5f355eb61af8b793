"""Donnant Donnant on the page (issue 40): a real ``boardgames serve``
(tests/server.py) and four headless Chromium sessions, one a seat, each
opened from its own invite link, play a whole 4-player game to its end
through the page: a card put back by a click on it, dice rerolled and dice
written into boxes by clicks on the dice and the boxes, what the picture does
not draw ("stop", a joker, a die read as another value) by the page's move
buttons, and now and then a move typed in the box. After each reroll the
passive seats choose at the same time, each in its own browser thread. Each
browser shows only its own dealt cards face up during the set-up; every
choice made lands in the record; every page ends on the result in words.
Screenshots go to BOARDGAMES_SCREENSHOTS (docs/img) where it is set.
"""

from __future__ import annotations

import os
import random
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
pytest.importorskip("selenium.webdriver", reason="Selenium is in the extra 'test'")

from server import Server  # noqa: E402

from helpers import headless_chromium  # noqa: E402

SEATS = ("north", "east", "south", "west")
WAIT = 20


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("donnant-web"))
    yield running
    running.stop()
    assert "Traceback" not in running.stderr()


#: Waits (in the page, on its own "boardgames:shown" event, no polling over WebDriver) until this browser's
#: seat is asked something new with its picture drawn, or the game is over; then says what the page holds.
LOOK = """
const [player, last, ms] = arguments, done = arguments[arguments.length - 1];
const text = (id) => document.getElementById(id).textContent;
const keyOf = (m) => [m.state.history.length, m.asked.join(","), m.chosen.join(",")].join("|");
if (!window.said) {  // every line the page says (an error said and then cleared by a redraw is kept)
  window.said = [];
  const saying = say;
  say = (line, news) => {
    if (line && !news && !line.startsWith("connection")) window.said.push(line);
    saying(line, news);
  };
  window.sending = 0;  // moves sent and not yet answered: until then the page may show what came before
  const playing = play;
  play = (text) => {
    window.sending += 1;
    return playing(text).finally(() => { window.sending -= 1; document.dispatchEvent(new Event("answered")); });
  };
}
let timer = null;
const look = () => {
  const m = current;
  if (m && m.result && drawn === boardKey()) return answer({ result: m.result, banner: text("banner") });
  const asked = m && actingSeat() === player && m.move_squares && drawn === boardKey() && !text("banner")
    && keyOf(m) !== last && !window.sending;
  if (!asked) return;
  const message = text("message");
  answer({
    result: null, key: keyOf(m), history: m.state.history.length, chosen: m.chosen, moves: m.move_squares,
    question: m.question, prompt: text("prompt"), progress: m.progress,
    message: window.said.join("; "),
    buttons: [...document.querySelectorAll("#move-buttons button")].map((b) => b.textContent),
    hands: [...document.querySelectorAll("#board title")].map((t) => t.textContent).filter((t) => t.includes("hand")),
    mine: [...document.querySelectorAll("#board .square")].filter(takesClick).map((e) => e.dataset.square),
    others: [...document.querySelectorAll("#board .square")].filter((e) => !takesClick(e)).map((e) => e.dataset.square),
    next: [...document.querySelectorAll("#board .square.next")].map((e) => e.dataset.square),
    setup: /put back/.test(m.question || ""),
  });
};
const answer = (value) => {
  document.removeEventListener("boardgames:shown", look);
  document.removeEventListener("answered", look);
  clearTimeout(timer);
  done(value);
  done = () => {};
};
document.addEventListener("boardgames:shown", look);
document.addEventListener("answered", look);
timer = setTimeout(() => answer({ timeout: JSON.stringify({
  asked: current && current.asked, acting: actingSeat(), key: current && keyOf(current), last,
  moves: Boolean(current && current.move_squares), fresh: drawn === boardKey(), chosen, sending: window.sending,
  said: window.said, banner: text("banner") }) }), ms);
look();
"""

#: Makes one choice through the page, in the page: presses its move button, or clicks the sites in the order
#: given (each the top-most element where it is drawn, as a tap would find it; a click on ``{other: site}``
#: is one on another seat's drawing of that site, which must do nothing), or types the move. Answers what
#: happened ("stale" where the page moved on under it, before anything was clicked).
ACT = """
const [how, text, clicks, key, player] = arguments, done = arguments[arguments.length - 1];
const keyOf = (m) => [m.state.history.length, m.asked.join(","), m.chosen.join(",")].join("|");
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
(async () => {
  if (!current || keyOf(current) !== key || actingSeat() !== player) return "stale";
  if (how === "button") {
    const button = [...document.querySelectorAll("#move-buttons button")].find((b) => b.textContent === text);
    if (!button) return "no button " + text;
    button.click();
    return "ok";
  }
  if (how === "typed") {
    $("#typed-move").value = text;
    $("#typed").requestSubmit();
    return "ok";
  }
  const clicked = [], ply = current.state.history.length;
  for (const click of clicks) {
    const square = click.other || click.square;
    if (current.state.history.length !== ply) return "stale";  // the game moved on under the clicks: looked at again
    if (!chosen.length && !$("#board .square.next")) break;  // the move is made (what followed was taken by the page)
    if (chosen.includes(square) && !click.again) continue;  // taken by the page: the one way on
    const all = [...document.querySelectorAll('#board .square[data-square="' + square + '"]')];
    const element = click.other ? all.find((e) => !takesClick(e)) : all.find(takesClick);
    if (!element) return "not drawn: " + square;
    const offered = element.classList.contains("next") || chosen.includes(square);
    if (!click.other && !offered) return "not offered: " + square;
    element.scrollIntoView({ block: "center" });
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (top !== element && !click.other) return "covered: " + square + " by " + (top && top.outerHTML.slice(0, 99));
    const before = edits;  // counts each change to the move being made
    element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await tick();
    if (current.state.history.length !== ply) return "stale";
    if (click.other) {
      if (edits !== before || $("#message").textContent) return "another seat's copy was taken: " + square;
      continue;
    }
    if (edits === before) return "click not taken: " + square + " " + $("#message").textContent;
    if (!click.other) clicked.push(square);
  }
  if (!$("#choice").hidden) $("#as-is").click();  // a move that may go on (more dice to reroll), played as it is
  return "ok " + clicked.join(" ");
})().then(done, (error) => done("error: " + error));
"""


def pick(texts: list[str], rng: random.Random) -> str:
    """A seeded choice that ends a game in a few hundred decisions: buy, complete, place a card, put one
    back when one may; the active player rerolls about every other time (the passive seats then choose
    at once) and stops otherwise; a passive seat mostly writes a die; jokers now and then."""
    for first in ("buy:", "complete:", "#", "putback:", "remove:"):
        some = sorted(t for t in texts if t.startswith(first))
        if some:
            return rng.choice(some)
    rerolls = sorted(t for t in texts if t.startswith("reroll:"))
    if rerolls and rng.random() < 0.5:
        return rng.choice(rerolls)
    if "stop" in texts and (rerolls or rng.random() < 0.7):
        return "stop"
    writes = sorted(t for t in texts if ">" in t)
    if writes and rng.random() < 0.9:
        return rng.choice(writes)
    return rng.choice(sorted(texts))


def at_once(log: list) -> bool:
    """Whether two seats wrote a die as passive players (``y>c3.2``) after the same reroll (at the same
    ply), each in its own browser while the other's choice was due too (DD8: asked at once, each held
    unseen until all are in)."""
    by_ply: dict[int, set[str]] = {}
    for player, ply, _, text, _ in log:
        if ">" in text and "." in text.split(">")[1]:
            by_ply.setdefault(ply, set()).add(player)
    return any(len(players) > 1 for players in by_ply.values())


class Seat(threading.Thread):
    """One browser playing one seat: whenever its page says it is asked, it picks a move among those
    the page offers and makes it through the page (clicks on the picture, a move button, or the box)."""

    def __init__(self, driver, player: str, seed: int, log: list, lock: threading.Lock) -> None:
        super().__init__(daemon=True)
        self.driver, self.player, self.rng = driver, player, random.Random(f"{seed}/{player}")
        self.log, self.lock = log, lock
        self.error: BaseException | None = None
        self.hands_in_setup: list[list[str]] = []
        self.ways = {"click": 0, "button": 0, "typed": 0}
        #: What the clicks tried on the way: dice clicked out of order, a die clicked twice (unchosen), a
        #: click on another seat's drawing of one's own site, a card placed by a click on a free place.
        self.seen = {"out of order": 0, "unchosen": 0, "another's copy": 0, "placed": 0}
        self.waited = self.acted = 0.0
        self.banner = ""

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def play(self) -> None:
        d, last = self.driver, None
        while True:
            started = time.monotonic()
            page = d.execute_async_script(LOOK, self.player, last, WAIT * 1000)
            self.waited += time.monotonic() - started
            if "timeout" in page:
                print(self.player, "timed out", self.log[-4:], page["timeout"], file=sys.stderr, flush=True)
            assert "timeout" not in page, (self.player, len(self.log), self.log[-3:], page.get("timeout"))
            if page["result"]:
                self.banner = page["banner"]
                return
            assert not page["message"], (self.player, page["message"])  # a move refused, or a click that began none
            assert set(page["mine"]).isdisjoint(page["next"]) or set(page["next"]) <= set(page["mine"])
            if page["setup"]:  # the hands as drawn now (the dealt cards during the set-up)
                self.hands_in_setup.append(page["hands"])
            text = pick(sorted(page["moves"]), self.rng)
            started = time.monotonic()
            how = self.make(text, page)
            self.acted += time.monotonic() - started
            if how is None:
                continue  # the page moved on under it: looked at again
            with self.lock:
                self.log.append((self.player, page["history"], list(page["chosen"]), text, how))
            last = page["key"]

    def make(self, text: str, page: dict[str, Any]) -> str | None:
        """Play ``text`` through the page: its button where the page offers one, else by clicks on the
        picture's sites, else (and now and then anyway) typed in the box; how, or None if the page moved on."""
        squares = page["moves"][text]
        if text in page["buttons"]:
            how, clicks = "button", []
        elif squares != "pass" and self.rng.random() > 0.05:
            how, clicks = "click", self.clicks(text, squares, page)
        else:
            how, clicks = "typed", []
        said = self.driver.execute_async_script(ACT, how, text, clicks, page["key"], self.player)
        if said == "stale":
            return None
        assert said.split(" ")[0] == "ok", (self.player, text, squares, said)
        if text.startswith("#") and ">" in text and re.findall(r"[a-z][0-9]+", squares)[-1] in said.split(" ")[1:]:
            self.seen["placed"] += 1  # the card, then the free place it goes to, clicked
        self.ways[how] += 1
        return how

    def clicks(self, text: str, squares: str, page: dict[str, Any]) -> list[dict[str, str]]:
        """The clicks that make ``text``: its sites, where drawn (a first one every move starts from and the
        picture does not draw is taken by the page); the dice to reroll in a shuffled order, now and then
        with a die clicked twice on the way (chosen, then unchosen); now and then first a click on another
        seat's drawing of a site of one's own tableau (each tableau numbers its places alike)."""
        parts = re.findall(r"[a-z][0-9]+", squares)  # a site's name may be x11: no split on x
        drawn = [p for p in parts if p in page["mine"]]
        clicks = [{"square": p} for p in drawn]
        if text.startswith("reroll:") and len(drawn) > 1:
            shuffled = drawn[:]
            while shuffled == drawn:
                self.rng.shuffle(shuffled)
            clicks = [{"square": p} for p in shuffled]
            self.seen["out of order"] += 1
            spare = sorted(set(page["mine"]) & set(page["next"]) - set(drawn))
            if spare and self.rng.random() < 0.5:
                extra = {"square": self.rng.choice(spare)}
                clicks[1:1] = [extra, {**extra, "again": "yes"}]  # chosen, then unchosen by a second click
                self.seen["unchosen"] += 1
        copies = [c for c in clicks if c["square"] in page["others"]]
        if copies and self.rng.random() < 0.5:
            clicks.insert(clicks.index(copies[0]), {"other": copies[0]["square"]})
            self.seen["another's copy"] += 1
        return clicks


def test_a_whole_four_player_game_in_four_browsers(server, tmp_path):
    """DD4 (the put-back, private), DD8 (the passive seats' choices at once, hidden until all are in), DD12:
    a whole 4-player game, every choice made in the browser of the seat that makes it."""
    seed = 4
    made = server.request(
        "POST",
        "/api/matches",
        {"game": "donnant", "options": {"players": 4}, "seed": seed, "players": ["human"] * 4},
    )
    assert made.status == 201, made
    match = made.body
    drivers: dict[str, Any] = {}
    started = time.monotonic()
    try:
        for player in SEATS:
            driver = headless_chromium(tmp_path / f"profile-{player}")
            driver.set_script_timeout(WAIT + 10)
            drivers[player] = driver
            driver.get(
                f"http://127.0.0.1:{server.port}/#match={match['id']}&seat={player}&token={match['seats'][player]}"
            )
        opened = time.monotonic() - started
        log: list = []
        lock = threading.Lock()
        seats = [Seat(drivers[p], p, seed, log, lock) for p in SEATS]
        for seat in seats:
            seat.start()
        for seat in seats:
            seat.join(WAIT * 10)
        took = time.monotonic() - started - opened
        errors = [(seat.player, seat.error) for seat in seats if seat.error is not None]
        for player, error in errors:
            print(player, repr(error)[:3000], file=sys.stderr)
        assert not errors, errors
        assert not any(seat.is_alive() for seat in seats)
        final = server.request("GET", f"/api/matches/{match['id']}").body
        assert final["result"], final
        assert at_once(log), log  # passive choices made at the same time in different browsers
        # Each browser showed its own dealt cards face up, and every other hand face down.
        for seat in seats:
            assert seat.hands_in_setup
            for hands in seat.hands_in_setup:
                for line in hands:
                    owner = line.split("'s hand")[0].split(", in ")[-1]
                    if owner != seat.player and "'s hand:" in line:
                        assert "face down" in line and "card, not done" not in line, (seat.player, line)
                    if line.endswith("'s hand") and ", in " in line:  # a card's site in a hand: the viewer's own
                        assert line.endswith(f"in {seat.player}'s hand"), (seat.player, line)
        # Every choice the game asked for was made in a browser, and landed: the record holds each, in order.
        record = server.request("GET", f"/api/matches/{match['id']}/record").body
        texts = record["history"]
        for player, ply, _, text, _ in log:
            assert text in texts[ply:], (player, ply, text)
        # Dice for a reroll clicked in any order, one clicked twice (unchosen); a click on another seat's copy
        # of one's own site did nothing; a bought card placed by a click on a free place (DD10).
        tried = {k: sum(s.seen[k] for s in seats) for k in seats[0].seen}
        assert all(tried.values()), tried
        # The result in words on every page.
        for seat in seats:
            won = final["winner"] == seat.player
            assert seat.banner.startswith("You won — " if won else "You lost — "), (seat.player, seat.banner)
        print(
            f"\n{len(log)} choices through four browsers in {took:.0f} s (browsers opened in {opened:.0f} s);"
            f" waiting on the page {sum(s.waited for s in seats):.0f} s, acting {sum(s.acted for s in seats):.0f} s"
            f" (summed over the four threads); ways {[s.ways for s in seats]}; tried {tried}"
        )
        folder = os.environ.get("BOARDGAMES_SCREENSHOTS")
        if folder:  # the page from its top, the result over the side column, at a desktop's width
            drivers["north"].set_window_size(1280, 1000)
            drivers["north"].execute_script("window.scrollTo(0, 0)")
            time.sleep(1)  # the board drawn again for the new width
            drivers["north"].save_screenshot(str(Path(folder) / "donnant-end.png"))
    finally:
        for driver in drivers.values():
            driver.quit()


# -- what the page is sent: the sites of each seat's drawing, the room, the progress (issue 40) ----------------


def play_until(server: Server, match: dict[str, Any], done, seed: int = 1) -> dict[str, Any]:
    """Play seeded choices through the API, each asked seat with its own token, until ``done(public)``."""
    rng = random.Random(seed)
    for _ in range(3000):
        public = server.request("GET", f"/api/matches/{match['id']}").body
        if done(public) or public["result"]:
            return public
        for player in public["asked"]:
            mine = server.request("GET", f"/api/matches/{match['id']}", token=match["seats"][player]).body
            if player in mine["asked"] and mine.get("move_squares"):
                text = pick(sorted(mine["move_squares"]), rng)
                server.request("POST", f"/api/matches/{match['id']}/moves", {"move": text}, match["seats"][player])
                break
    raise AssertionError("never reached")


def targets(svg: str) -> list[dict[str, str]]:
    import xml.etree.ElementTree as ET

    return [dict(e.attrib) for e in ET.fromstring(svg).iter() if "square" in e.get("class", "").split()]


def test_each_tableau_s_drawing_of_a_site_says_whose_it_is(server):
    """Each tableau numbers its places and boxes alike (games/donnant/sites.py): a site drawn in several
    players' tableaux carries each drawing's owner (data-owner) and is named by that drawing alone, so that
    the page takes a click on the seat's own (DD7's places, DD9's boxes)."""
    made = server.request(
        "POST", "/api/matches", {"game": "donnant", "options": {"players": 2}, "seed": 3, "players": ["human"] * 2}
    ).body
    play_until(server, made, lambda m: len(m["state"]["history"]) > 60)
    svg = server.request("GET", f"/api/matches/{made['id']}/board.svg", token=made["seats"]["north"]).body
    drawn = targets(svg if isinstance(svg, str) else svg.decode())
    by_site: dict[str, list[dict[str, str]]] = {}
    for target in drawn:
        by_site.setdefault(target["data-square"], []).append(target)
    shared = {site: copies for site, copies in by_site.items() if len(copies) > 1}
    assert shared, "no site drawn twice: both tableaux have a card at c3"
    for site, copies in shared.items():
        owners = [c.get("data-owner") for c in copies]
        assert len(set(owners)) == len(owners) and None not in owners, (site, owners)
        for copy in copies:  # named by its own drawing, not by the other player's card
            other = "east" if copy["data-owner"] == "north" else "north"
            assert f"{copy['data-owner']}'s tableau" in copy["aria-label"], copy
            assert f"{other}'s tableau" not in copy["aria-label"], copy


def test_a_wide_room_lays_a_tableau_s_columns_side_by_side_and_a_bad_width_is_a_400(server):
    made = server.request(
        "POST", "/api/matches", {"game": "donnant", "options": {"players": 4}, "seed": 5, "players": ["human"] * 4}
    ).body
    play_until(server, made, lambda m: len(m["state"]["history"]) > 150)  # each has laid its set-up cards
    path = f"/api/matches/{made['id']}/board.svg"

    def columns(query: str) -> int:
        svg = server.request("GET", path + query, token=made["seats"]["north"]).body
        svg = svg if isinstance(svg, str) else svg.decode()
        said = [(t, t["aria-label"].split(", ", 1)[1]) for t in targets(svg) if "tableau" in t["aria-label"]]
        cards = [t for t, words in said if not words.startswith("box ")]  # a card or a place, not its boxes
        return max(len({t["x"] for t in cards if t["data-owner"] == p}) for p in SEATS)  # a tableau's most

    assert columns("") == 1  # a phone's width: one under another
    assert columns("?width=1200") > 1  # a desktop: the tableau's columns side by side
    for bad in ("10", "5000", "abc", "-3", "1e3"):
        answer = server.request("GET", path + "?width=" + bad)
        assert answer.status == 400 and "width" in answer.body["error"] and "\n" not in answer.body["error"], answer


def test_a_phone_s_page_is_no_wider_than_its_screen(server, tmp_path):
    """Issue 40: on a phone (390 px) the page scrolls only down: the seat's and the spectator's links, the
    market and the four tableaux all fit its width (the links' boxes made it scroll sideways)."""
    made = server.request(
        "POST", "/api/matches", {"game": "donnant", "options": {"players": 4}, "seed": 5, "players": ["human"] * 4}
    ).body
    play_until(server, made, lambda m: len(m["state"]["history"]) > 150)
    driver = headless_chromium(tmp_path / "profile")
    try:
        driver.set_window_size(390, 844)
        driver.get(f"http://127.0.0.1:{server.port}/#match={made['id']}&seat=north&token={made['seats']['north']}")
        deadline = time.monotonic() + WAIT
        while not driver.execute_script("return !!document.querySelector('#board svg')"):
            assert time.monotonic() < deadline, "the board was never drawn"
            time.sleep(0.1)
        wide = driver.execute_script(
            """const width = document.documentElement.clientWidth;
            return [document.documentElement.scrollWidth - width, [...document.querySelectorAll("body *")]
              .filter((e) => e.getBoundingClientRect().right > width + 0.5).map((e) => e.tagName + "#" + e.id)];"""
        )
        assert wide == [0, []], wide
    finally:
        driver.quit()


def test_a_solo_game_s_level_and_turns_are_sent_to_the_page_and_nothing_hidden(server):
    """DD14: the level, the points to reach and the turns played and left, as play shows them."""
    made = server.request(
        "POST",
        "/api/matches",
        {"game": "donnant", "options": {"players": 1, "level": 3}, "seed": 2, "players": ["human"]},
    ).body
    mine = server.request("GET", f"/api/matches/{made['id']}", token=made["seats"]["north"]).body
    assert mine["progress"].startswith("level 3: 82 points to reach"), mine["progress"]
    public = server.request("GET", f"/api/matches/{made['id']}").body
    assert public["progress"] == mine["progress"]
    four = server.request(
        "POST", "/api/matches", {"game": "donnant", "options": {"players": 4}, "seed": 2, "players": ["human"] * 4}
    ).body
    assert server.request("GET", f"/api/matches/{four['id']}").body["progress"] == ""  # says none
