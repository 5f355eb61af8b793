"""The server past two players and certainty (issue 39), over a real
``boardgames serve`` (tests/server.py) that loads the toy games of
tests/toy_games.py as a plugin (tests/toy_plugin.py): a 4-player Race with
three people and the computer, dice drawn from the seed; Guess, two people
choosing at once, where each seat's answers, board and event stream show
nothing of the other's choice and a spectator sees neither; the finished game
whole. A hidden part is checked for by difference: two matches alike but for
one seat's secret look the same, byte for byte, to everyone else."""

from __future__ import annotations

import http.client
import json
import queue
import threading
import time
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")

from server import Server  # noqa: E402
from toy_plugin import installed  # noqa: E402

#: What differs between two matches whatever their moves: their ids, versions and who is here.
NOT_COMPARED = ("id", "version", "present", "thinking", "clock")


@pytest.fixture(scope="module")
def toys(tmp_path_factory):
    """The toy games' plugin, where a server started in the block finds it."""
    folder = tmp_path_factory.mktemp("toy-plugin")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", installed(folder / "site"))
        yield folder


@pytest.fixture(scope="module")
def server(toys):
    running = Server(toys / "served")
    yield running
    running.stop()
    assert "Traceback" not in running.stderr()


def create(server: Server, game: str, players: list[str], **body: Any) -> dict[str, Any]:
    answer = server.request("POST", "/api/matches", {"game": game, "seed": 5, "players": players, **body})
    assert answer.status == 201, answer
    return answer.body


def seen(server: Server, match: dict[str, Any], player: str | None) -> dict[str, Any]:
    """The match as ``player``'s seat (None: a spectator) is given it, without what differs between any two."""
    token = None if player is None else match["seats"][player]
    answer = server.request("GET", f"/api/matches/{match['id']}", token=token)
    assert answer.status == 200, answer
    return {k: v for k, v in answer.body.items() if k not in NOT_COMPARED}


def board(server: Server, match: dict[str, Any], player: str | None, query: str = "") -> str:
    token = None if player is None else match["seats"][player]
    answer = server.request("GET", f"/api/matches/{match['id']}/board.svg{query}", token=token)
    assert answer.status == 200, answer
    return answer.body.replace(match["id"], "ID")


def move(server: Server, match: dict[str, Any], player: str, text: str, status: int = 200) -> Any:
    answer = server.request("POST", f"/api/matches/{match['id']}/moves", {"move": text}, token=match["seats"][player])
    assert answer.status == status, answer
    if status != 200:
        assert set(answer.body) == {"error"} and "\n" not in answer.body["error"]
    return answer.body


class Events:
    """A match's event stream (a seat's, with its ticket; else a spectator's), read on a thread."""

    def __init__(self, server: Server, match: dict[str, Any], player: str | None) -> None:
        query = ""
        if player is not None:
            ticket = server.request("POST", f"/api/matches/{match['id']}/ticket", token=match["seats"][player])
            query = "?ticket=" + ticket.body["ticket"]
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        self.connection.request("GET", f"/api/matches/{match['id']}/events{query}")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.got: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                line = raw.decode()
                if line.startswith("data: "):
                    self.events.put(json.loads(line[6:]))
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            return  # closed (http.client drops its file as the connection closes)

    def until(self, version: int, seconds: float = 30.0) -> None:
        """Read until the event of ``version`` (or a later one) came."""
        deadline = time.monotonic() + seconds
        while not self.got or self.got[-1]["version"] < version:
            self.got.append(self.events.get(timeout=max(0.1, deadline - time.monotonic())))

    def shown(self) -> list[str]:
        """Each event as it would differ between two matches (a JSON text), in order, each once."""
        out: list[str] = []
        for event in self.got:
            text = json.dumps({k: v for k, v in event.items() if k not in NOT_COMPARED}, sort_keys=True)
            if not out or out[-1] != text:
                out.append(text)
        return out

    def close(self) -> None:
        self.connection.close()


