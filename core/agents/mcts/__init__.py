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

Modules: :mod:`.settings` (the parameters and what a search makes of them),
:mod:`.tree` (nodes, proofs, RAVE's statistics), :mod:`.playouts` (random
games that record their moves, MAST, the eye rule), :mod:`.agent` (the loop).
"""

from __future__ import annotations

from .agent import MctsAgent
from .settings import EXPLORATION, WIDENING, Plan, Settings
from .tree import RAVE_K, Node, best_child

__all__ = ["EXPLORATION", "RAVE_K", "WIDENING", "MctsAgent", "Node", "Plan", "Settings", "best_child"]
