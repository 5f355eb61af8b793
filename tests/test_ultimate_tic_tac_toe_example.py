"""The Ultimate tic-tac-toe example package (examples/ultimate_tic_tac_toe):
the kit, and agreement with OpenSpiel's ``ultimate_tic_tac_toe`` move for
move, where OpenSpiel asks a player sent to a closed board for a local board
first and then for its cell (two actions), and we for the cell (one move)."""

from __future__ import annotations

from typing import Any

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

uttt_plugin = example_plugin("ultimate_tic_tac_toe")


def uttt() -> Any:
    return boardgames.game_class("ultimate_tic_tac_toe").configure()


def test_ultimate_tic_tac_toe_keeps_the_contract(check_game, uttt_plugin):
    check_game("ultimate_tic_tac_toe", games=6)


def whole_moves(theirs: Any) -> dict[str, tuple[int, ...]]:
    """OpenSpiel's moves as cells: where it asks for a local board first, each
    board's cells after it, the label being the cell's."""
    moves = {}
    for action in theirs.legal_actions():
        label = theirs.action_to_string(action)
        if label.startswith("Choose local board"):
            chosen = theirs.child(action)
            moves.update({chosen.action_to_string(a): (action, a) for a in chosen.legal_actions()})
        else:
            moves[label] = (action,)
    return moves


def test_ultimate_tic_tac_toe_plays_as_openspiels_move_for_move(uttt_plugin):
    game = uttt()

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        place = game.place_of[move.to]
        return f"Local board {game.board_of[move.to]}: {'xo'[state.turn]}({place // 3},{place % 3})"

    spiel = need_pyspiel().load_game("ultimate_tic_tac_toe")
    assert lockstep(game, spiel, label, 300, their_moves=whole_moves) > 300 * 40


def test_a_mark_sends_the_opponent_and_a_won_board_is_closed_and_drawn_in_its_colour(uttt_plugin):
    import random

    game = uttt()
    state = game.replay(["e5"])  # the centre of the centre board: noughts must play in the centre board
    assert {game.board_of[m.to] for m in state.legal_moves} == {4}
    rng = random.Random(3)
    while not state.won[0] | state.won[1]:
        state = state.play(rng.choice(state.legal_moves))
    winner = 0 if state.won[0] else 1
    board = state.won[winner].bit_length() - 1
    assert set(game.overlays(state)) == set(boardgames.bits(game.cells[board]))  # the board, in its winner's colour
    assert set(game.overlays(state).values()) == {winner}
    assert not any(game.board_of[m.to] == board for m in state.legal_moves)  # closed


def test_the_nine_local_boards_are_drawn_apart(uttt_plugin, cli):
    """``blocks = (3, 3)``: the text puts a border between the local boards, the files over their cells."""
    shown = cli("show", "ultimate_tic_tac_toe", "--moves", "e5").out.splitlines()
    assert shown[0].rstrip() == "     a   b   c    d   e   f    g   h   i"
    assert shown[4] == shown[8] == "    ------------+------------+------------"
    assert shown[5].split() == ["6", ".", ".", ".", "|", "*", "*", "*", "|", ".", ".", ".", "6"]
    assert shown[6].index("[") + 1 == shown[0].index("e")  # e5, the last move, under its file
