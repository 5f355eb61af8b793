"""An engine seat in games with hidden information (issue 39): whole games of
Donnant Donnant at 2 to 4 players, Phantom tic-tac-toe and Liar's dice,
played by `boardgames engine` over the protocol without a forfeit, each
engine told only the moves as its seat saw them.

The engine rebuilds a whole position from those moves. A card dealt unseen
at the set-up and laid many moves later (RULINGS DD4) fits no position whose
earlier guesses stand: the engine draws what its seat cannot see again from
the seat's view (``Game.sample``) instead of taking back guesses one move at
a time (it forfeited at move 23 of ``Match(donnant(players=2), [engine,
"random"], seed=3)``, "'#10>c3' is not how north could have seen a move")."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

import boardgames
from boardgames import Match
from boardgames.protocol.server import EngineSession
from boardgames.testing import plugin
from helpers import load_example, seen_words

SPY = Path(__file__).with_name("spy_engine.py")


def engine(log: Path, *examples: str) -> str:
    """An engine seat (a random agent) that logs what it is sent."""
    command = shlex.join([sys.executable, str(SPY), str(log), "random", *examples])
    return f"engine:cmd={shlex.quote(command)}:iterations=1"


def positions(log: Path) -> list[list[str]]:
    return [shlex.split(line)[1:] for line in log.read_text().splitlines() if line.split()[:1] == ["position"]]


def check_told_only_its_view(match: Match, logs: dict[int, Path]) -> None:
    for player, log in logs.items():
        told = positions(log)
        assert told, f"{match.game.player_names[player]} was never asked"
        truth = seen_words(match.state, player)
        for words in told:
            assert words == truth[: len(words)]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (2, 5), (3, 1), (4, 2)])
def test_an_engine_seat_plays_whole_donnant_games(tmp_path: Path, players: int, seed: int):
    """DD4 (four cards dealt face down, one put back, three laid), DD8 (the passive choices at once,
    revealed together): an engine seat, two at 4 players, plays to the end, no forfeit."""
    game = boardgames.game_class("donnant").configure({"players": players})
    engines = {seed % players} | ({(seed + 2) % players} if players == 4 else set())
    logs = {p: tmp_path / f"{p}.log" for p in engines}
    seats = [engine(logs[p]) if p in engines else "random" for p in range(players)]
    match = Match(game, seats, seed=seed)
    match.run()
    assert match.is_over and match.forfeit is None, match.result_text()
    assert match.state.outcome is not None and len(match.state.history) > 300
    check_told_only_its_view(match, logs)


@pytest.mark.parametrize(("name", "options"), [("phantom_ttt", {}), ("liars_dice", {"numdice": 2})])
def test_an_engine_seat_plays_whole_games_of_the_hidden_examples(tmp_path: Path, name: str, options: dict):
    with plugin(load_example(name), name):
        for seed in range(4):
            game = boardgames.game_class(name).configure(options)
            logs = {seed % 2: tmp_path / f"{name}-{seed}.log"}
            seats = [engine(logs[p], name) if p in logs else "random" for p in range(2)]
            match = Match(game, seats, seed=seed)
            match.run()
            assert match.is_over and match.forfeit is None, match.result_text()
            check_told_only_its_view(match, logs)


def test_a_card_dealt_unseen_and_laid_later_is_rebuilt_at_once():
    """The position of the forfeit above, sent to a `boardgames engine` session as a controller would:
    answered ok, and the position rebuilt shows north what north saw (its own hand, the cards laid)."""
    game = boardgames.game_class("donnant").configure({"players": 2})
    match = Match(game, ["random", "random"], seed=3)
    while len(match.state.history) < 40 and not match.is_over:
        match.step()
    words = seen_words(match.state, 0)
    session = EngineSession("random")
    assert session.handle(shlex.join(["game", "donnant", *(f"{k}={v}" for k, v in game.options.items())])) == "ok"
    assert session.handle("seed 3") == "ok" and session.handle("seat north") == "ok"
    for end in range(1, len(words) + 1):  # one move more each time, as the moves come
        assert session.handle(" ".join(["position", *map(shlex.quote, words[:end])])) == "ok", end
    shown = session.handle("show")
    assert shown.startswith("state ")
    told = json.loads(shown.removeprefix("state "))
    assert told.pop("seed") == 3  # the engine's own seed (the controller's is never sent)
    view = match.state.seen_by(0).to_json()
    view.pop("seed")
    assert told == view
