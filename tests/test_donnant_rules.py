"""Donnant Donnant's rules (issue 40), each test citing the RULINGS ids (DD1-DD14) it checks.

The shipped card set (cards.txt) is used throughout; a position in the middle of a game is made
by setting the state's fields (the tableaux, the dice, the market) with attrs.evolve.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from boardgames import Match, Move
from boardgames.cli import cli
from boardgames.errors import BoardgamesError, IllegalMoveError, InvalidOptionError, MatchError
from boardgames.games.donnant import Donnant, sites
from boardgames.games.donnant import rules as R
from boardgames.games.donnant import state as S
from boardgames.games.donnant.scoring import empty_boxes, score
from boardgames.rules.chance import draw

WINDOW = 25


def random_game(players: int, seed: int, **options: object):
    game = Donnant.configure({"players": players, **options}, seed=seed)
    state, rng = game.start(), random.Random(seed)
    while not state.is_over:
        move: Move = draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves)
        state = state.play_unchecked(move)
        assert len(state.history) <= game.max_length
    return state


def slot(number: int, *written: int | None, ticks: int = 0, size: int | None = None):
    """A card in a tableau: its boxes written (the rest empty) and its ticks."""
    game = Donnant.configure({"players": 2})
    size = game.size_of[number] if size is None else size
    return (number, tuple(written) + (None,) * (size - len(written)), ticks)


def tableau(**places):
    """A tableau from places by name: ``tableau(c3=slot(0, 2, 2))``."""
    out = [None] * WINDOW
    for name, value in places.items():
        out[sites.PLACE_OF[name]] = value
    return tuple(out)


def position(players: int = 2, level: int = 1, **fields):
    """A position of a game under way: north (0) active, its dice rolled, the rest as given."""
    game = Donnant.configure({"players": players, "level": level}, seed=1)
    start = game.start()
    defaults = dict(
        phase=S.ACTIVE, to_draw=(), first=0, active=0, rolls=1, just=31, dice=(1, 2, 3, 4, 5), pending=(),
        hands=((),) * players, market=(0, 1, 2, 3, 29, 30, 31, 32), piles=((10, 11, 12), (40, 41)),
        tableaux=(tableau(c3=slot(16)),) * players,
    )  # fmt: skip
    defaults.update(fields)
    return game._settle(attrs.evolve(start, **defaults))


def texts(state) -> set[str]:
    return {state.format_move(m) for m in state.legal_moves}


def play(state, *moves: str):
    for move in moves:
        state = state.play(move)
    return state


def refused(state, move: str, *words: str) -> str:
    """Playing ``move`` raises one clear line saying ``words``, and changes nothing."""
    before = state.to_json()
    with pytest.raises(BoardgamesError) as caught:
        state.play(move)
    message = str(caught.value)
    assert "\n" not in message and all(w in message for w in words), message
    assert state.to_json() == before
    return message


# -- set-up --------------------------------------------------------------------------------------------
def test_setup_deals_two_of_each_pile_asks_everyone_at_once_and_lays_three_touching():
    """DD4: two scoring and two bonus cards each; all put one back at once, unseen; three laid."""
    game = Donnant.configure({"players": 3}, seed=5)
    state = game.start()
    assert state.is_chance and len(state.to_draw) == 8 + 3 * 4  # the market, then four cards each
    while state.is_chance:
        state = state.play(state.legal_moves[-1])
    assert state.phase == S.PUTBACK and state.asked == tuple((state.first + k) % 3 for k in range(3))
    for hand in state.hands:
        assert [game.scoring_of[n] for n in hand] == [True, True, False, False]
    assert all(n >= 0 for n in state.market)
    me, other = state.turn, state.asked[1]
    back = state.hands[me][0]
    # The others' cards are unknown in my view (their pile only), mine are not.
    view = state.seen_by(me)
    assert view.hands[me] == state.hands[me] and set(view.hands[other]) == {-1, -2}
    after = state.play(f"putback:#{back}")
    assert back not in after.hands[me] and after.bottoms[0] == (back,)
    assert game.seen(state, Move(sites.PUTBACK_T, game.cat_site[back]), other) == Move(sites.PUTBACK_T, sites.PILE[0])
    assert str(back) not in " ".join(after.seen_by(other).format_move(m) for m in after.seen_by(other).history)
    # A second put-back of the same player is not asked for: the next one chooses.
    assert after.turn == other
    while after.phase == S.PUTBACK:
        after = after.play(after.legal_moves[0])
    assert after.phase == S.LAY and after.turn == after.first
    layer = after.turn
    assert {m.to for m in after.legal_moves} == {sites.PLACES[sites.CENTRE]}  # the first card in the middle
    card = after.hands[layer][0]
    after = after.play(f"#{card}>c3")
    refused(after, f"#{after.hands[layer][0]}>a1", "touching", "3 columns")
    after = after.play(f"#{after.hands[layer][0]}>d4")  # by a corner
    assert texts(after) == {f"#{n}>{p}" for n in after.hands[layer] for p in
                            ("b2", "b3", "b4", "c2", "c4", "c5", "d2", "d3", "d5", "e3", "e4", "e5")}  # fmt: skip
    after = after.play(f"#{after.hands[layer][0]}>e5")
    assert sum(s is not None for s in after.tableaux[layer]) == 3 and after.hands[layer] == ()
    # Past 3 columns: a card at a5 would make the tableau 5 wide.
    assert sites.PLACE_OF["a5"] not in Donnant.configure().free_places(after.tableaux[layer])


# -- the active player's rolls ---------------------------------------------------------------------------
def test_rerolls_any_dice_the_others_keep_their_values_and_the_third_roll_is_the_last():
    """DD5: after a roll, reroll any non-empty set of the five dice (those set aside before too), or stop."""
    state = position(dice=(6, 6, 2, 3, 4), rolls=1)
    moves = texts(state)
    assert "stop" in moves and "reroll:yogbr" in moves and len([m for m in moves if m.startswith("reroll:")]) == 31
    assert not any(m.startswith("joker") for m in moves)
    state = state.play("reroll:gbr")
    assert state.is_chance and state.to_roll == (2, 3, 4) and state.dice[:2] == (6, 6)
    state = play(state, "roll:1", "roll:1", "roll:5")
    assert state.dice == (6, 6, 1, 1, 5) and state.rolls == 2
    # (the passive player's choice comes first: east declines)
    assert state.turn == 1
    state = state.play("pass")
    state = play(state, "reroll:yo", "roll:2", "roll:3")  # dice set aside at the first reroll are rolled again
    assert state.dice == (2, 3, 1, 1, 5)
    while state.turn != 0:
        state = state.play("pass")
    assert state.rolls == 3 and not any(m.startswith("reroll") for m in texts(state))
    refused(state, "reroll:y", "three rolls")


# -- passive players ---------------------------------------------------------------------------------------
def test_passive_players_choose_at_once_among_the_dice_just_rolled_unseen_until_all_are_in():
    """DD8: after a reroll the others choose at once a die just rolled (never one set aside), or decline."""
    equal = tableau(c3=slot(3))  # ".=.=.": any die in any box
    state = position(players=3, dice=(6, 6, 2, 3, 4), tableaux=(equal, equal, equal))
    state = play(state, "reroll:gb", "roll:5", "roll:1")
    assert state.phase == S.PASSIVE and state.asked == (1, 2)
    assert texts(state) == {"pass", *(f"{d}>c3.{b}" for d in "gb" for b in range(1, 4))}
    # the yellow die was set aside: refused, saying why
    refused(state, "y>c3.1", "set aside", "just rolled")
    # south's moves do not depend on east's choice, made unseen
    assert state.moves_for(2) == texts_moves(state, "pass", *(f"{d}>c3.{b}" for d in "gb" for b in range(1, 4)))
    east = state.play("g>c3.1")
    assert east.turn == 2 and east.tableaux[1][sites.CENTRE][1] == (None,) * 3  # held until all are in
    game = state.game
    assert game.hide(east, 2).choices[1] == S.CHOSEN and game.hide(east, 0).choices[1] == S.CHOSEN
    assert game.hide(east, 1).choices[1] == state.parse_move("g>c3.1")
    assert game.seen(state, state.parse_move("g>c3.1"), 2) is None  # shown as "?"
    both = east.play("g>c3.2")  # the same die: several players may take it
    assert both.tableaux[1][sites.CENTRE][1] == (5, None, None)
    assert both.tableaux[2][sites.CENTRE][1] == (None, 5, None)
    reveal = game.seen(east, east.parse_move("g>c3.2"), 0)
    assert reveal == game.seen(east, east.parse_move("g>c3.2"), 1) == game.seen(east, east.parse_move("g>c3.2"), 2)
    assert east.format_move(reveal) == "east:g>c3.1+south:g>c3.2"
    assert both.phase == S.ACTIVE and both.turn == 0


def texts_moves(state, *words: str) -> tuple[Move, ...]:
    return tuple(sorted(state.parse_move(w) if w != "pass" else Move() for w in words))


def test_no_passive_choice_after_the_first_roll_and_a_second_die_with_the_bonus():
    """DD8: keeping the first roll gives the others nothing; DD10: a "second" bonus takes another die."""
    state = position(rolls=0, dice=(0,) * 5, to_roll=(0, 1, 2, 3, 4))
    state = play(state, "roll:1", "roll:2", "roll:3", "roll:4", "roll:5")
    assert state.phase == S.ACTIVE and state.turn == 0  # nobody else is asked after the first roll
    second = slot(38, 1, 1)  # "y o", second 3: completed
    east = tableau(c3=slot(16), b3=second)
    state = position(players=2, tableaux=(tableau(c3=slot(16)), east), dice=(6, 6, 2, 3, 4))
    state = play(state, "reroll:yob", "roll:5", "roll:6", "roll:6", "y>c3.1")
    assert state.phase == S.SECOND and state.asked == (1,)
    assert "y>c3.2" not in texts(state) and "o>c3.2" in texts(state)  # never the same die again
    refused(state, "y>c3.2", "second die must be another")
    refused(state, "g>c3.2", "set aside")
    state = state.play("o>c3.2")
    assert state.tableaux[1][sites.CENTRE][1][:2] == (5, 6) and state.tableaux[1][sites.PLACE_OF["b3"]][2] == 1
    assert state.phase == S.ACTIVE


# -- using the dice --------------------------------------------------------------------------------------
def test_completing_fills_every_empty_box_at_once_never_part_of_a_card():
    """DD6: the active player writes dice on a card only to complete it; each die once."""
    mine = tableau(c3=slot(0), c4=slot(12))  # "2 2", and "3 3g 3"
    state = position(tableaux=(mine, tableau(c3=slot(16))), dice=(2, 3, 2, 3, 6), rolls=3, phase=S.USE)
    moves = texts(state)
    assert "complete:c3" in moves and "complete:c4" not in moves  # no green 3: c4 cannot be completed
    refused(state, "y>c3.1", "buy, complete a card")  # no single die on a card without completing it
    state = state.play("complete:c3")
    assert texts(state) == {"y>c3.1", "y>c3.2", "g>c3.1", "g>c3.2"}
    state = state.play("y>c3.2")
    refused(state, "y>c3.1", "used already")
    state = state.play("g>c3.1")
    assert state.phase == S.USE and state.tableaux[0][sites.CENTRE][1] == (2, 2) and state.used == 0b101
    assert "complete:c3" not in texts(state)


def test_a_card_that_the_dice_cannot_finish_is_not_offered_and_a_step_toward_nothing_refused():
    """DD6: each write must leave the card completable with the dice left."""
    mine = tableau(c3=slot(15))  # "1 2 3"
    state = position(tableaux=(mine, tableau(c3=slot(16))), dice=(1, 2, 3, 6, 6), phase=S.USE)
    state = state.play("complete:c3")
    assert texts(state) == {"y>c3.1", "o>c3.2", "g>c3.3"}
    refused(state, "b>c3.1", "impossible to complete")


def test_buying_by_slot_price_with_equal_dice_and_the_market_slides_and_refills():
    """DD7: three equal dice buy a far slot, four a near one; the card is placed at once; the row slides."""
    state = position(dice=(4, 4, 4, 2, 5), phase=S.USE)
    moves = texts(state)
    assert "buy:score3+y+o+g" in moves and "buy:score4+y+o+g" in moves and "buy:bonus4+y+o+g" in moves
    assert not any(m.startswith("buy:score1") for m in moves)
    refused(state, "buy:score1+y+o+g", "4 dice of one value")
    refused(state, "buy:score3+y+o+b", "3 dice of one value")  # not equal
    state = state.play("buy:score3+y+o+g")
    assert state.phase == S.PLACE and state.holding == 2 and state.market[2] == -1
    refused(state, "#2>a1", "touching")
    state = state.play("#2>c4")
    assert state.tableaux[0][sites.PLACE_OF["c4"]] == (2, (None, None), 0) and state.phase == S.USE
    refused(state, "buy:score4+y+o+g", "used already")
    state = state.play("pass")  # the end of the turn: the row slides to the far end, refilled from its pile
    assert state.market[:4] == (-1, 0, 1, 3) and state.to_draw == ((0, 0),)
    state = state.play("draw:11")
    assert state.market[:4] == (11, 0, 1, 3) and 11 not in state.piles[0]


def test_buying_with_a_discount_pays_fewer_dice_and_ticks_the_bonus():
    """DD10, DD7: a completed discount card buys with one die fewer per tick, down to none."""
    discount = slot(45, 5, 1)  # "5 .", discount 3, completed
    mine = tableau(c3=slot(16), b3=discount)
    state = position(tableaux=(mine, tableau(c3=slot(16))), dice=(4, 4, 4, 2, 5), phase=S.USE)
    moves = texts(state)
    assert "buy:score1+y+o+g+less1" in moves and "buy:score3+y+o+less1" in moves
    assert "buy:score3+less3" in moves and "buy:score1+less3" not in moves  # three ticks at most
    state = state.play("buy:score1+y+o+g+less1")
    assert state.tableaux[0][sites.PLACE_OF["b3"]][2] == 1 and state.holding == 0
    # without the card, four dice are needed at score1
    plain = position(dice=(4, 4, 4, 2, 5), phase=S.USE)
    refused(plain, "buy:score1+y+o+g+less1", "score1 costs 4")


def test_plus_or_minus_one_makes_dice_equal_tick_by_tick_never_past_1_or_6():
    """DD10: +1/-1 to a die as used (several ticks on one die), when buying and as a passive player."""
    adjust = slot(29, 1, 3)  # "1 .", adjust 3, completed
    mine = tableau(c3=slot(16), b3=adjust)
    state = position(tableaux=(mine, tableau(c3=slot(16))), dice=(6, 6, 4, 1, 2), phase=S.USE)
    moves = texts(state)
    assert "buy:score3+y+o+g=6" in moves  # one die 4 read as 6: two ticks
    assert "buy:score3+o+g+b=5" not in moves  # 1 -> 5 would take four
    state = state.play("buy:score3+y+o+g=6")
    assert state.tableaux[0][sites.PLACE_OF["b3"]][2] == 2 and state.used == 0b111
    with pytest.raises(BoardgamesError):
        state.parse_move("y=7>c3.1")
    # as a passive player: east has the card and reads a die just rolled one higher
    passive = position(tableaux=(tableau(c3=slot(16)), tableau(c3=slot(12), b3=adjust)), dice=(6, 6, 2, 3, 4))
    passive = play(passive, "reroll:gb", "roll:2", "roll:2")
    assert "g=3>c3.1" in texts(passive) and "g>c3.1" not in texts(passive)  # box 1 demands a 3
    after = passive.play("g=3>c3.1")
    assert after.tableaux[1][sites.CENTRE][1][0] == 3 and after.tableaux[1][sites.PLACE_OF["b3"]][2] == 1


def test_a_joker_before_the_third_roll_is_refused_after_it_either_ends_the_turn():
    """DD9: only after the third roll: two dice written as a passive player, or a pile's top card."""
    state = position(rolls=1)
    refused(state, "joker:dice", "only after the third roll")
    refused(state, "joker:scoring", "only after the third roll")
    state = position(rolls=3, dice=(1, 2, 3, 4, 6), tableaux=(tableau(c3=slot(20)), tableau(c3=slot(16))))
    assert {"stop", "joker:dice", "joker:scoring", "joker:bonus"} <= texts(state)
    dice = state.play("joker:dice")
    dice = dice.play("y>c3.1")  # no completion needed
    assert dice.tableaux[0][sites.CENTRE][1] == (1, None, None, None, None)
    refused(dice, "y>c3.2", "used already")
    dice = dice.play("o>c3.2")
    # two at most: the turn ends
    assert dice.active == 1 and dice.tableaux[0][sites.CENTRE][1] == (1, 2, None, None, None)
    card = state.play("joker:bonus")
    assert card.is_chance
    card = card.play("draw:40")
    assert card.phase == S.JOKER_CARD and "#40>c4" in texts(card) and "putback:#40" in texts(card)
    assert card.game.hide(card, 1).holding == -2 and card.game.hide(card, 0).holding == 40  # the mover's alone
    back = card.play("putback:#40")
    assert back.bottoms[1] == (40,) and back.active == 1
    assert card.game.seen(card, card.parse_move("putback:#40"), 1) == Move(sites.PUTBACK_T, sites.PILE[1])


