"""The Liar's dice example (examples/liars_dice): chance and hidden dice. The
conformance kit, the rules on hand-made positions, what each player sees,
agreement with OpenSpiel's ``liars_dice`` move for move over more than 200
seeded games (the same rolls applied on both sides; the legal moves, the
player to move, each player's information state and the returns compared),
a short run of mcts against random, and the command line with the package
installed."""

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
from boardgames.rules.chance import HIDDEN
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

#: (numdice, dice_sides, bidding_rule, seeded random games) compared with OpenSpiel: 600 in all.
AGREEMENT = (
    (1, 6, "reset-face", 300),
    (2, 6, "reset-face", 150),
    (2, 6, "reset-quantity", 100),
    (3, 3, "reset-face", 50),
)


@pytest.fixture(scope="module")
def liars() -> Iterator[Any]:
    module = load_example("liars_dice")
    with plugin(module, "liars-dice-under-test"):
        yield module


def game(numdice: int = 1, sides: int = 6, rule: str = "reset-face") -> Any:
    options = {"numdice": numdice, "dice_sides": sides, "bidding_rule": rule}
    return boardgames.game_class("liars_dice").configure(options)


def texts(state: Any) -> list[str]:
    return [state.format_move(m) for m in state.legal_moves]


# -- the kit and the rules -------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "games"),
    [({}, 20), ({"numdice": 2}, 8), ({"numdice": 2, "bidding_rule": "reset-quantity"}, 8), ({"dice_sides": 2}, 5)],
)
def test_liars_dice_keeps_the_contract(check_game, liars, options, games):
    check_game("liars_dice", games=games, options=options)


def test_dice_are_rolled_first_then_north_bids_and_the_call_comes_last(liars):
    g = game()
    assert g.max_length == 2 + 12 + 1
    state = g.start()
    assert state.is_chance and texts(state) == [f"roll:{k}" for k in range(1, 7)]
    state = state.play("roll:3").play("roll:6")
    assert state.to_move == "north" and texts(state) == [f"{f}{r}" for f in "ab" for r in range(1, 7)]  # no call yet
    state = state.play("2-3")  # OpenSpiel's words: two 3s, the cell b3
    assert state.to_move == "south" and texts(state) == ["b4", "b5", "b6", "c1"]
    assert state.parse_move("liar") == state.parse_move("c1")
    with pytest.raises(boardgames.IllegalMoveError):
        state.play("a6")  # not higher than two 3s
    with pytest.raises(boardgames.InvalidMoveError, match="is not a move"):
        state.play("1-6")  # the same bid in OpenSpiel's words: the shorthand gives legal moves only
    over = state.play("liar")  # a 3 and a wild 6: the bid holds
    assert over.winner == "north" and over.returns() == (1.0, -1.0) and "2 dice show it" in over.result_text()
    called = g.replay(["roll:3", "roll:5", "b3", "liar"])  # a 3 alone: the bid fails, the caller wins
    assert called.winner == "south" and called.returns() == (-1.0, 1.0)


def test_after_the_highest_bid_only_the_call_is_left(liars):
    state = game().replay(["roll:1", "roll:1", "b6"])
    assert texts(state) == ["c1"]


def test_reset_quantity_ranks_the_face_first(liars):
    state = game(numdice=2, rule="reset-quantity").replay(["roll:1"] * 4 + ["3-2"])
    # A higher bid: the same face with more dice (four 2s), or any higher face; then the call (e1).
    assert texts(state) == [*(f"{f}{r}" for f in "abc" for r in range(3, 7)), "d2", "d3", "d4", "d5", "d6", "e1"]


# -- what each player sees ------------------------------------------------------


def test_each_player_sees_its_own_dice_only_until_the_call(liars):
    g = game(numdice=2)
    state = g.replay(["roll:5", "roll:2", "roll:6", "roll:4", "a1"])
    assert state.dice == ((2, 5), (4, 6))
    north, south, spectator = state.seen_by(0), state.seen_by(1), state.seen_by(None)
    assert north.dice[0] == (2, 5) and set(north.dice[1]) == {-1}
    assert south.dice[1] == (4, 6) and set(south.dice[0]) == {-1}
    assert set(spectator.dice[0] + spectator.dice[1]) == {-1}
    assert south.history[:4] == (HIDDEN, HIDDEN) + state.history[2:4] and south.history[4] == state.history[4]
    assert [d.value for d in g.dice(south)] == [-1, -1, 4, 6]  # the hidden dice face down
    assert north.legal_moves == state.legal_moves == south.legal_moves
    over = state.play("liar")
    assert over.seen_by(1).dice == over.dice  # the call shows every die


