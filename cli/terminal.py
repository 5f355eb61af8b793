"""The terminal's game loop (:class:`TerminalGame`): a match at the prompt, a person's
typed moves in, the agents' moves out, each person shown only their view; ``play`` and
``play --campaign`` run it."""

from __future__ import annotations

import shlex
import textwrap
from collections.abc import Callable
from pathlib import Path

import click

from boardgames import AmbiguousMoveError, BoardgamesError, IllegalMoveError, Move, State
from boardgames.errors import IncompleteMoveError, MatchError
from boardgames.geometry import bits
from boardgames.play.clock import format_time
from boardgames.play.levels import strongest
from boardgames.play.match import Match
from boardgames.play.records import default_path, save_record
from boardgames.rendering.text import terminal_safe
from boardgames.rendering.words import sites_words
from boardgames.rules.chance import HIDDEN
from boardgames.rules.parts import extend

from .common import (
    describe_position,
    legal_or_first_parts,
    read_line,
    shell_quote,
    terminal_width,
)

#: The level of the computer when none is asked for: the page's default too (a
#: club player, replying at once; level 6 thinks two seconds a move).

RECENT_MOVES = 12

#: Said first by 'help', wrapped to the terminal: what a move looks like here goes in {moves}.
HELP_INTRO = (
    "Type a move, or one of the commands below.{moves} Where the rules leave a choice (which square,"
    " where a piece goes) you may type less, and you are asked."
)
HELP = """\
  moves   list the legal moves
  hint    ask the computer for a move
  undo    take back your last move (and the computer's reply)
  save    save the game (to a file you name: save FILE), whole, to resume it
  export  write the game as you see it to FILE (a record of what you may see)
  help    this text
  quit    stop and save; Ctrl-C and the end of input do the same"""


