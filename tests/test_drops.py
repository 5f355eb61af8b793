"""boardgames.rules.drops on its own: a toy game's drops from two hands onto a 5 x 5 board (where each
kind may stand, one pawn a file) against brute force over seeded random positions; a move made (a drop,
a capture to the hand, a promotion); a drop refused in one line; the hands as the front ends read them."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from boardgames import Coordinates, Grid, Move
from boardgames.rules.drops import DropKind, Drops
from boardgames.rules.moves import with_choice
from boardgames.rules.notation import CoordinateNotation
from boardgames.rules.piece_moves import MoveTables, PieceMoves, Promotion, every_way

#: The board is files b-f of a 7 x 5 grid; the first side's hand on file g (a pawn on g1, a rook on g2),
#: the second's on file a (a pawn on a5, a rook on a4).
GRID = Grid.from_cells(7, 5, [(f, r) for f in range(1, 6) for r in range(5)] + [(6, 0), (6, 1), (0, 4), (0, 3)])
BOARD = [s for s in range(GRID.size) if 5 <= s < 30]
HANDS = ((30, 31), (4, 3))
PAWN, ROOK, KING, TOKIN = 1, 2, 3, 4  # | 16 for the second side's
LAST = [Grid.mask(s for s in BOARD if s % 5 == (4, 0)[side]) for side in (0, 1)]
TABLES = MoveTables(
    GRID,
    {code | 16 * side: (how, side) for code, how in ((PAWN, PieceMoves(leaps=((0, 1),))),
     (ROOK, PieceMoves(rides=every_way((1, 0)))), (KING, PieceMoves(leaps=every_way((1, 0), (1, 1)))),
     (TOKIN, PieceMoves(leaps=every_way((1, 0))))) for side in (0, 1)},  # fmt: skip
    squares=BOARD,
    promotions={PAWN | 16 * side: Promotion(TOKIN | 16 * side, LAST[side], LAST[side]) for side in (0, 1)},
)
EVERYWHERE = TABLES.everywhere
KINDS = [  # a pawn never on its last rank nor beside another of its side's on a file; a rook anywhere
    DropKind((PAWN, PAWN | 16), (EVERYWHERE & ~LAST[0], EVERYWHERE & ~LAST[1]), True, (TOKIN, TOKIN | 16), 0),
    DropKind((ROOK, ROOK | 16), (EVERYWHERE, EVERYWHERE), kind=1),
]
DROPS = Drops(TABLES, HANDS, KINDS)


def random_position(rng: random.Random) -> tuple[bytes, tuple[int, ...]]:
    board = bytearray(GRID.size)
    for s in rng.sample(BOARD, rng.randrange(0, 12)):
        board[s] = rng.choice((PAWN, ROOK, TOKIN)) | 16 * rng.randrange(2)
    return bytes(board), tuple(rng.randrange(3) for _ in range(4))


def test_the_drops_are_the_empty_squares_each_kind_may_stand_on_by_site_then_square():
    rng, refused = random.Random(5), 0
    for _ in range(400):
        board, hands = random_position(rng)
        side, empty = rng.randrange(2), Grid.mask(s for s in BOARD if not board[s])
        brute = []
        for k in sorted(range(2), key=lambda k: HANDS[side][k]):
            for t in BOARD if hands[2 * side + k] else ():
                pawned = any(board[s] == KINDS[k].codes[side] for s in BOARD if s // 5 == t // 5)
                if not board[t] and KINDS[k].where[side] >> t & 1 and not (k == 0 and pawned):
                    brute.append(Move(HANDS[side][k], t, ()))
        assert DROPS.moves(board, side, hands[2 * side : 2 * side + 2], empty) == brute
        barred = rng.getrandbits(GRID.size)  # squares the game refuses besides, for the pawn
        kept = [m for m in brute if m.origin != HANDS[side][0] or not barred >> m.to & 1]
        assert DROPS.moves(board, side, hands[2 * side : 2 * side + 2], empty, (barred,)) == kept
        refused += len(kept) < len(brute)
    assert refused > 50


def test_a_move_made_drops_takes_to_the_hand_unpromoted_and_promotes():
    board = bytearray(GRID.size)
    board[GRID.index(2, 3)], board[GRID.index(2, 4)] = PAWN, TOKIN | 16  # c4, and c5 above it
    occupied = (TABLES.taken(bytes(board), 0), TABLES.taken(bytes(board), 1))
    step = with_choice(Move(GRID.index(2, 3), GRID.index(2, 4), ()), 0)  # c4-c5 taking, promoting
    after, hands, sides = DROPS.made(bytes(board), (0, 0, 0, 0), 0, step, occupied)
    assert after[GRID.index(2, 4)] == TOKIN and not after[GRID.index(2, 3)] and hands == (1, 0, 0, 0)
    assert sides == (TABLES.taken(after, 0), TABLES.taken(after, 1)) == (1 << GRID.index(2, 4), 0)
    dropped, hands, sides = DROPS.made(after, hands, 0, Move(30, GRID.index(4, 2), ()), sides)  # P to e3
    assert dropped[GRID.index(4, 2)] == PAWN and hands == (0, 0, 0, 0)
    assert sides == (TABLES.taken(dropped, 0), 0)


def test_a_drop_refused_says_why_in_one_line():
    board = bytearray(GRID.size)
    board[GRID.index(3, 1)] = PAWN  # d2
    game = SimpleNamespace(grid=GRID, board_labels=Coordinates(files=" bcdef ", ranks="12345"),
                           player_names=("first", "second"), piece_kinds=(SimpleNamespace(name="pawn"),
                           SimpleNamespace(name="rook")), move_notation=CoordinateNotation(hands=HANDS))  # fmt: skip
    state = SimpleNamespace(board=bytes(board))
    game.owners = lambda state: {s: p >> 4 for s, p in enumerate(state.board) if p}
    game.counts = lambda state: DROPS.counts((1, 0, 0, 0))
    assert DROPS.why_not(game, state, Move(31, GRID.index(2, 2), ())) == "first has no rook in hand"
    assert DROPS.why_not(game, state, Move(30, GRID.index(3, 1), ())) == "d2 is taken"
    assert DROPS.why_not(game, state, Move(30, GRID.index(3, 3), ())) == "file d already holds a pawn of first's"
    assert DROPS.why_not(game, state, Move(30, GRID.index(2, 4), ())) == "a pawn is never dropped on c5"
    assert DROPS.why_not(game, state, Move(30, GRID.index(2, 2), ())) is None  # c3: the game says the rest


def test_a_game_that_leaves_why_to_the_core_says_the_rules_refuse_a_drop_not_that_no_piece_is_there():
    """The core's default ``why_illegal`` for a drop the rules refuse for a reason of their own (a file
    holding one, a drop that mates) names the drop, where it said "first has no piece on g1" (the hand)."""
    from boardgames.rules.notation import why_drop_refused

    board = bytearray(GRID.size)
    board[GRID.index(3, 1)] = PAWN  # d2
    game = SimpleNamespace(grid=GRID, board_labels=Coordinates(files=" bcdef ", ranks="12345"),
                           player_names=("first", "second"), piece_kinds=(SimpleNamespace(name="pawn"),
                           SimpleNamespace(name="rook")), move_notation=CoordinateNotation(hands=HANDS))  # fmt: skip
    game.owners = lambda state: {s: p >> 4 for s, p in enumerate(state.board) if p}
    game.counts = lambda state: DROPS.counts((1, 0, 0, 0))
    nifu, free = Move(30, GRID.index(3, 3), ()), Move(30, GRID.index(2, 2), ())
    state = SimpleNamespace(board=bytes(board), legal_moves=(free,))
    assert why_drop_refused(game, state, nifu) == "the rules allow no pawn dropped on d4 here"
    assert why_drop_refused(game, state, Move(31, GRID.index(2, 2), ())) == "first has no rook in hand"
    assert why_drop_refused(game, state, free) is None  # legal: nothing to say
    assert why_drop_refused(game, state, Move(GRID.index(3, 1), GRID.index(3, 2), ())) is None  # a step


def test_the_hands_are_shown_by_site_with_their_kinds_numbers_and_owners():
    assert DROPS.counts((2, 0, 0, 1)) == {30: (2, 0), 3: (1, 1)}
    assert DROPS.held((2, 0, 0, 1)) == {30: 0, 3: 1}


def test_the_documented_example_runs():
    """docs/writing-a-game.md's example of promotions and drops (an indented block) runs as written."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "writing-a-game.md").read_text()
    section = text[text.index("## Promotion and drops") : text.index("## What the core gives you")]
    exec("\n".join(line[4:] for line in section.splitlines() if line.startswith("    ")), {})
