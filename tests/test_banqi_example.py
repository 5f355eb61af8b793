"""The Banqi example package (examples/banqi): pieces turned face up by
chance, the sides settled by the first one, capture by rank and the cannon's
jump. The kit; agreement with OpenSpiel's ``banqi`` move for move, chance's
outcomes and their odds included; the rules by name; the drawing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

AGREEMENT_GAMES = 200

banqi_plugin = example_plugin("banqi")


def banqi(**options: Any) -> Any:
    return boardgames.game_class("banqi").configure(options)


def position(module: Any, pieces: dict[str, str], turn: int = 0, sides=(0, 1), hidden=()) -> Any:
    """A position with ``pieces`` face up (square: letter, red upper case), the
    squares in ``hidden`` face down (their pieces still to come), the rest empty."""
    game = banqi()
    cells = [module.EMPTY] * 32
    left = [0] * 14
    for name, letter in pieces.items():
        side = 0 if letter.isupper() else 1
        cells[game.grid.parse_square(name)] = side * 7 + module.LETTERS[side].index(letter)
    for name in hidden:
        cells[game.grid.parse_square(name)] = module.DOWN
        left[module.SOLDIER] += 1
    up = tuple(tuple(sq for sq, piece in enumerate(cells) if piece >= 0 and piece // 7 == side) for side in (0, 1))
    down = tuple(sq for sq, piece in enumerate(cells) if piece == module.DOWN)
    return module.BanqiState(
        game=game, cells=tuple(cells), hidden=tuple(left), sides=sides, turn=turn, up=(up[0], up[1]), down=down
    )


def test_banqi_keeps_the_contract(check_game, banqi_plugin):
    # Seeds 0 to 3 are 945 moves, three to the 50-move rule and one to a player who cannot move; seeds 1 and 3 are
    # one of each, 462 moves.
    check_game("banqi", games=1, seed=1)
    check_game("banqi", games=1, seed=3)


def test_banqi_plays_as_openspiels_move_for_move(banqi_plugin):
    spiel = need_pyspiel().load_game("banqi")
    game = banqi()
    label = banqi_plugin.openspiel_label
    assert lockstep(game, spiel, label, AGREEMENT_GAMES) > 100 * AGREEMENT_GAMES


def test_chance_turns_up_each_hidden_piece_with_openspiels_odds(banqi_plugin):
    pyspiel = need_pyspiel()
    ours, theirs = banqi().start().play("c2"), pyspiel.load_game("banqi").new_initial_state()
    theirs.apply_action(1 * 8 + 2)  # OpenSpiel's Flip(2,2)... its row 1 is our rank 3: c3
    theirs = pyspiel.load_game("banqi").new_initial_state()
    theirs.apply_action(2 * 8 + 2)  # Flip(2,2): row 2 from the top is our rank 2
    odds = {ours.game.format_outcome(m): p for m, p in ours.game.chance_outcomes(ours)}
    assert odds == {"reveal:" + theirs.action_to_string(a)[7:]: p for a, p in theirs.chance_outcomes()}
    assert odds["reveal:S"] == pytest.approx(5 / 32) and odds["reveal:g"] == pytest.approx(1 / 32)


def test_the_first_piece_turned_gives_its_turner_its_colour(banqi_plugin):
    state = banqi().start().play("a1").play("reveal:c")  # first turns up a black cannon
    assert state.sides == (1, 0) and state.turn == 1
    assert state.view().flag == "first plays black, second red"
    state = state.play("b1").play("reveal:s")
    assert state.sides == (1, 0)  # settled once


def test_rank_decides_a_capture_with_the_soldier_and_the_general_the_other_way_round(banqi_plugin):
    m = banqi_plugin
    state = position(m, {"b2": "G", "c2": "s", "b3": "a", "a2": "S", "a1": "g"}, hidden=("h4",))
    moves = {state.format_move(mv) for mv in state.legal_moves}
    assert "b2xb3" not in moves and "b2-b3" in moves  # the general takes the advisor
    assert "b2-c2" not in moves  # but never a soldier
    assert "a2-a1" in moves  # a soldier takes the general
    assert "h4" in moves  # a face-down piece may always be turned


def test_a_cannon_takes_only_by_jumping_over_one_piece(banqi_plugin):
    m = banqi_plugin
    state = position(m, {"a1": "C", "a2": "s", "a4": "r", "b1": "e", "c1": "e"}, hidden=("a3",))
    moves = {state.format_move(mv) for mv in state.legal_moves}
    assert "a1-a2" not in moves  # no capture by a step
    assert "a1-a4" not in moves  # two pieces between (a2, and a3 face down)
    assert "a1-c1" in moves  # over b1, onto the elephant behind it
    state = position(m, {"a1": "C", "a2": "s", "a3": "r"})
    assert "a1-a3" in {state.format_move(mv) for mv in state.legal_moves}


def test_a_game_grows_one_shared_history_and_lists_its_moves_sorted(banqi_plugin):
    """Speed (issue 41): each move adds one step to a shared history, not a copy of the moves so far; the
    moves are listed in one pass over the pieces, a cannon's jumps added after: still in order."""
    from boardgames.rules.history import History

    rng, state, jumps = random.Random(3), banqi().start(), 0
    for _ in range(400):
        if state.is_over:
            break
        assert list(state.legal_moves) == sorted(state.legal_moves), state.describe()
        state = state.play(rng.choice(state.legal_moves))
        last = state.history[-1]
        jumps += last.origin >= 0 and abs(last.to - last.origin) not in (1, 8)  # a step goes 1 or 8 sites
        assert type(state.history) is History
    assert len(state.history) > 100 and jumps  # a long game, with a cannon's jump among its moves


