"""Text rendering of any game's :class:`~boardgames.rules.view.BoardView`.

One renderer for every game: cells are drawn as boxes of four characters
(``[C/]``: brackets, piece, the square's mark), points as pieces joined by
lines (``+---L---+``). The last move is bracketed ``[ ]`` (the rulebook's tip:
mark the last donut), what it changed (flipped, captured: the game's word) is
in ``( )``, legal targets show ``*``, and the line that won the game is in
``< >``. A player's piece of another kind shows the kind's letter (``K`` for
the first player, ``k`` for the others), a neutral piece its own, a square of
a player's territory (an overlay) the player's letter in lower case, an
overlay of no player's ``~`` (a dot in its colour in Unicode), a dead
stone an ``x`` beside it; the legend lists only what the position shows.
Coordinates run along the edges, ``a1`` bottom-left. A hexagonal grid is
drawn in offset rows, each rank two characters (half a cell) right of the one
below, as its cells touch; a player's sides are named in the legend. A
hexagon is drawn without the blank of the rhombus it is cut from, each
outer rank labelled with the files it has.

A :class:`~boardgames.Card` is a line (two if its text is long): its colour
and a check mark once done (``[blue ✓]``, ``[blue done]`` in ASCII), its boxes
(each one's demand, ``3y``: 3 in yellow, ``_`` anything, then what is written
in it in brackets, ``3y(3)``) with the signs between them, its text, its
ticks (``●○○``, ``xoo``) and its price, aligned with the others of its row.
A game whose grid is no board (``Game.board_drawn`` False) is drawn as what
lies beside the board alone: no cells, no coordinates.

Two styles: plain ASCII (for pipes, files and ``NO_COLOR``), and Unicode with
colour for a terminal (``─ │ ╱ ╲`` lines, ``●``/``○`` pieces in the game's
colours, box-drawing points, each legal target a ``•`` on a green ground,
:data:`LEGAL_SGR`, named in the legend).
"""

from __future__ import annotations

import os
import re
import string
from typing import IO, Any

from ..rules.colours import luminance
from ..rules.coordinates import labels
from ..rules.declarations import Card, Cards, Die
from ..rules.hands import held_kind, held_text
from ..rules.segments import segments_text
from ..rules.stacks import height_sign, stacks_text
from ..rules.view import BoardView
from . import sites
from .glyphs import CHESS_SET, glyph_of
from .window import cropped
from .words import card_runs, colour_names, colour_word, die_words, empty_place, owned, score_text

#: A square under a fill overlay of no player's, in ASCII (a player's shows its letter).
NO_PLAYER_FILL = "~"


#: What text read from a file (or a program) may not send to a terminal: the C0
#: controls (ESC starts the sequences that set a window's title, clear the
#: screen, blink), DEL, the C1 controls (U+009B is a one-character ESC [), the
#: line and paragraph separators, and the marks and overrides that reorder text
#: shown right to left (a name that reads backwards, a move that hides another).
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def terminal_safe(text: str, keep: str = "") -> str:
    """``text`` made safe to print: each character of :data:`UNSAFE` (but those
    in ``keep``, say a newline) shown as its escape, ``\\x1b``, ``\\u202e``, so
    that it is seen, never obeyed. Whatever a record, a saved review or an
    outside program says goes through here before it reaches the terminal."""

    def escape(found: re.Match[str]) -> str:
        char = found[0]
        return char if char in keep else char.encode("unicode_escape").decode("ascii")

    return UNSAFE.sub(escape, text)


def _players_legend(view: BoardView, letters: tuple[str, ...]) -> list[str]:
    """Each player in the plain legend: its letter (``B black``), or, where every kind is lettered (no
    piece shows its player's letter) and a kind's letter is a player's too (shogi's B bishop and B
    black), two players by the case the board writes them in: ``black upper case  white lower case``."""
    named = [f"{g} {name}" for g, name in zip(letters, view.players, strict=True)]
    kinds = {kind.letter[-1:].upper() for kind in view.piece_kinds if kind.letter}
    lettered = bool(view.piece_kinds) and all(kind.letter for kind in view.piece_kinds)
    if len(view.players) != 2 or not lettered or not kinds & set(letters):
        return named
    return [f"{view.players[0]} upper case", f"{view.players[1]} lower case"]


