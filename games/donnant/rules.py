"""Donnant Donnant (Ulrich Blum and Jens Merkl): the rules, RULINGS DD1-DD14.

The sites a move names are in sites.py, the moves in words in notation.py,
what is drawn in pictures.py. See :data:`RULES` for the rules in words and
the notation.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from boardgames import (
    CHANCE,
    PASS,
    Cards,
    Die,
    Game,
    Grid,
    IntOption,
    Move,
    Outcome,
    TextOption,
    outcome,
)
from boardgames.errors import InvalidOptionError
from boardgames.rules.players import names_for

from . import campaign as solo
from . import notation, objectives, pictures, scoring, strategy
from .cards import COLOURS, CardFileError, default_cards, load_cards
from .cards import Card as CardData
from .sites import (
    BOX0,
    BOXES,
    CAT0,
    CENTRE,
    COMPLETE_T,
    DICE,
    DIE,
    JOKER_DICE_T,
    KING,
    LESS0,
    PILE,
    PLACES,
    PUTBACK_T,
    READ0,
    RECOLOUR0,
    REMOVE_T,
    REVEAL_T,
    ROUND_CAP,
    SEAT0,
    SLOT,
    STOP,
    WINDOW,
    box_site,
)
from .state import (
    ACTIVE,
    CHOSEN,
    COMPLETE,
    FIRST,
    JOKER_CARD,
    JOKER_DICE,
    LAY,
    LEVELS,
    PASSIVE,
    PLACE,
    PRICES,
    PUTBACK,
    SECOND,
    SOLO_REMOVE,
    SOLO_WRITE,
    USE,
    DonnantState,
    Slot,
)

#: A die's roll: one tuple, so that each roll's moves are not made again.
DIE_OUTCOMES = tuple((outcome(v), 1 / 6) for v in range(1, 7))

RULES = """\
Donnant Donnant: five coloured dice, a market of cards, a tableau of at most
three by three cards each. Highest total at the end wins.

Set-up. Each player is dealt two scoring cards and two bonus cards, secretly
returns one of the four under its pile, then lays the other three: the first
in the middle (c3), each next one touching a card by a side or a corner. A
tableau never grows beyond three columns and three rows. Who starts is
drawn by lot, or chosen with -o first=NAME.

A turn. The active player rolls the five dice and may reroll any of them
(one or more, including dice left aside before) at most twice. After each
reroll, every other player may, at the same time and unseen, copy one of
the dice just rolled into one empty box of their own cards (or decline);
a box must accept the die's number and colour and the card must stay
possible to complete. A player with a "second" bonus may then copy another.

Using the dice. After any roll the active player may stop and use the dice,
each die once: three equal dice buy a card from the two far slots of a
market row, four equal dice one of the two near slots; the card is placed
at once touching the tableau. Dice may also complete a card, but only by
filling all of its empty boxes at once. After the third roll one may
instead play a joker: copy up to two dice as a passive player would, or
take the top card of a pile and place it or put it back. After a turn the
market rows close their gaps toward the far end and are refilled.

Bonuses work once their card is completed, each use ticking one of its
boxes: +1/-1 to a die, a die read as another colour, a second die as a
passive player, a card whose colour is chosen at the end, and one die fewer
to pay for a card. Scoring cards pay at the end for neighbours, colours,
lines of three and more.

The end. A player's ninth card ends the game after the current round and
one more full round. Ties go to fewer empty boxes, then are shared.

Solo (players=1, level=1..7). Each turn is played as above, then a passive
turn: roll the five dice once and copy up to 3, 2 or 1 of them (after 0, 1
or 2 rerolls in the turn just played), then remove the far card of one
market row. The game lasts 15 turns at level 1 down to 9 at level 7 and is
won by reaching 90 points at level 1 down to 66 at level 7.

Where the rulebook is silent, ours. A ninth card ends the game however it
came (bought or drawn with a joker). A game still going after 40 rounds
ends then. A bonus used several times in one go ticks the boxes of its
cards in the order of their places (a1, a2 ... e5). A passive player with no
box that can take any of the dice just rolled is not asked. In the last
round, a player whose cards are all completed stops before the third roll
only by buying, so may stop early only when a purchase can be paid. The
"second die" bonus has no use in solo (there are no passive players). A
card put back under its pile is seen by no one again, its owner included,
until it is drawn. A paint card takes, at the end, the colour that scores
most. Solo's result is a win or a loss: reaching the target is what
counts, not by how much.