def test_a_cannon_reads_the_squares_between_only_for_an_enemy_on_its_lines(banqi_plugin, monkeypatch):
    """Speed (issue 41): a cannon's jumps are looked up by the enemy's face-up pieces, and the squares between it
    and one are read only where it stands on the cannon's row or column two or more squares away (most positions:
    none)."""
    m, read = banqi_plugin, []

    class Jumps(dict):
        def get(self, to, default=None):
            jump = dict.get(self, to, default)
            read.extend([to] if jump else [])
            return jump

    monkeypatch.setattr(m, "JUMPS", tuple(Jumps(jumps) for jumps in m.JUMPS))
    alone = position(m, {"a1": "C", "b2": "s", "c3": "e", "a2": "h"}, hidden=("a3",))  # none two away on a1's lines
    assert {alone.format_move(mv) for mv in alone.legal_moves} == {"a3", "a1-b1"} and read == []
    seen = position(m, {"a1": "C", "a2": "s", "a3": "e"})  # over the soldier onto the elephant
    assert "a1-a3" in {seen.format_move(mv) for mv in seen.legal_moves} and read == [seen.game.grid.parse_square("a3")]


def test_a_player_who_cannot_move_loses(banqi_plugin):
    m = banqi_plugin
    boxed = {"a1": "e", "a2": "G", "b1": "A", "h4": "S"}  # black's elephant between two it cannot take
    over = position(m, boxed, turn=0).play("h4-h3")
    assert over.is_over and over.outcome.winner_index == 0 and "second cannot move" in over.outcome.reason
    going = position(m, boxed, turn=0, hidden=("d2",)).play("h4-h3")
    assert not going.is_over and {going.format_move(mv) for mv in going.legal_moves} == {"d2"}  # a piece to turn


def test_the_board_the_words_and_a_move_typed_in_the_terminal(banqi_plugin, cli):
    shown = cli("show", "banqi", "--moves", "a1 reveal:G b4 reveal:c")
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert "first plays red, second black" in lines
    assert lines[4].split()[:2] == ["1", "G"] and lines[1].split()[:3] == ["4", "?", "c"]
    assert "? face down  G red general  c black cannon" in lines[6]
    bad = cli("show", "banqi", "--moves", "a1 reveal:G a1")
    assert bad.code != 0 and bad.err.strip().splitlines()[-1].endswith("a1 is face up: turn over a face-down piece")
    assert len(bad.err.strip().splitlines()) == 1 and "Traceback" not in bad.err
    played = cli("play", "banqi", "--players", "human,random", "--seed", "3", input="c2\nreveal:G\nquit\n").out
    assert "2. chance: reveal:r" in played and "first plays black, second red" in played  # a black chariot
    assert "'reveal:G' is a chance outcome, but no chance event is due" in played  # as typed, in one line


def test_the_svg_draws_each_piece_turned_up_with_its_character_in_its_colour(banqi_plugin):
    """A neutral kind with a face (rendering.faces) is a wooden disc written in its colour, as a
    xiangqi set's: Banqi's red general 帥, black's cannon 砲; a face-down piece shows its ?."""
    import xml.etree.ElementTree as ET

    from boardgames.rendering.svg import render_svg

    state = banqi().start().play("a1").play("reveal:G").play("b4").play("reveal:c")
    root = ET.fromstring(render_svg(state.view()))
    texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
    assert sorted(t.text for t in texts if t.get("class") == "kind") == ["?"] * 30  # the face-down pieces say so
    faces = {t.text: t.get("fill") for t in texts if t.get("class") == "face"}
    assert faces == {"帥": "#c62828", "砲": "#212121"}
    pieces = [e for e in root.iter() if "kind-red-general" in (e.get("class") or "").split()]
    assert len(pieces) == 1 and pieces[0].get("data-square") == "a1"