def glyphs(players: tuple[str, ...]) -> tuple[str, ...]:
    """One capital letter per player: its initial, or the next free letter."""
    out: list[str] = []
    for name in players:
        letter = next(
            (c.upper() for c in name + string.ascii_lowercase if c.isalpha() and c.upper() not in out),
            "?",
        )
        out.append(letter)
    return tuple(out)


def wants_unicode(stream: IO[str]) -> bool:
    """Unicode and colour on a terminal, unless NO_COLOR is set (no-color.org)."""
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


def _ansi(text: str, hex_colour: str | None = None, bold: bool = False, dim: bool = False) -> str:
    codes = []
    if bold:
        codes.append("1")
    if dim:
        codes.append("2")
    if hex_colour and re.fullmatch("#[0-9a-fA-F]{6}", hex_colour):  # a colour written otherwise: not painted
        r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
        codes.append(f"38;2;{r};{g};{b}")
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


#: A legal target on a colour terminal: bold, black on a green ground, in the
#: 16 colours every colour terminal has. A dot in a colour of 24 bits alone was
#: told from an empty square's dim ``·`` by its colour only, which a terminal
#: without those colours drops (or reads ``38;2;...`` as dim).
LEGAL_SGR = "1;30;42"


def legal_marker(unicode: bool) -> str:
    """How a legal target is drawn: ``•`` on a green ground on a colour terminal, else ``*``."""
    return f"\x1b[{LEGAL_SGR}m•\x1b[0m" if unicode else "*"


def _point(file: int, rank: int, width: int, height: int) -> str:
    """The box-drawing character of an empty point: corners, edges, crossings."""
    top, bottom = rank == height - 1, rank == 0
    left, right = file == 0, file == width - 1
    rows = ("┌┬┐", "├┼┤", "└┴┘")
    row = rows[0] if top else rows[2] if bottom else rows[1]
    return row[0] if left else row[2] if right else row[1]