def test_the_lobby_reads_the_players_of_a_configured_game(server):
    games = {g["name"]: g for g in server.request("GET", "/api/games").body}
    race, guess = games["race"], games["guess"]
    assert race["player_count"] == [1, 4] and race["players"] == ["north"]  # the default count, not the class's list
    assert race["players_by_count"]["3"] == ["north", "east", "south"]
    assert [o["name"] for o in race["options"]] == ["players"]
    assert guess["player_count"] == [2, 2] and guess["players"] == ["north", "south"]


def test_a_player_count_outside_the_range_or_seats_for_another_count_is_one_line(server):
    for options, players in (
        ({"players": 5}, ["human"] * 5),
        ({"players": 0}, ["human"]),
        ({"players": 4}, ["human"] * 2),
    ):
        answer = server.request("POST", "/api/matches", {"game": "race", "options": options, "players": players})
        assert answer.status == 400, answer
        assert set(answer.body) == {"error"} and "\n" not in answer.body["error"]


def test_four_players_three_people_and_the_computer_with_dice_from_the_seed(server):
    match = create(server, "race", ["human", "human", "human", "random"], options={"players": 4})
    assert set(match["seats"]) == {"north", "east", "south"}  # a link for each person's seat
    assert match["state"]["players"] == ["north", "east", "south", "west"]
    first = match["state"]["history"]
    assert len(first) == 1 and first[0].startswith("roll:") and match["movers"] == ["chance"]  # drawn at once
    assert match["asked"] == ["north"] and match["to_move"] == "north"
    again = create(server, "race", ["human"] * 4, options={"players": 4})
    assert again["state"]["history"] == first  # the same seed, the same die
    # Bad input: a seat not asked (409); a roll typed where none is due (400); nothing changed.
    assert "not east's turn" in move(server, match, "east", "a1", 409)["error"]
    assert "no chance event is due" in move(server, match, "north", "roll:2", 400)["error"]
    assert seen(server, match, None)["state"]["history"] == first
    # A takeback among three people: every other person agrees (not the computer), then it is made.
    move(server, match, "north", "a1")
    path = f"/api/matches/{match['id']}/takeback"
    asked = server.request("POST", path, token=match["seats"]["north"]).body
    assert asked["undone"] is False and asked["takeback"]["agreed"] == []
    answer = {"accept": True, "id": asked["takeback"]["id"]}
    east = server.request("POST", path + "/answer", answer, token=match["seats"]["east"]).body
    assert east["undone"] is False and east["takeback"]["agreed"] == ["east"] and len(east["state"]["history"]) == 3
    south = server.request("POST", path + "/answer", answer, token=match["seats"]["south"]).body
    assert south["undone"] is True and south["state"]["history"] == first and south["takeback"] is None
    # The game to its end: each person banks the die, the computer plays its seat.
    for _ in range(200):
        now = server.until(match["id"], lambda m: m["result"] is not None or m["to_move"] in match["seats"])
        if now["result"] is not None:
            break
        move(server, match, now["to_move"], "a1")
    history, movers = now["state"]["history"], now["movers"]
    assert len(history) == len(movers) and all(h.startswith("roll:") for h in history[::2])
    assert movers[::2] == ["chance"] * len(history[::2]) and set(movers[1::2]) == {"north", "east", "south", "west"}
    assert sorted(now["places"]) == ["east", "north", "south", "west"] and 1 in now["places"].values()
    scores = now["state"]["scores"]
    best = max(scores.values())
    assert now["result"].startswith(f"{now['winner']} wins with {best}") if now["winner"] else "share" in now["result"]
    assert "<svg" in board(server, match, None)