Notation. Chance: roll:4 (a die), draw:17 (card 17), first:north.
putback:#17; #17>c3 lays or places card 17 at c3 (c3 the middle of a
5x5 window, a-e left to right, 1-5 bottom to top); reroll:yob (dice by
colour: y o g b r); stop; joker:dice, joker:scoring, joker:bonus;
buy:score4+y+g+b (slots score1-score4 and bonus1-bonus4, 1 nearest the
pile; y=4 reads the yellow die as 4 with +1/-1 ticks, less1 pays one die
fewer); complete:c3 then y>c3.2 (yellow die into box 2 of the card at c3;
y=5>c3.2 read as 5, y~g>c3.2 read as green); pass (decline, or end the
turn); remove:scoring or remove:bonus (solo).
"""


def _check_card_file(value: str) -> str:
    value = value.strip()
    if value:
        try:
            load_cards(value)
        except CardFileError as exc:
            raise ValueError(str(exc)) from None
        except OSError as exc:
            raise ValueError(f"cannot read the card file {value}: {exc.strerror or exc}") from None
    return value


class Donnant(Game[DonnantState]):
    name = "donnant"
    title = "Donnant Donnant"
    summary = "Five coloured dice, a market of cards, every reroll feeds the others; solo in seven levels."
    player_names = ("north", "east", "south", "west")
    player_count = (1, 4)
    option_specs = (
        IntOption("players", "how many play (1: solo)", 2, minimum=1, maximum=4),
        IntOption("level", "the solo level, 1 to 7 (players=1 only)", 1, minimum=1, maximum=7),
        TextOption("cards", "a card file (the printed set); empty: the shipped set", "", parse=_check_card_file,
                   accepts="the path of a card file"),
        TextOption("first", "who starts: a player's name, or random (drawn as the game's first chance event)",
                   "random", parse=lambda text: text.strip().lower(), accepts="a player's name or random"),
    )  # fmt: skip
    chance_word = "roll"
    board_drawn = False
    rules_text = RULES
    returns_range = (-1.0, 1.0)
    # Difficulty levels 1-6 for ``play --level`` (not the solo level, -o level): mcts over
    # chance and hidden cards, its new nodes valued by strategy.evaluate, is the strongest.
    # Each beats the one below in 67-76% of 200 games (docs/strength.md). A random decision
    # costs mcts much and more time gains it little, so there is room for one mcts level
    # above greedy; the steps below are greedy blundering less and less.
    levels = (
        "random",
        "greedy:blunder=0.78",
        "greedy:blunder=0.55",
        "greedy:blunder=0.35",
        "greedy",
        "mcts:time=1",
    )
    campaign = solo.CAMPAIGN  # DD15, run by play --campaign

    def progress(self, state: DonnantState) -> str:
        """A solo game's level and turns, in view (DD14)."""
        return solo.progress(self, state)

    @classmethod
    def check_options(cls, values: Any) -> None:
        if values.get("players", 2) > 1 and values.get("level", 1) != 1:
            raise InvalidOptionError("option level: the level is for solo games (players=1)")
        names = names_for(values.get("players", 2), cls.player_names)
        if values.get("first", "random") not in ("random", *names):
            raise InvalidOptionError(f"option first: {values['first']!r} is not random or one of {', '.join(names)}")

    # -- set-up: the cards, the sites, the tables -----------------------------------------------------
    def card_set(self) -> tuple[CardData, ...]:
        """The cards played with: the shipped set, or the file of ``-o cards``."""
        path = self.options.get("cards") or ""
        return load_cards(Path(path)) if path else default_cards()

    def setup(self) -> None:
        cards = self.card_set()
        self.cards = cards
        self.card_of = {c.number: c for c in cards}
        self.numbers = tuple(c.number for c in cards)
        self.cat_site = {c.number: CAT0 + k for k, c in enumerate(cards)}
        self.site_card = {s: n for n, s in self.cat_site.items()}
        self.scoring_of = {c.number: c.scoring for c in cards}
        self.pile_of = {c.number: 0 if c.scoring else 1 for c in cards}
        self.kind_of = {c.number: c.effect.kind for c in cards}
        self.uses_of = {c.number: c.effect.uses for c in cards}
        self.size_of = {c.number: len(c.objective.boxes) for c in cards}
        self.relational = {
            c.number: bool(c.objective.increasing or c.objective.groups or c.objective.at_least) for c in cards
        }
        self.by_pile = (
            tuple(sorted(c.number for c in cards if c.scoring)),
            tuple(sorted(c.number for c in cards if not c.scoring)),
        )
        total = CAT0 + len(cards)
        self.grid = Grid.get(26, -(-total // 26))
        self.solo = self.number_of_players == 1
        self.turns, self.target = LEVELS[self.options.get("level", 1)]
        players = self.number_of_players
        per_turn = 140 + 12 * players
        self.max_length = 200 + (self.turns * (per_turn + 40) if self.solo else ROUND_CAP * players * per_turn)
        self.rerolls_of = {}
        for mask in range(1, 1 << DICE):
            dice = [k for k in range(DICE) if mask >> k & 1]
            self.rerolls_of[Move(-1, DIE[dice[0]], tuple(DIE[k] for k in dice[1:]))] = mask
        self.reroll_moves = tuple(sorted(self.rerolls_of))
        self.rerolls_by_mask = {mask: move for move, mask in self.rerolls_of.items()}
        self._completable: dict[tuple[int, tuple[int | None, ...]], bool] = {}
        self._can_complete: dict[tuple, bool] = {}
        self._writes: dict[tuple, tuple[Move, ...]] = {}
        self._free: dict[tuple, tuple[int, ...]] = {}
        self._ways: dict[tuple, tuple[tuple[int, tuple[int, ...]], ...]] = {}
        self._draws: dict[tuple[int, ...], tuple] = {}

    def initial_state(self) -> DonnantState:
        players = self.number_of_players
        to_draw = tuple((slot // 4, slot) for slot in range(8))
        for p in range(players):
            to_draw += ((0, 100 + p), (0, 100 + p), (1, 100 + p), (1, 100 + p))
        state = DonnantState(
            game=self,
            phase=PUTBACK if self.solo else FIRST,
            piles=self.by_pile,
            hands=((),) * players,
            tableaux=((None,) * (WINDOW * WINDOW),) * players,
            to_draw=to_draw,
            pending=(0,) if self.solo else (),
            choices=(None,) * players,
            took=(-1,) * players,
        )
        chosen = self.options.get("first", "random")
        if not self.solo and chosen != "random":  # DD4: the first player chosen, no draw
            first = self.player_names.index(chosen)
            order = tuple((first + j) % players for j in range(players))
            state = attrs.evolve(state, phase=PUTBACK, first=first, active=first, pending=order)
        return self._settle(state)

    def _settle(self, s: DonnantState) -> DonnantState:
        """Whose turn it is: chance while cards or dice are due, else the player asked first."""
        if s.outcome is not None:
            turn = s.active
        elif s.to_draw or s.to_roll or s.phase == FIRST:
            turn = CHANCE
        elif s.phase in (PUTBACK, PASSIVE, SECOND):
            turn = s.pending[0]
        else:
            turn = s.active
        return s if turn == s.turn else _evolve(s, turn=turn)

    def asked(self, state: DonnantState) -> tuple[int, ...]:
        """The players choosing at once (the put-back, DD4; the passive dice, DD8, DD10), else the mover."""
        if state.phase in (PUTBACK, PASSIVE, SECOND) and state.pending:
            return state.pending
        return (state.turn,)

    # -- objectives, cached per card and boxes written ------------------------------------------------
    def completable(self, number: int, written: tuple[int | None, ...]) -> bool:
        key = (number, written)
        found = self._completable.get(key)
        if found is None:
            found = self._completable[key] = objectives.completable(self.card_of[number].objective, written)
        return found

    def readings(self, number: int, box: int, k: int, value: int, adjust: int, recolour: int):
        """How die ``k`` showing ``value`` may be read in ``box`` of card ``number``:
        (value, colour index) pairs the box accepts, with adjust and recolour ticks left."""
        spec = self.card_of[number].objective.boxes[box]
        if spec.value is not None:
            values: Iterable[int] = (spec.value,) if abs(spec.value - value) <= adjust else ()
        elif adjust and self.relational[number]:
            values = range(max(1, value - adjust), min(6, value + adjust) + 1)
        else:
            values = (value,)
        colours = [k]
        if recolour and spec.colour is not None and spec.colour != COLOURS[k]:
            colours.append(COLOURS.index(spec.colour))
        for v in values:
            for c in colours:
                if objectives.box_accepts(spec, v, COLOURS[c]):
                    yield v, c

    def can_complete(self, number, written, dice, adjust, recolour) -> bool:
        """Whether dice ``dice`` ((index, value) pairs, each used at most once)
        fill every empty box of card ``number`` so that it is complete."""
        key = (number, written, dice, adjust, recolour)
        found = self._can_complete.get(key)
        if found is not None:
            return found
        found = False
        if None not in written:
            found = objectives.complete(self.card_of[number].objective, written)
        else:
            b = written.index(None)
            for j, (k, value) in enumerate(dice):
                rest = dice[:j] + dice[j + 1 :]
                for v, c in self.readings(number, b, k, value, adjust, recolour):
                    new = written[:b] + (v,) + written[b + 1 :]
                    if self.completable(number, new) and self.can_complete(
                        number, new, rest, adjust - abs(v - value), recolour - (c != k)
                    ):
                        found = True
                        break
                if found:
                    break
        if len(self._can_complete) > 100_000:
            self._can_complete.clear()
        self._can_complete[key] = found
        return found

    # -- bonuses -----------------------------------------------------------------------------------------
    def left(self, tableau: tuple[Slot, ...], kind: str) -> int:
        """The uses left on the player's completed bonus cards of ``kind`` (DD10)."""
        total = 0
        for slot in tableau:
            if slot is not None and self.kind_of[slot[0]] == kind and None not in slot[1]:
                total += self.uses_of[slot[0]] - slot[2]
        return total

    def spend(self, tableau: tuple[Slot, ...], kind: str, n: int) -> tuple[Slot, ...]:
        """The tableau with ``n`` uses of ``kind`` ticked, card by card in place order."""
        if n <= 0:
            return tableau
        out = list(tableau)
        for i, slot in enumerate(out):
            if n and slot is not None and self.kind_of[slot[0]] == kind and None not in slot[1]:
                free = self.uses_of[slot[0]] - slot[2]
                take = min(free, n)
                if take > 0:
                    out[i] = (slot[0], slot[1], slot[2] + take)
                    n -= take
        return tuple(out)

    # -- the tableau ----------------------------------------------------------------------------------------
    def free_places(self, tableau: tuple[Slot, ...]) -> tuple[int, ...]:
        """Where a card may go (DD4, DD7): the centre of an empty tableau, else
        a free place touching a card by an edge or a corner, the tableau
        staying within 3 columns and 3 rows. Remembered per tableau (a search asks of the same few)."""
        found = self._free.get(tableau)
        if found is None:
            if len(self._free) > 100_000:
                self._free.clear()
            found = self._free[tableau] = self._free_places(tableau)
        return found

    def _free_places(self, tableau: tuple[Slot, ...]) -> tuple[int, ...]:
        taken = [i for i, slot in enumerate(tableau) if slot is not None]
        if not taken:
            return (CENTRE,)
        cols = [i // WINDOW for i in taken]
        rows = [i % WINDOW for i in taken]
        c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
        out = set()
        for i in taken:
            for j in KING[i]:
                if tableau[j] is None:
                    c, r = divmod(j, WINDOW)
                    if max(c1, c) - min(c0, c) < 3 and max(r1, r) - min(r0, r) < 3:
                        out.add(j)
        return tuple(sorted(out))

    def write_moves(self, s: DonnantState, player: int, allowed: int) -> tuple[Move, ...]:
        """Writes of a passive player (DD8): a die of ``allowed`` (a mask) into
        one empty box of one of the player's cards, never making it impossible.
        Remembered per tableau and dice (the same few come back at every reroll)."""
        tableau = s.tableaux[player]
        dice = tuple(s.dice[k] if allowed >> k & 1 else 0 for k in range(DICE))
        key = (tableau, dice)
        found = self._writes.get(key)
        if found is None:
            if len(self._writes) > 100_000:
                self._writes.clear()
            found = self._writes[key] = tuple(sorted(self._write_moves(tableau, dice)))
        return found

    def _write_moves(self, tableau: tuple[Slot, ...], dice: tuple[int, ...]) -> Iterator[Move]:
        adjust, recolour = self.left(tableau, "adjust"), self.left(tableau, "recolour")
        for i, slot in enumerate(tableau):
            if slot is None or None not in slot[1]:
                continue
            number, written = slot[0], slot[1]
            for b, w in enumerate(written):
                if w is not None:
                    continue
                for k, value in enumerate(dice):
                    if not value:
                        continue
                    for v, c in self.readings(number, b, k, value, adjust, recolour):
                        if self.completable(number, written[:b] + (v,) + written[b + 1 :]):
                            yield self.write_move(k, i, b, v, c, value)

    @staticmethod
    def write_move(k: int, place: int, box: int, v: int, c: int, value: int) -> Move:
        marks = []
        if v != value:
            marks.append(READ0 + k * 6 + v - 1)
        if c != k:
            marks.append(RECOLOUR0 + k * 5 + c)
        return Move(DIE[k], box_site(place, box), tuple(marks))

    def read_write(self, s: DonnantState, move: Move) -> tuple[int, int, int, int, int]:
        """A write's die, place, box, value as read and colour as read."""
        k = move.origin
        place, box = divmod(move.to - BOX0, BOXES)
        v, c = s.dice[k], k
        for m in move.marks:
            if READ0 <= m < RECOLOUR0:
                v = (m - READ0) % 6 + 1
            elif RECOLOUR0 <= m < LESS0:
                c = (m - RECOLOUR0) % 5
        return k, place, box, v, c

    def do_write(self, s: DonnantState, player: int, move: Move, tableau: tuple[Slot, ...]) -> tuple[Slot, ...]:
        """``tableau`` (the player's) with the write ``move`` made and its ticks spent."""
        k, place, box, v, c = self.read_write(s, move)
        slot = tableau[place]
        assert slot is not None
        written = slot[1][:box] + (v,) + slot[1][box + 1 :]
        tableau = tableau[:place] + ((slot[0], written, slot[2]),) + tableau[place + 1 :]
        tableau = self.spend(tableau, "adjust", abs(v - s.dice[k]))
        return self.spend(tableau, "recolour", int(c != k))

    # -- chance ----------------------------------------------------------------------------------------------
    def chance_outcomes(self, state: DonnantState):
        if state.phase == FIRST and not state.to_draw:
            share = 1.0 / self.number_of_players
            return tuple((outcome(200 + p), share) for p in range(self.number_of_players))
        if state.to_draw:
            t = state.to_draw[0][0]
            pile = state.piles[t]
            if pile and min(pile) >= 0:
                cards: tuple[int, ...] = pile
            elif not pile and state.bottoms[t] and state.bottoms[t][0] >= 0:
                cards = state.bottoms[t][:1]
            else:  # a view: any card of that pile not seen
                cards = tuple(sorted(self.unseen(state)[t])) or self.by_pile[t][:1]
            found = self._draws.get(cards)
            if found is None:  # the same tuple for the same cards: the draws are not made again
                share = 1.0 / len(cards)
                found = self._draws[cards] = tuple((outcome(100 + n), share) for n in cards)
            return found
        return DIE_OUTCOMES

    def format_outcome(self, move: Move) -> str:
        if move.to >= 200:
            p = move.to - 200
            return f"first:{self.player_names[p] if p < self.number_of_players else p}"
        if move.to >= 100:
            return f"draw:{move.to - 100}"
        return f"roll:{move.to}"

    def seen(self, state: DonnantState, move: Move, player: int | None) -> Move | None:
        if state.turn == CHANCE:
            if state.to_draw:
                where = state.to_draw[0][1]
                if where >= 200:
                    return move if player == state.active else None
                if where >= 100:
                    return move if player == where - 100 else None
            return move
        phase = state.phase
        if phase == PUTBACK or (phase == JOKER_CARD and move.origin == PUTBACK_T):
            if player == state.turn:
                return move
            n = self.site_card.get(move.to)
            return Move(PUTBACK_T, PILE[self.pile_of[n]]) if n is not None else move
        if phase in (PASSIVE, SECOND):
            if len(state.pending) == 1:
                return self.reveal(state, move)
            return move if player == state.turn else None
        return move

    def reveal(self, state: DonnantState, move: Move) -> Move:
        """The last choice made at once, as everyone sees it: every choice of the round."""
        players = self.number_of_players
        order = [(state.active + j) % players for j in range(1, players)]
        made = [(p, state.choices[p]) for p in order if state.choices[p] is not None and p != state.turn]
        if not made:
            return move
        made.append((state.turn, move))
        made.sort(key=lambda pm: order.index(pm[0]))
        marks: list[int] = []
        for p, m in made:
            marks.append(SEAT0 + p)
            if m is not None and not m.is_pass:
                marks.extend((m.origin, m.to, *m.marks))
        return Move(REVEAL_T, marks[0], tuple(marks[1:]))

    # -- hidden information -------------------------------------------------------------------------------
    def hide(self, state: DonnantState, player: int | None) -> DonnantState:
        hands = tuple(
            hand if p == player else tuple(-1 - self.pile_of[n] if n >= 0 else n for n in hand)
            for p, hand in enumerate(state.hands)
        )
        piles = tuple((-1 - t,) * len(pile) for t, pile in enumerate(state.piles))
        bottoms = tuple((-1 - t,) * len(pile) for t, pile in enumerate(state.bottoms))
        changes: dict[str, Any] = {"hands": hands, "piles": piles, "bottoms": bottoms}
        if state.phase == JOKER_CARD and state.holding >= 0 and player != state.active:
            changes["holding"] = -1 - state.holding_pile
        if any(c is not None for c in state.choices):
            changes["choices"] = tuple(c if c is None or p == player else CHOSEN for p, c in enumerate(state.choices))
        return attrs.evolve(state, **changes)

    def unseen(self, view: DonnantState) -> tuple[set[int], set[int]]:
        """The cards of each pile that ``view`` shows nowhere."""
        shown = {n for n in view.market if n >= 0}
        shown.update(view.aside)
        for tableau in view.tableaux:
            shown.update(slot[0] for slot in tableau if slot is not None)
        for group in (*view.hands, *view.piles, *view.bottoms, (view.holding,)):
            shown.update(n for n in group if n >= 0)
        return tuple(set(cards) - shown for cards in self.by_pile)  # type: ignore[return-value]

    def sample(self, view: DonnantState, player: int, rng: random.Random) -> DonnantState:
        """A position ``view`` may be: the cards it does not show dealt at random to the
        places it hides (hands, the joker's card, the put-back cards, in that order), the
        rest in the piles (a pile is a set: a draw takes any of its cards). What does not
        change from one sample of a view to the next is worked out once, on the view."""
        plan = view.__dict__.get("_sample_plan")
        if plan is None:
            plan = view.__dict__["_sample_plan"] = self._sample_plan(view)
        free, counts, whole = plan
        if not any(counts):
            state = _evolve(view, piles=whole)
        else:
            picked = [rng.sample(cards, n) if n else [] for cards, n in zip(free, counts, strict=True)]
            dealt = [iter(p) for p in picked]

            def fill(group: tuple[int, ...]) -> tuple[int, ...]:
                return tuple(next(dealt[-1 - n]) if n < 0 else n for n in group)

            hands = tuple(fill(hand) for hand in view.hands)
            holding = view.holding
            if holding < 0 and view.phase == JOKER_CARD and view.holding_pile >= 0:  # the joker's card, unseen
                holding = next(dealt[-1 - holding])
            bottoms = (fill(view.bottoms[0]), fill(view.bottoms[1]))
            piles = tuple(
                tuple(sorted(set(pile) - set(p))) if p else pile for pile, p in zip(whole, picked, strict=True)
            )
            state = _evolve(view, hands=hands, piles=piles, bottoms=bottoms, holding=holding)
        if CHOSEN in state.choices:
            choices = list(state.choices)
            for p, c in enumerate(choices):
                if c == CHOSEN:
                    choices[p] = rng.choice(attrs.evolve(state, turn=p, pending=(p,)).legal_moves)
            state = _evolve(state, choices=tuple(choices))
        return state

    def _sample_plan(self, view: DonnantState) -> tuple[list[list[int]], list[int], tuple[tuple[int, ...], ...]]:
        """Each pile's unseen cards, how many of them go to hidden places other than the
        pile (hands, the joker's card, put-back cards), and each pile with every unseen
        card in it (the cards it shows kept)."""
        free = [sorted(cards) for cards in self.unseen(view)]
        counts = [0, 0]
        hidden = [n for group in (*view.hands, view.bottoms[0], view.bottoms[1]) for n in group if n < 0]
        if view.holding < 0 and view.phase == JOKER_CARD and view.holding_pile >= 0:
            hidden.append(view.holding)
        for n in hidden:
            counts[-1 - n] += 1
        whole = tuple(tuple(sorted([n for n in view.piles[t] if n >= 0] + free[t])) for t in (0, 1))
        return free, counts, whole

    # -- moves --------------------------------------------------------------------------------------------
    def card_site(self, n: int) -> int:
        return self.cat_site[n] if n >= 0 else PILE[-1 - n]

    def generate_moves(self, s: DonnantState) -> tuple[Move, ...]:
        phase, me = s.phase, s.turn
        if phase == PUTBACK:
            return tuple(sorted({Move(PUTBACK_T, self.card_site(n)) for n in s.hands[me]}))
        if phase == LAY:
            places = self.free_places(s.tableaux[me])
            return tuple(sorted({Move(self.card_site(n), x + PLACES[0]) for n in s.hands[me] for x in places}))
        if phase == ACTIVE:
            return self.active_moves(s)
        if phase == PASSIVE:
            return (PASS, *self.write_moves(s, me, s.just))
        if phase == SECOND:
            return (PASS, *self.write_moves(s, me, s.just & ~(1 << s.took[me])))
        if phase == USE:
            return self.use_moves(s)
        if phase == PLACE:
            site = self.card_site(s.holding)
            return tuple(Move(site, x + PLACES[0]) for x in self.free_places(s.tableaux[me]))
        if phase == COMPLETE:
            return self.complete_moves(s)
        if phase in (JOKER_DICE, SOLO_WRITE):
            return (PASS, *self.write_moves(s, me, ((1 << DICE) - 1) & ~s.used))
        if phase == JOKER_CARD:
            site = self.card_site(s.holding)
            moves = [Move(site, x + PLACES[0]) for x in self.free_places(s.tableaux[me])]
            return tuple(sorted([*moves, Move(PUTBACK_T, site)]))
        if phase == SOLO_REMOVE:
            return tuple(Move(REMOVE_T, SLOT[slot]) for slot in (3, 7) if s.market[slot] >= 0)
        return ()

    def in_last_round(self, s: DonnantState) -> bool:
        return s.last_round >= 0 and s.rounds == s.last_round - 1

    def active_moves(self, s: DonnantState) -> tuple[Move, ...]:
        moves: list[Move] = []
        if s.rolls < 3:
            moves.extend(self.reroll_moves)
            done = all(slot is None or None not in slot[1] for slot in s.tableaux[s.active])
            if not (self.in_last_round(s) and done and not self.solo) or self.buys(s, s.active):
                moves.append(Move(-1, STOP))
        else:
            moves.append(Move(-1, STOP))
            moves.append(Move(-1, JOKER_DICE_T))
            for t in (0, 1):
                if s.piles[t] or s.bottoms[t]:
                    moves.append(Move(-1, PILE[t]))
        return tuple(sorted(moves))

    def buys(self, s: DonnantState, me: int) -> list[Move]:
        """The purchases the unused dice allow (DD7, DD10): n equal dice as read
        (the +1/-1 ticks), the price less the discount ticks spent."""
        tableau = s.tableaux[me]
        if not self.free_places(tableau):
            return []
        adjust, discount = self.left(tableau, "adjust"), self.left(tableau, "discount")
        dice = tuple(0 if s.used >> k & 1 else s.dice[k] for k in range(DICE))
        key = (dice, adjust, discount)
        ways = self._ways.get(key)
        if ways is None:
            if len(self._ways) > 100_000:
                self._ways.clear()
            ways = self._ways[key] = self._buy_ways(dice, adjust, discount)
        market = s.market
        return [Move(-1, SLOT[slot], way) for price, way in ways for slot in range(8)
                if market[slot] >= 0 and PRICES[slot % 4] == price]  # fmt: skip

    @staticmethod
    def _buy_ways(dice: tuple[int, ...], adjust: int, discount: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The ways to pay each price (3, 4) with ``dice`` (0: used), each a price and the
        move's marks: the dice, the values they are read as, the discount ticks."""
        free = [k for k in range(DICE) if dice[k]]
        out: list[tuple[int, tuple[int, ...]]] = []
        for price in (3, 4):
            ways: set[tuple[int, ...]] = set()
            for n in range(max(0, price - discount), price + 1):
                less = () if n == price else (LESS0 + price - n,)
                if n == 0:
                    ways.add(less)
                    continue
                for group in itertools.combinations(free, n):
                    for v in range(1, 7):
                        cost = sum(abs(dice[k] - v) for k in group)
                        if cost <= adjust:
                            reads = tuple(READ0 + k * 6 + v - 1 for k in group if dice[k] != v)
                            ways.add(tuple(sorted((*(DIE[k] for k in group), *reads, *less))))
            out.extend((price, way) for way in ways)
        return tuple(out)

    def use_moves(self, s: DonnantState) -> tuple[Move, ...]:
        me = s.active
        moves = [PASS, *self.buys(s, me)]
        tableau = s.tableaux[me]
        dice = tuple((k, s.dice[k]) for k in range(DICE) if not s.used >> k & 1)
        adjust, recolour = self.left(tableau, "adjust"), self.left(tableau, "recolour")
        for i, slot in enumerate(tableau):
            if slot is not None and None in slot[1]:
                if self.can_complete(slot[0], slot[1], dice, adjust, recolour):
                    moves.append(Move(COMPLETE_T, PLACES[i]))
        return tuple(sorted(moves))

    def complete_moves(self, s: DonnantState) -> tuple[Move, ...]:
        """Writes on the card being completed that leave it completable with the dice left (DD6)."""
        me, i = s.active, s.completing
        tableau = s.tableaux[me]
        number, written, _ = tableau[i]  # type: ignore[misc]
        adjust, recolour = self.left(tableau, "adjust"), self.left(tableau, "recolour")
        free = [(k, s.dice[k]) for k in range(DICE) if not s.used >> k & 1]
        out = []
        for b, w in enumerate(written):
            if w is not None:
                continue
            for k, value in free:
                rest = tuple(d for d in free if d[0] != k)
                for v, c in self.readings(number, b, k, value, adjust, recolour):
                    new = written[:b] + (v,) + written[b + 1 :]
                    if self.completable(number, new) and self.can_complete(
                        number, new, rest, adjust - abs(v - value), recolour - (c != k)
                    ):
                        out.append(self.write_move(k, i, b, v, c, value))
        return tuple(sorted(out))

    # -- playing a move -----------------------------------------------------------------------------------
    def apply(self, state: DonnantState, move: Move) -> DonnantState:
        s = _evolve(state, history=(*state.history, move))
        if state.turn == CHANCE:
            return self._settle(self.chance(s, move.to))
        phase, me = s.phase, s.turn
        if phase == PUTBACK:
            n = self.site_card[move.to]
            t = self.pile_of[n]
            hands = _replace(s.hands, me, tuple(c for c in s.hands[me] if c != n))
            bottoms = _replace(s.bottoms, t, (*s.bottoms[t], n))
            pending = s.pending[1:]
            s = _evolve(s, hands=hands, bottoms=bottoms, pending=pending)
            if not pending:
                s = _evolve(s, phase=LAY, active=s.first)
            return self._settle(s)
        if phase == LAY:
            s = self.put(s, me, self.site_card[move.origin], move.to - PLACES[0])
            hands = _replace(s.hands, me, tuple(c for c in s.hands[me] if c != self.site_card[move.origin]))
            s = _evolve(s, hands=hands)
            if not hands[me]:
                nxt = (me + 1) % self.number_of_players
                s = _evolve(s, active=nxt)
                if nxt == s.first:
                    s = self.new_turn(s)
            return self._settle(s)
        if phase == ACTIVE:
            return self._settle(self.act(s, move))
        if phase in (PASSIVE, SECOND):
            choices = _replace(s.choices, me, move)
            s = _evolve(s, choices=choices, pending=s.pending[1:])
            if not s.pending:
                s = self.resolve(s)
            return self._settle(s)
        if phase == USE:
            if move == PASS:
                return self._settle(self.end_turn(s))
            if move.origin == COMPLETE_T:
                return self._settle(_evolve(s, phase=COMPLETE, completing=move.to - PLACES[0]))
            return self._settle(self.buy(s, move))
        if phase == PLACE:
            s = self.put(s, me, s.holding, move.to - PLACES[0])
            return self._settle(_evolve(s, phase=USE, holding=-1, holding_pile=-1, bought=False))
        if phase == COMPLETE:
            tableau = self.do_write(s, me, move, s.tableaux[me])
            s = _evolve(s, tableaux=_replace(s.tableaux, me, tableau), used=s.used | 1 << move.origin)
            if None not in tableau[s.completing][1]:  # type: ignore[index]
                s = _evolve(s, phase=USE, completing=-1)
            return self._settle(s)
        if phase in (JOKER_DICE, SOLO_WRITE):
            if move != PASS:
                tableau = self.do_write(s, me, move, s.tableaux[me])
                s = _evolve(
                    s, tableaux=_replace(s.tableaux, me, tableau), used=s.used | 1 << move.origin, writes=s.writes - 1
                )
            if move == PASS or s.writes <= 0:
                s = self.end_turn(s) if phase == JOKER_DICE else self.solo_remove(s)
            return self._settle(s)
        if phase == JOKER_CARD:
            n, t = s.holding, s.holding_pile
            if move.origin == PUTBACK_T:
                s = _evolve(s, bottoms=_replace(s.bottoms, t, (*s.bottoms[t], n)))
            else:
                s = self.put(s, me, n, move.to - PLACES[0])
            return self._settle(self.end_turn(_evolve(s, holding=-1, holding_pile=-1)))
        if phase == SOLO_REMOVE:
            slot = move.to - SLOT[0]
            market, aside = _replace(s.market, slot, -1), (*s.aside, s.market[slot])
            return self._settle(self.after_removal(_evolve(s, market=market, aside=aside)))
        raise AssertionError(f"no move in phase {phase}")

    def chance(self, s: DonnantState, k: int) -> DonnantState:
        if k >= 200:  # the first player
            first = k - 200
            order = tuple((first + j) % self.number_of_players for j in range(self.number_of_players))
            return _evolve(s, first=first, active=first, phase=PUTBACK, pending=order)
        if k >= 100:  # a card drawn
            n = k - 100
            (t, where), to_draw = s.to_draw[0], s.to_draw[1:]
            piles, bottoms = s.piles, s.bottoms
            if n in piles[t]:
                piles = _replace(piles, t, tuple(c for c in piles[t] if c != n))
            elif piles[t]:  # a view: one unknown card less
                piles = _replace(piles, t, piles[t][1:])
            else:
                bottoms = _replace(bottoms, t, bottoms[t][1:])
            s = _evolve(s, to_draw=to_draw, piles=piles, bottoms=bottoms)
            if where < 8:
                return _evolve(s, market=_replace(s.market, where, n))
            if where < 200:
                p = where - 100
                return _evolve(s, hands=_replace(s.hands, p, (*s.hands[p], n)))
            return _evolve(s, holding=n, holding_pile=t, phase=JOKER_CARD)
        # a die
        die, to_roll = s.to_roll[0], s.to_roll[1:]
        s = _evolve(s, dice=_replace(s.dice, die, k), to_roll=to_roll)
        if to_roll:
            return s
        s = _evolve(s, rolls=s.rolls + 1)
        if s.phase == SOLO_WRITE:
            return s
        if s.rolls >= 2 and not self.solo:
            return self.start_passive(s, PASSIVE)
        return _evolve(s, phase=ACTIVE)

    def start_passive(self, s: DonnantState, phase: int) -> DonnantState:
        """After a reroll (DD8), or for a second die (DD10): the players asked at once."""
        players = self.number_of_players
        order = [(s.active + j) % players for j in range(1, players)]
        asked = []
        for p in order:
            allowed = s.just
            if phase == SECOND:
                if s.took[p] < 0 or not self.left(s.tableaux[p], "second"):
                    continue
                allowed &= ~(1 << s.took[p])
            if self.write_moves(s, p, allowed):
                asked.append(p)
        if not asked:
            return _evolve(s, phase=ACTIVE, choices=(None,) * players, took=(-1,) * players)
        return _evolve(s, phase=phase, pending=tuple(asked), choices=(None,) * players)

    def resolve(self, s: DonnantState) -> DonnantState:
        """Every choice made at once, applied together."""
        tableaux, took = list(s.tableaux), list(s.took)
        for p, choice in enumerate(s.choices):
            if choice is None or choice.is_pass:
                continue
            tableau = self.do_write(s, p, choice, tableaux[p])
            if s.phase == SECOND:
                tableau = self.spend(tableau, "second", 1)
            else:
                took[p] = choice.origin
            tableaux[p] = tableau
        s = _evolve(s, tableaux=tuple(tableaux), took=tuple(took), choices=(None,) * len(took))
        if s.phase == PASSIVE:
            return self.start_passive(s, SECOND)
        return _evolve(s, phase=ACTIVE, took=(-1,) * len(took))

    def act(self, s: DonnantState, move: Move) -> DonnantState:
        if move.to == STOP:
            return _evolve(s, phase=USE, used=0, rerolls=s.rolls - 1)
        if move.to == JOKER_DICE_T:
            return _evolve(s, phase=JOKER_DICE, used=0, writes=2, rerolls=s.rolls - 1)
        if move.to in PILE:
            t = PILE.index(move.to)
            return _evolve(s, to_draw=((t, 200),), rerolls=s.rolls - 1)
        mask = self.rerolls_of[move]
        dice = tuple(0 if mask >> k & 1 else v for k, v in enumerate(s.dice))
        return _evolve(s, dice=dice, just=mask, to_roll=tuple(k for k in range(DICE) if mask >> k & 1))

    def buy(self, s: DonnantState, move: Move) -> DonnantState:
        me, slot = s.active, move.to - SLOT[0]
        dice = [m for m in move.marks if m < DICE]
        value = None
        for m in move.marks:
            if READ0 <= m < RECOLOUR0:
                value = (m - READ0) % 6 + 1
        if value is None and dice:
            value = s.dice[dice[0]]
        cost = sum(abs(s.dice[k] - value) for k in dice) if dice and value is not None else 0
        less = sum(m - LESS0 for m in move.marks if LESS0 < m < SEAT0)
        tableau = self.spend(self.spend(s.tableaux[me], "adjust", cost), "discount", less)
        used = s.used
        for k in dice:
            used |= 1 << k
        n = s.market[slot]
        return _evolve(
            s,
            tableaux=_replace(s.tableaux, me, tableau),
            market=_replace(s.market, slot, -1),
            used=used,
            holding=n,
            holding_pile=self.pile_of[n],
            phase=PLACE,
            bought=True,
        )

    def put(self, s: DonnantState, player: int, n: int, place: int) -> DonnantState:
        """Card ``n`` placed in ``player``'s tableau; a ninth card starts the end (DD12, DD14)."""
        tableau = s.tableaux[player]
        tableau = tableau[:place] + ((n, (None,) * self.size_of[n], 0),) + tableau[place + 1 :]
        s = _evolve(s, tableaux=_replace(s.tableaux, player, tableau))
        if s.phase != LAY and s.last_round < 0 and sum(slot is not None for slot in tableau) >= 9:
            s = _evolve(s, last_round=min(s.rounds + 2, self.turns) if self.solo else s.rounds + 2)
        return s

    def refill(self, s: DonnantState) -> DonnantState:
        """Each market row closes its gaps toward the far end and is refilled from its pile (DD7)."""
        market = list(s.market)
        to_draw = list(s.to_draw)
        for row in (0, 1):
            cards = [n for n in market[row * 4 : row * 4 + 4] if n >= 0]
            gaps = 4 - len(cards)
            market[row * 4 : row * 4 + 4] = [-1] * gaps + cards
            left = len(s.piles[row]) + len(s.bottoms[row])
            for j in range(min(gaps, left) - 1, -1, -1):
                to_draw.append((row, row * 4 + j))
        return _evolve(s, market=tuple(market), to_draw=tuple(to_draw))

    def new_turn(self, s: DonnantState) -> DonnantState:
        return _evolve(
            s, phase=ACTIVE, dice=(0,) * DICE, rolls=0, just=(1 << DICE) - 1, to_roll=tuple(range(DICE)), used=0,
            writes=0, holding=-1, holding_pile=-1, completing=-1, bought=False,
        )  # fmt: skip

    def end_turn(self, s: DonnantState) -> DonnantState:
        s = _evolve(s, holding=-1, holding_pile=-1, completing=-1, bought=False)
        if self.solo:  # the passive turn (DD14): the five dice rolled once, up to 3/2/1 of them written
            s = self.refill(s)
            return _evolve(
                s, phase=SOLO_WRITE, dice=(0,) * DICE, rolls=0, just=(1 << DICE) - 1, to_roll=tuple(range(DICE)),
                used=0, writes=(3, 2, 1)[max(0, min(2, s.rerolls))],
            )  # fmt: skip
        players = self.number_of_players
        nxt = (s.active + 1) % players
        rounds = s.rounds + (nxt == s.first)
        s = _evolve(s, active=nxt, rounds=rounds)
        if (s.last_round >= 0 and rounds >= s.last_round) or rounds >= ROUND_CAP:
            return self.finish(s)
        return self.new_turn(self.refill(s))

    def solo_remove(self, s: DonnantState) -> DonnantState:
        s = _evolve(s, phase=SOLO_REMOVE, used=0)
        if s.market[3] < 0 and s.market[7] < 0:  # nothing to remove: the turn counts all the same
            return self.after_removal(s)
        return s

    def after_removal(self, s: DonnantState) -> DonnantState:
        removed = s.removed + 1
        s = _evolve(s, removed=removed, rounds=removed)
        if removed >= self.turns or (s.last_round >= 0 and removed >= s.last_round):
            return self.finish(s)
        return self.new_turn(self.refill(_evolve(s, rerolls=0)))

    # -- the end ------------------------------------------------------------------------------------------
    def placed(self, tableau: tuple[Slot, ...]) -> dict[tuple[int, int], scoring.Placed]:
        return {
            divmod(i, WINDOW): scoring.Placed(self.card_of[slot[0]], slot[1], slot[2])
            for i, slot in enumerate(tableau)
            if slot is not None and slot[0] >= 0
        }

    def finish(self, s: DonnantState) -> DonnantState:
        totals = tuple(scoring.score(self.placed(t)) for t in s.tableaux)
        empty = tuple(scoring.empty_boxes(self.placed(t)) for t in s.tableaux)
        s = _evolve(s, to_draw=(), to_roll=(), pending=(), choices=(None,) * len(totals))
        if self.solo:
            won = totals[0] >= self.target
            level = self.options["level"]
            reason = f"{'won' if won else 'lost'}: {totals[0]} points, {self.target} needed at level {level}"
            result = Outcome(0 if won else None, reason, (), (1,), totals, (1.0 if won else -1.0,))
            return _evolve(s, outcome=result)
        return _evolve(s, outcome=ranked(totals, empty))

    # -- notation (notation.py) and what is drawn beside the board (pictures.py) ------------------------
    def format_move(self, move: Move) -> str:
        return notation.format_move(self, move)

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(self, text)

    def shorthand(self, state: DonnantState, text: str) -> Move | None:
        return notation.shorthand(self, state, text)

    def site_name(self, site: int) -> str:
        return notation.site_word(self, site)

    def why_illegal(self, state: DonnantState, move: Move) -> str:
        return notation.why_illegal(self, state, move)

    def dice(self, state: DonnantState) -> tuple[Die, ...]:
        return pictures.dice(state)

    def market(self, state: DonnantState) -> tuple[Cards, ...]:
        return pictures.market(self, state)

    def scores(self, state: DonnantState) -> tuple[float, ...]:
        try:
            return tuple(float(scoring.score(self.placed(t))) for t in state.tableaux)
        except NotImplementedError:
            return ()

    def owners(self, state: DonnantState) -> dict[int, int]:
        return {}

    # -- for agents: the evaluation is in strategy.py ----------------------------------------------------
    def evaluate(self, state: DonnantState, player: int) -> float:
        return strategy.evaluate(self, state, player)


def ranked(totals: tuple[int, ...], empty: tuple[int, ...]) -> Outcome:
    """Highest total first; a tie goes to fewer empty boxes; still tied: shared (DD13)."""
    keys = [(t, -e) for t, e in zip(totals, empty, strict=True)]
    places = tuple(1 + sum(other > key for other in keys) for key in keys)
    firsts = [p for p, place in enumerate(places) if place == 1]
    tied = [p for p, t in enumerate(totals) if t == max(totals)]
    reason = "the highest total"
    if len(tied) > 1:
        reason += ", a tie broken by fewer empty boxes" if len(firsts) == 1 else ", tied again on empty boxes"
    return Outcome(firsts[0] if len(firsts) == 1 else None, reason, (), places, tuple(float(t) for t in totals))


_FIELDS = tuple(f.name for f in attrs.fields(DonnantState))
_FIELD_SET = frozenset(_FIELDS)


def _evolve(state: DonnantState, **changes: object) -> DonnantState:
    """``attrs.evolve`` without its checks (a third of a random game's time went there): the
    fields copied, the given ones changed, nothing cached on the old state carried over."""
    new = object.__new__(type(state))
    values = state.__dict__.copy()
    if len(values) != len(_FIELDS):  # what was worked out of the old state (its legal moves, its key)
        for name in values.keys() - _FIELD_SET:
            del values[name]
    values.update(changes)
    new.__dict__.update(values)
    return new


def _replace(values: tuple, index: int, value: object) -> tuple:
    return (*values[:index], value, *values[index + 1 :])


__all__ = ["Donnant", "DonnantState", "RULES"]