def render_text(view: BoardView, unicode: bool = False) -> str:
    whole, view = view, cropped(view)  # a game drawn only where the play is: its window alone
    windowed = view is not whole
    if not view.board_drawn:  # the grid only numbers sites: what lies on the table alone
        beside = _beside(view, unicode, _ansi if unicode else (lambda text, *a, **k: text))
        return "\n".join(text.rstrip() for text in beside or ["     nothing on the table"])
    grid = view.grid
    owner = dict(view.owners)
    neutral = dict(view.neutral)
    kinds = dict(view.kinds)
    overlay = dict(view.overlays)
    mark = dict(view.marks)
    last, changed, targets = set(view.last), set(view.changed), set(view.targets)
    winning = set(view.winning)
    piled = dict(view.stacks)
    counted = {sq: count_text(n) for sq, n, _ in view.counts}
    letters = glyphs(view.players)
    owned = view.counted is not None and view.counted.owned
    if owned:  # whose they are too, in the cell's last column: ` 3W`, `15B`
        mine = view.symbol_of if unicode else letters.__getitem__
        counted = {sq: f"{n:>2}{'' if who is None else mine(who)}".rjust(3)[-3:] for sq, n, who in view.counts}
    for sq, n, who in view.counts:  # pieces in hand: the kind's letter, then the number (P 2, b 1)
        if (held := held_kind(view, sq)) is not None:
            counted[sq] = held_text(held, who, n)
    points = grid.kind == "points"
    linked, lattice = bool(grid.links), grid.site_kinds is not None  # a graph of sites (rendering.sites)
    paint = _ansi if unicode else (lambda text, *a, **k: text)

    def piece(sq: int, file: int, rank: int) -> str:
        if sq in owner:
            who = owner[sq]
            index = kinds.get(sq, 0)  # a square the game leaves out holds the first kind
            kind = view.piece_kinds[index] if index < len(view.piece_kinds) else None
            if unicode:
                symbol = kind.symbol if kind is not None and kind.symbol else view.symbol_of(who)
                if kind is not None and kind.shape in CHESS_SET:  # the chess set's glyph, outlined for a light side
                    symbol = glyph_of(kind.shape, luminance(view.colour_of(who)) > 0.5) or symbol
                return paint(symbol, view.colour_of(who), bold=True)
            if kind is not None and kind.letter:
                return kind.letter.upper() if who == 0 else kind.letter.lower()
            return letters[who]
        if sq in neutral and neutral[sq] < len(view.neutral_kinds):
            kind = view.neutral_kinds[neutral[sq]]
            if unicode:
                return paint(kind.symbol or "■", kind.colour, bold=True)
            return kind.letter or "#"
        if sq in overlay and overlay[sq] < len(view.overlay_kinds) and sq not in targets:  # a legal point shows *
            cover = view.overlay_kinds[overlay[sq]]
            if cover.cover == "fill" and cover.player is not None and cover.player < len(letters):
                if unicode:
                    return paint("·", view.colour_of(cover.player), bold=True)
                return letters[cover.player].lower()
            if cover.cover == "fill":  # no player's: in its own colour, as the SVG washes it
                return paint("·", cover.colour, bold=True) if unicode else NO_PLAYER_FILL
        if sq in targets:
            return legal_marker(unicode)
        if points:
            corner = sites.point_char(grid, file, rank) if linked else _point(file, rank, grid.width, grid.height)
            return paint(corner, dim=True) if unicode else "+"
        return paint("·", dim=True) if unicode else "."

    def sign_of(sq: int) -> str:
        """The fourth character of a cell: a dead stone's ``x``, else the square's mark."""
        cover = view.overlay_kinds[overlay[sq]] if sq in overlay and overlay[sq] < len(view.overlay_kinds) else None
        if cover is not None and cover.cover == "cross" and (sq in owner or sq in neutral):
            return paint("x", cover.colour, bold=True) if unicode else "x"
        kind = view.mark_kind(mark[sq]) if sq in mark else None
        if kind is None:  # a pile's height beside its top piece (rules.stacks): B2
            return paint(height_sign(len(piled[sq])), bold=True) if sq in piled else " "
        return paint(kind.unicode or kind.text, kind.colour) if unicode else kind.text

    link = paint("─", dim=True) if unicode else "-"
    hexagonal = grid.basis == "hex"
    # Blocks of square cells (Game.blocks): a column between blocks of files, a row between blocks of ranks.
    blocks = view.blocks if view.blocks and not (points or hexagonal or linked or lattice) else None

    def gap(file: int) -> int:
        """The columns the blocks' borders add before ``file``'s cells."""
        return file // blocks[0] if blocks else 0

    # The files each rank has cells in.
    files_in = [[f for f in range(grid.width) if grid.on_board[grid.index(f, r)]] for r in range(grid.height)]
    # The ranks drawn, bottom and top: those with no cell above and below the rest are left out (a board
    # cropped to where the play is, Game.drawn_within); a points board keeps its lines' every rank.
    filled = [r for r, files in enumerate(files_in) if files] or [0]
    bottom, top = (0, grid.height - 1) if grid.kind == "points" else (filled[0], filled[-1])
    # The blank before the row that starts furthest left is cut from every row (a hexagon of
    # side 8: 67 columns, not 96), and a row ends at its last cell.
    crop = min((2 * r if hexagonal else 0) + 4 * files[0] + gap(files[0]) for r, files in enumerate(files_in) if files)

    # Square cells stand in columns: the top and bottom rows name every file with a cell (a morris
    # board's b and f too). Hexagons lean: those rows name the files of their own rank.
    columns = sorted({f for files in files_in for f in files})

    file_labels, rank_labels = labels(grid, view.coordinates)  # the game's own (shogi's 9..1, a..i) or the grid's

    # A board cropped to where the play is names every file on its top or bottom row, none inside: its
    # files are lettered as the pieces are (Hive's g, b, a). The top row names those the bottom one does not.
    beyond = set(columns) - set(files_in[bottom]) if windowed and hexagonal else set()

    def files_of(rank: int) -> str:
        """The letters of the files that ``rank`` has, each over its cells in that rank (its column on the top
        row of a cropped board: where the file's cell would be)."""
        files = sorted(set(files_in[rank]) | (beyond if rank == top else set())) if hexagonal else columns
        shift = (2 * rank if hexagonal else 0) - crop
        if not files:
            return ""
        out = [" "] * (shift + 4 * files[-1] + gap(files[-1]) + 1)
        for f in files:
            out[shift + 4 * f + gap(f)] = file_labels[f] or " "
        return "     " + "".join(out)

    # A file that neither the top nor the bottom rank has (a star's side points) is named just
    # above its top cell, where its next cell would be: every file is named once.
    named = set(files_in[top]) | set(files_in[bottom]) | beyond if hexagonal else set(columns)
    tops: dict[int, list[int]] = {r: [] for r in range(grid.height)}  # rank -> the files named on it
    for f in range(grid.width):
        ranks = [r for r in range(grid.height) if grid.on_board[grid.index(f, r)]]
        if ranks and f not in named and not linked:
            tops[ranks[-1] + 1].append(f)

    def joined(file: int, rank: int) -> bool:
        """Whether a line runs from ``file`` to the next along ``rank``: the declared links', or every one."""
        if linked:
            return (file, rank) in sites.segments(grid)[0]
        return holes is None and 0 <= file < grid.width - 1  # a board of chosen points: holes, no line

    bar = paint("│", dim=True) if unicode else "|"
    # A board of chosen points (TwixT's holes) draws no line between them: no vertical joins.
    holed = points and not linked and grid.chosen is not None
    holes: frozenset[tuple[int, int]] | None = frozenset() if holed else None
    if grid.grooves:  # a board of cells with grooves between (Grid.grooved), drawn by its cells
        lines = sites.grooves_rows(view, unicode, paint, piece, legal_marker(unicode))
    else:
        lines = sites.lattice_rows(view, unicode, paint, letters, legal_marker(unicode)) if lattice else []
    lines += [] if lattice else [files_of(top)]
    for rank in () if lattice else reversed(range(bottom, top + 1)):
        row = []
        # Square cells stand in columns, so every row runs to the last column with a cell: a rank whose
        # last cells are off the board (a hand's rank with no site in it) keeps its label in line.
        ends = files_in[rank] if hexagonal else columns
        last_file = grid.width - 1 if linked else max((ends or [-1])[-1], *tops[rank], -1)
        for file in range(last_file + 1):  # to the rank's last cell
            sq = grid.index(file, rank)
            if blocks and file and file % blocks[0] == 0:
                row.append(paint("│", dim=True) if unicode else "|")
            if not grid.on_board[sq]:
                # Off the board before a cell of the rank: room kept, a declared link passing through drawn,
                # or the name of the file below.
                if file in tops[rank]:
                    row.append(f" {paint(file_labels[file], dim=True)}  ")
                else:
                    row.append(sites.passing(grid, file, rank, link, bar) if linked else "    ")
                continue
            left, right = (
                ("<", ">") if sq in winning else ("[", "]") if sq in last else ("(", ")") if sq in changed else ("", "")
            )
            if unicode and left:
                left, right = paint(left, "#ffd700", bold=True), paint(right, "#ffd700", bold=True)
            if sq in counted:  # a count of pieces: its number in the cell's two middle columns
                number = counted[sq]
                if not owned and len(number) > 3:  # 1000 to 9999 (a 2048 tile): the whole cell, no room for a mark
                    row.append(number)
                    continue
                if not owned and len(number) > 2:  # 100 to 999: the number takes the right mark's column
                    left, right = left or ("*" if sq in targets else " "), ""
                    row.append(f"{left}{number}")
                    continue
                if unicode and sq in targets:  # on green, as a legal square's dot
                    number = f"\x1b[{LEGAL_SGR}m{number}\x1b[0m"
                elif sq in targets and not left:  # a * before it where no bracket stands
                    left = "*"
                row.append(f"{left or ' '}{number}{'' if owned else right or ' '}")
                continue
            if points:  # the brackets sit on the lines that join the points
                inner = joined(file, rank)
                before = left or (link if joined(file - 1, rank) else " ")
                after = right or (link if inner else " ")
                row.append(f"{before}{piece(sq, file, rank)}{after}{link if inner else ' '}")
            else:
                left, right, body, sign = left or " ", right or " ", piece(sq, file, rank), sign_of(sq)
                if sign == " " and visible_width(body) == 2:  # a letter of two (shogi's +P) takes the mark's column
                    sign = ""
                row.append(f"{left}{body}{sign}{right}")
        indent = " " * 2 * rank if hexagonal else ""
        cells = (indent + "".join(row))[crop:]  # what is cut is blank: no colour code in it
        lines.append(f"{rank_labels[rank]:>3} {cells}  {rank_labels[rank]}")
        if blocks and rank and rank % blocks[1] == 0:  # the border under a block of ranks
            across, cross = ("────", "┼") if unicode else ("----", "+")
            border = "".join((cross if f and f % blocks[0] == 0 else "") + across for f in range(grid.width))
            lines.append("    " + paint(border[crop:], dim=True))
        if points and rank > 0:
            up = sites.segments(grid)[1] if linked else holes
            between = [
                f" {paint(sites.crossing(grid, f, rank - 1, unicode), dim=True)} " if linked else "   "
                for f in range(grid.width)
            ]
            lines.append(
                "     "
                + "".join(
                    (bar if up is None or (f, rank - 1) in up else " ") + (between[f] if f < grid.width - 1 else "")
                    for f in range(grid.width)
                )
            )
    lines += [] if lattice else [files_of(bottom)]
    if unicode:
        legend = "  ".join(
            f"{paint(view.symbol_of(i), view.colour_of(i), bold=True)} {name}" for i, name in enumerate(view.players)
        )
    else:
        legend = "  ".join(_players_legend(view, letters))
    legend += _kinds_legend(view, letters, unicode, paint)
    if view.counts and view.counted is not None:  # the numbers: what they count, once
        legend += f"  n {view.counted.plural or view.counted.name + 's'}"
    shown = (
        (set(view.last) - set(view.winning), "[ ] last move"),  # a winning square shows < > instead
        (set(view.changed) - set(view.last) - set(view.winning), f"( ) {view.words.changed}"),  # as drawn
        (view.targets, f"{legal_marker(True)} legal move (on green)" if unicode else "* legal"),
        (view.winning, "< > winning line"),
    )
    marks = "  ".join(text for present, text in shown if present)  # only what the board shows
    line = f"     {legend}" + (f"   {marks}" if marks else "")
    if visible_width(line) <= WIDTH:
        lines.append(line)
    else:  # many players: the legend wrapped, every player named
        if unicode:
            players = [
                f"{paint(view.symbol_of(i), view.colour_of(i), bold=True)} {name}"
                for i, name in enumerate(view.players)
            ]
        else:
            players = _players_legend(view, letters)
        rest = [item for item in _kinds_legend(view, letters, unicode, paint).split("  ") if item]
        rest += [text for present, text in shown if present]
        lines += _wrap("", [*players, *rest])
    sides = _sides(view, grid.width, grid.height)
    if sides:
        lines.append(f"     {sides}")
    if view.segments:  # the lines drawn between points, listed: a terminal cannot draw a knight's move
        head, _, listed = segments_text(view).partition(": ")
        lines += _wrap(f"{head}: ", listed.split(" "), sep=" ")
    if view.stacks:  # what lies under each pile's top piece, bottom to top
        head, _, listed = stacks_text(view).partition(": ")
        lines += _wrap(f"{head}: ", listed.split("; "), sep="; ")
    lines += _beside(view, unicode, paint)
    if view.flag:  # what the game flags (a king in check), in words
        lines.append(view.flag)
    return "\n".join(text.rstrip() for text in lines)


