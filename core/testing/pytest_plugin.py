"""The boardgames pytest plugin (entry point ``pytest11``): a game author's
whole conformance test is one short function::

    def test_my_game(check_game):
        check_game("mygame")

``--boardgames-games N`` sets how many seeded games each check plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("boardgames")
    group.addoption(
        "--boardgames-games",
        type=int,
        default=20,
        metavar="N",
        help="seeded random games each check_game plays (default 20)",
    )


@pytest.fixture
def check_game(request: pytest.FixtureRequest) -> Callable[..., int]:
    """``check_game(game, games=None, seed=0, options=None)``: the conformance
    kit (boardgames.testing.kit.check_game); fails the test naming the contract,
    the seeded game and the move."""
    from boardgames.testing import ContractError
    from boardgames.testing import check_game as check

    default_games = request.config.getoption("--boardgames-games")

    def run(game: Any, games: int | None = None, seed: int = 0, options: Any = None) -> int:
        try:
            return check(game, games=games or default_games, seed=seed, options=options)
        except ContractError as exc:
            pytest.fail(str(exc), pytrace=False)

    return run
