"""The Xiangqi example package (examples/xiangqi): Chinese chess on the points
of a board with a river and two palaces. The kit; agreement with OpenSpiel's
``xiangqi`` move for move over 200 whole seeded games (each up to OpenSpiel's
500 moves); the drawing; a move typed in the terminal and bad ones refused in
one line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

AGREEMENT_GAMES = 200

xiangqi_plugin = example_plugin("xiangqi")


def xiangqi() -> Any:
    return boardgames.game_class("xiangqi").configure({})


def test_xiangqi_keeps_the_contract(check_game, xiangqi_plugin):
    # Seeds 0 and 1 both play to OpenSpiel's limit, 500 moves; seed 9 is 80 moves to a checkmate: one of each end.
    check_game("xiangqi", games=1)
    check_game("xiangqi", games=1, seed=9)


def test_xiangqi_plays_as_openspiels_move_for_move(xiangqi_plugin):
    spiel = need_pyspiel().load_game("xiangqi")
    assert lockstep(xiangqi(), spiel, xiangqi_plugin.openspiel_label, AGREEMENT_GAMES) > 100 * AGREEMENT_GAMES


def test_the_opening_moves_are_openspiels_and_the_board_is_its_board(xiangqi_plugin):
    theirs = need_pyspiel().load_game("xiangqi").new_initial_state()
    ours = xiangqi().start()
    assert {ours.game.write_notation(ours, m) for m in ours.legal_moves} == {
        theirs.action_to_string(a) for a in theirs.legal_actions()
    }
    assert len(ours.legal_moves) == 44
    assert ours.play("h(9,1)-(7,2)").history[-1] == ours.play("b1-c3").history[-1]


def test_only_a_move_that_may_uncover_the_general_is_tried_and_the_history_is_shared(xiangqi_plugin):
    """Speed (issue 41): out of check, a move is tried (made, the general's safety asked) only where it leaves
    one of the two screens before a cannon on one of the general's lines, or a horse's leg, or lands where a
    cannon has no screen yet: the core's risky squares (boardgames.rules.piece_moves); a piece pinned by a
    chariot or the other general keeps to its line untried. In check by a cannon or a horse, every move is
    tried. Each move adds one step to a shared history."""
    from boardgames.rules.history import History

    tables, general = xiangqi_plugin.TABLES, xiangqi_plugin.GENERAL
    start = xiangqi().start()
    red, black = (start.board.index(general | side << 3) for side in (0, 1))
    assert tables.safety(start.board, 0, red)[3] == 0  # nothing in the way of an attack yet
    guarded = start.play("h3-e3")  # red's cannon on the e file, two screens before black's general: e4 and e7
    e7, e4 = (guarded.game.grid.parse_square(name) for name in ("e7", "e4"))
    assert tables.safety(guarded.board, 1, black)[3] == 1 << e7 | 1 << e4  # the advisors' leaving is safe
    checked = guarded.play("d10-e9").play("e3-e7")  # the cannon takes on e7 over e9's advisor: check
    assert tables.safety(checked.board, 1, black)[3] == tables.everywhere
    assert type(checked.history) is History and len(checked.history) == 3


def test_the_board_the_check_and_a_move_typed_in_the_terminal(xiangqi_plugin, cli):
    # The cannon to the middle file, an advisor up, the cannon takes the soldier over a screen: check.
    shown = cli("show", "xiangqi", "--moves", "h3-e3 d10-e9 e3-e7")  # C(7,7)-(7,4) and so on
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert "black is in check" in lines
    assert lines[1].split() == ["9", "r---n---b---*---k---a---b---n---r", "9"]  # * where black may go; FEN's letters
    river = next(i for i, line in enumerate(lines) if line.split()[:1] == ["4"])  # UCCI's rank 4, below the river
    assert lines[river - 1].split() == ["|", "|"]  # the river: only the side files cross it
    assert lines[river + 1].count("|") == 9
    assert lines[2].split() == ["|"] * 4 + ["\\", "|", "/"] + ["|"] * 4  # the palace's diagonals
    assert lines[4].split() == ["|"] * 4 + ["/", "|", "\\"] + ["|"] * 4
    bad = cli("show", "xiangqi", "--moves", "b1-c3 b10-c8 c3-b5")
    assert bad.code != 0 and len(bad.err.strip().splitlines()) == 1 and "Traceback" not in bad.err
    assert bad.err.strip().endswith("the horse is blocked at its leg, c4")
    palace = cli("show", "xiangqi", "--moves", "e1-e2 e10-e9 e2-e3 e9-e8 e3-e4")
    assert palace.code != 0 and palace.err.strip().endswith("the general stays in its palace")
    played = cli("play", "xiangqi", "--players", "human,human", input="S(6,4)-(5,4)\nh8-e8\nb1-c3\nh(0,7)-(2,6)\n")
    found = re.search(r"Saved to (\S+)\.", played.out)
    assert found, played.out
    record = json.loads(Path(found.group(1)).read_text())  # typed in any notation, kept in OpenSpiel's
    assert record["history"] == ["S(6,4)-(5,4)", "c(2,7)-(2,4)", "H(9,1)-(7,2)", "h(0,7)-(2,6)"]
    replayed = cli("replay", found.group(1), input="4\n")
    assert replayed.code == 0, replayed.err
    assert "4. black: h(0,7)-(2,6)" in replayed.out


def test_the_flying_general_is_refused(xiangqi_plugin, cli):
    # The middle soldiers and the cannons leave the e file; red's general may not step onto an open file... shown by
    # a piece leaving the only piece between the generals.
    game = xiangqi()
    m = xiangqi_plugin
    board = bytearray(90)
    red, black = m.sq_of(9, 4), m.sq_of(0, 3)
    board[red], board[black], board[m.sq_of(9, 0)] = m.GENERAL, 8 | m.GENERAL, m.CHARIOT
    state = m.XiangqiState(game=game, board=bytes(board))
    move = game.read_notation(state, "G(9,4)-(9,3)")
    assert move is None
    from boardgames import step

    assert game.why_illegal(state, step(red, m.sq_of(9, 3))).endswith("(the flying general)")


def test_a_ucci_move_is_read_by_the_boards_labels_and_one_not_legal_is_refused_saying_why(xiangqi_plugin):
    """UCCI's squares are the board's labels (ranks 0 to 9), never the grid's (1 to 10): an illegal UCCI
    move is refused with the rules' reason, not read again as the grid's squares."""
    start = xiangqi().start()
    assert start.play("h2e2").written_history() == ("C(7,7)-(7,4)",)
    with pytest.raises(boardgames.IllegalMoveError, match=r"^illegal move 'a9a8' in xiangqi at the start: .*red"):
        start.play("a9a8")  # black's chariot: red moves first


def test_the_svg_draws_the_palaces_diagonals_and_the_river(xiangqi_plugin):
    import xml.etree.ElementTree as ET

    from boardgames.rendering.svg import render_svg

    root = ET.fromstring(render_svg(xiangqi().start().view()))
    faces = sorted(t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "face")
    assert faces == sorted("俥傌相仕帥仕相傌俥炮炮兵兵兵兵兵" "車馬象士將士象馬車砲砲卒卒卒卒卒")
    text = re.sub(r"\x1b\[[0-9;]*m", "", boardgames.render_text(xiangqi().start().view(), unicode=True))
    assert text.splitlines()[1].split() == ["9", "R───N───B───A───K───A───B───N───R", "9"]  # letters in Unicode too
    assert "│ ╲ │ ╱ │" in text.splitlines()[2]
    grid = xiangqi().grid
    assert (grid.parse_square("d1"), grid.parse_square("e2")) in grid.links  # the palace's diagonal
    assert (grid.parse_square("b5"), grid.parse_square("b6")) not in grid.links  # the river
    assert (grid.parse_square("a5"), grid.parse_square("a6")) in grid.links


def test_the_pieces_bear_their_characters_and_the_board_is_labelled_as_ucci_names_it(xiangqi_plugin, cli):
    shown = cli("show", "xiangqi", "--moves", "h2e2 h9g7", "--json")  # UCCI: the cannon to the centre, a horse out
    assert shown.code == 0, shown.err
    state = json.loads(shown.out)
    assert state["history"] == ["C(7,7)-(7,4)", "h(0,7)-(2,6)"]  # kept in OpenSpiel's notation
    assert state["coordinates"] == {"files": list("abcdefghi"), "ranks": list("0123456789")}
    assert state["contents"]["e3"] == {"owner": "red", "kind": "cannon", "face": "炮"}  # UCCI's e2
    assert state["contents"]["e10"] == {"owner": "black", "kind": "general", "face": "將"}
    import xml.etree.ElementTree as ET

    from boardgames.rendering.svg import render_svg

    root = ET.fromstring(render_svg(xiangqi().start().view()))
    svg = "{http://www.w3.org/2000/svg}"
    labels = [t.text for t in root.iter(f"{svg}text") if t.get("class") == "coord"]
    assert labels == [*"abcdefghi", *"0123456789"]
    inks = {t.text: t.get("fill") for t in root.iter(f"{svg}text") if t.get("class") == "face"}
    assert (inks["帥"], inks["將"]) == ("#c62828", "#212121")  # written in red and in black
    text = cli("show", "xiangqi").out
    assert "rnbakabnr" in text.replace("-", "") and "RNBAKABNR" in text.replace("-", "")  # FEN's letters
    assert "red upper case  black lower case" in text and "R red" not in text  # R is the chariot's alone
    refused = cli("show", "xiangqi", "--moves", "h2e3")
    assert refused.code != 0 and len(refused.err.strip().splitlines()) == 1 and "Traceback" not in refused.err
