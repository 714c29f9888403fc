"""A determinized Monte Carlo expert: the expert's turn, with its two choices weighed by rollouts.

At the draw (take the top discard or draw from the stock) and at the discard (among the
expert's best few cards) it deals the cards its view does not show at random, consistent with
what it sees (``rollout.sample_world``), plays the hand out from each option with the expert's
style for every seat, and takes the option with the best mean outcome (the others' mean
penalty minus its own; in the match's last hand, winning the match counts too). The same
sampled worlds serve every option. Its random numbers are seeded from the view, so a view
always gets the same answer (and the hint, asked on the same view, agrees with the bot).

A benchmark level (``expert-mc``), not offered on the site: head to head it won 48.4% of 2,000
matches against the expert (``CHANGELOG.md``).

Glossary
    worlds   how many sampled deals an option is played out on
    top      how many of the expert's best discards are weighed
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from romme_engine.actions import Action, Discard, DrawStock, TakeDiscard
from romme_engine.ai.levels import EXPERT, expert_ranking
from romme_engine.ai.plan import Style, Why
from romme_engine.ai.rollout import best_option, match_utility, sample_world, view_seed, weigh
from romme_engine.cards import Card
from romme_engine.hand import Hand
from romme_engine.laydown import LayDown
from romme_engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class MonteCarlo:
    """Rollout sizes and the style every seat follows inside a rollout."""

    worlds: int = 8
    """Sampled deals per option with 2 players (fewer with more players: longer rollouts)."""
    top: int = 2
    close: float = 6.0
    """Only discards scored within this of the expert's best are weighed."""
    model: Style = EXPERT
    horizon: int | None = 10
    """Rollouts stop after this many turns (scored as if everyone paid what they hold)."""
    near: int = 8
    """Rollouts are used only once some player holds this many cards or fewer."""

    def _worlds(self, view: PlayerView, salt: str) -> list[Hand]:
        rng = random.Random(view_seed(view, salt, str(view.scores)))
        count = max(2, self.worlds * 2 // view.players)  # longer rollouts with more players
        found = [sample_world(view, rng) for _ in range(count)]
        return [w for w in found if w is not None]

    def _best(self, view: PlayerView, options: Sequence[Action], salt: str) -> int:
        """Index of the best option; the first (the expert's own choice) wins ties."""
        if len(options) < 2 or min(view.hand_counts) > self.near:
            return 0
        worlds = self._worlds(view, salt)
        if not worlds:
            return 0
        styles = [self.model] * view.players
        return best_option(weigh(view.player, options, worlds, styles, view.scores,
                                 match_utility(view), self.horizon))

    def take(self, view: PlayerView) -> bool:
        """Take the top discard (the expert always does when it may) unless drawing plays
        out better."""
        return self._best(view, [TakeDiscard(), DrawStock()], "draw") == 0

    def discard(self, view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                ) -> tuple[Card, Why]:
        ranked = expert_ranking(view, candidates, whole)[: self.top]
        ranked = [r for r in ranked if r[0] >= ranked[0][0] - self.close]
        options = [Discard(card) for _, card, _ in ranked]
        best = self._best(view, options, "discard")
        return ranked[best][1], ranked[best][2]

    def style(self) -> Style:
        return Style(take=self.take, lay_now=EXPERT.lay_now, discard=self.discard,
                     swap_jokers=EXPERT.swap_jokers, lay_jokers_off=EXPERT.lay_jokers_off)


EXPERT_MC = MonteCarlo().style()