class TerminalGame:
    """The prompt loop around a match. ``read`` returns a person's next line,
    None at the end of input (it may raise KeyboardInterrupt)."""

    def __init__(
        self,
        match: Match,
        save_to: Path | None = None,
        read: Callable[[str], str | None] = read_line,
        reported: int | None = None,
    ) -> None:
        self.match = match
        self.save_to = save_to
        self.read = read
        self.watching = match.has_people
        #: Whether a move was played (or undone) here: stopped before, nothing new is saved.
        self.changed = False
        #: The moves said so far (those before the match began are the user's own: --moves).
        self.reported = len(match.positions.first.history) if reported is None else reported
        #: The chance events a new match drew as it began (a game that starts with a roll): no move of anyone's.
        self.drawn_at_start = len(match.state.history) if reported is None and not match.positions.first.history else 0
        #: The move just typed at the keyboard: not said again.
        self.typed: int | None = None
        people = [p for p in match.game.turn_order if match.seats[p].is_human]
        #: The one person playing, if one: the screen is theirs.
        self.alone = people[0] if len(people) == 1 else None
        #: Whether the keyboard passes between people who must not see each other's screen.
        self.private = match.game.hidden_information and len(people) > 1
        #: The person the screen shows the game to now (None: no one yet, or a spectator).
        self.at_keyboard: str | None = None

    def run(self) -> State:
        """Play until the game ends or the people stop; the last state."""
        if self.match.is_over and self.save_to is None:  # --moves ended it: recorded as any game that ends
            self._finish()
            return self.match.state
        if self.match.is_over:  # loaded: its file holds it already
            click.echo(describe_position(self.match.state))
            click.echo(f"This game is over; boardgames replay {shell_quote(self.save_to)} steps through it.")
            return self.match.state
        try:
            stopped = self._loop()
        except KeyboardInterrupt:  # Ctrl-C, whoever was thinking: stop like quit, nothing is lost
            click.echo()
            stopped = True
        if stopped:
            self._stop()
        else:
            self._finish()
        return self.match.state

    def _loop(self) -> bool:
        """The moves until the game ends (False) or a person stops (True):
        the match lets its agents move; here a person's lines are read."""
        match = self.match
        show = self.watching
        while True:
            if not match.awaits_person:
                self._report()
                self._thinking()
                match.run(on_move=self._announce)
                show = self.watching
            if match.is_over:
                self._report()
                return False
            person = match.to_move
            if self.private and person != self.at_keyboard:
                if not self._pause(person):
                    return True
                show = True
            self.at_keyboard = person
            self._report()
            if show:
                click.echo(describe_position(self._view(), recent=RECENT_MOVES))
            text = self.read(self._prompt())
            if match.flag() is not None:  # typed after the time ran out: lost on time, whatever it says
                return False
            if text is None or text.lower() in ("quit", "exit", "q"):
                return True
            show = self._command(text)

    def _prompt(self) -> str:
        """``chocolate> ``; in a timed game each side's time first."""
        match = self.match
        if match.clock is None:
            return f"{match.to_move}> "
        times = ", ".join(f"{p} {format_time(match.clock.remaining(p))}" for p in match.game.turn_order)
        return f"({times}) {match.to_move}> "

    def _viewer(self) -> str | None:
        """Whose view the screen shows: the person at the keyboard, the one
        person playing, else a spectator's (None)."""
        return self.at_keyboard if self.at_keyboard is not None else self.alone

    def _view(self) -> State:
        """The position as the screen may show it (:meth:`Match.view_for`)."""
        return self.match.view_for(self._viewer())

    def _pause(self, person: str | None) -> bool:
        """Clear the screen and wait for ``person`` to take the keyboard; False at the end of input."""
        click.clear()  # on a terminal: what the last person saw goes
        answer = self.read(f"Pass to {person}, then press Enter ({person} alone should see the screen): ")
        if answer is None:
            return False
        click.clear()
        return True

    def _report(self) -> None:
        """Say the moves played since the last said, chance's included
        (``3. chance: roll:4``), each as the screen's viewer saw it; the move
        just typed at the keyboard is not said again."""
        match = self.match
        state = match.state
        if len(state.history) <= self.reported:
            self.reported = len(state.history)
            return
        viewer = self._viewer()
        names = match.game.player_names
        seen = state.seen_history(None if viewer is None or match.is_over else names.index(viewer))
        for k in range(self.reported, len(state.history)):
            if k == self.typed:
                continue
            before = match.positions[k - len(match.positions.first.history)]  # a game may start after --moves
            text = (before if match.game.own_notation else state).format_move(seen[k])
            if before.is_chance:
                click.echo(f"{k + 1}. chance: {text}")
                continue
            player = before.to_move
            assert player is not None
            seat = match.seats[player]
            click.echo(f"{k + 1}. {player}{'' if seat.is_human else f' ({seat.spec})'}: {text}")
        self.reported = len(state.history)
        self.typed = None

    def _thinking(self) -> None:
        """Say which agent thinks, where a person watches."""
        seat = self.match.seat_to_move
        if self.watching and seat is not None and not seat.is_human:
            click.echo(f"{self.match.to_move} ({seat.spec}) is thinking...")

    def _announce(self, move: Move, before: State) -> None:
        self.changed = True
        self._report()
        self._thinking()

    def _command(self, text: str) -> bool:
        """Carry out a typed line; whether the position is to be drawn again."""
        match = self.match
        state = self._view()  # what the person at the keyboard may see: the mover's moves are the same there
        command, _, argument = text.partition(" ")
        command = command.lower()
        if command == "":
            return False
        if command in ("help", "?"):
            said = moves_in_words(state) + asked_in_words(state, match.to_move)
            click.echo(textwrap.fill(HELP_INTRO.format(moves=said), terminal_width()))
            click.echo(HELP)
            return False
        if command == "moves":  # a game in parts with thousands of whole moves: what may start one
            click.echo(" ".join(legal_or_first_parts(state)[1]))
            return False
        if command == "hint":
            click.echo(f"hint ({strongest(match.game)}): {state.format_move(match.hint())}")
            return False
        if command == "save":
            where = self._save(unquote(argument))
            if where is not None:
                click.echo(_saved_line(where))
            return False
        if command == "export":
            self._export(unquote(argument))
            return False
        if command == "undo":
            if not match.undo():
                click.echo("Nothing to undo.")
                return False
            self.changed = True
            return True
        try:
            move = read_move(state, text, self.read)
        except BoardgamesError as exc:
            click.echo(f"{exc}. Type 'moves' for the legal moves, 'help' for commands.")
            return False
        if move is None:
            return False
        try:
            self.typed = len(match.state.history)
            match.play(move, by=match.to_move)
            self.changed = True
        except MatchError:
            if not match.is_over:
                raise
            # The time ran out while the move's choices were asked: the loop ends the game.
        return True

    # -- saving -------------------------------------------------------------
    def _save(self, path: str | None = None) -> Path | None:
        """Save to ``path``, else where the last save went, else a new name;
        the path is adopted only once the file is written."""
        target = path or self.save_to or default_path(self.match.game.name)
        try:
            written = save_record(target, self.match.record())
        except BoardgamesError as exc:
            click.echo(f"{exc}.")
            return None
        self.save_to = written
        return written

    def _export(self, path: str | None) -> None:
        """Write the game as the screen's viewer sees it (:meth:`Record.seen_by`):
        in a game with hidden information still going on, a record of their
        view only, which shows the game but cannot be loaded to play on."""
        if path is None:
            click.echo("Export to which file? Type export FILE.")
            return
        viewer = self._viewer()
        try:
            written = save_record(path, self.match.record().seen_by(viewer))
        except BoardgamesError as exc:
            click.echo(f"{exc}.")
            return
        whole = not self.match.game.hidden_information or self.match.is_over
        whose = "the whole game" if whole else f"the game as {viewer or 'a spectator'} sees it"
        tail = "" if whole else " (it shows what you may see; it cannot be loaded to play on)"
        click.echo(f"Wrote {whose} to {written}{tail}.")

    def _save_somewhere(self) -> Path | None:
        """Save on stopping or at the end: where saves went, else (or if that
        fails now) under a new name in the current folder."""
        saved = self._save()
        if saved is None and self.save_to is not None:
            saved = self._save(str(default_path(self.match.game.name)))
        return saved

    def _stop(self) -> None:
        played = len(self.match.state.history)
        if not self.changed and self.save_to is not None:  # loaded (or saved) and nothing played since
            click.echo(f"Game stopped with no move played: nothing written, {self.save_to} holds it as it was.")
            click.echo(f"Resume with: boardgames play --load {shell_quote(self.save_to)}")
            return
        if not self.changed and played == self.drawn_at_start:  # a new game, as it started (--moves aside)
            click.echo("Game stopped before any move: nothing to save, no record written.")
            return
        click.echo(f"Game stopped after {played} move{'' if played == 1 else 's'}.")
        saved = self._save_somewhere()
        click.echo("The game could not be saved." if saved is None else _saved_line(saved))

    def _finish(self) -> None:
        click.echo(describe_position(self.match.state))
        if self.match.forfeit is not None:
            click.echo(terminal_safe(self.match.result_text()))  # the reason may quote a program
        saved = self._save_somewhere()
        if saved is None:
            click.echo("The game could not be recorded.")
        else:
            click.echo(f"Recorded to {saved}. Replay with: boardgames replay {shell_quote(saved)}")


