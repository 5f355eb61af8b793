"""A page a club adopts (issue 43), over a real ``boardgames serve``: no
engine help between two people unless both agreed (a casual game); a draw
offered and answered, recorded and replayable; a rematch with colours
swapped, each seat given only its own new token; seats' names; quick
messages from a fixed list; who is here; and one review, the same as
``boardgames review --json`` on the same record, kept across a restart."""

from __future__ import annotations

import http.client
import json
import sqlite3

import pytest

pytest.importorskip("starlette", reason="the extra 'web' (pip install -e '.[web]') is not installed")

from server import Server  # noqa: E402

import boardgames  # noqa: E402
from boardgames import Match, save_record  # noqa: E402
from boardgames.play.records import read_record  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("club"))
    yield running
    running.stop()


def path_of(match: dict) -> str:
    return f"/api/matches/{match['id']}"


def one_line_error(answer, status: int) -> str:
    assert answer.status == status, answer
    assert isinstance(answer.body, dict) and "\n" not in answer.body["error"], answer.body
    return answer.body["error"]


def first_legal(server: Server, match: dict) -> str:
    return server.request("GET", path_of(match)).body["state"]["legal_moves"][0]


def play(server: Server, match: dict, player: str) -> dict:
    answer = server.request(
        "POST", path_of(match) + "/moves", {"move": first_legal(server, match)}, token=match["seats"][player]
    )
    assert answer.status == 200, answer
    return answer.body


# -- fair play ------------------------------------------------------------------------------


def test_no_hint_between_two_people_unless_both_agreed(server):
    strict = server.create(players=["human", "human"])
    assert strict["casual"] is False and strict["hints"] is False
    refused = server.request("POST", path_of(strict) + "/hint", token=strict["seats"]["chocolate"])
    assert "casual" in one_line_error(refused, 403)

    casual = server.create(players=["human", "human"], casual=True)
    assert casual["casual"] is True and casual["hints"] is True
    shown = server.request("GET", path_of(casual)).body
    assert shown["casual"] is True  # in the match's JSON, for both seats and spectators
    hinted = server.request("POST", path_of(casual) + "/hint", token=casual["seats"]["chocolate"])
    assert hinted.status == 200 and isinstance(hinted.body["move"], str)

    computer = server.create(players=["human", "greedy"])
    assert computer["hints"] is True
    hinted = server.request("POST", path_of(computer) + "/hint", token=computer["seats"]["chocolate"])
    assert hinted.status == 200 and isinstance(hinted.body["move"], str)

    bad = server.request("POST", "/api/matches", {"game": "donuts", "players": ["human", "human"], "casual": "yes"})
    one_line_error(bad, 400)


def test_review_stays_open_once_a_strict_game_is_over(server):
    strict = server.create(players=["human", "human"])
    play(server, strict, "chocolate")
    assert server.request("POST", path_of(strict) + "/resign", token=strict["seats"]["vanilla"]).status == 200
    reviewed = server.request("GET", path_of(strict) + "/review?iterations=10")
    assert reviewed.status == 200 and len(reviewed.body["plies"]) == 1


# -- a draw by agreement ------------------------------------------------------------------------


def test_a_draw_offered_in_verso_and_accepted_ends_the_game_drawn_in_the_record(server, tmp_path):
    match = server.create(game="verso", players=["human", "human"])
    first, second = match["players"]  # in turn order
    play(server, match, first)
    offered = server.request("POST", path_of(match) + "/draw", token=match["seats"][first])
    assert offered.status == 200, offered
    offer = offered.body["draw_offer"]
    assert offer["by"] == first and offer["ply"] == 1 and offer["id"]
    own = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": True, "id": offer["id"]}, token=match["seats"][first]
    )
    one_line_error(own, 403)  # the one who offered does not answer
    stale = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": True, "id": "nope"}, token=match["seats"][second]
    )
    one_line_error(stale, 409)
    accepted = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": True, "id": offer["id"]}, token=match["seats"][second]
    )
    assert accepted.status == 200, accepted
    body = accepted.body
    assert body["drawn"] is True and body["result"] == "draw: agreed by the players"
    assert body["winner"] is None and body["to_move"] is None and body["draw_offer"] is None
    again = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": True, "id": offer["id"]}, token=match["seats"][second]
    )
    one_line_error(again, 409)  # answered already
    one_line_error(server.request("POST", path_of(match) + "/moves", {"move": "a1"}, token=match["seats"][second]), 409)
    # The record says so, and reads back (replay, review) as a drawn game.
    record = server.request("GET", path_of(match) + "/record").body
    assert record["drawn"] == "agreed" and "forfeit" not in record
    saved = tmp_path / "drawn.json"
    saved.write_text(json.dumps(record))
    replayed = Match.from_record(read_record(saved))
    assert replayed.is_over and replayed.winner is None and replayed.result_text() == "draw: agreed by the players"
    uploaded = server.request("POST", "/api/matches", {"record": record})
    assert uploaded.status == 201 and uploaded.body["result"] == "draw: agreed by the players"


