"""Find a better move: from a ply of a reviewed game, the player tries
another move and is told whether it keeps the win.

The position before the ply's move is valued as the review values it
(:class:`boardgames.analysis.review.Reviewer`: the endgame prover where the game's end
is in its reach, else the search at the review's budget), and so are the
positions after the move played and after the move tried, for the player who
moved: the same scale and calibration as the review's win chances. The
played move's numbers come from a saved review of the game where one is
given (a second look agrees with the first); the tried move's search then
starts from the tree of the position before, as the played move's did in the
review.

``keeps_win`` is decided only by proof: true where the tried move is proved
to win, false where the mover had a proved win and the tried move is proved
to give it away, else null; the verdict compares estimates otherwise, and a
difference below the review's inaccuracy threshold is no difference.

A game the review values by expectation (chance, other than two players) is
valued here the same way (:class:`boardgames.analysis.review.Expected`): the
mover's expected result, nothing proved with chance to come; a chance
outcome is no one's move to try again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ..agents.base import Budget
from ..errors import InvalidMoveError, quoted
from ..rules.game import State
from ..rules.moves import Move
from .review import DEFAULT_BUDGET, Expected, Reviewer, ReviewError, Thresholds, by_expectation, clean_ply, for_player


@attrs.frozen
class Retry:
    """The answer to one move tried again: win chances are the mover's, after
    the move, 0 to 100; ``keeps_win`` null where no proof decides it."""

    ply: int
    move: str
    player: str
    win: float
    source: str
    played: str
    played_win: float
    played_source: str
    best: str | None
    best_win: float | None
    keeps_win: bool | None
    verdict: str

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


@attrs.frozen
class _Estimate:
    win: float
    source: str

    @property
    def proved_win(self) -> bool:
        return self.source == "solver" and self.win >= 100

    @property
    def exact(self) -> bool:
        return self.source == "solver"


def retry(
    state: State,
    ply: int,
    move: str,
    budget: Budget = DEFAULT_BUDGET,
    seed: int | None = 0,
    saved_review: Mapping[str, Any] | None = None,
    thresholds: Thresholds | None = None,
) -> Retry:
    """Move ``ply`` of the game whose moves ``state.history`` holds (1 is the
    first move), tried again as ``move`` (its text) in the position after
    ``ply - 1`` moves. ``saved_review``: a review of this game (a record's
    saved one, or the JSON the review answers), whose numbers for the played
    move are used where it is of these moves. Raises ReviewError for a ply out
    of range, InvalidMoveError or IllegalMoveError for a move that is not one
    or not legal there."""
    before, tried = position_and_move(state, ply, move)
    history = state.history
    played = history[ply - 1]
    mover = before.turn
    expected = by_expectation(state)
    reviewer: Reviewer | Expected = Expected(budget, seed) if expected else Reviewer(budget, seed)
    known = _saved_ply(saved_review, state, ply)
    best_move: Move | None = None
    if known is not None:
        had = _Estimate(known["before"], known["before_source"])
        best: str | None = known["best"]
        played_value = _Estimate(known["win"], known["source"])
        tree = None
    else:
        valued = reviewer.value(before)
        tree = None if isinstance(reviewer, Expected) else reviewer.agent.root  # the position's tree, kept for both
        played_value = _after(reviewer, before, played, mover)
        if valued is None:  # a single legal move: it is the best, worth what follows it
            had, best, best_move = played_value, before.format_move(played), played
        else:
            had, best, best_move = _Estimate(valued.win, valued.source), valued.best, valued.best_move
    if tried == played:
        value = played_value
    else:
        if isinstance(reviewer, Reviewer):
            reviewer.agent.root = tree
        value = _after(reviewer, before, tried, mover)
    if tried == best_move and had.exact:
        value = had  # the prover's best move: its value is the position's, exactly
    keeps = _keeps(had, value)
    text, played_text = before.format_move(tried), before.format_move(played)
    return Retry(
        ply=ply,
        move=text,
        player=state.game.player_names[mover],
        win=round(value.win, 1),
        source=value.source,
        played=played_text,
        played_win=round(played_value.win, 1),
        played_source=played_value.source,
        best=best,
        best_win=round(had.win, 1),
        keeps_win=keeps,
        verdict=_verdict(
            text, played_text, tried == played, value, played_value, keeps, _keeps(had, played_value), thresholds
        ),
    )


def position_and_move(state: State, ply: object, move: object) -> tuple[State, Move]:
    """The position before move ``ply`` of ``state``'s game and ``move``
    read there: the checks of :func:`retry`, cheap, for a server to make
    before it spends a client's turn on the search. ReviewError for a ply out
    of range, InvalidMoveError or IllegalMoveError for the move."""
    history = state.history
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise ReviewError(f"the move to try again is given by its ply, a whole number, got {quoted(ply)}")
    if not history:
        raise ReviewError(f"{state.describe()}: no move has been played, so none can be tried again")
    if not 1 <= ply <= len(history):  # the number cut short: a JSON body may hold one of 4,000 digits
        raise ReviewError(f"there is no ply {quoted(ply)} in this game: its moves are plies 1 to {len(history)}")
    if not isinstance(move, str):
        raise InvalidMoveError(f"a move to try is its text, such as 'd4', got {type(move).__name__}")
    before = state.game.start()
    for earlier in history[: ply - 1]:
        before = before.play_unchecked(earlier)
    if before.is_chance:
        raise ReviewError(f"move {ply} is a chance outcome: no one chose it, so it cannot be tried again")
    try:
        return before, before.parse_move(move)  # the usual errors: an illegal move's names the position and why
    except InvalidMoveError as exc:  # text that is no move: say where it was tried
        raise InvalidMoveError(f"move {ply} tried again: {exc}") from None


def _after(reviewer: Reviewer | Expected, before: State, move: Move, mover: int) -> _Estimate:
    """The mover's win chance after ``move``; a position with a single legal
    move is worth the next one, as in the review."""
    state = before.play_unchecked(move)
    while True:
        valued = reviewer.value(state)
        if valued is not None:
            return _Estimate(for_player(valued, state, mover), valued.source)
        state = state.play_unchecked(state.legal_moves[0])


def _keeps(had: _Estimate, after: _Estimate) -> bool | None:
    """Whether a move keeps the win, where a proof says: a move proved to win
    keeps it; a proved win followed by a proved draw or loss gives it away."""
    if after.proved_win:
        return True
    if had.proved_win and after.exact:
        return False
    return None


_OUTCOME = {100.0: ("wins", "won"), 50.0: ("draws", "drew"), 0.0: ("loses", "lost")}  # proved values


def _verdict(
    move: str,
    played: str,
    same: bool,
    value: _Estimate,
    played_value: _Estimate,
    keeps: bool | None,
    played_keeps: bool | None,
    thresholds: Thresholds | None,
) -> str:
    """One plain sentence: what the tried move does, set against the played one."""
    if same:
        if keeps is None:
            return f"{move} is the move played in the game ({value.win:.0f}%)."
        kept = "kept the win" if keeps else "gave the win away"
        return f"{move} is the move played in the game, which {kept}."
    if keeps is not None:
        did = "keeps the win" if keeps else "gives the win away"
        if played_keeps is None:
            return f"{move} {did}."
        if played_keeps == keeps:
            return f"{move} {did}, as {played} did."
        return (
            f"{move} keeps the win that {played} gave away."
            if keeps
            else f"{move} gives the win away; {played} kept it."
        )
    if value.exact and played_value.exact and value.win in _OUTCOME and played_value.win in _OUTCOME:
        now, then = _OUTCOME[value.win][0], _OUTCOME[played_value.win][1]
        if value.win == played_value.win:
            return f"{move} {now}, as {played} did."  # "d4 draws, as c3 did."
        return f"{move} {now} where {played} {then}."  # "d4 draws where c3 lost."
    margin = (thresholds or Thresholds()).inaccuracy  # smaller differences are not labelled in the review either
    numbers = f"({value.win:.0f}% against {played_value.win:.0f}%)"
    if value.win - played_value.win >= margin:
        return f"{move} is better than {played} {numbers}."
    if played_value.win - value.win >= margin:
        return f"{move} is worse than {played} {numbers}."
    return f"{move} is about as good as {played} {numbers}."


def _saved_ply(data: Any, state: State, ply: int) -> dict[str, Any] | None:
    """Ply ``ply`` of a saved review (a record's, or the review's JSON) if it
    is a review of exactly these moves, whole; else None (it is then made afresh)."""
    if not isinstance(data, Mapping):
        return None
    try:
        if data.get("game", state.game.name) != state.game.name:
            return None
        plies = data.get("plies")
        moves = list(state.written_history())
        if not isinstance(plies, list) or len(plies) != len(moves):
            return None
        if [p.get("move") if isinstance(p, dict) else None for p in plies] != moves:
            return None
        names = set(state.game.player_names)
        return clean_ply(plies[ply - 1], ply, moves[ply - 1], names, by_expectation(state))
    except (TypeError, ValueError):
        return None
