"""Donnant Donnant in the terminal (issue 40): ``boardgames play donnant`` solo
with the level and the turns in view (DD14), hot seat with the passive players
asked in turn behind a privacy pause (DD8), ``help`` saying the choice now, and
the campaign (DD15) as the CLI runs any game's that declares one: a won level's
points, a shortfall paid, one that cannot be paid ending it, progress saved and
resumed, levels won kept for a campaign that opens once all are won."""

from __future__ import annotations

import re

import pytest

from boardgames import State, hookimpl
from boardgames.testing import plugin
from tests.toy_games import Race, Toys

# -- toy games: the core's declarations for any game ----------------------------------------------------------


class Countdown(Race):
    """Race alone, saying the turns left (Game.progress)."""

    name = "countdown"
    title = "Countdown"

    def progress(self, state: State) -> str:
        return f"{len(state.history) // 2} turns played, goal {self.goal}"


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Countdown)


@pytest.fixture
def toys(cli):
    with plugin(Toys, "toys"), plugin(Hooks, "terminal-toys"):
        yield cli


def screens(out: str) -> dict[str, list[str]]:
    """What each person saw, screen by screen: the text after each privacy pause, up to the next."""
    parts = re.split(r"Pass to (\w+), then press Enter[^:]*: ", out)
    seen: dict[str, list[str]] = {}
    for person, text in zip(parts[1::2], parts[2::2], strict=True):
        seen.setdefault(person, []).append(text)
    return seen


def test_the_screen_says_where_a_game_stands_in_its_own_words_and_who_chooses_at_once(toys):
    run = toys("play", "countdown", "-o", "players=1", "--seed", "1", "--players", "human", input="a1\nquit\n")
    assert run.code == 0, run.err
    assert "north to move\n0 turns played, goal 6\n" in run.out
    assert "north to move\n1 turns played, goal 6\n" in run.out
    run = toys("play", "guess", "--seed", "2", "--players", "human,human", input="\nc1\n\nquit\n")
    north, south = screens(run.out)["north"][0], screens(run.out)["south"][0]
    assert "north to move (north and south choose at once, each unseen by the others)" in north
    assert "south to move\n" in south  # north has chosen: south alone is asked now
