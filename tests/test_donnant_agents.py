"""Donnant Donnant's agents and every analysis tool on it (issue 40): random,
greedy and mcts play solo games to the end from their view alone (RULINGS
DD14); the evaluation (games/donnant/strategy.py) is each player's expected
score from the tableau (DD10, DD11); mcts is the strongest level; an arena of
four seats rotated; a review of a two-player game valued by the evaluation;
an engine seat playing a whole game over the protocol."""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

import pytest

import boardgames
from boardgames import Match
from boardgames.agents.base import Budget
from boardgames.analysis.arena import run_arena
from boardgames.analysis.review import Expected, review
from boardgames.games.donnant import strategy
from boardgames.games.donnant.sites import SLOT
from boardgames.games.donnant.state import SOLO_REMOVE
from boardgames.play.levels import strongest

SPY = Path(__file__).with_name("spy_engine.py")


def donnant(**options: object) -> boardgames.Game:
    return boardgames.game_class("donnant").configure(options)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=5"])
def test_each_agent_plays_a_solo_game_to_its_end(spec: str):
    # DD14: level 7, nine turns; the agents are given only their view (hidden piles)
    match = Match(donnant(players=1, level=7), [spec], seed=4)
    match.run()
    assert match.is_over and match.forfeit is None
    outcome = match.state.outcome
    assert outcome.returns in ((1.0,), (-1.0,)) and ("won" if outcome.returns == (1.0,) else "lost") in outcome.reason


def test_the_evaluation_is_the_expected_score_of_each_tableau():
    game = donnant(players=2)
    match = Match(game, ["random", "random"], seed=6)
    for _ in range(60):
        match.step()
    state = match.state
    scores = strategy.expected_scores(game, state)
    assert len(scores) == 2 and all(s >= 0 for s in scores)
    for p in (0, 1):
        assert -1 < state.evaluate(p) < 1
    # a card's completion (DD6) counts whole: completing one never lowers the tableau's expected score
    tableau = state.tableaux[0]
    i = next(i for i, slot in enumerate(tableau) if slot is not None and None in slot[1])
    number, written, ticks = tableau[i]
    done = tableau[:i] + ((number, tuple(1 if w is None else w for w in written), ticks),) + tableau[i + 1 :]
    left = strategy.turns_left(game, state)
    assert strategy.expected_score(game, done, left) >= strategy.expected_score(game, tableau, left)


def test_mcts_is_the_strongest_level_and_the_evaluation_is_declared():
    cls = boardgames.game_class("donnant")
    assert cls.has_evaluation and strongest(cls).startswith("mcts")


def test_an_arena_of_four_seats_rotates_them():
    specs = ["random", "greedy:blunder=1", "greedy:blunder=0.99", "greedy:blunder=0.98"]
    result = run_arena("donnant", specs, 4, 3, jobs=1, options={"players": 4}).to_json()
    assert result["games"] == 4 and not result["forfeits"]
    for player in result["players"]:  # every agent in every game, in more than one seat
        assert player["games"] == 4 and sum(player["places"]) == 4 and player["mean_score"] is not None
        assert sum(seat["games"] > 0 for seat in player["by_seat"]) > 1


def test_a_review_of_a_two_player_game_says_where_the_expected_score_was_lost():
    match = Match(donnant(players=2), ["greedy:blunder=0.5", "random"], seed=2)
    match.run()
    final = match.state
    data = review(final, Budget(iterations=10))
    assert len(data["plies"]) == len(final.history)
    assert set(data["summary"]) == set(final.game.player_names)
    # valued by the game's evaluation once chance has spoken, not by random games to the end
    position = next(s for s in _positions(final) if s.turn >= 0 and s.outcome is None)
    values = Expected(Budget(iterations=10))._playout(position)
    assert values == tuple(position.evaluate(p) for p in (0, 1))


def _positions(final: boardgames.State) -> list[boardgames.State]:
    out, state = [], final.game.start()
    for move in final.history[:80]:
        out.append(state)
        state = state.play_unchecked(move)
    return out[40:]


def engine(log: Path) -> str:
    command = shlex.join([sys.executable, str(SPY), str(log), "random"])
    return f"engine:cmd={shlex.quote(command)}:iterations=1"


def test_an_engine_seat_plays_a_whole_solo_game(tmp_path: Path):
    log = tmp_path / "engine.log"
    match = Match(donnant(players=1, level=7), [engine(log)], seed=3)
    match.run()
    assert match.is_over and match.forfeit is None, match.result_text()
    sent = log.read_text().splitlines()
    assert any(line.startswith("game donnant") for line in sent) and sum(line.startswith("go") for line in sent) > 10


def test_a_determinisation_never_puts_a_removed_card_back_in_a_pile():
    # DD14: the card removed each solo turn is set aside face up, out of the game: a position
    # an agent samples from its view (hidden piles) deals only the cards still unseen
    game = donnant(players=1, level=1)
    rng = random.Random(5)
    state, removed = game.start(), []
    while len(removed) < 6:
        move = state.draw_chance(rng) if state.is_chance else rng.choice(state.legal_moves)
        if state.phase == SOLO_REMOVE:
            removed.append(state.market[move.to - SLOT[0]])
        state = state.play_unchecked(move)
    view = state.seen_by(0)
    for _ in range(30):
        sampled = game.sample(view, 0, rng)
        assert not set(removed) & set(sampled.piles[0] + sampled.piles[1])
        assert [len(pile) for pile in sampled.piles] == [len(pile) for pile in state.piles]
        assert sorted(sampled.piles[0] + sampled.bottoms[0]) == sorted(state.piles[0] + state.bottoms[0])


def test_a_match_replays_the_game_once_per_seat_not_at_every_decision(monkeypatch: pytest.MonkeyPatch):
    # each decision of a game with hidden parts is made from the seat's view, whose history is the
    # moves as that seat saw them: worked out move by move as the game goes, not replayed from the
    # start at every decision (quadratic: a random 4-player game's plies played ~100 times over)
    game = donnant(players=4)
    applied = 0
    apply = type(game).apply

    def counted(self, state, move):
        nonlocal applied
        applied += 1
        return apply(self, state, move)

    monkeypatch.setattr(type(game), "apply", counted)
    match = Match(game, ["random"] * 4, seed=1)
    match.run()
    plies = len(match.state.history)
    assert match.is_over and plies > 300
    assert applied < 8 * plies, (applied, plies)


def test_a_lines_card_is_worth_the_lines_it_may_still_complete():
    # DD11: a lines card pays per row or column of three completed cards at the end; with no line
    # complete yet it scores nothing now, but the evaluation counts the lines its tableau may complete
    # (cards still open, places still empty) so that a search buys and completes it early
    game = donnant(players=1, level=1)
    lines = next(c for c in game.cards if c.effect.kind == "lines")
    colour = [c for c in game.cards if c.effect.kind == "colour"][:2]

    def tableau(done: bool) -> tuple:
        places = [None] * 25
        places[12] = (lines.number, tuple(1 if done else None for _ in lines.objective.boxes), 0)
        for i, card in zip((6, 18), colour, strict=True):  # corners: no line of three yet
            places[i] = (card.number, (1,) * len(card.objective.boxes), 0)
        return tuple(places)

    left = 10.0
    completed, open_ = strategy.card_terms(game, tableau(True), left), strategy.card_terms(game, tableau(False), left)
    assert strategy.expected_score(game, tableau(True), left) > strategy.expected_score(game, tableau(False), left) + 1
    chance, gain = open_[1][12]
    assert 0 < chance < 1 and gain > 1  # what completing it may bring: lines to come
    assert completed[0] > open_[0]
