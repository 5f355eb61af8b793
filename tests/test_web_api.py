"""The web server's JSON API through Starlette's TestClient: every endpoint
and error of docs/web.md, two seats with their tokens, a spectator, undo,
record download and upload, and a restart (a new app on the same data
folder) that keeps every match."""

from __future__ import annotations

import asyncio
import json
import selectors
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("starlette", reason="the extra 'web' (pip install -e '.[web]') is not installed")
TestClient = pytest.importorskip("starlette.testclient", reason="needs httpx2, in the extra 'test'").TestClient

import boardgames  # noqa: E402
from boardgames.web.app import MAX_BODY, create_app  # noqa: E402
from boardgames.web.limits import Limits  # noqa: E402
from helpers import FIVE_BOARD  # noqa: E402


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def client(data):
    with TestClient(create_app(data)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def until(client, match_id: str, ready, seconds: float = 30.0) -> dict:
    """The match once ``ready(match)`` holds (agents think in worker threads)."""
    deadline = time.monotonic() + seconds
    while True:
        match = client.get(f"/api/matches/{match_id}").json()
        if ready(match):
            return match
        assert time.monotonic() < deadline, match
        time.sleep(0.02)


def create(client, **body) -> dict:
    body = {"game": "donuts", "seed": 7, "players": ["human", "human"], **body}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def test_games_lists_every_game_with_its_options(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(boardgames.registered_games())
    verso = games["verso"]
    assert verso["title"] == "Verso" and verso["players"] == ["light", "dark"]
    flip = next(o for o in verso["options"] if o["name"] == "flip")
    assert flip["default"] == "choice" and flip["choices"] == ["choice", "adjacent"] and flip["help"]
    assert [level["level"] for level in verso["levels"]] == [1, 2, 3, 4, 5, 6]
    assert verso["levels"][0] == {"level": 1, "name": "beginner", "spec": "greedy:blunder=0.75"}  # Verso's own


def test_a_match_between_two_seats_and_a_spectator(client):
    created = create(client)
    match_id, seats = created["id"], created["seats"]
    assert set(seats) == {"chocolate", "vanilla"} and len(set(seats.values())) == 2
    assert all(len(token) >= 40 for token in seats.values())
    # `state` is exactly the show --json object.
    expected = boardgames.game_class("donuts").configure(seed=7).start().to_json()
    assert created["state"] == expected
    moved = client.post(f"/api/matches/{match_id}/moves", json={"move": "c3"}, headers=bearer(seats["chocolate"]))
    assert moved.status_code == 200 and moved.json()["state"]["history"] == ["c3"]
    # Not chocolate's turn now: 409 (a seat the game does not ask).
    wrong = client.post(f"/api/matches/{match_id}/moves", json={"move": "a3"}, headers=bearer(seats["chocolate"]))
    assert wrong.status_code == 409 and "not chocolate's turn" in wrong.json()["error"]
    vanilla_move = moved.json()["state"]["legal_moves"][0]
    ok = client.post(f"/api/matches/{match_id}/moves", json={"move": vanilla_move}, headers=bearer(seats["vanilla"]))
    assert ok.status_code == 200
    watched = client.get(f"/api/matches/{match_id}").json()  # anyone with the id watches
    assert watched["state"]["history"] == ["c3", vanilla_move]
    assert watched["players"] == {"chocolate": "human", "vanilla": "human"} and "seats" not in watched


def test_the_computer_replies_and_the_state_shows_it(client):
    created = create(client, players=["human", "random"])
    token = created["seats"]["chocolate"]
    assert list(created["seats"]) == ["chocolate"]  # no token for the computer's seat
    client.post(f"/api/matches/{created['id']}/moves", json={"move": "c3"}, headers=bearer(token))
    match = until(client, created["id"], lambda m: len(m["state"]["history"]) == 2 and not m["thinking"])
    assert match["to_move"] == "chocolate"


def test_the_computer_moves_first_when_it_has_the_first_seat(client):
    created = create(client, players=["greedy", "human"])
    match = until(client, created["id"], lambda m: m["state"]["history"])
    assert match["to_move"] == "vanilla"


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("z9", "'z9' is not a move|off the board"),
        ("a1-a2", "illegal move 'a1-a2'"),
        ("", "is not a move"),
    ],
)
def test_a_bad_move_is_400_with_the_clis_message_and_changes_nothing(client, move, message):
    created = create(client)
    response = client.post(
        f"/api/matches/{created['id']}/moves", json={"move": move}, headers=bearer(created["seats"]["chocolate"])
    )
    assert response.status_code == 400
    assert pytest.importorskip("re").search(message, response.json()["error"])
    assert client.get(f"/api/matches/{created['id']}").json()["state"] == created["state"]


