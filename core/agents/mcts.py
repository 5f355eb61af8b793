"""Monte Carlo tree search with UCT, and MCTS-Solver.

Each simulation walks down the tree by UCT, adds one node, values it and
backs the value up. A new node is valued by the game's evaluation where the
game has one (no playout: a search a few plies deep on a fair evaluation
beats averaging random games, measured in docs/strength.md), else by playing
the game out with its playout (random, or its heuristic policy). Except in
plain UCT (``playout=random``), a new node whose player to move can win at
once is tried with that move only, and won and lost positions are proven as
the tree grows (Winands, Björnsson and Saito's MCTS-Solver): a move that
forces a win is played, moves that lose by force are passed over, and the
search stops once the root is proven. With ``prior=evaluation`` (progressive
widening), a node's moves are ranked by the evaluation after each and only
the best few are searched, more as the node is visited. Bounded by
iterations or time; the tree is kept between moves and reused when the game
went on from a position it holds. Near the end of a game that allows it,
the exact solver plays instead (:mod:`.solver`), except in plain UCT, kept
plain as a reference. For a game written with rules only, playouts also
feed RAVE (Gelly and Silver's rapid action value estimation): each node
learns the value of its moves from every simulation through it that played
them later, which makes a few hundred simulations worth far more (at Hex
11×11, 12 of 12 games against OpenSpiel's MCTSBot at equal simulations,
against 9 of 24 without; docs/strength.md); with ``mast=on`` the playouts
also favour the moves that did best in them (Finnsson and Björnsson's MAST),
which depends on the game (a gain at Othello, a loss at Go and Hex). Those
playouts keep their own eyes (``eyes=on``, the default): a placement on a
site whose neighbours all hold the mover's pieces is drawn again while
another move remains, as Go programs' playouts do (Go against OpenSpiel's
MCTSBot: 10% of games without, 69% with). With ``mix=λ`` a game's
evaluation is blended into each new node's playout value (AlphaGo's
mixing of its value network and rollouts). Where
mobility (each side's ways to begin a move, or where no piece ever leaves
the board the squares its pieces reach) tells a game's sides apart,
simulations play a few random moves and are valued by it instead
(:mod:`.cutoff`: Othello, Amazons, Breakthrough). A game whose moves are made in parts
searches a tree over the parts.
"""

from __future__ import annotations

import math
import random
import time

from ..bitboard import BitboardState
from ..game import Game, State
from ..moves import PASS, Move
from ..options import ChoiceOption, FloatOption, IntOption
from ..parts import NOTHING_YET, leads_to, next_steps, random_move, started
from .base import Agent, Budget
from .cutoff import counts_squares, cut_playout, mobility, reach, tells
from .solver import endgame_move

#: UCT's exploration constant for each way of valuing a node. A playout's
#: result is a whole game won or lost, while evaluations of sibling positions
#: differ by hundredths: the same constant would drown them, and the search
#: would spread its visits evenly instead of looking deeper at the best
#: moves. Measured at 0.5 s a move against ``greedy`` at Verso
#: (docs/strength.md): with the evaluation, c = 1.4 won 50% of games, 0.2
#: 50%, 0.1 90%, 0.05 and 0.02 100%. A playout valued by mobility ends in
#: a share of moves, mostly 0.3 to 0.7: at Amazons against OpenSpiel's
#: MCTSBot, 0.3 won 2 of 10, 0.1 4 of 10, 0.05 3 of 10. Playouts feeding
#: RAVE, whose blend already spreads a node's visits (Go, 500 simulations a
#: move each, playouts keeping their eyes: 0.3 beat 1.4 16.5 of 20, and
#: 0.1 scored 8 of 18 against 0.3).
EXPLORATION = {"random": 1.4, "heuristic": 1.4, "evaluate": 0.05, "mobility": 0.1, "rave": 0.3}

#: RAVE's equivalence parameter: a child's own value and its all-moves-as-first
#: value weigh the same after about K / 3 visits of it (Gelly and Silver).
RAVE_K = 300.0

#: Progressive widening (``prior=evaluation``): a node visited n times
#: searches its ceil(WIDENING * sqrt(n)) best moves by the prior.
WIDENING = 2.0


