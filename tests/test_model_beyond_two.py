"""The core model past two players and certainty (issue 39): player counts,
places and returns, chance drawn from the seed, choices at once, views."""

from __future__ import annotations

import random

import pytest

from boardgames import Match
from boardgames.errors import BoardgamesError, IllegalMoveError, InvalidOptionError, MatchError
from boardgames.rules.chance import HIDDEN
from boardgames.rules.game import Outcome, Status
from boardgames.rules.players import places_from_scores, standings_text, value_of_place
from tests.toy_games import Guess, Race


def test_a_player_count_range_is_an_option_with_names_colours_and_symbols_for_each():
    assert [o.name for o in Race.option_specs] == ["players"]
    assert Race.count_of_players() == (1, 4)
    assert Race.configure().player_names == ("north",)
    four = Race.configure({"players": 4})
    assert four.player_names == ("north", "east", "south", "west") == four.turn_order
    assert len(set(four.colours)) == len(set(four.symbols)) == 4
    with pytest.raises(InvalidOptionError, match="players"):
        Race.configure({"players": 5})


def test_more_players_than_names_get_names_colours_and_symbols():
    class Many(Race):
        name = "many"
        player_count = (2, 10)

    ten = Many.configure({"players": 10})
    assert ten.player_names[4:6] == ("fifth", "sixth") and len(set(ten.player_names)) == 10
    assert len(set(ten.colours)) == len(set(ten.symbols)) == 10


def test_players_as_a_number_is_the_count_not_the_turn_order():
    class Three(Race):
        name = "three"
        players = 3

    game = Three.configure()
    assert game.player_names == ("north", "east", "south") and game.turn_order == game.player_names
    assert "players" not in [o.name for o in Three.option_specs if o.name == "players" and Three.player_count == 3]


def test_places_share_ties_and_values_add_up_to_nothing():
    assert places_from_scores([71, 65, 40, 40]) == (1, 2, 3, 3)
    assert places_from_scores([3, 3]) == (1, 1)
    assert [value_of_place((1, 2), p) for p in (0, 1)] == [1.0, -1.0]
    assert [value_of_place((1, 1), p) for p in (0, 1)] == [0.0, 0.0]
    values = [value_of_place((1, 2, 3, 3), p) for p in range(4)]
    assert values[0] == 1.0 and values[2] == values[3] and abs(sum(values)) < 1e-12
    assert [value_of_place((1, 1, 1, 1), p) for p in range(4)] == [0.0] * 4  # exactly: a draw is worth nothing
    text = standings_text(("north", "east", "south", "west"), (1, 2, 3, 3), (71, 65, 40, 40), "")
    assert text == "north wins with 71; east 2nd, 65; south and west share 3rd, 40"


def test_a_ranked_outcome_names_the_winner_and_a_shared_first_none():
    assert Outcome.ranked([5, 2, 1]).winner_index == 0
    shared = Outcome.ranked([5, 5, 1])
    assert shared.winner_index is None and shared.places == (1, 1, 3)


def test_chance_is_drawn_from_the_seed_the_same_whatever_the_seats():
    def game(seats, seed=7):
        match = Match(Race.configure({"players": 3}, seed=seed), seats)
        match.run()
        return match

    a = game(["random", "random", "random"])
    b = game(["greedy", "random", "greedy"])
    # Race rolls before every move: the same seed gives the same die at every roll, whatever was chosen
    shared = range(0, min(len(a.state.history), len(b.state.history)), 2)
    assert len(shared) > 3 and all(a.state.history[k] == b.state.history[k] for k in shared)
    assert [m for m in a.state.history[1::2]] != [m for m in b.state.history[1::2]]  # the seats did differ
    again = game(["random", "random", "random"])
    assert again.state.history == a.state.history
    assert a.is_over and sorted(a.places.values())[0] == 1
    assert a.state.status in (Status.WON, Status.DRAWN) and "wins" in a.result_text() or "share" in a.result_text()


def test_chance_outcomes_are_moves_with_their_own_notation_and_clear_errors():
    game = Race.configure({"players": 2})
    start = game.start()
    assert start.is_chance and start.to_move == "chance"
    assert [start.format_move(m) for m in start.legal_moves] == ["roll:1", "roll:2", "roll:3"]
    state = game.replay(["roll:2", "a1", "roll:3"])
    assert state.scores == (2, 0) and state.rolled == 3
    with pytest.raises(IllegalMoveError, match="no chance event is due"):
        game.replay(["roll:2", "roll:3"])
    with pytest.raises(IllegalMoveError, match="not an outcome"):
        game.replay(["roll:4"])
    assert state.to_json()["asked"] == ["east"]


def test_two_kinds_of_chance_are_written_and_read_each_its_own_way():
    class Hops(Race):  # a roll of 3 is written as a hop: a second kind of chance, for the notation
        name = "hops"
        chance_words = ("hop",)

        def format_outcome(self, move):
            return f"hop:{move.to}" if move.to == 3 else super().format_outcome(move)

    game = Hops.configure({"players": 2})
    assert [game.start().format_move(m) for m in game.start().legal_moves] == ["roll:1", "roll:2", "hop:3"]
    assert game.replay(["hop:3", "a1", "roll:1"]).scores == (3, 0)
    with pytest.raises(IllegalMoveError, match="'hop:3' is a chance outcome, but no chance event is due"):
        game.replay(["roll:2", "hop:3"])


def test_picked_chance_waits_for_whoever_plays_the_outcome():
    match = Match(Race.configure({"players": 2}), ["random", "random"], chance="picked")
    assert match.awaits_person and match.state.is_chance
    match.play("roll:3")
    assert match.state.rolled == 3


