"""A small game that shows everything a game may declare beside its board
(dice, hands with a card hidden from the others, cards on the table,
running scores), for 1 to 10 players: the renderers' and the JSON's tests
play it (it is no built-in game)."""

from __future__ import annotations

import random

import attrs

from boardgames import Move, hookimpl
from boardgames.rules.declarations import Cards, Die
from tests.toy_games import Race, RaceState

#: Each player's secret card: the others see it face down.
SECRETS = ("queen of spades", "seven of hearts", "ace of clubs", "two of diamonds", "jack of hearts",
           "nine of clubs", "king of hearts", "three of spades", "ten of diamonds", "five of clubs")  # fmt: skip


@attrs.frozen(kw_only=True, slots=False)
class TableState(RaceState):
    viewer: int = -2  # whose view this is: -2 the whole state, -1 a spectator's


class Table(Race):
    """Race for up to ten, with five dice (the roll among them, two kept),
    each player's hand (a face-up card and a secret one), a market row with
    a gap, a face-down pile and each player's running score."""

    name = "table"
    title = "Table"
    player_count = (1, 10)

    def initial_state(self) -> TableState:
        return TableState(game=self, turn=-1, scores=(0,) * self.number_of_players)

    def apply(self, state: TableState, move: Move) -> TableState:  # type: ignore[override]
        after = super().apply(state, move)
        return TableState(**{f.name: getattr(after, f.name) for f in attrs.fields(RaceState)}, viewer=state.viewer)

    def dice(self, state: TableState) -> tuple[Die, ...]:
        return (
            Die(state.rolled, faces=3),
            Die(4, kept=True),
            Die(6, kept=True, name="yellow", colour="#f1c40f"),
            Die(2, owner=len(state.scores) - 1),
            Die(0),
        )

    def hands(self, state: TableState) -> tuple[tuple[str | None, ...], ...]:
        seen = state.viewer
        return tuple(
            (f"{p + 1} of stars", SECRETS[p % len(SECRETS)] if seen in (-2, p) else None)
            for p in range(len(state.scores))
        )

    def market(self, state: TableState) -> tuple[Cards, ...]:
        return (
            Cards("market", ("blue 3<", "", "red pair")),
            Cards("pile", (None,) * 23),
            Cards("tableau", ("green", "", None, "", "blue", ""), owner=0, columns=3),
        )

    def scores(self, state: TableState) -> tuple[float, ...]:
        return tuple(state.scores)

    def hide(self, state: TableState, player: int | None) -> TableState:
        return attrs.evolve(state, viewer=-1 if player is None else player)

    def sample(self, view: TableState, player: int, rng: random.Random) -> TableState:
        return attrs.evolve(view, viewer=-2)


class OpenTable(Table):
    """Table with every hand face up (no hidden information): what ``show`` draws whole."""

    name = "open_table"
    title = "Open table"
    hidden_information = False


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Table)
        register(OpenTable)