def test_the_same_message_as_the_cli(client, cli):
    created = create(client, players=["human", "human"], options={"first": "vanilla"})
    seats = created["seats"]
    client.post(f"/api/matches/{created['id']}/moves", json={"move": "c3"}, headers=bearer(seats["vanilla"]))
    response = client.post(
        f"/api/matches/{created['id']}/moves", json={"move": "e4"}, headers=bearer(seats["chocolate"])
    )
    run = cli("show", "donuts", "--seed", "7", "-o", "first=vanilla", "--moves", "c3 e4")
    assert response.json()["error"] in run.err


@pytest.mark.parametrize("headers", [{}, {"authorization": "Bearer nope"}, {"authorization": "Basic abc"}])
def test_a_missing_or_wrong_token_is_403(client, headers):
    created = create(client)
    response = client.post(f"/api/matches/{created['id']}/moves", json={"move": "c3"}, headers=headers)
    assert response.status_code == 403 and "token" in response.json()["error"]
    for action in ("undo", "resign", "hint"):
        assert client.post(f"/api/matches/{created['id']}/{action}", headers=headers).status_code == 403


def test_an_unknown_match_is_404(client):
    for path in ("", "/record", "/board.svg", "/events"):
        response = client.get(f"/api/matches/nosuchmatch{path}")
        assert response.status_code == 404 and "no match" in response.json()["error"]
    assert client.post("/api/matches/../../etc/passwd/moves", json={"move": "c3"}).status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (b"not json", 400, "not JSON"),
        (b"[1, 2]", 400, "a JSON object"),
        (b'{"game": "donuts"}', 400, "'players'"),
        (b'{"game": "chess", "players": ["human", "human"]}', 400, "unknown game 'chess'"),
        (b'{"game": 5, "players": ["human", "human"]}', 400, "game's name"),
        (b'{"game": "verso", "options": {"size": 99}, "players": ["human", "human"]}', 400, "size"),
        (b'{"game": "verso", "options": {"colour": 1}, "players": ["human", "human"]}', 400, "colour"),
        (b'{"game": "verso", "options": [], "players": ["human", "human"]}', 400, "options"),
        (b'{"game": "donuts", "seed": "x", "players": ["human", "human"]}', 400, "seed"),
        (b'{"game": "donuts", "seed": true, "players": ["human", "human"]}', 400, "seed"),
        (b'{"game": "donuts", "players": "human,human"}', 400, "list of 2"),
        (b'{"game": "donuts", "players": ["human"]}', 400, "list of 2"),
        (b'{"game": "donuts", "players": ["human", "wizard"]}', 400, "unknown agent 'wizard'"),
        (b'{"game": "donuts", "players": ["human", 3]}', 400, "agent spec"),
        (b'{"game": "donuts", "players": ["human", "mcts:time=3600"]}', 400, "too much"),
        (b'{"game": "donuts", "players": ["human", "alphabeta:depth=30"]}', 400, "too much"),
        (b'{"game": "donuts", "players": ["human", "mcts:time=-1"]}', 400, "time"),
        (b'{"game": "donuts", "players": ["human", "engine:cmd=rm"]}', 400, "runs a program"),
        (b'{"record": {"format": "nonsense"}}', 400, "not a boardgames record"),
        (b'{"record": "/etc/passwd"}', 400, "not a boardgames record"),
    ],
)
def test_bad_requests_are_4xx_with_one_clear_line(client, body, status, message):
    response = client.post("/api/matches", content=body, headers={"content-type": "application/json"})
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert message in error and "\n" not in error


