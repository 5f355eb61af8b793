"""No one sees in Donnant Donnant what they may not see (issues 39 and 40): each
player's hand while it is dealt and laid (RULINGS DD4), the card each puts
back under its pile (DD4, seen by no one afterwards), the cards of the piles,
and the passive choices made at once until the last is in (DD8). Each route
a seat is shown is checked by difference: two games alike but for one secret
give that seat the same output, byte for byte — ``show --as`` (text, JSON,
SVG), ``replay --as`` of a saved game, ``play`` (the screen, refused moves
naming a card another holds, help, ``export``), and the engine protocol's
lines to its seat."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import boardgames
from boardgames import Match

SPY = Path(__file__).with_name("spy_engine.py")

#: The market (8 cards), then north's four cards (two scoring, two bonus), 2 players.
DEAL = "draw:0 draw:1 draw:2 draw:3 draw:29 draw:30 draw:31 draw:32 draw:4 draw:5 draw:33 draw:34"
#: East dealt #7 or #8 (the other stays in the scoring pile): east's secret, DD4.
EAST_HANDS = (f"{DEAL} draw:6 draw:7 draw:35 draw:36 first:north", f"{DEAL} draw:6 draw:8 draw:35 draw:36 first:north")
#: East puts back #35 or #36 (the bonus pile's bottom): east's secret, DD4; north has put back #4.
PUTBACKS = tuple(f"{EAST_HANDS[0]} putback:#4 putback:#{n}" for n in (35, 36))
#: Three players: north rolled and rerolled; east, asked first, declines or writes red on d2's fourth box,
#: and south is asked next (DD8: the choices at once, none seen before all are in).
PASSIVE = (
    "draw:27 draw:2 draw:4 draw:11 draw:43 draw:32 draw:42 draw:41 draw:25 draw:28 draw:38 draw:30 draw:23"
    " draw:14 draw:39 draw:33 draw:19 draw:7 draw:29 draw:37 first:north putback:#25 putback:#39 putback:#29"
    " #30>c3 #38>b3 #28>a4 #33>c3 #23>b2 #14>d2 #7>c3 #19>b3 #37>d3 roll:2 roll:2 roll:6 roll:3 roll:4"
    " reroll:ygr roll:1 roll:3 roll:3"
)
EAST_CHOICES = (f"{PASSIVE} pass", f"{PASSIVE} r>d2.4")


def cli(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args], input=input, capture_output=True, text=True, cwd=cwd, timeout=300
    )


def shown(moves: str, *args: str, players: int = 2, tmp: Path | None = None) -> str:
    """`show donnant` after ``moves`` with ``args``: stdout, stderr, the exit code (and the picture's bytes)."""
    run = cli("show", "donnant", "-o", f"players={players}", "--seed", "1", "--moves", moves, *args)
    picture = (tmp / "p.svg").read_text() if tmp is not None and (tmp / "p.svg").exists() else ""
    return f"{run.returncode}\n{run.stdout}\n{run.stderr}\n{picture}"


@pytest.mark.parametrize(
    ("games", "player", "players"),
    [(EAST_HANDS, "north", 2), (PUTBACKS, "north", 2), (EAST_CHOICES, "south", 3), (EAST_CHOICES, "north", 3)],
    ids=["east's hand", "east's put-back card", "east's passive choice to south", "east's choice to north"],
)
def test_show_as_a_player_is_the_same_byte_for_byte_whatever_the_secret(tmp_path, games, player, players):
    """DD4, DD8: `show --as PLAYER` (text, --json, --svg) and the spectator's `show`."""
    for args in (["--as", player], ["--as", player, "--json"], []):
        outputs = {shown(moves, *args, players=players) for moves in games}
        assert len(outputs) == 1, (args, outputs)
        assert outputs.pop().startswith("0\n")
    pictures = []
    for moves in games:
        (tmp_path / "p.svg").unlink(missing_ok=True)
        pictures.append(shown(moves, "--as", player, "--svg", str(tmp_path / "p.svg"), players=players, tmp=tmp_path))
    assert pictures[0] == pictures[1] and "<svg" in pictures[0]
    whole = {shown(moves, "--whole", "--json", players=players) for moves in games}
    assert len(whole) == 2  # the secret is there to be hidden


def played(moves: str, typed: list[str], folder: Path) -> tuple[str, str]:
    """`play donnant` from ``moves``, north a person typing ``typed`` then `export` and `quit`, east random:
    the screen and the export, the times of day taken out."""
    folder.mkdir()
    run = cli(
        "play", "donnant", "--seed", "1", "--moves", moves, "--players", "human,random",
        input="\n".join([*typed, "export seen.json", "quit"]) + "\n", cwd=folder,
    )  # fmt: skip
    assert run.returncode == 0 and "Traceback" not in run.stderr and "internal error" not in run.stdout, run.stdout
    screen = re.sub(r"donnant-\d{8}-\d{6}\.json", "SAVE", run.stdout)
    export = json.loads((folder / "seen.json").read_text())
    assert export["seen_by"] == "north" and export["seed"] is None
    export.pop("started")
    return screen, json.dumps(export, sort_keys=True)


def test_play_shows_north_the_same_whatever_east_holds_refused_moves_and_export_included(tmp_path):
    """DD4: north types moves that name #7, in east's hand in one game and in the pile in the other, and
    east's put-back card: refused alike; the screen, help, the moves listed and the export are the same."""
    typed = ["putback:#7", "putback:#4", "#7>c3", "#8>c3", "putback:#7", "#35>c3", "help", "moves"]
    first, second = (played(moves, typed, tmp_path / str(k)) for k, moves in enumerate(EAST_HANDS))
    assert first == second
    screen = first[0]
    assert "illegal move '#7>c3'" in screen and "putback:bonus" in screen  # east's put-back: its pile only
    assert "#7" not in screen.replace("'#7>c3'", "").replace("'putback:#7'", "")


def test_the_host_s_save_shows_a_seat_only_its_view(tmp_path):
    """A game stopped mid-game is saved whole, to resume it (the host's file: hidden cards included);
    `replay` of it shows a player, or a spectator by default, only what they see."""
    saves = []
    for k, moves in enumerate(PUTBACKS):
        folder = tmp_path / str(k)
        folder.mkdir()
        run = cli("play", "donnant", "--seed", "1", "--moves", moves, "--players", "human,random",
                  input="quit\n", cwd=folder)  # fmt: skip
        assert run.returncode == 0, run.stdout + run.stderr
        (save,) = folder.glob("donnant-*.json")
        saves.append(save)
    whole = [json.loads(save.read_text()) for save in saves]
    assert whole[0]["seed"] == 1 and whole[0]["history"] != whole[1]["history"]  # the host's file holds it all
    for args in (["--as", "north", "--json"], ["--json"], ["--as", "north", "--to", "19"], ["--to", "19"]):
        outputs = {cli("replay", str(save), *args).stdout for save in saves}
        assert len(outputs) == 1 and outputs.pop(), args


def test_an_engine_seat_is_told_the_same_whatever_east_holds(tmp_path):
    """DD4 through the engine protocol: every line sent to north's engine, alike."""
    game = boardgames.game_class("donnant").configure({"players": 2}, seed=1)
    logs = []
    for k, moves in enumerate(EAST_HANDS):
        log = tmp_path / f"{k}.log"
        start = game.replay(moves.split())
        command = shlex.join([sys.executable, str(SPY), str(log), "random"])
        match = Match(start, [f"engine:cmd={shlex.quote(command)}:iterations=1", "human"], seed=1)
        match.step()  # north puts a card back
        for seat in match.seats.values():
            if seat.agent is not None:
                seat.agent.close()
        logs.append(log.read_text())
    assert logs[0] == logs[1]
    assert "position " in logs[0] and "draw:7" not in logs[0] and "draw:8" not in logs[0]


def test_refusals_say_the_same_whatever_east_chose_before_the_reveal():
    """DD8: south, asked after east, and the others send moves that are refused (one names east's choice,
    r>d2.4): through the match, as the page sends them, each refusal is the same whatever east chose."""
    game = boardgames.game_class("donnant").configure({"players": 3}, seed=1)
    said = []
    for moves in EAST_CHOICES:
        match = Match(game.replay(moves.split()), ["human"] * 3, chance="picked")
        refusals = []
        for typed in ["y>a1.1", "r>d2.4", "b>c3.1", "#7>c3", "putback:#25", "stop", "pass pass"]:
            for by in ("south", "north", "east"):
                with pytest.raises(boardgames.BoardgamesError) as refused:
                    match.play(typed, by=by)
                refusals.append(str(refused.value))
        said.append(refusals)
    assert said[0] == said[1]
    assert any("that box does not take that die" in line for line in said[0])
