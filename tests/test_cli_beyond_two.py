"""The terminal, records, replay, show and review past two players and
certainty (issue 39): the toy games Race (1-4 players, a die) and Guess
(choices at once, hidden) registered as a plugin and played through the
real command line, with real input scripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgames import Match
from boardgames.play.records import parse_record, read_record, save_record
from boardgames.rules.chance import chance_rng, draw
from boardgames.testing import plugin
from helpers import screens
from tests.toy_games import Guess, Race, Toys


@pytest.fixture
def toys(cli):
    """The ``cli`` fixture with Race and Guess registered."""
    with plugin(Toys, "toys"):
        yield cli


def moves_said(out: str) -> list[str]:
    """The numbered move lines the terminal said (``3. chance: roll:2``, ``4. east (random): a1``)."""
    return re.findall(r"(?:^|> )(\d+\. .*)$", out, flags=re.M)  # a pipe's input is not echoed: after a prompt too


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


# -- play ---------------------------------------------------------------------------


def test_play_seats_a_person_and_the_computer_in_every_other_seat_and_says_the_dice(toys):
    run = toys("play", "race", "-o", "players=4", "--seed", "3", input="a1\n" * 30)
    assert run.code == 0, run.err
    said = moves_said(run.out)
    assert said[0] == "1. chance: roll:" + said[0].rsplit(":", 1)[1]  # the first roll, before anyone moves
    for seat in ("east", "south", "west"):
        assert any(re.match(rf"\d+\. {seat} \([^)]+\): [ab]1$", line) for line in said), seat
    record = read_record(next(Path().glob("race-*.json")))
    numbers = [int(line.split(".")[0]) for line in said]
    assert numbers == sorted(numbers)  # in order, chance with the moves
    for line in said:  # each said move is the record's (north's typed ones aside)
        number, _, text = line.partition(". ")
        assert record.state.format_move(record.state.history[int(number) - 1]) == text.rsplit(": ", 1)[1]
    chance = [line for line in said if ". chance: " in line]
    assert len(chance) == sum(1 for m in record.state.history if m.origin == -2)  # every roll said once
    assert record.seats[1:] == record.seats[2:] + record.seats[1:2] and record.seats[0] == "human"
    assert "wins with" in run.out and record.state.result_text() in run.out


def test_play_hot_seat_for_three_without_hidden_information_needs_no_pause(toys):
    run = toys("play", "race", "-o", "players=3", "--seed", "1", "--players", "human,human,human", input="a1\n" * 40)
    assert run.code == 0, run.err
    assert "Pass to" not in run.out
    assert "north> " in run.out and "east> " in run.out and "south> " in run.out
    assert re.search(r"wins with \d+; \w+ 2nd, \d+", run.out) or "share 1st" in run.out


def test_play_hot_seat_with_hidden_choices_pauses_and_shows_each_person_only_their_view(toys):
    # Three rounds: north c1 / south a1, north b1 / south b1, north c1 / south a1; a pause before each.
    script = "".join(f"\n{move}\n" for move in ("c1", "a1", "b1", "b1", "c1", "a1"))
    run = toys("play", "guess", "--seed", "2", "--players", "human,human", input=script)
    assert run.code == 0, run.err
    seen = screens(run.out)
    assert len(seen["north"]) == 3 and len(seen["south"]) == 3
    south_moves = [re.search(r"^moves: (.*)$", s, flags=re.M) for s in seen["south"]]
    assert south_moves[0].group(1) == "?"  # north's choice is not shown to south
    assert south_moves[1].group(1) == "? c1-a1 ?"  # south's own choice revealed north's (Guess.seen)
    assert south_moves[2].group(1) == "? c1-a1 ? b1-b1 ?"
    north_moves = [re.search(r"^moves: (.*)$", s, flags=re.M) for s in seen["north"][1:]]
    assert [m.group(1) for m in north_moves] == ["c1 c1-a1", "c1 c1-a1 b1 b1-b1"]
    last = seen["south"][-1]
    assert "moves: c1 a1 b1 b1 c1 a1" in last  # the whole game once over
    assert "south wins with 2; north 2nd, 1: three rounds" in last


def test_play_with_no_person_shows_the_spectators_view_then_the_whole_game(toys):
    run = toys("play", "guess", "--seed", "4", "--players", "random,random")
    assert run.code == 0, run.err
    said = moves_said(run.out)
    assert len(said) == 6
    assert [line.rsplit(": ", 1)[1] for line in said[0:5:2]] == ["?", "?", "?"]  # north's choices, unseen then
    record = read_record(next(Path().glob("guess-*.json")))
    whole = " ".join(record.state.format_move(m) for m in record.state.history)
    assert f"moves: {whole}" in run.out


def test_play_refuses_a_chance_outcome_where_none_is_due_and_a_count_out_of_range(toys):
    run = toys("play", "race", "-o", "players=2", "--seed", "3", "--players", "human,human", input="roll:3\nquit\n")
    assert run.code == 0
    assert "'roll:3' is a chance outcome, but no chance event is due in race after roll:" in run.out
    record = read_record(next(Path().glob("race-*.json"))) if list(Path().glob("race-*.json")) else None
    assert record is None  # nothing played: nothing written
    run = toys("play", "race", "-o", "players=9")
    assert run.code != 0 and len(run.err.strip().splitlines()) == 1 and "players" in run.err
    run = toys("play", "race", "-o", "players=2", "--players", "human,random,random")
    assert run.code != 0 and len(run.err.strip().splitlines()) == 1


# -- show ---------------------------------------------------------------------------


def test_show_takes_chance_outcomes_and_refuses_one_where_none_is_due(toys):
    run = toys("show", "race", "-o", "players=3", "--seed", "1", "--moves", "roll:2 a1 roll:3", "--json")
    assert run.code == 0, run.err
    assert run.json()["history"] == ["roll:2", "a1", "roll:3"] and run.json()["to_move"] == "east"
    for moves, why in (
        ("roll:2 roll:1", "move 2: 'roll:1' is a chance outcome, but no chance event is due"),
        ("roll:2 a1 roll:4", "move 3: 'roll:4' is not an outcome of the chance event due"),
    ):
        run = toys("show", "race", "--moves", moves)
        assert run.code != 0 and run.out == ""
        assert run.err.strip().splitlines() == [f"Error: {run.err.strip()[7:]}"] and why in run.err


def test_show_of_a_hidden_game_shows_the_public_view_a_players_with_as_and_all_only_with_whole(toys, tmp_path):
    def show(secret: str, *args: str):
        run = toys("show", "guess", "--seed", "3", "--moves", secret, *args)
        assert run.code == 0, run.err
        return run

    public = show("c1", "--json").json()
    assert public["history"] == ["?"] and public["seen_by"] is None and public["seed"] is None
    assert show("c1", "--json", "--as", "north").json()["history"] == ["c1"]
    assert show("c1", "--json", "--whole").json()["history"] == ["c1"]
    assert show("c1", "--json", "--whole").json()["seed"] == 3
    # What south (or a spectator) is shown is the same whatever north chose: text, JSON and picture.
    for args in (("--json",), ("--json", "--as", "south"), ()):
        assert show("c1", *args).out == show("a1", *args).out, args
    for secret in ("a1", "c1"):
        show(secret, "--as", "south", "--svg", str(tmp_path / f"{secret}.svg"))
    assert (tmp_path / "a1.svg").read_text() == (tmp_path / "c1.svg").read_text()
    assert "moves: c1" in show("c1", "--whole").out and "moves: ?" in show("c1").out
    # Once over, the whole game, whoever asks.
    over = "c1 a1 b1 b1 c1 a1"
    assert show(over, "--json", "--as", "south").json()["history"] == over.split()
    # A view is never loaded as a game.
    (tmp_path / "view.json").write_text(json.dumps(public))
    run = toys("play", "--load", str(tmp_path / "view.json"))
    assert run.code != 0 and "a spectator's view of a game in progress" in run.err
    assert len(run.err.strip().splitlines()) == 1
    run = toys("show", "guess", "--as", "east")
    assert run.code != 0 and "'east' is not a player of guess (north, south)" in run.err


# -- replay -------------------------------------------------------------------------


def test_replay_says_each_move_chance_included_and_that_the_dice_were_drawn(toys, tmp_path):
    match = finished_race(players=2, seed=11)
    path = save_record(tmp_path / "race.json", match.record())
    run = toys("replay", str(path), input="\n\n\nq\n")
    assert run.code == 0, run.err
    assert "Chance drawn from the seed." in run.out
    history = [match.state.format_move(m) for m in match.state.history]
    assert f"1. chance: {history[0]}" in run.out
    assert f"2. north: {history[1]}" in run.out
    assert f"3. chance: {history[2]}" in run.out


def test_replay_of_a_hidden_game_in_progress_shows_a_view_unless_whole(toys, tmp_path):
    match = Match(Guess.configure(seed=2), ["human", "human"])
    for move in ("c1", "a1", "b1"):
        match.play(move)
    path = save_record(tmp_path / "guess.json", match.record())
    public = toys("replay", str(path), input="\n\n\nq\n")
    assert public.code == 0, public.err
    assert "1. north: ?" in public.out and "3. north: ?" in public.out and "moves: ? c1-a1 ?" in public.out
    other = Match(Guess.configure(seed=2), ["human", "human"], started=match.started)
    for move in ("c1", "a1", "c1"):  # north's pending choice otherwise: what every player sees is the same
        other.play(move)
    other_path = save_record(tmp_path / "other.json", other.record())
    assert toys("replay", str(other_path), input="\n\n\nq\n").out == public.out
    north = toys("replay", str(path), "--as", "north", input="end\nq\n")
    assert "moves: c1 c1-a1 b1" in north.out  # south's choice, as it revealed both
    south = toys("replay", str(path), "--as", "south", "--to", "3", "--json")
    assert south.json()["history"] == ["?", "c1-a1", "?"] and south.json()["seen_by"] == "south"
    whole = toys("replay", str(path), "--whole", "--json")
    assert whole.json()["history"] == ["c1", "a1", "b1"]


# -- review -------------------------------------------------------------------------


def test_review_of_a_game_with_dice_and_three_players_gives_each_player_an_expected_value(toys, tmp_path):
    match = finished_race(players=3, seed=5)
    path = save_record(tmp_path / "race.json", match.record())
    run = toys("review", str(path), "--budget", "iterations=40", "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["expected"] is True
    plies = data["plies"]
    assert len(plies) == len(match.state.history)
    names = set(match.game.player_names)
    for k, ply in enumerate(plies):
        chance = match.state.history[k].origin == -2
        assert (ply["player"] == "chance") == chance, ply
        if chance:
            assert ply["label"] is None and ply["best"] is None
        assert set(ply["values"]) == names
        assert abs(sum(ply["values"].values()) - 50 * len(names)) < 0.5  # places' values add up to nothing
        if k < len(plies) - 1:  # nothing is proved with dice still to come
            assert ply["source"] == "search" and ply["before_source"] == "search", ply
    assert plies[-1]["source"] == "solver"  # the end itself is exact
    assert set(data["summary"]) == names  # chance has no accuracy
    # The text: chance's lines, the first player's graph, and the review saved for the next look.
    text = toys("review", str(path))
    assert "the review saved with the game" in text.err
    assert re.search(r"^\s+1\. chance\s+roll:\d", text.out, re.M) and "averaged over chance" in text.out
    tried = toys("review", str(path), "--try", "1", "roll:2")
    assert tried.code != 0 and "move 1 is a chance outcome: no one chose it" in tried.err
    assert len(tried.err.strip().splitlines()) == 1


def test_review_of_a_hidden_game_in_progress_is_one_players_and_sees_only_their_view(toys, tmp_path):
    def saved(name: str, moves: tuple[str, ...]) -> Path:
        match = Match(Guess.configure(seed=2), ["human", "human"], started="2026-01-01T00:00:00+00:00")
        for move in moves:
            match.play(move)
        return save_record(tmp_path / name, match.record())

    one = saved("one.json", ("c1", "a1", "b1", "b1", "a1"))
    other = saved("other.json", ("c1", "a1", "b1", "b1", "c1"))  # north's pending choice otherwise
    run = toys("review", str(one))
    assert run.code != 0 and "hides information and is still going on: review it --as PLAYER" in run.err
    assert len(run.err.strip().splitlines()) == 1
    south = toys("review", str(one), "--as", "south", "--budget", "iterations=30", "--json")
    assert south.code == 0, south.err
    assert [p["ply"] for p in south.json()["plies"]] == [2, 4] and south.json()["player"] == "south"
    assert toys("review", str(other), "--as", "south", "--budget", "iterations=30", "--json").out == south.out
    north = toys("review", str(one), "--as", "north", "--budget", "iterations=30", "--json").json()
    assert [p["move"] for p in north["plies"]] == ["c1", "b1", "a1"]
    assert "review" not in json.loads(one.read_text())  # a view's review is never saved with the whole game


def test_play_export_writes_the_game_as_the_person_at_the_keyboard_sees_it(toys, tmp_path):
    script = "\nc1\n\nexport south.json\nquit\n"  # north chooses c1; south, at the keyboard, exports
    run = toys("play", "guess", "--seed", "2", "--players", "human,human", input=script)
    assert run.code == 0, run.err
    assert "Wrote the game as south sees it to south.json (it shows what you may see" in run.out
    data = json.loads(Path("south.json").read_text())
    assert data["seen_by"] == "south" and data["history"] == ["?"] and data["seed"] is None
    run = toys("play", "--load", "south.json")
    assert run.code != 0 and "this is south's view of a game in progress" in run.err
    saved = read_record(next(Path().glob("guess-*.json")))  # what quit saved: the whole game, to resume
    assert [saved.state.format_move(m) for m in saved.state.history] == ["c1"]