class Node:
    """A position, or in a game whose moves are made in parts, a move being
    made in it (``partial`` started): the tree then branches a part at a
    time (as OpenSpiel's MCTS does over actions), never on whole moves."""

    __slots__ = (
        "state",
        "move",
        "partial",
        "parent",
        "children",
        "untried",
        "visits",
        "wins",
        "mover",
        "proven",
        "ranked",
        "ids",
        "amaf_id",
        "amaf_wins",
        "amaf_plays",
    )

    def __init__(
        self,
        state: State,
        move: Move | None,
        parent: Node | None,
        rng: random.Random,
        decisive: bool,
        partial: Move = NOTHING_YET,
    ) -> None:
        self.state = state
        #: The move into this node: whole, or the move being made so far.
        self.move = move
        self.partial = partial
        self.parent = parent
        self.children: list[Node] = []
        if state.game.moves_in_parts:
            untried = next_steps(state.parts, partial) if state.outcome is None else []
            decisive = False  # no list of whole moves to test
        else:
            untried = list(state.legal_moves)
        _shuffle(untried, rng)  # popping from the end is then a random choice
        if decisive and untried:
            # A move that wins at once is the only one worth trying: a node
            # whose opponent can win next move then loses every simulation,
            # which plain UCT finds only once it expands that reply by chance.
            wins = state.winning_moves()
            if wins:
                untried = [wins[0]]
        self.untried = untried
        self.visits = 0
        self.wins = 0.0  # for the player who made ``move`` (who moved into this node)
        self.mover = parent.state.turn if parent is not None else -1
        #: MCTS-Solver: 1 if the player who moved into this node has a forced
        #: win from here, -1 a forced loss, 0 not proven (draws are not proven).
        self.proven = 0
        #: Progressive widening: whether ``untried`` is ranked by the move prior.
        self.ranked = False
        #: RAVE: a number for each move met in the tree (one dict for the
        #: whole tree), this node's move's, and for each move of the player
        #: to move here, by its number, the wins and plays over the
        #: simulations through this node that played it later (all moves as
        #: first): lists rather than a dict of [wins, plays], as selection
        #: reads them for every child at every step, and a list per move made
        #: Python's garbage collector walk a hundred objects a node. Empty
        #: until a simulation counts a move here; 0 plays: never played.
        self.ids: dict[Move, int] = parent.ids if parent is not None else {}
        ids = self.ids
        self.amaf_id = -1 if move is None else ids.setdefault(move, len(ids))
        self.amaf_wins: list[float] = []
        self.amaf_plays: list[float] = []
        outcome = state.outcome
        if outcome is not None and outcome.winner_index is not None and self.mover >= 0:
            self.proven = 1 if outcome.winner_index == self.mover else -1

    @property
    def amaf(self) -> dict[Move, tuple[float, float]]:
        """RAVE's statistics here, by move: (wins, plays) of each move the
        simulations through this node played later (for tests and the curious)."""
        wins, plays = self.amaf_wins, self.amaf_plays
        return {move: (wins[i], plays[i]) for move, i in self.ids.items() if i < len(plays) and plays[i]}

    def settle(self) -> None:
        """Prove this node from its children where they allow: a child the
        player to move here wins by makes this node lost for whoever moved
        into it; if every move from here is lost, it is won for them."""
        if self.proven:
            return
        children = self.children
        # A part of a move: whoever moved into this node also chooses here.
        sign = 1 if self.mover == self.state.turn else -1
        if any(child.proven == 1 for child in children):
            self.proven = sign
        elif not self.untried and children and all(child.proven == -1 for child in children):
            self.proven = -sign

    def grow(self, move: Move, rng: random.Random, decisive: bool) -> Node:
        """The child after ``move``: a whole move's position, or one more part
        of the move being made (``move`` then the move so far; ``partial``
        itself: it ends here, or passes)."""
        state = self.state
        if state.game.moves_in_parts and move != self.partial:
            after = state.parts(move)
            if after.squares or not after.complete:  # more parts to choose
                return Node(state, move, self, rng, False, partial=move)
        return Node(state.play_unchecked(move), move, self, rng, decisive)


