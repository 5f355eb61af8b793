"""A small dice and card game whose grid is no board (``board_drawn`` False):
its sites number three dice, the boxes on two cards, an empty place. The
renderers' tests (tests/test_cards_rendering.py) draw it and a real
``boardgames serve`` plays it (:func:`installed`); it is no built-in game.

Two players take turns writing an unused die's value in an empty box:
``Move(die's site, box's site)``; once every die is used, each scores what
they wrote."""

from __future__ import annotations

from pathlib import Path

import attrs

from boardgames import Game, Grid, Move, Outcome, State, hookimpl
from boardgames.rules.declarations import Card, CardBox, Cards, Die

#: The plugin's (entry point's) name, for a server (:func:`installed`).
NAME = "card-games"
YELLOW, BLUE, RED, GREEN, WHITE = "#f1c40f", "#2e86c1", "#c0392b", "#27ae60", "#ffffff"
#: Each die: its value, colour, name; its site is its index (0, 1, 2).
DICE = ((3, YELLOW, "yellow"), (5, BLUE, "blue"), (2, WHITE, "white"))
#: The sites of the market card's boxes, the tableau card's, the tableau's empty place.
MARKET_BOXES, TABLEAU_BOXES, EMPTY_PLACE = (3, 4, 5), (6, 7), 8


@attrs.frozen(kw_only=True, slots=False)
class SheetState(State):
    used: frozenset[int] = frozenset()  # the dice written
    written: tuple[tuple[int, int, int], ...] = ()  # (box's site, value, player)


class Sheet(Game[SheetState]):
    """Three dice and two cards with boxes to fill; the grid (5 by 2) only numbers their sites."""

    name = "sheet"
    title = "Sheet"
    player_names = ("north", "south")
    board_drawn = False
    max_length = 3

    def setup(self) -> None:
        self.grid = Grid.get(5, 2)

    def initial_state(self) -> SheetState:
        return SheetState(game=self)

    def generate_moves(self, state: SheetState) -> tuple[Move, ...]:
        taken = {site for site, _, _ in state.written}
        boxes = [b for b in (*MARKET_BOXES, *TABLEAU_BOXES) if b not in taken]
        return tuple(Move(d, b) for d in range(len(DICE)) if d not in state.used for b in boxes)

    def apply(self, state: SheetState, move: Move) -> SheetState:
        used = state.used | {move.origin}
        written = (*state.written, (move.to, DICE[move.origin][0], state.turn))
        after = attrs.evolve(state, history=(*state.history, move), turn=1 - state.turn, used=used, written=written)
        if len(used) == len(DICE):
            after = attrs.evolve(after, outcome=Outcome.ranked(self.scores(after), "every die written"))
        return after

    def owners(self, state: SheetState) -> dict[int, int]:
        return {}

    def dice(self, state: SheetState) -> tuple[Die, ...]:
        return tuple(
            Die(value, kept=site in state.used, colour=colour, name=name, site=site)
            for site, (value, colour, name) in enumerate(DICE)
        )

    def market(self, state: SheetState) -> tuple[Cards, ...]:
        written = {site: str(value) for site, value, _ in state.written}
        demands = (("3", YELLOW), ("", ""), ("5", ""))
        offer = Card(
            "2 per completed neighbour",
            colour=BLUE,
            colour_name="blue",
            boxes=tuple(CardBox(d, c, written.get(s, ""), s) for (d, c), s in zip(demands, MARKET_BOXES, strict=True)),
            between=("<", "<"),
            ticks=(True, False, False),
            done=all(s in written for s in MARKET_BOXES),
            price="4 equal dice",
        )
        mine = Card(
            "1 point",
            colour=RED,
            colour_name="red",
            boxes=tuple(CardBox("", c, written.get(s, ""), s) for c, s in zip((RED, ""), TABLEAU_BOXES, strict=True)),
            between=("=",),
            done=all(s in written for s in TABLEAU_BOXES),
        )
        kept = Card("worth 3", colour=GREEN, colour_name="green", done=True, ticks=(True,))
        return (
            Cards("market", (offer, None)),  # a card still face down beside it
            Cards("pile", (None,) * 5),
            Cards("tableau", (mine, Card("", site=EMPTY_PLACE), kept), owner=0, columns=2),
        )

    def scores(self, state: SheetState) -> tuple[float, ...]:
        return tuple(sum(v for _, v, p in state.written if p == player) for player in (0, 1))


#: Hands' hand box (north's card), the one site Sheet leaves free.
HAND_BOX = 9
#: What south's secret card says: no view but south's (and the whole game's) may show it.
SECRET = "secret: 9 points"


@attrs.frozen(kw_only=True, slots=False)
class HandsState(SheetState):
    viewer: int | None = -1  # whose view this is (-1: the whole position, None: a spectator's)


class Hands(Sheet):
    """Sheet with a hand each, issue 39: north's card has a box a die may
    fill (``HAND_BOX``); south's card is secret, and the others see it face
    down with what was written on it in public (a 4, written where everyone
    saw it). Its sites have names of the game's own (:meth:`site_name`)."""

    name = "sheet-hands"
    title = "Sheet with hands"
    max_length = 3

    def initial_state(self) -> HandsState:
        return HandsState(game=self)

    def generate_moves(self, state: SheetState) -> tuple[Move, ...]:
        taken = {site for site, _, _ in state.written}
        free = tuple(m for m in super().generate_moves(state))
        mine = tuple(Move(d, HAND_BOX) for d in range(len(DICE)) if d not in state.used and HAND_BOX not in taken)
        return tuple(sorted(free + mine))

    def hide(self, state: HandsState, player: int | None) -> HandsState:
        return attrs.evolve(state, viewer=player)

    def seen(self, state: HandsState, move: Move, player: int | None) -> Move:
        return move  # every die written is seen by all

    def sample(self, view: HandsState, player: int | None, rng) -> HandsState:  # type: ignore[no-untyped-def]
        return attrs.evolve(view, viewer=-1)

    def hands(self, state: HandsState) -> tuple[tuple[Card | None, ...], ...]:
        written = {site: str(value) for site, value, _ in state.written}
        north = Card(
            "1 point", colour=GREEN, colour_name="green", boxes=(CardBox("", "", written.get(HAND_BOX, ""), HAND_BOX),)
        )
        # South's secret card: the game leaves its text in, marked face down for another's view;
        # the renderers must show only what is written on it.
        secret = Card(SECRET, colour=RED, colour_name="red", boxes=(CardBox("6", RED, "4"), CardBox("1")), price="2")
        hidden = state.viewer not in (1, -1)
        return ((north,), (attrs.evolve(secret, face_down=hidden), None))

    def site_name(self, site: int) -> str:
        return {0: "yellow", 1: "blue", 2: "white", HAND_BOX: "hand1"}.get(site, f"box{site}")


class HandsHooks:
    """Hands as a plugin: ``with boardgames.testing.plugin(HandsHooks, "sheet-hands"): ...``."""

    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Hands)


class Hooks:
    """Sheet as a plugin: ``with boardgames.testing.plugin(Hooks, "sheet"): ...``."""

    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Sheet)


@hookimpl
def register_games(register):  # type: ignore[no-untyped-def]
    register(Sheet)


def installed(folder: Path) -> str:
    """Write a distribution's metadata with this module as an entry point of
    the group ``boardgames`` in ``folder``; the ``PYTHONPATH`` under which a
    server started now loads it (this folder and tests/)."""
    info = folder / "boardgames_card_games-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: boardgames-card-games\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[boardgames]\n{NAME} = card_games\n")
    return f"{folder}:{Path(__file__).parent}"
