"""The chess example package (examples/chess, antichess as its option): the
conformance kit, agreement with OpenSpiel's ``chess`` and ``antichess`` move
for move (every legal move compared by its SAN, OpenSpiel's action_to_string,
at every step; the player to move; the returns), and what issue 41 asked of
it: a promotion's piece as a choice asked by name, SAN shown and read
everywhere, the chess set drawn, the castling rook shown, check flagged."""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames
from boardgames import render_svg
from boardgames.rules import piece_moves
from boardgames.testing import plugin
from helpers import example_served, load_example, need_pyspiel, needs_chromium

#: Seeded random games compared with OpenSpiel, each variant, and the most plies played of each.
AGREEMENT_GAMES = 200
PLIES = {"chess": 60, "antichess": 80}
#: The steps compared in all (asserted: the games are seeded, so the count is fixed).
STEPS = {"chess": 11880, "antichess": 13368}
CASTLES = "e4 d5 Nf3 Qd6 Bc4 Bd7 O-O Nc6 d3 O-O-O"
TO_PROMOTE = "f4 e5 fxe5 Ke7 e6 Kf6 e7 Kg6"
STALEMATE = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6"  # Sam Loyd's


@pytest.fixture(scope="module", autouse=True)
def chess_plugin() -> Iterator[None]:
    with plugin(load_example("chess"), "chess-under-test"):
        yield


def chess(variant: str = "chess") -> Any:
    return boardgames.game_class("chess").configure({"variant": variant})


def test_chess_and_antichess_keep_the_contract(check_game):
    check_game("chess", games=1)
    check_game("chess", games=2, options={"variant": "antichess"})


@pytest.mark.parametrize("variant", ["chess", "antichess"])
def test_it_plays_as_openspiels_move_for_move(variant):
    pyspiel = need_pyspiel()
    spiel, game, steps = pyspiel.load_game(variant), chess(variant), 0
    for seed in range(AGREEMENT_GAMES):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over and len(ours.history) < PLIES[variant]:
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            assert sorted(mine) == sorted(labels), (seed, theirs)
            assert theirs.current_player() == 1 - ours.turn  # OpenSpiel's player 0 is black
            label = rng.choice(sorted(labels))
            ours, _ = ours.play(mine[label]), theirs.apply_action(labels[label])
            steps += 1
        assert ours.is_over == theirs.is_terminal(), (seed, theirs)
        if ours.is_over:
            assert list(ours.returns()) == theirs.returns()[::-1], (seed, ours.outcome)
    assert steps == STEPS[variant]


def test_castling_both_sides_shows_the_rooks_move():
    state = chess().replay(CASTLES.split())
    assert state.describe() == f"chess after {CASTLES}"
    names = state.game.grid.names
    assert [names[sq] for sq in state.view().last] == ["e8", "c8", "a8", "d8"]  # the king, then the rook
    assert state.pieces()["d8"] and state.pieces()["c8"] and "a8" not in state.pieces()
    after = chess().replay(CASTLES.split()[:7])
    assert [names[sq] for sq in after.view().last] == ["e1", "g1", "h1", "f1"]
    assert 'class="last"' in render_svg(after.view()) and render_svg(after.view()).count('class="last"') == 4


def test_en_passant():
    state = chess().replay("e4 a6 e5 d5".split())
    assert "exd6" in [state.format_move(m) for m in state.legal_moves]
    taken = state.play("exd6")
    assert "d5" not in taken.pieces() and taken.history[-1] == state.parse_move("e5-d6")


#: Positions (FEN) where a pawn's or a king's moves are easily got wrong: taking en passant that opens the rank to
#: the king (each side), pawns pinned on a diagonal and on a file, en passant taking the pawn that gives check, a
#: double check (the king moves), promotions by a push and by captures, castling through an attacked square.
TRICKY = (
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
    "7K/8/8/8/R4pPk/8/8/8 b - g3 0 1",
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",
    "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",
    "8/8/8/2pP4/3K4/8/8/7k w - c6 0 1",
    "4k3/8/8/7R/8/5n2/8/4K2r w - - 0 1",
    "r1n1k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K1r1 w Qkq - 0 1",
)


