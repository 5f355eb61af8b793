"""An engine seat in a card game with hidden hands dealt by chance and a
public market refilled from the same deck (issue 39; tests/market_games.py's
Pairs, played whole at 3 and 4 players by an EngineSession in process, as a
controller drives it: each ``position`` the moves as the seat saw them).

A third-party game met it first (Dice Market, 3 players): the rebuild read a
move the seat saw, a fill that does not complete a card, as the same fill
completing the card that the rebuild had guessed into the mover's hand (a
position's own reading: a mark left out, a game's shorthand). The position
rebuilt then parted from the one the seat saw, and a later move fitted
nothing, however often the hands were drawn again: the seat answered an error
after a minute, or forfeited on the controller's timeout. Here a take seen
without a pair (``take1``) was read as the pair (``take1+``) the rebuilt hand
would make, and the engine showed its seat scores no one had."""

from __future__ import annotations

import json
import shlex

import pytest
from market_games import Market

import boardgames
from boardgames import Match
from boardgames.protocol import server
from boardgames.protocol.server import EngineSession
from boardgames.testing import plugin
from helpers import seen_words


def check_whole_game(players: int, seed: int, seat: int) -> int:
    """Play a game of Pairs of random seats; at each of ``seat``'s turns an engine session is sent the
    moves as ``seat`` saw them: it answers ok, shows ``seat`` exactly its view, and moves legally."""
    game = boardgames.game_class("pairs").configure({"players": players})
    match = Match(game, ["random"] * players, seed=seed)
    session = EngineSession("random")
    name = game.player_names[seat]
    for line in (f"game pairs players={players}", f"seed {seed}", f"seat {name}"):
        assert session.handle(line) == "ok"
    asked = 0
    while not match.is_over:
        state = match.state
        if not state.is_chance and state.turn == seat:
            words = seen_words(state, seat)
            assert session.handle(" ".join(["position", *map(shlex.quote, words)])) == "ok", (seed, len(words))
            told = json.loads(session.handle("show").removeprefix("state "))
            view = state.seen_by(seat).to_json()
            told.pop("seed"), view.pop("seed")
            assert told == view, (seed, len(words))
            reply = session.handle("go")
            assert reply.startswith("move ") and state.parse_move(reply.removeprefix("move ")) in state.legal_moves
            asked += 1
        match.step()
    return asked


@pytest.mark.parametrize("players", [3, 4])
def test_an_engine_seat_rebuilds_every_position_of_whole_games_of_pairs(players: int):
    with plugin(Market, "market"):
        asked = sum(check_whole_game(players, seed, seed % players) for seed in range(1, 7))
    assert asked >= 6 * 4  # the seat took a card at least four times a game


def test_a_position_costs_the_rebuild_no_more_than_its_budget(monkeypatch: pytest.MonkeyPatch):
    """A take seen as a pair (``take1+``) early in a 4-player game, where the rebuilt hand holds no card
    of its value: the search that takes back guesses alone (six deals unseen, some twenty cards each)
    tried the whole of REBUILD_STEPS before a draw from the seat's view fitted at once. Moves tried
    are counted, not seconds: each position of whole games within the budget of one search."""
    tried = [0]
    ply = server.EngineSession._ply

    def counted(self, *args):  # type: ignore[no-untyped-def]
        tried[0] += 1
        return ply(self, *args)

    monkeypatch.setattr(server.EngineSession, "_ply", counted)
    with plugin(Market, "market"):
        for seed in range(2, 5):
            game = boardgames.game_class("pairs").configure({"players": 4})
            match = Match(game, ["random"] * 4, seed=seed)
            session = server.EngineSession("random")
            for line in ("game pairs players=4", f"seed {seed}", f"seat {game.player_names[seed % 4]}"):
                assert session.handle(line) == "ok"
            while not match.is_over:
                if not match.state.is_chance and match.state.turn == seed % 4:
                    tried[0] = 0
                    words = seen_words(match.state, seed % 4)
                    assert session.handle(" ".join(["position", *map(shlex.quote, words)])) == "ok"
                    assert tried[0] <= server.REBUILD_STEPS, (seed, len(words), tried[0])
                match.step()
