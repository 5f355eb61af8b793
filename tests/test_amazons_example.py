"""The Amazons example package (examples/amazons), a game whose moves are
made in parts (the amazon, where she goes, where she shoots) and that writes
``next_parts`` instead of ``generate_moves``: the conformance kit, the start
(2,176 whole moves, the same as walking the parts), an incomplete move's
text, agreement with OpenSpiel's ``amazons`` part for part and result for
result, and the command line with the package installed."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames import Move
from boardgames.errors import IncompleteMoveError
from boardgames.rules.parts import NOTHING_YET, extend
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

#: Seeded random games compared with OpenSpiel, part by part.
AGREEMENT_GAMES = 500


@pytest.fixture(scope="module")
def amazons_plugin() -> Iterator[None]:
    with plugin(load_example("amazons"), "amazons-under-test"):
        yield


def amazons() -> Any:
    return boardgames.game_class("amazons").configure()


def to_openspiel(square: int) -> int:
    """OpenSpiel's action for our square: ``row * 10 + col``, row 0 at the top
    of its board (our rank 10), col 0 our file a (ours: file * 10 + rank)."""
    file, rank = divmod(square, 10)
    return (9 - rank) * 10 + file


def from_openspiel(action: int) -> int:
    """Our square for OpenSpiel's action (its row 9, the bottom one, is our rank 1)."""
    row, col = divmod(action, 10)
    return col * 10 + (9 - row)


def squares(mask: int) -> list[int]:
    return [sq for sq in range(mask.bit_length()) if mask >> sq & 1]


def test_amazons_keeps_the_contract(check_game, amazons_plugin):
    check_game("amazons", games=3)


def test_the_start_is_openspiels_and_white_moves_first(amazons_plugin):
    game = amazons()
    state = game.start()
    assert game.max_length == 92 and game.parts_per_move == 3 and game.moves_in_parts
    assert state.to_move == "white" and state.pieces() == {
        "a4": "white", "a7": "black", "d1": "white", "d10": "black",
        "g1": "white", "g10": "black", "j4": "white", "j7": "black",
    }  # fmt: skip
    assert [game.grid.names[sq] for sq in squares(state.parts().origins)] == ["a4", "d1", "g1", "j4"]
    assert sorted(map(to_openspiel, squares(state.parts().origins))) == [60, 69, 93, 96]  # OpenSpiel's X From
    assert all(from_openspiel(to_openspiel(sq)) == sq for sq in range(100))
    assert [game.grid.names[from_openspiel(a)] for a in (60, 69, 93, 96)] == ["a4", "j4", "d1", "g1"]


def test_openspiel_starts_the_same(amazons_plugin):
    theirs = need_pyspiel().load_game("amazons").new_initial_state()
    assert theirs.current_player() == 0 and str(theirs).splitlines()[9] == "...X..X..."  # its bottom row: d1, g1
    whole = 0
    for origin in theirs.legal_actions():
        picked = theirs.child(origin)
        for to in picked.legal_actions():
            whole += len(picked.child(to).legal_actions())
    assert whole == 2176 == len(amazons().start().legal_moves)


def walk(state: Any, partial: Move = NOTHING_YET) -> list[Move]:
    """Every whole move, walked from ``state.parts`` here (not by the core)."""
    parts = state.parts(partial)
    if parts.complete:
        assert not parts.squares
        return [partial]
    assert parts.squares and not parts.can_pass
    if partial.origin < 0:
        return [m for sq in squares(parts.origins) for m in walk(state, Move(sq))]
    if partial.to < 0:
        return [m for sq in squares(parts.targets) for m in walk(state, Move(partial.origin, sq))]
    return [m for sq in squares(parts.marks) for m in walk(state, Move(partial.origin, partial.to, (sq,)))]


def test_the_whole_moves_at_the_start_are_2176_and_those_the_parts_walk_to(amazons_plugin):
    state = amazons().start()
    walked = walk(state)
    assert len(state.legal_moves) == 2176 == len(walked) == len(set(walked))
    assert state.legal_moves == tuple(sorted(walked))
    d1, d2, d7, g7 = map(state.game.grid.parse_square, ("d1", "d2", "d7", "g7"))
    assert state.format_move(Move(d1, d7, (g7,))) == "d1-d7xg7" and state.is_legal(Move(d1, d7, (g7,)))
    assert state.is_legal(Move(d1, d2, (d1,)))  # she may shoot back where she stood
    assert not state.is_legal(Move(d1, d7)) and not state.is_legal(Move(d1, d7, (g7, d1)))


