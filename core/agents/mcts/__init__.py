"""Monte Carlo tree search with UCT, and MCTS-Solver: the ``mcts`` agent.

Each simulation walks down the tree by UCT, adds one node, values it and
backs the value up. A new node is valued by the game's evaluation where the
game has one, else by playing the game out (its heuristic policy, or at
random in plain UCT, ``playout=random``). Beyond plain UCT: a node whose
player can win at once tries that move only; won and lost positions are
proven as the tree grows (Winands, Björnsson and Saito's MCTS-Solver); the
exact solver plays near the end where the game allows it. Options add
progressive widening by the evaluation (``prior``), RAVE (Gelly and Silver)
and MAST (Finnsson and Björnsson) over random playouts that keep their own
eyes, playouts cut short and valued by mobility (:mod:`..cutoff`), and the
evaluation blended into playout values (``mix``, as AlphaGo mixes). The tree
is kept between moves and reused; a game whose moves are made in parts
searches a tree over the parts. What each option is worth, game by game, is
measured in ``docs/strength.md``.

All of that is for two players taking turns in full view. Any other game
(more or fewer players, chance, hidden information: :func:`.settings.general`)
is searched by a tree of :class:`~.tree.Branch` nodes that keep every
player's value, the player to move at each maximising its own (max^n's rule),
a chance event branching on outcomes drawn by their probabilities, and where
information is hidden, single-observer information-set MCTS: each simulation
from a position drawn consistent with the agent's view (``Game.sample``),
moves chosen by UCB over their availability counts (Cowling, Powley and
Whitehouse). New nodes there are valued by the evaluation for every player
or by a random playout's returns (``playout``, ``mix`` and ``c`` apply; the
two-sided enhancements, proofs and the endgame solver do not), and the tree
is built anew each move.

Modules: :mod:`.settings` (the parameters and what a search makes of them),
:mod:`.tree` (nodes, proofs, RAVE's statistics), :mod:`.playouts` (random
games that record their moves, MAST, the eye rule), :mod:`.agent` (the loop).
"""

from __future__ import annotations

from .agent import MctsAgent
from .settings import EXPLORATION, WIDENING, Plan, Settings, general
from .tree import RAVE_K, Branch, Node, best_child

__all__ = [
    "EXPLORATION",
    "RAVE_K",
    "WIDENING",
    "Branch",
    "MctsAgent",
    "Node",
    "Plan",
    "Settings",
    "best_child",
    "general",
]
