"""Tournaments between agents: many seeded games, seats alternated, in
parallel worker processes, with the same results whatever the number of
workers (each game's seeds derive from the arena seed and its number alone).
Two agents play a match; three or more play a round robin, every pair the
same number of games, rated together (:mod:`.ratings`). A round robin's
first pairing plays the very games a match between those two would.

Agents bounded by time are not repeatable, by nature; agents bounded by
iterations or depth are.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import random
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from ..agents.engine import kill_programs
from ..errors import BoardgamesError, InvalidAgentSpecError, SaveError
from ..play.match import Match
from ..play.records import save_record
from ..play.safe_files import user_path
from ..plugins.registry import game_class, make_seat
from . import ray_backend
from .ratings import Pairing, Rating, fit

BACKENDS = ("local", "ray")
#: The most games one arena plays, all pairings together.
MAX_GAMES = 1_000_000


@attrs.frozen
class GameResult:
    index: int
    #: The agent specs in turn order (seat 0 moves first).
    seats: tuple[str, ...]
    #: The winning seat, or None for a draw.
    winner: int | None
    record: dict[str, Any]
    #: The arena's players in turn order, as indices into its specs.
    players: tuple[int, ...] = (0, 1)


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}/{index}").getrandbits(32)


def play_game(
    game_name: str,
    options: Mapping[str, object],
    seats: Sequence[str],
    seed: int,
    index: int,
    players: tuple[int, ...] = (0, 1),
) -> GameResult:
    """Game number ``index`` of an arena: everything random derives from (seed, index)."""
    game = game_class(game_name).configure(options, seed=game_seed(seed, index))
    match = Match(game, seats)
    match.run()
    winner = None if match.winner is None else game.turn_order.index(match.winner)
    return GameResult(index, match.specs, winner, match.record().to_json(), players)


@attrs.frozen
class Standing:
    spec: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% confidence interval of the score: Wilson's interval, which
        stays meaningful at 0% and 100% (a draw counts half a win)."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        p = self.score
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "spec": self.spec,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "score_95": [round(low, 4), round(high, 4)],
            "elo": _finite(elo(self.score)),
            "elo_95": [_finite(elo(low)), _finite(elo(high))],
        }


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (±inf at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def _finite(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 1)


@attrs.frozen
class ArenaResult:
    game: str
    options: dict[str, Any]
    seed: int
    specs: tuple[str, ...]
    results: tuple[GameResult, ...]
    #: How many games were asked for; fewer were played if ``interrupted``.
    planned: int = 0
    interrupted: bool = False

    def standings(self) -> list[Standing]:
        """One per spec, in the order given (a spec may play itself)."""
        out = []
        for which, spec in enumerate(self.specs):
            wins = draws = losses = 0
            for r in self.results:
                if which not in r.players:
                    continue
                if r.winner is None:
                    draws += 1
                elif r.players[r.winner] == which:
                    wins += 1
                else:
                    losses += 1
            out.append(Standing(spec, wins, draws, losses))
        return out

    def pairings(self) -> list[Pairing]:
        """Every pair of players that met, with the first one's score."""
        out = []
        for a, b in itertools.combinations(range(len(self.specs)), 2):
            met = [r for r in self.results if set(r.players) == {a, b}]
            score = sum(0.5 if r.winner is None else float(r.players[r.winner] == a) for r in met)
            if met:
                out.append(Pairing(a, b, len(met), score))
        return out

    def ratings(self) -> list[Rating]:
        """Elo ratings fitted to every game (Bradley-Terry), averaging 0."""
        return fit(len(self.specs), self.pairings())

    def forfeits(self) -> list[dict[str, Any]]:
        """The games lost off the board (an agent failed): game, spec and why."""
        out = []
        for r in self.results:
            forfeit = r.record.get("forfeit")
            if forfeit is not None:
                spec = r.record["seats"].get(forfeit["player"], "")
                out.append({"game": r.index, "spec": spec, "reason": forfeit["reason"]})
        return out

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "options": self.options,
            "games": len(self.results),
            "planned": self.planned,
            "interrupted": self.interrupted,
            "seed": self.seed,
            "players": [s.to_json() for s in self.standings()],
            "forfeits": self.forfeits(),
        }
        if len(self.specs) > 2:
            out["ratings"] = [
                {"spec": spec, "elo": round(r.elo, 1), "elo_95": [round(r.low, 1), round(r.high, 1)]}
                for spec, r in zip(self.specs, self.ratings(), strict=True)
            ]
            out["pairings"] = [
                {
                    "players": [self.specs[p.a], self.specs[p.b]],
                    "games": p.games,
                    "score": round(p.score_a / p.games, 4),
                }
                for p in self.pairings()
            ]
        return out