def count_text(n: int) -> str:
    """A count in a cell: two columns, right-aligned (`` 5``, ``48``), so that
    the columns stay aligned; 100 to 9999 take the cell's mark columns too
    (``128``, ``2048``); past that, ``>>`` (the words and JSON say it)."""
    return f"{n:>2}" if n < 100 else str(n) if n < 10000 else ">>"


#: The widest line the renderer writes beneath the board before it wraps (a terminal of 80 columns).
WIDTH = 78
_SGR = re.compile("\x1b\\[[0-9;]*m")
#: A die's face in Unicode, 1 to 6 (a die of more faces shows its number).
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def visible_width(text: str) -> int:
    """How many columns ``text`` takes on a terminal, its colour codes left out."""
    return len(_SGR.sub("", text))


def _wrap(head: str, items: list[str], sep: str = "  ") -> list[str]:
    """``head`` and ``items`` in lines of at most :data:`WIDTH` columns, indented
    as the legend is (an item longer than a line gets a line of its own)."""
    lines, line, fresh = [], f"     {head}", True  # fresh: nothing on the line yet but its head
    for item in items:
        joined = f"{line}{'' if fresh else sep}{item}"
        if visible_width(joined) > WIDTH and not fresh:
            lines.append(line + sep.rstrip())  # a list's comma ends the line it breaks
            joined = f"       {item}"
        line, fresh = joined, False
    lines.append(line)
    return lines


