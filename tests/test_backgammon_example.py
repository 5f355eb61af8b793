"""The Backgammon example package (examples/backgammon): checkers counted on
the 24 points, the bar and the trays (``Game.counts``, each with its owner),
two dice rolled by chance, moves written as players write them
(``24/23 13/11``, ``bar/22``, ``6/off``), rules only. The conformance kit;
agreement with OpenSpiel's ``backgammon`` move for move (the same rolls on
both sides, legal moves by label at every decision, the player to move, the
returns); the rules players know by name; the text drawing and the terminal."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames import IllegalMoveError
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel

#: Seeded random games compared with OpenSpiel (each about 110 decisions: 200 games, some 22,000).
AGREEMENT_GAMES = 200


@pytest.fixture(scope="module")
def bg() -> Iterator[Any]:
    module = load_example("backgammon")
    with plugin(module, "backgammon-under-test"):
        yield module


def position(bg: Any, points: dict[int, int], dice: tuple[int, int], bar=(0, 0), off=(0, 0), turn=0) -> Any:
    """A position set up by hand: checkers by OpenSpiel's positions 0-23 (white +, black -)."""
    board = tuple(points.get(i, 0) for i in range(24))
    return bg.BackgammonState(game=bg.Backgammon.configure(), points=board, bar=bar, off=off, dice=dice, turn=turn)


def openspiel_label(state: Any, move: Any) -> str:
    """OpenSpiel's label of a legal move: ours with Bar, Off and Pass capitalised, a lone step '... Pass'."""
    ours = state.format_move(move)
    said = ours.replace("bar", "Bar").replace("off", "Off").replace("pass", "Pass")
    return said + " Pass" if len(move.marks) == 0 and move.to >= 0 else said


def written(state: Any) -> list[str]:
    return sorted(state.format_move(m) for m in state.legal_moves)


def test_backgammon_keeps_the_contract(check_game, bg):
    check_game("backgammon", games=3)


def test_backgammon_plays_as_openspiels_backgammon_move_for_move(bg):
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("backgammon"), bg.Backgammon.configure()
    decisions = doubles = 0
    for seed in range(AGREEMENT_GAMES):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not theirs.is_terminal():
            if (
                theirs.is_chance_node()
            ):  # the same roll on both sides: OpenSpiel's outcome k is ours k (later LATER + k)
                assert ours.turn == -1, (seed, ours.describe())
                chances = theirs.chance_outcomes()
                assert len(chances) == (30 if not ours.history else 36)
                k = rng.choice([a for a, _ in chances])
                ours = ours.play_unchecked(bg.outcome(k if not ours.history else bg.LATER + k))
                theirs.apply_action(k)
                continue
            labels = {re.sub(r"^\d+ - ", "", theirs.action_to_string(a)): a for a in theirs.legal_actions()}
            mine = {openspiel_label(ours, m): m for m in ours.legal_moves}
            assert set(mine) == set(labels) and len(mine) == len(ours.legal_moves), (seed, ours.describe())
            assert theirs.current_player() == ours.turn, (seed, ours.describe())
            chosen = rng.choice(sorted(labels))
            doubles += ours.second
            ours = ours.play_unchecked(mine[chosen])
            theirs.apply_action(labels[chosen])
            decisions += 1
        assert ours.is_over, (seed, ours.describe())
        winner = ours.outcome.winner_index
        assert theirs.returns() == [1.0 - 2 * (p != winner) for p in (0, 1)]
    assert decisions > 100 * AGREEMENT_GAMES and doubles > 5 * AGREEMENT_GAMES  # doubles' second halves in step


def test_a_checker_on_the_bar_enters_first_and_a_hit_blot_goes_to_the_bar(bg):
    # White has one on the bar; black's blot on white's 22 point (OpenSpiel's 2), black holds white's 20 (4).
    state = position(bg, {2: -1, 4: -2, 11: 14, 23: -12}, (3, 5), bar=(1, 0))
    assert written(state) == ["bar/22* 13/8", "bar/22*/17"]  # the 5 cannot enter: the 3 first, hitting
    after = state.play("bar/22* 13/8")
    assert after.bar == (0, 1) and after.points[2] == 1 and after.turn == -1
    with pytest.raises(IllegalMoveError, match="white has a checker on the bar: it enters first"):
        state.play("13/10 13/8")


def test_bearing_off_needs_every_checker_home(bg):
    # One white checker still on its 7 point (OpenSpiel's 17): no bearing off with 6-5.
    out = position(bg, {17: 1, 20: 2, 23: 12, 0: -15}, (6, 5))
    assert written(out) == ["7/1 4/off", "7/2 4/off"]  # the 7 point's checker home first, then off
    home = position(bg, {18: 1, 20: 2, 23: 12, 0: -15}, (6, 5))  # all home: the 6 bears off from the 6 point
    assert "6/off 4/off" in written(home) and "6/1 4/off" in written(home)


def test_the_higher_die_must_be_played_when_only_one_can(bg):
    # White's one free checker, on its 13 point, can move 6 or 2, not both: black holds white's 5 point.
    board = {11: 1, 23: 14, 5: -2, 9: -2, 19: -2, 0: -9}
    state = position(bg, board, (6, 2))
    assert written(state) == ["13/7"] and openspiel_label(state, state.legal_moves[0]) == "13/7 Pass"


def test_doubles_are_played_in_two_moves_of_two(bg):
    state = position(bg, {0: 2, 11: 5, 16: 3, 18: 5, 23: -2, 12: -5, 7: -3, 5: -5}, (6, 6))
    first = state.play("24/18(2)")
    assert first.turn == 0 and first.second and first.dice == (6, 6)
    second = first.play("13/7(2)")
    assert second.turn == -1 and not second.second and second.turns == (1, 0)
    assert "13/7(2)" in written(first) and second.game.format_outcome(bg.outcome(bg.LATER + 35)) == "roll:66"