def test_a_body_over_the_limit_is_413(client, data):
    created = create(client)
    huge = json.dumps({"move": "c" * (MAX_BODY + 10)})
    response = client.post(
        f"/api/matches/{created['id']}/moves",
        content=huge,
        headers={**bearer(created["seats"]["chocolate"]), "content-type": "application/json"},
    )
    assert response.status_code == 413
    wrong = client.post(
        f"/api/matches/{created['id']}/moves", json={"move": ["c3"]}, headers=bearer(created["seats"]["chocolate"])
    )
    assert wrong.status_code == 400 and "move's text" in wrong.json()["error"]


def test_undo_takes_back_to_the_seats_previous_turn(client):
    created = create(client, players=["human", "random"])
    match_id, token = created["id"], created["seats"]["chocolate"]
    client.post(f"/api/matches/{match_id}/moves", json={"move": "c3"}, headers=bearer(token))
    until(client, match_id, lambda m: len(m["state"]["history"]) == 2 and not m["thinking"])
    undone = client.post(f"/api/matches/{match_id}/undo", headers=bearer(token)).json()
    assert undone["undone"] is True and undone["state"]["history"] == []
    again = client.post(f"/api/matches/{match_id}/undo", headers=bearer(token))
    assert again.status_code == 409 and again.json()["error"] == "chocolate has no move to take back"


def test_resign_and_hint(client):
    created = create(client, casual=True)  # hints between people: both agreed (issue 43)
    match_id, seats = created["id"], created["seats"]
    hint = client.post(f"/api/matches/{match_id}/hint", headers=bearer(seats["chocolate"]))
    assert hint.status_code == 200 and hint.json()["move"] in created["state"]["legal_moves"]
    assert client.post(f"/api/matches/{match_id}/hint", headers=bearer(seats["vanilla"])).status_code == 409
    resigned = client.post(f"/api/matches/{match_id}/resign", headers=bearer(seats["vanilla"])).json()
    assert resigned["winner"] == "chocolate" and resigned["forfeit"] == {"player": "vanilla", "reason": "resigned"}
    after = client.post(f"/api/matches/{match_id}/moves", json={"move": "c3"}, headers=bearer(seats["chocolate"]))
    assert after.status_code == 409 and "forfeits (resigned)" in after.json()["error"]


def test_record_download_replays_and_uploads_to_resume(client, cli, tmp_path):
    created = create(client, players=["human", "human"], options={"board": FIVE_BOARD, "first": "vanilla"})
    match_id, seats = created["id"], created["seats"]
    moves = "a6 a5 b6 b5 c6 c5 d6 d5".split()
    for k, move in enumerate(moves):
        player = ("vanilla", "chocolate")[k % 2]
        assert (
            client.post(
                f"/api/matches/{match_id}/moves", json={"move": move}, headers=bearer(seats[player])
            ).status_code
            == 200
        )
    response = client.get(f"/api/matches/{match_id}/record")
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    path = tmp_path / "downloaded.json"
    path.write_text(json.dumps(record))
    run = cli("replay", str(path), "--json")
    assert run.code == 0 and json.loads(run.out)["history"] == moves
    resumed = client.post("/api/matches", json={"record": record, "players": ["human", "human"]})
    assert resumed.status_code == 201
    new = resumed.json()
    assert new["id"] != match_id and new["state"]["history"] == moves
    five = client.post(f"/api/matches/{new['id']}/moves", json={"move": "e6"}, headers=bearer(new["seats"]["vanilla"]))
    assert five.json()["state"]["status"] == "won" and five.json()["state"]["winner"] == "vanilla"


