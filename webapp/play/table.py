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
    offers: frozenset[str] = frozenset()
    """The names of the moves the engine allows the person now (``legal_actions``)."""
    selected: engine.Card | None = None
    selected_preview: int | None = None
    selected_offers: frozenset[str] = frozenset()
    """The card moves (discard, knock, gin) the engine allows with the selected card."""
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
    def computer_to_move(self) -> bool:
        return self.view.turn == COMPUTER

    @property
    def hint_offered(self) -> bool:
        """The Hint link is shown whenever the person has a move to make."""
        return bool(self.offers)

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
    actions = engine.legal_actions(view)
    offers = frozenset(engine.action_name(a) for a in actions)
    previews = dict(engine.discard_options(view.hand)) if "discard" in offers else {}
    if selected not in previews:
        selected, confirm = None, None
    groups, deadwood = _groups(view, previews, selected)
    table = Table(
        record=record, view=view, groups=groups, deadwood=deadwood, offers=offers,
        selected=selected, computer_moves=_computer_moves(view),
    )
    if previews:
        table.knock_card = _least_deadwood(engine.Knock, actions, previews)
        table.gin_card = _least_deadwood(engine.Gin, actions, previews)
    if selected is not None:
        table.selected_preview = previews[selected]
        table.selected_offers = frozenset(
            engine.action_name(a) for a in actions if getattr(a, "card", None) == selected
        )
        if confirm in table.selected_offers:
            table.confirm = confirm
    if want_hint and table.hint_offered:
        table.hint = hint(view)
    return table


def _least_deadwood(
    kind: type[engine.Knock] | type[engine.Gin],
    actions: list[engine.Action],
    previews: dict[engine.Card, int],
) -> engine.Card | None:
    """The card of the offered ``kind`` of move that leaves the least deadwood (the highest
    card on a tie), or None when the engine offers no such move."""
    cards = [a.card for a in actions if isinstance(a, kind)]
    if not cards:
        return None
    return min(cards, key=lambda c: (previews[c], -c.value, c))


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
