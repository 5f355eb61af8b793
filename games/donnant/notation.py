"""Donnant Donnant's moves in words (RULES' "Notation"), read back, and why one is refused."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from boardgames import PASS, Move
from boardgames.errors import InvalidMoveError, quoted

from .cards import COLOURS, LETTERS
from .sites import (
    BOX0,
    BOXES,
    CAT0,
    COMPLETE_T,
    DICE,
    DIE,
    JOKER_DICE_T,
    LESS0,
    PILE,
    PILE_NAMES,
    PLACE_OF,
    PLACES,
    PUTBACK_T,
    READ0,
    RECOLOUR0,
    REMOVE_T,
    REVEAL_T,
    SEAT0,
    SLOT,
    SLOT_OF,
    STOP,
    box_site,
    place_name,
    slot_name,
)
from .state import (
    ACTIVE,
    COMPLETE,
    JOKER_CARD,
    JOKER_DICE,
    LAY,
    PASSIVE,
    PLACE,
    PRICES,
    PUTBACK,
    SECOND,
    SOLO_REMOVE,
    SOLO_WRITE,
    USE,
    DonnantState,
)


def format_move(game: Any, move: Move) -> str:
    o, to, marks = move
    if move == PASS:
        return "pass"
    if o == -1 and to in DIE:
        return "reroll:" + "".join(LETTERS[k] for k in sorted((to, *marks)))
    if o == -1 and to == STOP:
        return "stop"
    if o == -1 and to == JOKER_DICE_T:
        return "joker:dice"
    if o == -1 and to in PILE:
        return f"joker:{PILE_NAMES[PILE.index(to)]}"
    if o == -1 and to in SLOT:
        return f"buy:{slot_name(to - SLOT[0])}" + "".join("+" + w for w in buy_words(marks))
    if o == COMPLETE_T and to in PLACES:
        return f"complete:{place_name(to - PLACES[0])}"
    if o == PUTBACK_T:
        return f"putback:{card_word(game, to)}"
    if o == REMOVE_T and to in SLOT:
        return f"remove:{PILE_NAMES[(to - SLOT[0]) // 4]}"
    if (o in game.site_card or o in PILE) and to in PLACES and not marks:
        return f"{card_word(game, o)}>{place_name(to - PLACES[0])}"
    if o in DIE and BOX0 <= to < BOX0 + 125:
        return write_word(o, to, marks)
    if o == REVEAL_T:
        words, seq = [], (to, *marks)
        j = 0
        while j < len(seq):
            p = seq[j] - SEAT0
            name = game.player_names[p] if 0 <= p < game.number_of_players else f"player{p + 1}"
            if j + 1 < len(seq) and seq[j + 1] in DIE:
                end = j + 3
                while end < len(seq) and not SEAT0 <= seq[end] < CAT0:
                    end += 1
                words.append(f"{name}:{write_word(seq[j + 1], seq[j + 2], seq[j + 3 : end])}")
                j = end
            else:
                words.append(f"{name}:pass")
                j += 1
        return "+".join(words)
    return f"?{o},{to},{','.join(map(str, marks))}"


#: The tokens' names (sites.py), as the notation says them.
TOKEN_WORDS = {
    STOP: "stop",
    JOKER_DICE_T: "joker:dice",
    PUTBACK_T: "putback",
    COMPLETE_T: "complete",
    REMOVE_T: "remove",
    REVEAL_T: "reveal",
}


def site_word(game: Any, site: int) -> str:
    """A site by the words the notation names it with (``Game.site_name``):
    a die by its colour, a slot (``score2``), a pile, a place (``c3``) and
    a box on it (``c3.1``), a token (``stop``, ``y=4``, ``less2``), a seat,
    a card (``#17``)."""
    if site in DIE:
        return COLOURS[site - DIE[0]]
    if site in SLOT:
        return slot_name(site - SLOT[0])
    if site in PILE:
        return PILE_NAMES[PILE.index(site)]
    if site in PLACES:
        return place_name(site - PLACES[0])
    if BOX0 <= site < BOX0 + len(PLACES) * BOXES:
        place, box = divmod(site - BOX0, BOXES)
        return f"{place_name(place)}.{box + 1}"
    if site in TOKEN_WORDS:
        return TOKEN_WORDS[site]
    if READ0 <= site < READ0 + DICE * 6:
        die, value = divmod(site - READ0, 6)
        return f"{LETTERS[die]}={value + 1}"
    if RECOLOUR0 <= site < RECOLOUR0 + DICE * 5:
        die, colour = divmod(site - RECOLOUR0, 5)
        return f"{LETTERS[die]}~{LETTERS[colour]}"
    if LESS0 < site < LESS0 + 5:
        return f"less{site - LESS0}"
    if SEAT0 <= site < CAT0:
        p = site - SEAT0
        return game.player_names[p] if p < game.number_of_players else f"player{p + 1}"
    if site in game.site_card:
        return f"#{game.site_card[site]}"
    return str(site)


def card_word(game: Any, site: int) -> str:
    if site in PILE:
        return PILE_NAMES[PILE.index(site)]
    return f"#{game.site_card[site]}"


def parse_move(game: Any, text: str) -> Move:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text, got {quoted(text)}")
    clean = " ".join(text.strip().lower().split())
    bad = InvalidMoveError(f"{quoted(text.strip())} is no Donnant Donnant move (type help for the forms)")
    if clean in ("pass", "decline", "end", "done"):
        return PASS
    if clean == "stop":
        return Move(-1, STOP)
    head, _, rest = clean.partition(":")
    if head == "reroll":
        if not rest or any(ch not in LETTERS for ch in rest) or len(set(rest)) != len(rest):
            raise InvalidMoveError(f"{quoted(text.strip())}: name the dice to reroll by colour (yogbr), as reroll:yob")
        dice = sorted(LETTERS.index(ch) for ch in rest)
        return Move(-1, DIE[dice[0]], tuple(DIE[k] for k in dice[1:]))
    if head == "joker":
        if rest == "dice":
            return Move(-1, JOKER_DICE_T)
        if rest in PILE_NAMES:
            return Move(-1, PILE[PILE_NAMES.index(rest)])
        raise InvalidMoveError(f"{quoted(text.strip())}: a joker is joker:dice, joker:scoring or joker:bonus")
    if head == "remove":
        if rest in PILE_NAMES:
            return Move(REMOVE_T, SLOT[3 + 4 * PILE_NAMES.index(rest)])
        raise InvalidMoveError(f"{quoted(text.strip())}: remove:scoring or remove:bonus")
    if head == "complete":
        if rest in PLACE_OF:
            return Move(COMPLETE_T, PLACES[PLACE_OF[rest]])
        raise InvalidMoveError(f"{quoted(text.strip())}: name the card's place, a1 to e5 (complete:c3)")
    if head == "putback":
        return Move(PUTBACK_T, parse_card(game, rest, text))
    if head == "buy":
        words = re.split(r"[+,\s]+", rest.strip("+, "))
        slot = SLOT_OF.get(words[0]) if words else None
        if slot is None:
            raise InvalidMoveError(
                f"{quoted(text.strip())}: buy:SLOT then the dice, slots score1-4 and bonus1-4 (buy:score4+y+g+b)"
            )
        marks = []
        for w in words[1:]:
            found = re.fullmatch(r"less([1-4])", w)
            if found:
                marks.append(LESS0 + int(found[1]))
                continue
            found = re.fullmatch(r"([yogbr])(?:=([1-6]))?", w)
            if not found:
                raise InvalidMoveError(
                    f"{quoted(text.strip())}: {quoted(w, 20)} is not a die (y, y=4) or a discount (less1)"
                )
            k = LETTERS.index(found[1])
            marks.append(DIE[k])
            if found[2]:
                marks.append(READ0 + k * 6 + int(found[2]) - 1)
        if len(set(marks)) != len(marks):
            raise InvalidMoveError(f"{quoted(text.strip())}: a die is named twice")
        return Move(-1, SLOT[slot], tuple(sorted(marks)))
    if ":" in clean and ">" in clean and " " in clean or clean.count(":") > 1:
        raise bad
    found = re.fullmatch(r"([yogbr])(?:=([1-6]))?(?:~([yogbr]))?>([a-e][1-5])\.([1-5])", clean)
    if found:
        k = LETTERS.index(found[1])
        marks = []
        if found[2]:
            marks.append(READ0 + k * 6 + int(found[2]) - 1)
        if found[3] and found[3] != found[1]:
            marks.append(RECOLOUR0 + k * 5 + LETTERS.index(found[3]))
        return Move(DIE[k], box_site(PLACE_OF[found[4]], int(found[5]) - 1), tuple(sorted(marks)))
    found = re.fullmatch(r"(#\d+|scoring|bonus)>([a-e][1-5])", clean)
    if found:
        return Move(parse_card(game, found[1], text), PLACES[PLACE_OF[found[2]]])
    raise bad


def parse_card(game: Any, word: str, text: str) -> int:
    if word in PILE_NAMES:
        return PILE[PILE_NAMES.index(word)]
    found = re.fullmatch(r"#?(\d{1,6})", word)  # a number of any length is no card: never converted
    if found and int(found[1]) in game.cat_site:
        return game.cat_site[int(found[1])]
    raise InvalidMoveError(f"{quoted(text.strip())}: name a card by its number, as #17")


def shorthand(game: Any, state: DonnantState, text: str) -> Move | None:
    """``c3`` for the one card to place there; ``decline`` and ``end`` for pass."""
    clean = text.strip().lower() if isinstance(text, str) else ""
    if clean in PLACE_OF and state.turn >= 0:
        site = PLACES[PLACE_OF[clean]]
        found = [m for m in state.legal_moves if m.to == site and m.origin != COMPLETE_T]
        if len(found) == 1:
            return found[0]
    return None


def why_illegal(game: Any, state: DonnantState, move: Move) -> str:
    s, o = state, move.origin
    phase = s.phase
    legal = [s.format_move(m) for m in s.legal_moves]
    firsts = list({re.split("[:>]", text)[0][:1]: text for text in reversed(legal)}.values())[::-1]
    shown = firsts[:6] + [text for text in legal if text not in firsts][: max(0, 6 - len(firsts))]
    some = ", ".join(shown) + (", …" if len(legal) > len(shown) else "")
    now = f"now: {some}"
    me = s.turn
    if o == -1 and move.to in PILE and phase == ACTIVE and s.rolls < 3:
        return f"a joker is played only after the third roll (DD9); {now}"
    if o == -1 and move.to == JOKER_DICE_T and phase == ACTIVE and s.rolls < 3:
        return f"a joker is played only after the third roll (DD9); {now}"
    if o == -1 and move.to in DIE and phase == ACTIVE and s.rolls >= 3:
        return f"three rolls are the most: stop, or play a joker; {now}"
    if o in DIE and phase in (PASSIVE, SECOND) and not s.just >> o & 1:
        return f"the {COLOURS[o]} die was set aside, not rolled: only a die just rolled may be taken (DD8); {now}"
    if o in DIE and phase == SECOND and o == s.took[me]:
        return f"the {COLOURS[o]} die is taken already: a second die must be another (DD10); {now}"
    if o in DIE and phase in (COMPLETE, JOKER_DICE, SOLO_WRITE) and s.used >> o & 1:
        return f"the {COLOURS[o]} die is used already: each die once; {now}"
    if o == -1 and move.to in SLOT and phase == USE:
        dice = [m for m in move.marks if m < DICE]
        if any(s.used >> k & 1 for k in dice):
            return f"a die is used already: each die once; {now}"
        slot = move.to - SLOT[0]
        if s.market[slot] < 0:
            return f"{slot_name(slot)} is empty; {now}"
        price = PRICES[slot % 4]
        return (
            f"{slot_name(slot)} costs {price} dice of one value (fewer with discount ticks, +1/-1 ticks to make"
            f" them equal), and the card needs a place; {now}"
        )
    if move.to in PLACES and phase in (LAY, PLACE, JOKER_CARD) and move.origin != COMPLETE_T:
        if move.to - PLACES[0] not in game.free_places(s.tableaux[me]):
            return (
                f"a card goes touching another by an edge or a corner, the tableau within 3 columns and 3 rows"
                f" (DD4, DD7); {now}"
            )
    if o == COMPLETE_T and phase == USE:
        return f"a card is completed only by filling all its empty boxes at once with the dice left (DD6); {now}"
    if o in DIE and phase == COMPLETE:
        return f"that write leaves the card impossible to complete with the dice left (DD6); {now}"
    if o in DIE and phase in (PASSIVE, SECOND, JOKER_DICE, SOLO_WRITE):
        return f"that box does not take that die, or the card could no longer be completed (DD3, DD8); {now}"
    words = {
        PUTBACK: "put back one of the four cards dealt (putback:#N)",
        LAY: "lay a card of its hand, the first at c3, the next touching it",
        ACTIVE: "stop, or play a joker" if s.rolls >= 3 else "reroll some dice or stop",
        PASSIVE: "take a die just rolled into one of its boxes, or decline (pass)",
        SECOND: "take a second die just rolled (a bonus), or decline (pass)",
        USE: "buy, complete a card, or end the turn (pass)",
        PLACE: "place the card bought",
        COMPLETE: "write a die on the card being completed",
        JOKER_DICE: "write a die as a passive player, or stop (pass)",
        JOKER_CARD: "place the card drawn, or put it back",
        SOLO_WRITE: "write a die as a passive player, or stop (pass)",
        SOLO_REMOVE: "remove the far card of a market row",
    }.get(phase, "")
    who = game.player_names[me] if me >= 0 else "chance"
    return f"{who} must {words}; {now}" if words else f"that move is not legal here; {now}"


def buy_words(marks: tuple[int, ...]) -> list[str]:
    reads = {(m - READ0) // 6: (m - READ0) % 6 + 1 for m in marks if READ0 <= m < RECOLOUR0}
    words = [LETTERS[m] + (f"={reads[m]}" if m in reads else "") for m in marks if m < DICE]
    words += [f"less{m - LESS0}" for m in marks if LESS0 < m < SEAT0]
    return words


def write_word(die: int, box: int, marks: Iterable[int]) -> str:
    place, b = divmod(box - BOX0, BOXES)
    word = LETTERS[die]
    for m in marks:
        if READ0 <= m < RECOLOUR0:
            word += f"={(m - READ0) % 6 + 1}"
    for m in marks:
        if RECOLOUR0 <= m < LESS0:
            word += f"~{LETTERS[(m - RECOLOUR0) % 5]}"
    return f"{word}>{place_name(place)}.{b + 1}"