def test_board_svg_is_the_shared_renderer_with_clickable_squares(client):
    created = create(client)
    match_id, token = created["id"], created["seats"]["chocolate"]
    client.post(f"/api/matches/{match_id}/moves", json={"move": "c3"}, headers=bearer(token))
    svg = client.get(f"/api/matches/{match_id}/board.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.count('class="square"') == 36 and 'data-square="c3"' in svg.text
    before = client.get(f"/api/matches/{match_id}/board.svg?ply=0").text
    assert 'class="square"' not in before and 'class="piece' not in before  # looking back: the empty start
    assert client.get(f"/api/matches/{match_id}/board.svg?ply=9").status_code == 400


def test_the_event_stream_sends_the_match_and_each_change(client):
    created = create(client, players=["human", "random"])
    match_id, token = created["id"], created["seats"]["chocolate"]
    with client.stream("GET", f"/api/matches/{match_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        first = next(line for line in lines if line.startswith("data: "))
        assert json.loads(first[6:])["state"]["history"] == []
        client.post(f"/api/matches/{match_id}/moves", json={"move": "c3"}, headers=bearer(token))
        for line in lines:
            if line.startswith("data: ") and len(json.loads(line[6:])["state"]["history"]) == 2:
                break


def test_a_restart_keeps_every_match(data):
    with TestClient(create_app(data)) as first:
        ongoing = create(first, players=["human", "random"])
        first.post(
            f"/api/matches/{ongoing['id']}/moves", json={"move": "c3"}, headers=bearer(ongoing["seats"]["chocolate"])
        )
        until(first, ongoing["id"], lambda m: len(m["state"]["history"]) == 2 and not m["thinking"])
        finished = create(first)
        first.post(f"/api/matches/{finished['id']}/resign", headers=bearer(finished["seats"]["chocolate"]))
        before = {m: first.get(f"/api/matches/{m}").json() for m in (ongoing["id"], finished["id"])}
    with TestClient(create_app(data)) as second:  # a new server on the same folder
        for match_id, match in before.items():
            after = second.get(f"/api/matches/{match_id}").json()
            assert after["state"] == match["state"] and after["result"] == match["result"]
            # Versions go on: a client that keeps the newest takes the restarted server's answers.
            assert after["version"] > match["version"]
        token = ongoing["seats"]["chocolate"]  # the tokens still hold
        legal = before[ongoing["id"]]["state"]["legal_moves"][0]
        assert (
            second.post(f"/api/matches/{ongoing['id']}/moves", json={"move": legal}, headers=bearer(token)).status_code
            == 200
        )


def test_the_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "<title>boardgames</title>" in page.text
    for asset in ("/static/app.js", "/static/style.css"):
        assert client.get(asset).status_code == 200
    assert client.get("/static/../store.py").status_code == 404
    icon = client.get("/favicon.ico")  # followed to the page's icon
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", "serve", *args], capture_output=True, text=True, timeout=60
    )


def test_serve_refuses_what_it_cannot_use_in_one_line(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    done = serve("--data", str(a_file / "matches"), "--port", "0")
    assert done.returncode == 1 and done.stderr.startswith("Error: cannot keep matches in")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        done = serve("--data", str(tmp_path / "d"), "--port", port)
        assert done.returncode == 1 and "cannot listen on 127.0.0.1:" in done.stderr
        assert len(done.stderr.splitlines()) == 1
        done = serve("--data", str(tmp_path / "d"), "--port", port, "--host", "0.0.0.0")
        assert done.stderr.startswith("Warning: listening on 0.0.0.0")
    done = serve("--port", "70000")
    assert done.returncode == 2 and "70000" in done.stderr and "Traceback" not in done.stderr


def test_a_match_whose_agent_thinks_stays_in_memory(data):
    with TestClient(create_app(data, Limits(cached=1))) as client:
        matches = client.app.state.matches
        thinking = create(client, players=["alphabeta:time=1", "human"])
        first = matches.acquire(thinking["id"])
        matches.release(first)
        for _ in range(3):  # more matches than the cache holds, while the agent thinks
            create(client)
        assert first.thinking and matches.acquire(thinking["id"]) is first  # the same, not a copy from the store
        match = until(client, thinking["id"], lambda m: m["state"]["history"] and not m["thinking"])
        assert match["to_move"] == "vanilla" and len(match["state"]["history"]) == 1


# -- clocks -------------------------------------------------------------------------


class FakeTime:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def fake(monkeypatch) -> FakeTime:
    import boardgames.play.clock

    fake = FakeTime()
    monkeypatch.setattr(boardgames.play.clock, "time_source", fake)
    return fake


def move(client, created: dict, player: str, text: str | None = None):
    """``player`` plays ``text`` (by default the first legal move)."""
    match_id = created["id"]
    if text is None:
        text = client.get(f"/api/matches/{match_id}").json()["state"]["legal_moves"][0]
    return client.post(f"/api/matches/{match_id}/moves", json={"move": text}, headers=bearer(created["seats"][player]))


def test_a_match_without_a_clock_says_null(client):
    assert create(client)["clock"] is None


def test_a_timed_match_shows_each_sides_time_measured_at_the_answer(client, fake):
    created = create(client, clock={"limit": 300, "increment": 3})
    assert created["clock"] == {
        "limit": 300,
        "increment": 3,
        "remaining": {"chocolate": 300, "vanilla": 300},
        "running": None,
        "flagged": None,
    }
    fake.now += 10
    move(client, created, "chocolate", "c3")  # each side's first move is free
    assert move(client, created, "vanilla").json()["clock"]["running"] == "chocolate"
    fake.now += 20.5
    shown = client.get(f"/api/matches/{created['id']}").json()["clock"]  # nothing changed: measured now
    assert shown["remaining"] == {"chocolate": 279.5, "vanilla": 300} and shown["running"] == "chocolate"
    after = move(client, created, "chocolate").json()["clock"]
    assert after["remaining"] == {"chocolate": 282.5, "vanilla": 300} and after["running"] == "vanilla"


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        ({"limit": 0}, "'limit' is more than 0"),
        ({"limit": 10801, "increment": 0}, "at most 10800"),
        ({"limit": 300, "increment": 601}, "'increment' is from 0 to 600"),
        ({"limit": 300, "increment": -1}, "'increment'"),
        ({"limit": "300"}, "number of seconds"),
        ({"limit": True}, "number of seconds"),
        ({"increment": 3}, "a clock is"),
        ({"limit": 300, "delay": 3}, "a clock is"),
        ("5+3", "a clock is"),
        ([300, 3], "a clock is"),
    ],
)
def test_bad_clocks_are_400_with_one_line(client, clock, message):
    response = client.post("/api/matches", json={"game": "donuts", "players": ["human", "human"], "clock": clock})
    assert response.status_code == 400, response.text
    assert message in response.json()["error"] and "\n" not in response.json()["error"]