def _die(view: BoardView, die: Die, unicode: bool, paint: Any) -> str:
    """A die: its face (``⚂``) in its colour on a terminal, else its number; ``-`` not rolled."""
    if not unicode:
        return die_words(view, die)
    face = DIE_FACES[die.value - 1] if 1 <= die.value <= 6 and die.faces <= 6 else str(die.value or "-")
    face = "?" if die.value < 0 else face
    colour = die.colour or (view.colour_of(die.owner) if die.owner is not None else None)
    shown = paint(face, colour, bold=True)
    return f"{terminal_safe(die.name)} {shown}" if die.name else shown


def _beside(view: BoardView, unicode: bool, paint: Any) -> list[str]:
    """What the view shows beside the board, under it: the dice (each owner's
    apart, the kept ones after ``kept:``), each hand (a card face down only
    counted), the cards on the table (a tableau in its rows), the scores."""
    lines: list[str] = []

    def who(owner: int | None, what: str) -> str:
        said = terminal_safe(owned(view, owner, what))
        if unicode and owner is not None:
            return f"{paint(view.symbol_of(owner), view.colour_of(owner), bold=True)} {said}"
        return said

    owners = sorted(dict.fromkeys(d.owner for d in view.dice), key=lambda o: -1 if o is None else o)
    for owner in owners:
        mine = [d for d in view.dice if d.owner == owner]
        rolled = [_die(view, d, unicode, paint) for d in mine if not d.kept]
        kept = [_die(view, d, unicode, paint) for d in mine if d.kept]
        sep = " " if unicode else ", "
        text = f"{who(owner, 'dice')}: {sep.join(rolled) if rolled else 'none'}"
        lines.append(f"     {text}" + (f"; kept: {sep.join(kept)}" if kept else ""))
    hands = [Cards("hand", hand, owner=player) for player, hand in enumerate(view.hands)]
    for row in (*hands, *view.market):  # a hand is drawn as the cards on the table are
        if any(isinstance(card, Card) for card in row.cards):  # cards with boxes: one a line, aligned
            lines.append(f"     {who(row.owner, row.name)}:")
            lines += _rich_cards(view, row, unicode, paint)
        elif row.columns > 0 and row.cards:
            lines.append(f"     {who(row.owner, row.name)}:")
            cells = [_card(card) if card is not None else "face down" for card in row.cards]
            wide = max(len(c) for c in cells)
            for k in range(0, len(cells), row.columns):
                lines.append("       " + " | ".join(c.ljust(wide) for c in cells[k : k + row.columns]))
        else:
            lines += _wrap(
                f"{who(row.owner, row.name)}: ", [_card(c, n) for c, n in card_runs(row.cards)] or ["none"], ", "
            )
    if view.scores:
        items = []
        for player, score in enumerate(view.scores):
            name = terminal_safe(view.player_name(player))
            mark = paint(view.symbol_of(player), view.colour_of(player), bold=True) + " " if unicode else ""
            items.append(f"{mark}{name} {score_text(score)}")
        lines += _wrap("scores: ", items, ", ")
    return lines