def test_a_resignation_among_four_puts_the_resigner_last_and_the_others_first(server):
    match = create(server, "race", ["human"] * 4, options={"players": 4})
    resigned = server.request("POST", f"/api/matches/{match['id']}/resign", token=match["seats"]["east"]).body
    assert resigned["winner"] is None  # not the second player's win
    assert resigned["places"] == {"north": 1, "east": 4, "south": 1, "west": 1}
    assert resigned["result"] == "east forfeits (resigned): north, south and west share 1st"


def test_hints_between_people_only_if_all_agreed(server):
    strict = create(server, "race", ["human"] * 3, options={"players": 3})
    refused = server.request("POST", f"/api/matches/{strict['id']}/hint", token=strict["seats"]["north"])
    assert refused.status == 403 and "all agreed" in refused.body["error"]
    casual = create(server, "race", ["human"] * 3, options={"players": 3}, casual=True)
    hint = server.request("POST", f"/api/matches/{casual['id']}/hint", token=casual["seats"]["north"])
    assert hint.status == 200 and hint.body["move"] in ("a1", "b1")


def test_choices_at_once_reach_no_other_seat_nor_a_spectator(server):
    # Matches alike but for what one seat chose: everyone else must be shown the same. Round one: south
    # chooses b1 in a and c, c1 in b (before north); round two: north chooses c1 in a, a1 in b and c (first).
    a, b, c = (create(server, "guess", ["human", "human"]) for _ in range(3))
    streams = {(m["id"], p): Events(server, m, p) for m in (a, b, c) for p in ("north", "south", None)}

    def caught_up(match: dict[str, Any]) -> None:
        version = server.request("GET", f"/api/matches/{match['id']}").body["version"]
        for p in ("north", "south", None):
            streams[match["id"], p].until(version)

    def same_to(one: dict[str, Any], other: dict[str, Any], *viewers: str | None, query: str = "") -> None:
        pair = (one, other)
        for m in pair:
            caught_up(m)
        for p in viewers:
            assert seen(server, one, p) == seen(server, other, p), p
            assert board(server, one, p, query) == board(server, other, p, query), p
            parts = [server.request("GET", f"/api/matches/{m['id']}/parts", token=m["seats"].get(p)) for m in pair]
            assert parts[0].body == parts[1].body
            assert streams[one["id"], p].shown() == streams[other["id"], p].shown(), p

    try:
        start = seen(server, a, "south")
        assert start["asked"] == ["north", "south"] and start["choices"] == ["a1", "b1", "c1"]
        # South chooses first: held, unseen; north and the spectators are shown the same.
        held_a, held_b = move(server, a, "south", "b1"), move(server, b, "south", "c1")
        move(server, c, "south", "b1")
        assert held_a["your_choice"] == "b1" and held_b["your_choice"] == "c1"  # to south alone
        assert held_a["asked"] == ["north"] and held_a["chosen"] == ["south"] and held_a["state"]["history"] == []
        same_to(a, b, "north", None)
        assert "your_choice" not in seen(server, a, "north") and "your_choice" not in seen(server, a, None)
        # A choice made twice: 409, one line, naming neither choice.
        twice = [move(server, m, "south", "a1", 409)["error"] for m in (a, b)]
        assert twice[0] == twice[1] and "already chosen" in twice[0]
        # The record of a game with hidden parts in progress is nobody's yet.
        assert server.request("GET", f"/api/matches/{a['id']}/record").status == 409
        # North chooses: both choices are played, the round is scored.
        for m in (a, b, c):
            move(server, m, "north", "a1")
        # Round two: north first this time, straight into the position; south and spectators see no difference.
        move(server, a, "north", "c1")
        for m in (b, c):
            move(server, m, "north", "a1")
        same_to(a, c, "south", None, query="?ply=3")
        south = seen(server, a, "south")
        assert south["state"]["history"][-1] == "?" and south["asked"] == ["south"] and south["to_move"] == "south"
        errors = [move(server, m, "north", "b1", 409)["error"] for m in (a, c)]  # north is not asked now
        assert errors[0] == errors[1]
        bad = [move(server, m, "south", "z9", 400)["error"] for m in (a, c)]  # refused in south's own terms
        assert bad[0] == bad[1]
        # South chooses; round three; the game ends: everyone sees all of it, the record too.
        for m in (a, b, c):
            move(server, m, "south", "b1")
            move(server, m, "north", "a1")
            move(server, m, "south", "a1")
        for m in (a, b, c):
            caught_up(m)
            whole = [seen(server, m, p) for p in ("north", "south", None)]
            assert whole[0] == whole[1] == whole[2] and whole[0]["result"] is not None
            assert "?" not in whole[0]["state"]["history"] and len(whole[0]["state"]["history"]) == 6
            assert streams[m["id"], "south"].got[-1]["state"]["history"] == whole[0]["state"]["history"]
            record = server.request("GET", f"/api/matches/{m['id']}/record")
            assert record.status == 200 and record.body["history"] == whole[0]["state"]["history"]
        assert seen(server, a, None)["state"]["history"] == ["a1", "b1", "c1", "b1", "a1", "a1"]
        assert seen(server, b, None)["state"]["history"] == ["a1", "c1", "a1", "b1", "a1", "a1"]
    finally:
        for stream in streams.values():
            stream.close()