def test_a_clock_under_a_millisecond_is_400_not_a_match_whose_record_cannot_be_read(client):
    response = client.post("/api/matches", json={"game": "donuts", "players": ["human"] * 2, "clock": {"limit": 1e-4}})
    assert response.status_code == 400 and "at least 0.001 seconds" in response.json()["error"], response.text


def test_bad_moves_tried_again_are_400_and_cost_no_turn_of_the_client(client):
    """POST .../review/try: the ply and move are checked before the client's
    rate is spent (three bad tries used it up, and a fourth was 'too many
    hint requests'); a ply of thousands of digits is said cut short."""
    final = boardgames.game_class("donuts").configure(seed=1)
    state, rng = final.start(), __import__("random").Random(3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves))
    created = client.post("/api/matches", json={"record": boardgames.Match(state, ["human"] * 2).record().to_json()})
    path = f"/api/matches/{created.json()['id']}/review/try"
    bad = [{"ply": 0, "move": "a1"}, {"ply": "2", "move": "a1"}, {"ply": 2, "move": "zz"}, {"ply": 2, "move": None},
           {"ply": 2, "move": "\u202ea1\x00"}, {"ply": True, "move": "a1"}]  # fmt: skip
    for body in bad:
        answer = client.post(path, json=body)
        assert answer.status_code == 400 and "\n" not in answer.json()["error"], (body, answer.text)
    huge = client.post(path, content=b'{"ply": ' + b"9" * 4000 + b', "move": "a1"}',
                       headers={"content-type": "application/json"})  # fmt: skip
    assert huge.status_code == 400 and len(huge.json()["error"]) < 200, huge.text[:300]
    first = state.game.start()
    good = client.post(path, json={"ply": 1, "move": first.format_move(first.legal_moves[0])})
    assert good.status_code == 200 and good.json()["ply"] == 1, good.text


