"""The house's floors (issue 38): docs/architecture.md's table of core/'s
entries is the layering, checked against the folders and every import; the
import paths of 0.2 still work, with a warning naming the new one; a plugin
attribute that shadows a declaration is one clear line."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import textwrap

import pytest

from helpers import ROOT

CORE = ROOT / "core"
ROW = re.compile(r"^\| `([\w./]+)` \| .* \| (.*) \|$")
BOILERPLATE = {"py.typed", "__pycache__"}


def layer_table() -> dict[str, set[str]]:
    """Each entry of core/ that docs/architecture.md lists, and what it may import."""
    table = {}
    for line in (ROOT / "docs" / "architecture.md").read_text().splitlines():
        found = ROW.match(line)
        if found:
            entry, may = found.groups()
            names = set() if may.startswith("(") else {m.strip() for m in may.split(",")}
            table[entry.rstrip("/").removesuffix(".py")] = names
    return table


def imports_of(path, package: list[str]) -> set[str]:
    """The entries of boardgames that a module imports (its own entry included), type-only imports too."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = base + (node.module.split(".") if node.module else [node.names[0].name])
            elif node.module and node.module.split(".")[0] == "boardgames":
                target = node.module.split(".")[1:] or [node.names[0].name]
            else:
                continue
            found.add(target[0] if target else "__init__")
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("boardgames.")}
    return found


def test_the_table_lists_every_entry_of_core_and_nothing_else():
    entries = {p.name.removesuffix(".py") for p in CORE.iterdir() if p.name not in BOILERPLATE}
    assert set(layer_table()) == entries
    assert len([e for e in entries if not e.startswith("_")]) <= 15


def test_no_module_imports_a_layer_its_row_does_not_name():
    table = layer_table()
    wrong = []
    for path in CORE.rglob("*.py"):
        rel = path.relative_to(CORE).with_suffix("")
        parts = [p for p in rel.parts if p != "__init__"]
        entry = parts[0] if parts else "__init__"
        package = parts if path.name == "__init__.py" else parts[:-1]
        allowed = table[entry]
        for imported in imports_of(path, package) - {entry}:
            if entry == "__init__" or (entry == "__main__" and imported == "cli"):
                continue
            if imported not in allowed:
                wrong.append(f"{rel}: imports {imported}")
    assert wrong == []


def test_the_checker_sees_an_import_that_runs_back_up(tmp_path):
    """The check above can fail: a rules module importing the match is caught."""
    module = tmp_path / "game.py"
    module.write_text("from ..play.match import Match\n")
    assert imports_of(module, ["rules"]) == {"play"}
    assert "play" not in layer_table()["rules"]


OLD_PATHS = (
    "boardgames.geometry",
    "boardgames.testing",
    "boardgames.bitboard",
    "boardgames.hookspecs",
    "boardgames.levels",
    "boardgames.learned",
    "boardgames.connection",
    "boardgames.agents",
    "boardgames.interop",
    "boardgames.observation",
    "boardgames.actions",
    "boardgames.builtin_agents",
    "boardgames.pytest_plugin",
    "boardgames.game",
    "boardgames.match",
    "boardgames.records",
    "boardgames.registry",
    "boardgames.svg",
    "boardgames.text",
    "boardgames.engine",
    "boardgames.review",
    "boardgames.retry",
)