# -- the end -------------------------------------------------------------------------------------------
def full_but(place: str, number: int = 16):
    places = [p for p in ("b2", "b3", "b4", "c2", "c3", "c4", "d2", "d3", "d4") if p != place]
    return tableau(**{p: slot(number) for p in places})


def test_a_ninth_card_ends_the_game_after_the_round_and_one_more():
    """DD12: the ninth card finishes the round (up to the player before the first), then one more round."""
    state = position(players=3, first=0, active=1, tableaux=(tableau(c3=slot(16)), full_but("d4"),
                     tableau(c3=slot(16))), dice=(4, 4, 4, 2, 5), phase=S.USE, rounds=3)  # fmt: skip
    state = play(state, "buy:score3+y+o+g", "#2>d4")
    assert state.last_round == 5  # this round (3) is finished, then round 4
    rng = random.Random(3)
    turns = []
    while not state.is_over:
        if state.phase == S.ACTIVE and state.rolls == 0 and not state.to_roll[:-5]:
            turns.append((state.rounds, state.active))
        state = state.play(draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves))
    assert [t for t in dict.fromkeys(turns)] == [(3, 2), (4, 0), (4, 1), (4, 2)]
    assert state.outcome.scores and len(state.places) == 3


def test_in_the_last_round_a_player_with_every_card_complete_rolls_on_unless_buying():
    """DD12: in the last round, all cards completed: no stop before the third roll without a purchase."""
    done = tableau(c3=slot(0, 2, 2))
    state = position(tableaux=(done, full_but("d4")), rounds=4, last_round=5, dice=(1, 2, 3, 5, 6))
    assert "stop" not in texts(state)
    assert "stop" in texts(attrs.evolve(state, dice=(3, 3, 3, 5, 6)))  # score3 is affordable
    assert "stop" in texts(attrs.evolve(state, rounds=3))  # not the last round