def run_arena(
    game_name: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int | None = None,
    options: Mapping[str, object] | None = None,
    save_dir: str | os.PathLike[str] | None = None,
    progress: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> ArenaResult:
    """Play ``games`` games between two agents, seats alternated (game 0: the
    first spec moves first); or, given three agents or more, ``games`` games
    between every two of them (a round robin). Raises on a bad game, option,
    spec or folder before any game starts. Ctrl-C stops the workers at once;
    the result then holds the games finished (``interrupted`` is set).

    ``backend`` is ``local`` (a process pool of ``jobs`` workers) or ``ray``
    (:mod:`.ray_backend`: a Ray instance of ``jobs`` CPUs started for the
    run, or the cluster at ``address``); the results are the same."""
    if backend not in BACKENDS:
        raise BoardgamesError(f"unknown arena backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise BoardgamesError("an address is for the ray backend (--backend ray)")
    if len(specs) < 2:
        raise InvalidAgentSpecError(f"an arena takes two agent specs or more, got {len(specs)}")
    seats = [make_seat(s) for s in specs]  # checks them, here and now
    if any(seat.is_human for seat in seats):
        raise InvalidAgentSpecError(
            "the arena plays agents against each other: 'human' is a person (people play with 'boardgames play')"
        )
    canonical = tuple(seat.spec for seat in seats)
    game = game_class(game_name).configure(options or {}, seed=seed)
    options = dict(options or {})
    folder = None if save_dir is None else user_path(save_dir)
    if folder is not None and not folder.is_dir():
        raise SaveError(f"cannot save the games in {str(save_dir)!r}: there is no such folder")
    if len(canonical) > 2 and len(set(canonical)) < len(canonical):
        twice = next(spec for spec in canonical if canonical.count(spec) > 1)
        raise InvalidAgentSpecError(f"a round robin takes different agents: {twice} is given twice")
    pairs = len(canonical) * (len(canonical) - 1) // 2
    if not 1 <= games * pairs <= MAX_GAMES:
        raise BoardgamesError(
            f"{games} games a pairing, {pairs} pairing(s): an arena plays 1 to {MAX_GAMES:,} games in all"
        )
    # Pairing p's game g is game p * games + g: the first pairing's games are a match's.
    tasks = []
    for p, (a, b) in enumerate(itertools.combinations(range(len(canonical)), 2)):
        for g in range(games):
            players = (a, b) if g % 2 == 0 else (b, a)
            seats_now = tuple(canonical[i] for i in players)
            tasks.append((game_name, options, seats_now, seed, p * games + g, players))
    results: dict[int, GameResult] = {}

    def done(result: GameResult) -> None:
        results[result.index] = result
        if folder is not None:
            save_record(folder / f"game-{result.index + 1:04d}.json", result.record)
        if progress is not None:
            progress(result)

    jobs = jobs or os.cpu_count() or 1
    interrupted = False
    try:
        if backend == "ray":
            ray_backend.run_tasks(_play_task, tasks, done, jobs, address)
        elif jobs == 1:
            for task in tasks:
                done(play_game(*task))
        else:
            # Workers ignore Ctrl-C: the parent alone decides, and terminates them at once.
            pool = multiprocessing.Pool(min(jobs, len(tasks)), initializer=_ignore_interrupts)
            try:
                for result in pool.imap_unordered(_play_task, tasks):
                    done(result)
                # Done: the workers are told to end, not terminated. A SIGTERM that
                # reaches a worker just as it blocks for the next task is lost (its
                # handler, which kills its engines, waits for Python code that never
                # runs), and the terminating parent then waited for it for ever:
                # about one arena in seventy with engines, hung.
                pool.close()
            except BaseException:
                _terminate(pool)
                raise
            finally:
                pool.join()
    except KeyboardInterrupt:
        interrupted = True
    # Every option, as 'show --json' lists them; one drawn from each game's seed (a board) that was
    # not given is null (each game's record has its own).
    drawn = {spec.name for spec in type(game).option_specs if spec.random_default is not None}
    return ArenaResult(
        game_name,
        {k: None if k in drawn and k not in options else v for k, v in game.options.items()},
        seed,
        canonical,
        tuple(results[i] for i in sorted(results)),
        planned=len(tasks),
        interrupted=interrupted,
    )


def _terminate(pool: Any, grace: float = 5.0) -> None:
    """Terminate ``pool`` (Ctrl-C, an error), killing after ``grace`` seconds
    any worker still alive: the SIGTERM that terminate sends can be lost by a
    worker blocked for its next task (see above), and the pool would wait for
    it for ever. A killed worker cannot stop its engines; they read its pipe,
    and end when it closes."""
    watchdog = threading.Timer(grace, _kill_workers, (pool,))
    watchdog.daemon = True
    watchdog.start()
    try:
        pool.terminate()
    finally:
        watchdog.cancel()


def _kill_workers(pool: Any) -> None:
    # The pool's list of worker processes: private, but the only handle on them.
    for worker in list(getattr(pool, "_pool", ())):
        if worker.is_alive():
            worker.kill()


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Terminated (the arena was interrupted): the engines it started are in
    # sessions of their own, out of reach of the terminal's Ctrl-C; they go too.
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: object) -> None:
    kill_programs()
    os._exit(128 + signum)


def _play_task(task: tuple[str, Mapping[str, object], Sequence[str], int, int, tuple[int, ...]]) -> GameResult:
    return play_game(*task)
