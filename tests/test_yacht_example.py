"""The Yacht example package (examples/yacht): the conformance kit, the
scoring and the turn on hand-made dice, agreement with OpenSpiel's ``yacht``
(1 and several players) move for move and roll for roll, and the command
line with the package installed."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

NAME = "yacht"
#: Player counts and seeded random games compared with OpenSpiel (more than 200 in all).
AGREEMENT = ((1, 120), (2, 60), (3, 20), (4, 10), (10, 2))
#: OpenSpiel's short names of the boxes in its text, in its order (ours: CATEGORIES).
SHORT = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Chance", "4Kind", "Full", "SmStr", "LgStr", "Yacht")


@pytest.fixture(scope="module")
def module() -> Any:
    return load_example(NAME)


@pytest.fixture(scope="module")
def yacht(module: Any) -> Iterator[Any]:
    with plugin(module, "yacht-under-test"):
        yield lambda players=2: boardgames.game_class(NAME).configure({"players": players})


# -- OpenSpiel's yacht, move for move (the mapping: the package's from_openspiel) --


def openspiel_position(theirs: Any) -> tuple[Any, ...]:
    """From OpenSpiel's text: the player whose turn it is, the dice, the rolls and each sheet's boxes."""
    text = str(theirs)
    mover = int(re.search(r"Turn player: (\d+)", text).group(1))
    dice = tuple(int(d) for d in re.search(r"Dice: ([\d ]+)", text).group(1).split())
    rolls = int(re.search(r"Roll: (\d+)/", text).group(1))
    sheets = []
    for part in text.split("\nPlayer ")[1:]:
        boxes = dict(re.findall(r"  (\w+): (-?\d+)", part))
        sheets.append(tuple(int(boxes[name]) if name in boxes else -1 for name in SHORT))
    return mover, dice, rolls, tuple(sheets)


def our_position(state: Any) -> tuple[Any, ...]:
    return state.mover, state.dice, state.rolls, state.sheets


def their_roll(state: Any, move: boardgames.Move) -> int:
    """OpenSpiel's action for our roll: the rolled faces less one in base 6, the first rolled die lowest."""
    return sum((int(face) - 1) * 6**k for k, face in enumerate(str(move.to)))


def at(players: int, seed: int, state: Any) -> str:
    """Where a comparison failed (made only then: an assertion's message)."""
    return f"{players} players, game {seed}, after {len(state.history)} moves: {state.result_text()}"


def play_both(module: Any, pyspiel: Any, players: int, games: int) -> tuple[int, int, list[int]]:
    """Seeded random games of both, in step: at every position the same player
    to move (chance: OpenSpiel's -1, our CHANCE), the same legal moves or the
    same chance outcomes with the same probabilities, the same dice and
    sheets; at the end the same returns. Returns the moves, the chance events
    and each game's winning total."""
    game = boardgames.game_class(NAME).configure({"players": players})
    spiel = pyspiel.load_game(NAME, {"players": players})
    moves = events = 0
    totals = []
    compared: dict[int, Any] = {}
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            assert not theirs.is_terminal(), at(players, seed, ours)
            assert theirs.current_player() == ours.turn, at(players, seed, ours)
            assert openspiel_position(theirs) == our_position(ours), at(players, seed, ours)
            if ours.is_chance:
                # The outcomes of rolling n dice are compared once for each n, then found the same each time.
                listed, outcomes = theirs.chance_outcomes(), ours.chance_outcomes()
                known = compared.get(ours.rolling.bit_count())
                if known is None or known != (listed, outcomes):
                    mapped = {module.from_openspiel(ours, a): p for a, p in listed}
                    assert len(mapped) == len(listed) and set(mapped) == set(dict(outcomes)), at(players, seed, ours)
                    assert all(abs(mapped[m] - p) < 1e-12 for m, p in outcomes), at(players, seed, ours)
                    compared[ours.rolling.bit_count()] = (listed, outcomes)
                move = ours.draw_chance(rng)
                events += 1
                mapped = {move: (their_roll(ours, move), 0)}
            else:
                mapped = {module.from_openspiel(ours, a): (a, 0) for a in theirs.legal_actions()}
                assert len(mapped) == len(theirs.legal_actions()), at(players, seed, ours)
                assert sorted(mapped) == list(ours.legal_moves), at(players, seed, ours)
                move = rng.choice(ours.legal_moves)
            theirs.apply_action(mapped[move][0])
            ours = ours.play(move)
            moves += 1
        assert theirs.is_terminal(), at(players, seed, ours)
        assert openspiel_position(theirs)[3] == ours.sheets, at(players, seed, ours)
        assert theirs.returns() == pytest.approx(ours.returns(), abs=1e-12), at(players, seed, ours)
        totals.append(max(ours.outcome.scores))
    return moves, events, totals


def test_yacht_agrees_with_openspiel_move_for_move(yacht, module):
    pyspiel = need_pyspiel()
    games = 0
    for players, count in AGREEMENT:
        moves, events, totals = play_both(module, pyspiel, players, count)
        assert events >= 12 * players * count and moves > 2 * events, (players, moves, events)
        assert len(set(totals)) > 1  # the games differ
        games += count
    assert games >= 200


