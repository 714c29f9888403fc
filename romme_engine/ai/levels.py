"""The four levels as styles of one turn plan (``plan.step``): simple, easy, normal, expert.

- simple: the yardstick. Lays down whenever it may, takes a discard only to complete a meld
  with its own cards, throws the loose card with the most penalty points.
- easy: lays down whatever it can as soon as it may, throws its highest-penalty loose card,
  never takes a discard and never swaps jokers.
- normal: opens as soon as it reaches the opening, keeps jokers for runs (never lays one off
  while it holds more than three cards, never throws one), throws its highest-penalty loose
  card but holds back cards the next player took something near or can lay off.
- expert: counts both copies of every card (what is still live), weighs a card's penalty
  against its live outs (the pairs it makes, unseen jokers for those pairs, the one card that
  would let it join a table run), throws what the next player is least likely to use, sheds
  penalty once another player is close to going out, and holds a ready opening back while
  going out in one turn (Hand-Rommé) is near and the table is not.
- expert-v1: the expert as first merged (pair outs only, no shedding); a yardstick for
  benchmarks, not offered to people.
"""

from __future__ import annotations

from collections.abc import Sequence

from romme_engine.ai.plan import Style, Why
from romme_engine.ai.reading import danger, live_counts, outs
from romme_engine.cards import JOKERS, Card, penalty
from romme_engine.laydown import LayDown, best_lay_down
from romme_engine.melds import Meld, MeldKind
from romme_engine.view import PlayerView

OUTS_WEIGHT = 3.0
"""Penalty points one live out is worth when choosing the discard."""
TABLE_OUTS_WEIGHT = 3.0
"""The same for a live card that would let the card join a table run."""
JOKER_OUTS_WEIGHT = 1.0
"""The same for an unseen joker, per pair the card makes (a pair and a joker are a meld)."""
DANGER_WEIGHT = 12.0
"""Penalty points a sure use by the next player is worth."""
CLOSE_TO_OUT = 3
"""Another player holding this many cards or fewer may go out soon: shed penalty."""
CLOSE_OUTS_FACTOR = 0.3
"""Outs count this much then (the penalty counts in full)."""
PAIRS_NEED = 4
"""A pair is only worth keeping when the hand (drawn card included) holds this many cards:
with two kept after the discard, a third card makes a meld that may not empty the hand."""


def _loose(candidates: Sequence[Card], whole: LayDown | None) -> list[Card]:
    """Candidates outside the best lay-down (its melds are kept for the opening)."""
    melded = {c for m in whole.melds for c in m.cards} if whole is not None else set()
    loose = [c for c in candidates if c not in melded]
    return loose or list(candidates)


def _highest(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
             ) -> tuple[Card, Why]:
    loose = _loose(candidates, whole)
    pick = max(loose, key=lambda c: (not c.is_joker, penalty(c, view.ruleset.joker_penalty), c.id))
    return pick, Why.DISCARD_HIGHEST


def _completes_meld(view: PlayerView) -> bool:
    top = view.discard_top
    if top is None:
        return False
    found = best_lay_down([*view.hand, top], must=top, keep_one=True)
    return found is not None


def _always(view: PlayerView, found: LayDown) -> bool:
    return True


def _never_take(view: PlayerView) -> bool:
    return False


def _take_when_legal(view: PlayerView) -> bool:
    return True


def _weighed(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None,
             *, counting: bool) -> tuple[Card, Why]:
    """Throw the card whose penalty most outweighs its chances, and that is safe to give."""
    loose = _loose(candidates, whole)
    live = live_counts(view) if counting else None
    joker_penalty = view.ruleset.joker_penalty
    melded = {c for m in whole.melds for c in m.cards} if whole is not None else set()
    others = [c for c in view.hand if c not in melded]
    best: tuple[float, int] | None = None
    pick = loose[0]
    why = Why.DISCARD_LEAST_USEFUL
    for card in loose:
        if card.is_joker and len(loose) > 1:
            continue  # a joker is kept for runs while anything else can go
        usefulness = outs(card, others, live)
        risk = danger(view, card)
        score = penalty(card, joker_penalty) - 3.0 * usefulness - 12.0 * risk
        key = (score, card.id)
        if best is None or key > best:
            best, pick = key, card
            why = Why.DISCARD_SAFE if risk == 0 and usefulness > 0 else Why.DISCARD_LEAST_USEFUL
    return pick, why


def _normal_discard(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                    ) -> tuple[Card, Why]:
    """The highest-penalty loose card that is not a joker and that the next player is not
    seen to use (it took a card near it, or it can lay it off)."""
    loose = _loose(candidates, whole)
    joker_penalty = view.ruleset.joker_penalty
    safe = [c for c in loose if not c.is_joker and danger(view, c) == 0] or [
        c for c in loose if not c.is_joker] or loose
    pick = max(safe, key=lambda c: (penalty(c, joker_penalty), c.id))
    return pick, (Why.DISCARD_SAFE if len(safe) < len(loose) else Why.DISCARD_HIGHEST)


def _expert_v1_discard(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                       ) -> tuple[Card, Why]:
    return _weighed(view, candidates, whole, counting=True)


