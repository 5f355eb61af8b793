"""Donnant Donnant in the terminal (issue 40): ``boardgames play donnant`` solo
with the level and the turns in view (DD14), hot seat with the passive players
asked in turn behind a privacy pause (DD8), ``help`` saying the choice now, and
the campaign (DD15) as the CLI runs any game's that declares one: a won level's
points, a shortfall paid, one that cannot be paid ending it, progress saved and
resumed, levels won kept for a campaign that opens once all are won."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from boardgames import BoardgamesError, Campaign, Game, Grid, Level, Match, Move, Outcome, State, hookimpl, placements
from boardgames.games.donnant.rules import Donnant
from boardgames.play.campaign import Progress, save_progress, settle
from boardgames.rules.options import IntOption
from boardgames.testing import plugin
from helpers import screens
from tests.toy_games import Race, Toys

# -- toy games: the core's declarations for any game ----------------------------------------------------------


class Countdown(Race):
    """Race alone, saying the turns left (Game.progress)."""

    name = "countdown"
    title = "Countdown"

    def progress(self, state: State) -> str:
        return f"{len(state.history) // 2} turns played, goal {self.goal}"


@attrs.frozen(kw_only=True, slots=False)
class PickState(State):
    pass


class Pick(Game[PickState]):
    """Solo, one move: the cell picked (a1 is 0 … j1 is 9) is the score. Levels 1-3 need 5, 6, 7."""

    name = "pick"
    title = "Pick"
    player_names = ("north", "south")
    player_count = 1
    option_specs = (IntOption("level", "the level", 1, minimum=1, maximum=3),)
    campaign = Campaign(
        levels=tuple(Level(f"level {n}", {"level": n}, 4 + n, may_pay=n >= 2) for n in (1, 2, 3)),
        aim=4,
        needs_all_won=True,
        rule="DD15",
    )

    def setup(self) -> None:
        self.grid = Grid.get(10, 1)

    def initial_state(self) -> PickState:
        return PickState(game=self)

    def generate_moves(self, state: PickState) -> tuple[Move, ...]:
        return placements((1 << 10) - 1)

    def apply(self, state: PickState, move: Move) -> PickState:
        target = 4 + self.options["level"]
        score = move.to
        outcome = Outcome(0 if score >= target else None, f"{score} of {target}", (), (1,), (score,))
        return PickState(game=self, history=(*state.history, move), outcome=outcome)

    def owners(self, state: PickState) -> dict[int, int]:
        return {}


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Countdown)
        register(Pick)


@pytest.fixture
def toys(cli):
    with plugin(Toys, "toys"), plugin(Hooks, "terminal-toys"):
        yield cli


def test_the_screen_says_where_a_game_stands_in_its_own_words_and_who_chooses_at_once(toys):
    run = toys("play", "countdown", "-o", "players=1", "--seed", "1", "--players", "human", input="a1\nquit\n")
    assert run.code == 0, run.err
    assert "north to move\n0 turns played, goal 6\n" in run.out
    assert "north to move\n1 turns played, goal 6\n" in run.out
    run = toys("play", "guess", "--seed", "2", "--players", "human,human", input="\nc1\n\nquit\n")
    north, south = screens(run.out)["north"][0], screens(run.out)["south"][0]
    assert "north to move (north and south choose at once, each unseen by the others)" in north
    assert "south to move\n" in south  # north has chosen: south alone is asked now


# -- the campaign, for any game that declares one (DD15) --------------------------------------------------------


def all_won(path: Path, game: str = "pick", **fields) -> None:
    save_progress(path, Progress(game, won=[1, 2, 3], **fields))


def test_dd15_a_won_level_earns_its_points_above_the_target_and_a_shortfall_is_paid_from_level_2():
    campaign = Pick.campaign
    progress = Progress("pick", level=1)
    said = settle(campaign, progress, 9)  # level 1 needs 5: 4 points above
    assert (progress.level, progress.points) == (2, 4)
    assert said == (
        "Level 1: 9 points, 5 needed: won, 4 campaign points earned, 4 in all. Next: level 2 (6 points to reach)."
    )
    said = settle(campaign, progress, 3)  # level 2 needs 6: 3 short, paid one for one
    assert (progress.level, progress.points) == (3, 1)
    assert "3 short, paid with campaign points (DD15), 1 left" in said
    said = settle(campaign, progress, 5)  # level 3 needs 7: 2 short, 1 point to pay: the end
    assert progress.level is None and progress.points == 1 and progress.ended == "ended at level 3 (DD15)"
    assert said.endswith("2 short with 1 campaign points to pay it. The campaign ends (DD15).")
    assert progress.results == [[1, 9, 5, 4], [2, 3, 6, 1], [3, 5, 7, 1]]


def test_dd15_a_shortfall_at_level_1_is_never_paid_and_the_aim_is_said_after_the_last_level():
    campaign = Pick.campaign
    progress = Progress("pick", level=1, points=10)
    assert "no shortfall may be paid at level 1" in settle(campaign, progress, 4)
    assert progress.level is None
    progress = Progress("pick", level=3, points=3)
    said = settle(campaign, progress, 8)  # 1 above 7: 4 points, the aim
    assert progress.level is None and said.endswith("over with 4 campaign points (4 aimed at): the aim is reached.")


def test_a_campaign_is_refused_until_every_level_is_won_and_a_level_won_with_play_is_kept(toys, tmp_path):
    run = toys("play", "pick", "--players", "human", "--campaign")
    assert run.code == 1 and run.out == ""
    assert run.err == (
        "Error: the campaign opens once every level has been won (DD15); still to win: level 1, level 2, level 3;"
        " play one with: boardgames play pick -o level=1 (the levels won are kept in pick-campaign.json)\n"
    )
    assert not (tmp_path / "pick-campaign.json").exists()  # nothing changed
    run = toys("play", "pick", "-o", "level=2", "--players", "human", input="j1\n")  # 9 of 6: won
    assert "Level 2 won, kept in pick-campaign.json; still to win for the campaign: level 1, level 3." in run.out
    run = toys("play", "pick", "-o", "level=3", "--players", "human", input="a1\n")  # lost: nothing kept
    assert "kept in" not in run.out
    assert json.loads((tmp_path / "pick-campaign.json").read_text())["won"] == [2]
    run = toys("play", "pick", "-o", "level=1", "--players", "random")  # the computer's win is not the person's
    assert json.loads((tmp_path / "pick-campaign.json").read_text())["won"] == [2]
    toys("play", "pick", "-o", "level=1", "--players", "human", input="f1\n")
    run = toys("play", "pick", "-o", "level=3", "--players", "human", input="h1\n")
    assert "Level 3 won, kept in pick-campaign.json; the campaign is open: boardgames play pick --campaign." in run.out
    run = toys("play", "pick", "--campaign", "-o", "level=2")
    assert run.code == 2 and "a campaign sets each level's options" in run.err


def test_the_campaign_plays_the_levels_in_turn_says_each_and_is_saved_and_resumed(toys, tmp_path):
    all_won(tmp_path / "pick-campaign.json")
    # Level 1: 9 of 5 (+4); level 2: 4 of 6, 2 paid (DD15); then the person stops at level 3.
    run = toys("play", "pick", "--players", "human", "--campaign", "--seed", "3", input="j1\ne1\nquit\n")
    assert run.code == 0, run.err
    out = run.out
    assert "Level 1 of 3: 5 points to reach; 0 campaign points." in out
    assert "Level 1: 9 points, 5 needed: won, 4 campaign points earned, 4 in all. Next: level 2" in out
    assert "Level 2: 4 points, 6 needed: 2 short, paid with campaign points (DD15), 2 left. Next: level 3" in out
    assert (
        "Level 3 stopped after 0 moves, kept in pick-campaign.json. Resume with: boardgames play pick --campaign"
        in (out)
    )
    kept = json.loads((tmp_path / "pick-campaign.json").read_text())
    assert (kept["level"], kept["points"], kept["results"]) == (3, 2, [[1, 9, 5, 4], [2, 4, 6, 2]])
    assert len(list(tmp_path.glob("pick-2*.json"))) == 2  # each level played is recorded as a game
    # The same command goes on; a shortfall of 7 with 2 points ends it.
    run = toys("play", "pick", "--players", "human", "--campaign", input="a1\n")
    assert "the campaign goes on, from pick-campaign.json" in run.out
    assert "Level 3 of 3: 7 points to reach; 2 campaign points." in run.out
    assert "Level 3: 0 points, 7 needed: 7 short with 2 campaign points to pay it. The campaign ends (DD15)." in run.out
    kept = json.loads((tmp_path / "pick-campaign.json").read_text())
    assert kept["level"] is None and kept["ended"] == "ended at level 3 (DD15)" and kept["won"] == [1, 2, 3]
    # --load FILE runs a campaign too (a new one, this one over), from wherever it is kept.
    (tmp_path / "pick-campaign.json").rename(tmp_path / "mine.json")
    run = toys("play", "--load", "mine.json", input="f1\nquit\n")
    assert "Level 1: 5 points, 5 needed: won, 0 campaign points earned" in run.out
    assert "Resume with: boardgames play --load mine.json" in run.out
    assert json.loads((tmp_path / "mine.json").read_text())["level"] == 2
    run = toys("play", "race", "--load", "mine.json")
    assert run.code == 2 and "mine.json holds the campaign of pick, not race" in run.err
    run = toys("play", "race", "--campaign")
    assert run.code == 2 and "race has no campaign" in run.err


def test_a_progress_file_that_is_no_campaigns_is_refused_in_one_line_and_never_written_over(toys, tmp_path):
    (tmp_path / "pick-campaign.json").write_text('{"format": "boardgames-record"}\n')
    run = toys("play", "pick", "--campaign")
    assert run.code == 1 and run.err.count("\n") == 1 and "not a campaign file" in run.err
    assert (tmp_path / "pick-campaign.json").read_text() == '{"format": "boardgames-record"}\n'
    with pytest.raises(BoardgamesError, match="it is not a campaign file, and is left alone"):
        save_progress(tmp_path / "pick-campaign.json", Progress("pick"))


# -- Donnant Donnant through the real command -----------------------------------------------------------------


def typed_game(options: dict, seed: int, seats: int, pick: random.Random, after_reroll: int | None = None):
    """The lines people type in ``boardgames play donnant`` with this seed: each a random legal move
    of the person asked, an empty line before it where the keyboard passes (the privacy pause);
    the whole game, or up to ``after_reroll`` moves after the first reroll; and the match."""
    game = Donnant.configure(options, seed=seed)
    match = Match(game.start(), ["human"] * seats)  # chance drawn from the seed, as play draws it
    lines, at_keyboard, since = [], None, None
    while not match.is_over and (after_reroll is None or since != after_reroll):
        person = match.to_move
        if seats > 1 and person != at_keyboard:
            lines.append("")
            at_keyboard = person
        view = match.view_for(person)
        move = pick.choice(view.legal_moves)
        lines.append(view.format_move(move))
        match.play(move, by=person)
        if since is not None:
            since += 1
        elif lines[-1].startswith("reroll:"):
            since = 0
    return lines, match


def boardgames(*args: str, input: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args], input=input, capture_output=True, text=True, cwd=cwd, timeout=300
    )


def test_a_whole_solo_game_in_the_terminal_keeps_the_level_and_the_turns_in_view(tmp_path):
    lines, match = typed_game({"players": 1, "level": 3}, seed=11, seats=1, pick=random.Random(11))
    run = boardgames(
        "play", "donnant", "-o", "players=1", "-o", "level=3", "--seed", "11", "--players", "human",
        input="\n".join(lines) + "\n", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "not legal" not in out and "is no Donnant Donnant move" not in out
    assert "north to move\nlevel 3: 82 points to reach; 0 of 13 turns played, 13 left\n" in out  # DD14
    assert "level 3: 82 points to reach; 5 of 13 turns played, 8 left\n" in out
    score = int(match.state.outcome.scores[0])
    assert f"north scores {score}: {'won' if score >= 82 else 'lost'}: {score} points, 82 needed at level 3" in out
    assert "Recorded to donnant-" in out


def test_hot_seat_asks_the_passive_players_in_turn_each_behind_a_pause_and_seeing_only_their_view(tmp_path):
    # Set-up (DD4), then the first active turn up to the passive round after its first reroll (DD8).
    lines, match = typed_game({"players": 3}, seed=1, seats=3, pick=random.Random(4), after_reroll=2)
    run = boardgames(
        "play", "donnant", "-o", "players=3", "--seed", "1", "--players", "human,human,human",
        input="\n".join([*lines, "quit"]) + "\n", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "not legal" not in run.stdout
    order = re.findall(r"Pass to (\w+), then press Enter", run.stdout)
    active, first, second, back = order[-4:]  # 'quit' answers the pause that passes the keyboard back
    assert back == active
    assert len({active, first, second}) == 3  # after the reroll, the two others asked in turn, each after a pause
    seen = screens(run.stdout)
    one, two = seen[first][-1], seen[second][-1]
    assert f"{first} to move ({first} and {second} choose at once, each unseen by the others)" in one
    assert re.search(r"^moves: .* \?$", two, flags=re.M)  # the first's choice is a ? to the second
    for person, screens_ in seen.items():  # each screen names its person's hand alone
        for screen in screens_:
            hands = re.findall(r"^ +(\w+)'s hand:$", screen, flags=re.M)
            assert set(hands) <= {person}, (person, hands)


def test_help_says_the_choice_now_of_whom_and_its_forms_and_bad_input_is_one_line(tmp_path):
    lines, match = typed_game({"players": 3}, seed=1, seats=3, pick=random.Random(4), after_reroll=0)
    run = boardgames(
        "play", "donnant", "-o", "players=3", "--seed", "1", "--players", "human,human,human",
        input="\n".join([*lines, "", "help", "b>z9.9", "quit"]) + "\n", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    first, second = match.game.player_names[match.state.asked[0]], match.game.player_names[match.state.asked[1]]
    answers = run.stdout.split(f"{first}> ")
    helped = " ".join(answers[-3].split())  # help's text, unwrapped
    assert f"{first} must take a die just rolled into one of its boxes, or decline (pass); now: pass," in helped
    assert "Moves here look like:" in helped
    assert f"You ({first}) choose at the same time as {second}: nobody sees another's choice" in helped
    assert answers[-2] == (
        "'b>z9.9' is no Donnant Donnant move (type help for the forms)."
        " Type 'moves' for the legal moves, 'help' for commands.\n"
    )  # one line, nothing played: the same person asked again
    assert "Game stopped after" in run.stdout


def test_dd15_donnants_campaign_keeps_a_level_stopped_midway_and_pays_its_shortfall_when_resumed(tmp_path):
    progress = tmp_path / "donnant-campaign.json"
    save_progress(progress, Progress("donnant", won=list(range(1, 8)), level=7, points=100))
    lines, match = typed_game({"players": 1, "level": 7}, seed=16, seats=1, pick=random.Random(7))  # --seed 10 + 7 - 1
    head, rest = lines[:6], lines[6:]
    run = boardgames("play", "donnant", "--players", "human", "--campaign", "--seed", "10",
                     input="\n".join([*head, "quit"]) + "\n", cwd=tmp_path)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Level 7 of 7: 66 points to reach; 100 campaign points." in run.stdout
    assert "level 7: 66 points to reach; 0 of 9 turns played, 9 left" in run.stdout  # DD14's in view
    assert "Level 7 stopped after" in run.stdout and "Resume with: boardgames play donnant --campaign" in run.stdout
    kept = json.loads(progress.read_text())
    typed = [m for m in kept["game"]["history"] if not m.startswith(("roll:", "draw:"))]
    assert kept["level"] == 7 and typed == head  # the level's game so far, in the progress file
    run = boardgames("play", "--load", "donnant-campaign.json", input="\n".join(rest) + "\n", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    score = int(match.state.outcome.scores[0])
    assert score < 66  # random moves fall short: 100 campaign points pay it (DD15)
    left = 100 - (66 - score)
    paid = f"{66 - score} short, paid with campaign points (DD15), {left} left."
    assert f"Level 7: {score} points, 66 needed: {paid}" in run.stdout
    verdict = "the aim is reached" if left >= 50 else "short of the aim"
    assert f"The campaign is over with {left} campaign points (50 aimed at): {verdict}." in run.stdout
    kept = json.loads(progress.read_text())
    assert kept["level"] is None and kept["game"] is None and kept["results"] == [[7, score, 66, left]]


def test_dd15_donnant_declares_its_campaign_levels_1_to_7_with_dd14s_targets():
    campaign = Donnant.campaign
    assert [(lv.options, lv.target, lv.may_pay) for lv in campaign.levels] == [
        ({"players": 1, "level": n}, target, n >= 2) for n, target in enumerate((90, 86, 82, 78, 74, 70, 66), 1)
    ]
    assert campaign.aim == 50 and campaign.needs_all_won


def test_a_word_typed_that_is_no_move_now_is_refused_not_read_as_a_move_from_its_site():
    """A new author's trial: play read a game's word for a site (reroll:y names the yellow die's site)
    typed where it is no move as "that square's piece, moved", and played the one write of the yellow
    die in its place (y>b3.1), unasked. It is refused (a square typed by its name still names a piece to
    move in a board game: the terminal tests of Donuts and Verso)."""
    from boardgames.cli.terminal import read_move
    from boardgames.errors import IllegalMoveError
    from boardgames.rules.chance import draw

    game = Donnant.configure({"players": 2}, seed=0)
    state, rng = game.start(), random.Random(0)
    while state.is_chance or state.turn < 0 or len([m for m in state.legal_moves if m.origin == 0]) != 1:
        state = state.play(draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves))
    assert "reroll:y" not in [state.format_move(m) for m in state.legal_moves]
    with pytest.raises(IllegalMoveError):
        read_move(state, "reroll:y", lambda question: pytest.fail(f"asked {question!r}"))
