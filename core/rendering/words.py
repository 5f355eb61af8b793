"""What is on a square, in words: the accessible name the SVG gives each
square (``c3, chocolate donut``), built from the game's declarations only;
the dice, hands and cards beside the board (a :class:`~boardgames.Card` said
whole: its colour, whether it is done, each box's demand and what is written
in it, its ticks used, its price), and what each clickable site holds
(:func:`sites_words`) where the grid is no board (``Game.board_drawn``)."""

from __future__ import annotations

import functools

import attrs

from ..geometry.grooves import held_names
from ..rules.counts import count_words
from ..rules.declarations import Card, CardBox, Cards, Die
from ..rules.hands import held_kind, held_words
from ..rules.segments import segments_text
from ..rules.stacks import stack_words, stacks_text
from ..rules.view import BoardView
from .sites import groove_names, held_grooves
from .window import cropped


def mark_words(view: BoardView, name: str) -> str:
    """A mark in words: its declared name, or its glyph's words where the name
    is a character (Donuts' ``|`` is a "vertical line")."""
    kind = view.mark_kind(name)
    if kind is None or any(c.isalpha() for c in name):
        return name
    head, _, tail = kind.glyph.partition("-")
    return f"{tail} {head}" if tail else head


def squares_words(view: BoardView) -> dict[int, str]:
    """Each square of the board in words: ``c3, chocolate donut``; ``d4,
    empty``; then what else the board shows there: its mark, overlays, the
    last move, what it changed, the winning line. The view is read once for
    all squares (a page's board names every one, at every move); those of
    its window alone where the game draws only where the play is."""
    view = cropped(view)
    owners, neutral = dict(view.owners), dict(view.neutral)
    extra: dict[int, list[str]] = {}
    for sq, name in view.marks:
        extra.setdefault(sq, []).append(mark_words(view, name))
    for sq, i in view.overlays:
        if i < len(view.overlay_kinds):
            extra.setdefault(sq, []).append(view.overlay_kinds[i].name)
    for squares, words in (
        (view.last, "last move"),
        (view.changed, view.words.changed),
        (view.winning, "winning line"),
        (view.flagged, view.flag),
    ):
        for sq in set(squares):
            extra.setdefault(sq, []).append(words)
    grid, out = view.grid, {}
    bar_of = groove_bars(view) if grid.grooves else {}
    counts = {sq: (n, who) for sq, n, who in view.counts}
    piled = dict(view.stacks)
    for square in range(grid.size):
        if not grid.on_board[square]:
            continue
        if square in counts and view.counted is not None:  # b1, south's pit, 5 seeds
            n, who = counts[square]
            what = count_words(view.counted, n, None if who is None else view.player_name(who))
            if (held := held_kind(view, square)) is not None:  # a hand's site: b1, white's hand, 1 bishop
                what = f"{what.rsplit(', ', 1)[0]}, {held_words(held, n)}"
        elif square in owners:
            who = owners[square]
            player = view.players[who] if who < len(view.players) else f"player {who + 1}"
            what = f"{player} {view.piece_kind(square).name}"
            if square in piled:  # d4, black beetle, a stack of 2: white queen under black beetle
                what = f"{what}, {stack_words(view, piled[square])}"
        elif square in neutral and neutral[square] < len(view.neutral_kinds):
            what = view.neutral_kinds[neutral[square]].name
        else:
            what = "empty"
        if square in bar_of:  # c3ne, wall c3h; an empty groove not a place for a piece: c3ne, crossing of grooves
            what = f"{what} {bar_of[square]}" if what != "empty" else bar_of[square]
        out[square] = ", ".join([grid.name(square), what, *extra.get(square, ())])
    return out


