"""Donnant Donnant's cards as data: what each card asks (its objective: a row
of boxes) and what it gives once completed (a bonus, or points at the end).

The set the game ships is ours (RULINGS DD2), one card a line in
``cards.txt``; a player who owns the box may load the printed set from a
file in the same format (``-o cards=FILE``). A file is data, never a
program: it is read whole and checked whole before a game starts, and an
error names the file and the line at fault. It is a file of at most
:data:`CARD_FILE_LIMIT` bytes, never a device or a pipe.

The format, one card a line (``#`` starts a comment; blank lines are
skipped)::

    KIND COLOUR | OBJECTIVE | EFFECT
    scoring yellow | 3y < . < 5     | neighbours 2
    bonus blue     | o=. g=.=.      | adjust 3
    scoring red    | y b . . sum>=18 | colour red 3

- KIND is ``scoring`` (a laurel card) or ``bonus``; COLOUR one of yellow,
  orange, green, blue, red.
- OBJECTIVE: one to five boxes, left to right. A box is a number 1-6 (that
  value), a colour letter y o g b r (that die), both (``3y``), or ``.``
  (anything). Boxes are separated by spaces, or by ``<`` (then between every
  box: the values strictly increase, gaps allowed) or ``=`` (the boxes it
  joins form a group of equal values; a card may have several groups, which
  may hold different values). ``sum>=N`` at the end: all values add up to at
  least N. The objective must be completable with dice 1-6.
- EFFECT of a bonus card: ``adjust N`` (+1/-1 to a die), ``recolour N`` (a
  die as another colour), ``second N`` (a second die as a passive player),
  ``discount N`` (a die fewer to buy), each with N uses (1-9), or ``paint``
  (the card's colour chosen at the end; no uses).
- EFFECT of a scoring card, P its points (1-99): ``neighbours P`` (per
  completed orthogonal neighbour), ``colour C P`` (per card of colour C in
  the tableau), ``neighbour_colour C P`` (per orthogonal neighbour of colour
  C), ``lines P`` (per row or column of three completed cards), ``set P``
  (once for all five colours), ``mono_lines P`` (per row or column of three
  cards of one colour), ``bonuses P`` (per different completed bonus).

A set has exactly 29 scoring and 20 bonus cards (DD1). Cards are numbered
from 0 in the file's order (the number a draw of the card is written as).

(Interface fixed by the lead for issue 40; the format and bodies: the cards helper.)
"""

from __future__ import annotations

import errno
import functools
import os
import re
import stat
from pathlib import Path

import attrs

from boardgames.errors import BoardgamesError

from .objectives import COLOURS, Box, Objective, completable

#: The five dice's colours (DD1: the fifth, red, is ours; objectives.py holds them), and their letters in a card file.
LETTERS = "yogbr"
#: How each colour is drawn.
HEX = {"yellow": "#f2c500", "orange": "#f08a24", "green": "#3a9a4a", "blue": "#2f6fd0", "red": "#d23a3a"}

#: The bonuses (DD10): +1/-1 to a die, a die as another colour, a second
#: die as a passive player, the card's colour chosen at the end, a die fewer
#: to buy.
BONUS_KINDS = ("adjust", "recolour", "second", "paint", "discount")
#: The scoring cards (DD11): per completed orthogonal neighbour; per card of
#: a colour in the tableau; per orthogonal neighbour of a colour; per line
#: (row or column) of three completed cards; for the five colours; per line
#: of three cards of one colour; per different completed bonus.
SCORING_KINDS = ("neighbours", "colour", "neighbour_colour", "lines", "set", "mono_lines", "bonuses")


class CardFileError(BoardgamesError):
    """A card file that cannot be read: the message names the file and the line."""


@attrs.frozen
class Effect:
    """A card's lower part: ``kind`` one of BONUS_KINDS or SCORING_KINDS;
    ``points`` what a scoring card pays (per neighbour, per card, per line,
    once for the set…); ``colour`` the colour a ``colour`` or
    ``neighbour_colour`` card names; ``uses`` a bonus card's tick boxes (3
    for most; 0 for ``paint``)."""

    kind: str
    points: int = 0
    colour: str | None = None
    uses: int = 0


@attrs.frozen
class Card:
    """One card: ``number`` its index in the set (also what a draw of it is
    written as), ``scoring`` (a laurel card) or a bonus card, its own
    ``colour``, its ``objective`` and ``effect``, and the ``line`` of the
    file it came from."""

    number: int
    scoring: bool
    colour: str
    objective: Objective
    effect: Effect
    line: int = 0