def test_the_tie_break_is_fewer_empty_boxes_then_shared():
    """DD13: highest total, ties broken by fewer empty boxes, then shared."""
    outcome = R.ranked((30, 30, 12), (4, 2, 0))
    assert outcome.places == (2, 1, 3) and outcome.winner_index == 1 and "fewer empty boxes" in outcome.reason
    shared = R.ranked((30, 30), (2, 2))
    assert shared.places == (1, 1) and shared.winner_index is None
    # from the tableaux: the same cards, one box more filled on east's
    game = Donnant.configure({"players": 2})
    north, east = tableau(c3=slot(0, 2, 2), c4=slot(16)), tableau(c3=slot(0, 2, 2), c4=slot(16, 3))
    assert score(game.placed(north)) == score(game.placed(east))
    assert empty_boxes(game.placed(north)) == empty_boxes(game.placed(east)) + 1
    over = game.finish(position(tableaux=(north, east)))
    assert over.outcome.places == (2, 1) and over.winner == "east"


# -- solo -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rolls", "uses"), [(1, 3), (2, 2), (3, 1)])
def test_solo_passive_turn_writes_three_two_or_one_dice_after_zero_one_two_rerolls(rolls: int, uses: int):
    """DD14: after an active turn of 0/1/2 rerolls, roll five dice and write up to 3/2/1 of them."""
    state = position(players=1, rolls=rolls, tableaux=(tableau(c3=slot(20), c4=slot(3)),))
    state = play(state, "stop", "pass", "roll:1", "roll:2", "roll:3", "roll:4", "roll:5")
    assert state.phase == S.SOLO_WRITE and state.writes == uses
    for k, die in enumerate("yogbr"[:uses]):
        assert state.phase == S.SOLO_WRITE
        state = state.play(f"{die}>c3.{k + 1}")
    assert state.phase == S.SOLO_REMOVE and texts(state) == {"remove:scoring", "remove:bonus"}
    state = state.play("remove:bonus")
    assert state.removed == 1 and state.market[4:] == (-1, 29, 30, 31) and state.to_draw == ((1, 4),)


