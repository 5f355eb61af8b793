"""Our agent against OpenSpiel's searches on the N-player and hidden-information
examples (issue 39's targets), in pieces that each finish within minutes.

    python benchmarks/nplayer_examples_strength.py phantom_ttt [--agent mcts] [--seconds 0.2]
        [--games 40] [--first 0] [--seed 1] [--out docs/strength-runs/nplayer-examples]
    python benchmarks/nplayer_examples_strength.py chinese_checkers [--agent mcts] [--seconds 0.2]
        [--games 6] [--first 0] [--max-moves 600] ...

- ``phantom_ttt``: our agent (it is given only its player's view) against
  OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``,
  random rollouts), its simulations calibrated to ``--seconds`` a move here;
  seats alternated. Target: at least 50% (a draw counts a half).
- ``chinese_checkers``: 3 players, our agent in one seat (rotated game by
  game) and OpenSpiel's C++ MCTSBot (random rollouts) in the other two, its
  simulations calibrated the same way. Target: our seat wins more often
  than each bot seat. Games end at ``--max-moves`` turns (a draw) when
  nobody has won.

Our agent plays our game (``Match``: the seat gets only its view); the bots
play OpenSpiel's, each move applied to both. Each piece (games FIRST to
GAMES - 1) is saved as JSON in ``--out``; a piece already saved is read, not
replayed. Needs open-spiel; without it, it says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from games_vs_openspiel import ensure_example

import boardgames
from boardgames.play.match import Match

from figures import at_least, run

UCT_C = 2.0
PASS_ACTION = 726  # OpenSpiel's chinese_checkers: the end of a hop chain, or a blocked player's pass


# -- Phantom tic-tac-toe ----------------------------------------------------------------------------


def ttt_name(action: int) -> str:
    """Our cell of OpenSpiel's (row from the top, then column)."""
    row, col = divmod(action, 3)
    return f"{'abc'[col]}{3 - row}"


