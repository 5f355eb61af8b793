"""boardgames.rules.notation: SAN and coordinate notation as a game declares them.

A toy game (knights that leap, pawns that step and promote, knights dropped
from a hand, a check of its own) tried move by move over seeded random games,
and the chess example's declared SAN against python-chess' over seeded random
positions: every move written is read back as itself, and as python-chess
writes it (its disambiguation is the least, its ``+`` and ``#`` right).
"""

from __future__ import annotations

import random
import re

import attrs
import pytest

import boardgames
from boardgames import Coordinates, Counted, Game, Grid, Move, Outcome, PieceKind, State
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice
from boardgames.rules.notation import AlgebraicNotation, CoordinateNotation, square_name
from helpers import load_example

PAWN, KNIGHT = 0, 1
LEAPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
#: A 5 x 5 board (files a-e) and each side's hand of knights beside it: white's on g1, black's on g5.
GRID = Grid.from_cells(7, 5, [(f, r) for f in range(5) for r in range(5)] + [(6, 0), (6, 4)])
HAND = ((-1, GRID.index(6, 0)), (-1, GRID.index(6, 4)))  # [player][kind]: knights only, never pawns


@attrs.frozen(kw_only=True, slots=False)
class HopState(State):
    board: tuple[tuple[int, int] | None, ...] = ()  # each site's (owner, kind), or None
    held: tuple[int, int] = (1, 1)  # the knights each side holds


def checks(state: HopState, player: int) -> bool:
    """Whether a knight of the other side could leap onto a knight of ``player``'s: the toy's check."""
    for site, piece in enumerate(state.board):
        if piece is not None and piece == (1 - player, KNIGHT):
            f, r = GRID.coords(site)
            for df, dr in LEAPS:
                x, y = f + df, r + dr
                if 0 <= x < 5 and 0 <= y < 5 and state.board[GRID.index(x, y)] == (player, KNIGHT):
                    return True
    return False


class Hop(Game[HopState]):
    """Pawns step ahead, take diagonally and become knights on the last rank; knights leap or are
    dropped from the hand. A side with no move loses; twenty plies draw."""

    name = "hop"
    player_names = ("white", "black")
    piece_kinds = (PieceKind("pawn", "P"), PieceKind("knight", "N"))
    board_labels = Coordinates(files="abcde  ", ranks="12345")
    counted = Counted("knight", "knights", "hand", owned=True)
    move_choices = Choices("Promote to?", ("knight", "queen"), ("N", "Q"))
    move_notation = AlgebraicNotation(hands=HAND, gives_check=lambda s, m: checks(s.game.apply(s, m), 1 - s.turn))

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> HopState:
        placed = {"a1": (0, KNIGHT), "c1": (0, KNIGHT), "a2": (0, PAWN), "b2": (0, PAWN),
                  "c4": (1, PAWN), "d4": (1, PAWN), "b5": (1, KNIGHT), "d5": (1, KNIGHT)}  # fmt: skip
        return HopState(game=self, board=tuple(placed.get(GRID.names[s]) for s in range(GRID.size)))

    def generate_moves(self, state: HopState) -> tuple[Move, ...]:
        me, board, moves = state.turn, state.board, []
        owner = {s: p[0] for s, p in enumerate(board) if p}
        for o, piece in enumerate(board):
            if piece is None or piece[0] != me:
                continue
            f, r = GRID.coords(o)
            ahead = r + (1 if me == 0 else -1)
            if piece[1] == KNIGHT:
                ends = [(f + df, r + dr) for df, dr in LEAPS]
                ends = [(x, y) for x, y in ends if 0 <= x < 5 and 0 <= y < 5 and owner.get(GRID.index(x, y)) != me]
            else:
                ends = [(f, ahead)] if 0 <= ahead < 5 and GRID.index(f, ahead) not in owner else []
                ends += [(x, ahead) for x in (f - 1, f + 1) if 0 <= x < 5 and owner.get(GRID.index(x, ahead)) == 1 - me]
            for x, y in ends:
                move = Move(o, GRID.index(x, y), ())
                moves += [with_choice(move, 0), with_choice(move, 1)] if piece[1] == PAWN and y in (0, 4) else [move]
        if state.held[me]:
            moves += [Move(HAND[me][KNIGHT], s, ()) for s in range(25) if s not in owner]
        return tuple(moves)

    def apply(self, state: HopState, move: Move) -> HopState:
        board, me, held = list(state.board), state.turn, list(state.held)
        if move.origin in (HAND[0][KNIGHT], HAND[1][KNIGHT]):
            held[me] -= 1
            board[move.to] = (me, KNIGHT)
        else:
            board[move.to] = (me, KNIGHT) if move.choice >= 0 else board[move.origin]
            board[move.origin] = None
        after = HopState(game=self, board=tuple(board), held=(held[0], held[1]), turn=1 - me,
                         history=state.history + (move,))  # fmt: skip
        if not self.generate_moves(after):
            return attrs.evolve(after, outcome=Outcome(me, "no move left"))
        return attrs.evolve(after, outcome=Outcome(None, "twenty plies")) if len(after.history) >= 20 else after

    def owners(self, state: HopState) -> dict[int, int]:
        return {s: p[0] for s, p in enumerate(state.board) if p}

    def kinds(self, state: HopState) -> dict[int, int]:
        held = {HAND[p][KNIGHT]: KNIGHT for p in (0, 1) if state.held[p]}  # what each hand holds
        return {s: p[1] for s, p in enumerate(state.board) if p} | held

    def counts(self, state: HopState) -> dict[int, tuple[int, int | None]]:
        return {HAND[p][KNIGHT]: (n, p) for p, n in enumerate(state.held) if n}