def test_solo_ends_after_the_level_s_turns_won_or_lost_against_its_target():
    """DD14: the passive turn that brings the removed cards to the level's count ends the game."""
    state = position(players=1, level=7, removed=8, rounds=8, rolls=3)
    state = play(state, "stop", "pass", *(["roll:6"] * 5), "pass", "remove:scoring")
    assert state.is_over and state.removed == 9
    assert state.outcome.returns == (-1.0,) and "66 needed at level 7" in state.result_text()
    # a ninth card in solo: that turn and one more, never past the level's count
    nine = position(players=1, level=1, removed=3, rounds=3, phase=S.USE, dice=(4, 4, 4, 1, 2),
                    tableaux=(full_but("d4"),))  # fmt: skip
    nine = play(nine, "buy:score3+y+o+g", "#2>d4")
    assert nine.last_round == 5
    rng = random.Random(0)
    while not nine.is_over:
        nine = nine.play(draw(nine.chance_outcomes(), rng) if nine.is_chance else rng.choice(nine.legal_moves))
    assert nine.removed == 5


def test_solo_levels_and_options():
    """DD14: -o level=1..7, for solo only; bad values one line."""
    assert Donnant.configure({"players": 1, "level": 3}).turns == 13
    with pytest.raises(InvalidOptionError, match="solo"):
        Donnant.configure({"players": 2, "level": 3})
    with pytest.raises(InvalidOptionError, match="level"):
        Donnant.configure({"players": 1, "level": 8})