def test_a_plugins_bug_in_reading_a_move_tried_again_is_one_line_not_a_500(client):
    from boardgames import hookimpl
    from boardgames.testing import plugin

    donuts = boardgames.game_class("donuts")

    class Boom(donuts):  # type: ignore[misc,valid-type]
        name = "boom"

        def shorthand(self, state, text):
            return 1 / 0 if text == "boom" else super().shorthand(state, text)

    class Hooks:
        @staticmethod
        @hookimpl
        def register_games(register):
            register(Boom)

    with plugin(Hooks, "boom"):
        state = Boom.configure(seed=1).replay(["a1", "a2"])
        record = boardgames.Match(state, ["human"] * 2).record().to_json()
        created = client.post("/api/matches", json={"record": record}).json()
        client.post(f"/api/matches/{created['id']}/resign", headers=bearer(created["seats"]["chocolate"]))
        answer = client.post(f"/api/matches/{created['id']}/review/try", json={"ply": 2, "move": "boom"})
        assert answer.status_code == 400, answer.text
        assert "ZeroDivisionError" in answer.json()["error"] and "\n" not in answer.json()["error"]


def test_a_plugins_broken_view_is_one_line_not_a_500(client):
    # GET .../board.svg (and any endpoint) let an exception of a plugin's code out: Starlette's plain-text 500.
    from boardgames import hookimpl
    from boardgames.testing import plugin

    class Blind(boardgames.game_class("donuts")):  # type: ignore[misc]
        name = "blind"

        def view(self, state):
            raise RuntimeError("no view today")

    class Hooks:
        @staticmethod
        @hookimpl
        def register_games(register):
            register(Blind)

    with plugin(Hooks, "blind"):
        created = client.post("/api/matches", json={"game": "blind", "players": ["human"] * 2}).json()
        for query in ("", "?ply=0"):
            answer = client.get(f"/api/matches/{created['id']}/board.svg{query}")
            assert answer.status_code == 400 and answer.json()["error"].endswith("RuntimeError: no view today")


def test_a_move_after_the_time_ran_out_is_409_and_flags(client, fake):
    created = create(client, clock={"limit": 60, "increment": 0})
    move(client, created, "chocolate", "c3")
    move(client, created, "vanilla")
    fake.now += 61
    late = move(client, created, "chocolate")
    assert late.status_code == 409 and "vanilla wins on time: chocolate's time ran out" in late.json()["error"]
    match = client.get(f"/api/matches/{created['id']}").json()
    assert match["winner"] == "vanilla" and match["to_move"] is None and len(match["state"]["history"]) == 2
    assert match["result"] == "vanilla wins on time: chocolate's time ran out"
    assert match["forfeit"] == {"player": "chocolate", "reason": "time ran out"}
    assert match["clock"]["flagged"] == "chocolate" and match["clock"]["running"] is None
    assert match["clock"]["remaining"]["chocolate"] == 0
    record = client.get(f"/api/matches/{created['id']}/record").json()
    assert record["clock"]["flagged"] == "chocolate" and record["clock"]["times"] == [60, 60]


def test_the_server_flags_when_the_time_runs_out_with_no_request(client):
    """Real time: a second each. The event stream pushes the flag; nobody moves."""
    created = create(client, clock={"limit": 1, "increment": 0})
    match_id = created["id"]
    move(client, created, "chocolate", "c3")
    started = time.monotonic()
    with client.stream("GET", f"/api/matches/{match_id}/events") as stream:
        move(client, created, "vanilla")  # chocolate's clock runs from here
        for line in stream.iter_lines():
            if line.startswith("data: "):
                match = json.loads(line[6:])
                if match["clock"]["flagged"]:
                    break
    assert 0.9 <= time.monotonic() - started < 10
    assert match["result"] == "vanilla wins on time: chocolate's time ran out" and match["winner"] == "vanilla"
    assert move(client, created, "chocolate").status_code == 409