class CoordinateHop(Hop):
    name = "coordinate_hop"
    move_notation = CoordinateNotation(hands=HAND, drop="*")  # a1b3, a2a3, b3b4q, N*c2


def random_states(game: Game, games: int, seed: int) -> list[State]:
    """Every position of ``games`` seeded random games."""
    rng, found = random.Random(seed), []
    for _ in range(games):
        state = game.start()
        while not state.is_over:
            found.append(state)
            state = state.play(rng.choice(state.legal_moves))
    return found


def position(pieces: dict[str, tuple[int, int]]) -> HopState:
    """A position set up by hand, white to move, both hands empty."""
    board = tuple(pieces.get(GRID.names[s]) for s in range(GRID.size))
    return HopState(game=Hop.configure(), board=board, held=(0, 0))


def test_the_toy_writes_san_from_its_declarations():
    state = Hop.configure().start()
    written = sorted(state.format_move(m) for m in state.legal_moves if m.origin not in HAND[0])
    assert written == ["Nab3", "Nc2", "Ncb3", "Nd3", "Ne2", "a3", "b3"]  # two knights reach b3: by their files
    drops = [state.format_move(m) for m in state.legal_moves if m.origin in HAND[0]]
    assert "N@c2" in drops and "N@c3+" in drops  # a knight dropped on c3 attacks black's on b5 and d5: check
    assert state.play("b3").play("cxb3").written_history() == ("b3", "cxb3")  # a pawn takes: its file first


def test_a_rank_or_a_square_tells_knights_apart_where_a_file_does_not():
    state = position({"a2": (0, KNIGHT), "a4": (0, KNIGHT), "e2": (0, KNIGHT), "e5": (1, PAWN)})
    to_c3 = sorted(state.format_move(m) for m in state.legal_moves if GRID.names[m.to] == "c3")
    assert to_c3 == ["N4c3", "Na2c3", "Nec3"]  # a2 shares a4's file and e2's rank: both needed
    for text in to_c3:
        assert GRID.names[state.parse_move(text).origin] == {"N4c3": "a4", "Na2c3": "a2", "Nec3": "e2"}[text]
    assert state.format_move(state.parse_move("Nb2")) == "Nb2"  # one knight reaches b2: no more said


def test_every_move_of_random_toy_games_is_read_back_and_signed_as_declared():
    for state in random_states(Hop.configure(), 40, 7):
        game = state.game
        for move in state.legal_moves:
            text = game.write_notation(state, move)
            assert game.read_notation(state, text) == move, text
            after = game.apply(state, move)
            sign = "" if not checks(after, after.turn) else "+" if game.generate_moves(after) else "#"
            assert text.rstrip("+#") + sign == text, (text, sign)
            assert game.read_notation(state, text.rstrip("+#")) == move  # read without its sign too