def test_every_old_import_path_works_and_warns_with_the_new_one():
    script = textwrap.dedent(
        f"""
        import importlib, json, warnings
        import boardgames._moved as moved
        out = {{}}
        for old in {OLD_PATHS!r}:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                module = importlib.import_module(old)
            new = moved.MOVED.get(old.removeprefix("boardgames."))
            out[old] = {{
                "module": module.__name__,
                "new": new and "boardgames." + new,
                "warned": [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)],
            }}
        from boardgames.game import Game
        from boardgames.rules.game import Game as Same
        out["same class"] = Game is Same
        from boardgames.geometry import Grid, bits
        out["grid"] = Grid.get(8).squares(1 << 9 | 1)
        """
    )
    done = subprocess.run([sys.executable, "-c", script + "\nprint(json.dumps(out))"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found.pop("same class") is True and found.pop("grid") == ["a1", "b2"]
    for old, what in found.items():
        if what["new"]:  # moved: the module at its new path, and a warning naming it
            assert what["module"] == what["new"], old
            assert what["warned"] == [f"{old} is deprecated: import {what['new']}"], old
        else:  # the path is still the module's own
            assert what["module"] == old and what["warned"] == [], old


def test_the_loader_names_from_the_old_plugins_module_still_answer_with_a_warning():
    import boardgames.plugins
    from boardgames.plugins import loader

    with pytest.warns(DeprecationWarning, match="boardgames.plugins.loader.load_plugins"):
        assert boardgames.plugins.load_plugins is loader.load_plugins


def test_a_plugin_written_against_0_2_passes_its_kit(tmp_path):
    """A game importing every name from the paths of 0.2 plays and passes the kit."""
    (tmp_path / "old_style.py").write_text(
        textwrap.dedent(
            """
            import attrs
            from boardgames.bitboard import BitboardState
            from boardgames.game import Game, Outcome
            from boardgames.geometry import Grid, bits
            from boardgames.hookspecs import hookimpl
            from boardgames.moves import place

            @attrs.frozen(kw_only=True, slots=False)
            class RowState(BitboardState):
                pass

            class Row(Game[RowState]):
                name = "oldrow"
                title = "Three in a row, 0.2 style"
                player_names = ("x", "o")
                max_length = 9

                def setup(self):
                    self.grid = Grid.get(3)

                def initial_state(self):
                    return RowState(game=self, boards=(0, 0))

                def generate_moves(self, state):
                    return tuple(place(sq) for sq in bits(self.grid.full & ~(state.boards[0] | state.boards[1])))

                def apply(self, state, move):
                    boards = list(state.boards)
                    boards[state.turn] |= 1 << move.to
                    line = self.grid.lines(boards[state.turn], 3)
                    full = (boards[0] | boards[1]) == self.grid.full
                    outcome = Outcome(state.turn, tuple(bits(line))) if line else Outcome(None) if full else None
                    return RowState(game=self, history=state.history + (move,), turn=1 - state.turn,
                                    outcome=outcome, boards=tuple(boards))

            @hookimpl
            def register_games(register):
                register(Row)
            """
        )
    )
    script = textwrap.dedent(
        """
        import sys, warnings
        sys.path.insert(0, sys.argv[1])
        warnings.simplefilter("ignore", DeprecationWarning)
        import old_style
        from boardgames.testing import check_game, plugin
        with plugin(old_style, "old_style"):
            print(check_game("oldrow", games=6))
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0


HEX_WITH_ITS_OWN_EDGES = """
from boardgames import Grid, hookimpl
from boardgames.games.donuts import Donuts

class MyHex(Donuts):
    name = "myhex"

    def setup(self):
        super().setup()
        self.edges = (1, 2)  # the plugin's own masks, written before Game.edges existed

@hookimpl
def register_games(register):
    register(MyHex)
"""

COUNTED = """
from boardgames import hookimpl
from boardgames.games.donuts import Donuts

class Counted(Donuts):
    name = "counted"
    players = 2

@hookimpl
def register_games(register):
    register(Counted)
"""


def test_a_plugin_attribute_that_shadows_a_declaration_is_one_clear_line(tmp_path):
    (tmp_path / "clashing.py").write_text(HEX_WITH_ITS_OWN_EDGES)
    (tmp_path / "counted.py").write_text(COUNTED)
    script = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, sys.argv[1])
        import clashing, counted
        from click.testing import CliRunner
        from boardgames.cli import cli
        from boardgames.testing import plugin
        from boardgames.plugins.loader import plugin_infos
        with plugin(clashing, "clashing"), plugin(counted, "counted"):
            shown = CliRunner().invoke(cli, ["show", "myhex"])
            print(shown.exit_code)
            print([line for line in shown.output.splitlines() if line.startswith("Error: ")])
            print([i.error for i in plugin_infos() if i.name == "counted"])
            from boardgames import game_class
            print(game_class("counted").configure().player_names, game_class("counted").player_count)
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0] == "1"
    errors = eval(lines[1])  # noqa: S307 (our own printed list)
    assert len(errors) == 1 and "myhex: self.edges is the tuple (1, 2)" in errors[0]
    assert "edges is a declaration the framework reads" in lines[1] and "Traceback" not in done.stdout
    # ``players = 2`` says how many play (issue 39), as ``player_count`` does: the plugin loads
    assert lines[2] == "[None]" and lines[3] == "('chocolate', 'vanilla') 2"
