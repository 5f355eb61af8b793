"""The fast paths of moves made in parts (issue 24) give what the plain ones
give: the OpenSpiel adapter's own ``legal_actions`` what pyspiel's answers
through ``_legal_actions`` (at every action of seeded random games, mid-move
and finished, for each player), a new state or a clone made from copies
goes on by itself, the Amazons example's slide is what ``Grid.slide``
gives, and ``Parts.role`` answers for each kind of square."""

from __future__ import annotations

import copy
import random
import types

import pytest

import boardgames
from boardgames import Parts, hookimpl
from boardgames.learning.actions import MoveBuilder
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel


@pytest.fixture(scope="module")
def amazons():
    # A name of its own: OpenSpiel keeps the first class registered under a
    # name for the process, and other tests compare their states with it.
    class Amazons(load_example("amazons").Amazons):
        name = "amazons_fast_paths"

    with plugin(types.SimpleNamespace(register_games=hookimpl(lambda register: register(Amazons))), Amazons.name):
        yield boardgames.game_class(Amazons.name).configure()


@pytest.mark.parametrize(
    ("name", "options", "games"),
    [
        ("amazons_fast_paths", {}, 3),
        ("verso", {"size": 5, "pieces": 4, "max_moves": 30}, 4),
        ("donuts", {"seed": 3}, 2),
    ],
)
def test_the_adapters_legal_actions_are_pyspiels(amazons, name, options, games):
    pyspiel = need_pyspiel()
    from boardgames.interop.openspiel import load

    game = load(name, **options)
    rng = random.Random(8)
    actions_seen = 0
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            ours = state.legal_actions()
            assert ours == pyspiel.State.legal_actions(state)  # pyspiel's: current_player, is_terminal, _legal_actions
            for player in (0, 1):
                assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            ours.append(-1)  # a list of the caller's own: the next answer is whole
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            if state.is_terminal():
                assert state.legal_actions() == []
                break
            assert [i for i, on in enumerate(state.legal_actions_mask()) if on] == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
            actions_seen += 1
    assert actions_seen > games * 10


def test_a_squares_role_is_its_kind_of_part():
    parts = Parts(origins=0b0011, targets=0b0110, marks=0b1000)
    assert [parts.role(sq) for sq in (0, 3, 4)] == ["origin", "mark", None]
    assert Parts(targets=0b100).role(2) == "to"
    with pytest.raises(ValueError, match="square 1 is both origin and to"):
        parts.role(1)
    with pytest.raises(ValueError, match="square 2 is both to and mark"):
        Parts(targets=4, marks=4).role(2)


def test_new_states_and_clones_mid_move_go_on_by_themselves(amazons):
    need_pyspiel()
    from boardgames.interop.openspiel import load

    game = load(amazons.name)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[1])  # an amazon picked: the move is being made
    clone = state.clone()
    assert clone.history() == state.history() and clone.builder.chosen == state.builder.chosen
    assert clone.legal_actions() == state.legal_actions()
    for _ in range(2):
        clone.apply_action(clone.legal_actions()[0])
    assert len(clone.position.history) == 1 and state.position.history == ()
    assert len(state.builder.chosen) == 1 and len(state.legal_actions()) > 4
    first, second = game.new_initial_state(), game.new_initial_state()  # each its own builder of one start
    first.apply_action(first.legal_actions()[0])
    assert len(second.legal_actions()) == 4 and second.builder.chosen == ()


def test_a_builders_copy_holds_every_slot_and_moves_alone(amazons):
    state = amazons.start()
    builder = MoveBuilder(state)
    assert builder.push(builder.legal_actions()[0]) is None  # an amazon picked
    twin = copy.deepcopy(builder)
    assert [getattr(twin, name) for name in MoveBuilder.__slots__] == [
        getattr(builder, name) for name in MoveBuilder.__slots__
    ]
    assert twin.push(twin.legal_actions()[0]) is None
    move = twin.push(twin.legal_actions()[0])
    assert state.is_legal(move) and len(builder.chosen) == 1 and len(twin.chosen) == 3