def _card_fields(card: Card, names: dict[str, str], unicode: bool, paint: Any) -> list[str]:
    """A card's parts as the text draws them: its colour and check mark, its
    boxes, its text, its ticks, its price (empty where it has none)."""
    if card.face_down:  # a back, and what is written in its boxes: nothing else of it is in the view
        written = " ".join(f"({terminal_safe(b.written)})" if b.written else "_" for b in card.boxes)
        return [paint("[face down]", None, bold=True), written, "", "", ""]
    colour = card.colour_name or (colour_word(card.colour, names) if card.colour else "")
    tag = " ".join(w for w in (terminal_safe(colour), ("✓" if unicode else "done") if card.done else "") if w)
    boxes = []
    for k, box in enumerate(card.boxes):
        if k:
            sign = card.between[k - 1] if k <= len(card.between) else " "
            boxes.append(terminal_safe(sign.strip() or " "))
        letter = ""
        if box.colour:
            word = colour_word(box.colour, names)
            letter = word[0].lower() if word[:1].isalpha() else "?"
        demand = terminal_safe(box.demand) + letter
        written = f"({terminal_safe(box.written)})" if box.written else ""
        shown = demand + written if demand or written else "_"
        if unicode:  # the demand in the colour asked for, what is written in bold
            shown = (paint(demand, box.colour or None) if demand else "" if written else "_") + (
                paint(written, bold=True) if written else ""
            )
        boxes.append(shown)
    ticks = "".join(("●" if t else "○") if unicode else ("x" if t else "o") for t in card.ticks)
    price = f"price {terminal_safe(card.price)}" if card.price else ""
    head = paint(f"[{tag}]", card.colour or None, bold=True) if tag else ""
    return [head, "".join(boxes), terminal_safe(card.text), ticks, price]


