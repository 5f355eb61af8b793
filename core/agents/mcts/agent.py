"""The ``mcts`` agent: UCT over the tree (:mod:`.tree`), new nodes valued by
the game's evaluation, by playouts (:mod:`.playouts`, :mod:`..cutoff`) or both,
as its settings and the game's declarations decide (:mod:`.settings`)."""

from __future__ import annotations

import math
import random
import time

from ...rules.game import State
from ...rules.moves import Move
from ...rules.parts import random_move, started
from ..base import Agent, Budget
from ..cutoff import cut_playout
from ..solver import endgame_move
from .playouts import Averages, eyes_of, recorded_playout, update_mast
from .settings import PARAMETERS, WIDENING, Settings
from .tree import BETAS, Node, best_child, best_first, fit, follow, more_betas, update_amaf


class MctsAgent(Agent):
    name = "mcts"
    summary = (
        "Monte Carlo tree search (UCT) valuing new nodes by the game's evaluation or by playouts; "
        "exact near the end unless playout=random"
    )
    budget_kinds = ("time", "iterations")
    default_budget = Budget(time=1.0)
    parameters = PARAMETERS

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.search = Settings.from_parameters(settings)
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
                    node = follow(node, move)
                    if node is None:
                        break
                if node is not None:
                    node.parent = None
                    node.mover = -1
                    return node
        return Node(state, None, None, rng, self.search.decisive(state.game))  # no probe of the game yet

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
        solved = None if self.search.plain else endgame_move(state, deadline)
        if solved is not None:  # the end is near: play it perfectly
            self.stats = {"iterations": 0, "reused": reused, "solved": solved.value}
            return solved.move
        plan = self.search.plan(state)
        limit = budget.iterations
        if limit is None and deadline is None:
            deadline = time.perf_counter() + (self.default_budget.time or 1.0)
        # The plan's decisions as locals: the loop below reads them every simulation.
        policy, evaluate, c, mix, cutoff, count = plan.policy, plan.evaluate, plan.c, plan.mix, plan.cutoff, plan.count
        decisive, proving, widen, rave = plan.decisive, plan.proving, plan.widen, plan.rave
        log, sqrt = math.log, math.sqrt
        betas = BETAS
        mast = (Averages(), Averages()) if plan.mast else None
        eyes = eyes_of(state) if plan.eyes else None
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
                blend = rave and fit(node)
                amaf_wins, amaf_plays = node.amaf_wins, node.amaf_plays
                if blend and node.visits >= len(betas):
                    more_betas(node.visits)
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
                if rave and fit(node):  # the move that did best in other simulations first
                    best_first(node)
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
                winner, played = recorded_playout(node.state, rng, mast, eyes)
                value = 0.5 if winner is None else float(winner == 0)
                update_amaf(node, played, value)
                if mast is not None:
                    update_mast(mast, played, value)
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
