"""Observations of games whose picture is dice, cards and scores (``board_drawn``
False, issue 39): the planes carry each die's value and whether it is kept, the
cards' boxes (what they ask, what is written), the cards face up and face down
and each player's score, on the squares of their sites, in a shape fixed for
the game's configuration, and only what the looker sees.

Donnant Donnant (RULINGS DD1: five dice; DD3: boxes that ask a value or a
colour; DD4: each player's face-down hand; DD5: dice set aside; DD8: a die
written in a box) and the toy card game of tests/card_games.py (``Sheet``; with
a hand dealt to each player, hidden from the other, in ``Dealt`` below).
"""

from __future__ import annotations

import random

import attrs
import card_games
import numpy as np
import pytest
from card_games import MARKET_BOXES, Sheet, SheetState

from boardgames import Card, Cards, Grid, Move, hookimpl
from boardgames.games.donnant import Donnant
from boardgames.games.donnant.state import PUTBACK
from boardgames.interop import openspiel
from boardgames.interop.pettingzoo import env
from boardgames.learning.observation import layout_shape, plane_names, planes, whose
from boardgames.rules.declarations import HIDDEN_DIE
from boardgames.testing import plugin

#: The toy game's cards that may be dealt, each on a site of its own (10 on).
DECK = ("ace", "two", "three", "four", "five", "six")
DECK_SITE = 10


@attrs.frozen(kw_only=True, slots=False)
class DealtState(SheetState):
    hands: tuple[tuple[int, ...], ...] = ((0, 1), (2, 3))  # DECK indices; -1: a card not seen


class Dealt(Sheet):
    """Sheet with two cards in each player's hand, each player seeing only its own."""

    name = "sheet-dealt"
    title = "Sheet dealt"

    def setup(self) -> None:
        self.grid = Grid.get(5, 4)  # Sheet's sites, then one for each card of the deck

    def initial_state(self) -> DealtState:
        return DealtState(game=self)

    def hide(self, state: DealtState, player: int | None) -> DealtState:
        hands = tuple(hand if p == player else (-1,) * len(hand) for p, hand in enumerate(state.hands))
        return attrs.evolve(state, hands=hands)

    def market(self, state: DealtState) -> tuple[Cards, ...]:
        held = tuple(
            Cards("hand", tuple(None if n < 0 else Card(DECK[n], site=DECK_SITE + n) for n in hand), owner=p)
            for p, hand in enumerate(state.hands)
        )
        return (*super().market(state), *held)


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Sheet)
        register(Dealt)


@pytest.fixture(scope="module")
def registered():
    with plugin(Hooks, "observation-beyond-board"):
        yield


def plane(game, name: str) -> int:
    return plane_names(game).index(name)


def owner_word(game, owner: int | None, looker: int) -> str:
    count = game.number_of_players
    return "table" if owner is None else whose((owner - looker) % count, count)


def random_positions(game, seed: int, most: int):
    """The positions of one seeded random game of ``game`` (chance drawn from the seed), at most ``most``."""
    rng = random.Random(seed)
    state = game.initial_state()
    yield state
    for _ in range(most):
        if state.is_over:
            return
        state = state.play(state.draw_chance(rng) if state.is_chance else rng.choice(state.legal_moves))
        yield state


