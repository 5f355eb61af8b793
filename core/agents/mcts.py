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
plain as a reference.
"""

from __future__ import annotations

import math
import random
import time

from ..game import State
from ..moves import Move
from ..options import ChoiceOption, FloatOption
from ..parts import NOTHING_YET, next_steps, parts_of, random_move, started
from .base import Agent, Budget
from .solver import endgame_move

#: UCT's exploration constant for each way of valuing a node. A playout's
#: result is a whole game won or lost, while evaluations of sibling positions
#: differ by hundredths: the same constant would drown them, and the search
#: would spread its visits evenly instead of looking deeper at the best
#: moves. Measured at 0.5 s a move against ``greedy`` at Verso
#: (docs/strength.md): with the evaluation, c = 1.4 won 50% of games, 0.2
#: 50%, 0.1 90%, 0.05 and 0.02 100%.
EXPLORATION = {"random": 1.4, "heuristic": 1.4, "evaluate": 0.05}

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
        rng.shuffle(untried)  # popping from the end is then a random choice
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
        outcome = state.outcome
        if outcome is not None and outcome.winner_index is not None and self.mover >= 0:
            self.proven = 1 if outcome.winner_index == self.mover else -1

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
        if policy == "auto":
            policy = "evaluate" if state.game.has_evaluation else "heuristic"
        evaluate = policy == "evaluate"
        c = self.c if self.c is not None else EXPLORATION[policy]
        log, sqrt = math.log, math.sqrt
        decisive = self._looks_for_wins(state)
        proving = not self.plain  # MCTS-Solver
        widen = self.widen and not self.plain and not in_parts  # plain UCT stays plain
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
                for child in node.children:
                    value = child.wins / child.visits + c * sqrt(log_n / child.visits)
                    if proving and child.proven == -1:
                        value = -1.0
                    if value > best_value:
                        best, best_value = child, value
                node = best
            # Expansion: one new node.
            if node.untried and not (proving and node.proven):
                if widen and not node.ranked:
                    self._rank(node)
                child = node.grow(node.untried.pop(), rng, decisive)
                node.children.append(child)
                node = child
            # Simulation: the value of the leaf for player 0, from 0 to 1 (two
            # players, zero sum: the other player's value is one minus it).
            if proving and node.proven:  # the known result: won or lost by its mover
                value = float((node.mover == 0) == (node.proven == 1))
            elif evaluate:
                value = (node.state.evaluate(0) + 1) / 2
            else:
                leaf = node.state
                if started(node.partial):  # a move half made: finished at random first
                    leaf = leaf.play_unchecked(random_move(leaf.parts, rng, node.partial))
                winner = leaf.playout(rng, policy) if leaf.outcome is None else leaf.outcome.winner_index
                value = 0.5 if winner is None else float(winner == 0)
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
        node = self._best(root)
        while started(node.partial):  # a part: the best way on from it, to a whole move
            if not node.children:
                return random_move(state.parts, rng, node.partial)
            node = self._best(node)
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

    @staticmethod
    def _best(root: Node) -> Node:
        """A move proven to win if there is one; else the most visited of the
        moves not proven to lose (all of them if every move loses: then the
        most visited, which held out longest in the search)."""
        for child in root.children:
            if child.proven == 1:
                return child
        open_moves = [child for child in root.children if child.proven != -1] or root.children
        return max(open_moves, key=lambda ch: (ch.visits, ch.wins))


def _follow(node: Node, move: Move) -> Node | None:
    """The child of ``node`` after ``move`` was played, through the parts of
    the move in a game whose moves are made in parts; None if not in the tree."""
    parts = parts_of(move)
    while True:
        for child in node.children:
            if not started(child.partial):
                if child.move == move:
                    return child
            elif parts_of(child.partial) == parts[: len(parts_of(child.partial))]:
                node = child
                break
        else:
            return None
