"""The Oware example package (examples/oware): seeds counted in pits
(``Game.counts``) and sowing as a move of its own (``sowing``), rules only.
The conformance kit; agreement with OpenSpiel's ``oware`` move for move
(legal moves by label at every step, the player to move, the returns);
OpenSpiel's own rule cases (captures, the grand slam, the starving rule, the
end by repetition); the text, ``show --json``, the observation, the terminal
and the page reading the counts."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel, needs_chromium
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel.
AGREEMENT_GAMES = 200
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def oware_module() -> Iterator[Any]:
    module = load_example("oware")
    with plugin(module, "oware-under-test"):
        yield module


def board(module: Any, pits: list[int], turn: int, stores: tuple[int, int] = (0, 0)) -> Any:
    """A position from OpenSpiel's houses 0-11 (its OwareBoard), ``turn`` to move."""
    state = module.OwareState
    seen = (bytes((*pits, *stores, turn)),)
    return state(game=module.Oware.configure(), turn=turn, pits=tuple(pits), stores=stores, seen=seen)


def test_oware_keeps_the_contract(check_game, oware_module):
    check_game("oware", games=5)


def test_oware_plays_as_openspiels_move_for_move(oware_module):
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("oware"), oware_module.Oware.configure()
    label = oware_module.openspiel_label
    assert lockstep(game, spiel, lambda _, m: label(m), AGREEMENT_GAMES) > 10 * AGREEMENT_GAMES


def test_openspiels_rule_cases(oware_module):
    m = oware_module
    play = lambda state, house: state.play(boardgames.sow(m.SITE[house]))  # noqa: E731
    # A capture back to the start of the opponent's row (OpenSpiel's board of 18 seeds: there it wins).
    state = play(board(m, [0, 0, 8, 0, 0, 1, 1, 1, 1, 1, 2, 3], 0), 2)
    assert state.pits == (0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 3) and state.stores == (11, 0)
    # Too few seeds: no capture.
    state = play(board(m, [3, 1, 1, 1, 0, 0, 0, 0, 8, 0, 0, 1], 1), 8)
    assert state.pits == (4, 2, 2, 2, 1, 0, 0, 0, 0, 1, 1, 2) and state.stores == (0, 0)
    # Too many (a 4 ends the run): the twos and threes after it stay.
    state = play(board(m, [0, 0, 8, 0, 0, 1, 3, 1, 1, 1, 3, 0], 0), 2)
    assert state.pits == (0, 0, 0, 1, 1, 2, 4, 2, 2, 2, 4, 0) and state.stores == (0, 0)
    # A capture of 2s and 3s backwards along the opponent's row.
    state = play(board(m, [0, 0, 0, 0, 0, 3, 1, 2, 1, 4, 4, 4], 0), 5)
    assert state.pits[6:9] == (0, 0, 0) and state.stores == (7, 0)
    # The grand slam: every seed of north's would be taken, so none is.
    state = play(board(m, [1, 1, 1, 1, 1, 0, 0, 0, 8, 0, 0, 1], 1), 8)
    assert state.pits == (2, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 2) and state.stores == (0, 0)
    # The starving rule: north has no seeds, so only a move reaching north's row (f1).
    state = board(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], 0)
    assert [state.format_move(x) for x in state.legal_moves] == ["f1"]
    with pytest.raises(boardgames.IllegalMoveError, match="north has no seeds: a move must sow into north's row"):
        state.play("a1")


def test_the_end_by_repetition_gives_each_the_seeds_on_their_row(oware_module):
    m = oware_module
    state = board(m, [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], 0, (23, 23))
    for house in (0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11):
        assert not state.is_over
        state = state.play(boardgames.sow(m.SITE[house]))
    assert state.is_over and state.outcome.winner_index is None and state.stores == (24, 24)


def test_the_board_is_two_rows_of_counts_with_a_store_at_each_end(oware_module, cli):
    run = cli("show", "oware", "--moves", "c1 f2 d1 e2 a1 a2 b1 b2")  # a few seeds past ten
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    north, south = (next(line for line in lines if line.startswith(f"  {r} ")) for r in (2, 1))
    shown = cli("show", "oware", "--moves", "c1 f2 d1 e2 a1 a2 b1 b2", "--json").json()
    counts = {site: v["count"] for site, v in shown["counts"].items()}
    assert sum(counts.values()) == 48 and shown["counts"]["s1"]["owner"] == "south"
    assert shown["counts"]["n2"]["owner"] == "north" and shown["counts"]["a1"]["owner"] == "south"
    assert shown["contents"] == {} and "kind" not in run.out and "n seeds" in run.out
    # Each pit's number sits in one column of four whatever its width: a 10+ lines up with a 0.
    state = boardgames.game_class("oware").configure().replay("c1 f2 d1 e2 a1 a2 b1 b2".split())
    for site, n in counts.items():
        if site in ("n2", "s1"):
            continue
        file = "nabcdefs".index(site[0])
        row = north if site[1] == "2" else south
        assert row[4 + 4 * file : 8 + 4 * file].strip(" *[]") == str(n), (site, n, run.out)
    assert state.stores == (shown["counts"]["s1"]["count"], shown["counts"]["n2"]["count"])