def test_a_draw_declined_or_ended_by_a_move(server):
    match = server.create(game="verso", players=["human", "human"])
    first, second = match["players"]
    offer = server.request("POST", path_of(match) + "/draw", token=match["seats"][first]).body["draw_offer"]
    declined = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": False, "id": offer["id"]}, token=match["seats"][second]
    ).body
    assert declined["drawn"] is False and declined["draw_offer"] is None and declined["result"] is None
    late = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": True, "id": offer["id"]}, token=match["seats"][second]
    )
    one_line_error(late, 409)  # a late answer never lands
    play(server, match, first)
    offer = server.request("POST", path_of(match) + "/draw", token=match["seats"][first]).body["draw_offer"]
    assert play(server, match, second)["draw_offer"] is None  # the other side moved: declined
    stale = server.request(
        "POST", path_of(match) + "/draw/answer", {"accept": True, "id": offer["id"]}, token=match["seats"][second]
    )
    one_line_error(stale, 409)
    # Against the computer nobody answers one.
    computer = server.create(game="verso", players=["human", "greedy"])
    (person,) = computer["seats"].values()
    one_line_error(server.request("POST", path_of(computer) + "/draw", token=person), 409)


# -- a rematch --------------------------------------------------------------------------------


def test_a_rematch_accepted_gives_each_seat_its_own_new_token_colours_swapped(server):
    match = server.create(players=["human", "human"], names={"chocolate": "Ann", "vanilla": "Bob"}, casual=True)
    seats = match["seats"]
    early = server.request("POST", path_of(match) + "/rematch", token=seats["chocolate"])
    one_line_error(early, 409)  # not before the game is over
    play(server, match, "chocolate")
    assert server.request("POST", path_of(match) + "/resign", token=seats["vanilla"]).status == 200
    asked = server.request("POST", path_of(match) + "/rematch", token=seats["vanilla"]).body
    offer = asked["rematch_offer"]
    assert asked["made"] is False and offer["by"] == "vanilla" and asked["rematch"] is None
    one_line_error(server.request("GET", path_of(match) + "/rematch", token=seats["vanilla"]), 409)
    one_line_error(
        server.request(
            "POST", path_of(match) + "/rematch/answer", {"accept": True, "id": "old"}, token=seats["chocolate"]
        ),
        409,
    )
    made = server.request(
        "POST", path_of(match) + "/rematch/answer", {"accept": True, "id": offer["id"]}, token=seats["chocolate"]
    ).body
    assert made["made"] is True and made["rematch"] and made["rematch_offer"] is None
    new_id = made["rematch"]
    assert "token" not in json.dumps(made)  # nobody's new token in the old match's JSON
    one_line_error(server.request("GET", path_of(match) + "/rematch"), 403)  # a seat's token is needed
    mine = {player: server.request("GET", path_of(match) + "/rematch", token=seats[player]).body for player in seats}
    assert mine["chocolate"]["id"] == mine["vanilla"]["id"] == new_id
    assert mine["chocolate"]["player"] == "vanilla" and mine["vanilla"]["player"] == "chocolate"  # colours swapped
    assert mine["chocolate"]["token"] != mine["vanilla"]["token"]
    new = server.request("GET", f"/api/matches/{new_id}").body
    assert new["names"] == {"vanilla": "Ann", "chocolate": "Bob"} and new["casual"] is True
    assert new["state"]["game"] == "donuts" and new["state"]["history"] == [] and new["result"] is None
    # Each new token is its own seat's: Bob (now chocolate) moves first, Ann may not.
    legal = new["state"]["legal_moves"][0]
    wrong = server.request("POST", f"/api/matches/{new_id}/moves", {"move": legal}, token=mine["chocolate"]["token"])
    one_line_error(wrong, 409)
    right = server.request("POST", f"/api/matches/{new_id}/moves", {"move": legal}, token=mine["vanilla"]["token"])
    assert right.status == 200


def test_a_rematch_against_the_computer_is_made_at_once(server):
    match = server.create(players=["human", "greedy"])
    assert server.request("POST", path_of(match) + "/resign", token=match["seats"]["chocolate"]).status == 200
    made = server.request("POST", path_of(match) + "/rematch", token=match["seats"]["chocolate"]).body
    assert made["made"] is True
    seat = server.request("GET", path_of(match) + "/rematch", token=match["seats"]["chocolate"]).body
    new = server.request("GET", f"/api/matches/{seat['id']}").body
    assert seat["player"] == "vanilla" and new["players"] == {"chocolate": "greedy", "vanilla": "human"}


# -- names, messages, presence -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", " ", "x" * 25, "<b>Ann</b>", "Ann\nBob", "a\u202eb", 7, None])
def test_bad_names_are_refused_in_one_line(server, name):
    refused = server.request(
        "POST", "/api/matches", {"game": "donuts", "players": ["human", "human"], "names": {"chocolate": name}}
    )
    one_line_error(refused, 400)
    match = server.create(players=["human", "human"])
    one_line_error(
        server.request("POST", path_of(match) + "/name", {"name": name}, token=match["seats"]["vanilla"]), 400
    )
    assert server.request("GET", path_of(match)).body["names"] == {}


