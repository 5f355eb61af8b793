"""What Donnant Donnant shows beside its undrawn grid, for the shared renderers: the dice, the market,
the hands and each tableau."""

from __future__ import annotations

from typing import Any

from boardgames import Card, CardBox, Cards, Die

from .cards import COLOURS, HEX, effect_text
from .cards import Card as CardData
from .sites import (
    CENTRE,
    DIE,
    PILE_NAMES,
    PLACES,
    SLOT,
    WINDOW,
    box_site,
    place_name,
)
from .state import ACTIVE, JOKER_CARD, LAY, PASSIVE, PLACE, PRICES, SECOND, DonnantState, Slot


def dice(state: DonnantState) -> tuple[Die, ...]:
    # Set aside: after a reroll, the dice it did not roll (the passive players may not take them, DD8).
    aside = state.phase in (ACTIVE, PASSIVE, SECOND) and state.rolls > 1
    return tuple(
        Die(
            v,
            kept=bool(aside and not state.just >> k & 1) or bool(state.used >> k & 1),
            colour=HEX[COLOURS[k]],
            name=COLOURS[k],
            site=DIE[k],
        )
        for k, v in enumerate(state.dice)
    )


def card_picture(game: Any, n: int, slot: Slot = None, place: int = -1, site: int = -1, price: str = "") -> Card | None:
    if n < 0:
        return None
    card = game.card_of[n]
    written = slot[1] if slot is not None else (None,) * game.size_of[n]
    ticks = slot[2] if slot is not None else 0
    obj = card.objective
    boxes = tuple(
        CardBox(
            demand="" if b.value is None else str(b.value),
            colour="" if b.colour is None else HEX[b.colour],
            written="" if w is None else str(w),
            site=box_site(place, j) if place >= 0 else -1,
        )
        for j, (b, w) in enumerate(zip(obj.boxes, written, strict=False))
    )
    between = []
    for j in range(len(obj.boxes) - 1):
        if obj.increasing:
            between.append("<")
        elif any(j in g and j + 1 in g for g in obj.groups):
            between.append("=")
        else:
            between.append(" ")
    return Card(
        text=(f"{place_name(place)} · " if place >= 0 else "") + _card_text(card),
        colour=HEX[card.colour],
        colour_name=card.colour,
        boxes=boxes,
        between=tuple(between),
        ticks=tuple(j < ticks for j in range(game.uses_of[n])),
        done=slot is not None and None not in written,
        price=price,
        site=site,
    )


def market(game: Any, state: DonnantState) -> tuple[Cards, ...]:
    out = []
    for row in (0, 1):
        cards = []
        for j in range(4):
            n = state.market[row * 4 + j]
            price = f"{PRICES[j]} equal dice"
            cards.append(card_picture(game, n, site=SLOT[row * 4 + j], price=price) if n >= 0 else "")
        out.append(Cards(f"{PILE_NAMES[row]} market", tuple(cards)))
        out.append(Cards(f"{PILE_NAMES[row]} pile", (None,) * (len(state.piles[row]) + len(state.bottoms[row]))))
    for p, hand in enumerate(state.hands):
        if hand:
            shown = [card_picture(game, n, site=game.cat_site[n]) if n >= 0 else None for n in hand]
            out.append(Cards("hand", tuple(shown), owner=p))
    if state.holding >= 0 or (state.phase == JOKER_CARD and state.holding_pile >= 0):
        n = state.holding
        shown_card = card_picture(game, n, site=game.cat_site[n]) if n >= 0 else None
        out.append(Cards("to place", (shown_card,), owner=state.active))
    placing = state.phase in (LAY, PLACE, JOKER_CARD) and state.turn >= 0
    for p, tableau in enumerate(state.tableaux):
        # The cards' rectangle; while the player places a card, with the places it may go.
        free = game.free_places(tableau) if placing and p == state.turn else ()
        shown_places = [i for i, slot in enumerate(tableau) if slot is not None] + list(free) or [CENTRE]
        cols = [i // WINDOW for i in shown_places]
        rows = [i % WINDOW for i in shown_places]
        cards = []
        for r in range(max(rows), min(rows) - 1, -1):  # the top row first
            for c in range(min(cols), max(cols) + 1):
                i = c * WINDOW + r
                slot = tableau[i]
                if slot is not None:
                    cards.append(card_picture(game, slot[0], slot, place=i, site=PLACES[i]))
                elif i in free:
                    cards.append(Card("", site=PLACES[i]))
                else:
                    cards.append("")
        out.append(Cards("tableau", tuple(cards), owner=p, columns=max(cols) - min(cols) + 1))
    return tuple(out)


def _card_text(card: CardData) -> str:
    """What a drawn card says beside its boxes (which the renderers draw):
    its number (a move names it: #17>c3), a sum to reach, its effect."""
    total = f"sum {card.objective.at_least}+ · " if card.objective.at_least else ""
    return f"#{card.number} · {total}{effect_text(card.effect)}"