# -- the kit and the rules -------------------------------------------------------


def test_yacht_keeps_the_contract(check_game, yacht):
    # few games: every roll of five dice has 7,776 outcomes, each one's text read back
    check_game(NAME, games=1, options={"players": 1})
    check_game(NAME, games=1, options={"players": 2})


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((1, 1, 1, 1, 1), {"ones": 5, "choice": 5, "fourkind": 5, "fullhouse": 5, "yacht": 50}),
        ((2, 2, 3, 3, 3), {"twos": 4, "threes": 9, "fullhouse": 13, "fourkind": 0, "yacht": 0}),
        ((6, 6, 6, 6, 2), {"sixes": 24, "fourkind": 26, "fullhouse": 0, "choice": 26}),
        ((5, 1, 3, 2, 4), {"smallstraight": 30, "largestraight": 0, "fives": 5}),
        ((2, 6, 4, 3, 5), {"smallstraight": 0, "largestraight": 30, "ones": 0}),
    ],
)
def test_yacht_scores_the_boxes_as_openspiel(module, dice, expected):
    for name, points in expected.items():
        assert module.score(module.CATEGORIES.index(name), dice) == points, name


def test_yacht_turn_rolls_keeps_and_scores(yacht):
    game = yacht(2)
    start = game.start()
    assert (
        start.is_chance and len(start.legal_moves) == 6**5 and start.format_move(start.legal_moves[0]) == "roll:11111"
    )
    state = start.play("roll:31662")
    assert state.to_move == "first" and state.dice == (3, 1, 6, 6, 2) and len(state.legal_moves) == 32
    state = state.play("reroll:125")
    assert state.is_chance and len(state.legal_moves) == 6**3
    state = state.play("roll:664")  # dice 1, 2 and 5: 6, 6 and 4; dice 3 and 4 keep their sixes
    assert state.dice == (6, 6, 6, 6, 4) and state.rolls == 2
    state = state.play("keep").play("fourkind")
    assert state.sheets[0][7] == 28 and state.is_chance and state.mover == 1
    third = game.replay(["roll:12345", "reroll:1", "roll:6", "reroll:1", "roll:2"])
    assert [third.format_move(m) for m in third.legal_moves][:2] == ["ones", "twos"] and len(third.legal_moves) == 12
    with pytest.raises(boardgames.IllegalMoveError, match="no chance event is due"):
        game.replay(["roll:12345", "roll:1"])
    with pytest.raises(boardgames.IllegalMoveError, match="after the third roll"):
        game.replay(["roll:12345", "yacht"])
    with pytest.raises(boardgames.IllegalMoveError, match="scored yacht already") as info:
        game.replay(["roll:12345", "keep", "yacht", "roll:12345", "keep", "ones", "roll:11111", "keep", "yacht"])
    assert "\n" not in str(info.value)


def test_yacht_returns_are_openspiels(yacht):
    game = yacht(3)
    assert game.returns((100, 90, 100)) == (0.5, -1.0, 0.5)
    assert game.returns((50, 50, 50)) == (0.0, 0.0, 0.0)
    assert yacht(1).returns((183,)) == (183 / 305,)
    assert game.player_names == ("first", "second", "third")
    with pytest.raises(boardgames.InvalidOptionError):
        yacht(11)


# -- the command line, the package installed -------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example(NAME, tmp_path_factory.mktemp("yacht-site"))


def cli_with(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_with(site, "-m", "boardgames", *args, cwd=cwd)


def test_yacht_is_listed_shown_and_played_through_the_cli(site, tmp_path):
    listed = cli_with(site, "list")
    assert NAME in [line.split()[0] for line in listed.stdout.splitlines() if line.strip()], listed.stderr
    moves = "roll:31662 reroll:125 roll:664 keep fourkind"
    shown = cli_with(site, "show", NAME, "-o", "players=3", "--moves", moves, "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["players"] == ["first", "second", "third"] and state["to_move"] == "chance"
    assert state["history"] == moves.split() and state["pieces"] == {"h2": "first"}  # first's fourkind box
    assert len(state["legal_moves"]) == 6**5
    bad = cli_with(site, "show", NAME, "--moves", "roll:12345 roll:1")
    assert bad.returncode != 0 and "no chance event is due" in bad.stderr and "Traceback" not in bad.stderr
    rules = cli_with(site, "rules", NAME)
    assert rules.returncode == 0 and "reroll:13" in rules.stdout and "players" in rules.stdout
    played = cli_with(site, "play", NAME, "-o", "players=1", "--players", "random", "--seed", "5", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "first scores" in played.stdout and list(tmp_path.glob("yacht-*.json"))  # recorded


def test_yacht_uses_only_the_documented_api():
    source = (ROOT / "examples" / NAME / f"boardgames_{NAME}" / "__init__.py").read_text()
    imports = set(re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M))
    assert imports == {"boardgames"}