def groove_bars(view: BoardView) -> dict[int, str]:
    """A grooved board's groove sites (``Grid.grooved``), each with the name of the bar lying on it,
    as its players name it (``c3h``: :mod:`..geometry.grooves`), or, empty, what it is: a groove, or
    where grooves cross."""
    grid, kinds = view.grid, view.grid.site_kinds or ()
    empty = {"edge": "groove", "point": "crossing of grooves"}
    said = {sq: empty[kind] for sq, kind in enumerate(kinds) if kind in empty}
    for name, sites in held_names(grid, held_grooves(view)).values():
        said.update((sq, name) for sq in sites if len(sites) > 1)
    return said


def position_words(view: BoardView) -> str:
    """The whole position in a sentence, for a picture that is not interactive:
    each player's pieces, then the neutral ones, by square; then what the
    view shows beside the board (:func:`beside_words`). Where the grid is no
    board (``board_drawn`` False), what is beside it alone."""
    if not view.board_drawn:
        return ". ".join(beside_words(view)) or "nothing on the table"
    owners = dict(view.owners)
    parts = []
    # A grooved board's bars (walls) said as one, by their crossing and way (c3h); else each site's name.
    said = functools.partial(groove_names, view.grid) if view.grid.grooves else lambda held: map(view.grid.name, held)
    for who, player in enumerate(view.players):
        squares = list(said([sq for sq in sorted(owners) if owners[sq] == who]))
        parts.append(f"{player}: {' '.join(squares) if squares else 'none'}")
    for index, kind in enumerate(view.neutral_kinds):
        squares = list(said([sq for sq, i in view.neutral if i == index]))
        if squares:
            parts.append(f"{kind.name}: {' '.join(squares)}")
    if view.counts and view.counted is not None:  # each counted site: a1 4, b1 0...
        mine = view.counted.owned  # whose, where sites change hands: a1 5 white's
        parts.append(f"{view.counted.plural or view.counted.name + 's'}: " + ", ".join(
            f"{view.grid.name(sq)} {n}" + (f" {view.players[who]}'s" if mine and who is not None else "")
            + (f" {held.name}" if (held := held_kind(view, sq)) is not None else "")
            for sq, n, who in view.counts
        ))
    if view.segments:  # the lines drawn between points, by owner (rules.segments)
        parts.append(segments_text(view))
    if view.stacks:  # the piles, bottom to top (rules.stacks)
        parts.append(stacks_text(view))
    return ". ".join(["; ".join(parts), *beside_words(view), *([view.flag] if view.flag else [])])


def die_words(view: BoardView, die: Die) -> str:
    """A die in words: ``yellow 4``, ``3``, ``not rolled``, ``hidden``."""
    value = str(die.value) if die.value > 0 else "hidden" if die.value < 0 else "not rolled"
    return f"{die.name} {value}" if die.name else value


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def card_runs(cards: tuple[str | Card | None, ...]) -> list[tuple[str | Card | None, int]]:
    """Cards as the renderers draw them: each face-up card or empty place
    (``""``) alone, each run of cards face down as one, with its count."""
    runs: list[tuple[str | Card | None, int]] = []
    for card in cards:
        if card is None and runs and runs[-1][0] is None:
            runs[-1] = (None, runs[-1][1] + 1)
        else:
            runs.append((card, 1))
    return runs


#: The signs a card may write between its boxes, in words (another sign is said as it is).
SIGNS = {"<": "less than", ">": "greater than", "=": "equal to", "≠": "not equal to", "≤": "at most", "≥": "at least"}


def colour_names(view: BoardView | None) -> dict[str, str]:
    """The names the view gives its colours (``#f1c40f``: ``yellow``): each
    named die's colour and each card's ``colour_name``, the first named first."""
    names: dict[str, str] = {}
    if view is None:
        return names
    for die in view.dice:
        if die.colour and die.name:
            names.setdefault(die.colour.lower(), die.name)
    for row in (*view.hands, *(r.cards for r in view.market)):
        for card in row:
            if isinstance(card, Card) and card.colour and card.colour_name:
                names.setdefault(card.colour.lower(), card.colour_name)
    return names


