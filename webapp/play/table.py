"""What the table page shows, computed from the person's view of the match.

Glossary
    slot        one card of the person's hand as shown: its preview (deadwood left if it were
                discarded), whether it was just drawn or taken from the pile, whether selected
    group       a meld of the best arrangement, or the deadwood cards, shown together
    selection   the card chosen by ``?card=7S`` (a GET; nothing changes until a form is sent)
    confirm     ``knock`` or ``gin`` while the page asks to confirm the suggested discard
"""

from __future__ import annotations

from dataclasses import dataclass, field

import gin_engine as engine
from gin_engine.ai import Hint, hint
from gin_engine.cards import display_order
from webapp.play.forms import CONFIRMS_ALLOWED
from webapp.play.service import COMPUTER, PERSON
from webapp.store import MatchRecord


@dataclass(frozen=True)
class Slot:
    card: engine.Card
    preview: int | None = None
    drawn: bool = False
    taken: bool = False
    selected: bool = False

    @property
    def code(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Group:
    kind: str  # "set", "run" or "deadwood"
    slots: tuple[Slot, ...]
    points: int = 0


@dataclass
class Table:
    record: MatchRecord
    view: engine.PlayerView
    groups: list[Group]
    deadwood: int
    selected: engine.Card | None = None
    selected_preview: int | None = None
    knock_card: engine.Card | None = None
    """The suggested knock discard (least deadwood left), when a knock is possible."""
    gin_card: engine.Card | None = None
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
    def can_knock(self) -> bool:
        return self.knock_card is not None

    @property
    def can_gin(self) -> bool:
        return self.gin_card is not None

    @property
    def selected_knocks(self) -> bool:
        limit = self.view.ruleset.knock_limit
        return self.selected_preview is not None and self.selected_preview <= limit

    @property
    def selected_gins(self) -> bool:
        return self.selected_preview == 0

    @property
    def discard_history(self) -> list[engine.Event]:
        """Every card laid on the discard pile this hand, in order (the upcard comes first)."""
        moves = (engine.Move.DISCARD, engine.Move.KNOCK, engine.Move.GIN)
        return [e for e in self.view.history if e.move in moves]

    @property
    def upcard(self) -> engine.Card | None:
        """The hand's first face-up card, whether or not someone took it."""
        for event in self.view.history:
            if event.move is engine.Move.TAKE_UPCARD:
                return event.card
        return self.view.discard_pile[0] if self.view.discard_pile else None


def build_table(
    record: MatchRecord,
    game: engine.Match,
    selected: engine.Card | None = None,
    confirm: str | None = None,
    want_hint: bool = False,
) -> Table:
    view = game.view(PERSON)
    discarding = view.phase is engine.Phase.DISCARD and view.my_turn
    previews = dict(engine.discard_options(view.hand)) if discarding else {}
    if selected not in view.hand or not discarding:
        selected, confirm = None, None
    groups, deadwood = _groups(view, previews, selected)
    table = Table(record=record, view=view, groups=groups, deadwood=deadwood, selected=selected)
    table.computer_moves = _computer_moves(view)
    if discarding:
        table.selected_preview = previews.get(selected) if selected else None
        allowed = [(left, card) for card, left in previews.items() if card != view.taken_card]
        best_left, best_card = min(allowed, key=lambda pair: (pair[0], -pair[1].value, pair[1]))
        if best_left <= view.ruleset.knock_limit:
            table.knock_card = best_card
        if best_left == 0:
            table.gin_card = best_card
        if confirm in CONFIRMS_ALLOWED and selected is not None:
            ok = table.selected_gins if confirm == "gin" else table.selected_knocks
            table.confirm = confirm if ok else None
    if want_hint and (view.my_turn or view.phase is engine.Phase.HAND_OVER):
        table.hint = hint(view)
    return table


def _groups(
    view: engine.PlayerView, previews: dict[engine.Card, int], selected: engine.Card | None
) -> tuple[list[Group], int]:
    """The hand as the best arrangement: melds first, then the deadwood cards."""
    arrangement = engine.arrange(view.hand)

    def slot(card: engine.Card) -> Slot:
        return Slot(
            card=card,
            preview=previews.get(card),
            drawn=card == view.drawn_card and card != view.taken_card,
            taken=card == view.taken_card,
            selected=card == selected,
        )

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