def _rich_cards(view: BoardView, row: Cards, unicode: bool, paint: Any) -> list[str]:
    """A row of cards where some are :class:`~boardgames.Card`: one a line
    (its text on a second where the line would pass :data:`WIDTH`), the
    colours and the boxes of all in columns; a tableau's rows numbered."""
    names = colour_names(view)
    runs = [(c, 1) for c in row.cards] if row.columns > 0 else card_runs(row.cards)
    fields = [_card_fields(c, names, unicode, paint) if isinstance(c, Card) else None for c, _ in runs]
    wide = [max((visible_width(f[i]) for f in fields if f is not None), default=0) for i in range(2)]
    lines = []
    for k, ((card, count), parts) in enumerate(zip(runs, fields, strict=True)):
        lead = "       "
        if row.columns > 0:
            number = f"{k // row.columns + 1}:" if k % row.columns == 0 else ""
            lead += number.ljust(len(f"{(len(runs) - 1) // row.columns + 1}:") + 1)
        empty = isinstance(card, Card) and empty_place(card)
        if parts is None or empty:
            lines.append(lead + _card(card, count))
            continue
        padded = [p + " " * (wide[i] - visible_width(p)) if i < 2 and wide[i] else p for i, p in enumerate(parts)]
        head = " ".join(p for p in padded[:2] if p)
        rest = [p for p in parts[2:] if p]
        line = " | ".join([head, *rest]) if head else " | ".join(rest)
        if visible_width(lead + line) > WIDTH and parts[2]:  # the text on a line of its own
            lines.append(lead + " | ".join([head, *(p for p in parts[3:] if p)]))
            lines.append(" " * (len(lead) + 2) + parts[2])
        else:
            lines.append(lead + line)
    return lines


