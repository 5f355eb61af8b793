"""Plugins through the real entry-point machinery: a throwaway distribution
(a ``.dist-info`` folder and its modules) is put on PYTHONPATH and the real
``boardgames`` command is run in a subprocess, as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import TICTACTOE, make_distribution

BROKEN_IMPORT = "raise ImportError('boom: missing dependency')\n"

DUPLICATE = """
from boardgames import hookimpl
from boardgames.games.donuts import Donuts


class Impostor(Donuts):
    title = "Impostor"


@hookimpl
def register_games(register):
    register(Impostor)
"""

RAISES_IN_HOOK = """
from boardgames import hookimpl


@hookimpl
def register_games(register):
    raise RuntimeError("registration exploded")
"""

BAD_SIGNATURE = """
from boardgames import hookimpl


@hookimpl
def register_games(register, extra):
    pass
"""


@pytest.fixture
def plugin_path(tmp_path: Path) -> Path:
    make_distribution(
        tmp_path,
        "boardgames_extra",
        {
            "ttt_plugin": TICTACTOE,
            "broken_plugin": BROKEN_IMPORT,
            "dup_plugin": DUPLICATE,
            "raising_plugin": RAISES_IN_HOOK,
            "badsig_plugin": BAD_SIGNATURE,
        },
        {
            "tictactoe": "ttt_plugin",
            "broken": "broken_plugin",
            "impostor": "dup_plugin",
            "raising": "raising_plugin",
            "badsig": "badsig_plugin",
        },
    )
    return tmp_path


def run(path: Path, *args: str, env: dict[str, str] | None = None, input: str = "") -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != "BOARDGAMES_PLUGINS"}
    full_env["PYTHONPATH"] = str(path)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args],
        capture_output=True,
        text=True,
        env=full_env,
        input=input,
        timeout=60,
    )


def test_third_party_game_is_listed_and_playable(plugin_path):
    result = run(plugin_path, "list")
    assert result.returncode == 0, result.stderr
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert names == ["donnant", "donuts", "tictactoe", "verso"]
    shown = run(plugin_path, "show", "tictactoe", "--moves", "a1 b1 a2 b2 a3", "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert (state["status"], state["winner"], state["players"]) == ("won", "cross", ["cross", "nought"])


def test_broken_plugins_are_named_and_the_others_still_work(plugin_path):
    result = run(plugin_path, "plugins")
    assert result.returncode == 0
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert "hooks: register_games; registered: donuts" in lines["donuts"]
    assert "registered: tictactoe" in lines["tictactoe"]
    assert "FAILED: ImportError: boom: missing dependency" in lines["broken"]
    assert "FAILED" in lines["impostor"] and "'donuts' is taken by plugin 'donuts'" in lines["impostor"]
    assert "FAILED: register_games: RuntimeError: registration exploded" in lines["raising"]
    assert "FAILED" in lines["badsig"] and "extra" in lines["badsig"]
    assert "1.2.3" in lines["tictactoe"]
    # Each failure is one warning line on stderr naming the plugin; no traceback.
    for name in ("broken", "impostor", "raising", "badsig"):
        assert f"plugin {name!r} failed" in result.stderr
    assert "Traceback" not in result.stderr
    # The built-in game is the real one, not the impostor.
    donuts = run(plugin_path, "show", "donuts", "--seed", "1", "--json")
    assert donuts.returncode == 0 and json.loads(donuts.stdout)["game"] == "donuts"


def test_plugins_json(plugin_path):
    result = run(plugin_path, "plugins", "--json")
    infos = {i["name"]: i for i in json.loads(result.stdout)}
    assert infos["donuts"]["builtin"] is True and infos["donuts"]["error"] is None
    assert infos["tictactoe"]["distribution"] == "boardgames_extra"
    assert infos["broken"]["error"].startswith("ImportError")


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("none", ["donnant", "donuts", "verso"]),
        ("tictactoe", ["donnant", "donuts", "tictactoe", "verso"]),
        ("", ["donnant", "donuts", "tictactoe", "verso"]),
    ],
)
def test_environment_switch_limits_third_party_plugins(plugin_path, setting, expected):
    result = run(plugin_path, "list", env={"BOARDGAMES_PLUGINS": setting})
    assert [line.split()[0] for line in result.stdout.splitlines()] == expected
    if setting:  # the plugins left out are not loaded at all, so nothing fails
        assert "broken" not in result.stderr


def test_loader_is_idempotent():
    from boardgames.plugins import loader as plugins

    plugins.load_plugins()
    before = plugins.pm.list_name_plugin()
    plugins.load_plugins()
    assert plugins.pm.list_name_plugin() == before


def test_plugin_registered_by_hand_from_a_test():
    import types

    import boardgames
    from boardgames.testing import plugin

    namespace: dict[str, object] = {}
    exec(TICTACTOE.replace('name = "tictactoe"', 'name = "handmade"'), namespace)
    module = types.ModuleType("handmade_plugin")
    module.register_games = namespace["register_games"]  # type: ignore[attr-defined]
    with plugin(module, "handmade"):
        assert "handmade" in boardgames.registered_games()
        assert boardgames.game_class("handmade").configure().start().play("b2").pieces() == {"b2": "cross"}
    assert "handmade" not in boardgames.registered_games()


def test_a_plugin_registered_already_is_taken_as_it_is_and_a_name_taken_is_refused_in_one_line():
    """A test's ``with plugin(my_game, "mine")`` works whether the game is installed (registered from
    its entry point, the same module) or not, nested too; another module under a name taken, or the
    same module under another name, is a PluginError, not pluggy's ValueError and its dict of plugins."""
    import types

    import boardgames
    from boardgames.errors import PluginError
    from boardgames.games import donuts
    from boardgames.testing import plugin

    with plugin(donuts, "donuts"):  # installed: as it is, and still there after
        assert "donuts" in boardgames.registered_games()
    assert "donuts" in boardgames.registered_games()
    namespace: dict[str, object] = {}
    exec(TICTACTOE.replace('name = "tictactoe"', 'name = "twice"'), namespace)
    module = types.ModuleType("twice_plugin")
    module.register_games = namespace["register_games"]  # type: ignore[attr-defined]
    with plugin(module, "twice"), plugin(module, "twice"):
        assert "twice" in boardgames.registered_games()
    assert "twice" not in boardgames.registered_games()
    with pytest.raises(PluginError, match="'donuts' is registered already"):
        with plugin(module, "donuts"):
            pass
    with plugin(module, "twice"), pytest.raises(PluginError, match="as the plugin 'twice'"):
        with plugin(module, "other"):
            pass