def test_a_held_choice_is_kept_across_a_restart(toys):
    first = Server(toys / "restarted")
    try:
        match = create(first, "guess", ["human", "human"])
        move(first, match, "south", "c1")
    finally:
        first.stop()
    second = Server(toys / "restarted")
    try:
        assert seen(second, match, "north")["chosen"] == ["south"]
        assert seen(second, match, "south")["your_choice"] == "c1"
        played = move(second, match, "north", "a1")
        # south's choice as it revealed both
        assert seen(second, match, "north")["state"]["history"] == ["a1", "a1-c1"] == played["state"]["history"]
    finally:
        second.stop()


def test_a_draw_among_three_people_needs_every_other_one(server):
    match = create(server, "race", ["human"] * 3, options={"players": 3})
    path = f"/api/matches/{match['id']}/draw"
    offer = server.request("POST", path, token=match["seats"]["east"]).body["draw_offer"]
    answer = {"accept": True, "id": offer["id"]}
    north = server.request("POST", path + "/answer", answer, token=match["seats"]["north"]).body
    assert north["drawn"] is False and north["result"] is None and north["draw_offer"]["agreed"] == ["north"]
    south = server.request("POST", path + "/answer", answer, token=match["seats"]["south"]).body
    assert south["drawn"] is True and south["places"] == {"north": 1, "east": 1, "south": 1}


def server_tokens(invites: dict[str, str]) -> dict[str, str]:
    """Each invited seat's token, read from its invite link (``#match=ID&seat=PLAYER&token=TOKEN``)."""
    from urllib.parse import parse_qs

    out = {}
    for link in invites.values():
        query = parse_qs(link.split("#", 1)[1])
        out[query["seat"][0]] = query["token"][0]
    return out


def north_token(driver, match_id: str) -> str:
    """The token this browser keeps for its seat (north's: it made the game)."""
    return driver.execute_script(f"return JSON.parse(localStorage.getItem('boardgames:{match_id}')).north")