def test_a_takeback_gives_the_clocks_back(client, fake):
    created = create(client, clock={"limit": 300, "increment": 0})
    match_id = created["id"]
    move(client, created, "chocolate", "c3")
    move(client, created, "vanilla")
    fake.now += 50
    move(client, created, "chocolate")  # 250 left
    fake.now += 30
    asked = client.post(f"/api/matches/{match_id}/takeback", headers=bearer(created["seats"]["chocolate"])).json()
    assert asked["undone"] is False and asked["clock"]["remaining"] == {"chocolate": 250, "vanilla": 270}
    answered = client.post(
        f"/api/matches/{match_id}/takeback/answer",
        json={"accept": True, "id": asked["takeback"]["id"]},
        headers=bearer(created["seats"]["vanilla"]),
    ).json()
    # Back to chocolate's turn after the two free moves: the 300 it had then, running again.
    assert answered["undone"] is True and answered["clock"]["remaining"] == {"chocolate": 300, "vanilla": 300}
    assert answered["clock"]["running"] == "chocolate"


def test_a_downloaded_record_keeps_the_clock_and_uploads_with_it(client, fake):
    created = create(client, clock={"limit": 120, "increment": 5})
    move(client, created, "chocolate", "c3")
    move(client, created, "vanilla")
    fake.now += 15
    move(client, created, "chocolate")
    record = client.get(f"/api/matches/{created['id']}/record").json()
    assert record["clock"]["times"] == [120, 120, 110] and record["clock"]["since"] == fake.now
    fake.now += 1000  # in a file: does not count
    resumed = client.post("/api/matches", json={"record": record}).json()
    assert resumed["clock"]["remaining"] == {"chocolate": 110, "vanilla": 120}
    assert resumed["clock"]["running"] == "vanilla" and resumed["state"]["history"] == record["history"]


def test_a_restart_keeps_the_clocks_and_counts_the_time_it_took(data, fake):
    with TestClient(create_app(data)) as first:
        created = create(first, clock={"limit": 100, "increment": 0})
        move(first, created, "chocolate", "c3")
        move(first, created, "vanilla")
        fake.now += 30
        move(first, created, "chocolate")  # 70 left; vanilla's clock runs
        fake.now += 10
    fake.now += 20  # the server is down
    with TestClient(create_app(data)) as second:
        match = second.get(f"/api/matches/{created['id']}").json()
        # vanilla's 100 ran 10 s before the stop and 20 s while the server was down.
        assert match["clock"]["remaining"] == {"chocolate": 70, "vanilla": 70}
        assert match["clock"]["running"] == "vanilla"
        fake.now += 71
        late = move(second, created, "vanilla")
        assert late.status_code == 409 and "chocolate wins on time" in late.json()["error"]
    with TestClient(create_app(data)) as third:  # the flag was kept
        match = third.get(f"/api/matches/{created['id']}").json()
        assert match["clock"]["flagged"] == "vanilla" and match["winner"] == "chocolate"


def test_a_restart_long_after_the_time_ran_out_flags_at_the_first_look(data, fake):
    with TestClient(create_app(data)) as first:
        created = create(first, clock={"limit": 10, "increment": 0})
        move(first, created, "chocolate", "c3")
        move(first, created, "vanilla")
    fake.now += 3600
    with TestClient(create_app(data)) as second:
        match = second.get(f"/api/matches/{created['id']}").json()
        assert match["clock"]["flagged"] == "chocolate" and match["result"].startswith("vanilla wins on time")


def test_an_agents_clock_runs_on_the_server_too(client):
    """Real time: the agent moves within its time, its clock counted."""
    created = create(client, players=["human", "mcts:time=5"], clock={"limit": 2, "increment": 0})
    move(client, created, "chocolate", "c3")
    until(client, created["id"], lambda m: len(m["state"]["history"]) == 2 and not m["thinking"])
    move(client, created, "chocolate")  # vanilla's clock runs: it thinks within a part of its 2 s, not 5
    match = until(client, created["id"], lambda m: len(m["state"]["history"]) == 4 and not m["thinking"])
    assert match["clock"]["flagged"] is None and 1.0 < match["clock"]["remaining"]["vanilla"] < 2


