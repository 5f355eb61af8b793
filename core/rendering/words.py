"""What is on a square, in words: the accessible name the SVG gives each
square (``c3, chocolate donut``), built from the game's declarations only."""

from __future__ import annotations

from ..rules.declarations import Die
from ..rules.view import BoardView


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
    all squares (a page's board names every one, at every move)."""
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
    ):
        for sq in set(squares):
            extra.setdefault(sq, []).append(words)
    grid, out = view.grid, {}
    for square in range(grid.size):
        if not grid.on_board[square]:
            continue
        if square in owners:
            who = owners[square]
            player = view.players[who] if who < len(view.players) else f"player {who + 1}"
            what = f"{player} {view.piece_kind(square).name}"
        elif square in neutral and neutral[square] < len(view.neutral_kinds):
            what = view.neutral_kinds[neutral[square]].name
        else:
            what = "empty"
        out[square] = ", ".join([grid.name(square), what, *extra.get(square, ())])
    return out


def position_words(view: BoardView) -> str:
    """The whole position in a sentence, for a picture that is not interactive:
    each player's pieces, then the neutral ones, by square; then what the
    view shows beside the board (:func:`beside_words`)."""
    owners = dict(view.owners)
    parts = []
    for who, player in enumerate(view.players):
        squares = [view.grid.name(sq) for sq in sorted(owners) if owners[sq] == who]
        parts.append(f"{player}: {' '.join(squares) if squares else 'none'}")
    for index, kind in enumerate(view.neutral_kinds):
        squares = [view.grid.name(sq) for sq, i in view.neutral if i == index]
        if squares:
            parts.append(f"{kind.name}: {' '.join(squares)}")
    return ". ".join(["; ".join(parts), *beside_words(view)])


def die_words(view: BoardView, die: Die) -> str:
    """A die in words: ``yellow 4``, ``3``, ``not rolled``, ``hidden``."""
    value = str(die.value) if die.value > 0 else "hidden" if die.value < 0 else "not rolled"
    return f"{die.name} {value}" if die.name else value


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def card_runs(cards: tuple[str | None, ...]) -> list[tuple[str | None, int]]:
    """Cards as the renderers draw them: each face-up card or empty place
    (``""``) alone, each run of cards face down as one, with its count."""
    runs: list[tuple[str | None, int]] = []
    for card in cards:
        if card is None and runs and runs[-1][0] is None:
            runs[-1] = (None, runs[-1][1] + 1)
        else:
            runs.append((card, 1))
    return runs


def card_words(card: str | None, count: int = 1) -> str:
    """A card in words: its text, ``empty place``, ``3 cards face down``."""
    if card is None:
        return f"{_count(count, 'card')} face down"
    return card or "empty place"


def cards_words(cards: tuple[str | None, ...]) -> str:
    """Cards in words, in their order: each face-up card's text, an empty
    place as such, each run of cards face down as their count (nothing more)."""
    return ", ".join(card_words(card, n) for card, n in card_runs(cards)) or "none"


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
    lines = [text for _, text in dice_words(view)]
    for player, hand in enumerate(view.hands):
        lines.append(f"{owned(view, player, 'hand')}: {cards_words(hand)}")
    for row in view.market:
        lines.append(f"{owned(view, row.owner, row.name)}: {cards_words(row.cards)}")
    if view.scores:
        lines.append(
            "scores: " + ", ".join(f"{view.player_name(p)} {score_text(s)}" for p, s in enumerate(view.scores))
        )
    return lines


def score_text(value: float) -> str:
    """A score as people write it: ``12``, ``7.5``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
