"""Donnant Donnant's cards (RULINGS DD1-DD3, DD10, DD11, DD13): the objective
checks against a brute-force reference, the card file format and the shipped
set, the final scoring on worked tableaux."""

from __future__ import annotations

import itertools
import random

from boardgames.games.donnant.cards import Box, Objective
from boardgames.games.donnant.objectives import best_sum, box_accepts, completable, complete

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
