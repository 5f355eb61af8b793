"""A small card game with hidden hands dealt by chance and a public market
refilled from the same deck, written only against the public model (issue
39): the engine tests play it with an engine seat (tests/test_engine_market.py).
It is no built-in game and registers only where a test asks.

Pairs, 2 to 4 players (``-o players=N``, 3 by default). The deck holds 24
cards (``deal:1`` to ``deal:24``), four of each value 1 to 6 (card ``c``'s
value is ``(c - 1) // 4 + 1``). Each player is dealt two cards face down,
seen only by the receiver; then two cards are laid face up as the market.
In turn, a player takes a market card (``take1``, ``take2``): if they hold a
card of its value they make a pair (``take1+``), score a point and put both
away unseen; else the card goes face down into their hand. The place is
refilled from the deck (a ``deal`` everyone sees), and the game ends when
the market is empty."""

from __future__ import annotations

import random

import attrs

from boardgames import Game, Grid, Move, Outcome, State, hookimpl
from boardgames.errors import InvalidMoveError
from boardgames.rules.chance import CHANCE, uniform

CARDS = 24
ALL = (1 << CARDS) - 1
#: A hand card another player cannot see.
HIDDEN = -1
#: The mark of a take that makes a pair (a site of the grid).
PAIR = 2


def value(card: int) -> int:
    return card // 4 + 1


@attrs.frozen(kw_only=True, slots=False)
class PairsState(State):
    hands: tuple[tuple[int, ...], ...] = ()  # per player, cards 0 to 23 (HIDDEN in another's view)
    market: tuple[int, int] = (-1, -1)  # -1: an empty place
    deck: int = ALL  # the cards left in the deck, a mask (in a player's view: every card it cannot place)
    deck_left: int = CARDS
    gone: int = 0  # the market cards put away in pairs (public)
    scores: tuple[int, ...] = ()
    due: int = 0  # what chance deals next: the hand of player due (0..3), the market place due - 10
    mover: int = 0  # who takes once the deal is done


class Pairs(Game[PairsState]):
    name = "pairs"
    title = "Pairs"
    player_names = ("north", "east", "south", "west")
    player_count = (2, 4)
    board_drawn = False
    chance_word = "deal"

    def setup(self) -> None:
        self.grid = Grid.get(3, 1)  # the market's two places, the pair mark
        self.max_length = 4 * CARDS

    def initial_state(self) -> PairsState:
        n = self.number_of_players
        return PairsState(game=self, turn=CHANCE, hands=((),) * n, scores=(0,) * n)

    def chance_outcomes(self, state: PairsState) -> tuple[tuple[Move, float], ...]:
        return uniform([c + 1 for c in range(CARDS) if state.deck >> c & 1])

    def generate_moves(self, state: PairsState) -> tuple[Move, ...]:
        held = {value(c) for c in state.hands[state.turn] if c != HIDDEN}
        return tuple(
            Move(-1, k, (PAIR,) if value(card) in held else ()) for k, card in enumerate(state.market) if card >= 0
        )

    def apply(self, state: PairsState, move: Move) -> PairsState:
        n = self.number_of_players
        state = attrs.evolve(state, history=(*state.history, move))
        hands = list(state.hands)
        if state.turn == CHANCE:
            card = move.to - 1
            state = attrs.evolve(state, deck=state.deck & ~(1 << card), deck_left=state.deck_left - 1)
            dealt = CARDS - state.deck_left
            if state.due >= 10:
                k = state.due - 10
                market = state.market[:k] + (card,) + state.market[k + 1 :]
                if dealt == 2 * n + 1:  # the set-up's first market card
                    return attrs.evolve(state, market=market, due=11)
                return attrs.evolve(state, market=market, turn=state.mover)
            hands[state.due] = (*hands[state.due], card)
            due = dealt // 2 if dealt < 2 * n else 10
            return attrs.evolve(state, hands=tuple(hands), due=due)
        me, k = state.turn, move.to
        card = state.market[k]
        market = state.market[:k] + (-1,) + state.market[k + 1 :]
        scores, gone = list(state.scores), state.gone
        if PAIR in move.marks:
            mate = next(c for c in hands[me] if value(c) == value(card))
            hands[me] = tuple(c for c in hands[me] if c != mate)
            scores[me] += 1
            gone |= 1 << card
        else:
            hands[me] = (*hands[me], card)
        state = attrs.evolve(
            state, hands=tuple(hands), market=market, scores=tuple(scores), gone=gone, mover=(me + 1) % n
        )
        if state.deck_left:
            return attrs.evolve(state, turn=CHANCE, due=10 + k)
        if market == (-1, -1):
            return attrs.evolve(state, outcome=Outcome.ranked(state.scores, "the market is empty"))
        return attrs.evolve(state, turn=(me + 1) % n)

    def hide(self, state: PairsState, player: int | None) -> PairsState:
        hands = tuple(h if p == player else (HIDDEN,) * len(h) for p, h in enumerate(state.hands))
        placed = state.gone | sum(1 << c for c in state.market if c >= 0)
        placed |= sum(1 << c for c in state.hands[player]) if player is not None else 0
        return attrs.evolve(state, hands=hands, deck=ALL & ~placed)

    def seen(self, state: PairsState, move: Move, player: int | None) -> Move | None:
        if state.turn == CHANCE and state.due < 10:
            return move if player == state.due else None
        return move

    def sample(self, view: PairsState, player: int, rng: random.Random) -> PairsState:
        pool = [c for c in range(CARDS) if view.deck >> c & 1]  # every card the player cannot place
        rng.shuffle(pool)
        hands = tuple(hand if p == player else tuple(pool.pop() for _ in hand) for p, hand in enumerate(view.hands))
        deck = sum(1 << c for c in pool[: view.deck_left])
        return attrs.evolve(view, hands=hands, deck=deck)

    def format_move(self, move: Move) -> str:
        if move.origin == -1 and move.to in (0, 1):
            return f"take{move.to + 1}{'+' if PAIR in move.marks else ''}"
        return super().format_move(move)

    def parse_move(self, text: str) -> Move:
        t = text.strip().lower()
        if t.removesuffix("+") in ("take1", "take2"):
            return Move(-1, int(t[4]) - 1, (PAIR,) if t.endswith("+") else ())
        raise InvalidMoveError(f"{text!r}: a move is take1 or take2 (take1+ where it makes a pair)")

    def owners(self, state: PairsState) -> dict[int, int]:
        return {}


class Market:
    """Pairs as a plugin: ``with boardgames.testing.plugin(Market, "market"): ...``."""

    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Pairs)
