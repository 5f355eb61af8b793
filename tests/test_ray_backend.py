"""``arena --backend ray``: the same games as the local pool, on a local Ray
instance that the test starts, reached in-process and by its address from
another process; and one clear line where Ray cannot help."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

from boardgames import BoardgamesError
from boardgames.analysis.arena import run_arena

if os.environ.get("CI"):  # the test extra installs Ray: CI must not skip
    import ray
else:
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[test]'")

SPECS = ["mcts:iterations=10", "greedy", "random"]


@pytest.fixture(scope="module")
def cluster():
    """A Ray instance of 2 CPUs on this machine; its address."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def games(result):
    return [(r.index, r.seats, r.winner, r.record["history"]) for r in result.results]


def test_ray_plays_the_same_games_as_the_local_pool(cluster):
    local = run_arena("donuts", SPECS, 2, seed=4, jobs=1)
    on_ray = run_arena("donuts", SPECS, 2, seed=4, backend="ray")
    assert games(on_ray) == games(local) and len(local.results) == 6
    assert on_ray.to_json() == local.to_json()
    assert ray.is_initialized()  # it used the instance it found and left it running


def test_the_command_joins_a_cluster_by_its_address(cluster):
    def arena(*extra: str) -> dict:
        command = [sys.executable, "-m", "boardgames", "arena", "verso", "-o", "size=6", "-o", "pieces=4"]
        command += ["--players", "mcts:iterations=8,greedy", "--games", "3", "--seed", "9", "--json", *extra]
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    assert arena("--backend", "ray", "--address", cluster) == arena("--jobs", "1")


@pytest.mark.parametrize(
    ("address", "needle"),
    [
        ("127.0.0.1:1", "nothing answers there"),
        ("somewhere:port", "a Ray address is HOST:PORT"),
    ],
)
def test_an_unreachable_cluster_is_one_line_at_once(address, needle):
    with pytest.raises(BoardgamesError, match=needle):
        run_arena("donuts", SPECS[1:], 2, seed=1, backend="ray", address=address)


def test_without_ray_the_backend_says_how_to_get_it(tmp_path):
    (tmp_path / "ray.py").write_text("raise ImportError('no Ray here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-m", "boardgames", "arena", "donuts", "--players", "random,greedy"]
    done = subprocess.run([*command, "--games", "2", "--backend", "ray"], capture_output=True, text=True, env=env)
    assert done.returncode != 0 and done.stdout == ""
    assert done.stderr.strip() == "Error: the ray backend needs Ray: pip install 'boardgames[ray]'"


def test_an_address_without_the_ray_backend_is_refused():
    with pytest.raises(BoardgamesError, match="an address is for the ray backend"):
        run_arena("donuts", SPECS[1:], 2, seed=1, address="auto")
    with pytest.raises(BoardgamesError, match="unknown arena backend 'dask'"):
        run_arena("donuts", SPECS[1:], 2, seed=1, backend="dask")