def test_four_players_forfeit_puts_the_forfeiter_last_and_the_others_first():
    match = Match(Race.configure({"players": 4}), ["human"] * 4)
    match.concede("east")
    assert match.winner is None
    assert match.places == {"north": 1, "east": 4, "south": 1, "west": 1}
    assert "east forfeits" in match.result_text()


def test_choices_at_once_are_held_unseen_until_all_are_in():
    match = Match(Guess.configure(), ["human", "human"])
    assert match.asked == ("north", "south")
    match.play("b1", by="south")  # south first: held, nothing played yet
    assert match.state.history == () and match.asked == ("north",)
    with pytest.raises(MatchError, match="already chosen"):
        match.play("c1", by="south")
    match.play("b1", by="north")
    assert len(match.state.history) == 2 and match.state.score == (1, 0)


def test_a_view_hides_what_the_player_may_not_see_and_spectators_see_public():
    state = Guess.configure().replay(["a1"])
    south = state.seen_by(1)
    assert south.chosen == (-2, -1) and south.history == (HIDDEN,) and south.format_move(HIDDEN) == "?"
    assert state.seen_by(0).chosen == (0, -1)
    assert state.seen_by(None).chosen == (-2, -1)
    assert "a1" not in state.describe()
    finished = Guess.configure().replay(["a1", "b1", "a1", "a1", "c1", "a1"])
    assert finished.is_over and finished.seen_by(1) is finished


def test_an_agent_gets_only_its_view(monkeypatch):
    seen = []
    from boardgames.agents.simple import RandomAgent

    def spy(self, state, budget, rng):
        seen.append(state)
        return rng.choice(state.legal_moves)

    monkeypatch.setattr(RandomAgent, "choose", spy)
    match = Match(Guess.configure(), ["random", "random"])
    match.run()
    south_views = [s for s in seen if s.turn == 1]
    assert south_views and all(s.chosen[0] == -2 for s in south_views)


def test_sampled_positions_look_the_same_to_the_player():
    rng = random.Random(3)
    state = Guess.configure().replay(["c1"])
    view = state.seen_by(1)
    for _ in range(10):
        sample = state.game.sample(view, 1, rng)
        assert sample.game.hide(sample, 1).chosen == view.chosen


def test_bad_counts_are_one_clear_line():
    with pytest.raises(BoardgamesError) as info:
        Race.configure({"players": "many"})
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_kit_checks_race(check_game, players):
    check_game(Race, games=6, options={"players": players})


def test_the_kit_checks_guess(check_game):
    check_game(Guess, games=6)


def test_the_kit_finds_a_view_that_shows_a_hidden_choice():
    from boardgames.testing.kit import ContractError, check_game

    class Leaky(Guess):
        name = "leaky"

        def hide(self, state, player):
            return state  # shows the other's choice

    with pytest.raises(ContractError, match="views: two positions that differ only in a move south did not see"):
        check_game(Leaky, games=3)


def test_the_kit_asks_for_the_moves_in_every_players_view():
    # Front ends list a view's moves (show --json --as): south's moves as a spectator sees them, north's
    # choice face down (-2), must not fail; a game that reads the hidden choice there (a new author's dice
    # game did, with a hand face down) fails the kit.
    from boardgames.testing.kit import ContractError, check_game

    class Peeking(Guess):
        name = "peeking"

        def generate_moves(self, state):
            if state.turn == 1:
                assert state.chosen[0] != -2, "north's choice read where it is face down"
            return super().generate_moves(state)

    with pytest.raises(ContractError, match=r"^view of (south|a spectator): peeking, seeded game 0, move 2 "):
        check_game(Peeking, games=1)


def test_the_kit_finds_chance_probabilities_that_do_not_add_up():
    from boardgames.rules.chance import outcome
    from boardgames.testing.kit import ContractError, check_game

    class Loaded(Race):
        name = "loaded"

        def chance_outcomes(self, state):
            return ((outcome(1), 0.5), (outcome(2), 0.25))

    with pytest.raises(ContractError, match="add up to 1"):
        check_game(Loaded, games=1)


def test_list_and_rules_say_how_many_play(cli):
    from boardgames.testing import plugin

    class Hooks:
        from boardgames import hookimpl

        @staticmethod
        @hookimpl
        def register_games(register):
            register(Race)

    with plugin(Hooks, "race-plugin"):
        listed = cli("list")
        assert any(line.startswith("race") and "Race (1-4 players)" in line for line in listed.out.splitlines())
        assert "Players: 1 to 4 (-o players=N)" in cli("rules", "race").out


def test_a_refused_move_says_nothing_of_what_the_mover_cannot_see():
    from boardgames.rules.moves import placements

    class Peek(Guess):
        """Guess where south may not pick north's cell: the rules know it, south does not."""

        name = "peek"

        def generate_moves(self, state):
            if state.turn == 1 and state.chosen[0] >= 0:
                return placements(0b111 & ~(1 << state.chosen[0]))
            return placements(0b111)

        def why_illegal(self, state, move):  # what the whole position says: north's secret
            return f"north chose {self.grid.names[state.chosen[0]]}"

    match = Match(Peek.configure(), ["human", "human"])
    match.play("b1", by="north")
    assert "north chose b1" in str(pytest.raises(BoardgamesError, match.state.play, "b1").value)
    with pytest.raises(BoardgamesError) as info:
        match.play("b1", by="south")
    assert "not legal" in str(info.value) and "north" not in str(info.value)
    assert len(match.state.history) == 1  # nothing changed