def test_the_page_seats_four_and_hides_a_choice_made_at_once(server, browsers):
    """In headless Chromium (tests/helpers.headless_chromium, skipped without it): the lobby seats as many
    as the option players says, each other seat a person or the computer; an invite link per person; the
    rolls in the move list; then Guess at two screens, each saying whom it waits for, never what was chosen."""
    from selenium.webdriver.support.ui import Select
    from test_web_page import click, open_seat, page, wait

    north = browsers()
    north.get(f"http://127.0.0.1:{server.port}/")
    wait(north, lambda d: d.find_elements("css selector", '#game-cards [data-game="race"]'))
    north.find_element("css selector", '#game-cards [data-game="race"]').click()
    north.find_element("css selector", "#more-options summary").click()
    count = north.find_element("css selector", '#options input[name="players"]')
    count.clear()
    count.send_keys("4")
    seats = "return [...document.querySelectorAll('#seat option')].map(o => o.textContent)"
    wait(north, lambda d: d.execute_script(seats) == ["north, first", "east, second", "south, third", "west, fourth"])
    kinds = "return [...document.querySelectorAll('#seat-kinds select')].map(s => s.name)"
    assert north.execute_script(kinds) == ["east", "south", "west"]
    Select(north.find_element("css selector", '#seat-kinds select[name="west"]')).select_by_value("computer")
    north.find_element("id", "play-invite").click()
    wait(north, lambda d: "match=" in d.current_url and page(d)["drawn"] and page(d)["history"])
    links = north.execute_script("return [...document.querySelectorAll('#links input')].map(i => [i.id, i.value])")
    invites = {key: value for key, value in links if key.startswith("invite-link")}
    assert set(invites) == {"invite-link", "invite-link-south"}  # east's link and south's
    assert "seat=east" in invites["invite-link"] and "seat=south" in invites["invite-link-south"]
    match_id = north.current_url.split("match=")[1].split("&")[0]
    described = server.request("GET", f"/api/matches/{match_id}").body
    assert described["players"] == {
        "north": "human",
        "east": "human",
        "south": "human",
        "west": described["players"]["west"],
    }
    assert described["players"]["west"] != "human"
    assert page(north)["history"][0].startswith("roll:") and "north to move (you)" in page(north)["status"]
    click(north, "a1")
    wait(north, lambda d: len(page(d)["history"]) == 3 and "east to move" in page(d)["status"])
    assert page(north)["history"][1] == "a1" and page(north)["history"][2].startswith("roll:")
    east = browsers()
    east.get(invites["invite-link"])
    wait(east, lambda d: page(d)["drawn"] and "east to move (you)" in page(d)["status"])
    # A draw among three people: east's yes is not enough; east's page then waits for south and asks no more.
    tokens = server_tokens(invites)
    offer = server.request("POST", f"/api/matches/{match_id}/draw", token=north_token(north, match_id)).body
    answer = {"accept": True, "id": offer["draw_offer"]["id"]}
    said = server.request("POST", f"/api/matches/{match_id}/draw/answer", answer, token=tokens["east"]).body
    assert said["drawn"] is False
    draw_line = "return document.getElementById('club-draw').textContent"
    wait(east, lambda d: "Waiting for south." in d.execute_script(draw_line))
    accept = "return !document.getElementById('club-draw-accept').hidden"
    assert east.execute_script(accept) is False
    decline = server.request(
        "POST", f"/api/matches/{match_id}/draw/answer", {**answer, "accept": False}, tokens["south"]
    )
    assert decline.body["draw_offer"] is None

    # Guess at two screens: both asked at once; south chooses first, and north's screen does not say what.
    match = create(server, "guess", ["human", "human"])
    south = browsers()
    open_seat(north, server, match["id"], "north", match["seats"]["north"])
    open_seat(south, server, match["id"], "south", match["seats"]["south"])
    for driver in (north, south):
        wait(driver, lambda d: page(d)["status"].startswith("waiting for north and south"))
    click(south, "b1")
    wait(south, lambda d: "waiting for north" in page(d)["status"] and "you chose b1" in page(d)["status"])
    wait(north, lambda d: "south chose" in page(d)["status"] and "(you: north)" in page(d)["status"])
    assert "b1" not in page(north)["status"] and page(north)["history"] == []
    click(north, "a1")
    wait(north, lambda d: page(d)["history"] == ["a1", "a1-b1"])  # south's choice, as it revealed both
    wait(south, lambda d: page(d)["history"] == ["?", "a1-b1"])  # north's, unseen when made