def test_names_are_kept_and_shown(server):
    match = server.create(players=["human", "human"], names={"chocolate": "Zoë O'Neil"})
    assert match["names"] == {"chocolate": "Zoë O'Neil"}
    named = server.request("POST", path_of(match) + "/name", {"name": "  Bob-2 "}, token=match["seats"]["vanilla"])
    assert named.status == 200 and named.body["names"] == {"chocolate": "Zoë O'Neil", "vanilla": "Bob-2"}
    one_line_error(server.request("POST", path_of(match) + "/name", {"name": "Eve"}), 403)
    computer = server.request(
        "POST", "/api/matches", {"game": "donuts", "players": ["human", "greedy"], "names": {"vanilla": "Deep"}}
    )
    one_line_error(computer, 400)  # people's seats only


class Stream:
    """An event stream read as it comes, over its own connection."""

    def __init__(self, server: Server, path: str) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        self.connection.request("GET", path)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.read()

    def next_match(self) -> dict:
        data = None
        while True:
            line = self.response.fp.readline().decode()
            if line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "\n" and data is not None:
                return data

    def close(self) -> None:
        self.connection.sock.close()
        self.connection.close()


def test_quick_messages_from_the_list_reach_every_stream(server):
    match = server.create(players=["human", "human"], names={"vanilla": "Bob"})
    watcher = Stream(server, path_of(match) + "/events")  # a spectator's
    try:
        assert watcher.next_match()["messages"] == []
        for bad in ("you fool", "", 3, "good game!"):
            one_line_error(
                server.request("POST", path_of(match) + "/say", {"message": bad}, token=match["seats"]["vanilla"]), 400
            )
        one_line_error(server.request("POST", path_of(match) + "/say", {"message": "hello"}), 403)
        said = server.request(
            "POST", path_of(match) + "/say", {"message": "good game"}, token=match["seats"]["vanilla"]
        )
        assert said.status == 200
        seen = watcher.next_match()
        assert seen["messages"] == [{"n": 1, "player": "vanilla", "name": "Bob", "text": "good game"}]
    finally:
        watcher.close()


def test_a_seat_is_present_while_its_stream_is_open(server):
    match = server.create(players=["human", "human"])
    assert match["present"] == {"chocolate": False, "vanilla": False}
    one_line_error(server.request("POST", path_of(match) + "/ticket"), 403)
    ticket = server.request("POST", path_of(match) + "/ticket", token=match["seats"]["vanilla"]).body["ticket"]
    assert match["seats"]["vanilla"] not in ticket
    stream = Stream(server, path_of(match) + f"/events?ticket={ticket}")
    try:
        server.until(match["id"], lambda m: m["present"] == {"chocolate": False, "vanilla": True})
    finally:
        stream.close()
    server.until(match["id"], lambda m: m["present"] == {"chocolate": False, "vanilla": False})
    used = server.request("GET", path_of(match) + f"/events?ticket={ticket}")
    one_line_error(used, 403)  # a ticket is good once


# -- one review -----------------------------------------------------------------------------------


def deterministic(review: dict) -> list[tuple]:
    return [(p["move"], p["label"], p["best"], p["line"], p["win"]) for p in review["plies"]]


def test_the_web_review_is_the_commands_and_survives_a_restart(tmp_path, cli):
    match = Match(boardgames.game_class("donuts").configure(seed=6), ["mcts:iterations=60", "greedy"], seed=6)
    match.run()
    record = match.record().to_json()
    file = tmp_path / "game.json"
    save_record(file, match.record())
    command = cli("review", str(file), "--json").json()
    served = Server(tmp_path / "one")
    try:
        match_id = served.request("POST", "/api/matches", {"record": record}).body["id"]
        web = served.request("GET", f"/api/matches/{match_id}/review", timeout=600)
        assert web.status == 200, web
    finally:
        served.stop()
    assert web.body["budget"] == command["budget"] == "iterations=1000"
    assert deterministic(web.body) == deterministic(command) and web.body["summary"] == command["summary"]
    with sqlite3.connect(tmp_path / "one" / "data" / "matches.sqlite3") as db:
        kept = db.execute("SELECT review FROM reviews WHERE match = ?", (match_id,)).fetchall()
    assert len(kept) == 1 and json.loads(kept[0][0]) == web.body
    restarted = Server(tmp_path / "one")
    try:
        again = restarted.request("GET", f"/api/matches/{match_id}/review", timeout=600)
        assert again.status == 200 and again.body == web.body
    finally:
        restarted.stop()
    # Served from the store, not made again: a mark put in the kept row is served.
    with sqlite3.connect(tmp_path / "one" / "data" / "matches.sqlite3") as db:
        db.execute("UPDATE reviews SET review = ? WHERE match = ?", (json.dumps({**web.body, "kept": 1}), match_id))
    restarted = Server(tmp_path / "one")
    try:
        assert restarted.request("GET", f"/api/matches/{match_id}/review").body == {**web.body, "kept": 1}
    finally:
        restarted.stop()
