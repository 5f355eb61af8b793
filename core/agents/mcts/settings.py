"""What an ``mcts`` seat is told (its parameters, as one frozen value) and
what a search of a given game makes of them (:class:`Plan`: how new nodes
are valued, which enhancements are on, the exploration constant)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from ...rules.game import Game, State
from ...rules.options import ChoiceOption, FloatOption, IntOption
from ..cutoff import counts_squares, mobility, reach, tells

#: UCT's exploration constant for each way of valuing a node. A playout's
#: result is a whole game won or lost, while evaluations of sibling positions
#: differ by hundredths, and a playout valued by mobility ends in a share of
#: moves: each needs its own constant (measured in docs/strength.md).
EXPLORATION = {"random": 1.4, "heuristic": 1.4, "evaluate": 0.05, "mobility": 0.1, "rave": 0.3}

#: Progressive widening (``prior=evaluation``): a node visited n times
#: searches its ceil(WIDENING * sqrt(n)) best moves by the prior.
WIDENING = 2.0

PARAMETERS = (
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
        "a playout plays 60% of the time the move that did best in this search's playouts); "
        "whether it helps depends on the game (docs/strength.md)",
        "off",
        choices=("on", "off"),
    ),
    ChoiceOption(
        "mobility",
        "playouts cut short and valued by mobility (each side's ways to begin a move): auto uses "
        "it for a game with rules only where mobility tells the sides apart in random games, "
        "instead of RAVE",
        "auto",
        choices=("auto", "on", "off"),
    ),
    ChoiceOption(
        "count",
        "what mobility counts: moves (origin-destination pairs) or squares (the distinct squares "
        "reached); auto counts squares where no piece ever leaves the board in random games",
        "auto",
        choices=("auto", "moves", "squares"),
    ),
    ChoiceOption(
        "eyes",
        "random playouts (those feeding RAVE) do not place a piece on a site whose neighbours all hold "
        "the mover's own pieces (an eye, in Go) while another move remains, where pieces are kept "
        "as masks (BitboardState)",
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


def general(game: Game) -> bool:
    """Whether ``game`` is searched by the general tree (:class:`~.tree.Branch`:
    every player's value, chance sampled, single-observer information sets)
    rather than the two-sided one (:class:`~.tree.Node`): any game but two
    players in full view with nothing left to chance."""
    return game.has_chance or game.hidden_information or game.number_of_players != 2


@attrs.frozen
class Settings:
    """An ``mcts`` seat's parameters, as given (``auto`` left to :meth:`plan`)."""

    playout: str = "auto"
    prior: str = "none"
    rave: str = "auto"
    mast: bool = False
    mobility: str = "auto"
    count: str = "auto"
    eyes: bool = True
    mix: float = 0.0
    cutoff: int = 4
    c: float | None = None

    @classmethod
    def from_parameters(cls, given: Mapping[str, object]) -> Settings:
        """From an agent's checked parameters (missing ones take their default)."""
        c = given.get("c")
        return cls(
            playout=str(given.get("playout") or "auto"),
            prior=str(given.get("prior") or "none"),
            rave=str(given.get("rave") or "auto"),
            mast=given.get("mast") == "on",
            mobility=str(given.get("mobility") or "auto"),
            count=str(given.get("count") or "auto"),
            eyes=given.get("eyes") != "off",
            mix=float(given.get("mix") or 0.0),  # type: ignore[arg-type]
            cutoff=int(given.get("cutoff") or 4),  # type: ignore[call-overload]
            c=None if c is None else float(c),  # type: ignore[arg-type]
        )

    @property
    def plain(self) -> bool:
        """Plain UCT (``playout=random``) stays plain, a reference for the rest:
        no wins-at-once test, no proofs, no endgame solver, no enhancement."""
        return self.playout == "random"

    def decisive(self, game: Game) -> bool:
        """Whether new nodes look for a move that wins at once: not in plain
        UCT, and only where the game can tell quickly."""
        return not self.plain and game.quick_wins_test

    def plan_general(self, state: State) -> Plan:
        """What a search beyond two players in full view does (:func:`general`):
        new nodes valued by the evaluation (every player's) or by a playout to
        the end (every player's returns), with ``mix`` as for two; no proofs,
        no wins-at-once test, no endgame solver (nothing is certain where
        chance or hidden parts remain, and a win at once for one of several
        players is not the others' loss), no RAVE, MAST, mobility or priors
        (each written for two sides)."""
        mix, policy, evaluate = self._valuing(state.game)
        return Plan(
            policy=policy,
            evaluate=evaluate,
            c=self.c if self.c is not None else EXPLORATION[policy],
            decisive=False,
            proving=False,
            widen=False,
            rave=False,
            mast=False,
            eyes=False,
            cutoff=0,
            count=mobility,
            mix=mix,
        )

    def _valuing(self, game: Game) -> tuple[float, str, bool]:
        """How new nodes are valued, for either plan: the share ``mix`` of the
        evaluation blended into playouts, the playout policy (``auto`` settled)
        and whether nodes are valued by the evaluation alone."""
        mix = self.mix if game.has_evaluation and not self.plain else 0.0
        policy = self.playout
        if policy == "auto":
            policy = "evaluate" if game.has_evaluation and not mix else "heuristic"
        return mix, policy, policy == "evaluate"

    def plan(self, state: State) -> Plan:
        """What a search from ``state`` does, its game's declarations settling every ``auto``."""
        game = state.game
        plain = self.plain
        in_parts = game.moves_in_parts
        mix, policy, evaluate = self._valuing(game)
        # RAVE learns from the moves of random playouts (whole moves, which recur from one to
        # another); by default only for a game written with rules only (no playout, no
        # test of wins of its own, which the playouts would then leave out).
        rules_only = type(game).playout is Game.playout and not game.quick_wins_test
        rave = not evaluate and not in_parts and (self.rave == "on" or (self.rave == "auto" and rules_only))
        rave = rave and not (plain and self.rave == "auto")
        by_mobility = not evaluate and not plain and self.mobility != "off"
        by_mobility = by_mobility and (self.mobility == "on" or (rules_only and tells(game)))
        in_squares = self.count == "squares" or (self.count == "auto" and by_mobility and counts_squares(game))
        rave = rave and not by_mobility  # RAVE learns from whole playouts
        c = self.c if self.c is not None else EXPLORATION[policy]
        if by_mobility and self.c is None:
            c = EXPLORATION["mobility"]
        elif rave and self.c is None:
            c = EXPLORATION["rave"]
        return Plan(
            policy=policy,
            evaluate=evaluate,
            c=c,
            decisive=self.decisive(game),
            proving=not plain,
            widen=self.prior == "evaluation" and not plain and not in_parts,
            rave=rave,
            mast=rave and self.mast,
            eyes=rave and self.eyes,
            cutoff=self.cutoff if by_mobility else 0,
            count=reach if in_squares else mobility,
            mix=mix,
        )


@attrs.frozen
class Plan:
    """One search's decisions (:meth:`Settings.plan`)."""

    #: How a new node is valued: ``evaluate``, ``heuristic`` or ``random`` (a playout's policy).
    policy: str
    evaluate: bool
    #: UCT's exploration constant.
    c: float
    #: Whether new nodes look for a move that wins at once.
    decisive: bool
    #: MCTS-Solver: proofs climb the tree.
    proving: bool
    #: Progressive widening by the evaluation.
    widen: bool
    rave: bool
    mast: bool
    eyes: bool
    #: Random moves before a playout is valued by mobility; 0: played to the end.
    cutoff: int
    #: What mobility counts (moves or squares reached).
    count: Callable[[State], int]
    #: The evaluation's weight beside a playout's result.
    mix: float