#: White opens 3-1 making its 5 point; black runs a back checker to its 18 point, where white's 6-1 hits it.
OPENING = "start:white:13, 8/5 6/5, roll:64, 24/18 13/9, roll:61, 13/7* 8/7"


def test_the_text_draws_each_points_checkers_with_their_owner_and_the_bar(bg, cli):
    run = cli("show", "backgammon", "--moves", OPENING)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    top, bottom = (next(line for line in lines if line.startswith(f"  {r} ")) for r in (2, 1))
    cells = {r: [row[4 + 4 * f : 8 + 4 * f].strip(" *[]") for f in range(14)] for r, row in ((2, top), (1, bottom))}
    # The black blot on white's 7 point (black's 18, OpenSpiel's 17: f2) was hit: on black's bar (g1), one.
    assert cells[2][5] == "2W" and cells[1][6] == "1B" and cells[2][6] == "0W" and cells[2][4] == "1W"
    assert cells[1][0] == "4W" and cells[2][0] == "4B" and cells[1][12] == "2W" and cells[2][12] == "1B"
    assert cells[2][13] == "0W" and cells[1][13] == "0B" and cells[1][1] == "."  # the trays, an empty point
    assert "n checkers" in run.out and "black's dice" not in run.out
    assert "moves: start:white:13, 8/5 6/5, roll:64, 24/18 13/9, roll:61, 13/7* 8/7" in run.out
    shown = cli("show", "backgammon", "--moves", OPENING + ", roll:53", "--json").json()
    assert shown["counts"]["g1"] == {"count": 1, "owner": "black"} and shown["to_move"] == "black"
    assert [d["value"] for d in shown["dice"]] == [5, 3] and shown["history"][-2] == "13/7* 8/7"


def test_the_picture_is_a_backgammon_board_of_points_with_checkers_piled_on_them(bg, cli, tmp_path):
    """Counted(stacked=5): each point a long triangle, its checkers piled from the edge (five drawn,
    then the number), the bar and the trays plain; as a player sees a Backgammon board."""
    import xml.etree.ElementTree as ET

    picture = tmp_path / "board.svg"
    assert cli("show", "backgammon", "--moves", OPENING, "--svg", str(picture)).code == 0
    svg = ET.parse(picture).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert len([p for p in svg.iter(f"{ns}polygon") if p.get("class") == "point-site"]) == 24
    assert len([r for r in svg.iter(f"{ns}rect") if r.get("class") == "plain-site"]) == 4  # two bars, two trays
    piles = {g.get("data-square"): g for g in svg.iter(f"{ns}g") if g.get("data-count")}
    stones = {sq: sum(c.get("class") == "stone" for c in g.iter(f"{ns}circle")) for sq, g in piles.items()}
    assert stones["h1"] == 5 and stones["a1"] == 4 and stones["g1"] == 1  # black's 6 point; white's 24; the bar


def test_a_move_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(bg, cli):
    typed = "6/5 8/5\nbar/18\nquit\n"  # the next roll is drawn from the seed: black has no checker on the bar
    run = cli("play", "backgammon", "--seed", "1", "--moves", "start:white:13", "--players", "human,human", input=typed)
    said = run.out + run.err
    assert "Traceback" not in said
    refused = [line for line in said.splitlines() if "bar/18" in line]
    assert len(refused) == 1 and "roll:55: black has no checker on the bar. Type" in refused[0], said
    record = json.loads(next(Path().glob("backgammon-*.json")).read_text())  # the game saved on quitting
    assert record["history"] == ["start:white:13", "8/5 6/5", "roll:55"]
    assert bg.Backgammon.configure().replay(record["history"]).dice == (5, 5)
    assert "moves: start:white:13, 8/5 6/5, roll:" in said  # typed in any order, written as players write it
    run = cli("show", "backgammon", "--moves", "start:white:13, 8/5 6/4")
    assert run.code == 1 and run.err.strip() == (
        "Error: move 2: illegal move '8/5 6/4' in backgammon after start:white:13: 6/4 is 2 points: the dice are 1-3"
    )


def test_a_game_past_500_turns_is_drawn_as_openspiels_max_player_turns(bg):
    """Played in step with OpenSpiel by a stalling policy (never bear off where another move is
    legal, hit where one can): both end after the 501st turn, drawn, returns 0."""
    pyspiel = need_pyspiel()
    spiel, game, rng = pyspiel.load_game("backgammon"), bg.Backgammon.configure(), random.Random(0)
    ours, theirs = game.start(), spiel.new_initial_state()
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            k = rng.choice([a for a, _ in theirs.chance_outcomes()])
            ours, _ = ours.play_unchecked(bg.outcome(k if not ours.history else bg.LATER + k)), theirs.apply_action(k)
            continue
        mine = {openspiel_label(ours, m): m for m in ours.legal_moves}
        labels = {re.sub(r"^\d+ - ", "", theirs.action_to_string(a)): a for a in theirs.legal_actions()}
        assert set(mine) == set(labels), ours.describe()
        keep = [n for n in sorted(labels) if "Off" not in n] or sorted(labels)
        chosen = rng.choice([n for n in keep if "*" in n] or keep)
        ours, _ = ours.play_unchecked(mine[chosen]), theirs.apply_action(labels[chosen])
    assert ours.is_over and ours.outcome.winner_index is None and sum(ours.turns) == 501
    assert theirs.returns() == [0.0, 0.0] and tuple(ours.returns()) == (0.0, 0.0)
    assert len(ours.history) <= game.max_length
