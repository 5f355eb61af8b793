"""The Quoridor example package (examples/quoridor): the kit, agreement with
OpenSpiel's ``quoridor`` move for move at 2 and 4 players, walls as sites on
the lattice's edges, the drawing, and moves typed in the terminal."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

quoridor_plugin = example_plugin("quoridor")

#: OpenSpiel's turn order at 4 players: player ids 0, 2, 1, 3 (its players_ vector).
SLOTS = (0, 2, 1, 3)


def quoridor(**options: Any) -> Any:
    return boardgames.game_class("quoridor").configure(options)


class BySlot:
    """OpenSpiel's quoridor, its returns put back in player-id order: at 4 players its
    ``returns()`` are indexed by turn-order slot (0, 2, 1, 3), not by player id (2.0.2).
    Its forced pass (a player with no move) is broken: the test fails loudly if one comes."""

    def __init__(self, spiel: Any) -> None:
        self.spiel = spiel

    def new_initial_state(self) -> Any:
        return _SlotState(self.spiel.new_initial_state(), self.spiel.num_players())


class _SlotState:
    def __init__(self, state: Any, players: int) -> None:
        self.state, self.players = state, players

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def returns(self) -> list[float]:
        theirs = self.state.returns()
        if self.players == 2:
            return theirs
        ours = [0.0] * 4
        for slot, player in enumerate(SLOTS):
            ours[player] = theirs[slot]
        return ours


def agree(size: int, players: int, games: int) -> int:
    spiel = need_pyspiel().load_game("quoridor", {"board_size": size, "players": players})
    game = quoridor(size=size, players=players)
    assert game.max_length == spiel.max_game_length() == 4 * size * size
    passes = []

    def forced_pass(state: boardgames.State) -> bool:  # OpenSpiel's own is broken: left there, counted
        if state.legal_moves[0].to >= 0:
            return False
        passes.append(state)
        return True

    steps = lockstep(game, BySlot(spiel), lambda s, m: s.format_move(m), games, stop=forced_pass)
    assert len(passes) < games // 10
    return steps


def test_quoridor_keeps_the_contract(check_game, quoridor_plugin):
    check_game("quoridor", games=3, options={"size": 5})
    check_game("quoridor", games=2, options={"size": 5, "players": 4})


@pytest.mark.parametrize(("size", "games", "steps"), [(5, 150, 8000), (7, 60, 4500), (9, 10, 900)])
def test_two_players_play_as_openspiels_move_for_move(quoridor_plugin, size, games, steps):
    assert agree(size, 2, games) > steps


@pytest.mark.parametrize(("size", "games", "steps"), [(5, 150, 8000), (7, 60, 8000)])
def test_four_players_play_as_openspiels_move_for_move(quoridor_plugin, size, games, steps):
    assert agree(size, 4, games) > steps


def test_four_players_returns_are_by_player_not_by_openspiels_slot(quoridor_plugin):
    """Red (player 2, OpenSpiel's second slot) wins: OpenSpiel says so at index 1."""
    game = quoridor(size=3, players=4)  # red starts on a2 and races to file c
    won = "a2v a1 a1h c3 c2 c1".split()
    state = game.replay(won)
    assert state.is_over and state.winner == "red"
    assert state.returns() == (-1 / 3, -1 / 3, 1.0, -1 / 3)
    theirs = need_pyspiel().load_game("quoridor", {"board_size": 3, "players": 4}).new_initial_state()
    for text in won:
        theirs.apply_action(next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == text))
    assert theirs.returns() == [-1 / 3, 1.0, -1 / 3, -1 / 3]


def test_walls_are_edges_of_the_lattice_and_block_the_way(quoridor_plugin):
    game = quoridor(size=5)
    grid = game.grid
    state = game.replay(["c3h"])  # a wall above c3 and d3, its middle on the crossing north-east of c3
    walled = {grid.name(sq) for sq in game.neutral(state)}
    assert walled == {"c3n", "c3ne", "d3n"}
    assert {grid.site_kinds[grid.parse_square(n)] for n in walled} == {"edge", "point"}
    assert "c3v" not in {state.format_move(m) for m in state.legal_moves}  # crosses it
    assert "b3h" not in {state.format_move(m) for m in state.legal_moves}  # overlaps it
    assert "a3h" in {state.format_move(m) for m in state.legal_moves}
    # A wall that would shut a pawn from its goal is not offered, nor typed.
    small = quoridor(size=3).replay(["b2h"])  # black on b1 has its way to rank 3 through file a alone
    assert "a1v" not in {small.format_move(m) for m in small.legal_moves} and "a1h" in {
        small.format_move(m) for m in small.legal_moves
    }
    with pytest.raises(boardgames.IllegalMoveError):
        small.play("a1v")


@pytest.mark.parametrize(("size", "players"), [(5, 2), (9, 2), (5, 4), (7, 4)])
def test_the_walls_offered_are_those_no_search_finds_shutting_a_pawn_in(quoridor_plugin, size, players):
    """walls.py searches only walls that close a ring of walls, each by its cut, and works out what may be
    laid from what might be laid a wall before: at every step of seeded random games, the walls offered
    are exactly the free ones after which a whole search finds every pawn's goal, and the same worked out
    afresh."""
    import random

    game = quoridor(size=size, players=players)
    checked = shut = 0
    for seed in range(40):
        rng, state = random.Random(seed), game.start()
        while not state.is_over and state.left[state.turn]:
            offered = {m for m in state.legal_moves if m.origin < 0 and m.to >= 0}
            found = set()
            for move, sites, _, _ in game.wall_moves:
                if not sites & state.walls:
                    after = state.walls | sites
                    if all(game.reach(pawn, game.goals[p], after) for p, pawn in enumerate(state.pawns)):
                        found.add(move)
                    else:
                        shut += 1
            assert offered == found, (seed, state.describe())
            assert game.free_walls(state.walls)[:3] == game.free[state.walls][:3]  # afresh as worked out
            state = state.play(rng.choice(state.legal_moves))
            checked += 1
    assert checked > 200 and shut > 10


