"""How fast a Python game under pyspiel can be: Amazons written by hand
straight on OpenSpiel's Python-game interface, against our adapter's Amazons
(``examples/amazons``) and OpenSpiel's C++ ``amazons``, in one run on one core.

    python benchmarks/amazons_by_hand.py [--games 300] [--rounds 3] [--seed 0] [--json FILE]

The hand-written game is what OpenSpiel's own Python games are: one mutable
state class, the board as three bit masks, a move in three actions (the
amazon, where she goes, where she shoots), the same rays-as-masks slide and
byte-table bit listing as ``boardgames.geometry``, no framework. It is
checked first to offer exactly our adapter's legal actions at every step of
``--check`` random games (same square numbers, a1 = 0, up a file first). All
three are then driven by the same loop (``legal_actions``, ``rng.choice``,
``apply_action``, ``is_terminal``), alternating, ``--rounds`` times; the
medians of each round's ratios are reported. Needs open-spiel.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

from games_vs_openspiel import ensure_example

from figures import at_least, run, save_run

SIDE = 10
SIZE = SIDE * SIDE
FULL = (1 << SIZE) - 1
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _square(file: int, rank: int) -> int:
    return file * SIDE + rank


def _tables() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[int]]:
    """Each square's rays as masks, those that climb the square numbers and
    those that fall, and the mask of its neighbours."""
    climbing, falling, around = [], [], []
    for square in range(SIZE):
        file0, rank0 = divmod(square, SIDE)
        up, down, near = [], [], 0
        for df, dr in _STEPS:
            file, rank, ray = file0 + df, rank0 + dr, 0
            while 0 <= file < SIDE and 0 <= rank < SIDE:
                ray |= 1 << _square(file, rank)
                file, rank = file + df, rank + dr
            if ray:
                near |= 1 << _square(file0 + df, rank0 + dr)
                (up if ray > 1 << square else down).append(ray)
        climbing.append(tuple(up))
        falling.append(tuple(down))
        around.append(near)
    return climbing, falling, around


CLIMBING, FALLING, AROUND = _tables()
_BYTES = [tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(13)]
START = (
    sum(1 << _square(f, r) for f, r in ((0, 3), (3, 0), (6, 0), (9, 3))),  # white: a4 d1 g1 j4
    sum(1 << _square(f, r) for f, r in ((0, 6), (3, 9), (6, 9), (9, 6))),  # black: a7 d10 g10 j7
)


def _bits(mask: int) -> list[int]:
    out: list[int] = []
    for k, byte in enumerate(mask.to_bytes(13, "little")):
        if byte:
            out += _BYTES[k][byte]
    return out


def _slide(square: int, blocked: int) -> int:
    out = 0
    for ray in CLIMBING[square]:
        hit = ray & blocked
        out |= ray & ((hit & -hit) - 1)
    for ray in FALLING[square]:
        out |= ray & (-1 << (ray & blocked).bit_length())
    return out


def register() -> Any:
    """Register the hand-written game with OpenSpiel (as ``amazons_by_hand``) and load it."""
    import pyspiel

    name = "amazons_by_hand"
    if name in pyspiel.registered_names():
        return pyspiel.load_game(name)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name="Amazons written by hand in Python",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=SIZE,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=3 * (SIZE - 8),
    )

    class ByHandState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.mine, self.theirs = START
            self.arrows, self.player, self.phase, self.origin, self.to, self.over = 0, 0, 0, -1, -1, False

        def current_player(self) -> int:
            return int(pyspiel.PlayerId.TERMINAL) if self.over else self.player

        def legal_actions(self, player: int | None = None) -> list[int]:
            if self.over:
                return []
            blocked = self.mine | self.theirs | self.arrows
            if self.phase == 0:  # an amazon beside an empty square
                empty = FULL & ~blocked
                return [s for s in _bits(self.mine) if AROUND[s] & empty]
            if self.phase == 1:
                return _bits(_slide(self.origin, blocked))
            return _bits(_slide(self.to, blocked & ~(1 << self.origin)))

        def _legal_actions(self, player: int) -> list[int]:
            return self.legal_actions()

        def _apply_action(self, action: int) -> None:
            if self.phase == 0:
                self.origin, self.phase = action, 1
            elif self.phase == 1:
                self.to, self.phase = action, 2
            else:
                mine = self.mine & ~(1 << self.origin) | 1 << self.to
                self.arrows |= 1 << action
                self.mine, self.theirs, self.player, self.phase = self.theirs, mine, 1 - self.player, 0
                blocked = self.mine | self.theirs | self.arrows
                empty = FULL & ~blocked
                self.over = not any(AROUND[s] & empty for s in _bits(self.mine))

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def is_terminal(self) -> bool:
            return self.over

        def returns(self) -> list[float]:
            if not self.over:
                return [0.0, 0.0]
            return [-1.0, 1.0] if self.player == 0 else [1.0, -1.0]  # the player to move cannot: lost

        def __str__(self) -> str:
            return f"{self.mine:x} {self.theirs:x} {self.arrows:x} {self.phase}"

    class ByHandGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> ByHandState:
            return ByHandState(self)

    pyspiel.register_game(game_type, ByHandGame)
    return pyspiel.load_game(name)


def check(by_hand: Any, adapter: Any, games: int, rng: random.Random) -> int:
    """Play ``games`` random games through both in step; the actions checked.
    Raises AssertionError where they differ."""
    steps = 0
    for _ in range(games):
        ours, theirs = adapter.new_initial_state(), by_hand.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), f"over or not differs after {ours.history()}"
            if ours.is_terminal():
                assert ours.returns() == theirs.returns(), f"returns differ after {ours.history()}"
                break
            actions = ours.legal_actions()
            assert actions == theirs.legal_actions(), f"legal actions differ after {ours.history()}"
            action = rng.choice(actions)
            ours.apply_action(action)
            theirs.apply_action(action)
            steps += 1
    return steps


def games_per_second(game: Any, games: int, rng: random.Random) -> tuple[float, float]:
    """Random games and actions a second over ``games`` whole games."""
    actions = 0
    began = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - began
    return games / elapsed, actions / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=at_least(1, int), default=300, help="games in each measurement (default 300)")
    parser.add_argument("--rounds", type=at_least(1, int), default=3, help="measurements of each (default 3)")
    parser.add_argument("--check", type=at_least(0, int), default=100, help="games checked first (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    if not ensure_example("amazons"):
        print("skipped: no examples/amazons")
        return 0
    from boardgames.interop.openspiel import load

    games = {"adapter": load("amazons"), "by_hand": register(), "native": pyspiel.load_game("amazons")}
    checked = check(games["by_hand"], games["adapter"], args.check, random.Random(args.seed))
    print(f"  the hand-written game offers our adapter's legal actions at each of {checked:,} steps")
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in games}
    rng = random.Random(args.seed)
    for _ in range(args.rounds):
        for name, game in games.items():
            rates[name].append(games_per_second(game, args.games, rng))

    def ratio(a: str, b: str) -> float:
        return round(statistics.median(x[0] / y[0] for x, y in zip(rates[a], rates[b], strict=True)), 3)

    result: dict[str, Any] = {
        name: {
            "random_games_per_s": round(statistics.median(r[0] for r in rounds), 1),
            "actions_per_s": round(statistics.median(r[1] for r in rounds)),
        }
        for name, rounds in rates.items()
    }
    result["ratios"] = {
        "adapter / native": ratio("adapter", "native"),
        "by_hand / native": ratio("by_hand", "native"),
        "adapter / by_hand": ratio("adapter", "by_hand"),
    }
    for name in games:
        figures = result[name]
        print(f"  {name:<8} {figures['random_games_per_s']:>9,.1f} games/s {figures['actions_per_s']:>11,} actions/s")
    for label, value in result["ratios"].items():
        print(f"  {label:<18} {value:.3f}")
    save_run(result, args.json, "amazons_by_hand.py", argv, games=args.games, rounds=args.rounds, checked_steps=checked)
    return 0


if __name__ == "__main__":
    run(main)
