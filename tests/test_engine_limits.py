"""Issue #22, hardening against a hostile user: what is read is bounded
before it is parsed. Agent specs have a length; the engine protocol's lines
have a length on both sides, and an engine may not flood its controller; an
engine's processes all go when it is stopped; seeds have a number of digits;
and a spec written back reads back as the same spec."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import boardgames
from boardgames import InvalidAgentSpecError, RecordError, WrongTypeError
from boardgames.agents.spec import BUDGET_OPTIONS, MAX_SPEC_LENGTH
from boardgames.game import SEED_DIGITS
from boardgames.registry import agents

BOARDGAMES = [sys.executable, "-m", "boardgames"]
posix_only = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")


def one_line(run, needle: str) -> None:
    """A refusal: a non-zero exit, one line on stderr saying ``needle``, nothing on stdout."""
    assert run.code != 0 and run.out == "", run
    assert len(run.err.strip().splitlines()) == 1, run.err
    assert needle in run.err, run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err


# -- 1. agent specs are bounded before they are parsed ---------------------------------


def test_a_huge_agent_spec_is_refused_before_it_is_split(cli):
    spec = "engine:cmd='" + "a" * 1_000_000 + "'"
    with pytest.raises(InvalidAgentSpecError, match=r"at most 1,000 characters, got 1,000,013") as refused:
        boardgames.make_seat(spec)  # it took seconds of CPU to accept, splitting the command as a shell does
    assert len(str(refused.value).splitlines()) == 1 and len(str(refused.value)) < 200
    longest = "engine:cmd='" + "a" * (MAX_SPEC_LENGTH - 13) + "'"
    assert len(longest) == MAX_SPEC_LENGTH and boardgames.make_seat(longest).agent is not None
    one_line(cli("arena", "donuts", "--players", f"{spec},random", "--games", "1"), "at most 1,000 characters")


# -- 4. seeds have at most SEED_DIGITS digits ---------------------------------------------


def test_a_huge_seed_is_refused_in_one_line_everywhere(cli):
    huge = "9" * 5001
    state = cli("show", "donuts", "--seed", "1", "--moves", "c3", "--json").json()
    text = json.dumps(state)
    Path("huge.json").write_text(text.replace('"seed": 1', f'"seed": {huge}'))
    Path("long.json").write_text(text.replace('"seed": 1', f'"seed": {10**SEED_DIGITS}'))
    Path("longest.json").write_text(text.replace('"seed": 1', f'"seed": {-(10**SEED_DIGITS - 1)}'))
    for command, stdin in (("replay {} --to 0", ""), ("play --load {}", "quit\n")):
        run = cli(*command.format("huge.json").split(), input=stdin)  # was an internal error of Python's int()
        one_line(run, "'huge.json': it holds a number of 5,001 characters")
        one_line(cli(*command.format("long.json").split(), input=stdin), f"at most {SEED_DIGITS} digits")
    assert cli("replay", "longest.json", "--json").json()["seed"] == -(10**SEED_DIGITS - 1)
    for command in (["show", "donuts"], ["play", "donuts"], ["arena", "donuts"], ["bench", "donuts"]):
        one_line(cli(*command, "--seed", huge), f"at most {SEED_DIGITS} digits")
        one_line(cli(*command, "--seed", str(10**SEED_DIGITS)), f"at most {SEED_DIGITS} digits")
    assert cli("show", "donuts", "--seed", str(1 - 10**SEED_DIGITS), "--json").json()["seed"] == 1 - 10**SEED_DIGITS
    for seed in (10**5000, -(10**SEED_DIGITS)):
        with pytest.raises(WrongTypeError, match=f"at most {SEED_DIGITS} digits"):
            boardgames.game_class("donuts").configure(seed=seed)
        with pytest.raises(RecordError, match=f"'seed': a seed is a whole number of at most {SEED_DIGITS} digits"):
            boardgames.load_state(state | {"seed": seed})


# -- 5. a spec written back reads back as the same ---------------------------------------


def budgets() -> list[tuple[str, str, float]]:
    cases = []
    for name, cls in agents.classes().items():
        for kind in cls.budget_kinds:
            option = BUDGET_OPTIONS[kind]
            for value in (option.minimum, option.maximum, 1_000_000, 0.123456789, 2.5):
                if option.minimum <= value <= option.maximum and (kind == "time" or value == int(value)):
                    cases.append((name, kind, value))
    return cases


@pytest.mark.parametrize(("name", "kind", "value"), budgets())
def test_every_budget_written_back_reads_back_the_same(name, kind, value):
    extra = ":cmd=run-it" if name == "engine" else ""
    seat = boardgames.make_seat(f"{name}:{kind}={value!r}{extra}")
    again = boardgames.make_seat(seat.spec)
    assert again.spec == seat.spec and again.budget == seat.budget
    assert getattr(seat.budget, kind) == value
