"""The turn every computer player follows, with the choices that differ by level left open.

Glossary
    style     a level's choices: whether to take the top discard, whether to lay down now,
              whether to swap jokers, and which card to throw
    step      one action of a turn; a bot is asked again after each one, and the plan is
              recomputed from the view (a bot keeps no memory between requests)
    pending   the taken discard and freed jokers still in hand: they go out first
    loose     a card outside the hand's best lay-down

The hint for the person asks the expert's style through the same ``step`` and gets the
reason code with it, so a hint and the expert never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from romme_engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayMeld,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from romme_engine.cards import Card
from romme_engine.discard_use import use_of
from romme_engine.hand import Phase
from romme_engine.laydown import LayDown, best_lay_down
from romme_engine.legal import (
    lay_offs,
    legal_actions,
    legal_discards,
    must_lay_out,
    swaps,
)
from romme_engine.melds import Meld, jokers_fit, swap_joker
from romme_engine.view import PlayerView


class Why(StrEnum):
    """Why a step was chosen: the hint's stable reason codes."""

    TAKE_DISCARD = "take-discard"
    """The top discard can be laid out this turn (it opens, or joins or extends a meld)."""
    DRAW_STOCK = "draw-stock"
    LAY_TAKEN_CARD = "lay-taken-card"
    """The taken discard must be laid out this turn."""
    RELAY_JOKER = "relay-joker"
    """A joker swapped off the table must be laid out again this turn."""
    OPEN = "open"
    """The hand's best lay-down reaches the opening: lay it."""
    LAY_MELD = "lay-meld"
    LAY_OFF = "lay-off"
    SWAP_JOKER = "swap-joker"
    HOLD_FOR_HAND_ROMME = "hold-for-hand-romme"
    """Could open, but waiting may go out in one turn for double."""
    DISCARD_HIGHEST = "discard-highest"
    """Throw the loose card with the most penalty points."""
    DISCARD_LEAST_USEFUL = "discard-least-useful"
    """Throw the card least likely to join a meld, weighing its penalty."""
    DISCARD_SAFE = "discard-safe"
    """A card the next player is unlikely to use."""
    TAKE_BACK = "take-back"
    """The staged lay-down cannot be completed: take it back."""


class Step(NamedTuple):
    """One step of a turn and why; a bot takes ``step(…)[0]``."""

    action: Action
    why: Why
    lay_down: tuple[Meld, ...] = ()
    """For a meld laid before the opening: the whole lay-down it belongs to, this meld first,
    so that the hint can name every meld the opening is laid with, not only the first."""


@dataclass(frozen=True, slots=True)
class Style:
    take: Callable[[PlayerView], bool]
    lay_now: Callable[[PlayerView, LayDown], bool]
    """Asked before opening, when the best lay-down reaches the opening."""
    discard: Callable[[PlayerView, Sequence[Card], LayDown | None], tuple[Card, Why]]
    """Chooses among the legal discards; gets the hand's best lay-down (its melds are kept)."""
    swap_jokers: bool = True
    lay_jokers_off: bool = True


def step(view: PlayerView, style: Style) -> Step:
    """The next action of this player's turn and why."""
    if view.phase is Phase.DRAW:
        if view.may_take_discard and style.take(view):
            return Step(TakeDiscard(), Why.TAKE_DISCARD)
        return Step(DrawStock(), Why.DRAW_STOCK)
    hand = list(view.hand)
    opened = view.opened[view.player]
    table = list(view.table)
    pending = must_lay_out(view)
    if pending:
        why = Why.LAY_TAKEN_CARD if view.taken_card in pending else Why.RELAY_JOKER
        if opened:
            # The engine's own search: the take was allowed because this finds a use.
            use = use_of(hand, table, view.taken_card, view.freed_jokers)
            if use:
                return Step(use[0], why)
        else:
            found = best_lay_down(hand, must=pending[0], keep_one=True)
            if found is not None:
                meld = next(m for m in found.melds if pending[0] in m.cards)
                rest = tuple(m for m in found.melds if m is not meld)
                return Step(LayMeld(meld.cards), why, (meld, *rest))
        return Step(_fallback(view), Why.TAKE_BACK)
    staged = view.staged_value
    found = best_lay_down(hand, keep_one=True)
    held = False
    if found is not None:
        if opened:
            return Step(LayMeld(found.melds[0].cards), Why.LAY_MELD)
        if staged + found.value >= view.ruleset.opening:
            if staged or style.lay_now(view, found):
                return Step(LayMeld(found.melds[0].cards), Why.OPEN, found.melds)
            held = True
    if not opened and 0 < staged < view.ruleset.opening:
        return Step(_fallback(view), Why.TAKE_BACK)
    if opened and len(hand) > 1:
        for lay_off in lay_offs(hand, table):
            if lay_off.card.is_joker and not style.lay_jokers_off and len(hand) > 3:
                continue
            return Step(lay_off, Why.LAY_OFF)
        if style.swap_jokers:
            for swap in swaps(hand, table):
                if _joker_finds_a_place(hand, table, swap):
                    return Step(swap, Why.SWAP_JOKER)
    candidates = [d.card for d in legal_discards(view)]
    if not candidates:
        return Step(_fallback(view), Why.TAKE_BACK)
    whole = None if opened else best_lay_down(hand)
    card, why = style.discard(view, candidates, whole)
    return Step(Discard(card), Why.HOLD_FOR_HAND_ROMME if held else why)


def _joker_finds_a_place(hand: list[Card], table: list[Meld], swap: SwapJoker) -> bool:
    swapped = swap_joker(table[swap.meld], swap.card)
    if swapped is None:
        return False
    meld, joker = swapped
    after = [*table[: swap.meld], meld, *table[swap.meld + 1 :]]
    rest = [c for c in hand if c != swap.card]
    return jokers_fit(after) or (
        len(rest) >= 3 and best_lay_down([*rest, joker], must=joker, keep_one=True) is not None
    )


def _fallback(view: PlayerView) -> Action:
    """When the plan is stuck: take the staged cards back, or else any legal action."""
    if view.can_take_back:
        return TakeBack()
    return legal_actions(view)[0]
