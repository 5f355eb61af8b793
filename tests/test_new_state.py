"""boardgames.new_state: a state made from a dict of its fields (issue 41),
the same state as the class makes, its fields read from a dict of its own."""

from __future__ import annotations

import attrs
import pytest

import boardgames
from boardgames import BitboardState, Game


class Stones(Game[BitboardState]):
    name = "new_state_stones"
    player_names = ("black", "white")

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)


@attrs.frozen(kw_only=True, slots=False)
class Counted(BitboardState):
    moves: int = attrs.field(default=0, converter=int)


def test_the_state_made_is_the_one_the_class_makes_the_defaults_filled_in():
    game = Stones.configure({})
    made = boardgames.new_state(BitboardState, {"game": game, "boards": (1, 2), "turn": 1})
    assert type(made) is BitboardState
    assert made == BitboardState(game=game, boards=(1, 2), turn=1) and made.placed == (0, 0) and made.outcome is None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.turn = 0  # type: ignore[misc]
    given = {f.name: getattr(made, f.name) for f in attrs.fields(BitboardState)}
    assert boardgames.new_state(BitboardState, given).__dict__ is given  # every field given: the dict itself


def test_a_wrong_field_or_one_missing_raises_as_the_class_does():
    game = Stones.configure({})
    with pytest.raises(TypeError, match="boardz"):
        boardgames.new_state(BitboardState, {"game": game, "boardz": (1, 2)})
    with pytest.raises(TypeError, match="game"):
        boardgames.new_state(BitboardState, {"boards": (1, 2)})


def test_a_class_whose_fields_convert_is_made_by_its_init():
    made = boardgames.new_state(Counted, {"game": Stones.configure({}), "moves": "3"})
    assert made.moves == 3


@attrs.frozen(kw_only=True, slots=False)
class Listed(BitboardState):
    seen: list[int] = attrs.field(factory=list)


def test_a_default_made_for_each_state_is_made_by_its_init():
    game = Stones.configure({})
    first, second = (boardgames.new_state(Listed, {"game": game}) for _ in range(2))
    assert first.seen == [] and first.seen is not second.seen
