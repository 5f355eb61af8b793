"""Legends that never clash (issue 41): where every kind of piece is
lettered and a kind's letter is a player's letter too (shogi's B for bishop
and for black, xiangqi's R for chariot and for red), the plain text legend
names the two players by the case the board writes them in, not by a letter
that means a kind; elsewhere the players keep their letters."""

from __future__ import annotations

from test_coordinates import Corner

from boardgames import PieceKind
from boardgames.rendering.text import render_text


class Bishops(Corner):
    name = "bishops"
    board_labels = None
    piece_kinds = (PieceKind("bishop", "B"),)  # B: black's letter too


class Stones(Corner):
    name = "stones"
    board_labels = None
    piece_kinds = (PieceKind("stone", "S"),)  # no player's letter


def legend(cls: type[Corner]) -> str:
    lines = render_text(cls.configure().start().play("a1").play("b2").view()).splitlines()
    return lines[-1]


def test_a_kinds_letter_that_is_a_players_too_names_the_players_by_case():
    text = legend(Bishops)
    assert text.split()[:8] == ["black", "upper", "case", "white", "lower", "case", "B/b", "bishop"]
    assert "B black" not in text


def test_players_keep_their_letters_where_nothing_clashes():
    assert legend(Stones).split()[:4] == ["B", "black", "W", "white"]
