"""The Goofspiel example (examples/goofspiel): bids made at once, in secret,
for prize cards turned up by chance, 2 to 10 players. The conformance kit,
the rules on hand-made rounds, what each player sees, agreement with
OpenSpiel's simultaneous-move ``goofspiel`` over more than 200 seeded games
(our bids, made in turn, against its joint actions) and with its turn-based
form through our OpenSpiel adapter, matches that hold a choice made ahead,
and the command line with the package installed: ``show --as`` and ``play``
with people and computers."""

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
from boardgames.agents.mcts.playouts import returns_playout
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

#: (players, options, seeded random games) compared with OpenSpiel: 250 in all, 2 and 3 players above all.
AGREEMENT = (
    (2, {}, 70),
    (2, {"num_cards": 5, "returns_type": "point_difference"}, 30),
    (2, {"num_cards": 6, "points_order": "ascending", "returns_type": "total_points"}, 15),
    (2, {"num_cards": 6, "points_order": "descending", "num_turns": 4}, 15),
    (2, {"num_cards": 1}, 5),
    (3, {}, 50),
    (3, {"num_cards": 4, "returns_type": "point_difference"}, 30),
    (3, {"num_cards": 6, "points_order": "descending", "num_turns": 3}, 15),
    (4, {"num_cards": 5}, 10),
    (10, {"num_cards": 4}, 10),
)


@pytest.fixture(scope="module")
def module() -> Any:
    return load_example("goofspiel")


@pytest.fixture(scope="module")
def goofspiel(module: Any) -> Iterator[Any]:
    with plugin(module, "goofspiel-under-test"):
        yield module


def game(players: int = 2, **options: Any) -> Any:
    return boardgames.game_class("goofspiel").configure({"players": players, **options})


# -- the kit and the rules ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "games"),
    [
        (2, {}, 4),
        (3, {"num_cards": 6}, 5),
        (10, {"num_cards": 4}, 2),
        (2, {"num_cards": 5, "points_order": "descending", "returns_type": "point_difference"}, 4),
        (3, {"num_cards": 6, "num_turns": 3, "points_order": "ascending", "returns_type": "total_points"}, 4),
        (2, {"num_cards": 1}, 2),
    ],
)
def test_goofspiel_keeps_the_contract(check_game, goofspiel, players, options, games):
    check_game("goofspiel", games=games, options={"players": players, **options})


def test_the_one_highest_bid_takes_the_prize_and_equal_highest_bids_lose_it(goofspiel):
    state = game(3, num_cards=5).replay(["deal:4", "2", "5", "3"])
    assert state.points == (0, 4, 0) and state.is_chance  # east's 5 takes the 4
    state = state.play("deal:5").play("5").play("4").play("5")  # north and south both bid 5: no one takes it
    assert state.points == (0, 4, 0)
    assert state.is_chance and state.game.hands(state)[0] == ("1", "3", "4")  # bid cards are spent


def test_the_last_round_plays_itself_and_the_most_points_win(goofspiel):
    state = game(2, num_cards=3).replay(["deal:3", "3", "1", "deal:1", "1", "3"])
    # Each holds one card (north the 2, south the 2) and the 2 is the last prize: tied, discarded.
    assert state.is_over and state.points == (3, 1) and state.winner == "north"
    assert state.returns() == (1.0, -1.0) and "every prize card bid for" in state.result_text()


def test_fixed_orders_turn_the_prize_cards_up_without_chance(goofspiel):
    up = game(2, num_cards=4, points_order="ascending").start()
    assert not up.is_chance and up.prize == 0 and up.to_move == "north"
    down = game(2, num_cards=4, points_order="descending").replay(["1", "2"])
    assert down.prize == 2 and down.points == (0, 4)
    shorter = game(2, num_cards=4, points_order="ascending", num_turns=2).replay(["1", "2", "3", "4"])
    assert shorter.is_over and shorter.points == (0, 3) and "2 rounds played" in shorter.result_text()


@pytest.mark.parametrize(
    ("kind", "returns"),
    [("win_loss", (-0.5, 1.0, -0.5)), ("point_difference", (-1.0, 1.0, 0.0)), ("total_points", (1.0, 3.0, 2.0))],
)
def test_returns_are_openspiels(goofspiel, kind, returns):
    # The 3 to east's 3, the 2 to south's 3; the last round plays itself: the 1 to north's 3.
    state = game(3, num_cards=3, points_order="descending", returns_type=kind).replay(["1", "3", "2", "2", "1", "3"])
    assert state.is_over and state.points == (1, 3, 2) and state.winner == "east"
    assert state.returns() == pytest.approx(returns)
    # Agents and review compare them on -1 to 1: total_points from (0, 6) and point_difference from (-2, 4),
    # the declared returns_range (three cards hand out 6 points at most).
    scaled = {"win_loss": returns, "point_difference": (-2 / 3, 0.0, -1 / 3), "total_points": (-2 / 3, 0.0, -1 / 3)}
    assert state.scaled_returns() == pytest.approx(scaled[kind])
    played = returns_playout(state.game.start(), random.Random(1))
    assert len(played) == 3 and all(-1 <= v <= 1 for v in played)


