"""Any number of players: how many a game takes, their names, colours and
symbols for any count, and a finished game's places, returns and words.

A game declares ``player_count`` (a number, or ``(fewest, most)``; with a
range the core adds the option ``players``) and as many ``player_names``,
``colours`` and ``symbols`` as it likes: what it leaves out is made here, so
that a game for six works with no more than a count.
"""

from __future__ import annotations

from collections.abc import Sequence

from .options import IntOption

#: More colours than the first four (:data:`~boardgames.rules.view.DEFAULT_COLOURS`),
#: told apart by hue and lightness, for games of up to ten and beyond.
MORE_COLOURS = ("#f1c40f", "#e67e22", "#17a589", "#7f8c8d", "#d35400", "#2c3e50", "#c71585", "#8b4513")
#: Symbols after the four defaults: shapes a terminal draws in one cell.
MORE_SYMBOLS = ("◆", "★", "♦", "♠", "♣", "♥", "✚", "✖")
#: Names given to players a game leaves unnamed.
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def players_option(fewest: int, most: int, default: int | None = None) -> IntOption:
    """The option ``players`` of a game played by ``fewest`` to ``most``."""
    return IntOption(
        "players",
        f"how many play ({fewest} to {most})",
        fewest if default is None else default,
        minimum=fewest,
        maximum=most,
    )


def count_range(declared: object) -> tuple[int, int] | None:
    """``(fewest, most)`` from a ``player_count`` declaration, or None if it is none."""
    if isinstance(declared, int) and not isinstance(declared, bool) and declared >= 1:
        return declared, declared
    if (
        isinstance(declared, tuple)
        and len(declared) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in declared)
        and 1 <= declared[0] <= declared[1]
    ):
        return declared[0], declared[1]
    return None


def names_for(count: int, declared: Sequence[str]) -> tuple[str, ...]:
    """``count`` player names: the declared ones first, then ``fifth``, ``sixth``…"""
    names = list(declared[:count])
    for k in range(len(names), count):
        name = ORDINALS[k] if k < len(ORDINALS) else f"player{k + 1}"
        while name in names:
            name += "'"
        names.append(name)
    return tuple(names)


def extended(declared: Sequence[str], defaults: Sequence[str], more: Sequence[str], count: int) -> tuple[str, ...]:
    """``count`` colours or symbols: the declared, then the defaults and ``more`` not yet used."""
    out = list(declared[:count])
    for candidate in (*defaults, *more):
        if len(out) >= count:
            break
        if candidate not in out:
            out.append(candidate)
    k = 0
    while len(out) < count:  # past every shape: letters, which a terminal also draws in one cell
        out.append(chr(ord("A") + k % 26))
        k += 1
    return tuple(out)


def places_from_scores(scores: Sequence[float], higher_wins: bool = True) -> tuple[int, ...]:
    """Each player's place (1 the best) from their scores; equal scores share
    the better place (two first, then third)."""
    sign = 1 if higher_wins else -1
    return tuple(1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores)


def value_of_place(places: Sequence[int], player: int) -> float:
    """A player's result from -1 (alone last) to 1 (alone first): the places a
    tie spans share their values equally, so a two-player draw is 0 and the
    values of a game always add up to 0."""
    count = len(places)
    if count <= 1:
        return 1.0 if not places or places[0] == 1 else -1.0
    mine = places[player]
    tied = sum(1 for p in places if p == mine)
    # the mean of 1 - 2k / (count - 1) over the 0-based places k the tie covers, in one division
    return 1 - (2 * (mine - 1) + tied - 1) / (count - 1)


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def standings_text(names: Sequence[str], places: Sequence[int], scores: Sequence[float], reason: str) -> str:
    """The result in words, best first: ``north wins with 71; east 2nd, 65;
    south and west share 3rd, 40``. Without scores, the places alone."""
    if len(names) == 1:  # a solo game: the score, no place to share
        text = f"{names[0]} scores {_score(scores[0])}" if scores else f"{names[0]} finishes"
        return f"{text}: {reason}" if reason else text
    groups: dict[int, list[int]] = {}
    for player, place in enumerate(places):
        groups.setdefault(place, []).append(player)
    parts = []
    for place in sorted(groups):
        who = groups[place]
        label = names[who[0]] if len(who) == 1 else ", ".join(names[p] for p in who[:-1]) + " and " + names[who[-1]]
        score = f"{_score(scores[who[0]])}" if scores else ""
        if place == 1 and len(who) == len(names):
            text = f"{'all' if len(who) > 2 else 'both'} share 1st" + (f" with {score}" if score else "")
            text = f"{label}: {text}" if len(who) > 2 else text
            parts.append(text)
        elif place == 1:
            verb = "wins" if len(who) == 1 else "share 1st"
            parts.append(f"{label} {verb}" + (f" with {score}" if score else ""))
        else:
            share = "share " if len(who) > 1 else ""
            parts.append(f"{label} {share}{ordinal(place)}" + (f", {score}" if score else ""))
    text = "; ".join(parts)
    return f"{text}: {reason}" if reason else text