def _saved_line(path: Path) -> str:
    return f"Saved to {path}. Resume with: boardgames play --load {shell_quote(path)}"


def unquote(text: str) -> str | None:
    """A file name as typed after ``save``: quotes as in a shell are allowed."""
    try:
        words = shlex.split(text)
    except ValueError:
        words = [text.strip()]
    return " ".join(words) or None


def moves_in_words(state: State) -> str:
    """`` Moves here look like c3, c3-c4xd4 ...``: the forms of the legal
    moves now, each said once (a placement, a step, the squares a move also
    takes, in the game's word for them, a pass); empty once the game is over."""
    examples = state.move_examples(4)
    if not examples:
        return ""
    game = state.game
    if not game.board_drawn:  # a dice and card game: its sites are no squares to speak of
        forms = ", ".join(state.format_move(move) for move in examples)
        # What is chosen now, in the game's words: why a move no one can make is refused.
        now = f" {game.why_illegal(state, HIDDEN)}." if game.explains_illegal and not state.is_chance else ""
        return f" Moves here look like: {forms}.{now}"
    said = []
    for move in examples:
        text = state.format_move(move)
        if move.is_pass:
            said.append("pass passes")
        elif move.marks:
            said.append(f"{text} (after each x, a square it also takes: {state.game.words.changed})")
        elif move.origin >= 0:
            names = state.game.grid.names
            said.append(f"{text} goes from {names[move.origin]} to {names[move.to]}")
        else:
            said.append(f"{text} places on {text}")
    return " Moves here look like: " + "; ".join(said) + "."


def asked_in_words(state: State, person: str | None) -> str:
    """`` You (east) choose at the same time as north: ...``: where several
    players are asked at once, who, and that no one sees a choice before all are in."""
    names = [state.game.player_names[p] for p in state.asked]
    others = [name for name in names if name != person]
    if len(names) < 2 or not others:
        return ""
    return (
        f" You ({person}) choose at the same time as {' and '.join(others)}:"
        " nobody sees another's choice until all are in."
    )