def test_options_that_do_not_fit_are_refused_in_one_line(goofspiel):
    for options in ({"num_turns": 0}, {"num_cards": 4, "num_turns": 5}, {"players": 11}, {"points_order": "up"}):
        with pytest.raises(boardgames.InvalidOptionError) as info:
            game(**{"players": 2, **options})
        assert "\n" not in str(info.value)


# -- what each player sees -----------------------------------------------------------


def test_a_bid_is_hidden_until_the_last_one_shows_them_all(goofspiel):
    state = game(3, num_cards=5).replay(["deal:4", "2", "5"])
    assert state.asked == (2,) and state.bids == (1, 4, -1)
    assert state.seen_by(0).bids == (1, -2, -1) and state.seen_by(1).bids == (-2, 4, -1)
    assert state.seen_by(None).bids == (-2, -2, -1)
    assert [state.format_move(m) for m in state.seen_history(2)] == ["deal:4", "?", "?"]
    assert [state.format_move(m) for m in state.seen_history(0)] == ["deal:4", "2", "?"]
    # What the others' bids were changes nothing a player can see.
    other = game(3, num_cards=5).replay(["deal:4", "1", "5"])
    assert other.seen_by(1) == state.seen_by(1) and other.seen_by(2) == state.seen_by(2)
    after = state.play("3")
    for player in (0, 1, 2, None):
        assert [after.format_move(m) for m in after.seen_history(player)][-1] == "2/5/3"
        assert after.seen_by(player).bids == (-1, -1, -1)


def test_a_sample_draws_the_hidden_bids_from_the_bidders_hands(goofspiel):
    state = game(3, num_cards=5).replay(["deal:4", "2", "1", "3", "deal:3", "3", "5"])
    view, rng, drawn = state.seen_by(2), random.Random(1), set()
    for _ in range(60):
        sample = view.game.sample(view, 2, rng)
        assert sample.bids[2] == -1 and sample.hands == view.hands
        assert sample.bids[0] in (0, 2, 3, 4) and sample.bids[1] in (1, 2, 3, 4)  # a card still held
        assert sample.game.hide(sample, 2) == view
        drawn.add(sample.bids[:2])
    assert len(drawn) > 5


def test_a_match_holds_a_bid_made_ahead_and_shows_it_to_no_one_else(goofspiel):
    match = boardgames.Match(game(3, num_cards=4), ["human"] * 3, chance="picked")
    match.play("deal:2")
    assert match.asked == ("north", "east", "south")
    match.play("4", by="south")  # ahead of its turn: held
    assert match.asked == ("north", "east") and match.state.bids == (-1, -1, -1)
    with pytest.raises(boardgames.MatchError, match="already chosen"):
        match.play("3", by="south")
    match.play("1", by="north")
    for name in ("north", "east", None):
        assert "4" not in str(match.view_for(name).bids)
    match.play("2", by="east")  # the last: south's held 4 is played and shows every bid
    assert match.state.points == (0, 0, 2) and [match.state.format_move(m) for m in match.state.history][-1] == "4"
    assert match.state.format_move(match.view_for("north").history[-1]) == "1/2/4"


def test_mcts_beats_random_seats_at_three(goofspiel):
    """A short run: mcts in each seat in turn against two random seats over 20
    seeded games of three players (searched over the bids it cannot see)."""
    wins = 0
    for seed in range(20):
        seats = ["random"] * 3
        seats[seed % 3] = "mcts:iterations=200"
        configured = boardgames.game_class("goofspiel").configure({"players": 3, "num_cards": 8}, seed=seed)
        match = boardgames.Match(configured, seats)
        match.run()
        mine = match.game.player_names[seed % 3]
        wins += match.winner == mine
    assert wins >= 10, wins  # 13 of 20; a random seat's share is a third


# -- OpenSpiel ---------------------------------------------------------------------


def their_table(theirs: Any) -> tuple[list[list[int]], list[int]]:
    """Each hand and the points, read off OpenSpiel's state text."""
    text = str(theirs)
    hands = [[int(c) for c in line.split(":")[1].split()] for line in text.splitlines() if " hand:" in line]
    points = [int(p) for p in re.search(r"^Points: (.*)$", text, re.M).group(1).split()]  # type: ignore[union-attr]
    return hands, points


