"""The Chinese checkers example (examples/chinese_checkers): the conformance
kit for 2, 3, 4 and 6 players, the star and its points, agreement with
OpenSpiel's ``chinese_checkers`` move for move (a move of ours is a step, or a
whole hop chain: OpenSpiel's hops one action each and a pass to stop), and
the command line with the package installed."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

PASS_ACTION = 726
#: Players, seeded games, OpenSpiel's max_moves: games played in step with OpenSpiel (>= 200 in all).
AGREEMENT = ((3, 100, 40), (6, 60, 40), (2, 20, 60), (4, 20, 40), (3, 1, 1000), (2, 1, 1000))


@pytest.fixture(scope="module")
def module() -> Iterator[Any]:
    loaded = load_example("chinese_checkers")
    with plugin(loaded, "chinese-checkers-under-test"):
        yield loaded


def configured(players: int, max_moves: int = 1000) -> Any:
    return boardgames.game_class("chinese_checkers").configure({"players": players, "max_moves": max_moves})


def test_chinese_checkers_keeps_the_contract(check_game, module):
    for players in (2, 3, 4, 6):
        check_game("chinese_checkers", games=2, options={"players": players, "max_moves": 120})


def test_the_star_its_points_and_the_player_counts(module):
    assert bin(module.GRID.full).count("1") == 121 and all(bin(t).count("1") == 10 for t in module.TRIANGLES)
    for players in (2, 3, 4, 6):
        game = configured(players)
        state = game.start()
        assert game.number_of_players == players and len(game.player_names) == players
        assert len(state.boards) == players and all(bin(b).count("1") == 10 for b in state.boards)
        assert state.to_move == "red"
    for bad in (1, 5, 7):
        with pytest.raises(boardgames.InvalidOptionError):
            boardgames.game_class("chinese_checkers").configure({"players": bad})


def test_a_hop_chain_is_one_move_to_any_cell_it_reaches(module):
    game = configured(2)
    state = game.start()
    assert len(state.legal_moves) == 14 and len({m.origin for m in state.legal_moves}) == 7  # as OpenSpiel's 14

    # A lone red piece in the middle, blue pieces on every other cell eastwards: it hops on and on.
    def east(mask: int) -> int:
        return module.shift(mask, 0)

    centre = game.grid.parse_square("i9")
    piece, over = 1 << centre, east(1 << centre) | east(east(east(1 << centre)))
    board = module.BitboardState(game=game, boards=(piece, over), placed=(0, 0))
    ends = {board.format_move(m) for m in board.legal_moves}
    first, second = east(east(piece)), east(east(east(east(piece))))
    hop, chain = (f"i9-{game.grid.name(sq.bit_length() - 1)}" for sq in (first, second))
    assert hop in ends and chain in ends and len(ends) == 6 + 2 - 1  # six steps less the one blocked, two landings
    assert board.play(chain).boards[0] == second  # the whole chain in one move


def _parts_cell_by_cell(module: Any, state: Any, partial: boardgames.Move) -> boardgames.Parts:
    """The rules' parts found one cell at a time through the grid's own steps (each a shift with its edge mask)."""
    full = module.GRID.full
    occupied = 0
    for board in state.boards:
        occupied |= board
    empty = full & ~occupied

    def neighbours(cell: int) -> list[tuple[int, int]]:  # each direction's neighbour and the cell beyond it
        return [(module.shift(1 << cell, d), module.shift(module.shift(1 << cell, d), d) & full) for d in range(6)]

    if partial.origin < 0:
        movable = 0
        for cell in boardgames.bits(state.boards[state.turn]):
            if any(empty & n or occupied & n and empty & beyond for n, beyond in neighbours(cell)):
                movable |= 1 << cell
        return boardgames.Parts(origins=movable, can_pass=not movable)
    over, reached, chain = occupied & ~(1 << partial.origin), 0, [partial.origin]
    while chain:
        for n, beyond in neighbours(chain.pop()):
            if over & n and empty & beyond & ~reached:
                reached |= beyond
                chain.append(beyond.bit_length() - 1)
    steps = sum(n for n, _ in neighbours(partial.origin)) & empty
    return boardgames.Parts(targets=steps | reached)


def test_the_parts_found_by_shifting_whole_masks_are_those_found_cell_by_cell(module):
    """Issue 39: the example keeps the empty cells in the state, finds the
    pieces that may move by shifting their mask without the grid's edge masks
    (no star cell crosses an edge onto another), and a hop chain's landings
    with a mask of the empty cells not reached yet; the same parts as cell by
    cell through the grid's steps, in seeded random games of 3 and 6 players
    (crowded, pieces hemmed in)."""
    full = module.GRID.full
    for cell in boardgames.bits(full):
        for a in (module.AMOUNT_1, module.AMOUNT_2, module.AMOUNT_3):
            stepped = {module.shift(1 << cell, d) & full for d in range(6)} - {0}
            assert (1 << cell << a) & full in stepped | {0} and (1 << cell >> a) & full in stepped | {0}
    hemmed = 0
    for players in (3, 6):
        rng = random.Random(players)
        state = configured(players, max_moves=400).start()
        while not state.is_over:
            assert state.empty == full & ~state.occupied  # kept move by move, not in the key nor equality
            unknown = attrs.evolve(state, empty=-1)
            assert unknown == state and unknown.key == state.key and unknown.parts() == state.parts()
            origins = state.parts()
            assert origins == _parts_cell_by_cell(module, state, boardgames.Move())
            for origin in boardgames.bits(origins.origins):
                picked = boardgames.Move(origin)
                assert state.parts(picked) == _parts_cell_by_cell(module, state, picked)
            near = 0
            for cell in boardgames.bits(full & ~state.occupied):
                near |= module.NEIGHBOURS[cell]
            hemmed += bool(state.boards[state.turn] & ~near & origins.origins)
            state = state.play(rng.choice(state.legal_moves))
    assert hemmed  # pieces with no empty neighbour that could hop were met


def test_the_winner_gets_one_point_for_each_other_player(module):
    game = configured(3)
    goal = game.goals[0]
    boards = list(game.homes)
    boards[0] = goal & ~(1 << max(module.bits(goal)))  # red has nine in its goal...
    last = max(module.bits(goal))
    outside = next(
        sq
        for sq in module.bits(game.grid.full & ~game.homes[1] & ~game.homes[2] & ~goal)
        if last in module.bits(game.grid.adjacent[sq])
    )
    boards[0] |= 1 << outside
    state = module.BitboardState(game=game, boards=tuple(boards), placed=(0, 0, 0))
    won = state.play(boardgames.Move(outside, last))
    assert won.is_over and won.winner == "red" and won.returns() == (2.0, -1.0, -1.0)
    assert won.places == (1, 2, 2) and "red" in won.result_text()


def test_the_evaluation_still_rises_with_a_large_lead(module):
    """A search that values positions by ``evaluate`` (no playout: random games
    last max_moves) must still see each step home once far ahead: a value
    stuck at its top made mcts wander near the goal until the game was drawn."""
    game = configured(3)
    goal, table = game.goals[0], game.distance[0]
    cells = sorted(module.bits(goal), key=lambda sq: table[sq])  # the goal's far point first
    near = sorted(module.bits(game.grid.full & ~goal & ~game.homes[1] & ~game.homes[2]), key=lambda sq: table[sq])
    boards = list(game.homes)
    boards[0] = module.Grid.mask(cells[:7]) | module.Grid.mask(near[:3])  # seven home, three on the way
    state = module.BitboardState(game=game, boards=tuple(boards), placed=(0, 0, 0))
    better = max(
        (m for m in state.legal_moves if table[m.to] < table[m.origin]), key=lambda m: table[m.origin] - table[m.to]
    )
    ahead = state.play(better)
    assert not ahead.is_over and ahead.evaluate(0) > state.evaluate(0) > 0.5 > -0.5 > state.evaluate(1)


# -- OpenSpiel's chinese_checkers, move for move ------------------------------------


def their_moves(theirs: Any) -> dict[tuple[int, int], list[int]]:
    """Every whole move of OpenSpiel's player to move, as (origin, landing) in
    its cell numbers, with the actions that make it (a hop chain's hops, then
    a pass where the chain could go on): found by playing its own actions."""
    moves: dict[tuple[int, int], list[int]] = {}
    me = theirs.current_player()

    def chain(state: Any, origin: int, done: list[int], seen: set[int], actions: list[int]) -> None:
        for action in actions:
            if action == PASS_ACTION:
                continue
            landing = int(state.action_to_string(action).split("=>")[1])
            if landing in seen:
                continue
            seen.add(landing)
            after = state.child(action)
            if after.current_player() == me and not after.is_terminal():  # the chain may go on
                moves[(origin, landing)] = [*done, action, PASS_ACTION]
                chain(after, origin, [*done, action], seen, after.legal_actions())
            else:
                moves[(origin, landing)] = [*done, action]

    firsts: dict[int, list[int]] = {}
    for action in theirs.legal_actions():
        if action == PASS_ACTION:
            return {(-1, -1): [PASS_ACTION]}
        text = theirs.action_to_string(action)
        if "->" in text:
            origin, landing = map(int, text.split("->"))
            moves[(origin, landing)] = [action]
        else:
            firsts.setdefault(action // 6, []).append(action)
    for origin, hops in firsts.items():
        chain(theirs, origin, [], {origin}, hops)
    return moves


def greedy_or_random(game: Any, state: Any, rng: random.Random) -> Any:
    """Mostly the move that brings the mover's piece nearest its goal (so that
    games are won), now and then any move."""
    moves = state.legal_moves
    if rng.random() < 0.2 or moves[0].to < 0:
        return rng.choice(moves)
    table = game.distance[state.turn]
    best = max(table[m.origin] - table[m.to] for m in moves)
    return rng.choice([m for m in moves if table[m.origin] - table[m.to] == best])


def play_both(module: Any, pyspiel: Any, players: int, games: int, max_moves: int) -> tuple[int, int]:
    """Seeded games of both in step; returns the moves played and the games
    won. Fails on the first player to move, whole move list, board or
    returns that differ."""
    game = configured(players, max_moves)
    spiel = pyspiel.load_game("chinese_checkers", {"players": players, "max_moves": max_moves})
    cell = {sq: i for i, sq in enumerate(module.SQUARES)}
    moves = won = 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            where = f"{players} players, game {seed}, move {len(ours.history)}"
            assert not theirs.is_terminal() and theirs.current_player() == ours.turn, where
            expected = their_moves(theirs)
            mine = {(cell.get(m.origin, -1), cell.get(m.to, -1)): m for m in ours.legal_moves}
            assert sorted(mine) == sorted(expected), where
            move = greedy_or_random(game, ours, rng) if seed % 2 == 0 else rng.choice(ours.legal_moves)
            for action in expected[(cell.get(move.origin, -1), cell.get(move.to, -1))]:
                theirs.apply_action(action)
            ours = ours.play(move)
            moves += 1
        where = f"{players} players, game {seed}: {ours.result_text()}"
        assert theirs.is_terminal() and list(theirs.returns()) == list(ours.returns()), where
        owner = ours.owners()
        assert [owner.get(sq, -1) for sq in module.SQUARES] == [
            int(ch) - 1 if ch.isdigit() else -1 for ch in str(theirs).split("Player")[0] if ch in ".123456"
        ], where
        won += ours.winner is not None
    return moves, won


def test_chinese_checkers_agrees_with_openspiel_move_for_move(module):
    pyspiel = need_pyspiel()
    total_games = total_moves = total_won = 0
    for players, games, max_moves in AGREEMENT:
        moves, won = play_both(module, pyspiel, players, games, max_moves)
        total_games, total_moves, total_won = total_games + games, total_moves + moves, total_won + won
    assert total_games >= 200 and total_moves > 8_000 and total_won >= 2


# -- the command line, the package installed -----------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("chinese_checkers", tmp_path_factory.mktemp("chinese-checkers-site"))


def test_chinese_checkers_is_listed_and_shown_through_the_cli(site, tmp_path):
    listed = run_with(site, "-m", "boardgames", "list")
    assert "chinese_checkers" in [line.split()[0] for line in listed.stdout.splitlines() if line.strip()], listed.stderr
    shown = run_with(
        site, "-m", "boardgames", "show", "chinese_checkers", "-o", "players=3", "--moves", "e14-e13", "--json"
    )
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["players"] == ["red", "green", "blue"] and state["to_move"] == "green"
    assert len(state["pieces"]) == 30 and state["pieces"]["e13"] == "red"
    bad = run_with(site, "-m", "boardgames", "show", "chinese_checkers", "-o", "players=5")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    picture = tmp_path / "star.svg"
    drawn = run_with(site, "-m", "boardgames", "show", "chinese_checkers", "-o", "players=6", "--svg", str(picture))
    assert drawn.returncode == 0, drawn.stderr
    assert picture.read_text().startswith("<svg")


def test_chinese_checkers_uses_only_the_documented_api():
    source = (ROOT / "examples" / "chinese_checkers" / "boardgames_chinese_checkers" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}


def test_the_text_star_names_every_file_once_beside_its_top_cell(module):
    """The star's files a-d and n-q have no cell on its top or bottom rank: each
    is named where its next cell up would be, as the other files are above and
    below the board (a reader can name every cell)."""
    import re

    game = boardgames.game_class("chinese_checkers").configure({"players": 2})
    text = boardgames.render_text(game.start().view(), unicode=False)
    lines = text.splitlines()
    named = [letter for line in lines[:-1] for letter in re.findall(r"(?<![a-z(])([a-q])(?![a-z])", line)]
    assert sorted(named) == list("abcdefghijklmnopq"), text
    a14 = next(line for line in lines if line.startswith(" 14"))
    a13 = next(line for line in lines if line.startswith(" 13"))
    assert a14.index("a") == a13.index(".") + 2  # up the file from a13, as b14 would be up from b13