def test_a_sample_keeps_the_players_dice_and_draws_the_others(liars):
    g = game(numdice=2)
    rng = random.Random(3)
    state = g.replay(["roll:5", "roll:2", "roll:6"])  # south has rolled one die of two
    view = state.seen_by(1)
    assert view.dice == ((-1, -1), (6, 0))
    drawn = [g.sample(view, 1, rng) for _ in range(200)]
    assert all(d.dice[1] == (6, 0) and -1 not in d.dice[0] and g.hide(d, 1) == view for d in drawn)
    assert len({d.dice[0] for d in drawn}) > 20  # drawn, not fixed
    done = g.sample(g.replay(["roll:5", "roll:2", "roll:6", "roll:1"]).seen_by(0), 0, rng)
    assert done.dice[0] == (2, 5) and done.dice[1] == tuple(sorted(done.dice[1]))


# -- OpenSpiel's liars_dice, move for move --------------------------------------


def openspiel_action(g: Any, move: Any) -> int:
    """OpenSpiel's number of a move: a roll k is k - 1; a bid ranks by the bidding rule; the call is last."""
    if move.origin == -2:  # a chance outcome, roll:k
        return move.to - 1
    if move.to == g.liar:
        return g.total * g.sides
    quantity, face = g.quantity_face(move.to)
    if g.options["bidding_rule"] == "reset-face":
        return (quantity - 1) * g.sides + face - 1
    return (face - 1) * g.total + quantity - 1


def information_state(state: Any, player: int) -> str:
    """OpenSpiel's information state string made from what ``player`` sees of
    ``state`` alone: its own dice (-1 for one not rolled yet), then the bids
    and the call as it saw them."""
    view, g = state.seen_by(player), state.game
    dice = "".join(str(d) if d > 0 else "-1" for d in view.dice[player])
    words = []
    for move in view.history:
        if move.origin == -2 or move == HIDDEN:
            continue
        quantity, face = g.quantity_face(move.to) if move.to != g.liar else (0, 0)
        words.append("Liar" if move.to == g.liar else f"{quantity}-{face}")
    return " ".join([dice, *words])


def test_liars_dice_agrees_with_openspiel_move_for_move(liars):
    pyspiel = need_pyspiel()
    compared, positions, wins, views = 0, 0, [0, 0], {}
    for numdice, sides, rule, count in AGREEMENT:
        ours = game(numdice, sides, rule)
        spiel = pyspiel.load_game("liars_dice", {"numdice": numdice, "dice_sides": sides, "bidding_rule": rule})
        for seed in range(count):
            rng = random.Random(seed)
            state, theirs = ours.start(), spiel.new_initial_state()
            while not state.is_over:
                where = f"{numdice} dice of {sides} ({rule}), seed {seed}, after {' '.join(map(str, theirs.history()))}"
                assert not theirs.is_terminal(), where
                if theirs.is_chance_node():
                    assert state.is_chance, where
                    assert [
                        (openspiel_action(ours, m), p) for m, p in state.chance_outcomes()
                    ] == theirs.chance_outcomes()
                else:
                    assert state.turn == theirs.current_player(), where
                    assert sorted(openspiel_action(ours, m) for m in state.legal_moves) == theirs.legal_actions(), where
                    # the mover's moves are the same in its own view
                    assert state.seen_by(state.turn).legal_moves == state.legal_moves, where
                for player in (0, 1):
                    seen = information_state(state, player)
                    assert seen == theirs.information_state_string(player), where
                    # Nothing else in the view: the same information state at the same ply gives the same view,
                    # but for the order of the player's own rolls, which the view's history keeps (perfect recall)
                    # and OpenSpiel's string forgets once the dice are sorted.
                    view = state.seen_by(player)
                    own = state.history[player * numdice : (player + 1) * numdice]  # its own rolls, as rolled
                    key = (rule, numdice, sides, player, seen, len(state.history), own)
                    assert views.setdefault(key, view) == view, where
                move = rng.choice(state.legal_moves)
                theirs.apply_action(openspiel_action(ours, move))
                state = state.play(move)
                positions += 1
            assert theirs.is_terminal() and tuple(theirs.returns()) == state.returns(), where
            wins[state.outcome.winner_index] += 1
            compared += 1
    assert compared == sum(count for *_, count in AGREEMENT) >= 200
    assert all(w > 20 for w in wins) and positions > 6 * compared


# -- the agents ---------------------------------------------------------------------


