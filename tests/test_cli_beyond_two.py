"""The terminal, records, replay, show and review past two players and
certainty (issue 39): the toy games Race (1-4 players, a die) and Guess
(choices at once, hidden) registered as a plugin and played through the
real command line, with real input scripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgames import Match, hookimpl
from boardgames.play.records import parse_record, read_record, save_record
from boardgames.rules.chance import chance_rng, draw
from boardgames.testing import plugin
from tests.toy_games import Guess, Race


class Toys:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Race)
        register(Guess)


@pytest.fixture
def toys(cli):
    """The ``cli`` fixture with Race and Guess registered."""
    with plugin(Toys, "toys"):
        yield cli


def moves_said(out: str) -> list[str]:
    """The numbered move lines the terminal said (``3. chance: roll:2``, ``4. east (random): a1``)."""
    return re.findall(r"^\d+\. .*$", out, flags=re.M)


# -- records ----------------------------------------------------------------------


def finished_race(players: int = 3, seed: int = 5) -> Match:
    match = Match(Race.configure({"players": players}, seed=seed), ["random"] * players)
    match.run()
    return match


def test_a_record_says_its_chance_was_drawn_and_an_edited_die_is_refused(tmp_path):
    match = finished_race()
    data = match.record().to_json()
    assert data["chance"] == "drawn"
    assert parse_record(data, game=Race).state.history == match.state.history
    history = list(data["history"])
    first = history[0]
    history[0] = "roll:1" if first != "roll:1" else "roll:2"
    with pytest.raises(Exception, match=r"^move 1 is a chance outcome other than the one the record's seed draws"):
        parse_record({**data, "history": history}, game=Race)
    # The same dice, said to be picked: taken as they are.
    bare = {key: data[key] for key in ("format", "version", "game", "options", "seed")}
    picked = parse_record({**bare, "history": history[:1], "chance": "picked"}, game=Race)
    assert picked.chance == "picked" and picked.state.history[0].to == int(history[0][5:])


def test_a_match_whose_dice_were_picked_records_them_as_picked():
    game = Race.configure({"players": 2}, seed=7)
    due = draw(game.start().chance_outcomes(), chance_rng(7, 0))
    other = next(m for m, _ in game.start().chance_outcomes() if m != due)
    match = Match(game, ["human", "human"], chance="picked")
    match.play(game.start().format_move(other))
    data = match.record().to_json()
    assert data["chance"] == "picked"
    assert parse_record(data, game=Race).state.history == match.state.history


def test_a_players_record_of_a_game_in_progress_holds_only_their_view_and_is_never_loaded():
    match = Match(Guess.configure(seed=2), ["human", "human"])
    match.play("c1")  # north's secret
    record = match.record()
    south = record.seen_by("south")
    assert south["history"] == ["?"] and south["seen_by"] == "south" and south["seed"] is None
    other = Match(Guess.configure(seed=2), ["human", "human"], started=record.started)
    other.play("a1")  # another secret: south's record is the same
    assert other.record().seen_by("south") == south
    assert record.seen_by(None)["history"] == ["?"]
    assert record.seen_by("north")["history"] == ["c1"]
    with pytest.raises(Exception, match=r"^this is south's view of a game in progress.*cannot be loaded to play on"):
        parse_record(south, game=Guess)
    match.play("a1")
    for _ in range(2):
        match.play("a1")
        match.play("b1")
    assert match.is_over
    assert match.record().seen_by("south") == match.record().to_json()  # the whole record once over


def test_an_edited_record_is_refused_in_one_line_by_play_and_replay_and_nothing_changes(toys, tmp_path):
    data = finished_race().record().to_json()
    history = list(data["history"])
    history[2] = "roll:1" if history[2] != "roll:1" else "roll:3"
    path = tmp_path / "edited.json"
    save_record(path, {**data, "history": history})
    before = path.read_text()
    for args in (("replay", str(path)), ("play", "--load", str(path)), ("review", str(path))):
        run = toys(*args)
        assert run.code != 0, args
        lines = run.err.strip().splitlines()
        assert len(lines) == 1 and "move 3 is a chance outcome other than" in lines[0], (args, run.err)
    assert path.read_text() == before