class CountingSelector(selectors.DefaultSelector):  # type: ignore[misc,valid-type]
    """The event loop's selector, counting the times the loop wakes up."""

    wakes = 0

    def select(self, timeout=None):
        ready = super().select(timeout)
        CountingSelector.wakes += 1
        return ready


async def watch_events(app, match_id: str, sent: asyncio.Queue, gone: asyncio.Event) -> None:
    """A client of ``app``'s event stream of the match, in-process: each chunk
    sent goes to ``sent``; the client hangs up once ``gone`` is set."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": f"/api/matches/{match_id}/events",
        "raw_path": f"/api/matches/{match_id}/events".encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    asked = False

    async def receive() -> dict:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await gone.wait()  # the client hangs up when told
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.body" and message.get("body"):
            await sent.put(message["body"].decode())

    await app(scope, receive, send)


def test_idle_event_streams_do_not_wake_the_server_and_a_change_reaches_them(data):
    """Streams are pushed, not polled: while nothing changes, the server's
    event loop holding 20 open streams does not wake at all (each polled every
    50 ms, they woke it hundreds of times a second); a move reaches each."""
    app = create_app(data)
    matches = app.state.matches
    live, seats = matches.create("donuts", {}, 7, ["human", "human"])
    streams = 20

    async def run() -> None:
        loop = asyncio.get_running_loop()
        gone = asyncio.Event()
        queues = [asyncio.Queue() for _ in range(streams)]
        tasks = [asyncio.ensure_future(watch_events(app, live.id, queue, gone)) for queue in queues]
        for queue in queues:  # each stream's first event: the match now
            assert '"history": []' in await asyncio.wait_for(queue.get(), 30)
        assert live.users == streams

        def quiet_second() -> int:
            """From another thread: the loop's wake-ups in a second of quiet."""
            time.sleep(0.2)  # the loop is done with what it was doing
            before = CountingSelector.wakes
            time.sleep(1.0)
            return CountingSelector.wakes - before

        wakes = await loop.run_in_executor(None, quiet_second)
        assert wakes == 0, f"the server woke {wakes} times in a second with {streams} idle streams"
        await loop.run_in_executor(None, matches.move, live, seats["chocolate"], "c3")
        for queue in queues:  # the move reaches every stream
            assert '"history": ["c3"]' in await asyncio.wait_for(queue.get(), 30)
        gone.set()  # every client hangs up: the streams end and let the match go
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        assert live.users == 0

    loop = asyncio.SelectorEventLoop(CountingSelector())
    try:
        loop.run_until_complete(run())
    finally:
        loop.close()
        matches.close()


def test_a_stream_woken_between_a_changes_version_and_its_description_still_sends_it(data):
    """A change bumps the version, then describes the match, then wakes the
    streams: a stream woken in between (by an earlier change) read the new
    version with the old description and, taking the version as sent, never
    sent the new one (a page left showing "the computer is thinking")."""
    app = create_app(data)
    matches = app.state.matches
    live, seats = matches.create("donuts", {}, 7, ["human", "human"])

    def wake_all() -> None:
        for watcher in list(live._watchers):
            watcher()

    def change_in_two_steps() -> None:
        with live.lock:
            live.version += 1  # what changed() does first ...
            wake_all()  # ... a stream woken now (an earlier change's wake-up) reads it
            time.sleep(0.3)
            live.match.play("c3", by="chocolate")
            live.snapshot = (live._views(), live._clock())  # ... then the description
            wake_all()  # ... and the wake-up of this change

    async def run() -> None:
        loop = asyncio.get_running_loop()
        gone, sent = asyncio.Event(), asyncio.Queue()
        task = asyncio.ensure_future(watch_events(app, live.id, sent, gone))
        assert '"history": []' in await asyncio.wait_for(sent.get(), 30)
        await loop.run_in_executor(None, change_in_two_steps)
        got = await asyncio.wait_for(sent.get(), 10)  # the keep-alive comes only after 15 s
        assert '"history": ["c3"]' in got
        gone.set()
        await asyncio.wait_for(task, 30)

    try:
        asyncio.run(run())
    finally:
        matches.close()
