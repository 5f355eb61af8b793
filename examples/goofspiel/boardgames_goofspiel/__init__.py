"""Goofspiel (the Game of Pure Strategy) as OpenSpiel's ``goofspiel`` plays it, for 2 to 10 players.

Each player holds the bid cards 1 to ``num_cards``; a deck of prize cards,
numbered the same, is turned up one a round (``points_order``: in an order
drawn by chance, ``random``, or ``ascending``, or ``descending``). Each
round every player bids a card from their hand at once, in secret; the bids
are shown together once all are in, and the prize card goes to the one
highest bid, worth its number in points (two or more equal highest bids:
no one takes it). Bid cards are spent. When one card is left in every hand
the last round plays itself (no one has a choice), as OpenSpiel plays it.
After ``num_turns`` rounds (-1: as many as there are cards) the most points
win.

A bid is written as its card, ``5``; a prize card turned up by chance as
``deal:7``. The bids of a round are made in player order, each hidden from
the others until the last one, which shows them all (``3/7/5``: north bid
3, east 7, south 5). Returns (``returns_type``): ``win_loss`` (the
winners share 1, the others -1; all 0 when all tie), ``point_difference``
(points less the mean) or ``total_points``, as OpenSpiel's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

import boardgames
from boardgames import CHANCE, Cards, Game, Grid, IntOption, Move, Outcome, State, bits, hookimpl, place, uniform

NONE, UNKNOWN = -1, -2  # a bid not made yet this round; one made, not seen by the viewer
ORDERS = ("random", "descending", "ascending")  # the prize cards' order
RETURNS = ("win_loss", "point_difference", "total_points")  # OpenSpiel's returns_type


@attrs.frozen(kw_only=True, slots=False)
class GoofState(State):
    hands: tuple[int, ...] = ()  # per player, a mask of the cards held (bit k: the card k + 1)
    bids: tuple[int, ...] = ()  # per player, this round's bid (a card index), NONE or UNKNOWN
    prize: int = -1  # the prize card turned up (a card index), -1 while chance deals it
    deck: int = 0  # the prize cards not turned up yet (a mask)
    points: tuple[int, ...] = ()
    rounds: int = 0  # the rounds played


def returns_of(points: tuple[int, ...], kind: str) -> tuple[float, ...]:
    """OpenSpiel's returns for the final points."""
    n = len(points)
    if kind == "total_points":
        return tuple(float(p) for p in points)
    if kind == "point_difference":
        mean = sum(points) / n
        return tuple(p - mean for p in points)
    best = max(points)
    winners = points.count(best)
    if winners == n:
        return (0.0,) * n
    return tuple(1 / winners if p == best else -1 / (n - winners) for p in points)