def test_mcts_beats_random_over_20_seeded_games(liars):
    """mcts (the default agent, a fixed number of iterations) against random,
    seats alternated, the games' seeds fixed: it wins most of them."""
    wins = 0
    for seed in range(20):
        seats = ["mcts:iterations=300", "random"] if seed % 2 == 0 else ["random", "mcts:iterations=300"]
        match = boardgames.Match(boardgames.game_class("liars_dice").configure(seed=seed), seats)
        match.run()
        wins += match.winner == match.game.player_names[seed % 2]
    assert wins >= 13, wins


def test_mcts_chooses_from_its_view_alone(liars):
    """The same seed and the same view give the same choice whatever the other's hidden die shows."""
    for mine, bid in ((2, None), (6, None), (4, "a4")):
        chosen = set()
        for theirs in range(1, 7):
            g = boardgames.game_class("liars_dice").configure(seed=1)
            match = boardgames.Match(g, ["random", "mcts:iterations=300"], chance="picked")
            match.play(f"roll:{theirs}")
            match.play(f"roll:{mine}")
            match.play(bid or "b2")  # north bids; south, seated mcts, answers knowing only its own die
            chosen.add(match.state.format_move(match.choose()))
        assert len(chosen) == 1, (mine, chosen)


# -- the command line, the package installed -------------------------------------


@pytest.fixture(scope="module")
def liars_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("liars_dice", tmp_path_factory.mktemp("liars-dice-site"))


def cli_with(
    site: Path, *args: str, input: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return run_with(site, "-m", "boardgames", *args, input=input, cwd=cwd)


MOVES = "roll:3 roll:5 2-3"  # north rolled a 3, south a 5; north bid two 3s


def test_liars_dice_is_listed_and_shown_to_each_player_through_the_cli(liars_site):
    listed = cli_with(liars_site, "list")
    assert "liars_dice" in [line.split()[0] for line in listed.stdout.splitlines() if line.strip()], listed.stderr

    def shown(*args: str) -> dict:
        done = cli_with(liars_site, "show", "liars_dice", "--moves", MOVES, "--json", *args)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def values(state: dict) -> dict:
        return {d["owner"]: d["value"] for d in state["dice"]}

    north, south, spectator, whole = shown("--as", "north"), shown("--as", "south"), shown(), shown("--whole")
    assert values(north) == {"north": 3, "south": -1} and north["history"] == ["roll:3", "?", "b3"]
    assert values(south) == {"north": -1, "south": 5} and south["history"] == ["?", "roll:5", "b3"]
    assert values(spectator) == {"north": -1, "south": -1} and spectator["history"] == ["?", "?", "b3"]
    assert values(whole) == {"north": 3, "south": 5}
    assert north["seen_by"] == "north" and all(view["seed"] is None for view in (north, south, spectator))
    assert north["legal_moves"] == ["b4", "b5", "b6", "c1"] and north["marks"] == {"c1": "liar"}
    text = cli_with(liars_site, "show", "liars_dice", "--moves", MOVES, "--as", "north")
    assert text.returncode == 0 and "north's dice: 3" in text.stdout and "south's dice: hidden" in text.stdout
    over = cli_with(liars_site, "show", "liars_dice", "--moves", MOVES + " liar", "--json")
    state = json.loads(over.stdout)  # the call: everything shown
    assert state["winner"] == "south" and values(state) == {"north": 3, "south": 5}
    assert state["history"] == ["roll:3", "roll:5", "b3", "c1"]
    bad = cli_with(liars_site, "show", "liars_dice", "--moves", "roll:3 roll:5 liar")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_liars_dice_is_played_against_the_computer_without_seeing_its_dice(liars_site, tmp_path):
    played = cli_with(
        liars_site,
        "play",
        "liars_dice",
        "--seed",
        "3",
        "--players",
        "human,random",
        input="1-1\nliar\nliar\nquit\n",
        cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    assert "wins:" in played.stdout, played.stdout  # the game ended with a call
    # Seed 3 rolls north a 2 and south a 5: north sees south's die only on the board drawn after the call.
    theirs = re.findall(r"south's dice: (.*)", played.stdout)
    assert len(theirs) >= 2 and set(theirs[:-1]) == {"hidden"} and theirs[-1] == "5", played.stdout
    assert all(line.startswith("moves: roll:2 ?") for line in re.findall(r"moves: .*", played.stdout)[:-1])
    assert "north's dice: 2" in played.stdout and "Traceback" not in played.stderr


def test_liars_dice_uses_only_the_documented_api():
    source = (ROOT / "examples" / "liars_dice" / "boardgames_liars_dice" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
    assert len(source.splitlines()) < 200