def test_the_start_and_a_first_move_as_the_text_and_json_show_them(oware_module, cli):
    run = cli("show", "oware")
    assert run.code == 0
    assert "  1     * 4 * 4 * 4 * 4 * 4 * 4   0" in run.out  # south's six pits, legal, then south's store
    assert "  2   0   4   4   4   4   4   4" in run.out  # north's store on the left, then north's six pits
    counts = cli("show", "oware", "--moves", "a1", "--json").json()["counts"]
    assert [counts[s]["count"] for s in ("a1", "b1", "c1", "d1", "e1", "f1")] == [0, 5, 5, 5, 5, 4]


def test_the_observation_has_a_handful_of_planes_holding_the_counts(oware_module):
    game = oware_module.Oware.configure()
    names = plane_names(game)
    assert len(names) <= 10 and "my count" in names and "unowned count" in names
    state = game.replay(["a1"])  # north to move
    seen = planes(state, 1)
    mine, theirs = seen[names.index("my count")], seen[names.index("opponent's count")]
    site = game.grid.parse_square
    assert mine[site("a2")] == 4.0 and theirs[site("b1")] == 5.0 and theirs[site("a1")] == 0.0
    assert sum(mine) + sum(theirs) == 48.0 and not any(seen[names.index("unowned count")])


def test_a_pit_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(oware_module, cli):
    run = cli("play", "oware", "--players", "human,human", input="c1\nc1\nb2\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said and "taken" not in said
    assert [line for line in said.splitlines() if "c1 is not north's pit" in line], said
    run = cli("show", "oware", "--moves", "a1 f2 a1")
    assert run.code == 1 and run.err.strip() == "Error: move 3: illegal move 'a1' in oware after a1 f2: a1 is empty"
    run = cli("show", "oware", "--moves", "s1")
    assert run.code == 1 and "s1 is not south's pit" not in run.err and len(run.err.strip().splitlines()) == 1


def test_the_svg_draws_each_count_and_names_each_pit(oware_module):
    state = oware_module.Oware.configure().start()
    root = ET.fromstring(render_svg(state.view(), interactive=True))
    drawn = {g.get("data-square"): g.find(f"{SVG}text").text for g in root.iter(f"{SVG}g") if g.get("data-count")}
    assert len(drawn) == 14 and drawn["a1"] == "4" and drawn["s1"] == "0"
    labels = {r.get("data-square"): r.get("aria-label") for r in root.iter(f"{SVG}rect") if r.get("role") == "button"}
    assert labels["c1"] == "c1, south's pit, 4 seeds" and labels["n2"] == "n2, north's pit, 0 seeds"


@needs_chromium
def test_a_click_on_a_pit_sows_it_on_the_page(oware_module, tmp_path):
    from selenium.webdriver.common.by import By
    from test_web_parts import Served, click, page

    from helpers import headless_chromium, wait_until

    served, driver = Served(tmp_path / "data"), headless_chromium(tmp_path / "profile")
    try:
        driver.get(served.url)
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#game-cards [data-game="oware"]'))
        driver.find_element(By.CSS_SELECTOR, '#game-cards [data-game="oware"]').click()
        driver.find_element(By.ID, "play-here").click()
        wait_until(driver, lambda d: page(d)["next"] == ["a1", "b1", "c1", "d1", "e1", "f1"])
        click(driver, "c1")
        wait_until(driver, lambda d: page(d)["history"] == ["c1"])
        wait_until(driver, lambda d: page(d)["next"] == ["a2", "b2", "c2", "d2", "e2", "f2"])
        counts = driver.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#board g.count')]"
            ".map(g => [g.dataset.square, g.dataset.count]))"
        )
        assert counts["c1"] == "0" and counts["d1"] == "5" and counts["f2"] == "5" and counts["e2"] == "4"
    finally:
        driver.quit()
        served.stop()


def test_the_adapters_take_a_pit_as_one_action(oware_module):
    pyspiel = need_pyspiel()
    from boardgames.interop.openspiel import load

    game = load("oware")
    state, rng = game.new_initial_state(), random.Random(0)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    assert len(game.observation_tensor_shape()) == 3 and game.observation_tensor_shape()[0] <= 10
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0]) and isinstance(game, pyspiel.Game)
    pettingzoo = pytest.importorskip("pettingzoo", reason="the extra 'rl' is not installed")
    from boardgames.interop.pettingzoo import env

    assert pettingzoo is not None
    aec = env("oware")
    aec.reset(seed=1)
    for _agent in aec.agent_iter(max_iter=2000):
        observation, _reward, done, cut, _ = aec.last()
        aec.step(None if done or cut else int(rng.choice([i for i, ok in enumerate(observation["action_mask"]) if ok])))
    assert not aec.agents
