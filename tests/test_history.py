"""A state's history (issue 39): the moves so far, shared between a state and
the states after it and extended in one step by ``state.history + (move,)``
(as docs/writing-a-game.md teaches), read by everyone as the tuple it stands
for: length, indexing, slices, iteration, equality and hash with tuples,
pickling, JSON, records and replay."""

from __future__ import annotations

import copy
import json
import pickle

import attrs

import boardgames
from boardgames import Game, Grid, Move, Outcome, State
from boardgames.rules.history import EMPTY, History
from boardgames.testing import plugin
from tests.toy_games import Race


@attrs.frozen(kw_only=True, slots=False)
class CountState(State):
    total: int = 0


class Count(Game[CountState]):
    """Two players add 1 or 2 in turn; the game ends at ``goal`` (long on purpose)."""

    name = "count-history"
    title = "Count"
    player_names = ("north", "south")
    max_length = 100_000

    def setup(self) -> None:
        self.grid = Grid.get(2, 1)
        self.goal = 3000

    def initial_state(self) -> CountState:
        return CountState(game=self)

    def generate_moves(self, state: CountState) -> tuple[Move, ...]:
        return (boardgames.place(0), boardgames.place(1))

    def apply(self, state: CountState, move: Move) -> CountState:
        total = state.total + move.to + 1
        over = Outcome(state.turn, "goal reached") if total >= self.goal else None
        return CountState(game=self, history=state.history + (move,), turn=1 - state.turn, total=total, outcome=over)

    def owners(self, state: CountState) -> dict[int, int]:
        return {}


def long_game(moves: int) -> list[CountState]:
    states = [Count.configure({}).start()]
    for k in range(moves):
        states.append(states[-1].play_unchecked(boardgames.place(k % 3 % 2)))
    return states


def test_a_history_grows_by_one_move_without_a_copy_and_shares_the_earlier_moves():
    states = long_game(1500)
    assert type(states[0].history) is History and states[0].history == () and not states[0].history
    last = states[-1].history
    assert type(last) is History and len(last) == 1500
    # Each history is its parent and one more move: nothing of the earlier moves was copied yet.
    assert all(s.history._tuple is None for s in states[1:])
    assert last[-1] == boardgames.place(1499 % 3 % 2) and last[1499] == last[-1]
    assert all(s.history._tuple is None for s in states[1:])  # the last move is read without making the tuple


def test_a_history_reads_as_the_tuple_of_its_moves():
    states = long_game(60)
    history, moves = states[-1].history, tuple(boardgames.place(k % 3 % 2) for k in range(60))
    assert history == moves and moves == history and not history != moves and not moves != history
    assert history != moves[:-1] and moves[:-1] != history and history != list(moves)
    assert hash(history) == hash(moves) and {history: 1}[moves] == 1
    assert len(history) == 60 and history[0] == moves[0] and history[-3] == moves[-3]
    assert history[5:9] == moves[5:9] and type(history[5:9]) is tuple and history[::-1] == moves[::-1]
    assert list(history) == list(moves) and list(reversed(history)) == list(reversed(moves))
    assert moves[7] in history and boardgames.place(9) not in history
    assert history.index(moves[1]) == 1 and history.count(moves[0]) == moves.count(moves[0])
    assert history + (moves[0],) == (*moves, moves[0]) and (moves[0],) + history == (moves[0], *moves)
    assert type((moves[0],) + history) is tuple
    assert states[30].history == history[:30] and history[:30] == states[30].history
    assert states[30].history < history and history > states[30].history
    assert repr(history) == repr(moves)
    assert json.dumps(list(history)) == json.dumps(list(moves))
    assert pickle.loads(pickle.dumps(history)) == moves
    assert copy.deepcopy(history) == moves
    # The states themselves: equal and with the same hash as the same position built with a tuple.
    by_hand = attrs.evolve(states[-1], history=moves)
    assert by_hand == states[-1] and hash(by_hand) == hash(states[-1])
    assert by_hand.play_unchecked(moves[0]).history == (*moves, moves[0])  # a tuple given by hand grows too


def test_a_long_history_is_dropped_and_pickled_without_deep_recursion():
    history = EMPTY
    for k in range(200_000):
        history = history + (boardgames.place(k % 2),)
    assert pickle.loads(pickle.dumps(history)) == history
    del history  # 200,000 linked histories freed one after the other, no recursion error


def test_json_records_and_replay_read_a_shared_history(tmp_path):
    states = long_game(200)
    state = states[-1]
    data = json.loads(json.dumps(state.to_json()))
    assert data["history"] == [state.format_move(m) for m in state.history] and len(data["history"]) == 200
    assert state.game.replay(data["history"]) == state
    with plugin(Hooks, "race-history"):
        match = boardgames.Match(Race.configure({"players": 3}).start(), ["random"] * 3, seed=4)
        match.run()
        assert len(match.state.history) > 10
        again = boardgames.read_record(boardgames.save_record(tmp_path / "race.json", match.record()))
        assert again.state.history == match.state.history and again.state == match.state


class Hooks:
    @staticmethod
    @boardgames.hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Race)
