"""Game clocks: the setting, the running clocks of a match (a fake time
source, no sleeping), the flag, and the record that keeps them."""

from __future__ import annotations

import json

import pytest

import boardgames
import boardgames.play.clock as clock_module
from boardgames import Match, MatchError
from boardgames.errors import RecordError
from boardgames.play.clock import Clock, ClockError, ClockSettings, format_time
from boardgames.play.records import parse_record


class FakeTime:
    """The clocks' time source, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def pass_(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def fake(monkeypatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(clock_module, "time_source", fake)
    return fake


def donuts(seed: int = 1) -> boardgames.Game:
    return boardgames.game_class("donuts").configure(seed=seed)


def timed(text: str = "5+3", seats=("human", "human")) -> Match:
    return Match(donuts(), list(seats), clock=ClockSettings.parse(text))


def play_any(match: Match, seconds: float, fake: FakeTime) -> None:
    fake.pass_(seconds)
    match.play(match.state.legal_moves[0])


@pytest.mark.parametrize(
    ("text", "limit", "increment", "shown"),
    [("5+3", 300, 3, "5+3"), ("10", 600, 0, "10+0"), (" 0.5 + 2 ", 30, 2, "0.5+2"), ("180+600", 10800, 600, "180+600")],
)
def test_settings_are_read_as_minutes_plus_seconds(text, limit, increment, shown):
    settings = ClockSettings.parse(text)
    assert (settings.limit, settings.increment) == (limit, increment) and str(settings) == shown
    assert ClockSettings.from_json(settings.to_json()) == settings
    assert settings.to_json() == {"limit": limit, "increment": increment}


@pytest.mark.parametrize(
    "text", ["", "5+", "+3", "abc", "0", "0+3", "181", "5+601", "-1", "1e3", "5+3+1", "nan", "9" * 50]
)
def test_bad_settings_are_one_line(text):
    with pytest.raises(ClockError) as caught:
        ClockSettings.parse(text)
    assert "\n" not in str(caught.value) and "clock" in str(caught.value)


@pytest.mark.parametrize(
    "data",
    [None, [], {"limit": 0}, {"limit": -5}, {"limit": True}, {"limit": "300"}, {"limit": float("nan")},
     {"limit": float("inf")}, {"limit": 10801}, {"limit": 300, "increment": -1}, {"limit": 300, "increment": 601},
     {"increment": 3}, {"limit": 300, "extra": 1}, {"limit": 10**400}],
)  # fmt: skip
def test_bad_json_settings_are_refused(data):
    with pytest.raises(ClockError):
        ClockSettings.from_json(data)


@pytest.mark.parametrize("limit", [0.0001, 1e-300, 0.00049])
def test_a_limit_kept_as_0_is_refused(limit):
    # Kept to the millisecond, it was 0: the match ran, but its record could not be read back (nor the server's copy).
    with pytest.raises(ClockError, match="at least 0.001 seconds"):
        ClockSettings.from_json({"limit": limit})


def test_the_shortest_limit_reads_back_from_its_record(fake):
    match = Match(donuts(), ["human", "human"], clock=ClockSettings.from_json({"limit": 0.001}))
    play_any(match, 0, fake)
    assert parse_record(match.record().to_json()).clock.settings.limit == 0.001


def test_format_time():
    assert [format_time(s) for s in (300, 297.4, 65, 9.87, 0, -3, 3900)] == [
        "5:00", "4:57", "1:05", "0:09.8", "0:00.0", "0:00.0", "1:05:00"
    ]  # fmt: skip


def test_each_players_first_move_is_free_then_the_clock_to_move_runs(fake):
    match = timed("5+3")
    clock = match.clock
    assert clock.running is None and clock.remaining("chocolate") == 300
    play_any(match, 40, fake)  # chocolate's first: free
    assert clock.running is None and clock.left("chocolate") == 300
    play_any(match, 50, fake)  # vanilla's first: free; now chocolate's clock runs
    assert clock.running == "chocolate" and clock.left("vanilla") == 300
    fake.pass_(20)
    assert clock.remaining("chocolate") == 280 and clock.remaining("vanilla") == 300
    match.play(match.state.legal_moves[0])  # 20 s used, 3 s back
    assert clock.left("chocolate") == 283 and clock.running == "vanilla"
    play_any(match, 100, fake)
    assert clock.left("vanilla") == 203
    reading = clock.reading()
    fake.pass_(13)
    assert reading.to_json() == {
        "limit": 300,
        "increment": 3,
        "remaining": {"chocolate": 270, "vanilla": 203},
        "running": "chocolate",
        "flagged": None,
    }


def test_a_move_after_the_time_ran_out_is_refused_and_flags(fake):
    match = timed("1+0")
    play_any(match, 0, fake)
    play_any(match, 0, fake)
    fake.pass_(59.9)
    assert match.flag() is None and not match.is_over
    before = match.state
    fake.pass_(0.2)
    with pytest.raises(MatchError, match="chocolate's time ran out"):
        match.play(match.state.legal_moves[0])
    assert match.state is before and match.is_over and match.to_move is None
    assert match.winner == "vanilla" and match.result_text() == "vanilla wins on time: chocolate's time ran out"
    assert match.forfeit.player == "chocolate" and match.clock.flagged == "chocolate"
    assert match.clock.running is None and match.clock.remaining("chocolate") == 0
    assert match.finished is not None
    with pytest.raises(MatchError, match="over"):
        match.undo()


def test_an_agents_time_runs_too_and_it_thinks_within_it(fake):
    match = Match(donuts(), ["random", "human"], clock=ClockSettings(60, 0))
    match.run()  # random's first move: free
    play_any(match, 5, fake)  # vanilla's first, free: now random's clock runs
    assert match.clock.running == "chocolate" and match.clock.thinking_time("chocolate") == 3.0
    assert match.clock.thinking_time("vanilla") is None
    fake.pass_(61)  # as if it thought too long
    assert match.step() is None and match.result_text() == "vanilla wins on time: chocolate's time ran out"


def test_the_record_keeps_the_clocks_and_a_resumed_match_goes_on_with_them(fake):
    match = timed("5+3")
    for seconds in (1, 2, 30, 40, 5):
        play_any(match, seconds, fake)
    fake.pass_(7)
    record = json.loads(json.dumps(match.record().to_json()))
    assert record["clock"] == {
        "limit": 300,
        "increment": 3,
        "times": [300, 300, 273, 263, 271],
        "flagged": None,
        "since": fake.now - 7,
        "saved": fake.now,
    }
    resumed = Match.from_record(parse_record(record))
    assert resumed.clock.laps == match.clock.laps and resumed.clock.running == "vanilla"
    # The 7 s spent before the save count; the time in a file does not.
    assert resumed.clock.remaining("vanilla") == 256
    play_any(resumed, 10, fake)
    assert resumed.clock.left("vanilla") == 249
    # A process that reloads its own match (a server's restart) counts from when it had started.
    reloaded = Match.from_record(parse_record(record))
    reloaded.clock.catch_up()
    assert reloaded.clock.remaining("vanilla") == 263 - 17
    # Cut short (replay --to), the times follow.
    assert parse_record(record, upto=2).clock.times == (300, 300)


def test_a_flagged_game_round_trips(fake):
    match = timed("1+0")
    play_any(match, 0, fake)
    play_any(match, 0, fake)
    fake.pass_(61)
    assert match.flag() == "chocolate"
    record = json.loads(json.dumps(match.record().to_json()))
    assert record["clock"]["flagged"] == "chocolate" and record["forfeit"]["player"] == "chocolate"
    again = Match.from_record(parse_record(record))
    assert again.is_over and again.result_text() == "vanilla wins on time: chocolate's time ran out"


def test_a_resignation_charges_the_time_spent_on_the_turn(fake):
    """The clock that ran when the game ended off the board keeps the time its
    player spent (it went back to the start of the turn), in the record too."""
    match = timed("3+2")
    for seconds in (0, 0, 4):
        play_any(match, seconds, fake)  # vanilla's clock now runs, 180 s left
    fake.pass_(3)
    match.concede("vanilla")
    assert match.clock.running is None and match.clock.remaining("vanilla") == 177
    fake.pass_(60)  # stopped: no more counted
    assert match.clock.reading().to_json()["remaining"] == {"chocolate": 178, "vanilla": 177}
    record = json.loads(json.dumps(match.record().to_json()))
    assert record["clock"]["ended"] == {"player": "vanilla", "left": 177}
    assert Match.from_record(parse_record(record)).clock.remaining("vanilla") == 177


def test_records_without_a_clock_are_unchanged():
    match = Match(donuts(), ["human", "human"])
    match.play("c3")
    record = match.record().to_json()
    assert "clock" not in record and match.clock is None
    assert parse_record(record).clock is None and Match.from_record(parse_record(record)).clock is None


def good_record(fake: FakeTime) -> dict:
    match = timed("5+3")
    play_any(match, 1, fake)
    play_any(match, 1, fake)
    return match.record().to_json()


@pytest.mark.parametrize(
    ("clock", "needle"),
    [
        ("5+3", "'clock' is an object"),
        ({"limit": 300, "increment": 3, "times": [300], "flagged": None}, "one number a move (2)"),
        ({"limit": 300, "increment": 3, "times": "300 300"}, "one number a move"),
        ({"limit": 300, "increment": 3, "times": [300, "300"]}, "'times' is a number"),
        ({"limit": 300, "increment": 3, "times": [300, 1e9]}, "'times' is from 0 to"),
        ({"limit": 300, "increment": 3, "times": [300, -1]}, "'times' is from 0 to"),
        ({"limit": 300, "increment": 3, "times": [300, True]}, "'times' is a number"),
        ({"limit": 0, "times": [300, 300]}, "'limit' is more than 0"),
        ({"limit": 300, "times": [300, 300], "flagged": "nobody"}, "'flagged' is one of"),
        ({"limit": 300, "times": [300, 300], "flagged": "vanilla"}, "no forfeit of theirs"),
        ({"limit": 300, "times": [300, 300], "since": "yesterday"}, "'since'"),
        ({"limit": 300, "times": [300, 300], "since": 1e300, "saved": 1e300}, "'since'"),
        ({"limit": 300, "times": [300, 300], "since": 5}, "both null"),
        ({"limit": 300, "times": [300, 300], "since": 5, "saved": 4}, "'saved' is later"),
        ({"limit": 300, "times": [300, 300], "owner": "me"}, "'clock' is an object"),
        ({"limit": 300, "times": [300, 300], "ended": {"player": "nobody", "left": 3}}, "'ended' is"),
        ({"limit": 300, "times": [300, 300], "ended": {"player": "vanilla", "left": -3}}, "'ended' is from 0"),
        ({"limit": 300, "times": [300, 300], "ended": [1, 2]}, "'ended' is"),
    ],
)
def test_hostile_recorded_clocks_are_one_line(fake, clock, needle):
    record = {**good_record(fake), "clock": clock}
    with pytest.raises(RecordError) as caught:
        parse_record(record)
    assert needle in str(caught.value) and "\n" not in str(caught.value)


def test_a_flag_of_the_player_not_to_move_is_refused(fake):
    # Only the running clock runs out: a record saying otherwise (chocolate flagged, vanilla to move) was read.
    record = {**good_record(fake), "forfeit": {"player": "vanilla", "reason": "time ran out"}}
    record["clock"] = {**record["clock"], "flagged": "vanilla"}
    with pytest.raises(RecordError, match="the clock flagged vanilla, but chocolate is to move"):
        parse_record(record)
    record["forfeit"]["player"] = record["clock"]["flagged"] = "chocolate"
    assert parse_record(record).clock.flagged == "chocolate"
    assert parse_record(record, upto=1).clock.times == (300,)  # an earlier position: another player to move


def test_a_takeback_gives_the_clocks_back_as_they_stood(fake):
    match = timed("5+3")
    for seconds in (1, 1, 30, 40):
        play_any(match, seconds, fake)
    assert match.clock.left("chocolate") == 273 and match.clock.left("vanilla") == 263
    fake.pass_(20)
    assert match.undo("vanilla")  # back to vanilla's turn after chocolate's 273
    assert match.clock.left("vanilla") == 300 and match.clock.running == "vanilla"
    assert match.clock.remaining("vanilla") == 300  # runs from now
    assert match.undo("chocolate")  # chocolate's turn after the free first moves: its 300 again
    assert match.clock.laps == [("chocolate", 300), ("vanilla", 300)] and match.clock.running == "chocolate"
    assert match.undo("chocolate")  # the start: no clock runs until each has moved
    assert match.clock.laps == [] and match.clock.running is None


def test_a_change_taken_back_whole_restores_the_clocks(fake):
    match = timed("5+3")
    for seconds in (1, 1):
        play_any(match, seconds, fake)
    saved = match.checkpoint()
    play_any(match, 10, fake)
    assert match.clock.running == "vanilla"
    match.restore(saved)
    assert match.clock.running == "chocolate" and len(match.clock.laps) == 2


def test_a_clock_set_on_a_position_counts_the_moves_before_as_free(fake):
    state = donuts().replay(["c3"])
    match = Match(state, clock=ClockSettings(60, 1))
    assert match.clock.laps == [("chocolate", 60)] and match.clock.running is None
    play_any(match, 3, fake)
    assert match.clock.running == "chocolate"


def test_the_match_refuses_a_clock_that_does_not_fit(fake):
    with pytest.raises(boardgames.WrongTypeError):
        Match(donuts(), clock="5+3")
    with pytest.raises(MatchError, match="laps"):
        Match(donuts(), clock=Clock(ClockSettings(60), ("chocolate", "vanilla"), [("chocolate", 60)]))
