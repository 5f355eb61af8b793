"""The dark chess example (examples/dark_chess, built on examples/chess): the conformance kit (views
leak nothing, samples fit the view); agreement with OpenSpiel's ``dark_chess`` move for move and square
for square (every legal move by its SAN, each player's board as OpenSpiel's observation string shows it,
at every step, and the returns); what a player is shown through the command line (JSON, text, SVG, a
record replayed), an agent given only its view, and a bad move refused in one line that tells nothing
hidden."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames import Match, Move, render_svg, render_text
from boardgames.agents.spec import Seat
from boardgames.errors import IllegalMoveError
from boardgames.testing import plugin
from helpers import install_example, load_example, need_pyspiel, run_with

#: Seeded random games compared with OpenSpiel and the most plies of each: a random game lasts about 120
#: plies (the king is taken), whole games too long for the suite (1,000 whole ones are compared outside
#: it: see examples/dark_chess/README.md). The steps compared in all: the games are seeded, so it is fixed.
AGREEMENT_GAMES, PLIES, STEPS = 200, 80, 14111
LETTERS = " PNBRQK"
#: White sees black's pawn on d5 (its e-pawn could take it), not the knight on c6, which no piece of white's reaches.
OPENING = "e4 d5 Nf3 Nc6"


@pytest.fixture(scope="module", autouse=True)
def dark_chess_plugin() -> Iterator[None]:
    # The example imports the chess example's rules as boardgames_chess, as it would find it installed.
    sys.modules.setdefault("boardgames_chess", load_example("chess"))
    with plugin(load_example("dark_chess"), "dark-chess-under-test"):
        yield


def game() -> Any:
    return boardgames.game_class("dark_chess").configure()


def test_dark_chess_keeps_the_contract(check_game):
    check_game("dark_chess", games=4)


def dark_fen(view: Any) -> str:
    """The board of OpenSpiel's observation string (a dark FEN), made from our view: ``?`` a square not seen."""
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        for file in range(8):
            square, piece = file * 8 + rank, view.board[file * 8 + rank]
            if view.fog >> square & 1:
                row += "?"
            elif piece:
                row += LETTERS[piece & 7] if piece < 8 else LETTERS[piece & 7].lower()
            else:
                row += "1"
        rows.append(re.sub("1+", lambda ones: str(len(ones.group())), row))
    return "/".join(rows)


def castling_seen(view: Any, player: int) -> str:
    """The castling field of OpenSpiel's observation string: the viewer's own rights only."""
    rights = "".join(letter for bit, letter in ((1, "K"), (2, "Q")) if view.castling >> 2 * player & bit)
    return (rights.lower() if player else rights) or "-"


def agree(games: int, plies: int) -> tuple[int, dict[str, int]]:
    """Seeded random games played here and in OpenSpiel side by side, each up to ``plies``, compared at
    every step: the legal moves by their SAN, each player's board, side to move, castling rights and
    clock as OpenSpiel's observation string shows them, the mover's moves in its own view; the returns
    of each game that ends. The steps compared, and how often the rarer rules came up."""
    pyspiel = need_pyspiel()
    spiel, ours_game, steps = pyspiel.load_game("dark_chess"), game(), 0
    seen = {"castling": 0, "en passant": 0, "promotion": 0, "en passant seen by the pusher": 0, "king taken": 0}
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = ours_game.start(), spiel.new_initial_state()
        while not ours.is_over and len(ours.history) < plies:
            where = f"game {seed}, ply {len(ours.history)}"
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            assert sorted(mine) == sorted(labels), where
            assert theirs.current_player() == 1 - ours.turn, where  # OpenSpiel's player 0 is black
            for player in (0, 1):
                view = ours_game.hide(ours, player)
                board, to_move, castling, _, clock, _ = theirs.observation_string(1 - player).split()
                assert (dark_fen(view), castling_seen(view, player)) == (board, castling), (where, player)
                assert (to_move, int(clock)) == ("wb"[ours.turn], view.clock), where
            assert ours_game.hide(ours, ours.turn).legal_moves == ours.legal_moves, where  # from the view alone
            ep, board = ours.ep, ours.board
            if ep >= 0 and all(ours_game.pawns_taking(board, ep, side) for side in (0, 1)):
                seen["en passant seen by the pusher"] += 1
            label = rng.choice(sorted(labels))
            move = mine[label]
            seen["castling"] += label.startswith("O-O")
            seen["en passant"] += move.to == ep and board[move.origin] & 7 == 1
            seen["promotion"] += "=" in label
            ours, _ = ours.play(move), theirs.apply_action(labels[label])
            steps += 1
        assert ours.is_over == theirs.is_terminal(), seed
        if ours.is_over:
            assert list(ours.returns()) == theirs.returns()[::-1], (seed, ours.outcome)
            seen["king taken"] += "took the king" in ours.outcome.reason
    return steps, seen


