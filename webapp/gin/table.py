"""What the table page shows, computed from the person's view of the match.

Glossary
    slot          one card of the person's hand as shown: its preview (deadwood left if it were
                  discarded), whether it was just drawn or taken from the pile, whether the
                  engine lets the person throw it now
    group         a meld of the best arrangement, or the deadwood cards, shown together
    ending        a knock or gin the engine allows: the card discarded and the deadwood it leaves
    confirm       ``knock`` or ``gin`` while the page asks to confirm an ending (``?confirm=``,
                  a GET; nothing changes until a form is sent)
    pile entry    one card laid on the discard pile this hand, and who took it back, if anyone
                  (the engine's ``PlayerView.pile_history``)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import gin_engine as engine
from gin_engine.ai import Hint, hint
from gin_engine.cards import display_order
from webapp.gin.results import COMPUTER
from webapp.models import PERSON
from webapp.store import MatchRecord


@dataclass(frozen=True)
class Slot:
    card: engine.Card
    preview: int | None = None
    drawn: bool = False
    taken: bool = False
    discardable: bool = False
    """In ``PlayerView.discardable``: the card is a discard button while the person picks."""

    @property
    def code(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Group:
    kind: str  # "set", "run" or "deadwood"
    slots: tuple[Slot, ...]
    points: int = 0


@dataclass(frozen=True)
class Ending:
    """A knock or gin the engine allows: ``action`` is "knock" or "gin"."""

    action: str
    card: engine.Card
    left: int


@dataclass
class Table:
    record: MatchRecord
    view: engine.PlayerView
    groups: list[Group]
    deadwood: int
    offers: frozenset[str] = frozenset()
    """The names of the moves the engine allows the person now (``legal_actions``)."""
    endings: dict[str, list[Ending]] = field(default_factory=dict)
    """The allowed knocks and gins by action name, least deadwood first. A card that allows
    gin is offered as gin only: knocking with it would score as gin anyway."""
    confirm: str | None = None
    computer_moves: list[engine.Event] = field(default_factory=list)
    hint: Hint | None = None

    @property
    def phase(self) -> str:
        return self.view.phase.value

    @property
    def my_turn(self) -> bool:
        return self.view.my_turn

    @property
    def computer_to_move(self) -> bool:
        return self.view.turn == COMPUTER

    @property
    def hint_offered(self) -> bool:
        """The Hint link is shown whenever the person has a move to make."""
        return bool(self.offers) and self.confirm is None

    @property
    def hinted_discard(self) -> engine.Card | None:
        """The card the hint says to throw, marked in the hand: tapping it follows the hint.
        A knock or gin hint marks nothing there, since tapping the card would play on; its
        own button is the way."""
        if self.hint is not None and isinstance(self.hint.action, engine.Discard):
            return self.hint.action.card
        return None

    @property
    def picking(self) -> bool:
        """Every hand card is a discard button (the discard phase, no ending being confirmed)."""
        return "discard" in self.offers and self.confirm is None

    @property
    def finished_hand(self) -> bool:
        """The hand (or the match) is over: the result replaces the live table."""
        return self.view.result is not None

    @property
    def again(self) -> dict[str, str] | None:
        """Once the match is over: the start form's fields for another match like it."""
        if self.view.settlement is None:
            return None
        return {"ruleset": self.record.ruleset, "difficulty": self.record.difficulty}

    @property
    def scores(self) -> tuple[int, int]:
        """The scoreboard's figures: the settled totals once the match is over, so the
        scoreboard and the settlement never disagree; the running hand points before."""
        settlement = self.view.settlement
        return settlement.totals if settlement is not None else self.view.scores

    @property
    def confirm_endings(self) -> list[Ending]:
        """The buttons of the confirmation step: the suggested ending first."""
        return self.endings.get(self.confirm or "", [])

    @property
    def discard_pile(self) -> tuple[engine.PileCard, ...]:
        """Every card laid on the discard pile this hand, in order (the upcard first)."""
        return self.view.pile_history


def build_table(
    record: MatchRecord,
    game: engine.Match,
    confirm: str | None = None,
    want_hint: bool = False,
) -> Table:
    view = game.view(PERSON)
    actions = engine.legal_actions(view)
    offers = frozenset(engine.action_name(a) for a in actions)
    previews = dict(engine.discard_options(view.hand)) if "discard" in offers else {}
    groups, deadwood = _groups(view, previews)
    table = Table(
        record=record, view=view, groups=groups, deadwood=deadwood, offers=offers,
        endings=_endings(view, previews), computer_moves=_computer_moves(view),
    )
    if confirm in table.endings:
        table.confirm = confirm
    if want_hint and table.hint_offered:
        table.hint = hint(view)
    return table


def _endings(
    view: engine.PlayerView, previews: dict[engine.Card, int]
) -> dict[str, list[Ending]]:
    """The engine's knocks and gins (``endings``: a card that allows gin is offered as gin
    only), each kind least deadwood first (the highest card on a tie)."""
    found: dict[str, list[Ending]] = {}
    for action in engine.endings(view):
        name = engine.action_name(action)
        found.setdefault(name, []).append(Ending(name, action.card, previews[action.card]))
    for endings in found.values():
        endings.sort(key=lambda e: (e.left, -e.card.value, e.card))
    return found


def _groups(
    view: engine.PlayerView, previews: dict[engine.Card, int]
) -> tuple[list[Group], int]:
    """The hand as the best arrangement: melds first, then the deadwood cards."""
    discardable = frozenset(view.discardable)

    def slot(card: engine.Card) -> Slot:
        return Slot(
            card=card,
            preview=previews.get(card),
            drawn=card == view.drawn_card and card != view.taken_card,
            taken=card == view.taken_card,
            discardable=card in discardable,
        )

    return hand_groups(view.hand, slot)


def hand_groups(
    hand: Iterable[engine.Card], slot: Callable[[engine.Card], Slot] = Slot
) -> tuple[list[Group], int]:
    """``hand`` as its best arrangement, melds first, then the deadwood cards, and its
    deadwood: the table's hand, and the hand at each decision of a review."""
    arrangement = engine.arrange(hand)
    groups = [
        Group(kind=meld.kind.value, slots=tuple(slot(c) for c in meld.cards))
        for meld in arrangement.melds
    ]
    dead = display_order(arrangement.deadwood_cards)
    if dead:
        groups.append(
            Group(kind="deadwood", slots=tuple(slot(c) for c in dead), points=arrangement.deadwood)
        )
    return groups, arrangement.deadwood


def _computer_moves(view: engine.PlayerView) -> list[engine.Event]:
    """The computer's moves in this hand since the person's last one."""
    moves: list[engine.Event] = []
    for event in reversed(view.history):
        if event.player != COMPUTER:
            break
        moves.append(event)
    return list(reversed(moves))