def test_a_pawn_jumps_straight_or_beside_another(quoridor_plugin):
    game = quoridor(size=5)
    state = game.replay("c4 c2 c3".split())  # white on c3, black on c2 to move
    moves = {state.format_move(m) for m in state.legal_moves if m.origin >= 0}  # the pawn's
    assert moves == {"b2", "d2", "c1", "c4"}  # over white to c4
    walled = game.replay("c4 c2 c3 b1h".split())  # white on c3 to move; a wall behind black on c2
    moves = {walled.format_move(m) for m in walled.legal_moves if m.origin >= 0}
    assert moves == {"b3", "d3", "c4", "b2", "d2"}  # beside black, not over


def test_the_text_drawing_shows_pawns_on_cells_walls_in_grooves_and_walls_left(quoridor_plugin, cli):
    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c3h")
    assert "walls left: white 3, black 2" in run.out
    assert "+---+---+" in run.out  # the wall across two cells, through its crossing
    assert "W" in run.out and "B" in run.out  # the pawns, on cells


def test_a_move_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(quoridor_plugin, cli):
    run = cli("play", "quoridor", "-o", "size=5", "--players", "human,human", input="c4\nc3h\nz9\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said
    refused = [line for line in said.splitlines() if "z9" in line]
    assert len(refused) == 1, said
    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c4h c9")
    assert run.code == 1 and len(run.err.strip().splitlines()) == 1 and "c9" in run.err and not run.out
    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c3h c3v")  # read as a wall, refused as one
    assert run.code == 1 and run.err.strip() == (
        "Error: move 3: illegal move 'c3v' in quoridor after c4 c3h: it would cross or overlap a wall"
    )


def test_show_json_names_walls_and_pawns_as_sites(quoridor_plugin, cli):
    import json

    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c3h", "--json")
    shown = json.loads(run.out)
    assert shown["history"] == ["c4", "c3h"]
    assert "c3h" not in shown["legal_moves"] and "a1h" in shown["legal_moves"]


def test_a_player_with_no_move_passes_where_openspiels_forced_pass_is_broken(quoridor_plugin):
    """Seed 2 of 200 random 4-player games on 5 × 5 reaches a player with no move (no wall left,
    boxed in by walls and pawns): here the player passes; OpenSpiel 2.0.2 offers one action, the
    pawn's own cell taken as a relative step, so it moves the pawn elsewhere or raises."""
    import random

    game = quoridor(size=5, players=4)
    spiel = need_pyspiel().load_game("quoridor", {"board_size": 5, "players": 4})
    for seed in range(200):
        rng, ours, theirs = random.Random(seed), game.start(), spiel.new_initial_state()
        while not ours.is_over and ours.legal_moves[0].to >= 0:
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            chosen = rng.choice(sorted(mine))
            ours = ours.play(mine[chosen])
            theirs.apply_action(next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == chosen))
        if not ours.is_over:
            break
    assert ours.legal_moves == (boardgames.PASS,) and ours.format_move(ours.legal_moves[0]) == "pass"
    assert ours.play("pass").turn != ours.turn
    (only,) = set(theirs.legal_actions())
    assert theirs.action_to_string(only) != "pass"  # no pass: a cell, as a step would be
    try:
        theirs.apply_action(only)
    except Exception:  # pyspiel.SpielError: a check in DoApplyAction
        return
    assert "Board size: 5" in str(theirs)  # it played on: the pawn moved though no move was legal


def test_a_board_of_25_cells_a_side_is_a_lattice_of_26_points(quoridor_plugin, cli):
    """OpenSpiel allows board_size up to 25: a lattice of 26 points a side (it was capped at 13), named by
    its cells a1 to y25."""
    game = quoridor(size=25)
    assert game.grid.site_kinds is not None and game.grid.name(game.grid.size - 1) == "y25ne"
    assert game.grid.name(game.cell[24][24]) == "y25"
    spiel = need_pyspiel().load_game("quoridor", {"board_size": 25})
    theirs = spiel.new_initial_state()
    ours = game.start()
    assert {ours.format_move(m) for m in ours.legal_moves} == {
        theirs.action_to_string(a) for a in theirs.legal_actions()
    }
    ours = ours.play("x24h")
    assert {game.grid.name(sq) for sq in game.neutral(ours)} == {"x24n", "x24ne", "y24n"}
    run = cli("show", "quoridor", "-o", "size=25", "--moves", "m24 x24h")
    assert run.code == 0 and "y" in run.out.splitlines()[0] and "z" not in run.out.splitlines()[0]


def test_walls_are_a_plane_of_the_observation_and_a_wall_an_action_with_its_way(quoridor_plugin):
    from boardgames.learning import actions, observation

    game = quoridor(size=5)
    state = game.replay(["c4", "c3h"])
    names = observation.plane_names(game)
    planes = observation.planes(state, 0)
    walls = [i for i, v in enumerate(planes[names.index("neutral wall")]) if v]
    assert {game.grid.name(i) for i in walls} == {"c3n", "c3ne", "d3n"}
    wall = state.parse_move("a1h")
    encoded = actions.encode(state, wall)
    assert len(encoded) == 2 and actions.decode(state, encoded) == wall  # its crossing, then its way