def test_it_plays_and_shows_as_openspiels_move_for_move_and_square_for_square():
    steps, seen = agree(AGREEMENT_GAMES, PLIES)
    assert steps == STEPS and all(seen.values()), seen


def random_positions(count: int) -> Iterator[Any]:
    """Positions of seeded random games, each some plies in."""
    g = game()
    for seed in range(count):
        rng = random.Random(seed)
        state = g.start()
        while not state.is_over and len(state.history) < rng.randrange(1, 120):
            state = state.play(rng.choice(state.legal_moves))
        if not state.is_over:
            yield state


def test_a_view_holds_the_others_pieces_on_the_squares_seen_and_nothing_else():
    g = game()
    for state in random_positions(60):
        for player in (0, 1):
            view, sight = state.seen_by(player), g.sight(state, player)
            assert view.fog == (1 << 64) - 1 - sight and not view.seen
            assert {s: p for s, p in enumerate(view.board) if p} == {
                s: p for s, p in enumerate(state.board) if p and sight >> s & 1
            }
            assert g.overlays(view) == dict.fromkeys([s for s in range(64) if not sight >> s & 1], 0)
        spectator = state.seen_by(None)
        assert not spectator.owners() and len(g.overlays(spectator)) == 64


def test_a_sample_looks_to_the_player_exactly_like_its_view():
    g, rng, kings = game(), random.Random(5), 0
    for state in random_positions(80):
        for player in (0, 1):
            view = g.hide(state, player)
            drawn = g.sample(view, player, rng)
            assert drawn.viewer == -1 and g.hide(drawn, player) == view
            kings += 6 | (1 - player) << 3 in drawn.board
            assert player != state.turn or drawn.legal_moves == state.legal_moves
    assert kings > 100  # the other's king is drawn where the player does not see it


def test_the_king_is_taken_and_there_is_no_check():
    # Fool's mate is no mate here: white's king may step into the queen's reach, and black takes it.
    state = game().replay("f3 e5 g4 Qh4 Kf2 Qxf2".split())
    assert state.outcome.winner_index == 1 and state.outcome.reason == "black took the king"
    before = game().replay("f3 e5 g4 Qh4".split())
    assert "Kf2" in [before.format_move(m) for m in before.legal_moves] and not before.view().flag
    assert state.written_history() == ("f3", "e5", "g4", "Qh4", "Kf2", "Qxf2")  # in the positions played from


class Spy(boardgames.Agent):
    """An agent that keeps each position it is given, and plays the first legal move."""

    name = "spy"

    def __init__(self) -> None:
        super().__init__()
        self.given: list[Any] = []

    def choose(self, state: Any, budget: Any, rng: random.Random) -> Move:
        self.given.append(state)
        return state.legal_moves[0]


def test_an_agent_is_given_only_its_view():
    spy = Spy()
    match = Match(game(), [Seat("spy", agent=spy), "random"], seed=3)
    match.run()
    assert len(spy.given) > 10
    for given in spy.given:
        assert given.viewer == 0 and not given.seen
        assert all(given.fog >> s & 1 == 0 for s, p in enumerate(given.board) if p >= 8)