def our_table(state: Any) -> tuple[list[list[int]], list[int]]:
    cards = state.game.options["num_cards"]
    return [[k + 1 for k in range(cards) if hand >> k & 1] for hand in state.hands], list(state.points)


def test_goofspiel_agrees_with_openspiel_bid_for_bid(goofspiel, module):
    pyspiel = need_pyspiel()
    compared = 0
    for players, options, count in AGREEMENT:
        for seed in range(count):
            state = game(players, **options).start()
            theirs = pyspiel.load_game("goofspiel", {"players": players, **options}).new_initial_state()
            rng = random.Random(seed)
            while not theirs.is_terminal():
                where = f"{players} players {options}, seed {seed}, after {len(state.history)} moves"
                assert our_table(state) == their_table(theirs), where
                if theirs.is_chance_node():
                    assert state.is_chance, where
                    outcomes = theirs.chance_outcomes()
                    ours = [(module.from_openspiel(state, a), p) for a, p in outcomes]
                    assert [(m, pytest.approx(p)) for m, p in ours] == list(state.chance_outcomes()), where
                    action = rng.choice([a for a, _ in outcomes])
                    state = state.play(module.from_openspiel(state, action))
                    theirs.apply_action(action)
                    continue
                # Every player bids at once there; here in turn, each asked from the start of the round.
                assert theirs.is_simultaneous_node() and state.asked == tuple(range(players)), where
                for p in range(players):
                    legal = sorted(module.from_openspiel(state, a) for a in theirs.legal_actions(p))
                    assert legal == list(state.moves_for(p)), where
                bids = [rng.choice(theirs.legal_actions(p)) for p in range(players)]
                for p, bid in enumerate(bids):
                    assert state.turn == p and state.asked == tuple(range(p, players)), where
                    state = state.play(module.from_openspiel(state, bid))
                theirs.apply_actions(bids)
            assert state.is_over and our_table(state) == their_table(theirs)
            assert list(state.returns()) == pytest.approx(theirs.returns()), where
            compared += 1
    assert compared == sum(count for _, _, count in AGREEMENT) >= 200


def test_our_adapter_agrees_with_openspiels_turn_based_goofspiel(goofspiel):
    """Our OpenSpiel adapter plays the bids in turn, as pyspiel.convert_to_turn_based
    plays OpenSpiel's; a player's strings name no bid it has not seen."""
    pyspiel = need_pyspiel()
    from boardgames.interop.openspiel import load

    for players, cards, games in ((2, 5, 15), (3, 4, 15)):
        ours = load("goofspiel", players=players, num_cards=cards)
        theirs_game = pyspiel.convert_to_turn_based(
            pyspiel.load_game("goofspiel", {"players": players, "num_cards": cards})
        )
        grid = game(players, num_cards=cards).grid
        for seed in range(games):
            a, b, rng = ours.new_initial_state(), theirs_game.new_initial_state(), random.Random(seed)
            while not b.is_terminal():
                assert a.current_player() == b.current_player()
                names = [b.action_to_string(x).split()[-1] for x in b.legal_actions()]
                if b.is_chance_node():
                    ours_legal = [a.action_to_string(x) for x, _ in a.chance_outcomes()]
                    assert ours_legal == [f"deal:{n}" for n in names]
                else:
                    ours_legal = [a.action_to_string(x) for x in a.legal_actions()]
                    assert ours_legal == [grid.name(grid.index(int(n) - 1, 0)) for n in names]
                    if b.current_player() > 0:  # the earlier bids of the round: unseen
                        assert "?" in a.information_state_string(b.current_player()).split("\n")[0]
                k = rng.randrange(len(names))
                a.apply_action(a.string_to_action(ours_legal[k]))
                b.apply_action(b.legal_actions()[k])
            assert a.is_terminal() and a.returns() == pytest.approx(b.returns())


def test_the_adapters_strings_and_tensors_name_no_unseen_bid(goofspiel):
    need_pyspiel()
    from boardgames.interop.openspiel import load

    spiel = load("goofspiel", players=3, num_cards=4)

    def after(bid: str) -> Any:
        state = spiel.new_initial_state()
        state.apply_action(state.string_to_action("deal:3"))
        state.apply_action(state.string_to_action(bid))  # north bids the 1 (a1) or the 4 (d1)
        return state

    low, high = after("a1"), after("d1")
    for p in (1, 2):
        assert low.information_state_string(p) == high.information_state_string(p)
        assert low.observation_string(p) == high.observation_string(p)
        assert list(low.information_state_tensor(p)) == list(high.information_state_tensor(p))
        assert list(low.observation_tensor(p)) == list(high.observation_tensor(p))
    assert low.information_state_string(0) != high.information_state_string(0)