def ask_parts(state: State, partial: Move, read: Callable[[str], str | None]) -> Move | None:
    """Ask for the parts of ``partial`` still to choose, one question each
    in the game's words ("Move d1 where?", "Shoot where?"); the move, or
    None if an answer is none of the squares offered."""
    names, words = state.game.site_names(), state.game.words  # a table's sites in the game's words
    while True:
        partial = state.forced(partial)  # no question where there is no choice
        parts = state.parts(partial)
        if parts.complete and not parts.squares:
            return partial
        if parts.targets and partial.origin >= 0:
            question = f"Move {site_label(state, partial.origin)} where?"
        else:
            question = words.choice
        offered = " ".join(names[sq] for sq in bits(parts.squares))
        answer = read(f"{question} {offered}{' (or end)' if parts.complete else ''}: ")
        if answer is None:
            return None
        answer = answer.strip().lower()
        if parts.complete and answer == "end":
            return partial
        square = site_named(state, answer)
        try:
            role = None if square is None else parts.role(square)
        except ValueError:  # one that could be two kinds of part
            role = None
        if role is None or square is None:
            click.echo(f"{answer!r} is none of those; the move is not played.")
            return None
        partial = extend(partial, square, role)


def site_label(state: State, site: int) -> str:
    """A site as a question names it: its name; where the grid is no board
    and the game left the site unnamed (its number), with what is drawn
    there: ``0 (yellow die 3)``."""
    game = state.game
    name = game.site_names()[site]
    if game.board_drawn or name != str(site):
        return name
    said = sites_words(state.view()).get(site)
    return f"{name} ({said})" if said else name


def site_named(state: State, text: str) -> int | None:
    """The square (a table's site, by the game's name for it) ``text`` names, or None."""
    game = state.game
    if game.board_drawn:
        try:
            return game.grid.parse_square(text)
        except ValueError:
            return None
    found = [site for site, name in enumerate(game.site_names()) if name.lower() == text.strip().lower()]
    return found[0] if found else None


def ask_choice(state: State, moves: tuple[Move, ...], read: Callable[[str], str | None]) -> Move | None:
    """Ask which of the game's choices finishes ``moves`` (one move but for
    its choice), by name: ``Promote to? queen, rook, bishop, knight``."""
    named = state.game.move_choices
    assert named is not None
    by_choice = {m.choice: m for m in moves}
    answer = read(named.question_of(tuple(sorted(by_choice))) + ": ")
    if answer is None:
        return None
    try:
        picked = by_choice.get(named.index(answer.strip().lstrip("=")))
    except BoardgamesError:
        picked = None
    if picked is None:
        click.echo(f"{answer.strip()!r} is none of those; the move is not played.")
    return picked


def read_move(state: State, text: str, read: Callable[[str], str | None]) -> Move | None:
    """The move ``text`` names. Where it leaves a choice open (which piece
    flips) or names only a piece to move, ask which; None if no answer."""
    try:
        return state.parse_move(text)
    except IncompleteMoveError as exc:  # the first parts of a move: ask for the rest, part by part
        assert isinstance(exc.partial, Move)
        return ask_parts(state, exc.partial, read)
    except AmbiguousMoveError as exc:
        choices = tuple(m for m in exc.choices if isinstance(m, Move))
        question = state.game.words.choice
    except IllegalMoveError as exc:
        try:
            typed = state.game.parse_move(text)
        except BoardgamesError:  # no square at all (a chance outcome typed where none is due): why it was refused
            raise exc from None
        # A square alone, typed as its name, may name a piece to move; anything else that is no move
        # now (c1xa4, or a game's word for a site, as reroll:y) is refused, never read as another move.
        names = state.game.site_names()  # a table's sites by the game's names, never the grid's
        alone = typed.is_placement and not typed.marks and text.strip().lower() == names[typed.to].lower()
        choices = state.moves_from(typed.to) if alone else ()
        if not choices:
            raise
        question = f"Move {site_label(state, typed.to)} where?"
    if len(choices) == 1:  # no choice: the one move there is (as the page plays it)
        return choices[0]
    named = state.game.move_choices
    if named is not None and len({m[:3] for m in choices}) == 1 and all(m.choice >= 0 for m in choices):
        return ask_choice(state, choices, read)  # only the game's choice is open: asked by its names
    texts = [state.format_move(m) for m in choices]
    listed = "  ".join(f"{n}) {t}" for n, t in enumerate(texts, start=1))
    answer = read(f"{question} {listed}: ")
    if answer is None:
        return None
    answer = answer.strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(choices):
        return choices[int(answer) - 1]
    if answer in texts:
        return choices[texts.index(answer)]
    # A square alone is enough where it singles one out: a step's destination or a flip.
    names = tuple(name.lower() for name in state.game.site_names())
    picked = [m for m in choices if answer in (names[m.to], *(names[x] for x in m.marks))]
    if len(picked) == 1:
        return picked[0]
    click.echo(f"{answer!r} is none of those; the move is not played.")
    return None