def test_a_square_holding_an_amazon_is_only_the_start_of_a_move(amazons_plugin):
    state = amazons().start()
    with pytest.raises(IncompleteMoveError) as first:
        state.parse_move("d1")
    d1, d7 = state.game.grid.parse_square("d1"), state.game.grid.parse_square("d7")
    assert state.pieces()["d1"] == "white" and first.value.partial == Move(d1, -1, ())
    with pytest.raises(IncompleteMoveError) as second:
        state.parse_move("d1-d7")
    assert second.value.partial == Move(d1, d7, ())
    with pytest.raises(boardgames.IllegalMoveError):
        state.parse_move("d10")  # black's amazon: white is to move
    shot = state.play("d1-d7xg7")
    assert shot.pieces()["d7"] == "white" and "d1" not in shot.pieces()
    assert shot.contents()["g7"] == {"owner": None, "kind": "arrow"}
    assert shot.view().changed == (state.game.grid.parse_square("g7"),) and shot.view().words.changed == "shot"


def pick(state: Any, rng: random.Random, spiel: Any = None, where: str = "") -> Move:
    """A move drawn part by part, each part at random among those offered;
    each set of parts compared with OpenSpiel's legal actions and the part
    played on ``spiel`` as well, if given."""
    partial = NOTHING_YET
    while not (parts := state.parts(partial)).complete:
        offered = squares(parts.squares)
        if spiel is not None:
            assert sorted(map(to_openspiel, offered)) == spiel.legal_actions(), f"{where}, {partial}"
        square = rng.choice(offered)
        partial = extend(partial, square, parts.role(square))
        if spiel is not None:
            spiel.apply_action(to_openspiel(square))
    return partial


def test_a_player_who_cannot_move_loses(amazons_plugin):
    for seed in range(5):
        rng, state = random.Random(seed), amazons().start()
        while not state.is_over:
            state = state.play(pick(state, rng))
        loser = state.turn  # to move, with no amazon beside an empty square
        assert state.winner == state.game.player_names[1 - loser] and not state.parts().squares
        assert state.result_text().endswith(f"{state.game.player_names[loser]} cannot move")
        assert len(state.history) <= 92


def play_both(pyspiel: Any, games: int) -> tuple[int, list[int]]:
    game, spiel = amazons(), pyspiel.load_game("amazons")
    moves, wins = 0, [0, 0]
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            where = f"game {seed}, move {len(ours.history) + 1}"
            assert not theirs.is_terminal() and theirs.current_player() == ours.turn, where
            partial = pick(ours, rng, theirs, where)
            ours = ours.play(partial)
            moves += 1
        assert theirs.is_terminal(), f"game {seed}: {ours.result_text()}"
        winner = ours.outcome.winner_index
        assert theirs.returns() == ([1.0, -1.0] if winner == 0 else [-1.0, 1.0]), f"game {seed}"
        wins[winner] += 1
    return moves, wins


def test_amazons_agrees_with_openspiel_part_for_part(amazons_plugin):
    moves, wins = play_both(need_pyspiel(), AGREEMENT_GAMES)
    assert wins[0] and wins[1] and moves > 50 * AGREEMENT_GAMES  # both win some; long games (about 69 moves)


@pytest.fixture(scope="module")
def amazons_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("amazons", tmp_path_factory.mktemp("amazons-site"))


def test_amazons_is_shown_through_the_cli(amazons_site, tmp_path):
    shown = run_with(amazons_site, "-m", "boardgames", "show", "amazons", "--moves", "d1-d7xg7", "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["game"] == "amazons" and state["to_move"] == "black" and state["legal_moves"] is None
    assert state["pieces"]["d7"] == "white" and state["contents"]["g7"] == {"owner": None, "kind": "arrow"}
    assert state["parts"]["origins"] == ["a7", "d10", "g10", "j7"]
    text = run_with(amazons_site, "-m", "boardgames", "show", "amazons", "--moves", "d1-d7xg7")
    assert text.returncode == 0 and "# arrow" in text.stdout and "( ) shot" in text.stdout
    picture = tmp_path / "amazons.svg"
    drawn = run_with(amazons_site, "-m", "boardgames", "show", "amazons", "--moves", "d1-d7xg7", "--svg", str(picture))
    assert drawn.returncode == 0 and picture.read_text().startswith("<svg")


def test_amazons_uses_only_the_documented_api():
    source = (ROOT / "examples" / "amazons" / "boardgames_amazons" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
    assert len(source.splitlines()) < 150