# -- notation and bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_move_s_text_reads_back_as_the_same_move(players: int):
    """The game's notation round-trips for every legal move met in random games,
    each one word (show --moves lists moves split by spaces and commas)."""
    for seed in range(3):
        game = Donnant.configure({"players": players}, seed=seed)
        state, rng = game.start(), random.Random(seed)
        while not state.is_over:
            for move in state.legal_moves:
                text = state.format_move(move)
                assert state.parse_move(text) == move and text.replace(",", " ").split() == [text]
            state = state.play(draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves))


def test_malformed_moves_are_one_line():
    state = position(phase=S.USE, dice=(4, 4, 4, 2, 5))
    for text in ("buy:score9+y+o+g", "reroll:yy", "reroll:x", "y>f6.1", "complete:z9", "joker:hand", "hello"):
        refused(state, text, text.split()[0])


def test_a_passive_choice_from_a_seat_not_asked_is_refused_by_the_match():
    """DD8: only the players asked choose; the active player may not choose a passive die."""
    game = Donnant.configure({"players": 3}, seed=2)
    state, rng = game.start(), random.Random(2)
    while not (state.phase == S.PASSIVE and len(state.asked) == 2):
        state = state.play(draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves))
    match = Match(game, ["human"] * 3, chance="picked")
    for move in state.history:
        match.play(state.format_move(move))
    assert match.asked == tuple(game.player_names[p] for p in state.asked)
    active = game.player_names[state.active]
    second = match.asked[1]
    move = state.format_move(state.moves_for(state.asked[1])[-1])
    before = match.state
    with pytest.raises(MatchError):
        match.play(move, by=active)
    assert match.state is before
    match.play(move, by=second)
    with pytest.raises(MatchError, match="already chosen"):
        match.play(move, by=second)


