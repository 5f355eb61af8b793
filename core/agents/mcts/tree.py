"""The search tree: a node per position (or per part of a move being made),
its proofs (MCTS-Solver), the choice of the move to play, and RAVE's
statistics that selection blends in."""

from __future__ import annotations

import math
import random
from typing import overload

from ...rules.game import State
from ...rules.moves import Move
from ...rules.parts import NOTHING_YET, leads_to, next_steps, started
from .playouts import shuffle

#: RAVE's equivalence parameter: a child's own value and its all-moves-as-first
#: value weigh the same after about K / 3 visits of it (Gelly and Silver).
RAVE_K = 300.0


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
        shuffle(untried, rng)  # popping from the end is then a random choice
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


@overload
def best_child(node: Node) -> Node: ...
@overload
def best_child(node: Branch) -> Branch: ...
def best_child(node: Node | Branch) -> Node | Branch:
    """The child a search plays from ``node``: one proven to win if there is
    one; else the most visited of those not proven to lose (all of them if
    every one loses: then the most visited, which held out longest)."""
    for child in node.children:
        if child.proven == 1:
            return child
    open_moves = [child for child in node.children if child.proven != -1] or node.children
    return max(open_moves, key=lambda ch: (ch.visits, ch.wins))


def follow(node: Node, move: Move) -> Node | None:
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


def update_amaf(leaf: Node, played: tuple[list[Move], list[Move]], value: float) -> None:
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
                fit(node, count)
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
BETAS: list[float] = []


def more_betas(visits: int) -> None:
    """Extend :data:`BETAS` past ``visits``."""
    BETAS.extend(math.sqrt(RAVE_K / (3 * n + RAVE_K)) for n in range(len(BETAS), 2 * visits + 64))


def fit(node: Node, count: int = 0) -> bool:
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


def best_first(node: Node) -> None:
    """Put the untried move with the best all-moves-as-first value last (it is
    popped next); moves never seen count as even."""
    untried, wins, plays = node.untried, node.amaf_wins, node.amaf_plays
    values = [0.5 if i is None or not plays[i] else wins[i] / plays[i] for i in map(node.ids.get, untried)]
    best_at = values.index(max(values))  # the first of the best
    untried[best_at], untried[-1] = untried[-1], untried[best_at]


class Branch:
    """A node of the search for every game that is not two players taking
    turns in full view with nothing left to chance (:meth:`Settings.general`):
    any number of players, chance, hidden information.

    It keeps the sum of every player's value over the simulations through
    it (``totals``, by player index), so that the player to move at its
    parent picks the child best for itself (max^n's rule, as Sturtevant's
    UCT for multi-player games does). A chance event has a child per outcome
    met, drawn with its probability. Where information is hidden the tree is
    a single observer's (Cowling, Powley and Whitehouse's SO-ISMCTS): a
    node stands for the moves from the root, each simulation descends by the
    moves legal in its own determinisation, and a child counts how often it
    was available to choose (``avail``), UCB's parent count there.

    It answers what :func:`best_child` and the review read of a
    :class:`Node`: ``children``, ``visits``, ``wins`` (for the player who
    moved into it, from 0 to 1 on the search's scale), ``move``, ``proven``
    (never: nothing is proven where chance or hidden parts remain),
    ``partial`` and ``state``: the search's root position (the one this
    agent was given, its view where information is hidden), which writes any
    move of the tree (a node stands for no one position)."""

    __slots__ = (
        "move",
        "parent",
        "children",
        "index",
        "untried",
        "visits",
        "avail",
        "totals",
        "mover",
        "scale",
        "state",
    )

    #: Nothing is proven in this tree, and its moves are whole moves.
    proven = 0
    partial = NOTHING_YET

    def __init__(self, move: Move | None, parent: Branch | None, mover: int, players: int, scale: list[float]) -> None:
        self.move = move
        self.parent = parent
        self.children: list[Branch] = []
        self.index: dict[Move, Branch] = {}
        #: The moves not yet tried, where the node's position is always the same (no hidden
        #: information); None until first reached.
        self.untried: list[Move] | None = None
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players
        #: Who moved into this node (a player's index, CHANCE for an outcome, -1 at the root).
        self.mover = mover
        #: The search's value range [lowest, highest] (shared by the whole tree).
        self.scale = scale
        self.state: State = parent.state if parent is not None else None  # type: ignore[assignment]  # set at the root

    def add(self, move: Move, mover: int) -> Branch:
        child = Branch(move, self, mover, len(self.totals), self.scale)
        self.children.append(child)
        self.index[move] = child
        return child

    @property
    def wins(self) -> float:
        """The sum of the values of the player who moved into this node, each
        from 0 to 1 on the search's scale (half of the visits for chance's)."""
        if self.mover < 0:
            return self.visits / 2
        lo, hi = self.scale
        return (self.totals[self.mover] - lo * self.visits) / (hi - lo)

    def value(self, player: int) -> float:
        """The mean value of ``player`` over the simulations through this node, on the game's own scale."""
        return self.totals[player] / self.visits if self.visits else 0.0
