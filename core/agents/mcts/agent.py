"""The ``mcts`` agent: UCT over the tree (:mod:`.tree`), new nodes valued by
the game's evaluation, by playouts (:mod:`.playouts`, :mod:`..cutoff`) or both,
as its settings and the game's declarations decide (:mod:`.settings`)."""

from __future__ import annotations

import math
import random
import time

from ...rules.chance import CHANCE
from ...rules.game import Game, State
from ...rules.moves import Move
from ...rules.parts import random_whole_move, started
from ..base import BLUNDER, Agent, Budget, cannot_sample
from ..cutoff import cut_playout
from ..solver import endgame_move
from .playouts import Averages, eyes_of, recorded_playout, returns_playout, update_mast
from .settings import PARAMETERS, WIDENING, Settings, general
from .tree import BETAS, Branch, Node, best_child, best_first, fit, follow, more_betas, update_amaf


class MctsAgent(Agent):
    name = "mcts"
    summary = (
        "Monte Carlo tree search (UCT) valuing new nodes by the game's evaluation or by playouts; "
        "exact near the end unless playout=random; any number of players, chance sampled, "
        "hidden information searched over positions drawn from its view (IS-MCTS)"
    )
    budget_kinds = ("time", "iterations")
    default_budget = Budget(time=1.0)
    parameters = (*PARAMETERS, BLUNDER)  # blunder: the levels between greedy and full search

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.search = Settings.from_parameters(settings)
        self.root: Node | Branch | None = None
        self.stats: dict[str, float] = {}

    def reset(self) -> None:
        self.root = None

    @classmethod
    def refuses(cls, game: Game) -> str | None:
        return cannot_sample(game, cls.name)

    def _reuse(self, state: State, rng: random.Random) -> Node:
        """The node of ``state`` in the kept tree, as the new root, or a new root."""
        node = self.root
        if isinstance(node, Node) and node.state.game == state.game:
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
        slip = self.blunder(state, rng)
        if slip is not None:
            return slip
        if general(state.game):  # N players, chance, hidden information: every player's value
            return self._choose_general(state, budget, rng)
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
                    leaf = leaf.play_unchecked(random_whole_move(leaf, rng, node.partial))
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
            return random_whole_move(state, rng)
        node = best_child(root)
        while started(node.partial):  # a part: the best way on from it, to a whole move
            if not node.children:
                return random_whole_move(state, rng, node.partial)
            node = best_child(node)
        return node.move  # type: ignore[return-value]

    def _choose_general(self, view: State, budget: Budget, rng: random.Random) -> Move:
        """The search of :class:`~.tree.Branch` nodes: each simulation starts
        from the position (where information is hidden, from a position drawn
        consistent with ``view``, the only one this agent is given:
        :meth:`Game.sample`), descends by UCB, the player to move at each node
        maximising its own value and chance drawing its outcomes by their
        probabilities, adds one node, values it for every player (the
        evaluation, or a playout's returns) and adds those values up the path.
        A new tree each move: a tree over what this player saw is not the next
        position's."""
        game = view.game
        me, moves = view.turn, view.legal_moves
        hidden = game.hidden_information and view.outcome is None
        root = Branch(None, None, -1, game.number_of_players, [-1.0, 1.0])
        root.state = view
        self.root = root
        if len(moves) == 1:
            self.stats = {"iterations": 0, "reused": 0}
            return moves[0]
        plan = self.search.plan_general(view)
        policy, evaluate, c, mix = plan.policy, plan.evaluate, plan.c, plan.mix
        players = range(game.number_of_players)
        scale = root.scale
        deadline = budget.deadline()
        limit = budget.iterations
        if limit is None and deadline is None:
            deadline = time.perf_counter() + (self.default_budget.time or 1.0)
        log, sqrt, clock, sample = math.log, math.sqrt, time.perf_counter, game.sample
        done = 0
        while (limit is None or done < limit) and (deadline is None or clock() < deadline):
            done += 1
            state = sample(view, me, rng) if hidden else view  # a determinisation (SO-ISMCTS)
            node = root
            path = [root]
            # Selection and expansion: down to a new node or the end of the game.
            while state.outcome is None:
                turn = state.turn
                if turn == CHANCE:  # an outcome drawn by its probability: a child for each met
                    move = state.draw_chance(rng)
                    child = node.index.get(move)
                    node = node.add(move, CHANCE) if child is None else child
                    state = state.play_unchecked(move)
                    path.append(node)
                    continue
                if hidden:  # the moves legal in this determinisation, each available once more
                    legal = state.legal_moves
                    index = node.index
                    untried = [m for m in legal if m not in index]
                    found = [index[m] for m in legal if m in index]
                    for child in found:
                        child.avail += 1
                    if untried:
                        move = untried[rng.randrange(len(untried))]
                        node = node.add(move, turn)
                        node.avail = 1
                        state = state.play_unchecked(move)
                        path.append(node)
                        break
                else:
                    if node.untried is None:
                        node.untried = list(state.legal_moves)
                        rng.shuffle(node.untried)  # popping from the end is then a random choice
                    if node.untried:
                        move = node.untried.pop()
                        node = node.add(move, turn)
                        state = state.play_unchecked(move)
                        path.append(node)
                        break
                    found = node.children
                lo, hi = scale
                span = hi - lo
                log_n = log(node.visits) if node.visits else 0.0
                best, best_value = found[0], -math.inf
                for child in found:
                    visits = child.visits
                    value = (child.totals[turn] / visits - lo) / span
                    value += c * sqrt((log(child.avail) if hidden else log_n) / visits)
                    if value > best_value:
                        best, best_value = child, value
                node = best
                assert best.move is not None  # a child, so the move into it
                state = state.play_unchecked(best.move)
                path.append(node)
            # Simulation: every player's value of the leaf.
            if state.outcome is not None:
                values = state.scaled_returns()
            elif evaluate:
                values = tuple(state.evaluate(p) for p in players)
            else:
                values = returns_playout(state, rng, policy)
                if mix:
                    values = tuple((1 - mix) * values[p] + mix * state.evaluate(p) for p in players)
            low, high = min(values), max(values)
            if low < scale[0] or high > scale[1]:  # an evaluation beyond -1 to 1: the scale widens
                scale[0], scale[1] = min(low, scale[0]), max(high, scale[1])
            # Backpropagation: every node on the path counts every player's value.
            for up in path:
                up.visits += 1
                totals = up.totals
                for p in players:
                    totals[p] += values[p]
        self.stats = {"iterations": done, "reused": 0}
        legal = set(moves)
        open_moves = [child for child in root.children if child.move in legal]
        if not open_moves:  # no simulation finished in time: a random legal move
            return rng.choice(moves)
        return max(open_moves, key=lambda ch: (ch.visits, ch.wins)).move  # type: ignore[return-value]

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
