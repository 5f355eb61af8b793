"""Tournaments between agents: many seeded games, seat orders rotated, in
parallel worker processes, with the same results whatever the number of
workers (each game's seeds derive from the arena seed and its number alone;
chance is drawn by the Match from the game's seed at each ply).

A game of N players seats N agents at a *table*. Given N agents, they play
one table; given more, every N of them play a table (a round robin: every
pair, for two players), each table the same number of games, rated together
(:mod:`.ratings`). A round robin's first table plays the very games a match
between those agents would. At a table the seat orders go round in a cycle
(:func:`seat_orders`): the N rotations of the table's order, and for three
players or more the N rotations of its reverse after them, so that over a
cycle every agent sits in every seat equally often (for three players the
six orders are every order there is). A game played alone (one player) gives
each agent its games with the same seeds (the same dice), and its mean score.

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
    #: The winning seat, or None for a draw (and for a first place shared).
    winner: int | None
    record: dict[str, Any]
    #: The arena's players in turn order, as indices into its specs.
    players: tuple[int, ...] = (0, 1)
    #: Each seat's place (1 the best, ties sharing), in turn order.
    places: tuple[int, ...] = ()
    #: Each seat's score, in turn order, if the game gives scores (empty otherwise, and after a forfeit).
    scores: tuple[float, ...] = ()


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}/{index}").getrandbits(32)


def seat_orders(table: Sequence[int]) -> list[tuple[int, ...]]:
    """The cycle of seat orders a table plays: its N rotations, then (three
    players or more) the N rotations of its reverse. Over a cycle each agent
    sits in each seat equally often, and for three players every order comes
    once; for two it is the alternation (a, b), (b, a)."""
    table = tuple(table)
    count = len(table)
    orders = [table[r:] + table[:r] for r in range(count)]
    if count >= 3:
        back = table[::-1]
        orders += [back[r:] + back[:r] for r in range(count)]
    return orders


def play_game(
    game_name: str,
    options: Mapping[str, object],
    seats: Sequence[str],
    seed: int,
    index: int,
    players: tuple[int, ...] = (0, 1),
    seed_index: int | None = None,
) -> GameResult:
    """Game number ``index`` of an arena: everything random derives from
    (seed, index), or (seed, ``seed_index``) where games share their seeds (a
    game played alone: every agent the same dice)."""
    game = game_class(game_name).configure(options, seed=game_seed(seed, index if seed_index is None else seed_index))
    match = Match(game, seats)
    match.run()
    winner = None if match.winner is None else game.turn_order.index(match.winner)
    places = tuple(match.places[name] for name in game.turn_order)
    outcome = match.state.outcome
    scores: tuple[float, ...] = ()
    if match.forfeit is None and match.drawn is None and outcome is not None:
        names = game.player_names
        if outcome.scores:
            scores = tuple(float(outcome.scores[names.index(name)]) for name in game.turn_order)
        elif len(names) == 1:  # alone and without a score: the result's value (1 won, -1 lost)
            scores = (float(match.state.returns()[0]),)
    return GameResult(index, match.specs, winner, match.record().to_json(), players, places, scores)


@attrs.frozen
class Standing:
    """An agent's games: ``wins`` alone first, ``draws`` a first place shared
    (a two-player draw), ``losses`` the others. Its score counts a shared first
    as the share of it (``shared``: half a win for a two-player draw)."""

    spec: str
    wins: int
    draws: int
    losses: int
    #: What the shared firsts are worth together (1/k each, k sharing it); None: half each.
    shared: float | None = None

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        shared = self.draws / 2 if self.shared is None else self.shared
        return (self.wins + shared) / self.games if self.games else 0.0

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


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval (Student's t,
    from the sample's standard deviation; a single value gives no width)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = _t95(n - 1) * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


#: Student's t for 95% (two-sided) with 1 to 30 degrees of freedom.
_T95: tuple[float, ...]
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
_T95 += (2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _t95(df: int) -> float:
    return _T95[df - 1] if df <= len(_T95) else 1.96 + 2.37 / df  # Cornish-Fisher past 30 (2.039 at 30)


def _places(r: GameResult) -> tuple[int, ...]:
    if r.places:
        return r.places
    return tuple(1 if r.winner is None or r.winner == k else 2 for k in range(len(r.players)))


def pairings_of(count: int, results: Sequence[GameResult]) -> list[Pairing]:
    """Every pair of players that met, with the first one's score: each pair
    of players in a game is a game between them, won by the better placed,
    drawn where they share a place."""
    games: dict[tuple[int, int], int] = {}
    score: dict[tuple[int, int], float] = {}
    for r in results:
        places = _places(r)
        for (i, a), (j, b) in itertools.combinations(enumerate(r.players), 2):
            if a > b:
                (i, a), (j, b) = (j, b), (i, a)
            games[a, b] = games.get((a, b), 0) + 1
            mine, theirs = places[i], places[j]
            score[a, b] = score.get((a, b), 0.0) + (1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    return [
        Pairing(a, b, games[a, b], score[a, b]) for a, b in itertools.combinations(range(count), 2) if (a, b) in games
    ]


#: How many resamples of the games the bootstrap intervals of N-player ratings take.
BOOTSTRAP = 200


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
    #: The game's players, in turn order: a seat each.
    seat_names: tuple[str, ...] = ("first", "second")

    @property
    def count(self) -> int:
        """How many play each game."""
        return len(self.seat_names)

    @property
    def cycle(self) -> int:
        """How many games a table's cycle of seat orders takes (:func:`seat_orders`)."""
        return len(seat_orders(range(self.count)))

    def _seats_of(self, which: int) -> list[tuple[GameResult, int]]:
        return [(r, seat) for r in self.results for seat, p in enumerate(r.players) if p == which]

    def standings(self) -> list[Standing]:
        """One per spec, in the order given (a spec may play itself)."""
        out = []
        for which, spec in enumerate(self.specs):
            wins = draws = losses = 0
            shared = 0.0
            for r, seat in self._seats_of(which):
                places = _places(r)
                if places[seat] != 1:
                    losses += 1
                elif places.count(1) == 1:
                    wins += 1
                else:
                    draws += 1
                    shared += 1 / places.count(1)
            out.append(Standing(spec, wins, draws, losses, shared if self.count > 2 else None))
        return out

    def pairings(self) -> list[Pairing]:
        """Every pair of players that met, with the first one's score."""
        return pairings_of(len(self.specs), self.results)

    def ratings(self) -> list[Rating]:
        """Elo ratings fitted to every game (Bradley-Terry), averaging 0. With
        three players or more a game's ranking is a game between each two of
        them, and the 95% intervals come from resampling the games (the
        bootstrap, seeded by the arena's seed: games, not pairs, are what is
        independent), widened where need be to the interval of the same fit
        with each game's pairs weighing 1/(N-1) together as much as one game a
        player (so that games that all end alike still leave the width their
        number allows, which no resampling of them shows)."""
        count = len(self.specs)
        pairs = self.pairings()
        rated = fit(count, pairs)
        if self.count <= 2 or not self.results:
            return rated
        weight = 1 / (self.count - 1)
        floor = fit(count, [Pairing(p.a, p.b, p.games * weight, p.score_a * weight) for p in pairs])  # type: ignore[arg-type]
        rng = random.Random(f"{self.seed}/ratings")
        drawn: list[list[float]] = [[] for _ in range(count)]
        for _ in range(BOOTSTRAP):
            sample = [self.results[rng.randrange(len(self.results))] for _ in self.results]
            for k, r in enumerate(fit(count, pairings_of(count, sample))):
                drawn[k].append(r.elo)
        low, high = round(0.025 * (BOOTSTRAP - 1)), round(0.975 * (BOOTSTRAP - 1))
        out = []
        for r, f, d in zip(rated, floor, drawn, strict=True):
            d.sort()
            half = (f.high - f.low) / 2
            out.append(Rating(r.elo, min(d[low], r.elo - half), max(d[high], r.elo + half)))
        return out

    def forfeits(self) -> list[dict[str, Any]]:
        """The games lost off the board (an agent failed): game, spec and why."""
        out = []
        for r in self.results:
            forfeit = r.record.get("forfeit")
            if forfeit is not None:
                spec = r.record["seats"].get(forfeit["player"], "")
                out.append({"game": r.index, "spec": spec, "reason": forfeit["reason"]})
        return out

    @property
    def has_scores(self) -> bool:
        return any(r.scores for r in self.results)

    def _figures(self, seated: Sequence[tuple[GameResult, int]]) -> dict[str, Any]:
        """Places, mean place, wins (a shared first counted as shared) and the
        mean score of the games ``seated`` (a game and a seat in it)."""
        places = [_places(r)[seat] for r, seat in seated]
        firsts = [_places(r).count(1) for r, seat in seated if _places(r)[seat] == 1]
        out: dict[str, Any] = {
            "games": len(seated),
            "places": [places.count(k) for k in range(1, self.count + 1)],
            "mean_place": round(sum(places) / len(places), 4) if places else None,
            "wins": firsts.count(1),
            "shared_firsts": len(firsts) - firsts.count(1),
            "win_share": round(sum(1 / k for k in firsts), 4),
        }
        scores = [r.scores[seat] for r, seat in seated if r.scores]
        if self.has_scores:
            mean, low, high = mean_interval(scores)
            out["mean_score"] = round(mean, 4) if scores else None
            out["mean_score_95"] = [round(low, 4), round(high, 4)] if scores else None
        return out

    def pairwise(self, which: int) -> tuple[float, float, float]:
        """Agent ``which``'s share of the players it met beaten (a shared place
        half), a game's share the unit: the mean over its games, with Wilson's
        95% interval over the games (two players: its score)."""
        shares = []
        for r, seat in self._seats_of(which):
            places = _places(r)
            others = [p for k, p in enumerate(places) if k != seat]
            if others:
                mine = places[seat]
                shares.append(sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for p in others) / len(others))
        if not shares:
            return (0.0, 0.0, 1.0)
        score = sum(shares) / len(shares)
        low, high = _Share(score, len(shares)).interval()
        return (score, low, high)

    def seats(self) -> list[dict[str, Any]]:
        """The figures of each seat, whoever sat there."""
        return [
            {"seat": name, **self._figures([(r, k) for r in self.results])} for k, name in enumerate(self.seat_names)
        ]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "games": len(self.results),
            "planned": self.planned,
            "interrupted": self.interrupted,
            "seed": self.seed,
        }
        if self.count == 1:  # alone: each agent's mean score, from the same seeds
            players = []
            for which, spec in enumerate(self.specs):
                scores = [r.scores[0] for r in self.results if r.players == (which,) and r.scores]
                mean, low, high = mean_interval(scores)
                entry = {"spec": spec, "games": len(scores), "mean_score": round(mean, 4)}
                players.append(entry | {"mean_score_95": [round(low, 4), round(high, 4)]})
            return out | {"players": players, "forfeits": self.forfeits()}
        players = []
        for which, standing in enumerate(self.standings()):
            entry = standing.to_json()
            seated = self._seats_of(which)
            if self.count > 2:  # a score against an even chance: no Elo difference with N players
                del entry["elo"], entry["elo_95"]
                score, low, high = self.pairwise(which)
                entry |= {"pairwise_score": round(score, 4), "pairwise_score_95": [round(low, 4), round(high, 4)]}
            figures = self._figures(seated)
            del figures["games"], figures["wins"]
            entry |= figures
            entry["by_seat"] = [
                {"seat": name, **self._figures([(r, s) for r, s in seated if s == k])}
                for k, name in enumerate(self.seat_names)
            ]
            players.append(entry)
        out["players"] = players
        out["seats"] = self.seats()
        out["seat_orders"] = self.cycle
        out["forfeits"] = self.forfeits()
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