# -- the command line, the package installed -------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("goofspiel", tmp_path_factory.mktemp("goofspiel-site"))


def cli(site: Path, *args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_with(site, "-m", "boardgames", *args, input=input, cwd=cwd)


def test_goofspiel_is_listed_and_shown_as_each_player_sees_it(site):
    listed = cli(site, "list")
    assert "goofspiel" in [line.split()[0] for line in listed.stdout.splitlines() if line.strip()], listed.stderr
    moves = "deal:4 2 5"
    views = {}
    for who in ("north", "east", "south"):
        shown = cli(site, "show", "goofspiel", "-o", "players=3", "--moves", moves, "--json", "--as", who)
        assert shown.returncode == 0, shown.stderr
        views[who] = json.loads(shown.stdout)
    assert views["north"]["history"] == ["deal:4", "2", "?"] and views["east"]["history"] == ["deal:4", "?", "5"]
    assert views["south"]["history"] == ["deal:4", "?", "?"] and views["south"]["seen_by"] == "south"
    bids = {who: [c for c in view["market"] if c["name"] == "bid"] for who, view in views.items()}
    assert bids["south"] == [
        {"name": "bid", "owner": "north", "cards": [None], "columns": 0},
        {"name": "bid", "owner": "east", "cards": [None], "columns": 0},
    ]
    assert [c["cards"] for c in bids["north"]] == [["2"], [None]]
    spectator = cli(site, "show", "goofspiel", "-o", "players=3", "--moves", moves)
    assert spectator.returncode == 0 and "moves: deal:4 ? ?" in spectator.stdout, spectator.stderr
    assert "north's bid: 1 face down" in spectator.stdout
    done = cli(site, "show", "goofspiel", "-o", "players=3", "--moves", moves + " 3", "--json", "--as", "south")
    assert json.loads(done.stdout)["history"][-1] == "2/5/3"
    bad = cli(site, "show", "goofspiel", "--moves", "deal:4 14")
    assert bad.returncode != 0 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1 and "the cards are 1 to 13" in bad.stderr


def test_goofspiel_is_played_by_people_and_computers_each_seeing_their_own(site, tmp_path):
    # North and south at the keyboard, the computer east; three cards: two rounds asked, the last plays itself.
    typed = "\n1\n\n3\n\n2\n\n2\n"
    played = cli(
        site, "play", "goofspiel", "-o", "players=3", "-o", "num_cards=3", "--players", "human,mcts,human",
        "--seed", "5", input=typed, cwd=tmp_path,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "every prize card bid for" in out and "Traceback" not in out + played.stderr
    # Each screen a person is shown before the round's last bid: the bids made so far face down.
    screens = out.split("Pass to ")[1:]
    south = [s for s in screens if s.startswith("south")]
    assert len(south) == 2
    for screen in south:
        assert "north's bid: 1 face down" in screen and "east's bid: 1 face down" in screen
        assert re.search(r"^moves: .*\? \?$", screen, re.M), screen
    record = json.loads(next(tmp_path.glob("goofspiel-*.json")).read_text())
    assert record["history"][1] == "1" and record["history"][3] == "3" and record["status"] == "won"
    assert record["seats"] == {"north": "human", "east": "mcts", "south": "human"} and record["chance"] == "drawn"


def test_a_game_paying_points_is_reviewed_on_the_0_to_100_scale(site, tmp_path):
    # total_points pays each player its points (0 to 21 with six cards): review and the agents scale them
    # by the declared returns_range; a review read them as -1 to 1 and drew a point 800% right of its graph.
    played = cli(
        site, "play", "goofspiel", "-o", "players=3", "-o", "num_cards=6", "-o", "returns_type=total_points",
        "--players", "random,random,random", "--seed", "3", cwd=tmp_path,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    saved = next(tmp_path.glob("goofspiel-*.json"))
    reviewed = cli(site, "review", str(saved), "--budget", "iterations=30", "--json", cwd=tmp_path)
    assert reviewed.returncode == 0, reviewed.stderr
    plies = json.loads(reviewed.stdout)["plies"]
    values = [v for ply in plies for v in ply["values"].values()]
    assert values and all(0 <= v <= 100 for v in values)
    text = cli(site, "review", str(saved), cwd=tmp_path)
    assert text.returncode == 0 and "Traceback" not in text.stderr, text.stderr
    assert len(text.stdout.splitlines()) > len(plies)


def test_goofspiel_uses_only_the_documented_api():
    source = (ROOT / "examples" / "goofspiel" / "boardgames_goofspiel" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
    assert len(source.splitlines()) < 300
