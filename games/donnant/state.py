"""Donnant Donnant's position: the dice, the market and piles, each player's
hand and tableau, and where the turn stands (RULINGS DD4-DD14).

Everything is a tuple of numbers, so that a position is cheap to copy
(``attrs.evolve``) and to hash. A card is its number in the set; a card
nobody may see is :data:`UNKNOWN_SCORING` or :data:`UNKNOWN_BONUS` (which
pile it belongs to is public: one sees which pile a card goes under).
"""

from __future__ import annotations

import attrs

from boardgames import Move, State

#: A card face down in a view: a scoring card, a bonus card.
UNKNOWN_SCORING, UNKNOWN_BONUS = -1, -2
#: A simultaneous choice made but not yet shown to this viewer.
CHOSEN = Move(-3, -1)

#: Where a turn stands (``DonnantState.phase``).
FIRST = 0  # chance picks the first player
PUTBACK = 1  # every player at once puts one of four cards back (DD4)
LAY = 2  # in turn order, each lays its three cards one at a time (DD4)
ACTIVE = 3  # the active player: reroll, stop, or a joker after the third roll (DD5, DD9)
PASSIVE = 4  # the others at once: a die just rolled into a box, or decline (DD8)
SECOND = 5  # those with a "second" bonus: another die just rolled (DD10)
USE = 6  # buy, complete, or end the turn (DD6, DD7)
PLACE = 7  # place the card just bought (DD7)
COMPLETE = 8  # write dice on the card being completed until it is (DD6)
JOKER_DICE = 9  # up to two dice written as a passive player (DD9)
JOKER_CARD = 10  # the card drawn by the joker: place it or put it back (DD9)
SOLO_WRITE = 11  # solo's passive turn: write up to 3/2/1 of the five dice (DD14)
SOLO_REMOVE = 12  # solo: remove the far-end card of a market row (DD14)

#: A place of a tableau: None, or (card number, values written in its boxes, bonus uses ticked).
Slot = tuple[int, tuple[int | None, ...], int] | None


@attrs.frozen(kw_only=True, slots=False)
class DonnantState(State):
    phase: int = FIRST
    #: The player who began the game, and whose turn it is (solo: 0).
    first: int = 0
    active: int = 0
    #: Full rounds played (solo: turns played, that is cards removed).
    rounds: int = 0
    #: The round after which the game ends (-1: not yet decided; DD12, DD14).
    last_round: int = -1
    #: The five dice's values (0: not rolled this turn), the rolls made this
    #: turn, the dice the last roll rolled (a mask), those still to roll (die
    #: indices: each its own chance event), and the dice used (a mask).
    dice: tuple[int, ...] = (0, 0, 0, 0, 0)
    rolls: int = 0
    just: int = 0
    to_roll: tuple[int, ...] = ()
    used: int = 0
    #: Cards still to draw: (pile, where) with where a market slot 0-7, 100 + p
    #: a player's hand, 200 the joker's card.
    to_draw: tuple[tuple[int, int], ...] = ()
    #: Each pile's cards (a sorted set: a draw takes any of them), and the
    #: cards put back under it, in order (drawn once the rest is gone).
    piles: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    bottoms: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    #: The market: slots 0-3 the scoring row, 4-7 the bonus row, slot 0 and 4
    #: nearest their pile; -1 an empty slot.
    market: tuple[int, ...] = (-1,) * 8
    #: Each player's cards in hand (dealt at set-up, not yet laid).
    hands: tuple[tuple[int, ...], ...] = ()
    #: Each player's tableau: 25 places (a 5 by 5 window, column-major), each a Slot.
    tableaux: tuple[tuple[Slot, ...], ...] = ()
    #: Players still to choose at once (the first is ``turn``), the choices
    #: made so far (by player; None: none), and the die each passive player
    #: wrote in the first round (-1: none), for a "second" die.
    pending: tuple[int, ...] = ()
    choices: tuple[Move | None, ...] = ()
    took: tuple[int, ...] = ()
    #: The card to place (bought, or drawn by the joker), its pile, the place
    #: of the card being completed, and writes left (joker, solo).
    holding: int = -1
    holding_pile: int = -1
    completing: int = -1
    writes: int = 0
    #: Solo: the rerolls of the last active turn, and the cards removed (their count, and
    #: the cards, set aside face up: seen by all, out of the piles, DD14).
    rerolls: int = 0
    removed: int = 0
    aside: tuple[int, ...] = ()
    #: Whether the card just held was bought (a purchase) rather than drawn.
    bought: bool = False


#: Solo levels (DD14): turns, points to reach.
LEVELS = {1: (15, 90), 2: (14, 86), 3: (13, 82), 4: (12, 78), 5: (11, 74), 6: (10, 70), 7: (9, 66)}
#: The market's prices by slot within a row (slot 0 nearest the pile), DD7 (ours).
PRICES = (4, 4, 3, 3)
