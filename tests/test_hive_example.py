"""The Hive example package (examples/hive): the conformance kit, the piles
of a beetle on the hive read by every front end (rules.stacks), the UHP
notation read and written as OpenSpiel does, and agreement with OpenSpiel's
``hive`` move for move (legal moves, who moves, returns), expansions on and off."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel, each to its end (500 moves at most).
AGREEMENT_GAMES = 200
STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: A cell of OpenSpiel's drawing: a tile (``^`` on a pile, ``*`` moved last), ``-`` or ``*`` (left last); two may touch.
CELL = re.compile(r"\^?[wb][A-Z]\d?\*?|-|\*")


@pytest.fixture(scope="module")
def hive_module() -> Iterator[Any]:
    module = load_example("hive")
    with plugin(module, "hive-under-test"):
        yield module


def hive(**options: str) -> Any:
    return boardgames.game_class("hive").configure(options={k: str(v) for k, v in options.items()})


def their_cells(theirs: Any, radius: int) -> dict[str, tuple[int, int]]:
    """Where each of OpenSpiel's tiles lies, as (q, r), read from its drawing
    (rows r = -radius..radius, each cell's top tile or ``-``, then each pile
    written top first: ``wB1 > bQ``)."""
    lines = [ANSI.sub("", line) for line in str(theirs).split("\n")]
    rows = [CELL.findall(line) for line in lines if line.strip()][: 2 * radius + 1]
    cells = {}
    for r, row in zip(range(-radius, radius + 1), rows, strict=True):
        for q, token in zip(range(max(-radius, -r - radius), min(radius, -r + radius) + 1), row, strict=True):
            name = token.strip("^*")
            if name not in ("-", ""):
                cells[name] = (q, r)
    for line in lines[2 * (2 * radius + 1):]:
        pile = [name.strip() for name in line.split(">")]
        if len(pile) > 1 and pile[0] in cells:
            cells.update({name: cells[pile[0]] for name in pile[1:]})
    return cells


def their_labels(theirs: Any, radius: int) -> dict[str, str]:
    """Each move OpenSpiel offers, as it writes it, by the tile and the cell it goes to (``wA2 1,-1``):
    a move is written once for each tile beside its cell, and those are one move."""
    cells, out = their_cells(theirs, radius), {}
    for action in theirs.legal_actions():
        text = theirs.action_to_string(action)
        words = text.split()
        if len(words) == 1:
            out[text] = text if text == "pass" else f"{text} 0,0"
            continue
        name = words[1].strip("/-\\")
        q, r = cells[name]
        marks = words[1].replace(name, "")
        if marks:
            d = {"/": 0, "-": 1, "\\": 2}[marks] + (3 if words[1].startswith(marks) else 0)
            q, r = q + STEPS[d][0], r + STEPS[d][1]
        out[text] = f"{words[0]} {q},{r}"
    return out


def canonical(radius: int) -> Any:
    """OpenSpiel's moves by :func:`their_labels`, each with one of its actions."""

    def moves(theirs: Any) -> dict[str, tuple[int, ...]]:
        actions = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
        out: dict[str, tuple[int, ...]] = {}
        for text, name in their_labels(theirs, radius).items():
            out.setdefault(name, (actions[text],))
        return out

    return moves


def label(hive_module: Any) -> Any:
    def ours(state: Any, move: boardgames.Move) -> str:
        if move.is_pass:
            return "pass"
        game = state.game
        q, r = game.board.qr[move.to]
        return f"{hive_module.uhp(game.tile_of(state, move))} {q},{r}"

    return ours


def test_hive_keeps_the_contract(check_game, hive_module):
    # Random games mostly run to the 500-move limit (seed 0's does; the lockstep compares that end with OpenSpiel):
    # seed 17's is 93 moves to a surrounded queen, seed 11's 37 to a hive at the board's edge, 130 moves in all.
    check_game("hive", games=1, seed=17)
    check_game("hive", games=1, seed=11)


def spiel_of(expansions: bool) -> Any:
    return need_pyspiel().load_game("hive", {"ansi_color_output": True, "uses_mosquito": expansions,
                                             "uses_ladybug": expansions, "uses_pillbug": expansions})


def hive_with(expansions: bool) -> Any:
    flag = "yes" if expansions else "no"
    return hive(mosquito=flag, ladybug=flag, pillbug=flag)


@pytest.mark.parametrize(("expansions", "games", "plies"), [(True, AGREEMENT_GAMES, 60), (False, 50, 60),
                                                           (True, 4, None), (False, 4, None)])
def test_hive_plays_as_openspiels_move_for_move(hive_module, expansions, games, plies):
    """Each tile and the cell it may go to, the player to move and the returns, as OpenSpiel's:
    many games to their 60th move (every tile down and moving by then), a few whole (up to 500 moves)."""
    steps = lockstep(hive_with(expansions), spiel_of(expansions), label(hive_module), games,
                     their_moves=canonical(8), plies=plies)
    assert steps >= games * 40  # some games end early: a queen surrounded


def test_each_positions_cell_patterns_carried_from_the_last_are_those_worked_out_afresh(hive_module):
    """The neighbours and heights that ``apply`` carries from one position to the next (only the cells
    around a move's two ends change) are those of the position's piles, over whole random games with
    hives moved back toward the middle of a small board."""
    carried = 0
    for game in (hive(), hive(size=4)):
        for seed in range(6):
            rng, state = random.Random(seed), game.start()
            while not state.is_over:
                if "cell_patterns" in state.__dict__:
                    carried += 1
                    assert state.cell_patterns == game.board.patterns(state.pile), (seed, len(state.history))
                state = state.play_unchecked(rng.choice(state.legal_moves))
    assert carried > 1000


def test_moves_are_written_and_read_as_openspiel_writes_them(hive_module):
    """Each move we write is one OpenSpiel offers for it, and every way OpenSpiel writes a move (by any tile
    beside its cell) reads back as that move."""
    game, spiel, ours_of = hive_with(True), spiel_of(True), label(hive_module)
    ours, theirs, rng = game.start(), spiel.new_initial_state(), random.Random(7)
    for _ in range(120):
        offered = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
        named = their_labels(theirs, 8)
        for text, name in named.items():
            move = game.read_notation(ours, text)
            assert move is not None and ours_of(ours, move) == name, text
        for move in ours.legal_moves:
            assert named[ours.format_move(move)] == ours_of(ours, move)
        text = rng.choice(sorted(offered))
        ours, _ = ours.play(game.read_notation(ours, text)), theirs.apply_action(offered[text])
    assert game.read_notation(ours, "wQ /zZ9") is None and game.read_notation(ours, "xyz") is None


def test_a_beetle_on_the_hive_holds_the_pile_and_every_front_end_shows_it(hive_module):
    from boardgames.rendering.text import render_text
    from boardgames.rendering.words import squares_words

    game = hive_with(False)
    state = game.replay(["wB1", "bB1 wB1-", "wQ -wB1", "bQ bB1-", "wB2 /wQ", "bA1 bQ-", "wB2 wQ"])
    on = game.board.site[(-1, 0)]
    assert game.owners(state)[on] == 0 and game.kinds(state)[on] == 4  # the beetle on the queen holds the cell
    name = game.grid.name(on)
    assert state.to_json()["stacks"] == {name: [{"owner": "white", "kind": "queen"},
                                               {"owner": "white", "kind": "beetle"}]}
    assert f"{name} white queen, white beetle" in render_text(state.view())
    said = f"{name}, white beetle, a stack of 2: white queen under white beetle, last move"
    assert squares_words(state.view())[on] == said
    assert state.written_history()[-1] == "wB2 wQ"