def test_coordinates_are_written_and_read_with_choices_and_drops():
    game = CoordinateHop.configure()
    state = game.start()
    written = {state.format_move(m) for m in state.legal_moves}
    assert {"a1b3", "c1b3", "a2a3", "N*c2"} <= written and "b2c3" not in written
    for state in random_states(game, 30, 3):
        for move in state.legal_moves:
            text = game.write_notation(state, move)
            assert re.fullmatch(r"[a-e][1-5][a-e][1-5][nq]?|N\*[a-e][1-5]", text), text
            assert game.read_notation(state, text) == move
    assert game.read_notation(game.start(), "a2-a3") is None  # no coordinate move: the default notation reads it
    assert game.start().play("a2-a3") == game.start().play("a2a3")
    promoting = attrs.evolve(position({"b4": (0, PAWN), "d1": (1, PAWN)}), game=game)
    assert promoting.play("b4b5q").history[-1].choice == 1
    with pytest.raises(boardgames.IllegalMoveError, match="white has no piece on c4"):
        promoting.play("c4c5")  # a move it reads, but not legal: the game says why


def test_a_move_left_without_its_choice_lists_the_choices():
    state = position({"b4": (0, PAWN), "d1": (1, PAWN)})
    needs = r"'b5' needs a choice in hop .*: one of b5=N, b5=Q$"
    with pytest.raises(boardgames.AmbiguousMoveError, match=needs) as caught:
        state.play("b5")
    assert set(caught.value.choices) == {m for m in state.legal_moves if GRID.names[m.to] == "b5"}
    assert state.play("b5=Q").history[-1].choice == 1


@pytest.mark.parametrize(
    ("moves", "typed", "why"),
    [
        (["N@d1", "N@d2"], "N@c2", "white has no knight in hand"),
        ([], "N@a2", "a2 is taken"),
        ([], "Nb4", "no legal move is written so"),
    ],
)
def test_a_refused_move_is_one_line_naming_the_position(moves, typed, why):
    state = Hop.configure().replay(moves)
    with pytest.raises(boardgames.IllegalMoveError) as caught:
        state.play(typed)
    said = str(caught.value)
    assert "\n" not in said and said.startswith(f"illegal move {typed!r} in hop") and said.endswith(why), said


def test_squares_are_named_as_the_board_is_labelled():
    class Labelled(CoordinateHop):
        name = "labelled_hop"
        board_labels = Coordinates(files="54321  ", ranks="abcde")

    game = Labelled.configure()
    assert square_name(game, GRID.parse_square("a1")) == "5a"
    state = game.start()
    assert state.format_move(Move(GRID.parse_square("a2"), GRID.parse_square("a3"), ())) == "5b5c"
    assert state.play("5b5c").board[GRID.parse_square("a3")] == (0, PAWN)


def test_chess_san_is_python_chess_san_over_random_positions():
    """Every legal move of seeded random games, written by chess' declared notation, is python-chess'
    SAN of it (which tells pieces apart by the least) and is read back as itself; the games hold each
    of SAN's cases."""
    chess = pytest.importorskip("chess")
    game = load_example("chess").Chess.configure()
    rng, seen = random.Random(11), set()
    promoted = "qrbn"  # the example's choices, in order
    for _ in range(12):
        state, board = game.start(), chess.Board()
        while not state.is_over and len(state.history) < 160:
            for move in state.legal_moves:
                o, t = move.origin, move.to
                uci = chess.Move(o % 8 * 8 + o // 8, t % 8 * 8 + t // 8, None if move.choice < 0 else
                                 chess.Piece.from_symbol(promoted[move.choice]).piece_type)  # fmt: skip
                text = game.write_notation(state, move)
                assert text == board.san(uci), (board.fen(), text)
                assert game.read_notation(state, text) == move
                seen |= {case for case, shape in CASES.items() if re.search(shape, text)}
                seen |= {"en passant"} if board.is_en_passant(uci) else set()
            move = rng.choice(state.legal_moves)
            board.push_san(game.write_notation(state, move))
            state = state.play(move)
    assert seen == {*CASES, "en passant"}, seen


#: SAN's cases, as the text shows them.
CASES = {"castling": "^O-O", "promotion": "=[QRBN]", "check": r"\+$", "mate": "#$", "file told": "^[NBRQK][a-h]x?[a-h]",
         "rank told": "^[NBRQK][1-8]x?[a-h]", "capture": "x"}  # fmt: skip