def check_shows_what_it_sees(state, looker: int) -> None:
    """The planes of ``state`` for ``looker`` have the game's fixed shape, and show every
    die and every written box of the looker's view on its site."""
    game = state.game
    names = plane_names(game)
    shown = planes(state, looker)
    assert len(shown) == len(names) == layout_shape(game)[0]
    assert all(len(p) == game.grid.size for p in shown)
    assert all(0.0 <= v <= 1.0 for p in shown for v in p)
    view = (game.hide(state, looker) if game.hidden_information and not state.is_over else state).view()
    for die in view.dice:
        who = owner_word(game, die.owner, looker)
        assert shown[names.index(f"{who} die")][die.site] == 1.0
        value = die.value / die.faces if die.value > 0 else 0.0
        assert shown[names.index(f"{who} die value")][die.site] == pytest.approx(value)
        assert shown[names.index(f"{who} die kept")][die.site] == float(die.kept)
    for cards in view.market:
        who = owner_word(game, cards.owner, looker)
        for card in cards.cards:
            for box in card.boxes if isinstance(card, Card) else ():
                if box.site >= 0:
                    assert shown[names.index(f"{who} box written")][box.site] == float(bool(box.written))
    scores = view.scores
    for k, score in enumerate(scores):
        who = owner_word(game, k, looker)
        assert shown[names.index(f"{who} score")][0] == pytest.approx(0.5 + 0.5 * score / (abs(score) + game.grid.size))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_donnant_observation_has_one_shape_and_shows_its_dice_boxes_and_scores(players):
    """DD1/DD5/DD8: over seeded random positions, the same shape; every die, kept die, written box and score there."""
    game = Donnant.configure({"players": players})
    assert layout_shape(game) == (len(plane_names(game)), game.grid.height, game.grid.width)
    seen_dice = seen_written = 0
    for seed in range(3 if players < 4 else 2):
        for state in random_positions(game, seed, 150 if players < 4 else 80):
            for looker in range(players):
                check_shows_what_it_sees(state, looker)
            seen_dice += any(d > 0 for d in state.dice)
            seen_written += any(s is not None and any(v is not None for v in s[1]) for t in state.tableaux for s in t)
    assert seen_dice and seen_written  # the positions had rolled dice and written boxes


def test_sheet_observation_has_one_shape_and_shows_its_dice_boxes_and_scores():
    for game in (Sheet.configure(), Dealt.configure()):
        for seed in range(20):
            for state in random_positions(game, seed, 10):
                for looker in (0, 1):
                    check_shows_what_it_sees(state, looker)


def test_donnant_observation_changes_with_a_die_s_value_and_when_it_is_set_aside():
    """DD5: a die rolled to another value, a die set aside: another observation, on that die's site."""
    game = Donnant.configure({"players": 2})
    state = next(s for s in random_positions(game, 4, 400) if all(s.dice) and not s.is_chance)
    other = attrs.evolve(state, dice=(state.dice[0] % 6 + 1, *state.dice[1:]))
    for looker in (0, 1):
        before, after = planes(state, looker), planes(other, looker)
        assert before != after
        at = plane(game, "table die value")
        assert before[at][game.dice(state)[0].site] != after[at][game.dice(other)[0].site]
    aside = next(s for s in random_positions(game, 4, 400) if any(d.kept for d in game.dice(s)))
    kept = [d.site for d in game.dice(aside) if d.kept]
    assert all(planes(aside, 0)[plane(game, "table die kept")][site] == 1.0 for site in kept)


def test_sheet_observation_changes_with_a_die_s_value(monkeypatch):
    game = Sheet.configure()
    state = game.initial_state()
    before = planes(state, 0)
    monkeypatch.setattr(card_games, "DICE", ((4, *card_games.DICE[0][1:]), *card_games.DICE[1:]))
    after = planes(state, 0)
    assert before != after
    assert after[plane(game, "table die value")][0] == pytest.approx(4 / 6)


def test_donnant_observation_changes_when_a_box_is_written():
    """DD8: a passive player's die written into a box changes its observation, on that box's site."""
    game = Donnant.configure({"players": 2})
    positions = list(random_positions(game, 7, 600))
    at = plane(game, "my box written")
    for before, after in zip(positions, positions[1:], strict=False):
        for p in range(2):
            written = [
                (i, j)
                for i, (a, b) in enumerate(zip(before.tableaux[p], after.tableaux[p], strict=True))
                if a is not None and b is not None
                for j, (x, y) in enumerate(zip(a[1], b[1], strict=True))
                if x is None and y is not None
            ]
            if written:
                seen_before, seen_after = planes(before, p), planes(after, p)
                assert seen_before != seen_after
                changed = [s for s in range(game.grid.size) if seen_before[at][s] != seen_after[at][s]]
                assert len(changed) == len(written)
                return
    pytest.fail("no box was written in the first 600 moves")


def test_sheet_observation_changes_when_a_box_is_written():
    game = Sheet.configure()
    state = game.initial_state()
    after = state.play(Move(1, MARKET_BOXES[1]))  # the blue die's 5 in the market card's free box
    before_planes, after_planes = planes(state, 0), planes(after, 0)
    assert before_planes != after_planes
    site = MARKET_BOXES[1]
    assert before_planes[plane(game, "table box written")][site] == 0.0
    assert after_planes[plane(game, "table box written")][site] == 1.0
    assert after_planes[plane(game, "table box value")][site] == pytest.approx(5 / 6)
    assert after_planes[plane(game, "table die kept")][1] == 1.0  # the die used
    assert after_planes[plane(game, "my score")][0] > before_planes[plane(game, "my score")][0]  # north wrote 5


