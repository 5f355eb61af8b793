"""Donnant Donnant's cards (RULINGS DD1-DD3, DD10, DD11, DD13): the objective
checks against a brute-force reference, the card file format and the shipped
set, the final scoring on worked tableaux."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import attrs
import pytest

from boardgames.games.donnant.cards import (
    BONUS_KINDS,
    COLOURS,
    SCORING_KINDS,
    Box,
    CardFileError,
    Objective,
    card_text,
    default_cards,
    format_card,
    load_cards,
    parse_card,
    parse_cards,
)
from boardgames.games.donnant.objectives import best_sum, box_accepts, completable, complete, fits, one_roll_chance
from boardgames.games.donnant.scoring import Placed, empty_boxes, score

SHIPPED = Path(__file__).resolve().parent.parent / "games" / "donnant" / "cards.txt"

# --- objectives (DD3) ------------------------------------------------------------------------


def brute_completable(objective: Objective, written) -> bool:
    """The reference: try every filling of the empty boxes with 1-6."""
    empty = [i for i, v in enumerate(written) if v is None]
    for values in itertools.product(range(1, 7), repeat=len(empty)):
        filled = list(written)
        for i, v in zip(empty, values, strict=True):
            filled[i] = v
        if brute_complete(objective, filled):
            return True
    return False


def brute_complete(objective: Objective, filled) -> bool:
    if any(v is None for v in filled):
        return False
    if any(b.value is not None and b.value != v for b, v in zip(objective.boxes, filled, strict=True)):
        return False
    if objective.increasing and any(a >= b for a, b in zip(filled, filled[1:], strict=False)):
        return False
    if any(len({filled[i] for i in group}) > 1 for group in objective.groups):
        return False
    return sum(filled) >= objective.at_least


def random_objective(rng: random.Random) -> Objective:
    n = rng.randint(1, 6)
    boxes = tuple(
        Box(rng.choice([None, None, None, rng.randint(1, 6)]), rng.choice([None, None, "yellow", "blue"]))
        for _ in range(n)
    )
    increasing = rng.random() < 0.3
    groups: list[tuple[int, ...]] = []
    if rng.random() < 0.5:
        order = list(range(n))
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.7:
            size = rng.randint(2, min(3, len(order)))
            groups.append(tuple(sorted(order[:size])))
            order = order[size:]
        if increasing and rng.random() < 0.7:
            groups = []
    at_least = rng.choice([0, 0, rng.randint(1, 6 * n)])
    return Objective(boxes, increasing, tuple(groups), at_least)


def random_written(rng: random.Random, objective: Objective):
    return tuple(
        None if rng.random() < 0.5 else (b.value if b.value is not None and rng.random() < 0.8 else rng.randint(1, 6))
        for b in objective.boxes
    )


def test_dd3_completable_and_complete_agree_with_brute_force():
    """DD3: on thousands of random objectives (values, colours, `<`, `=` groups,
    sums) and partial fillings, the direct checks say what trying every filling says."""
    rng = random.Random(40)
    seen = {True: 0, False: 0}
    for _ in range(4000):
        objective = random_objective(rng)
        written = random_written(rng, objective)
        expected = brute_completable(objective, written)
        assert completable(objective, written) == expected, (objective, written)
        seen[expected] += 1
        full = tuple(v if v is not None else rng.randint(1, 6) for v in written)
        assert complete(objective, full) == brute_complete(objective, full), (objective, full)
        assert not complete(objective, written) or None not in written
    assert min(seen.values()) > 500  # both answers are well exercised


def test_dd3_box_value_colour_both_nothing():
    """DD3: a value box takes exactly that number, a colour box only that die,
    a box with both needs both, a white box without a number takes any die."""
    assert box_accepts(Box(3), 3, "red") and not box_accepts(Box(3), 4, "red")
    assert box_accepts(Box(colour="yellow"), 6, "yellow") and not box_accepts(Box(colour="yellow"), 6, "blue")
    assert box_accepts(Box(3, "yellow"), 3, "yellow")
    assert not box_accepts(Box(3, "yellow"), 3, "blue") and not box_accepts(Box(3, "yellow"), 2, "yellow")
    assert all(box_accepts(Box(), v, c) for v in range(1, 7) for c in ("yellow", "red"))
    assert not box_accepts(Box(), 0, "red") and not box_accepts(Box(), 7, "red")
    # A value box with a wrong number written can never complete.
    objective = Objective((Box(3), Box()))
    assert completable(objective, (3, None)) and not completable(objective, (4, None))
    assert complete(objective, (3, 1)) and not complete(objective, (3, None))


def test_dd3_dd8_fits_checks_the_box_and_the_card():
    """DD3, DD8: a die fits an empty box when the box takes it and the card can
    still be completed afterwards; never a filled box or one out of range."""
    objective = Objective((Box(), Box(colour="orange"), Box(5)), increasing=True)
    assert fits(objective, (None, None, None), 1, 3, "orange")
    assert not fits(objective, (None, None, None), 1, 3, "blue")  # the box wants the orange die
    assert not fits(objective, (None, None, None), 1, 1, "orange")  # nothing below 1 for box 0
    assert not fits(objective, (None, None, None), 2, 6, "red")  # box 2 wants a 5
    assert not fits(objective, (2, None, None), 0, 1, "red") and not fits(objective, (None,) * 3, 3, 1, "red")
    assert fits(objective, [None, 4, None], 2, 5, "red")  # a list works as well as a tuple


def test_dd3_increasing_with_gaps_in_any_order():
    """DD3: `<` means strictly increasing left to right, gaps allowed (1 2 4 5 6),
    boxes filled in any order; a value written too high for the boxes left of it
    makes the card impossible."""
    five = Objective(tuple(Box() for _ in range(5)), increasing=True)
    assert complete(five, (1, 2, 4, 5, 6))
    assert not complete(five, (1, 2, 2, 5, 6)) and not complete(five, (1, 3, 2, 5, 6))
    assert completable(five, (None, None, None, 5, None))  # 1 2 3|4 5 6
    assert completable(five, (None, None, 3, None, None))
    assert not completable(five, (None, None, 2, None, None))  # two values below 2
    assert not completable(five, (None, None, None, None, 4))
    orange_middle = Objective((Box(), Box(), Box(colour="orange"), Box(), Box(5)), increasing=True)
    assert completable(orange_middle, (None,) * 5)
    assert not completable(orange_middle, (None, None, None, 5, None))


def test_dd3_equal_pair_and_triple_of_different_values():
    """DD3: `=` groups: a pair and a triple may hold different values (2 2 5 5 5)
    or the same; within a group every value is the same."""
    objective = Objective(tuple(Box() for _ in range(5)), groups=((0, 1), (2, 3, 4)))
    assert complete(objective, (2, 2, 5, 5, 5)) and complete(objective, (4, 4, 4, 4, 4))
    assert not complete(objective, (2, 3, 5, 5, 5)) and not complete(objective, (2, 2, 5, 5, 4))
    assert completable(objective, (2, None, None, 5, None))
    assert not completable(objective, (2, 1, None, None, None))
    # A group that holds a number box must take that number.
    with_value = Objective((Box(6), Box(), Box()), groups=((0, 1, 2),))
    assert completable(with_value, (None, 6, None)) and not completable(with_value, (None, 5, None))


def test_dd3_sum_at_least_40_with_colours():
    """DD3: a sum card: the values add up to at least the number (40 over eight
    boxes), whatever they are; its coloured boxes still need their die."""
    boxes = (Box(colour="yellow"), Box(colour="blue")) + tuple(Box() for _ in range(6))
    objective = Objective(boxes, at_least=40)
    assert complete(objective, (6, 5, 5, 5, 5, 5, 5, 4)) and not complete(objective, (6, 5, 5, 5, 5, 5, 4, 4))
    assert not completable(objective, (1, 1) + (None,) * 6)  # 2 + 36 = 38 < 40
    assert best_sum(objective, (1, 1) + (None,) * 6) == 38
    assert not completable(objective, (1, 1, 1) + (None,) * 5)  # 3 + 30 = 33
    assert completable(objective, (4, 4) + (None,) * 6)


# --- the card file (DD1, DD2) ----------------------------------------------------------------


def test_dd1_dd2_shipped_set_has_29_scoring_and_20_bonus_cards_of_every_kind():
    """DD1, DD2: the shipped set loads whole: 29 scoring and 20 bonus cards,
    numbered in file order, the colours about equally, every scoring and bonus
    kind, every kind of box and relation, at most 5 boxes, each completable."""
    cards = default_cards()
    assert [card.number for card in cards] == list(range(49))
    scoring = [card for card in cards if card.scoring]
    bonus = [card for card in cards if not card.scoring]
    assert (len(scoring), len(bonus)) == (29, 20)
    assert sorted(sum(card.colour == c for card in scoring) for c in COLOURS) == [5, 6, 6, 6, 6]
    assert [sum(card.colour == c for card in bonus) for c in COLOURS] == [4] * 5
    assert {card.effect.kind for card in scoring} == set(SCORING_KINDS)
    assert {card.effect.kind for card in bonus} == set(BONUS_KINDS)
    boxes = [box for card in cards for box in card.objective.boxes]
    assert any(b.value and not b.colour for b in boxes) and any(b.colour and not b.value for b in boxes)
    assert any(b.value and b.colour for b in boxes) and any(b == Box() for b in boxes)
    objectives = [card.objective for card in cards]
    assert any(o.increasing for o in objectives) and any(o.at_least for o in objectives)
    assert any(len(o.groups) >= 2 for o in objectives) and any(len(g) == 3 for o in objectives for g in o.groups)
    for card in cards:
        assert 1 <= len(card.objective.boxes) <= 5
        assert completable(card.objective, (None,) * len(card.objective.boxes)), card_text(card)
        assert card.effect.uses == (0 if card.effect.kind == "paint" or card.scoring else 3)
    assert {c.effect.colour for c in scoring if c.effect.kind in ("colour", "neighbour_colour")} == set(COLOURS)
    # Installed as package data beside the module, read once.
    assert default_cards() is cards and load_cards(SHIPPED) == cards


def test_dd2_card_file_is_package_data():
    """DD2: cards.txt is installed with the package (pyproject's package data),
    beside the module that reads it."""
    tomllib = pytest.importorskip("tomllib")
    pyproject = tomllib.loads((SHIPPED.parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["setuptools"]["package-data"]["boardgames.games.donnant"] == ["cards.txt"]
    import boardgames.games.donnant.cards as module

    assert Path(module.__file__).with_name("cards.txt").read_text(encoding="utf-8") == SHIPPED.read_text(
        encoding="utf-8"
    )


def test_dd2_harder_objectives_pay_more():
    """DD2: a scoring card pays its kind's base plus a step per difficulty tier,
    the tier from the chance that one roll completes the empty card (the rule
    cards.txt states); so within a kind a harder card never pays less."""
    base = {"neighbours": (2, 1), "colour": (2, 1), "bonuses": (2, 1), "neighbour_colour": (3, 1), "lines": (3, 1)}
    base |= {"set": (8, 3), "mono_lines": (8, 3)}
    chances = []
    for card in default_cards():
        if not card.scoring:
            continue
        p = one_roll_chance(card.objective)
        tier = 0 if p >= 0.4 else 1 if p >= 0.12 else 2 if p >= 0.03 else 3
        first, step = base[card.effect.kind]
        assert card.effect.points == first + step * tier, card_text(card)
        chances.append(p)
    # Playable: the average scoring card completes in one roll about one time in five.
    assert sum(chances) / len(chances) > 0.15


def test_dd2_one_roll_chance_exact_on_small_cards():
    """DD2's pricing measure: a yellow 3 is 1/6; a white 3 3 needs two threes
    among five dice: 1 - (5/6)^5 - 5 (1/6)(5/6)^4."""
    assert one_roll_chance(Objective((Box(3, "yellow"),))) == pytest.approx(1 / 6)
    two_threes = 1 - (5 / 6) ** 5 - 5 * (1 / 6) * (5 / 6) ** 4
    assert one_roll_chance(Objective((Box(3), Box(3)))) == pytest.approx(two_threes)
    assert one_roll_chance(Objective((Box(), Box()))) == 1


def test_dd2_file_round_trips_through_the_formatter():
    """DD2: each card written back as a line (format_card) reads back the same."""
    cards = default_cards()
    text = "\n".join(format_card(card) for card in cards)
    again = parse_cards(text, "again")
    assert [attrs.evolve(c, line=0) for c in again] == [attrs.evolve(c, line=0) for c in cards]
    for card in cards:
        assert parse_card(format_card(card), card.number, card.line) == card


def test_dd2_format_examples_and_card_text():
    """DD2, DD3: the notation: number/colour boxes, '<' between every box, '='
    groups, sum at the end; card_text says the card in one line of words."""
    card = parse_card("scoring blue | 3y < . < 5 | neighbours 2")
    assert card.objective == Objective((Box(3, "yellow"), Box(), Box(5)), increasing=True)
    assert card_text(card) == "blue: 3y < . < 5 - 2 a completed neighbour"
    card = parse_card("bonus green | o=. g=.=. | adjust 3")
    assert card.objective.groups == ((0, 1), (2, 3, 4))
    assert card.objective.boxes[0] == Box(colour="orange") and card.objective.boxes[2] == Box(colour="green")
    assert card_text(card) == "green: o=. g=.=. - +1 or -1 to a die, 3 uses"
    card = parse_card("scoring red | y b . . sum>=18 | colour red 3")
    assert card.objective.at_least == 18 and card.effect.colour == "red" and card.effect.points == 3
    assert card_text(card) == "red: y b . . sum>=18 - 3 a red card"
    assert parse_card("bonus red|.=.|paint").effect.uses == 0
    assert card_text(parse_card("scoring red | 6 | neighbour_colour blue 4")) == "red: 6 - 4 a blue neighbour"
    assert card_text(parse_card("scoring red | 6 | colour orange 2")) == "red: 6 - 2 an orange card"


def _with_line(bad: str) -> tuple[str, int]:
    """The shipped file with its first card line replaced by ``bad``."""
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("scoring"))
    lines[at] = bad
    return "\n".join(lines), at + 1


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("scoring yellow | 2 2", "KIND COLOUR | OBJECTIVE | EFFECT"),
        ("scoring yellow | 2 2 | neighbours 3 | x", "KIND COLOUR | OBJECTIVE | EFFECT"),
        ("score yellow | 2 2 | neighbours 3", "starts 'scoring COLOUR'"),
        ("scoring purple | 2 2 | neighbours 3", "unknown colour 'purple'"),
        ("scoring yellow | 2 7 | neighbours 3", "bad box '7'"),
        ("scoring yellow | 2 x | neighbours 3", "bad box 'x'"),
        ("scoring yellow | y3 | neighbours 3", "bad box 'y3'"),
        ("scoring yellow |  | neighbours 3", "no box"),
        ("scoring yellow | . . . . . . | neighbours 3", "6 boxes: a card has at most 5"),
        ("scoring yellow | . < . . | neighbours 3", "'<' goes between every box"),
        ("scoring yellow | . < .=. | neighbours 3", "'<' goes between every box"),
        ("scoring yellow | .=. = | neighbours 3", "must stand between two boxes"),
        ("scoring yellow | < . | neighbours 3", "must stand between two boxes"),
        ("scoring yellow | . sum>=3 . | neighbours 3", "sum>=N goes at the end"),
        ("scoring yellow | . . sum>=x | neighbours 3", "a sum must be a number"),
        ("scoring yellow | . . sum 9 | neighbours 3", "bad box 'sum'"),
        ("scoring yellow | . . sum>=13 | neighbours 3", "can never be completed"),
        ("scoring yellow | 5 < 3 | neighbours 3", "can never be completed"),
        ("scoring yellow | 5=3 | neighbours 3", "can never be completed"),
        ("scoring yellow | 2 2 | adjust 3", "'adjust' is a bonus effect"),
        ("bonus yellow | 2 2 | neighbours 3", "'neighbours' is a scoring effect"),
        ("scoring yellow | 2 2 | fame 3", "'fame' is no effect"),
        ("scoring yellow | 2 2 |", "the effect is missing"),
        ("scoring yellow | 2 2 | neighbours", "write 'neighbours POINTS'"),
        ("scoring yellow | 2 2 | colour 3", "write 'colour COLOUR POINTS'"),
        ("scoring yellow | 2 2 | colour pink 3", "unknown colour 'pink'"),
        ("scoring yellow | 2 2 | lines 0", "points must be a number 1-99"),
        ("bonus yellow | 2 2 | paint 3", "'paint' takes nothing"),
        ("bonus yellow | 2 2 | adjust", "write 'adjust USES'"),
        ("bonus yellow | 2 2 | second 10", "uses must be a number 1-9"),
    ],
)
def test_dd2_each_malformed_line_is_named(bad, why):
    """DD2: the whole file is checked; the first bad line raises CardFileError
    'FILE:LINE: why', one line."""
    text, line = _with_line(bad)
    with pytest.raises(CardFileError) as raised:
        parse_cards(text, "my.txt")
    message = str(raised.value)
    assert message.startswith(f"my.txt:{line}: ") and why in message, message
    assert "\n" not in message


def test_dd2_first_bad_line_reported_and_later_lines_checked(tmp_path):
    """DD2: with two bad lines the first is named; a bad LAST line is found too
    (the whole file is read, not just the cards needed)."""
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    cards_at = [i for i, line in enumerate(lines) if line.startswith(("scoring", "bonus"))]
    lines[cards_at[3]] = "scoring red | 9 | lines 3"
    lines[cards_at[-1]] = "bonus red | . | nothing"
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(CardFileError, match=rf"^{path}:{cards_at[3] + 1}: bad box '9'"):
        load_cards(path)
    lines[cards_at[3]] = "scoring red | 6 | lines 3  # a comment after a card"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(CardFileError, match=rf"^{path}:{len(lines)}: 'nothing' is no effect"):
        load_cards(path)


def test_dd1_wrong_counts_are_refused():
    """DD1: a set has exactly 29 scoring and 20 bonus cards."""
    text = SHIPPED.read_text(encoding="utf-8")
    lines = text.splitlines()
    fewer = "\n".join(line for line in lines if line != next(x for x in lines if x.startswith("scoring")))
    with pytest.raises(CardFileError, match=r"^f: 28 scoring and 20 bonus cards; a set has 29 and 20 \(DD1\)$"):
        parse_cards(fewer, "f")
    with pytest.raises(CardFileError, match=r"^f: 29 scoring and 21 bonus cards"):
        parse_cards(text + "\nbonus red | 1 | paint\n", "f")
    with pytest.raises(CardFileError, match=r"^f: 0 scoring and 0 bonus cards"):
        parse_cards("# nothing here\n\n", "f")


def test_dd2_unreadable_files_are_one_line_errors(tmp_path):
    """DD2: a missing file, a folder, a file not UTF-8: CardFileError naming it."""
    for path, why in [
        (tmp_path / "missing.txt", "No such file"),
        (tmp_path, "Is a directory"),
        (tmp_path / "latin1.txt", "not UTF-8"),
    ]:
        if path.name == "latin1.txt":
            path.write_bytes("scoring yellow | 2 2 | neighbours 3 # é".encode("latin-1"))
        with pytest.raises(CardFileError) as raised:
            load_cards(path)
        assert str(raised.value).startswith(f"{path}: cannot read the card file: ") and why in str(raised.value)
        assert "\n" not in str(raised.value)


# --- scoring (DD10, DD11, DD13) --------------------------------------------------------------


def card(line: str):
    return parse_card(line)


def done(line: str) -> Placed:
    """A card whose boxes are all written (completed)."""
    c = card(line)
    return Placed(c, tuple(6 if b.value is None else b.value for b in c.objective.boxes))


def open_(line: str) -> Placed:
    """A card with its boxes all empty (not completed)."""
    c = card(line)
    return Placed(c, (None,) * len(c.objective.boxes))


def plain(colour: str, completed: bool = True) -> Placed:
    """A bonus card of a colour that scores nothing itself."""
    return (done if completed else open_)(f"bonus {colour} | . | adjust 3")


def grid(rows: list[list[Placed | None]], left: int = 10, top: int = 20) -> dict:
    """A tableau from rows of cards (None: no card), its places (column, row)
    starting at (left, top), not at 0."""
    return {(left + c, top + r): p for r, row in enumerate(rows) for c, p in enumerate(row) if p is not None}


def test_dd11_neighbours_orthogonal_completed_copies_add_up():
    """DD11: 2 per ORTHOGONAL neighbour that is completed: the centre card has
    3 completed neighbours (the 4th is not completed; diagonals never count):
    6; a copy in a corner with 2 completed neighbours adds 4; an uncompleted
    copy scores nothing."""
    centre = done("scoring blue | 6 | neighbours 2")
    corner = done("scoring red | 6 | neighbours 2")
    rows = [
        [corner, plain("red"), plain("red")],
        [plain("red"), centre, plain("red", completed=False)],
        [plain("red"), plain("red"), open_("scoring red | 6 | neighbours 2")],
    ]
    assert score(grid(rows)) == 6 + 4
    assert score(grid(rows, left=-3, top=7)) == 10
    rows[0][0] = plain("red")
    assert score(grid(rows)) == 6


def test_dd11_colour_counts_every_card_of_the_colour_completed_or_not():
    """DD11: 3 per blue card in the tableau, completed or not, the scoring card
    itself included when it is blue: 2 blue bonus cards (one not completed) = 6;
    blue itself: 9."""
    rows = [[done("scoring red | 6 | colour blue 3"), plain("blue"), plain("blue", completed=False), plain("green")]]
    assert score(grid(rows)) == 6
    rows[0][0] = done("scoring blue | 6 | colour blue 3")
    assert score(grid(rows)) == 9
    rows[0][0] = open_("scoring blue | 6 | colour blue 3")
    assert score(grid(rows)) == 0


def test_dd11_neighbour_colour_orthogonal_completed_or_not():
    """DD11: 4 per orthogonal neighbour that is green, completed or not: two
    (one not completed) = 8; the diagonal green does not count."""
    rows = [
        [plain("green"), plain("green", completed=False), None],
        [plain("red"), done("scoring yellow | 6 | neighbour_colour green 4"), plain("green")],
        [None, plain("blue"), None],
    ]
    assert score(grid(rows)) == 8


def test_dd11_lines_of_three_completed_cards():
    """DD11: 3 per row or column of three completed cards, wherever the scoring
    card lies: the top row and the middle column are complete (6); the bottom
    row has an uncompleted card, the left column a gap."""
    rows = [
        [plain("red"), done("scoring blue | 6 | lines 3"), plain("red")],
        [None, plain("red"), plain("red", completed=False)],
        [plain("red"), plain("red"), plain("red", completed=False)],
    ]
    assert score(grid(rows, left=4, top=-1)) == 6
    # A second copy scores the same lines again.
    rows[1][0] = done("scoring green | 6 | lines 3")
    assert score(grid(rows)) == 3 * 3 * 2  # the left column complete too: 3 lines, paid by two copies


def test_dd11_set_of_five_colours_completed_or_not():
    """DD11: 10 once for all five colours in the tableau, completed or not;
    four colours: nothing."""
    four = [done("scoring yellow | 6 | set 10"), plain("orange", completed=False), plain("green"), plain("blue")]
    assert score(grid([four])) == 0
    assert score(grid([[*four, plain("red", completed=False)]])) == 10
    assert score(grid([[*four, plain("red"), plain("red")]])) == 10


def test_dd11_mono_lines_rows_and_columns_of_one_colour():
    """DD11: 8 per row or column of three cards of one colour, completed or not,
    the lines' colours may differ: a yellow row and a green row: 16."""
    rows = [
        [plain("yellow"), plain("yellow", completed=False), plain("yellow")],
        [plain("red"), done("scoring blue | 6 | mono_lines 8"), plain("red")],
        [plain("green"), plain("green"), plain("green", completed=False)],
    ]
    assert score(grid(rows)) == 16
    rows[1][1] = done("scoring yellow | 6 | mono_lines 8")
    assert score(grid(rows)) == 16
    # Rows 0 and 1 yellow, row 2 green: three rows; no column of one colour.
    rows[1] = [plain("yellow"), done("scoring yellow | 6 | mono_lines 8"), plain("yellow")]
    assert score(grid(rows)) == 24
    # A yellow left column instead of the green row: rows 0 and 1 and column 0.
    rows[2][0] = plain("yellow")
    assert score(grid(rows, left=-5, top=-5)) == 24
    # An uncompleted mono_lines card scores nothing.
    rows[1][1] = open_("scoring yellow | 6 | mono_lines 8")
    assert score(grid(rows)) == 0


def test_dd11_bonuses_different_completed_bonus_cards():
    """DD11: 2 per DIFFERENT completed bonus: adjust twice, recolour, and an
    uncompleted second: 2 kinds = 4."""
    rows = [
        [
            done("scoring blue | 6 | bonuses 2"),
            plain("red"),
            plain("blue"),
            done("bonus green | . | recolour 3"),
            open_("bonus green | . | second 3"),
        ]
    ]
    assert score(grid(rows)) == 4


def test_dd10_paint_takes_the_best_colour_only_when_completed():
    """DD10: a completed paint card takes the colour that scores most (here the
    set's missing red); uncompleted it has no colour at all, not even its own."""
    four = [done("scoring yellow | 6 | set 10"), plain("orange"), plain("green"), plain("blue")]
    assert score(grid([[*four, done("bonus blue | . | paint")]])) == 10
    assert score(grid([[*four, open_("bonus red | . | paint")]])) == 0
    # Its printed colour does not count for a colour card either once painted over or uncompleted.
    reds = [done("scoring red | 6 | colour red 3"), open_("bonus red | . | paint")]
    assert score(grid([reds])) == 3
    assert score(grid([[reds[0], done("bonus blue | . | paint")]])) == 6


def test_dd10_several_paint_cards_chosen_together():
    """DD10: two paint cards in a row with a yellow card both become yellow for
    a mono line (8), even though each alone could not make a line."""
    rows = [
        [done("bonus green | . | paint"), plain("yellow"), done("bonus red | . | paint")],
        [None, done("scoring blue | 6 | mono_lines 8"), None],
    ]
    assert score(grid(rows)) == 8
    rows[0][2] = open_("bonus red | . | paint")
    assert score(grid(rows)) == 0


def test_dd13_empty_boxes_count_for_the_tie_break():
    """DD13: the tie-break counts every empty box of every card, completed or not."""
    c = card("scoring blue | 1 . . 4 | neighbours 2")
    tableau = grid(
        [[Placed(c, (1, None, 3, None)), open_("bonus red | . . . | adjust 3"), done("bonus red | . | paint")]]
    )
    assert empty_boxes(tableau) == 2 + 3
    assert empty_boxes({}) == 0 and score({}) == 0
