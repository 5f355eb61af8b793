"""Seeded fuzzing: random and mutated moves, options, agent specs and records
thrown at the CLI and the loaders. Anything but the project's own errors (a
raw Python exception, a traceback, an "internal error") fails the test.

Derandomized: each kind has its own fixed seed, so a failure names the input
that caused it and repeats. ``FUZZ_SCALE=10`` runs ten times as many inputs.
"""

from __future__ import annotations

import json
import os
import random
import string
from pathlib import Path

import pytest

import boardgames
from boardgames import BoardgamesError
from boardgames.play.records import read_record

SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
ALPHABET = string.ascii_letters + string.digits + " -x:=,.;/\\|'\"{}[]()\t\x1b\x00é☃"
GAMES = ("donuts", "verso")


def noise(rng: random.Random, longest: int = 12) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(longest + 1)))


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with a few characters changed, dropped, doubled or added."""
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(chars) + 1)
        how = rng.randrange(4)
        if how == 0 or not chars:
            chars.insert(at, rng.choice(ALPHABET))
        elif how == 1 and at < len(chars):
            del chars[at]
        elif how == 2 and at < len(chars):
            chars[at] = rng.choice(ALPHABET)
        else:
            chars[at:at] = chars[at : at + 3]
    return "".join(chars)


def json_value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 2 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, 1, -1, 2**70, rng.randrange(-1000, 1000)])
    if kind == 3:
        return rng.choice([1.5, -0.0, 1e308, float("nan")])
    if kind in (4, 5):
        return noise(rng)
    if kind == 6:
        return [json_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 7:
        return {noise(rng, 5): json_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return [noise(rng, 4) for _ in range(rng.randrange(5))]


def assert_clean(run, what: object) -> None:
    assert run.code in (0, 1, 2), (what, run)
    for bad in ("Traceback", "internal error"):
        assert bad not in run.err and bad not in run.out, (what, run.err)
    if run.code:
        assert len(run.err.strip().splitlines()) == 1, (what, run.err)


def legal_texts(rng: random.Random, game: str) -> tuple[boardgames.State, list[str]]:
    state = (
        boardgames.game_class(game).configure({"size": 6} if game == "verso" else {}, seed=rng.randrange(100)).start()
    )
    for _ in range(rng.randrange(12)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves))
    return state, [state.format_move(m) for m in state.legal_moves] or ["pass"]


def test_fuzz_moves_through_the_api_and_the_cli(cli):
    rng = random.Random(1)
    for number in range(1500 * SCALE):
        state, legal = legal_texts(rng, GAMES[number % 2])
        text = mutate(rng, rng.choice(legal)) if number % 3 else noise(rng)
        try:
            state.play(text)
        except BoardgamesError:
            pass
        if number % 10 == 0:
            history = [state.format_move(m) for m in state.history]
            options = ("-o", "size=6") if state.game.name == "verso" else ()
            seed = ("--seed", str(state.game.seed))
            run = cli("show", state.game.name, *options, *seed, "--moves", " ".join([*history, text]), "--json")
            assert_clean(run, text)


def test_fuzz_options_through_the_cli(cli):
    rng = random.Random(2)
    names = ["size", "pieces", "flip", "max_moves", "board", "first", "nope", ""]
    for number in range(400 * SCALE):
        game = GAMES[number % 2]
        pairs = []
        for _ in range(rng.randrange(1, 3)):
            value = noise(rng) if number % 2 else str(json_value(rng))
            pairs += ["-o", f"{rng.choice(names)}={value}" if rng.random() < 0.9 else noise(rng)]
        assert_clean(cli("show", game, *pairs, "--json"), pairs)


def test_fuzz_agent_specs_through_the_api_and_the_cli(cli):
    rng = random.Random(3)
    valid = ["random", "greedy", "mcts:iterations=5", "alphabeta:depth=1", "mcts:time=0.01:playout=random", "human"]
    for number in range(1500 * SCALE):
        spec = mutate(rng, rng.choice(valid)) if number % 2 else noise(rng, 20)
        try:
            boardgames.make_seat(spec)
        except BoardgamesError:
            pass
        if number % 10 == 0:
            run = cli("play", "donuts", "--seed", "1", "--players", f"human,{spec}", input="quit\n")
            assert_clean(run, spec)


@pytest.fixture
def good_record(cli) -> dict:
    run = cli(
        "play", "verso", "-o", "size=6", "--players", "human,random", "--seed", "4", input="c3\nd4\nsave g.json\n"
    )
    assert run.code == 0
    return json.loads(Path("g.json").read_text())


def test_fuzz_records_through_the_loaders_and_the_cli(cli, good_record):
    rng = random.Random(4)
    text = json.dumps(good_record)
    for number in range(1500 * SCALE):
        if number % 3 == 0:
            data = dict(good_record)
            for _ in range(rng.randrange(1, 3)):
                key = rng.choice([*good_record, noise(rng, 6)])
                if rng.random() < 0.2:
                    data.pop(key, None)
                else:
                    data[key] = json_value(rng)
            content = json.dumps(data)
        elif number % 3 == 1:
            content = mutate(rng, text)
        else:
            cut = rng.randrange(len(text))
            content = text[:cut] + noise(rng) + text[cut + rng.randrange(20) :]
        path = Path(f"fuzz-{number % 7}.json")
        path.write_text(content)
        try:
            read_record(path)
        except BoardgamesError:
            pass
        try:
            boardgames.load_state(json.loads(content))
        except (BoardgamesError, ValueError):  # ValueError: JSON that does not parse at all
            pass
        if number % 10 == 0:
            assert_clean(cli("replay", str(path), "--to", "0"), content)
            assert_clean(cli("play", "--load", str(path), input="quit\n"), content)
