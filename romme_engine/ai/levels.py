"""The four levels as styles of one turn plan (``plan.step``): simple, easy, normal, expert.

- simple: the yardstick. Lays down whenever it may, takes a discard only to complete a meld
  with its own cards, throws the loose card with the most penalty points.
- easy: lays down whatever it can as soon as it may, throws its highest-penalty loose card,
  never takes a discard and never swaps jokers.
- normal: opens as soon as it reaches the opening, keeps jokers for runs (never lays one off
  while it holds more than three cards, never throws one), throws its highest-penalty loose
  card but holds back cards the next player took something near or can lay off.
- expert: counts both copies of every card (what is still live), weighs a card's penalty
  against the live outs of the pairs it makes,
  throws what the next player is least likely to use, and holds a ready opening back while
  going out in one turn (Hand-Rommé) is near and the table is not.
"""

from __future__ import annotations

from collections.abc import Sequence

from romme_engine.ai.plan import Style, Why
from romme_engine.ai.reading import danger, live_counts, outs
from romme_engine.cards import Card, penalty
from romme_engine.laydown import LayDown, best_lay_down
from romme_engine.view import PlayerView


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


def _expert_discard(view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                    ) -> tuple[Card, Why]:
    return _weighed(view, candidates, whole, counting=True)


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

STYLES: dict[str, Style] = {"simple": SIMPLE, "easy": EASY, "normal": NORMAL, "expert": EXPERT}
