"""docs/writing-a-game.md: every code block runs, in order, as written.

Files are written where their ``# file:`` line says; shell lines are run with
the package installed into a private folder (``pip install --target``) that
is put on PYTHONPATH, so the test installs nothing into this environment.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "writing-a-game.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
FILE = re.compile(r"# file: (\S+)( \(append\))?\n")


def blocks() -> list[tuple[str, str]]:
    return BLOCK.findall(TUTORIAL.read_text())


def command(line: str, site: Path) -> list[str]:
    words = shlex.split(line)
    if words[:3] == ["pip", "install", "-e"]:
        return [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--upgrade", "--target", str(site), words[3]]
    if words[0] == "boardgames":
        return [sys.executable, "-m", "boardgames", *words[1:]]
    if words[0] == "python":
        return [sys.executable, *words[1:]]
    if words[0] == "pytest":
        return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *words[1:]]
    raise AssertionError(f"the tutorial runs a command the test does not know: {line}")


def test_every_code_block_of_the_tutorial_runs(tmp_path: Path):
    project, site = tmp_path / "project", tmp_path / "site"
    project.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "BOARDGAMES_PLUGINS"}
    env["PYTHONPATH"] = str(site)
    outputs: dict[str, str] = {}
    found = blocks()
    assert len(found) >= 6
    for lang, body in found:
        if lang in ("python", "toml"):
            header = FILE.match(body)
            assert header, f"a {lang} block without a '# file:' line:\n{body[:80]}"
            target = project / header.group(1)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = body[header.end() :]
            with target.open("a" if header.group(2) else "w") as out:
                out.write(text)
        elif lang == "sh":
            for line in body.strip().splitlines():
                run = subprocess.run(
                    command(line, site), cwd=project, env=env, capture_output=True, text=True, timeout=300
                )
                assert run.returncode == 0, f"{line}\n{run.stdout}\n{run.stderr}"
                outputs[line] = run.stdout
        else:
            pytest.fail(f"a code block in an unexpected language: {lang}")
    assert any(line.split()[0] == "gomoku" for line in outputs["boardgames list"].splitlines())
    assert '"game": "gomoku"' in outputs['boardgames show gomoku --moves "e5 d4 e6" --json']
    assert (project / "position.svg").read_text().startswith("<svg")
    assert "wins" in outputs["boardgames play gomoku --players random,mcts:iterations=100:playout=random --seed 1"]
    assert "passed" in outputs["pytest tests"]
    assert outputs["python keys_example.py"] == "keys ok\n"
    assert outputs["python beyond_two.py"] == "beyond ok\n"
    assert outputs["python belt_example.py"] == "belt ok\n"
    assert any(line.startswith("centre") for line in outputs["boardgames agents"].splitlines())
    assert outputs["boardgames gomoku-hello"].strip() == "hello from gomoku"
    assert "registered: gomoku, centre" in outputs["boardgames plugins"]
    assert "moves/s" in outputs["boardgames bench gomoku --seconds 0.1"]
