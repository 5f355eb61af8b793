"""Pieces that move on a grid as chess-like games' pieces do, declared as Betza's notation (and Ludii,
Fairy-Stockfish) describe them: leaps, rides stopped by the first piece, hops over a screen, leaps
blocked at a leg; forward counted per side. From a grid and the pieces' declarations, tables made
once: what a piece attacks from each square given the board's taken squares (a bitboard), each
square's moves (with the mover's choice where a piece may promote), and for a side with a royal piece
the squares the other side attacks, its checks and its pins, and its legal moves where every piece
moves as it attacks. A board is ``bytes``, a piece's code a square (0 empty), as the game codes its pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import chain, compress
from typing import Any

import attrs

from ..geometry import Grid, bits
from .moves import Move, with_choice

Offset = tuple[int, int]  # (files, ranks): ranks counted forward, up the board for the first player


def every_way(*offsets: Offset) -> tuple[Offset, ...]:
    """Each offset turned and mirrored every way, once each: ``every_way((1, 0))`` the rook's four
    directions, ``every_way((1, 2))`` the knight's eight leaps, ``every_way((1, 0), (1, 1))`` the king's."""
    turned = ((a, b) for f, r in offsets for a, b in ((f, r), (r, f)))
    return tuple(dict.fromkeys(o for a, b in turned for o in ((a, b), (-a, b), (a, -b), (-a, -b))))


@attrs.frozen
class PieceMoves:
    """How one kind of piece attacks, as (files, ranks) offsets, the ranks forward for the first player
    and mirrored for the second (a pawn's takes: ``leaps=((1, 1), (-1, 1))``). What it attacks is where it
    takes, and where a royal piece may not go: a game's quiet-only moves (a pawn's step) are its own."""

    #: To the square that far, whatever stands between: a knight's, a king's.
    leaps: tuple[Offset, ...] = ()
    #: Along each direction square by square, up to and with the first piece: a rook's, a bishop's.
    rides: tuple[Offset, ...] = ()
    #: Along each direction over exactly one piece (the screen), up to and with the next: a cannon's takes.
    hops: tuple[Offset, ...] = ()
    #: Each (leap, leg): the leap while the leg's square is empty: xiangqi's horse, its elephant.
    legged: tuple[tuple[Offset, Offset], ...] = ()


@attrs.frozen
class Promotion:
    """Where a piece becomes another, as shogi's do: the code ``into``, declared with its own moves (a gold's,
    a rook's and a king's). Moving into, within or out of ``zone`` (a bitboard) the mover chooses (the move's
    choice 0 promotes, 1 leaves it as it is); onto ``forced`` squares, where it could never move again
    unpromoted (a pawn's last rank), it must (choice 0 alone)."""

    into: int
    zone: int
    forced: int = 0


class Reach(dict[int, int]):
    """One part of a piece's attack from one square that depends on the board (a line, its legs): from
    the board's taken squares among those that matter (the dict's key, ``taken & mask``) to the squares
    attacked. Filled for every key at once when they are few, else as keys come (emptied at ``KEPT``)."""

    __slots__ = ("walk",)

    def __init__(self, mask: int, walk: Callable[[int], int]) -> None:
        super().__init__()
        self.walk = walk
        if mask.bit_count() <= 10:
            taken = 0
            while True:  # every subset of mask (the carry-rippler)
                self[taken] = walk(taken)
                taken = (taken - mask) & mask
                if not taken:
                    break

    def __missing__(self, taken: int) -> int:
        if len(self) >= KEPT:
            self.clear()
        found = self[taken] = self.walk(taken)
        return found


class Routes(dict[int, tuple[Move, ...]]):
    """The moves from one square to each set of squares asked (a bitboard), in order, made the first time
    and kept for the next: a piece's targets are often what they were some moves ago, and making the moves
    was a fifth of chess' move generator's time. A dict that fills itself on a miss, so that a hit costs
    one lookup in C; emptied at ``KEPT`` sets."""

    __slots__ = ("steps",)

    def __init__(self, steps: list[Move]) -> None:
        super().__init__()
        self.steps = steps

    def __missing__(self, targets: int) -> tuple[Move, ...]:
        if len(self) >= KEPT:
            self.clear()
        found = self[targets] = tuple(map(self.steps.__getitem__, bits(targets)))
        return found


class PromotingRoutes(dict[int, tuple[Move, ...]]):
    """A promoting piece's Routes from one square: ``steps[t]`` its moves to t with their choices, in order."""

    __slots__ = ("steps",)

    def __init__(self, steps: list[tuple[Move, ...]]) -> None:
        super().__init__()
        self.steps = steps

    def __missing__(self, targets: int) -> tuple[Move, ...]:
        if len(self) >= KEPT:
            self.clear()
        found = self[targets] = tuple(chain.from_iterable(map(self.steps.__getitem__, bits(targets))))
        return found


KEPT = 1 << 11  # the most keys a Reach or a Routes keeps


class MoveTables:
    """The tables of a grid's pieces, made once: ``pieces`` maps each piece's code (1 to 255) to how it
    moves and its side (0 or 1, the second's forward mirrored). Squares are the grid's, or ``squares``;
    ``confined``: a piece's leaps, blocked or not, kept to some squares (a palace, its own half; its rides
    and hops are not); ``zoned``: where a piece stands on some squares, how it moves there instead (a
    soldier across the river); ``promotions``: where a piece may or must become another, its moves then
    listed with their choices in ``paths``."""

    def __init__(
        self,
        grid: Grid,
        pieces: Mapping[int, tuple[PieceMoves, int]],
        squares: Iterable[int] = (),
        confined: Mapping[int, int] | None = None,
        zoned: Mapping[int, tuple[int, PieceMoves]] | None = None,
        promotions: Mapping[int, Promotion] | None = None,
    ) -> None:
        on = set(squares) or {s for s in range(grid.size) if grid.on_board[s]}
        confined, zoned = confined or {}, zoned or {}
        n, self.grid = grid.size, grid
        #: Each square's bit; every square as a bitboard; each square's step to each square.
        self.bits = [1 << s for s in range(n)]
        self.everywhere = Grid.mask(on)
        self.steps = [[Move(o, t, ()) for t in range(n)] for o in range(n)]
        #: routes[o][targets]: the moves from o to the squares of ``targets``, in order.
        self.routes = [Routes(row) for row in self.steps]
        #: paths[code][o][targets]: the same for the piece ``code``, with the choices its promotion gives.
        self.paths: list[list[Routes] | list[PromotingRoutes]] = [self.routes] * 256
        self.promoted = list(range(256))  #: promoted[code]: the code it becomes, promoted (itself if it never is)
        for code, up in (promotions or {}).items():
            self.promoted[code] = up.into
            self.paths[code] = [PromotingRoutes(_promoting(row, o, up)) for o, row in enumerate(self.steps)]
        #: A board's bytes translated through sides[side]: 1 on the side's squares, for compress() to walk.
        self.sides = [bytes(c in pieces and pieces[c][1] == side for c in range(256)) for side in (0, 1)]
        self.squares = range(n)
        #: leaps[code][s]: the squares a piece leaps to from s; lines[code][s]: the parts of its attack that
        #: the board stops (each a mask and its Reach); between[code][s]: each square its rides reach (the
        #: board empty), with the squares between.
        self.leaps = [[0] * n for _ in range(256)]
        self.lines: list[list[tuple[tuple[int, Reach], ...]]] = [[()] * n for _ in range(256)]
        self.reaches: list[list[tuple[tuple[int, dict[int, int]], ...]]] = [[()] * n for _ in range(256)]
        self.between: list[list[dict[int, int]]] = [[{}] * n for _ in range(256)]
        #: hopping[code][s]: the same for its hops; legs[code][s]: each square a blocked leap reaches, its leg.
        self.hopping: list[list[dict[int, int]]] = [[{}] * n for _ in range(256)]
        self.legs: list[list[dict[int, int]]] = [[{}] * n for _ in range(256)]
        #: Whether a piece hops or has legs: then a move may need trying (``safety``'s risky squares).
        hows = [how for how, _ in pieces.values()] + [how for _, how in zoned.values()]
        self.screened = any(how.hops or how.legged for how in hows)

        def to(s: int, df: int, dr: int) -> int:  # the square (df, dr) from s, -1 off the board
            f, r = grid.coords(s)
            t = grid.index(f + df, r + dr)
            return t if 0 <= f + df < grid.width and 0 <= r + dr < grid.height and t in on else -1

        def ray(s: int, df: int, dr: int) -> list[int]:
            out = []
            while (s := to(s, df, dr)) >= 0:
                out.append(s)
            return out

        made: dict[tuple[object, ...], tuple[int, Reach]] = {}  # each line's, shared: both sides', a rook's, a queen's

        def part(key: tuple[object, ...], mask: int, walk: Callable[[int], int]) -> tuple[int, Reach]:
            if key not in made:
                made[key] = (mask, Reach(mask, walk))
            return made[key]

        for code, (declared, side) in pieces.items():
            way, within = 1 if side == 0 else -1, confined.get(code, self.everywhere)
            for s in sorted(on):
                zone, instead = zoned.get(code, (0, declared))
                how = instead if zone >> s & 1 else declared
                self.leaps[code][s] = within & Grid.mask(t for f, r in how.leaps if (t := to(s, f, r * way)) >= 0)
                rides = [[r for f, d in line if (r := ray(s, f, d * way))] for line in _lines(how.rides)]
                hops = [[r for f, d in line if (r := ray(s, f, d * way))] for line in _lines(how.hops)]
                legged = [  # the blocked leaps kept within, their legs on the board
                    (t, leg)
                    for (f, r), (lf, lr) in how.legged
                    if (t := to(s, f, r * way)) >= 0 and within >> t & 1 and (leg := to(s, lf, lr * way)) >= 0
                ]
                parts = [
                    part((0, *map(tuple, line)), _mask(r[:-1] for r in line), _rides(line)) for line in rides if line
                ]
                parts += [
                    part((1, *map(tuple, line)), _mask(r[:-1] for r in line), _hops(line)) for line in hops if line
                ]
                if legged:
                    parts.append(part((2, *legged), Grid.mask(leg for _, leg in legged), _legged(legged)))
                self.lines[code][s] = tuple((mask, found) for mask, found in parts if mask or found[0])
                # All of its attack as parts, its leaps one that the board never changes: one loop in reach().
                leaps = ((0, {0: self.leaps[code][s]}),) if self.leaps[code][s] else ()
                self.reaches[code][s] = self.lines[code][s] + leaps
                self.between[code][s] = {r[i]: Grid.mask(r[:i]) for line in rides for r in line for i in range(len(r))}
                self.hopping[code][s] = {r[i]: Grid.mask(r[:i]) for line in hops for r in line for i in range(len(r))}
                self.legs[code][s] = dict(legged)

    def reach(self, code: int, s: int, taken: int) -> int:
        """The squares the piece ``code`` on ``s`` attacks, ``taken`` the board's taken squares."""
        hit = 0
        for mask, found in self.reaches[code][s]:
            hit |= found[taken & mask]
        return hit

    def attacks(
        self, board: bytes, by: int, royal: int = -1, taken: int = -1
    ) -> tuple[int, dict[int, int], list[int], int]:
        """The squares side ``by`` attacks on ``board``, with the other side's royal piece on ``royal`` lifted
        (a line through it goes on, where that piece would step back to); seen from that piece, its side's
        pieces pinned to it, each with the squares it may still go to (its line to the pinner, the pinner's);
        each check by a leap or a ride, as the squares where taking or blocking stops it; and the risky
        squares, where a piece leaving or landing may uncover it to a hop or a blocked leap (every square
        when one attacks it already). ``taken``: the board's taken squares where known."""
        bit, leaps, lines, between, theirs = self.bits, self.leaps, self.lines, self.between, self.sides[by]
        taken = (sum(compress(bit, board)) if taken < 0 else taken) & ~(bit[royal] if royal >= 0 else 0)
        hit, leapt, pins, checks, risky, screened = 0, 0, {}, [], 0, self.screened
        for s in compress(self.squares, board.translate(theirs)):
            code = board[s]
            leapt |= leaps[code][s]
            parts = lines[code][s]
            if parts:
                for mask, found in parts:
                    hit |= found[taken & mask]
                if (on := between[code][s].get(royal)) is not None:  # the royal piece on its line: check or pin
                    if not on & taken:
                        checks.append(on | bit[s])
                    elif not (block := on & taken) & (block - 1) and not theirs[board[b := block.bit_length() - 1]]:
                        pins[b] = on | bit[s]
                if screened:
                    risky |= self._risk(code, s, royal, taken)
        if royal >= 0 and leapt >> royal & 1:  # a leap checks (seldom): which
            checks += [bit[s] for s in compress(self.squares, board.translate(theirs))
                       if leaps[board[s]][s] >> royal & 1 and royal not in between[board[s]][s]]  # fmt: skip
        return hit | leapt, pins, checks, risky

    def _risk(self, code: int, s: int, royal: int, taken: int) -> int:
        """The squares where a piece leaving or landing may let the hopping or legged piece ``code`` on ``s``
        attack ``royal``: those between to land on (no screen yet), or the two screens to leave; its leg, to
        leave; every square if it attacks ``royal`` already."""
        if (on := self.hopping[code][s].get(royal)) is not None:
            screens = (on & taken).bit_count()
            return self.everywhere if screens == 1 else on if screens == 0 else on & taken if screens == 2 else 0
        if (leg := self.legs[code][s].get(royal)) is not None:
            return self.bits[leg] if taken >> leg & 1 else self.everywhere
        return 0

    def safety(self, board: bytes, me: int, royal: int, taken: int = -1) -> tuple[int, dict[int, int], int, int]:
        """What keeps side ``me``'s royal piece on ``royal`` safe: the squares it may not step to, its side's
        pins (each pinned piece's squares), where the other pieces may go (everywhere out of check, the
        squares that stop a single check, none in a double check: the royal piece must move), and the risky
        squares: a move from or to one is legal only if ``safe`` after it (none where pieces leap and ride
        only; every square in check by a hop or a blocked leap)."""
        danger, pins, checks, risky = self.attacks(board, 1 - me, royal, taken)
        stops = self.everywhere if not checks or risky == self.everywhere else checks[0] if len(checks) == 1 else 0
        return danger, pins, stops, risky

    def moves(
        self,
        board: bytes,
        me: int,
        royal: int,
        occupied: tuple[int, int],
        safety: tuple[int, dict[int, int], int, int] | None = None,
    ) -> list[Move]:
        """The legal moves of side ``me`` where every piece moves as it attacks (none with quiet-only moves:
        shogi's, a fairy game's), in order, square by square, each with its promotion's choices (``paths``):
        the royal piece on ``royal`` keeps off the squares attacked, the others go where their pins and what
        stops a check leave them, a move from or to a risky square tried. ``occupied``: each side's squares
        (``occupancy``); ``safety``: the position's, where known."""
        taken, free, reaches, paths = sum(occupied), self.everywhere ^ occupied[me], self.reaches, self.paths
        danger, pins, stops, risky = safety or self.safety(board, me, royal, taken)
        allowed, moves = stops & free, list[Move]()
        for o in compress(self.squares, board.translate(self.sides[me])):  # the pieces' squares, found in C
            piece, targets = board[o], 0
            for mask, found in reaches[piece][o]:  # reach() inlined: most of a playout's time
                targets |= found[taken & mask]
            if o == royal:
                targets &= free & ~danger
            else:
                targets &= allowed if o not in pins else pins[o] & allowed
                for t in bits(targets if risky >> o & 1 else targets & risky) if risky else ():
                    if not self.safe(board, me, royal, o, t):
                        targets &= ~self.bits[t]
            if targets:
                moves += paths[piece][o][targets]
        return moves

    def safe(self, board: bytes, me: int, royal: int, origin: int, to: int) -> bool:
        """Whether moving the piece on ``origin`` to ``to`` leaves side ``me``'s royal piece unattacked."""
        after = bytearray(board)
        after[to], after[origin] = board[origin], 0
        return not self.attacked(bytes(after), to if origin == royal else royal, 1 - me)

    def attacked(self, board: bytes, square: int, by: int) -> bool:
        """Whether side ``by`` attacks ``square``."""
        return self.attacks(board, by, square)[0] >> square & 1 == 1

    def in_check(self, board: bytes, royal: int) -> bool:
        """Whether the piece coded ``royal`` (a king) is on ``board``, attacked by the other side."""
        return royal in board and self.attacked(board, board.index(royal), self.sides[0][royal])

    def taken(self, board: bytes, side: int) -> int:
        """The squares of ``side``'s pieces, as a bitboard."""
        return sum(compress(self.bits, board.translate(self.sides[side])))

    def occupancy(self, state: Any) -> tuple[int, int]:
        """Each side's squares on a state's ``board`` (bytes), as bitboards, kept on the state: where the
        rules put them there ahead (carried from the position before, a few squares changed), else worked
        out once. The state's class is an attrs class with a ``__dict__`` (``slots=False``)."""
        found: tuple[int, int] | None = state.__dict__.get("occupancy")
        if found is None:
            found = state.__dict__["occupancy"] = (self.taken(state.board, 0), self.taken(state.board, 1))
        return found

    def carry(self, before: Any, after: Any, moved: int, lost: int = 0) -> None:
        """Put on ``after`` its occupancy from ``before``'s: the mover's squares (``before.turn``'s) with
        ``moved`` flipped (the squares it left and reached), the other side's less ``lost`` (a piece taken)."""
        first, second = before.__dict__.get("occupancy") or self.occupancy(before)
        after.__dict__["occupancy"] = (
            (first ^ moved, second & ~lost) if before.turn == 0 else (first & ~lost, second ^ moved)
        )


def _promoting(steps: list[Move], o: int, up: Promotion) -> list[tuple[Move, ...]]:
    """Each target's moves from ``o``: promoting (choice 0) then not (1) where ``up`` allows it, promoting
    alone where it forces it, else the plain step."""
    both = [(with_choice(m, 0), with_choice(m, 1)) for m in steps]
    return [
        (m,) if not (up.zone >> o | up.zone >> t) & 1 else both[t][:1] if up.forced >> t & 1 else both[t]
        for t, m in enumerate(steps)
    ]


def _mask(rays: Iterable[list[int]]) -> int:
    return Grid.mask(s for ray in rays for s in ray)


def _lines(directions: tuple[Offset, ...]) -> list[list[Offset]]:
    """The directions as lines: each with its opposite where both are declared (one lookup for the two)."""
    lines: list[list[Offset]] = []
    for f, r in directions:
        if not any((f, r) in line for line in lines):
            lines.append([(f, r), (-f, -r)] if (-f, -r) in directions else [(f, r)])
    return lines


def _rides(rays: list[list[int]]) -> Callable[[int], int]:
    def walk(taken: int) -> int:
        hit = 0
        for ray in rays:
            for s in ray:
                hit |= 1 << s
                if taken >> s & 1:
                    break
        return hit

    return walk


def _hops(rays: list[list[int]]) -> Callable[[int], int]:
    def walk(taken: int) -> int:
        hit = 0
        for ray in rays:
            screened = False
            for s in ray:
                if screened:
                    hit |= 1 << s
                    if taken >> s & 1:
                        break
                elif taken >> s & 1:
                    screened = True
        return hit

    return walk


def _legged(leaps: list[tuple[int, int]]) -> Callable[[int], int]:
    return lambda taken: Grid.mask(t for t, leg in leaps if not taken >> leg & 1)