def _card(card: str | Card | None, count: int = 1) -> str:
    """A card: its text, ``(empty)`` for an empty place, ``2 face down`` for cards face down."""
    if card is None or isinstance(card, Card) and card.face_down:
        return f"{count} face down"
    text = card.text if isinstance(card, Card) else card
    return terminal_safe(text) if text else "(empty)"


def _kinds_legend(view: BoardView, letters: tuple[str, ...], unicode: bool, paint: Any) -> str:
    """The kinds, neutral pieces and overlays that the position shows, each once."""
    out = []
    owner = dict(view.owners)
    kind_of = dict(view.kinds)
    # The first kind where the game leaves a square out, when it declares a letter or symbol to show.
    first = view.piece_kinds[0] if view.piece_kinds else None
    drawn = first is not None and bool(first.letter or (unicode and first.symbol))
    lettered = {sq: 0 for sq in owner if sq not in kind_of} if drawn else {}
    lettered |= kind_of
    for index in sorted(set(lettered.values())):
        if index < len(view.piece_kinds):
            kind = view.piece_kinds[index]
            if unicode and kind.symbol:
                out.append(f"{kind.symbol} {kind.name}")
                continue
            # As the board writes it: the first player's in capitals, the others' in small letters.
            seats = sorted({owner.get(sq, 0) for sq, k in lettered.items() if k == index})
            letter = kind.letter or "?"
            cases = dict.fromkeys(letter.upper() if seat == 0 else letter.lower() for seat in seats)
            out.append(f"{'/'.join(cases)} {kind.name}")
    for index in sorted({kind for _, kind in view.neutral}):
        if index < len(view.neutral_kinds):
            kind = view.neutral_kinds[index]
            glyph = paint(kind.symbol or "■", kind.colour, bold=True) if unicode else kind.letter or "#"
            out.append(f"{glyph} {kind.name}")
    for name in sorted({name for _, name in view.marks}):
        mark = view.mark_kind(name)
        if mark is not None and mark.name != mark.text:  # a line drawn as its own character needs no words
            out.append(f"{paint(mark.unicode or mark.text, mark.colour) if unicode else mark.text} {mark.name}")
    targets = set(view.targets)  # a legal point shows * over a wash of territory
    kinds = view.overlay_kinds
    shown = {i for sq, i in view.overlays if i < len(kinds) and (sq not in targets or kinds[i].cover == "cross")}
    for index in sorted(shown):
        cover = kinds[index]
        if cover.cover == "cross":
            out.append(f"x {cover.name}")
        elif cover.player is not None and cover.player < len(letters):
            out.append(f"{letters[cover.player].lower()} {cover.name}")
        elif cover.player is None:
            out.append(f"{paint('·', cover.colour, bold=True) if unicode else NO_PLAYER_FILL} {cover.name}")
    return "".join(f"  {item}" for item in out)


def _sides(view: BoardView, width: int, height: int) -> str:
    """``red joins ranks 1 and 11; blue joins files a and k``: the sides of ``view.edges``."""
    names = {
        "south": "rank 1",
        "north": f"rank {height}",
        "west": f"file {view.grid.files[0]}",
        "east": f"file {view.grid.files[-1]}",
        "southwest": "the southwest side",  # a hexagon's cut sides (Grid.edge)
        "northeast": "the northeast side",
    }
    owned: dict[int, list[str]] = {}
    for side, who in sorted(
        view.edges, key=lambda edge: list(names).index(edge[0]) if edge[0] in names else len(names)
    ):
        if side in names and who < len(view.players):
            owned.setdefault(who, []).append(names[side])
    return "; ".join(f"{view.players[who]} joins {' and '.join(sides)}" for who, sides in sorted(owned.items()))