# -- whole games ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(1, 0), (2, 10), (3, 5), (4, 12)])
def test_the_kit(check_game, players: int, seed: int) -> None:
    """The conformance kit, hidden information included, on one seeded game a count (the shortest of the
    first seeds: the kit checks views and samples at every move, a minute for a long four-player game)."""
    check_game("donnant", games=1, seed=seed, options={"players": players})


def test_rules_text_in_our_words():
    result = CliRunner().invoke(cli, ["rules", "donnant"])
    assert result.exit_code == 0 and "Donnant Donnant" in result.output and "reroll:yob" in result.output


def test_a_card_file_that_cannot_be_read_is_one_line(tmp_path):
    bad = tmp_path / "cards.txt"
    bad.write_text("scoring purple | 1 | neighbours 2\n")
    with pytest.raises(InvalidOptionError) as caught:
        Donnant.configure({"cards": str(bad)})
    assert "\n" not in str(caught.value) and "cards.txt" in str(caught.value)


def test_illegal_message_says_what_may_be_done():
    state = position(rolls=1)
    message = refused(state, "joker:dice", "now:")
    assert "reroll:" in message and "stop" in message
    with pytest.raises(IllegalMoveError):
        state.play("complete:c3")


def test_help_in_the_terminal_says_the_choice_in_the_game_s_words(tmp_path):
    """`help` at the prompt: the moves as the game writes them and what is chosen now (no squares)."""
    result = subprocess.run(
        [sys.executable, "-m", "boardgames", "play", "donnant", "--players", "human,random", "--seed", "1"],
        input="help\nquit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    said = " ".join(result.stdout.split())
    assert "north must put back one of the four cards dealt" in said and "now: putback:#" in said
    assert "goes from" not in said and "places on" not in said


def test_a_tableau_is_shown_as_its_cards_rectangle_with_the_free_places_while_placing():
    """DD4, DD7: the tableau beside the board: its cards, and where a card may go when one is placed."""
    mine = tableau(c3=slot(0, 2, 2), d4=slot(16))
    state = position(tableaux=(mine, tableau(c3=slot(16))), phase=S.USE, dice=(4, 4, 4, 2, 5))
    rows = {(row.name, row.owner): row for row in state.game.market(state)}
    north = rows[("tableau", 0)]
    assert north.columns == 2 and len(north.cards) == 4
    assert north.cards[0] == "" and north.cards[1].site == sites.PLACES[sites.PLACE_OF["d4"]]  # the top row: c4, d4
    assert north.cards[2].done and north.cards[2].boxes[0].written == "2"  # c3, completed
    placing = state.play("buy:score3+y+o+g")
    north = {(row.name, row.owner): row for row in placing.game.market(placing)}[("tableau", 0)]
    assert north.columns == 4 and len(north.cards) == 16  # b2 to e5
    clickable = {c.site for c in north.cards if hasattr(c, "site") and c.text == ""}
    assert clickable == {m.to for m in placing.legal_moves}


def test_a_printed_set_is_loaded_from_a_card_file(tmp_path):
    """DD2: -o cards=FILE plays with the file's cards, checked whole when the game is set up."""
    shipped = (Path(R.__file__).parent / "cards.txt").read_text()
    line = next(line for line in shipped.splitlines() if line.startswith("scoring yellow | 2 2 "))
    printed = tmp_path / "printed.txt"
    printed.write_text(shipped.replace(line, "scoring yellow | 2 2 | neighbours 5"))
    game = Donnant.configure({"players": 2, "cards": str(printed)}, seed=3)
    assert game.card_of[0].effect.points == 5 and Donnant.configure().card_of[0].effect.points == 3
    assert random_game(2, 3, cards=str(printed)).is_over


def test_the_first_player_is_drawn_or_chosen():
    """DD4: the first player drawn from the seed (a chance event), or chosen with -o first=NAME."""
    drawn = Donnant.configure({"players": 3}, seed=1).start()
    while drawn.to_draw:
        drawn = drawn.play(drawn.legal_moves[0])
    assert drawn.is_chance and {drawn.format_move(m) for m in drawn.legal_moves} == {
        "first:north", "first:east", "first:south"}  # fmt: skip
    chosen = Donnant.configure({"players": 3, "first": "South"}, seed=1).start()
    while chosen.is_chance:
        chosen = chosen.play(chosen.legal_moves[0])
    assert chosen.phase == S.PUTBACK and chosen.first == 2 and chosen.asked == (2, 0, 1)
    with pytest.raises(InvalidOptionError, match="west"):
        Donnant.configure({"players": 3, "first": "west"})


def test_a_card_touching_but_outside_three_by_three_is_refused():
    """DD7, DD4: a bought card touches a card and keeps the tableau within 3 columns and 3 rows."""
    row = tableau(b3=slot(16), c3=slot(16), d3=slot(16))
    state = position(tableaux=(row, tableau(c3=slot(16))), phase=S.USE, dice=(4, 4, 4, 2, 5))
    state = state.play("buy:score3+y+o+g")
    refused(state, "#2>e3", "touching another by an edge or a corner", "within 3 columns and 3 rows")
    refused(state, "#2>c5", "within 3 columns and 3 rows")
    assert {state.format_move(m) for m in state.legal_moves} == {
        f"#2>{p}" for p in ("b2", "c2", "d2", "b4", "c4", "d4")}  # fmt: skip