SCORING_COUNT, BONUS_COUNT = 29, 20
MAX_BOXES = 5
_BOX = re.compile(r"([1-6]?)([yogbr]?)")
_TOKEN = re.compile(r"sum\s*>=\s*\S*|<|=|[^\s<=]+")
_SUM = re.compile(r"sum\s*>=\s*(\S*)")


def _fail(source: str, line: int, why: str) -> CardFileError:
    return CardFileError(f"{source}:{line}: {why}")


def _colour(word: str) -> str:
    if word not in COLOURS:
        raise ValueError(f"unknown colour {word!r} (one of {', '.join(COLOURS)})")
    return word


def _number(word: str, what: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise ValueError(f"{what} must be a number {low}-{high}, not {word!r}")
    return int(word)


def parse_objective(text: str) -> Objective:
    """An objective written as in a card file (``3y < . < 5``, ``o=. g=.=.``,
    ``y b . . sum>=18``); ValueError saying why not."""
    tokens = _TOKEN.findall(text)
    at_least = 0
    last = _SUM.fullmatch(tokens[-1]) if tokens else None
    if last:
        tokens.pop()
        at_least = _number(last.group(1), "a sum", 1, 30)
    boxes: list[Box] = []
    joins: list[str] = []  # what stands between box i and box i+1: " ", "<" or "="
    expect_box = True
    for token in tokens:
        if _SUM.fullmatch(token):
            raise ValueError("sum>=N goes at the end of the objective")
        if token in "<=":
            if expect_box:
                raise ValueError(f"{token!r} must stand between two boxes")
            joins.append(token)
            expect_box = True
            continue
        if not expect_box:
            joins.append(" ")
        match = _BOX.fullmatch(token)
        if token == ".":
            boxes.append(Box())
        elif match and token:
            value, letter = match.groups()
            boxes.append(Box(int(value) if value else None, COLOURS[LETTERS.index(letter)] if letter else None))
        else:
            raise ValueError(f"bad box {token!r}: a number 1-6 and/or a colour letter (y o g b r), or '.'")
        expect_box = False
    if not boxes:
        raise ValueError("the objective has no box")
    if expect_box:
        raise ValueError(f"{joins[-1]!r} must stand between two boxes")
    if len(boxes) > MAX_BOXES:
        raise ValueError(f"{len(boxes)} boxes: a card has at most {MAX_BOXES}")
    increasing = "<" in joins
    if increasing and set(joins) != {"<"}:
        raise ValueError("'<' goes between every box of an increasing card, never with '=' or a space")
    groups: list[tuple[int, ...]] = []
    for i, join in enumerate(joins):
        if join == "=":
            if groups and groups[-1][-1] == i:
                groups[-1] += (i + 1,)
            else:
                groups.append((i, i + 1))
    objective = Objective(tuple(boxes), increasing, tuple(groups), at_least)
    if not completable(objective, (None,) * len(boxes)):
        raise ValueError("the objective can never be completed with dice 1-6")
    return objective


def parse_effect(text: str, scoring: bool) -> Effect:
    """A card's effect written as in a card file (``neighbours 2``,
    ``colour blue 3``, ``adjust 3``, ``paint``); ValueError saying why not."""
    words = text.split()
    if not words:
        raise ValueError("the effect is missing")
    kind, args = words[0], words[1:]
    kinds = SCORING_KINDS if scoring else BONUS_KINDS
    if kind not in kinds:
        other = "a bonus" if kind in BONUS_KINDS else "a scoring" if kind in SCORING_KINDS else "no"
        card = "scoring" if scoring else "bonus"
        raise ValueError(f"{kind!r} is {other} effect; a {card} card's is one of {', '.join(kinds)}")
    if scoring:
        named = kind in ("colour", "neighbour_colour")
        form = f"{kind} COLOUR POINTS" if named else f"{kind} POINTS"
        if len(args) != (2 if named else 1):
            raise ValueError(f"write {form!r}")
        colour = _colour(args[0]) if named else None
        return Effect(kind, points=_number(args[-1], "points", 1, 99), colour=colour)
    if kind == "paint":
        if args:
            raise ValueError("'paint' takes nothing after it")
        return Effect(kind)
    if len(args) != 1:
        raise ValueError(f"write '{kind} USES'")
    return Effect(kind, uses=_number(args[0], "uses", 1, 9))


def parse_card(text: str, number: int = 0, line: int = 0) -> Card:
    """One card line (comments already removed); ValueError saying why not."""
    parts = text.split("|")
    if len(parts) != 3:
        raise ValueError("a card is 'KIND COLOUR | OBJECTIVE | EFFECT'")
    head = parts[0].split()
    if len(head) != 2 or head[0] not in ("scoring", "bonus"):
        raise ValueError(f"a card starts 'scoring COLOUR' or 'bonus COLOUR', not {parts[0].strip()!r}")
    scoring = head[0] == "scoring"
    return Card(number, scoring, _colour(head[1]), parse_objective(parts[1]), parse_effect(parts[2], scoring), line)


#: The largest card file read, in bytes (a set of 49 cards is about 3,000).
CARD_FILE_LIMIT = 1 << 20


def parse_cards(text: str, source: str = "cards") -> tuple[Card, ...]:
    """Every card of a card file's ``text``, checked whole (29 scoring and 20
    bonus cards, each line well formed); CardFileError ``source:LINE: why``."""
    cards: list[Card] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            cards.append(parse_card(line, len(cards), number))
        except ValueError as error:
            raise _fail(source, number, str(error)) from None
    scoring = sum(card.scoring for card in cards)
    bonus = len(cards) - scoring
    if (scoring, bonus) != (SCORING_COUNT, BONUS_COUNT):
        raise CardFileError(
            f"{source}: {scoring} scoring and {bonus} bonus cards; a set has {SCORING_COUNT} and {BONUS_COUNT} (DD1)"
        )
    return tuple(cards)


def load_cards(path: str | Path) -> tuple[Card, ...]:
    """The cards of the file at ``path`` (CardFileError if it cannot be read):
    a file, not a device or a pipe (which could be endless, or wait for ever),
    of at most :data:`CARD_FILE_LIMIT` bytes, all of them read and no more."""
    try:
        kind = os.stat(path).st_mode
        if stat.S_ISDIR(kind):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(kind):
            raise CardFileError(f"{path}: cannot read the card file: not a file (a device or a pipe)")
        with open(path, "rb") as file:
            data = file.read(CARD_FILE_LIMIT + 1)
    except OSError as error:
        raise CardFileError(f"{path}: cannot read the card file: {error.strerror or error}") from None
    if len(data) > CARD_FILE_LIMIT:
        raise CardFileError(f"{path}: cannot read the card file: larger than {CARD_FILE_LIMIT:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardFileError(f"{path}: cannot read the card file: not UTF-8 text") from None
    return parse_cards(text, str(path))


@functools.cache
def default_cards() -> tuple[Card, ...]:
    """The set the game ships (``cards.txt`` beside this module), read once."""
    return load_cards(Path(__file__).with_name("cards.txt"))


def format_objective(objective: Objective) -> str:
    """The objective as a card file writes it (``3y < . < 5``)."""
    words = []
    for box in objective.boxes:
        word = (str(box.value) if box.value else "") + (LETTERS[COLOURS.index(box.colour)] if box.colour else "")
        words.append(word or ".")
    joins = [" < " if objective.increasing else " "] * (len(words) - 1)
    for group in objective.groups:
        for i in group[:-1]:
            joins[i] = "="
    text = words[0] + "".join(join + word for join, word in zip(joins, words[1:], strict=True))
    return text + (f" sum>={objective.at_least}" if objective.at_least else "")


def format_effect(effect: Effect) -> str:
    """The effect as a card file writes it (``colour blue 3``, ``adjust 3``)."""
    if effect.kind in SCORING_KINDS:
        return " ".join([effect.kind, *([effect.colour] if effect.colour else []), str(effect.points)])
    return effect.kind if effect.kind == "paint" else f"{effect.kind} {effect.uses}"


def format_card(card: Card) -> str:
    """The card as a line of a card file (parse_card reads it back)."""
    kind = "scoring" if card.scoring else "bonus"
    return f"{kind} {card.colour} | {format_objective(card.objective)} | {format_effect(card.effect)}"


_EFFECT_WORDS = {
    "neighbours": "{p} a completed neighbour",
    "colour": "{p} {a} {c} card",
    "neighbour_colour": "{p} {a} {c} neighbour",
    "lines": "{p} a line of three completed cards",
    "set": "{p} for all five colours",
    "mono_lines": "{p} a line of three cards of one colour",
    "bonuses": "{p} a different completed bonus",
    "adjust": "+1 or -1 to a die, {u} uses",
    "recolour": "a die as another colour, {u} uses",
    "second": "a second die as a passive player, {u} uses",
    "paint": "its colour chosen at the end",
    "discount": "a die fewer to buy, {u} uses",
}


def effect_text(effect: Effect) -> str:
    """The effect in words (``2 a completed neighbour``)."""
    article = "an" if (effect.colour or "x")[0] in "aeiou" else "a"
    return _EFFECT_WORDS[effect.kind].format(p=effect.points, a=article, c=effect.colour, u=effect.uses)


def card_text(card: Card) -> str:
    """The card in a line of words: its colour, objective and effect
    (``blue: 3y < . < 5 - 2 a completed neighbour``)."""
    return f"{card.colour}: {format_objective(card.objective)} - {effect_text(card.effect)}"