def from_fen(fen: str) -> Any:
    """Our state of a FEN position: its board, the side to move, castling and the en passant square."""
    placement, side, rights, passed = fen.split()[:4]
    board = [0] * 64
    for row, text in enumerate(placement.split("/")):
        f = 0
        for c in text:
            if c.isdigit():
                f += int(c)
                continue
            board[f * 8 + 7 - row], f = " PNBRQK".index(c.upper()) | (8 if c.islower() else 0), f + 1
    game, turn = chess(), "wb".index(side)
    castling = sum(bit for bit, c in zip((1, 2, 4, 8), "KQkq", strict=True) if c in rights)
    ep = -1 if passed == "-" else game.grid.parse_square(passed)
    key = (bytes(board), turn, castling, ep)
    return attrs.evolve(game.start(), board=key[0], turn=turn, castling=castling, ep=ep, seen=(key,))


@pytest.mark.parametrize("fen", TRICKY)
def test_the_moves_in_tricky_positions_are_openspiels(fen):
    spiel = need_pyspiel().load_game("chess").new_initial_state(fen)
    state = from_fen(fen)
    assert sorted(state.format_move(m) for m in state.legal_moves) == sorted(
        spiel.action_to_string(a) for a in spiel.legal_actions()
    )


def test_the_moves_kept_for_the_next_time_are_the_same_and_bounded():
    """The move generator keeps the moves it made from a square to a set of squares (its tables' routes, a
    store for each square, piece_moves.Routes); what it gives from them is what it made, and a store is
    emptied when it is full."""
    routes = importlib.import_module(type(chess()).__module__).TABLES.routes
    game = chess()
    state = game.start().play("e4").play("e5").play("Nf3")
    for store in routes:
        store.clear()
    made = game.generate_moves(state)
    assert any(routes) and game.generate_moves(state) == made
    used = [len(store) for store in routes]
    for store in routes:  # each full, of keys no move set has
        store.clear()
        store.update((-k, ()) for k in range(1, piece_moves.KEPT + 1))
    assert game.generate_moves(state) == made
    assert [len(store) for store in routes] == [n or piece_moves.KEPT for n in used]


def test_promotion_to_a_knight_is_typed_and_shown_as_e8_n():
    state = chess().replay(TO_PROMOTE.split())
    knight = state.parse_move("e8=N")
    assert knight == state.parse_move("e7-e8=N") == state.parse_move("e7-e8=knight")
    after = state.play("e8=N")
    assert after.to_json()["history"][-1] == "e8=N" and after.describe().endswith("Kg6 e8=N")
    assert after.contents()["e8"]["kind"] == "knight"
    with pytest.raises(boardgames.AmbiguousMoveError, match="e8=Q, e8=R, e8=B, e8=N"):
        state.parse_move("e8")


def test_stalemate_is_a_draw():
    state = chess().replay(STALEMATE.split())
    assert state.is_over and state.winner is None and state.result_text() == "draw: stalemate"


def test_check_is_flagged_in_words_and_on_the_board():
    state = chess().replay("e4 f5 Qh5+".split())
    view = state.view()
    assert view.flag == "black is in check" and [state.game.grid.names[sq] for sq in view.flagged] == ["e8"]
    assert state.to_json()["flag"] == "black is in check"
    svg = render_svg(view)
    assert re.search(r'<rect class="flagged"[^>]*><title>black is in check</title>', svg)
    assert "black is in check" in boardgames.render_text(view)
    mated = chess().replay("f3 e5 g4 Qh4#".split())
    assert mated.result_text() == "black wins: checkmate" and mated.view().flag == "white is checkmated"
    assert chess().start().view().flag == "" and chess().start().to_json()["flag"] is None


def test_pieces_are_drawn_as_the_chess_set():
    view = chess().start().view()
    text = boardgames.render_text(view, unicode=True)
    assert "♔" in text and "♚" in text and "♙" in text and "♟" in text
    svg = render_svg(view)
    assert svg.count(">♚</text>") == 2 and svg.count(">♟</text>") == 16  # solid glyphs in each side's colour
    assert 'class="kind"' not in svg  # no letter on a disc