def swap_hidden_card(game: Donnant, state, player: int):
    """``state`` with one of ``player``'s hidden cards swapped for a card of the same pile (DD4)."""
    hand = state.hands[player]
    n = hand[0]
    pile = game.pile_of[n]
    m = state.piles[pile][0]
    hands = tuple(((m, *h[1:]) if p == player else h) for p, h in enumerate(state.hands))
    piles = tuple(tuple(sorted({*cards} - {m} | {n})) if t == pile else cards for t, cards in enumerate(state.piles))
    return attrs.evolve(state, hands=hands, piles=piles)


def test_donnant_observation_is_the_same_whatever_another_holds(monkeypatch):
    """DD4: two positions that differ only in east's face-down hand give north the same planes
    (east's differ); planes of the whole state (the view skipped) would tell them apart."""
    game = Donnant.configure({"players": 3})
    state = next(s for s in random_positions(game, 2, 200) if s.phase == PUTBACK and all(s.hands) and all(s.piles))
    other = swap_hidden_card(game, state, 1)
    assert other.hands != state.hands
    for looker in (0, 2):
        assert planes(state, looker) == planes(other, looker)
    assert planes(state, 1) != planes(other, 1)
    monkeypatch.setattr(game, "hidden_information", False)  # the whole state, as if nothing were hidden
    assert planes(state, 0) != planes(other, 0)


def test_sheet_observation_is_the_same_whatever_the_other_holds(monkeypatch):
    game = Dealt.configure()
    state = game.initial_state()
    other = attrs.evolve(state, hands=(state.hands[0], (4, 5)))
    assert planes(state, 0) == planes(other, 0)
    assert planes(state, 1) != planes(other, 1)
    mine = planes(state, 0)
    assert all(mine[plane(game, "my card")][DECK_SITE + n] == 1.0 for n in state.hands[0])
    assert mine[plane(game, "opponent's face-down cards")][0] == pytest.approx(2 / game.grid.size)
    monkeypatch.setattr(game, "hidden_information", False)
    assert planes(state, 0) != planes(other, 0)


def test_a_hidden_die_shows_no_value(monkeypatch):
    """A die the looker may not see (HIDDEN_DIE) is there, with no value."""
    game = Sheet.configure()
    shown_dice = Sheet.dice
    unseen = lambda self, s: tuple(attrs.evolve(d, value=HIDDEN_DIE) for d in shown_dice(self, s))  # noqa: E731
    monkeypatch.setattr(Sheet, "dice", unseen)
    shown = planes(game.initial_state(), 0)
    assert shown[plane(game, "table die")][0] == 1.0
    assert shown[plane(game, "table die value")][0] == 0.0


@pytest.mark.parametrize(("cls", "options", "steps"), [(Sheet, {}, 10), (Dealt, {}, 10), (Donnant, {"players": 3}, 40)])
def test_the_adapters_give_the_fixed_shape(registered, cls, options, steps):
    """PettingZoo's observation fits its space and OpenSpiel's tensor its size, position after position."""
    name = cls.name
    e = env(name, **options)
    e.reset(seed=5)
    dice = plane(cls.configure(options), "table die")
    dice_seen = False
    for n, agent in enumerate(e.agent_iter()):
        observation, _, termination, truncation, _ = e.last()
        space = e.observation_space(agent)["observation"]
        assert observation["observation"].shape == space.shape and space.contains(observation["observation"])
        dice_seen |= bool(observation["observation"][:, :, dice].any())  # (rows, files, planes)
        e.step(None if termination or truncation else e.action_space(agent).sample(observation["action_mask"]))
        if n > 4 * steps:
            break
    assert dice_seen
    spiel = openspiel.load(name, **options)
    state = spiel.new_initial_state()
    rng = random.Random(5)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        for p in range(spiel.num_players()):
            tensor = np.asarray(state.observation_tensor(p))
            assert tensor.shape == (spiel.observation_tensor_size(),)
    assert spiel.observation_tensor_shape() == list(layout_shape(cls.configure(options)))