class Goofspiel(Game[GoofState]):
    name = "goofspiel"
    title = "Goofspiel"
    summary = "Bid a card at once, in secret, for each prize card turned up (OpenSpiel's goofspiel)."
    player_names = ("north", "east", "south", "west")
    player_count = (2, 10)
    chance_word = "deal"
    parts_per_move = 1
    neutral_kinds = (boardgames.PieceKind("prize", letter="$", symbol="★", shape="square", colour="#c9a227"),)
    option_specs = (
        IntOption("num_cards", "the bid cards each player holds, and the prize cards", 13, minimum=1, maximum=26),
        IntOption("num_turns", "the rounds played (-1: as many as there are cards)", -1, minimum=-1, maximum=26),
        boardgames.ChoiceOption("points_order", "the order the prize cards are turned up in", "random", choices=ORDERS),
        boardgames.ChoiceOption("returns_type", "the payoffs, as OpenSpiel's", "win_loss", choices=RETURNS),
    )
    rules_text = __doc__ or ""

    @classmethod
    def check_options(cls, values: object) -> None:
        turns, cards = values["num_turns"], values["num_cards"]  # type: ignore[index]
        if turns == 0 or turns > cards:
            raise boardgames.InvalidOptionError(
                f"goofspiel: num_turns is -1 (as many as the cards) or 1 to num_cards ({cards}), not {turns}"
            )

    def setup(self) -> None:
        cards, players, turns = self.options["num_cards"], self.number_of_players, self.options["num_turns"]
        self.cards, self.turns = cards, cards if turns == -1 else turns
        self.order = self.options["points_order"]
        # Rank 1: where bids are placed (file a: the card 1); rank 2: the prize card turned up;
        # rank 3 + p: player p's hand.
        self.grid = Grid.get(cards, players + 2)
        self.bid_square = tuple(self.grid.index(k, 0) for k in range(cards))
        self.card_of = {sq: k for k, sq in enumerate(self.bid_square)}
        self.hand_square = tuple(tuple(self.grid.index(k, p + 2) for k in range(cards)) for p in range(players))
        self.held_at = {sq: (p, k) for p, row in enumerate(self.hand_square) for k, sq in enumerate(row)}
        self.bids_of = tuple(place(sq) for sq in self.bid_square)
        self.max_length = self.turns * (players + 1)  # a deal and a bid each a round
        prizes = sum(range(cards - self.turns + 1, cards + 1))  # the most points a game can hand out
        kind = self.options["returns_type"]
        if kind == "total_points":
            self.returns_range = (0.0, float(prizes))
        elif kind == "point_difference":
            self.returns_range = (-prizes / players, prizes * (players - 1) / players)

    # -- the rules -------------------------------------------------------------
    def initial_state(self) -> GoofState:
        n, full = self.number_of_players, (1 << self.cards) - 1
        state = GoofState(game=self, hands=(full,) * n, bids=(NONE,) * n, deck=full, points=(0,) * n, turn=CHANCE)
        if self.order != "random":
            state = self.turn_up(state, 0 if self.order == "ascending" else self.cards - 1)
        return state

    def turn_up(self, state: GoofState, card: int) -> GoofState:
        return attrs.evolve(state, prize=card, deck=state.deck & ~(1 << card), turn=0)

    def chance_outcomes(self, state: GoofState) -> tuple[tuple[Move, float], ...]:
        return uniform([k + 1 for k in range(self.cards) if state.deck >> k & 1])

    def asked(self, state: GoofState) -> tuple[int, ...]:
        if state.turn < 0:
            return (state.turn,)
        return tuple(range(state.turn, self.number_of_players))

    def generate_moves(self, state: GoofState) -> tuple[Move, ...]:
        hand = state.hands[state.turn]
        return tuple(self.bids_of[k] for k in range(self.cards) if hand >> k & 1)

    def apply(self, state: GoofState, move: Move) -> GoofState:
        history = state.history + (move,)
        if state.turn == CHANCE:
            return attrs.evolve(self.turn_up(state, move.to - 1), history=history)
        bids = list(state.bids)
        bids[state.turn] = self.card_of[move.to]
        if state.turn + 1 < self.number_of_players:
            return attrs.evolve(state, history=history, bids=tuple(bids), turn=state.turn + 1)
        after = self.settle(attrs.evolve(state, history=history), tuple(bids))
        if after.outcome is None and after.rounds == self.cards - 1:
            # One card left in every hand: the last round plays itself, as OpenSpiel plays it.
            if after.turn == CHANCE:
                after = self.turn_up(after, after.deck.bit_length() - 1)
            after = self.settle(after, tuple(hand.bit_length() - 1 for hand in after.hands))
        return after

    def settle(self, state: GoofState, bids: tuple[int, ...]) -> GoofState:
        """The round's bids shown together: the prize to the one highest bid."""
        points = list(state.points)
        best = max(bids)
        if bids.count(best) == 1:
            points[bids.index(best)] += state.prize + 1
        hands = tuple(hand & ~(1 << bid) for hand, bid in zip(state.hands, bids, strict=True))
        rounds = state.rounds + 1
        after = attrs.evolve(state, hands=hands, bids=(NONE,) * len(bids), points=tuple(points), rounds=rounds, turn=0)
        if rounds == self.turns:
            reason = f"{rounds} rounds played" if rounds < self.cards else "every prize card bid for"
            returns = returns_of(after.points, self.options["returns_type"])
            return attrs.evolve(after, outcome=Outcome.ranked(after.points, reason, returns=returns))
        if self.order == "random":
            return attrs.evolve(after, prize=-1, turn=CHANCE)
        return self.turn_up(after, state.prize + (1 if self.order == "ascending" else -1))

    def why_illegal(self, state: GoofState, move: Move) -> str:
        if move.to in self.card_of and state.turn >= 0:
            return f"{self.player_names[state.turn]} does not hold the {self.card_of[move.to] + 1}"
        return "bid a card from your hand: its number, as 5"

    # -- hidden information: a bid is secret until all are in --------------------
    def hide(self, state: GoofState, player: int | None) -> GoofState:
        if all(bid < 0 or p == player for p, bid in enumerate(state.bids)):
            return state
        return attrs.evolve(
            state, bids=tuple(bid if bid < 0 or p == player else UNKNOWN for p, bid in enumerate(state.bids))
        )

    def seen(self, state: GoofState, move: Move, player: int | None) -> Move | None:
        if state.turn < 0 or player == state.turn:
            return move if state.turn < 0 or state.turn + 1 < self.number_of_players else self.reveal(state, move)
        if state.turn + 1 < self.number_of_players:
            return None  # a bid not yet shown
        return self.reveal(state, move)

    def reveal(self, state: GoofState, move: Move) -> Move:
        """The last bid of a round, as everyone sees it: every bid, each on its
        bidder's hand row (written 3/7/5)."""
        bids = (*state.bids[:-1], self.card_of[move.to])
        squares = [self.hand_square[p][k] for p, k in enumerate(bids)]
        return Move(-1, squares[-1], tuple(sorted(squares[:-1])))

    def sample(self, view: GoofState, player: int, rng: random.Random) -> GoofState:
        if UNKNOWN not in view.bids:
            return view
        bids = tuple(rng.choice(bits(view.hands[p])) if bid == UNKNOWN else bid for p, bid in enumerate(view.bids))
        return attrs.evolve(view, bids=bids)

    # -- notation: a bid is its card's number ----------------------------------
    def format_move(self, move: Move) -> str:
        if move.origin == -1 and move.to in self.card_of and not move.marks:
            return str(self.card_of[move.to] + 1)
        if move.origin == -1 and move.to in self.held_at:  # a round's bids, shown together
            by_player = dict(self.held_at[sq] for sq in (move.to, *move.marks))
            return "/".join(str(by_player[p] + 1) for p in sorted(by_player))
        return super().format_move(move)

    def parse_move(self, text: str) -> Move:
        clean = text.strip() if isinstance(text, str) else text
        if isinstance(clean, str) and clean.isdigit():
            k = int(clean)
            if not 1 <= k <= self.cards:
                raise boardgames.InvalidMoveError(f"{clean!r}: the cards are 1 to {self.cards}")
            return self.bids_of[k - 1]
        return super().parse_move(text)

    # -- what the table shows -------------------------------------------------
    def owners(self, state: GoofState) -> dict[int, int]:
        return {self.hand_square[p][k]: p for p, hand in enumerate(state.hands) for k in bits(hand)}

    def neutral(self, state: GoofState) -> dict[int, int]:
        return {self.grid.index(state.prize, 1): 0} if state.prize >= 0 else {}

    def hands(self, state: GoofState) -> tuple[tuple[str | None, ...], ...]:
        return tuple(tuple(str(k + 1) for k in range(self.cards) if hand >> k & 1) for hand in state.hands)

    def market(self, state: GoofState) -> tuple[Cards, ...]:
        table = [
            Cards("prize card", (str(state.prize + 1) if state.prize >= 0 else "",)),
            Cards("prize deck", (None,) * bin(state.deck).count("1")),
        ]
        for p, bid in enumerate(state.bids):
            if bid != NONE:  # a bid made this round: face down unless it is the viewer's own
                table.append(Cards("bid", (str(bid + 1) if bid >= 0 else None,), owner=p))
        return tuple(table)

    def scores(self, state: GoofState) -> tuple[int, ...]:
        return state.points


def from_openspiel(state: GoofState, action: int) -> Move:
    """Our move for OpenSpiel's ``action``: a deal of the card ``action + 1`` where chance deals, else its bid."""
    if state.turn == CHANCE:
        return boardgames.outcome(action + 1)
    return state.game.bids_of[action]


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Goofspiel)