def test_a_record_in_san_replays_through_the_command(cli):
    run = cli("play", "chess", "--players", "human,human", input="e4\ne5\nNf3\nNc6\n")
    found = re.search(r"Saved to (\S+)\.", run.out)
    assert found, run.out
    record = json.loads(Path(found.group(1)).read_text())
    assert record["history"] == ["e4", "e5", "Nf3", "Nc6"]
    replayed = cli("replay", found.group(1), input="4\n")
    assert replayed.code == 0, replayed.err
    assert "4. black: Nc6" in replayed.out


def test_a_promotion_through_the_command_asks_the_piece_by_name(cli):
    typed = "\n".join([*TO_PROMOTE.split(), "e8", "knight"]) + "\n"
    run = cli("play", "chess", "--players", "human,human", input=typed)
    assert run.code == 0, run.err
    assert "Promote to? queen, rook, bishop, knight:" in run.out
    assert "Kg6 e8=N" in run.out


def test_a_bad_move_is_refused_in_one_line_naming_the_position(cli):
    run = cli("show", "chess", "--moves", "e4 e5 Ke3")
    assert run.code != 0 and "Traceback" not in run.err
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1 and "'Ke3'" in lines[0] and "chess after e4 e5" in lines[0], run.err


chess_served = example_served("chess")


def to_promote(served: Any) -> tuple[str, dict[str, str]]:
    """A chess match of two people, played up to white's promotion on e8: its id and seats."""
    match = served.create(game="chess", players=["human", "human"])
    match_id, seats = match["id"], match["seats"]
    for k, move in enumerate(TO_PROMOTE.split()):
        seat = seats["white" if k % 2 == 0 else "black"]
        answer = served.request("POST", f"/api/matches/{match_id}/moves", {"move": move}, seat)
        assert answer.status == 200, answer
    return match_id, seats


def test_the_server_asks_the_choice_by_name_and_shows_san(chess_served):
    served = chess_served
    match_id, seats = to_promote(served)
    asked = served.request("GET", f"/api/matches/{match_id}/parts?move=e7-e8")
    assert asked.status == 200 and asked.body["complete"] is False and not asked.body["marks"], asked
    assert asked.body["question"] == "Promote to?" and asked.body["choices"] == ["queen", "rook", "bishop", "knight"]
    played = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "e7-e8=knight"}, seats["white"])
    assert played.status == 200, played
    assert played.body["state"]["history"][-1] == "e8=N" and played.body["state"]["contents"]["e8"]["kind"] == "knight"
    bad = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "Kg3"}, seats["black"])
    assert bad.status == 400 and "\n" not in bad.body["error"] and "e8=N" in bad.body["error"], bad


@needs_chromium
def test_the_page_asks_the_choice_with_buttons_named_by_it(chess_served, browsers):
    from selenium.webdriver.common.by import By

    from helpers import wait_until

    served = chess_served
    match_id, seats = to_promote(served)
    driver = browsers()
    driver.get(f"http://127.0.0.1:{served.port}/#match={match_id}&seat=white&token={seats['white']}")
    for name in ("e7", "e8"):
        wait_until(
            driver, lambda d, n=name: d.find_elements(By.CSS_SELECTOR, f'#board .square.next[data-square="{n}"]')
        )
        driver.find_element(By.CSS_SELECTOR, f'#board .square.next[data-square="{name}"]').click()
    buttons = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#message button.move-choice"))
    assert [b.text for b in buttons] == ["queen", "rook", "bishop", "knight"]
    assert "Promote to?" in driver.find_element(By.ID, "message").text
    assert not driver.find_elements(By.CSS_SELECTOR, "#board .square.next")  # no square offered for the choice
    next(b for b in buttons if b.text == "knight").click()
    moves = "return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)"
    wait_until(driver, lambda d: (d.execute_script(moves) or [None])[-1] == "e8=N")