def colour_word(colour: str, names: dict[str, str]) -> str:
    """A colour as the view names it, else as it is written (``#f1c40f``)."""
    return names.get(colour.lower(), colour)


def box_words(box: CardBox, names: dict[str, str], card: Card | None = None) -> str:
    """A box on a card: what it demands (``3 yellow``; ``anything``), then
    what is written in it (``(written 3)``) or ``(empty)``; on a card face
    down, what is written alone."""
    if card is not None and card.face_down:
        return f"written {box.written}" if box.written else "empty"
    demand = " ".join(w for w in (box.demand, colour_word(box.colour, names) if box.colour else "") if w)
    return f"{demand or 'anything'} ({f'written {box.written}' if box.written else 'empty'})"


def card_head(card: Card, names: dict[str, str]) -> str:
    """``blue card`` (a card of no colour: ``card``; ``card face down``)."""
    if card.face_down:
        return "card face down"
    colour = card.colour_name or (colour_word(card.colour, names) if card.colour else "")
    return f"{colour} card" if colour else "card"


def empty_place(card: Card) -> bool:
    """Whether ``card`` is an empty place (``Card("", site=s)``): nothing on it to draw."""
    return not (card.text or card.boxes or card.ticks or card.price or card.colour or card.done or card.face_down)


def card_words(card: str | Card | None, count: int = 1, names: dict[str, str] | None = None) -> str:
    """A card in words: its text, ``empty place``, ``3 cards face down``; a
    :class:`~boardgames.Card` whole: ``blue card, done: 2 per completed
    neighbour; 2 boxes: 3 yellow (written 3), less than anything (empty); 1
    of 3 ticks used; price 4 equal dice``."""
    if card is None:
        return f"{_count(count, 'card')} face down"
    if not isinstance(card, Card):
        return card or "empty place"
    names = names or {}
    if card.face_down:  # only what was written on it in public
        if not card.boxes:
            return "card face down"
        written = ", ".join(f"written {b.written}" if b.written else "empty" for b in card.boxes)
        return f"card face down; {len(card.boxes)} box{'' if len(card.boxes) == 1 else 'es'}: {written}"
    if empty_place(card):
        return "empty place"
    head = f"{card_head(card, names)}, {'done' if card.done else 'not done'}"
    parts = [f"{head}: {card.text}" if card.text else head]
    if card.boxes:
        said = []
        for k, box in enumerate(card.boxes):
            sign = card.between[k - 1].strip() if 0 < k <= len(card.between) else ""
            said.append(f"{SIGNS.get(sign, sign)} {box_words(box, names)}" if sign else box_words(box, names))
        parts.append(f"{len(card.boxes)} box{'' if len(card.boxes) == 1 else 'es'}: {', '.join(said)}")
    if card.ticks:
        parts.append(f"{sum(card.ticks)} of {_count(len(card.ticks), 'tick')} used")
    if card.price:
        parts.append(f"price {card.price}")
    return "; ".join(parts)


def cards_words(cards: tuple[str | Card | None, ...], names: dict[str, str] | None = None) -> str:
    """Cards in words, in their order: each face-up card's text (a
    :class:`~boardgames.Card` whole), an empty place as such, each run of
    cards face down as their count (nothing more)."""
    return ", ".join(card_words(card, n, names) for card, n in card_runs(cards)) or "none"


def sites_words(view: BoardView) -> dict[int, str]:
    """What each site of the dice, cards and boxes holds, by site, led by
    its name: ``a1, yellow die 4``; ``d1, box 1 of the blue card in the
    market: 3 yellow (empty)`` (several at one site, all of them)."""
    said: dict[int, list[str]] = {}
    for (site, _), texts in _sites_said(view).items():
        said.setdefault(site, []).extend(texts)
    return {site: ", ".join([*_named(view, site), "; ".join(said[site])]) for site in sorted(said)}


