"""A choice held for a player asked at once is the match's to keep: a server
reads it to save it (Match.held) and a change that could not be saved takes
back nothing held before it (issue 39)."""

from __future__ import annotations

from boardgames import Match
from tests.toy_games import Guess


def test_held_choices_are_read_and_survive_a_restore():
    match = Match(Guess.configure(), ["human", "human"])
    match.play("b1", by="south")
    assert {p: match.state.format_move(m) for p, m in match.held.items()} == {"south": "b1"}
    before = match.checkpoint()
    match.play("a1", by="north")  # south's held choice is played with it
    assert match.held == {} and len(match.state.history) == 2
    match.restore(before)  # the change could not be saved: as it was, south's choice still held
    assert match.state.history == () and match.asked == ("north",)
    assert {p: match.state.format_move(m) for p, m in match.held.items()} == {"south": "b1"}