def phantom_resampler(rng: random.Random) -> Any:
    """OpenSpiel's phantom_ttt has no ``resample_from_infostate``: this draws a
    state consistent with ``player``'s information state from that alone (its
    view and its own tries). The other's marks a failed try revealed are
    placed in the other's earliest turns before that try, its other marks on
    cells the player knows nothing of (none making a line), no failed tries
    of its own; the actions are then replayed in turn order."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def resample(state: Any, player: int) -> Any:
        info = state.information_state_string(player).split("\n")
        view = "".join(info[:3])
        mine, theirs = "xo"[player], "ox"[player]
        tries = [int(t.split(",")[1]) for t in " ".join(info[3:]).split()]
        # The player's turns: each its failed tries then one mark; the other's marks come between them.
        turns: list[list[int]] = [[]]
        for cell in tries:
            turns[-1].append(cell)
            if view[cell] == mine:
                turns.append([])
        marks = len(turns) - 1  # the player's marks so far; the last turn is under way
        slots = marks + (1 if player == 1 else 0)  # the other's marks: one between each two of ours
        found = [(t, c) for t, turn in enumerate(turns) for c in turn if view[c] == theirs]
        unknown = [c for c in range(9) if view[c] == "."]
        for _ in range(100):
            order: list[int | None] = [None] * slots
            for slot, (_, cell) in enumerate(sorted(found)):  # the earliest turns of the other's
                order[slot] = cell
            free = rng.sample(unknown, slots - len(found))
            filled = [c if c is not None else free.pop() for c in order]
            if not any(all(c in filled for c in line) for line in lines):
                break
        game = state.get_game()
        out = game.new_initial_state()
        other = iter(filled)
        for t, turn in enumerate(turns):
            if player == 1 or t > 0:  # the other moves before each of our turns (cross first)
                out.apply_action(next(other))
            for cell in turn:
                out.apply_action(cell)
        assert out.information_state_string(player) == state.information_state_string(player)
        return out

    return resample


def ismcts_bot(spiel: Any, sims: int, seed: int) -> Any:
    import numpy as np
    from open_spiel.python.algorithms import ismcts
    from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

    evaluator = RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(spiel, evaluator, UCT_C, sims, random_state=np.random.RandomState(seed))
    bot.set_resampler(phantom_resampler(random.Random(seed)))
    return bot


def calibrate(make: Any, spiel: Any, seconds: float) -> int:
    """The simulations a move that take ``seconds`` here, from the start (after one search to warm up)."""
    make(16).step(spiel.new_initial_state())
    sims = 16
    while True:
        began = time.perf_counter()
        make(sims).step(spiel.new_initial_state())
        elapsed = time.perf_counter() - began
        if elapsed >= seconds / 2 or sims >= 10**6:
            return max(2, round(sims / elapsed * seconds))
        sims *= 2


def phantom_game(spec: str, sims: int, seed: int, index: int) -> tuple[float, str | None]:
    """Game ``index``: our score (1, 0.5, 0; our seat first in even games),
    and why a side forfeited (an agent's illegal move), if one did."""
    import pyspiel

    game = boardgames.game_class("phantom_ttt").configure(seed=seed + index)
    ours = index % 2
    seats = ["human", "human"]
    seats[ours] = spec
    match = Match(game, seats, seed=seed + index)
    spiel = pyspiel.load_game("phantom_ttt")
    theirs = spiel.new_initial_state()
    bot = ismcts_bot(spiel, sims, seed + index)
    while not match.is_over:
        if match.awaits_person:
            action = bot.step(theirs)
            theirs.apply_action(action)
            match.play(ttt_name(action))
        else:
            move = match.step()
            if move is None:  # our agent failed: its side forfeits
                break
            theirs.apply_action({ttt_name(a): a for a in range(9)}[game.format_move(move)])
    if match.forfeit is not None:
        return (0.0 if match.forfeit.player == game.player_names[ours] else 1.0), match.result_text()
    assert theirs.is_terminal()
    return (match.state.returns()[ours] + 1) / 2, None


# -- Chinese checkers, 3 players ---------------------------------------------------------------------


def their_moves(theirs: Any) -> dict[tuple[int, int], list[int]]:
    """OpenSpiel's whole moves, as (origin, landing) cells with their actions
    (a hop chain's hops, then a pass where it could go on)."""
    moves: dict[tuple[int, int], list[int]] = {}
    me = theirs.current_player()

    def chain(state: Any, origin: int, done: list[int], seen: set[int], actions: list[int]) -> None:
        for action in actions:
            if action == PASS_ACTION:
                continue
            landing = int(state.action_to_string(action).split("=>")[1])
            if landing in seen:
                continue
            seen.add(landing)
            after = state.child(action)
            if after.current_player() == me and not after.is_terminal():
                moves[(origin, landing)] = [*done, action, PASS_ACTION]
                chain(after, origin, [*done, action], seen, after.legal_actions())
            else:
                moves[(origin, landing)] = [*done, action]

    firsts: dict[int, list[int]] = {}
    for action in theirs.legal_actions():
        if action == PASS_ACTION:
            return {(-1, -1): [PASS_ACTION]}
        text = theirs.action_to_string(action)
        if "->" in text:
            origin, landing = map(int, text.split("->"))
            moves[(origin, landing)] = [action]
        else:
            firsts.setdefault(action // 6, []).append(action)
    for origin, hops in firsts.items():
        chain(theirs, origin, [], {origin}, hops)
    return moves


def mcts_bot(spiel: Any, sims: int, seed: int) -> Any:
    import pyspiel

    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(spiel, evaluator, UCT_C, sims, 10**7, False, seed, False)


def chinese_game(spec: str, sims: int, seed: int, index: int, max_moves: int) -> dict[str, Any]:
    """Game ``index``: our seat (index mod 3) and the winner's seat (None: a draw)."""
    import pyspiel

    module = sys.modules[type(boardgames.game_class("chinese_checkers").configure({"players": 3})).__module__]
    names = module.GRID.names
    cell_of = {sq: i for i, sq in enumerate(module.SQUARES)}
    game = boardgames.game_class("chinese_checkers").configure({"players": 3, "max_moves": max_moves}, seed=seed)
    ours = index % 3
    seats = ["human"] * 3
    seats[ours] = spec
    match = Match(game, seats, seed=seed + index)
    spiel = pyspiel.load_game("chinese_checkers", {"players": 3, "max_moves": max_moves})
    theirs = spiel.new_initial_state()
    bot = mcts_bot(spiel, sims, seed + index)
    while not match.is_over:
        if match.awaits_person:
            me, texts = theirs.current_player(), []
            while not theirs.is_terminal() and theirs.current_player() == me:
                action = bot.step(theirs)
                texts.append(theirs.action_to_string(action))
                theirs.apply_action(action)
            cells = [t.replace("=>", "->").split("->") for t in texts if t != "Pass"]
            if not cells:
                match.play("pass")
                continue
            origin, landing = int(cells[0][0]), int(cells[-1][1])
            match.play(f"{names[module.SQUARES[origin]]}-{names[module.SQUARES[landing]]}")
        else:
            move = match.step()
            assert move is not None, match.result_text()
            key = (cell_of.get(move.origin, -1), cell_of.get(move.to, -1))
            for action in their_moves(theirs)[key]:
                theirs.apply_action(action)
    assert theirs.is_terminal(), match.state.describe()
    return {"ours": ours, "winner": match.state.outcome.winner_index}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=("phantom_ttt", "chinese_checkers"))
    parser.add_argument("--agent", default="mcts", help="our agent spec (default: mcts)")
    parser.add_argument("--seconds", type=at_least(0.01), default=0.2, help="a move's time for both (default 0.2)")
    parser.add_argument(
        "--games", type=at_least(1, int), default=None, help="games in all (40; 6 for chinese_checkers)"
    )
    parser.add_argument("--first", type=at_least(0, int), default=0, help="play games FIRST.. only (a piece)")
    parser.add_argument("--max-moves", type=at_least(1, int), default=600, help="chinese_checkers: turns to a draw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="docs/strength-runs/nplayer-examples")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    ensure_example(args.game)
    games = args.games or (40 if args.game == "phantom_ttt" else 6)
    spec = args.agent
    if ":" not in spec:  # a searching agent gets the bots' time; one that takes no time, none
        try:
            boardgames.make_seat(f"{spec}:time={args.seconds:g}")
            spec = f"{spec}:time={args.seconds:g}"
        except boardgames.BoardgamesError:
            pass
    boardgames.make_seat(spec)  # a bad spec: one line, before anything runs
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    label = spec.replace(":", "_").replace("=", "-").replace(",", "_")
    piece = f"{args.game}{'-max' + str(args.max_moves) if args.game == 'chinese_checkers' else ''}"
    path = folder / f"{piece}-{label}-vs-{args.seconds:g}s-games{args.first}-{games}-seed{args.seed}.json"
    if path.exists():
        print(path.read_text())
        return 0
    if args.game == "phantom_ttt":
        spiel = pyspiel.load_game("phantom_ttt")
        sims = calibrate(lambda n: ismcts_bot(spiel, n, args.seed), spiel, args.seconds)
        opponent = f"OpenSpiel ISMCTS (Python), random rollouts, uct_c {UCT_C:g}, {sims} simulations"
    else:
        spiel = pyspiel.load_game("chinese_checkers", {"players": 3, "max_moves": args.max_moves})
        sims = calibrate(lambda n: mcts_bot(spiel, n, args.seed), spiel, args.seconds)
        opponent = f"two OpenSpiel MCTSBot seats (C++), random rollouts, uct_c {UCT_C:g}, {sims} simulations"
    print(f"{args.game}: {spec} against {opponent} (= {args.seconds:g} s a move here)")
    began = time.perf_counter()
    result: dict[str, Any] = {"game": args.game, "agent": spec, "opponent": opponent, "games": [args.first, games]}
    if args.game == "phantom_ttt":
        played = [phantom_game(spec, sims, args.seed, i) for i in range(args.first, games)]
        scores = [score for score, _ in played]
        result |= {
            "forfeits": [why for _, why in played if why],
            "score": sum(scores),
            "played": len(scores),
            "share": round(sum(scores) / len(scores), 3),
            "wins": scores.count(1.0),
            "draws": scores.count(0.5),
            "losses": scores.count(0.0),
            "target": ">= 0.5",
        }
    else:
        played = [chinese_game(spec, sims, args.seed, i, args.max_moves) for i in range(args.first, games)]
        ours_wins = sum(g["winner"] == g["ours"] for g in played)
        bot_wins = [0, 0]  # the bot seat after ours, the one before
        for g in played:
            if g["winner"] is not None and g["winner"] != g["ours"]:
                bot_wins[(g["winner"] - g["ours"]) % 3 - 1] += 1
        result |= {
            "played": len(played),
            "our_wins": ours_wins,
            "bot_seat_wins": bot_wins,
            "draws": sum(g["winner"] is None for g in played),
            "max_moves": args.max_moves,
            "target": "our_wins > each of bot_seat_wins",
        }
    result |= {
        "minutes": round((time.perf_counter() - began) / 60, 1),
        "command": " ".join(["python", "benchmarks/nplayer_examples_strength.py", *sys.argv[1:]]),
    }
    path.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    run(main)