def drawn_sites_words(view: BoardView) -> dict[tuple[int, int | None], str]:
    """As :func:`sites_words`, for each drawing of a site apart: by the site
    and the owner (a player's index, None: no one's) of what draws it, where
    a game draws one site in several places (each player's tableau numbering
    its places alike): ``c3.1, box 1 of the red card in east's tableau``."""
    said = _sites_said(view)
    return {key: ", ".join([*_named(view, key[0]), "; ".join(said[key])]) for key in said}


def _named(view: BoardView, site: int) -> list[str]:
    """A site's name to lead its words: the game's (:meth:`BoardView.site_name`;
    never a grid coordinate where the grid is no board), none for a site the
    game leaves unnamed (its number: what is drawn there names it)."""
    name = view.site_name(site)
    return [] if not view.board_drawn and name == str(site) else [name]


def _sites_said(view: BoardView) -> dict[tuple[int, int | None], list[str]]:
    names = colour_names(view)
    said: dict[tuple[int, int | None], list[str]] = {}
    for die in view.dice:
        if 0 <= die.site < view.grid.size:
            value = die_words(view, attrs.evolve(die, name=""))
            what = owned(view, die.owner, f"{die.name} die" if die.name else "die")
            said.setdefault((die.site, die.owner), []).append(f"{what} {value}" + (", kept" if die.kept else ""))
    rows = [Cards("hand", hand, owner=p) for p, hand in enumerate(view.hands)]
    for row in (*rows, *view.market):
        where = owned(view, row.owner, row.name) if row.owner is not None else f"the {row.name}"
        for card in row.cards:
            if not isinstance(card, Card):
                continue
            if 0 <= card.site < view.grid.size:
                said.setdefault((card.site, row.owner), []).append(f"{card_words(card, names=names)}, in {where}")
            for k, box in enumerate(card.boxes):
                if 0 <= box.site < view.grid.size:
                    head = f"box {k + 1} of the {card_head(card, names)} in {where}"
                    said.setdefault((box.site, row.owner), []).append(f"{head}: {box_words(box, names, card)}")
    return said


def owned(view: BoardView, owner: int | None, what: str) -> str:
    """``north's hand``, or ``what`` alone for what no player owns."""
    return what if owner is None else f"{view.player_name(owner)}'s {what}"


def dice_words(view: BoardView) -> list[tuple[int | None, str]]:
    """The dice in words, one line for each owner's (the shared ones first):
    ``dice: 3, 5, 1; kept: 6, 6``."""
    owners = dict.fromkeys(d.owner for d in view.dice)
    lines = []
    for owner in sorted(owners, key=lambda o: -1 if o is None else o):
        mine = [d for d in view.dice if d.owner == owner]
        rolled = [die_words(view, d) for d in mine if not d.kept]
        kept = [die_words(view, d) for d in mine if d.kept]
        text = ", ".join(rolled) if rolled else "none"
        text += f"; kept: {', '.join(kept)}" if kept else ""
        lines.append((owner, f"{owned(view, owner, 'dice')}: {text}"))
    return lines


def beside_words(view: BoardView) -> list[str]:
    """Everything the view shows beside the board, in words, a line each:
    the dice, each player's hand (a card face down only counted), the cards
    on the table, the running scores."""
    lines, names = [text for _, text in dice_words(view)], colour_names(view)
    for player, hand in enumerate(view.hands):
        lines.append(f"{owned(view, player, 'hand')}: {cards_words(hand, names)}")
    for row in view.market:
        lines.append(f"{owned(view, row.owner, row.name)}: {cards_words(row.cards, names)}")
    if view.scores:
        lines.append(
            "scores: " + ", ".join(f"{view.player_name(p)} {score_text(s)}" for p, s in enumerate(view.scores))
        )
    return lines


def score_text(value: float) -> str:
    """A score as people write it: ``12``, ``7.5``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
