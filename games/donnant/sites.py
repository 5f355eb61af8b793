"""Donnant Donnant's sites, and their names in moves.

The grid only numbers the game's sites (nothing of it is drawn): the five
dice, the eight market slots, the two piles, the 25 places of a tableau's
5 by 5 window (the first card at its centre, c3) and five boxes on each,
the cards by number, and tokens for what is no thing (stop, a joker, a die
read as another value or colour, a die fewer to pay). A move is a
``Move(origin, to, marks)`` of those sites; places and boxes are the
mover's own.
"""

from __future__ import annotations

DICE = 5
ROW_NAMES = ("score", "bonus")
PILE_NAMES = ("scoring", "bonus")
#: A 5 by 5 window of places; the first card at its centre.
WINDOW = 5
CENTRE = 2 * WINDOW + 2
BOXES = 5
#: Ours: a game that no ninth card ends stops after this many rounds (random play may never buy).
ROUND_CAP = 40

# -- the sites --------------------------------------------------------------------------------------
DIE = tuple(range(0, 5))
SLOT = tuple(range(5, 13))
PILE = (13, 14)
PLACES = tuple(range(15, 40))
BOX0 = 40  # BOX0 + place * 5 + box
STOP, JOKER_DICE_T, PUTBACK_T, COMPLETE_T, REMOVE_T, REVEAL_T = range(165, 171)
READ0 = 171  # READ0 + die * 6 + value - 1: a die read as value (the +1/-1 bonus)
RECOLOUR0 = 201  # RECOLOUR0 + die * 5 + colour: a die read as that colour
LESS0 = 225  # LESS0 + n (1-4): n dice fewer (the discount bonus)
SEAT0 = 230  # SEAT0 + player: who chose what, in a reveal
CAT0 = 234  # CAT0 + index of the card in the set


def place_name(i: int) -> str:
    return f"{'abcde'[i // WINDOW]}{i % WINDOW + 1}"


PLACE_OF = {place_name(i): i for i in range(WINDOW * WINDOW)}
KING = tuple(
    tuple(
        (c + dc) * WINDOW + r + dr
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (dc or dr) and 0 <= c + dc < WINDOW and 0 <= r + dr < WINDOW
    )
    for c in range(WINDOW)
    for r in range(WINDOW)
)


def box_site(place: int, box: int) -> int:
    return BOX0 + place * BOXES + box


def slot_name(slot: int) -> str:
    return f"{ROW_NAMES[slot // 4]}{slot % 4 + 1}"


SLOT_OF = {slot_name(s): s for s in range(8)}
