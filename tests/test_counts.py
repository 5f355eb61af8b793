"""Counts on a site (boardgames.rules.counts): a game says how many pieces lie
on each site and whose they are, and every front end reads that one
declaration: the text drawing (numbers aligned at any width up to 99), the
SVG (the number on the pit), ``show --json`` (``counts``), the words, the
observation (one plane per owner and one for no one's, the raw count); a
sowing move is a site's name, typed, clicked and encoded as one, and refused
in one line saying why (empty, not yours), never as "taken"."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

from boardgames import Counted, Game, Grid, Outcome, State, Words, hookimpl, sow
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.testing import check_game, plugin

SVG = "{http://www.w3.org/2000/svg}"
#: The pits a1 b1 c1 (south's) and a2 b2 c2 (north's) at the start, and the pot d1 (no one's).
START = (48, 10, 3, 0, 7, 12)


@attrs.frozen(kw_only=True, slots=False)
class PitsState(State):
    pits: tuple[int, ...] = START
    pot: int = 5
    left: int = 6  # moves left


class Pits(Game[PitsState]):
    """Take the seeds of one of your pits (a1-c1 for south, a2-c2 for north)
    and drop them all into the pit across. After six moves, the more seeds in
    your row wins."""

    name = "pits"
    title = "Pits"
    player_names = ("south", "north")
    counted = Counted("seed", "seeds", "pit")
    sowing = True
    words = Words(pick_square="Click one of your pits to sow from.")
    max_length = 6

    def setup(self) -> None:
        self.grid = Grid.from_cells(4, 2, [(f, r) for f in range(3) for r in range(2)] + [(3, 0)])
        self.sites = [self.grid.index(f, r) for r in range(2) for f in range(3)]
        self.pot_site = self.grid.index(3, 0)

    def initial_state(self) -> PitsState:
        return PitsState(game=self)

    def generate_moves(self, state: PitsState) -> tuple:
        mine = range(3 * state.turn, 3 * state.turn + 3)
        return tuple(sorted(sow(self.sites[i]) for i in mine if state.pits[i]))

    def apply(self, state: PitsState, move) -> PitsState:
        i = self.sites.index(move.to)
        pits = list(state.pits)
        pits[(i + 3) % 6] += pits[i]
        pits[i] = 0
        history = (*state.history, move)
        outcome = None
        if state.left == 1 or not any(pits[3 * (1 - state.turn) : 3 * (2 - state.turn)]):
            south, north = sum(pits[:3]), sum(pits[3:])
            outcome = Outcome(None if south == north else int(north > south), "more seeds")
        return PitsState(game=self, history=history, turn=1 - state.turn, outcome=outcome, pits=tuple(pits),
                         left=state.left - 1)  # fmt: skip

    def owners(self, state: PitsState) -> dict[int, int]:
        return {}

    def counts(self, state: PitsState) -> dict[int, tuple[int, int | None]]:
        out: dict[int, tuple[int, int | None]] = {
            s: (n, i // 3) for i, (s, n) in enumerate(zip(self.sites, state.pits, strict=True))
        }
        out[self.pot_site] = (state.pot, None)
        return out


class PitsPlugin:
    @hookimpl
    def register_games(self, register):
        register(Pits)


@pytest.fixture
def pits_plugin():
    with plugin(PitsPlugin(), "pits-under-test"):
        yield


def test_a_game_that_counts_keeps_the_contract(pits_plugin):
    check_game("pits", games=5)


def test_the_text_drawing_writes_each_count_aligned_at_any_width():
    state = Pits.configure().start()
    text = render_text(state.view())
    lines = text.splitlines()
    south = next(line for line in lines if line.startswith("  1 "))
    north = next(line for line in lines if line.startswith("  2 "))
    assert "48" in south and "10" in south and " 3" in south and " 5" in south
    # Each pit's number ends in the same column in both rows: a1 48 over a2 0, b1 10 over b2 7.
    for a, b in (("48", " 0"), ("10", " 7"), (" 3", "12")):
        assert south.index(a) == north.index(b), text
    assert "n seeds" in text and "kind" not in text
    # The pot d1 is on south's row alone; north's row runs blank past c2 to the same column, so that both
    # rank labels stand in one column (as shogi's ranks with no hand site do).
    pot = south.index("  5")
    assert len(south) == len(north) and north[pot : pot + 4].strip() == "" and south[pot : pot + 4].strip() == "5"
    assert "*48 *10 * 3" in south and "*" not in north  # south's legal pits starred, in the same columns


def test_counts_of_three_and_four_digits_are_written_whole_in_their_cell():
    """A 2048 tile's number: 100 to 9999 take the mark columns of the cell (a `*` still before
    three digits), the row as wide as ever; the SVG writes four digits smaller, inside the ring."""
    state = attrs.evolve(Pits.configure().start(), pits=(2048, 128, 3, 0, 7, 12), pot=9999)
    lines = render_text(state.view()).splitlines()
    south = next(line for line in lines if line.startswith("  1 "))
    assert south.startswith("  1 2048*128* 3 9999  1"), south  # a1 2048, b1 *128 (legal), c1 * 3, d1 9999
    before = next(line for line in render_text(Pits.configure().start().view()).splitlines() if line[:4] == "  1 ")
    assert ">>" not in south and len(south) == len(before)
    svg = render_svg(state.view())
    assert 'font-size="13" font-weight="bold" fill="#222222">2048</text>' in svg
    assert 'font-size="17" font-weight="bold" fill="#222222">128</text>' in svg
    assert 'font-size="22" font-weight="bold" fill="#222222">3</text>' in svg


def test_the_svg_the_json_and_the_words_give_the_counts(pits_plugin, cli):
    state = Pits.configure().start()
    root = ET.fromstring(render_svg(state.view(), interactive=True))
    drawn = {g.get("data-square"): g.find(f"{SVG}text").text for g in root.iter(f"{SVG}g") if g.get("data-count")}
    assert drawn == {"a1": "48", "b1": "10", "c1": "3", "a2": "0", "b2": "7", "c2": "12", "d1": "5"}
    labels = {r.get("data-square"): r.get("aria-label") for r in root.iter(f"{SVG}rect") if r.get("role") == "button"}
    assert labels["a1"] == "a1, south's pit, 48 seeds" and labels["d1"] == "d1, pit, 5 seeds"
    run = cli("show", "pits", "--json")
    assert run.code == 0, run.err
    shown = run.json()
    assert shown["counts"]["a1"] == {"count": 48, "owner": "south"}
    assert shown["counts"]["d1"] == {"count": 5, "owner": None}
    assert shown["counts"]["a2"] == {"count": 0, "owner": "north"}
    assert shown["legal_moves"] == ["a1", "b1", "c1"] and shown["contents"] == {}


def test_the_observation_has_a_plane_per_owner_with_the_raw_counts():
    game = Pits.configure()
    names = plane_names(game)
    assert names[2:5] == ("my count", "opponent's count", "unowned count")
    state = game.start().play("a1")  # north to move: a2 now holds 48
    seen = planes(state, 1)
    a1, a2, d1 = (game.grid.parse_square(n) for n in ("a1", "a2", "d1"))
    assert seen[2][a2] == 48.0 and seen[3][a1] == 0.0 and seen[3][game.grid.parse_square("b1")] == 10.0
    assert seen[4][d1] == 5.0 and sum(seen[4]) == 5.0
    assert planes(state, 0)[3][a2] == 48.0  # south's view: north's pit is the opponent's


def test_a_pit_is_typed_by_name_and_a_bad_one_refused_in_one_line(pits_plugin, cli):
    run = cli("show", "pits", "--moves", "a1,b2")
    assert run.code == 0, run.err
    for moves, why in (
        ("a1,a1", "a1 is not north's pit"),
        ("a1,b2,a1", "a1 is empty"),
        ("d1", "that move is not legal here"),
    ):
        run = cli("show", "pits", "--moves", moves)
        assert run.code == 1 and why in run.err and "taken" not in run.err and "Traceback" not in run.err, run.err
        assert len(run.err.strip().splitlines()) == 1, run.err


def test_the_terminal_plays_a_pit_typed_by_its_name(pits_plugin, cli):
    run = cli("play", "pits", "--players", "human,human", input="b1\nb1\nb2\nquit\n")
    assert "Traceback" not in run.err and "taken" not in run.out + run.err
    refused = [line for line in (run.out + run.err).splitlines() if "b1 is not north's pit" in line]
    assert len(refused) == 1, run.out + run.err
    assert "moves: b1 b2" in run.out or " 17 " in run.out, run.out  # b2 held 17 seeds after south's b1


class OwnedPits(Pits):
    """Pits whose text writes each count with its owner's letter (Backgammon's points change hands)."""

    name = "owned_pits"
    counted = Counted("seed", "seeds", "pit", owned=True)


def test_a_count_declared_owned_is_written_with_its_owners_letter_in_the_text():
    text = render_text(OwnedPits.configure().start().play("a1").view())
    north, south = (next(line for line in text.splitlines() if line.startswith(f"  {r} ")) for r in (2, 1))
    cells = [[row[4 + 4 * f : 8 + 4 * f] for f in range(4)] for row in (north, south)]
    assert cells[0][:3] == ["*48N", "* 7N", "*12N"], text  # a1's 48 seeds now in a2, north's; * legal
    assert cells[1] == ["[ 0S", " 10S", "  3S", "   5"], text  # the last move's bracket; the pot, no one's
    plain = render_text(Pits.configure().start().view())
    assert "48S" not in plain and "*48 *10 * 3   5" in plain  # undeclared: the number alone, as before


def test_a_count_declared_owned_is_a_disc_in_its_owners_colour_in_the_svg():
    state = OwnedPits.configure().start().play("a1")
    svg = ET.fromstring(render_svg(state.view()))
    discs = {g.get("data-square"): g for g in svg.iter(f"{SVG}g") if g.get("class", "").startswith("count")}
    north, empty, pot = discs["a2"].find(f"{SVG}circle"), discs["a1"].find(f"{SVG}circle"), discs["d1"]
    assert north.get("fill") == state.game.colours[1] and discs["a2"].find(f"{SVG}text").text == "48"
    assert empty.get("fill") == "#e8d9bd" and pot.find(f"{SVG}circle").get("fill") == "#e8d9bd"  # none, no one's
    plain = ET.fromstring(render_svg(Pits.configure().start().play("a1").view()))
    assert {c.get("fill") for g in plain.iter(f"{SVG}g") if g.get("class", "").startswith("count")
            for c in g.iter(f"{SVG}circle")} == {"#e8d9bd"}  # fmt: skip


def test_a_count_declared_owned_says_whose_in_the_position_in_words():
    from boardgames.rendering.words import position_words

    said = position_words(OwnedPits.configure().start().play("a1").view())
    assert said.endswith(
        "seeds: a1 0 south's, a2 48 north's, b1 10 south's, b2 7 north's, c1 3 south's, c2 12 north's, d1 5"
    )
    assert "a2 48," in position_words(Pits.configure().start().play("a1").view())  # undeclared: as before


class StackedPits(Pits):
    counted = Counted("checker", "checkers", "point", owned=True, stacked=5, plain=(3,))  # d1, the pot, a tray


def test_a_count_declared_stacked_is_drawn_as_stones_on_long_points():
    """Counted(stacked=5): up to five stones in the owner's colour piled from the board's edge on a
    long point, the number on the last past five; a plain site (a tray) shaded, with no point."""
    state = StackedPits.configure().start().play("a1")  # a2: 48 north's; a1: none left
    svg = ET.fromstring(render_svg(state.view(), interactive=True))
    groups = {g.get("data-square"): g for g in svg.iter(f"{SVG}g") if g.get("class", "").startswith("count")}
    stones = {sq: [c for c in g.iter(f"{SVG}circle") if c.get("class") == "stone"] for sq, g in groups.items()}
    assert {sq: len(s) for sq, s in stones.items()} == {"a1": 0, "b1": 5, "c1": 3, "a2": 5, "b2": 5, "c2": 5, "d1": 5}
    assert {c.get("fill") for c in stones["a2"]} == {state.game.colours[1]}
    assert [t.text for t in groups["a2"].iter(f"{SVG}text")] == ["48"]  # more than five: the number on the last
    assert list(groups["c1"].iter(f"{SVG}text")) == []  # three: the stones say it
    # Rank 2 (the upper half) piles down from the top edge, rank 1 up from the bottom one.
    top = [float(c.get("cy")) for c in stones["a2"]]
    bottom = [float(c.get("cy")) for c in stones["c1"]]
    assert top == sorted(top) and bottom == sorted(bottom, reverse=True) and max(top) < min(bottom)
    points = list(svg.iter(f"{SVG}polygon"))
    assert len([p for p in points if p.get("class") == "point-site"]) == 6  # every cell but the tray
    assert len([r for r in svg.iter(f"{SVG}rect") if r.get("class") == "plain-site"]) == 1
    targets = {r.get("data-square"): r.get("height") for r in svg.iter(f"{SVG}rect") if r.get("role") == "button"}
    assert float(targets["a1"]) > 4 * 60 * 0.7  # the whole long point is clicked, not a square in its middle
    plain = ET.fromstring(render_svg(OwnedPits.configure().start().play("a1").view()))
    assert not [c for c in plain.iter(f"{SVG}circle") if c.get("class") == "stone"]  # undeclared: a disc, as before


class TiledPits(Pits):
    counted = Counted("point", "points", "tile", tiles=True)


def test_a_count_declared_as_tiles_is_a_numbered_tile_warmer_as_it_doubles():
    """Counted(tiles=True), as 2048's: a square tile with the number, its colour a step warmer each
    time the number doubles, and no tile at all on an empty site."""
    from boardgames.rendering.tiles import tile_colour

    state = TiledPits.configure().start().play("a1")  # a1 now 0, a2 48
    svg = ET.fromstring(render_svg(state.view()))
    groups = {g.get("data-square"): g for g in svg.iter(f"{SVG}g") if g.get("class", "").startswith("count")}
    tiles = {sq: [r for r in g.iter(f"{SVG}rect") if r.get("class") == "tile"] for sq, g in groups.items()}
    assert tiles["a1"] == [] and list(groups["a1"].iter(f"{SVG}text")) == []  # empty: nothing drawn
    assert [t.text for t in groups["a2"].iter(f"{SVG}text")] == ["48"] and not list(groups["a2"].iter(f"{SVG}circle"))
    assert tiles["c1"][0].get("fill") == tile_colour(3) == tile_colour(2) != tile_colour(4) != tile_colour(8)
    assert tile_colour(2**40) == tile_colour(2**20)  # past the ramp, the last colour