@attrs.frozen
class _Share:
    """A mean share of ``games`` games, with Wilson's interval as :class:`Standing` gives it."""

    score: float
    games: int

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        return Standing.interval(self, z)  # type: ignore[arg-type]


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
    """Play ``games`` games of a table of agents, seat orders rotated
    (:func:`seat_orders`; for two agents, game 0: the first spec moves first);
    or, given more agents than the game seats, ``games`` games at every table
    of them (a round robin). A game of N players takes N specs or more. Raises
    on a bad game, option, spec or folder before any game starts. Ctrl-C stops
    the workers at once; the result then holds the games finished
    (``interrupted`` is set).

    ``backend`` is ``local`` (a process pool of ``jobs`` workers) or ``ray``
    (:mod:`.ray_backend`: a Ray instance of ``jobs`` CPUs started for the
    run, or the cluster at ``address``); the results are the same."""
    if backend not in BACKENDS:
        raise BoardgamesError(f"unknown arena backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise BoardgamesError("an address is for the ray backend (--backend ray)")
    if isinstance(specs, str) or not specs:
        raise InvalidAgentSpecError(f"an arena takes one agent spec or more, got {specs!r}")
    seats = [make_seat(s) for s in specs]  # checks them, here and now
    if any(seat.is_human for seat in seats):
        raise InvalidAgentSpecError(
            "the arena plays agents against each other: 'human' is a person (people play with 'boardgames play')"
        )
    canonical = tuple(seat.spec for seat in seats)
    game = game_class(game_name).configure(options or {}, seed=seed)
    count = game.number_of_players
    if len(canonical) < count:
        raise InvalidAgentSpecError(
            f"{game_name} is played by {count} here: give {count} or more agent specs, got {len(canonical)}"
        )
    options = dict(options or {})
    folder = None if save_dir is None else user_path(save_dir)
    if folder is not None and not folder.is_dir():
        raise SaveError(f"cannot save the games in {str(save_dir)!r}: there is no such folder")
    if len(canonical) > count and len(set(canonical)) < len(canonical):
        twice = next(spec for spec in canonical if canonical.count(spec) > 1)
        raise InvalidAgentSpecError(f"a round robin takes different agents: {twice} is given twice")
    tables = list(itertools.combinations(range(len(canonical)), count))
    if not 1 <= games * len(tables) <= MAX_GAMES:
        what = "pairing" if count == 2 else "table"
        raise BoardgamesError(
            f"{games} games a {what}, {len(tables)} {what}(s): an arena plays 1 to {MAX_GAMES:,} games in all"
        )
    # Table t's game g is game t * games + g: the first table's games are a match's. Alone, every
    # agent plays game g with the same seed (the same dice).
    tasks = []
    for t, table in enumerate(tables):
        orders = seat_orders(table)
        for g in range(games):
            players = orders[g % len(orders)]
            seats_now = tuple(canonical[i] for i in players)
            tasks.append((game_name, options, seats_now, seed, t * games + g, players, g if count == 1 else None))
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
        seat_names=game.turn_order,
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


def _play_task(
    task: tuple[str, Mapping[str, object], Sequence[str], int, int, tuple[int, ...], int | None],
) -> GameResult:
    return play_game(*task)
