"""A planner looking several turns ahead: the expert's discard, chosen by the race it leads to.

Once opened, for each of the expert's best few discards it estimates, over the same sampled
sequences of its own next draws (unseen cards only: what the view does not show), in how many
turns the kept cards go out, and weighs that against the chance that another player goes out
first (from the cards each one holds) and what the kept cards would cost then. It looks only
at its own view; the others' hands are not sampled, their pace is read from their card counts.

Going out in ``t`` turns: a player holding ``n`` cards makes ``t`` discards in ``t`` turns, so it
is out by turn ``t`` when its cards plus the ``t`` cards drawn can all be laid out (melds, and
lay-offs on the table and on those melds) except ``t`` or fewer, one at least (the last card is
always discarded). The order of the turns is ignored (``Planner.ordered`` plays them in
order), which makes the estimate a little hopeful, the same for every candidate.

A benchmark level (``expert-plan``) until measured better than the expert
(``CHANGELOG.md``).

Glossary
    left     cards of a pool that cannot be laid out
    pace     the chance per turn that some other player goes out
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from romme_engine.ai.levels import EXPERT, expert_ranking, unseen_jokers
from romme_engine.ai.plan import Style, Why
from romme_engine.ai.reading import live_counts
from romme_engine.ai.rollout import view_seed
from romme_engine.cards import DECK, NATURALS, Card, penalty, penalty_total
from romme_engine.laydown import LayDown, best_lay_down
from romme_engine.melds import Meld, MeldKind
from romme_engine.view import PlayerView

OUT_CHANCE = {1: 0.21, 2: 0.03, 3: 0.14, 4: 0.04, 5: 0.03}
"""Chance per turn that an opened player holding this many cards goes out (measured against
simple, ``benchmarks/romme_losses.py``); more cards: ``FAR_CHANCE``."""
FAR_CHANCE = 0.02
CLOSED_CHANCE = 0.01
"""A player that has not opened goes out only by a Hand-Rommé."""
JOKER_PENALTY = 20
"""Only orders the cards a sampled turn throws (the ruleset's figure is used for the cost)."""


@dataclass(frozen=True, slots=True)
class Planner:
    """The settings; ``style()`` seats it as a level."""

    samples: int = 12
    """Sampled sequences of own draws, the same for every candidate discard."""
    horizon: int = 5
    """Draws per sequence: turns looked ahead."""
    top: int = 3
    """How many of the expert's best discards are weighed."""
    gain: float = 15.0
    """What going out first is worth: about what the others pay per lost hand."""
    match_play: bool = False
    """In the match's last hand, weigh outcomes by the match they win rather than by points."""
    pace_of: Callable[[PlayerView, Card], float] | None = None
    """The chance that another player goes out before the next turn once ``card`` is thrown;
    None reads it from the others' card counts (``others_pace``). Set only by a benchmark that
    gives the planner a read of the other hands (``benchmarks/romme_race_oracle.py``)."""
    ordered: bool = False
    """Play the sampled draws turn by turn (throwing each turn the card whose loss leaves the
    fewest cards that cannot be laid out) rather than pooling them: exact about the order of
    the turns, and slower."""

    def discard(self, view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                ) -> tuple[Card, Why]:
        if not view.opened[view.player]:
            return EXPERT.discard(view, candidates, whole)
        ranked = expert_ranking(view, candidates, whole)[: self.top]
        if len(ranked) < 2:
            return ranked[0][1], ranked[0][2]
        pool = unseen(view)
        rng = random.Random(view_seed(view, "plan"))
        draws = [rng.sample(pool, min(self.horizon, len(pool))) for _ in range(self.samples)]
        pace = others_pace(view)
        cache: dict[tuple[int, ...], int] = {}
        joker_penalty = view.ruleset.joker_penalty
        best: tuple[float, int] | None = None
        pick = 0
        last = self.match_play and view.ruleset.hands == view.hand_number
        out = ordered_turns_to_out if self.ordered else turns_to_out
        for index, (_, card, _) in enumerate(ranked):
            kept = [c for c in view.hand if c != card]
            if self.pace_of is not None:
                pace = self.pace_of(view, card)
            cost = penalty_total(kept, joker_penalty)
            win, lose = (self.gain, -float(cost)) if not last else match_stakes(view, cost)
            value = 0.0
            for drawn in draws:
                turns = out(kept, drawn, view.table, cache)
                if turns is None:
                    value += (1 - (1 - pace) ** len(drawn)) * lose
                else:
                    first = (1 - pace) ** turns
                    value += first * win + (1 - first) * lose
            key = (value, -index)
            if best is None or key > best:
                best, pick = key, index
        return ranked[pick][1], ranked[pick][2]

    def style(self) -> Style:
        return Style(take=EXPERT.take, lay_now=EXPERT.lay_now, discard=self.discard,
                     swap_jokers=EXPERT.swap_jokers, lay_jokers_off=EXPERT.lay_jokers_off)


def match_stakes(view: PlayerView, cost: int) -> tuple[float, float]:
    """In the last hand: the chance of winning the match when this player goes out first
    (the others then pay about 15, spread as an exponential) and when another
    player goes out first while it holds ``cost``."""
    lead = min(t for p, t in enumerate(view.scores) if p != view.player) - view.scores[view.player]
    win = 1.0 if lead >= 0 else math.exp(lead / 15.0)
    return win, 1.0 if cost < lead else 0.0


def unseen(view: PlayerView) -> list[Card]:
    """One card per unseen copy: the cards this player may still draw (or another holds)."""
    live = live_counts(view)
    pool = [DECK[copy * 52 + face] for face in range(52) for copy in range(live[face])]
    pool.extend(DECK[NATURALS + i] for i in range(unseen_jokers(view)))
    return pool


def others_pace(view: PlayerView) -> float:
    """The chance that some other player goes out before this player's next turn."""
    stay = 1.0
    for p, n in enumerate(view.hand_counts):
        if p == view.player:
            continue
        chance = OUT_CHANCE.get(n, FAR_CHANCE) if view.opened[p] else CLOSED_CHANCE
        stay *= 1 - chance
    return 1 - stay


def turns_to_out(kept: Sequence[Card], drawn: Sequence[Card], table: Sequence[Meld],
                 cache: dict[tuple[int, ...], int]) -> int | None:
    """The first turn ``t`` (1..len(drawn)) by which ``kept`` and ``drawn[:t]`` leave ``t`` or
    fewer cards that cannot be laid out; None when none does."""
    for t in range(1, len(drawn) + 1):
        if _left([*kept, *drawn[:t]], table, cache) <= t:
            return t
    return None


def ordered_turns_to_out(kept: Sequence[Card], drawn: Sequence[Card], table: Sequence[Meld],
                         cache: dict[tuple[int, ...], int]) -> int | None:
    """The turn at which ``kept`` goes out drawing ``drawn`` one card a turn, throwing each
    turn the card whose loss leaves the fewest cards that cannot be laid out (the highest
    penalty among those); None when it does not within ``len(drawn)`` turns."""
    hand = list(kept)
    for t, card in enumerate(drawn, start=1):
        hand.append(card)
        if _left(hand, table, cache) == 1:
            return t
        throw = min(range(len(hand)), key=lambda i: (
            _left([*hand[:i], *hand[i + 1:]], table, cache), -penalty(hand[i], JOKER_PENALTY)))
        del hand[throw]
    return None


def _left(pool: Sequence[Card], table: Sequence[Meld], cache: dict[tuple[int, ...], int]
          ) -> int:
    key = tuple(sorted(c.kind for c in pool))
    left = cache.get(key)
    if left is None:
        left = cache[key] = cards_left(pool, table)
    return left


def cards_left(pool: Sequence[Card], table: Sequence[Meld]) -> int:
    """How many cards of ``pool`` stay in hand after its best melds and every lay-off onto
    the table and those melds (runs grow as cards join them); at least one, the last card
    being always discarded (three of a kind held with nothing else cannot go out)."""
    found = best_lay_down(pool, keep_one=True)
    melds = [*table, *(found.melds if found is not None else ())]
    left = list(found.left) if found is not None else list(pool)
    sets = [(m.low, {c.suit for c in m.cards if not c.is_joker}, len(m.cards))
            for m in melds if m.kind is MeldKind.SET]
    runs = [[m.suit, m.low, m.high] for m in melds if m.kind is MeldKind.RUN]
    placed = True
    while placed and left:
        placed = False
        for card in list(left):
            if _place(card, sets, runs):
                left.remove(card)
                placed = True
    return max(len(left), 1)


def _place(card: Card, sets: list[tuple[int, set[int], int]], runs: list[list[int]]) -> bool:
    """Lay ``card`` off on one of the melds (updating it); False when it fits none."""
    if card.is_joker:
        for run in runs:
            if run[2] - run[1] + 1 < 13 and (run[1] > 1 or run[2] < 14):
                if run[1] > 1:
                    run[1] -= 1
                else:
                    run[2] += 1
                return True
        return False
    for i, (rank, suits, size) in enumerate(sets):
        if rank == card.rank and card.suit not in suits and size < 4:
            sets[i] = (rank, suits | {card.suit}, size + 1)
            return True
    positions = (1, 14) if card.rank == 0 else (card.rank + 1,)
    for run in runs:
        if run[0] != card.suit or run[2] - run[1] + 1 >= 13:
            continue
        for position in positions:
            if position == run[1] - 1:
                run[1] -= 1
                return True
            if position == run[2] + 1:
                run[2] += 1
                return True
    return False


EXPERT_PLAN = Planner().style()