class MctsAgent(Agent):
    name = "mcts"
    summary = (
        "Monte Carlo tree search (UCT) valuing new nodes by the game's evaluation or by playouts; "
        "exact near the end unless playout=random"
    )
    budget_kinds = ("time", "iterations")
    default_budget = Budget(time=1.0)
    parameters = (
        ChoiceOption(
            "playout",
            "how a new node is valued: auto (the game's evaluation if it has one, else "
            "a heuristic playout), the evaluation, a playout by the game's heuristic "
            "policy, or a uniformly random playout (plain UCT)",
            "auto",
            choices=("auto", "evaluate", "heuristic", "random"),
        ),
        ChoiceOption(
            "prior",
            "move priors: none, or evaluation (progressive widening: a node's moves "
            "ranked by the evaluation after them, the best tried first, and only "
            f"{WIDENING:g}·√visits of them searched)",
            "none",
            choices=("none", "evaluation"),
        ),
        ChoiceOption(
            "rave",
            "RAVE (rapid action value estimation: a move's value is also learnt from the "
            "simulations that played it later): auto uses it where new nodes are valued by "
            "playouts (no evaluation of the game's own; not in plain UCT, nor for moves made in parts)",
            "auto",
            choices=("auto", "on", "off"),
        ),
        ChoiceOption(
            "mast",
            "MAST (move-average sampling: with RAVE, so not where playouts are valued by mobility, "
            "a playout plays 60% of the time the move that did best in this search's playouts): off "
            "by default, as it won at Othello and lost at Go and Hex (docs/strength.md)",
            "off",
            choices=("on", "off"),
        ),
        ChoiceOption(
            "mobility",
            "playouts cut short and valued by mobility (each side's ways to begin a move): auto uses "
            "it for a game with rules only where mobility tells the sides apart in random games "
            "(Othello, Amazons; not Go or Hex), instead of RAVE",
            "auto",
            choices=("auto", "on", "off"),
        ),
        ChoiceOption(
            "count",
            "what mobility counts: moves (origin-destination pairs) or squares (the distinct squares "
            "reached); auto counts squares where no piece ever leaves the board in random games "
            "(Amazons), moves elsewhere (Breakthrough)",
            "auto",
            choices=("auto", "moves", "squares"),
        ),
        ChoiceOption(
            "eyes",
            "random playouts (those feeding RAVE) do not place a piece on a site whose neighbours all hold "
            "the mover's own pieces (an eye, in Go) while another move remains, where pieces are kept "
            "as masks (BitboardState): on by default (Go against OpenSpiel's MCTSBot: 10% of games without, 69% with)",
            "on",
            choices=("on", "off"),
        ),
        FloatOption(
            "mix",
            "the weight of the game's evaluation in a new node's value beside its random playout's "
            "(AlphaGo's mixing; 0: the playout alone): above 0, a game with an evaluation is played out "
            "as one with rules only is",
            0.0,
            minimum=0.0,
            maximum=1.0,
        ),
        IntOption("cutoff", "the random moves a playout valued by mobility plays first", 4, minimum=1, maximum=1000),
        FloatOption(
            "c",
            "the UCT exploration constant (by default "
            + ", ".join(f"{c} with {kind}" for kind, c in EXPLORATION.items())
            + ")",
            None,
            minimum=0.0,
            maximum=100.0,
        ),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.policy = str(settings.get("playout") or "auto")
        #: Plain UCT (``playout=random``) stays plain, a reference for the
        #: rest: no wins-at-once test, no proofs, no endgame solver.
        self.plain = self.policy == "random"
        self.widen = settings.get("prior") == "evaluation"
        self.rave = str(settings.get("rave") or "auto")
        self.mast = settings.get("mast") == "on"
        self.mobility = str(settings.get("mobility") or "auto")
        self.cutoff = int(settings.get("cutoff") or 4)  # type: ignore[call-overload]
        self.count = str(settings.get("count") or "auto")
        self.eyes = settings.get("eyes") != "off"
        self.mix = float(settings.get("mix") or 0.0)  # type: ignore[arg-type]
        c = settings.get("c")
        self.c = None if c is None else float(c)  # type: ignore[arg-type]
        self.root: Node | None = None
        self.stats: dict[str, float] = {}

    def reset(self) -> None:
        self.root = None

    def _reuse(self, state: State, rng: random.Random) -> Node:
        """The node of ``state`` in the kept tree, as the new root, or a new root."""
        node = self.root
        if node is not None and node.state.game == state.game:
            done = node.state.history
            if state.history[: len(done)] == done:
                for move in state.history[len(done) :]:
                    node = _follow(node, move)
                    if node is None:
                        break
                if node is not None:
                    node.parent = None
                    node.mover = -1
                    return node
        return Node(state, None, None, rng, self._looks_for_wins(state))

    def _looks_for_wins(self, state: State) -> bool:
        """Whether new nodes look for a move that wins at once: not in plain
        UCT, and only where the game can tell quickly."""
        return not self.plain and state.game.quick_wins_test

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        in_parts = state.game.moves_in_parts
        moves = () if in_parts else state.legal_moves  # a game in parts lists no whole moves
        root = self._reuse(state, rng)
        self.root = root
        if len(moves) == 1:
            self.stats = {"iterations": 0, "reused": root.visits}
            return moves[0]
        reused = root.visits
        deadline = budget.deadline()
        solved = None if self.plain else endgame_move(state, deadline)
        if solved is not None:  # the end is near: play it perfectly
            self.stats = {"iterations": 0, "reused": reused, "solved": solved.value}
            return solved.move
        limit = budget.iterations
        if limit is None and deadline is None:
            deadline = time.perf_counter() + (self.default_budget.time or 1.0)
        policy = self.policy
        mix = self.mix if state.game.has_evaluation and not self.plain else 0.0
        if policy == "auto":
            policy = "evaluate" if state.game.has_evaluation and not mix else "heuristic"
        evaluate = policy == "evaluate"
        c = self.c if self.c is not None else EXPLORATION[policy]
        log, sqrt = math.log, math.sqrt
        betas = _BETAS
        decisive = self._looks_for_wins(state)
        proving = not self.plain  # MCTS-Solver
        widen = self.widen and not self.plain and not in_parts  # plain UCT stays plain
        # RAVE learns from the moves of random playouts (whole moves, which recur from one to
        # another); by default only for a game written with rules only (no playout, no
        # test of wins of its own, which the playouts would then leave out).
        game = state.game
        rules_only = type(game).playout is Game.playout and not game.quick_wins_test
        rave = not evaluate and not in_parts and (self.rave == "on" or (self.rave == "auto" and rules_only))
        rave = rave and not (self.plain and self.rave == "auto")  # plain UCT stays plain
        by_mobility = not evaluate and not self.plain and self.mobility != "off"
        by_mobility = by_mobility and (self.mobility == "on" or (rules_only and tells(game)))
        cutoff = self.cutoff if by_mobility else 0
        in_squares = self.count == "squares" or (self.count == "auto" and by_mobility and counts_squares(game))
        count = reach if in_squares else mobility
        rave = rave and not by_mobility  # RAVE learns from whole playouts
        if by_mobility and self.c is None:
            c = EXPLORATION["mobility"]
        elif rave and self.c is None:
            c = EXPLORATION["rave"]
        mast = (_Averages(), _Averages()) if rave and self.mast else None
        eyes = _eyes(state) if rave and self.eyes else None
        clock = time.perf_counter
        done = 0
        while (limit is None or done < limit) and (deadline is None or clock() < deadline):
            if proving and root.proven:
                break  # the result is known: searching on changes nothing
            done += 1
            node = root
            # Selection: descend through fully expanded, unproven nodes by UCT,
            # never into a move proven to lose while another is open.
            while node.children and not (proving and node.proven):
                if node.untried and not (widen and self._wide_enough(node)):
                    break  # a move to expand here
                log_n = log(node.visits)
                best, best_value = node.children[0], -2.0
                blend = rave and _fit(node)
                amaf_wins, amaf_plays = node.amaf_wins, node.amaf_plays
                if blend and node.visits >= len(betas):
                    _more_betas(node.visits)
                for child in node.children:
                    visits = child.visits
                    value = child.wins / visits
                    if blend:  # blend in the move's value from other simulations
                        plays = amaf_plays[child.amaf_id]
                        if plays:
                            beta = betas[visits]
                            value = (1 - beta) * value + beta * amaf_wins[child.amaf_id] / plays
                    value += c * sqrt(log_n / visits)
                    if proving and child.proven == -1:
                        value = -1.0
                    if value > best_value:
                        best, best_value = child, value
                node = best
            # Expansion: one new node.
            if node.untried and not (proving and node.proven):
                if widen and not node.ranked:
                    self._rank(node)
                if rave and _fit(node):  # the move that did best in other simulations first
                    _best_first(node)
                child = node.grow(node.untried.pop(), rng, decisive)
                node.children.append(child)
                node = child
            # Simulation: the value of the leaf for player 0, from 0 to 1 (two
            # players, zero sum: the other player's value is one minus it).
            if proving and node.proven:  # the known result: won or lost by its mover
                value = float((node.mover == 0) == (node.proven == 1))
            elif evaluate:
                value = (node.state.evaluate(0) + 1) / 2
            elif rave:
                winner, played = _recorded_playout(node.state, rng, mast, eyes)
                value = 0.5 if winner is None else float(winner == 0)
                _update_amaf(node, played, value)
                if mast is not None:
                    _update_mast(mast, played, value)
            else:
                leaf = node.state
                if started(node.partial):  # a move half made: finished at random first
                    leaf = leaf.play_unchecked(random_move(leaf.parts, rng, node.partial))
                if cutoff:  # a few random moves, valued by mobility (never with RAVE)
                    value = cut_playout(leaf, rng, cutoff, count)
                else:
                    winner = leaf.playout(rng, policy) if leaf.outcome is None else leaf.outcome.winner_index
                    value = 0.5 if winner is None else float(winner == 0)
            if mix and node.state.outcome is None and not (proving and node.proven):
                # the node's position (a move half made: the position it is made in, as for its siblings)
                value = (1 - mix) * value + mix * (node.state.evaluate(0) + 1) / 2
            # Backpropagation: each node counts the value for the player who
            # moved into it; proofs climb as far as they hold. A node's proof
            # can only change with a child's, so the climb starts at a proven
            # leaf and stops at the first node it leaves unproven (settling
            # every node of every path cost a sixth of the time at Donuts).
            up: Node | None = node
            settling = proving and node.proven != 0
            while up is not None:
                up.visits += 1
                up.wins += value if up.mover == 0 else 1 - value
                if settling and up is not node:
                    was = up.proven
                    up.settle()
                    settling = up.proven != was
                up = up.parent
        self.stats = {"iterations": done, "reused": reused, "proven": -root.proven}
        if not root.children:  # the time ran out before a first simulation: a move drawn as a playout draws one
            return random_move(state.parts, rng)
        node = best_child(root)
        while started(node.partial):  # a part: the best way on from it, to a whole move
            if not node.children:
                return random_move(state.parts, rng, node.partial)
            node = best_child(node)
        return node.move  # type: ignore[return-value]

    @staticmethod
    def _wide_enough(node: Node) -> bool:
        """Progressive widening: whether ``node`` has as many children as
        its visits allow (more once all it has are proven lost)."""
        if len(node.children) < math.ceil(WIDENING * math.sqrt(node.visits)):
            return False
        return any(child.proven != -1 for child in node.children)

    @staticmethod
    def _rank(node: Node) -> None:
        """Order the moves left at ``node`` by the evaluation after each, for
        the player to move there, so that the best is expanded first."""
        state, me = node.state, node.state.turn
        node.untried.sort(key=lambda move: state.play_unchecked(move).evaluate(me))
        node.ranked = True


def best_child(node: Node) -> Node:
    """The child a search plays from ``node``: one proven to win if there is
    one; else the most visited of those not proven to lose (all of them if
    every one loses: then the most visited, which held out longest)."""
    for child in node.children:
        if child.proven == 1:
            return child
    open_moves = [child for child in node.children if child.proven != -1] or node.children
    return max(open_moves, key=lambda ch: (ch.visits, ch.wins))


def _follow(node: Node, move: Move) -> Node | None:
    """The child of ``node`` after ``move`` was played, through the parts of
    the move in a game whose moves are made in parts; None if not in the tree."""
    while True:
        for child in node.children:
            if not started(child.partial):
                if child.move == move:
                    return child
            elif leads_to(child.partial, move):
                node = child
                break
        else:
            return None


class _Averages(dict):  # type: ignore[type-arg]
    """MAST's table for one player: a move's average value over the playouts
    that played it, and its counts; an unseen move is worth an even 0.5."""

    def __init__(self) -> None:
        super().__init__()
        # A pass is never the greedy choice: where two passes end the game
        # (Go), playouts that learnt to pass would stop at once.
        self[PASS] = -1.0
        self.sums: dict[Move, float] = {}
        self.counts: dict[Move, int] = {}

    def __missing__(self, move: Move) -> float:
        return 0.5


#: MAST's share of playout moves drawn uniformly at random (epsilon-greedy,
#: Tak, Winands and Björnsson's 0.4).
MAST_EPSILON = 0.4


def _update_mast(mast: tuple[_Averages, _Averages], played: tuple[list[Move], list[Move]], value: float) -> None:
    for player, moves in enumerate(played):
        table = mast[player]
        sums, counts = table.sums, table.counts
        share = value if player == 0 else 1 - value
        for move in set(moves).difference((PASS,)):
            total = sums[move] = sums.get(move, 0.0) + share
            n = counts[move] = counts.get(move, 0) + 1
            table[move] = total / n


def _eyes(state: State) -> tuple[int, ...] | None:
    """Each site's neighbours as a mask, where the state's pieces are masks (for the eye rule), else None:
    a playout given them reads ``state.boards`` (a BitboardState's)."""
    grid = getattr(state.game, "grid", None)
    return grid.beside if isinstance(state, BitboardState) and grid is not None else None


def _no_eye(moves: tuple[Move, ...] | list[Move], mine: int, beside: tuple[int, ...]) -> list[Move]:
    """The moves but placements on a site all of whose neighbours are ``mine``."""
    return [m for m in moves if m.origin >= 0 or m.to < 0 or beside[m.to] & ~mine]


def _recorded_playout(
    state: State,
    rng: random.Random,
    mast: tuple[_Averages, _Averages] | None = None,
    eyes: tuple[int, ...] | None = None,
) -> tuple[int | None, tuple[list[Move], list[Move]]]:
    """A random playout, with the moves each player played in it (by the
    player's index), for RAVE; the winner's index or None. It draws exactly
    as ``rng.choice`` over ``state.legal_moves`` would, but inlined, and goes
    to the game's own ``generate_moves`` and ``apply`` (what ``legal_moves``
    and ``play_unchecked`` call) where the state class does not change them:
    the calls in between cost a quarter of a Hex playout."""
    played: tuple[list[Move], list[Move]] = ([], [])
    cls = type(state)
    if not (_inlinable(rng) and cls.legal_moves is State.legal_moves and cls.play_unchecked is State.play_unchecked):
        choice = rng.choice
        while state.outcome is None:
            moves = state.legal_moves
            move = choice(moves)
            if mast is not None and len(moves) > 1 and rng.random() >= MAST_EPSILON:
                r = moves.index(move)  # as below: the best by MAST, from the one drawn on
                move = max((*moves[r:], *moves[:r]), key=mast[state.turn].__getitem__)
            if eyes is not None and move.origin < 0 and move.to >= 0:  # as below
                mine = state.boards[state.turn]  # type: ignore[attr-defined]
                if not eyes[move.to] & ~mine:
                    move = choice(_no_eye(moves, mine, eyes) or moves)
            played[state.turn].append(move)
            state = state.play_unchecked(move)
        return state.outcome.winner_index, played
    if state.outcome is not None:
        return state.outcome.winner_index, played
    game = state.game
    generate, apply, getrandbits = game.generate_moves, game.apply, rng.getrandbits
    record = (played[0].append, played[1].append)
    moves = state.legal_moves  # the leaf's, listed when its node was made
    chance = rng.random
    values = None if mast is None else (mast[0].__getitem__, mast[1].__getitem__)
    while True:
        n = len(moves)
        k = n.bit_length()
        r = getrandbits(k)  # random.Random.choice's draw: k bits until one below n
        while r >= n:
            if not n:
                raise IndexError("an ongoing position with no legal moves")
            r = getrandbits(k)
        if values is not None and n > 1 and chance() >= MAST_EPSILON:
            # the best by MAST, ties to the first from the random one on
            move = max((*moves[r:], *moves[:r]), key=values[state.turn])
        else:
            move = moves[r]
        if eyes is not None and move.origin < 0 and (to := move.to) >= 0:
            mine = state.boards[state.turn]  # type: ignore[attr-defined]  # a BitboardState's: see _eyes
            if not eyes[to] & ~mine:  # one's own eye (every neighbour one's own): another move, while there is one
                move = rng.choice(_no_eye(moves, mine, eyes) or moves)
        record[state.turn](move)
        state = apply(state, move)
        if state.outcome is not None:
            return state.outcome.winner_index, played
        moves = generate(state)


def _update_amaf(leaf: Node, played: tuple[list[Move], list[Move]], value: float) -> None:
    """Count ``value`` (for player 0) in the all-moves-as-first statistics of
    every node from ``leaf`` up: at each, the moves its player to move made
    later in this simulation, each once."""
    ids = leaf.ids
    later: list[set[int]] = []
    for moves in played:
        seen = set(moves)
        for move in seen.difference(ids):
            ids[move] = len(ids)
        later.append(set(map(ids.__getitem__, seen)))
    count = len(ids)
    node: Node | None = leaf
    while node is not None:
        state = node.state
        turn = state.turn
        if turn < 2 and state.outcome is None and later[turn]:
            share = value if turn == 0 else 1 - value
            wins, plays = node.amaf_wins, node.amaf_plays
            if len(plays) < count:
                _fit(node, count)
            for i in later[turn]:
                plays[i] += 1.0
            if share:  # a loss adds nothing to the wins
                for i in later[turn]:
                    wins[i] += share
        parent = node.parent
        if parent is not None and node.move is not None and node.mover < 2:
            later[node.mover].add(node.amaf_id)  # the move into this node comes before the ones below it
        node = parent


#: RAVE's weight of a move's all-moves-as-first value in a child visited n
#: times, by n: sqrt(K / (3n + K)), computed once for each n.
_BETAS: list[float] = []


def _more_betas(visits: int) -> None:
    """Extend :data:`_BETAS` past ``visits``."""
    _BETAS.extend(math.sqrt(RAVE_K / (3 * n + RAVE_K)) for n in range(len(_BETAS), 2 * visits + 64))


def _fit(node: Node, count: int = 0) -> bool:
    """Make ``node``'s RAVE lists as long as the tree has move numbers (at
    least ``count``), so that any move's can be read; whether it has any
    (a list is only started when a simulation counts a move in it)."""
    plays = node.amaf_plays
    if not (plays or count):
        return False
    gap = max(count, len(node.ids)) - len(plays)
    if gap > 0:
        node.amaf_wins.extend([0.0] * gap)
        plays.extend([0.0] * gap)
    return True


#: Random classes whose draws :func:`_inlinable` has judged.
_INLINABLE: dict[type, bool] = {}


def _inlinable(rng: random.Random) -> bool:
    """Whether ``rng`` chooses and shuffles as ``random.Random`` does (an
    integer below n from getrandbits, by rejection), so that the search may
    draw the same numbers inline, without two calls a draw."""
    cls = type(rng)
    known = _INLINABLE.get(cls)
    if known is None:
        base = random.Random
        known = _INLINABLE[cls] = (
            getattr(cls, "_randbelow", None) is getattr(base, "_randbelow_with_getrandbits", False)
            and cls.choice is base.choice
            and cls.shuffle is base.shuffle
        )
    return known


def _shuffle(items: list[Move], rng: random.Random) -> None:
    """``rng.shuffle(items)``, drawing the same numbers (inline where it can:
    shuffling a new node's moves was a tenth of a Hex simulation)."""
    if not _inlinable(rng):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _best_first(node: Node) -> None:
    """Put the untried move with the best all-moves-as-first value last (it is
    popped next); moves never seen count as even."""
    untried, wins, plays = node.untried, node.amaf_wins, node.amaf_plays
    values = [0.5 if i is None or not plays[i] else wins[i] / plays[i] for i in map(node.ids.get, untried)]
    best_at = values.index(max(values))  # the first of the best
    untried[best_at], untried[-1] = untried[-1], untried[best_at]