def unseen_jokers(view: PlayerView) -> int:
    """Jokers neither in this player's hand, nor on the table, nor in the discard pile."""
    seen = [*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards)]
    return JOKERS - sum(1 for c in seen if c.is_joker)


def pairs(card: Card, others: Sequence[Card]) -> int:
    """How many of ``others`` make a pair with ``card``: same rank and another suit, or same
    suit and at most one rank between (Q-A and K-A included)."""
    if card.is_joker:
        return 0
    found = 0
    for other in others:
        if other.is_joker or other == card:
            continue
        if other.rank == card.rank:
            found += other.suit != card.suit
        elif other.suit == card.suit:
            gap = abs(other.rank - card.rank)
            found += gap <= 2 or (0 in (card.rank, other.rank) and gap >= 11)
    return found


def table_outs(card: Card, table: Sequence[Meld], live: Sequence[int]) -> int:
    """Live cards that would let ``card`` join a table run: the one card between it and a
    run's end (laid off first, then ``card``)."""
    if card.is_joker:
        return 0
    total = 0
    positions = (1, 14) if card.rank == 0 else (card.rank + 1,)
    for meld in table:
        if meld.kind is not MeldKind.RUN or meld.suit != card.suit:
            continue
        for position in positions:
            if position == meld.low - 2:
                total += live[card.suit * 13 + (meld.low - 2) % 13]
            elif position == meld.high + 2 and len(meld.cards) + 2 <= 13:
                total += live[card.suit * 13 + meld.high % 13]
    return total


def expert_ranking(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                   ) -> list[tuple[float, Card, Why]]:
    """The expert's discards, best first: (score, card, why); the score weighs the card's
    penalty against its live outs and the next player's use of it (higher: throw sooner).

    Outs are the live cards that complete a pair the card makes (only while the hand can
    still lay a meld and keep a card), unseen jokers for those pairs, and the live card that
    would bridge it to a table run. Once another player is close to going out, outs count
    less: the penalty in hand is what that player's going out will cost."""
    loose = _loose(candidates, whole)
    live = live_counts(view)
    joker_penalty = view.ruleset.joker_penalty
    melded = {c for m in whole.melds for c in m.cards} if whole is not None else set()
    others = [c for c in view.hand if c not in melded]
    jokers = unseen_jokers(view)
    keep_pairs = len(view.hand) >= PAIRS_NEED
    closest = min(n for p, n in enumerate(view.hand_counts) if p != view.player)
    factor = CLOSE_OUTS_FACTOR if closest <= CLOSE_TO_OUT else 1.0
    ranked: list[tuple[float, Card, Why]] = []
    for card in loose:
        if card.is_joker and len(loose) > 1:
            continue  # a joker is kept for runs while anything else can go
        usefulness = TABLE_OUTS_WEIGHT * table_outs(card, view.table, live)
        if keep_pairs:
            usefulness += OUTS_WEIGHT * outs(card, others, live)
            usefulness += JOKER_OUTS_WEIGHT * jokers * pairs(card, others)
        risk = danger(view, card)
        score = penalty(card, joker_penalty) - factor * usefulness - DANGER_WEIGHT * risk
        why = Why.DISCARD_SAFE if risk == 0 and usefulness > 0 else Why.DISCARD_LEAST_USEFUL
        ranked.append((score, card, why))
    if not ranked:
        ranked.append((0.0, loose[0], Why.DISCARD_LEAST_USEFUL))
    ranked.sort(key=lambda r: (r[0], r[1].id), reverse=True)
    return ranked


def _expert_discard(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                    ) -> tuple[Card, Why]:
    """Throw the card whose penalty most outweighs its live outs, and that is safe to give
    (the first of ``expert_ranking``)."""
    _, card, why = expert_ranking(view, candidates, whole)[0]
    return card, why


def _expert_lay_now(view: PlayerView, found: LayDown) -> bool:
    """Hold an opening back only while one more card may take the whole hand out in one turn
    (Hand-Rommé, double) and nobody else is near going out. With one card left over, laying
    now is already a Hand-Rommé."""
    if len(found.left) != 2:
        return True
    others = [n for p, n in enumerate(view.hand_counts) if p != view.player]
    opened = any(view.opened[p] for p in range(view.players) if p != view.player)
    return min(others) <= 6 or opened


SIMPLE = Style(take=_completes_meld, lay_now=_always, discard=_highest)
EASY = Style(take=_never_take, lay_now=_always, discard=_highest, swap_jokers=False)
NORMAL = Style(take=_take_when_legal, lay_now=_always, discard=_normal_discard,
               lay_jokers_off=False)
EXPERT = Style(take=_take_when_legal, lay_now=_expert_lay_now, discard=_expert_discard,
               lay_jokers_off=False)
EXPERT_V1 = Style(take=_take_when_legal, lay_now=_expert_lay_now, discard=_expert_v1_discard,
                  lay_jokers_off=False)

STYLES: dict[str, Style] = {
    "simple": SIMPLE, "easy": EASY, "normal": NORMAL, "expert": EXPERT, "expert-v1": EXPERT_V1,
}
