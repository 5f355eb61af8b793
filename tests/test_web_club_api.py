"""One review (issue 43): the web review is the same as ``boardgames review
--json`` on the same record, made with work alone, kept in the store and
served from there after a restart."""

from __future__ import annotations

import json
import sqlite3

import pytest

pytest.importorskip("starlette", reason="the extra 'web' (pip install -e '.[web]') is not installed")

from server import Server  # noqa: E402

import boardgames  # noqa: E402
from boardgames import Match, save_record  # noqa: E402

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