def test_a_bad_move_is_refused_in_one_line_that_tells_nothing_hidden():
    state = game().replay(OPENING.split())
    for text in ("Nxc6", "Bxc6", "Qxd8"):  # c6 holds a knight white cannot see: refused as any illegal move
        with pytest.raises(IllegalMoveError) as refused:
            state.play(text)
        said = str(refused.value)
        assert "\n" not in said and "Nc6" not in said and "knight" not in said and "c6 is" not in said, said
        assert said == f"illegal move {text!r} in dark_chess after 4 moves: no legal move is written so"
    assert "after 4 moves" in said  # the position named by its length alone: the other's moves are secret


# -- the command line, the packages installed -------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dark-chess-site")
    install_example("chess", folder)
    return install_example("dark_chess", folder)


def shown(site: Path, *args: str) -> Any:
    done = run_with(site, "-m", "boardgames", "show", "dark_chess", "--moves", OPENING, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_show_as_a_player_gives_only_what_it_sees_in_json_text_and_svg(site, tmp_path):
    state = game().replay(OPENING.split())
    sight = {state.game.grid.name(s) for s in range(64) if state.game.sight(state, 0) >> s & 1}
    white, whole = json.loads(shown(site, "--as", "white", "--json")), json.loads(shown(site, "--whole", "--json"))
    black_seen = {s for s, owner in white["pieces"].items() if owner == "black"}
    assert black_seen == {s for s, owner in whole["pieces"].items() if owner == "black" and s in sight}
    assert set(white["overlays"]) == {name for name in map(state.game.grid.name, range(64)) if name not in sight}
    assert black_seen == {"d5"} and "c6" in whole["pieces"] and "c6" in white["overlays"]
    assert white["seen_by"] == "white" and white["history"] == ["e2-e4", "?", "g1-f3", "?"]
    assert whole["history"] == ["e4", "d5", "Nf3", "Nc6"]
    text = shown(site, "--as", "white")
    board = [line for line in text.splitlines() if re.match(r"\s*\d ", line)]
    assert len(board) == 8 and text.startswith(render_text(state.seen_by(0).view()).split("\n\n")[0])
    assert re.findall(r"[pnbrqk]", "".join(board)) == ["p"]  # black's d5 pawn, and nothing else of black's
    shown(site, "--as", "white", "--svg", str(tmp_path / "white.svg"))
    svg = (tmp_path / "white.svg").read_text()
    assert "; black: d5</desc>" in svg and svg.count('class="overlay') == 64 - len(sight)  # each unseen square
    assert svg.split("</title>")[1] == render_svg(state.seen_by(0).view()).split("</title>")[1]


def test_a_game_played_in_the_terminal_shows_each_its_view_and_its_record_replays_as_a_player(site, tmp_path):
    typed = "".join(f"\n{move}\n" for move in OPENING.split()) + "\nquit\n"  # each move after the pause between people
    played = run_with(site, "-m", "boardgames", "play", "dark_chess", "--players", "human,human",
                      input=typed, cwd=tmp_path)  # fmt: skip
    assert played.returncode == 0 and "Game stopped after 4 moves" in played.stdout, played.stderr
    assert "moves: ? d7-d5 ?" in played.stdout and "moves: e2-e4 ? g1-f3 ?" in played.stdout
    record = str(next(tmp_path.glob("dark_chess-*.json")))
    state, g = game().replay(OPENING.split()), game()
    for player, name in enumerate(g.player_names):
        replayed = run_with(site, "-m", "boardgames", "replay", record, "--as", name, "--json")
        assert replayed.returncode == 0, replayed.stderr
        view, sight = json.loads(replayed.stdout), g.sight(state, player)
        assert view["seen_by"] == name and view["history"] == list(state.seen_by(player).written_history())
        assert {s for s, owner in view["pieces"].items() if owner != name} == {
            g.grid.name(s) for s, p in enumerate(state.board) if p and p >> 3 != player and sight >> s & 1
        }


def test_a_bad_move_on_the_command_line_is_one_line(site):
    bad = run_with(site, "-m", "boardgames", "show", "dark_chess", "--moves", OPENING + " Nxf6", "--as", "white")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
