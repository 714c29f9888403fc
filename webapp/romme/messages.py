"""Translated sentences of the Rommé table: refusals with their numbers, the computers' turns,
whose turn it is, and the result banners.

Glossary
    refusal   why the engine refused a move (``romme_engine.Reason``), with the numbers the
              person needs: the opening total reached, the card that must be laid out
    turn line what one computer player did since the person's last move, in one line
"""

from __future__ import annotations

from dataclasses import dataclass

import romme_engine as romme
from webapp.banner import Banner
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.models import PERSON
from webapp.refusals import refusal_sentences
from webapp.romme.cards import card_text, cards_text

REFUSALS = refusal_sentences({
    romme.Refusal.ALREADY_DREW: _l("You have already drawn this turn."),
    romme.Reason.TAKEN_CARD_UNUSABLE: _l(
        "You can take %(card)s only if you can lay it out this turn; before your opening it "
        "must be part of melds worth at least %(opening)d."
    ),
    romme.Reason.NOT_A_MELD: _l(
        "%(cards)s is not a meld: a set is 3 or 4 cards of one rank in different suits, a run "
        "3 or more cards of one suit in a row, with more natural cards than jokers."
    ),
    romme.Reason.NOT_OPENED: _l(
        "You can lay off or swap a joker only after your opening (melds worth at least "
        "%(opening)d, laid in an earlier turn)."
    ),
    romme.Reason.NO_SUCH_MELD: _l("There is no such meld on the table."),
    romme.Reason.DOES_NOT_FIT: _l("%(card)s does not fit on that meld."),
    romme.Reason.END_NEEDED: _l("Say at which end %(card)s goes."),
    romme.Reason.NO_JOKER_TO_SWAP: _l(
        "That meld has no joker that %(card)s can replace."
    ),
    romme.Reason.KEEP_A_CARD: _l(
        "Keep one card: the last card of your hand is always discarded."
    ),
    romme.Reason.NOTHING_STAGED: _l("You have laid nothing this turn to take back."),
    romme.Reason.OPENING_TOO_LOW: _l(
        "Your opening needs %(opening)d points; your melds total %(laid)d. Add a meld or take "
        "them all back."
    ),
    romme.Reason.TAKEN_CARD_NOT_USED: _l(
        "You took %(card)s from the discard pile: lay it out in a meld before you discard."
    ),
    romme.Refusal.CANNOT_DISCARD_TAKEN_CARD: _l(
        "You took %(card)s from the discard pile this turn, so you cannot discard it."
    ),
    romme.Reason.JOKER_NOT_RELAID: _l(
        "Lay the joker you swapped out again (in a meld or on one) before you discard."
    ),
})


def _card_of(detail: str) -> str:
    """The display form of the card an engine refusal names (the first word of its detail)."""
    try:
        return card_text(romme.Card.parse(detail.split()[0]))
    except (romme.InvalidInputError, IndexError):
        return ""


def _cards_of(detail: str) -> str:
    try:
        return cards_text(romme.parse_cards(detail))
    except romme.InvalidInputError:
        return ""


def refusal(refused: romme.IllegalActionError, view: romme.PlayerView) -> str:
    """The refusal as a sentence with its numbers, read from the view before the move."""
    taken = view.taken_card or view.discard_top
    card = _card_of(refused.detail) or (card_text(taken) if taken else "")
    return str(REFUSALS[refused.reason]) % {
        "opening": view.ruleset.opening,
        "laid": view.staged_value,
        "card": card,
        "cards": _cards_of(refused.detail),
    }


def seat_name(seat: int) -> str:
    """"You", or the computer player's name by seat: "Computer 1"."""
    if seat == PERSON:
        return str(_("You"))
    return str(_("Computer %(number)d", number=seat))


def _event_text(event: romme.Event) -> str:
    card = card_text(event.card) if event.card else ""
    texts = {
        romme.Move.DRAW_STOCK: lambda: _("drew from the stock"),
        romme.Move.TAKE_DISCARD: lambda: _("took %(card)s from the discard pile", card=card),
        romme.Move.MELD: lambda: _("laid out a meld from %(card)s", card=card),
        romme.Move.LAY_OFF: lambda: _("laid off %(card)s", card=card),
        romme.Move.SWAP: lambda: _("swapped %(card)s for a joker", card=card),
        romme.Move.DISCARD: lambda: _("discarded %(card)s", card=card),
        romme.Move.OUT: lambda: _("went out, discarding %(card)s", card=card),
        romme.Move.RESHUFFLE: lambda: _("the discard pile was shuffled into a new stock"),
    }
    return str(texts[event.move]())


@dataclass(frozen=True)
class TurnLine:
    seat: int
    text: str


def turn_lines(view: romme.PlayerView) -> list[TurnLine]:
    """What each computer did since the person's last move: one line per player, in order.

    The line names its melds (by their first card), lay-offs and joker swaps, which the
    table shows too.
    """
    since: list[romme.Event] = []
    for event in reversed(view.history):
        if event.player == PERSON and event.move is not romme.Move.RESHUFFLE:
            break
        since.append(event)
    by_seat: dict[int, list[str]] = {}
    for event in reversed(since):
        by_seat.setdefault(event.player, []).append(_event_text(event))
    lines = []
    for seat, texts in by_seat.items():
        if seat == PERSON:
            continue
        held = view.hand_counts[seat]
        if held:
            texts.append(str(_("now holds %(num)d", num=held)))
        lines.append(TurnLine(seat, str(_("%(who)s: %(moves)s.", who=seat_name(seat),
                                          moves=_(", ").join(texts)))))
    return lines


def status_line(view: romme.PlayerView) -> str:
    if view.standing is not None:
        return str(_("Match over"))
    if view.result is not None:
        return str(_("Hand over"))
    if view.my_turn:
        return str(_("Your turn"))
    return str(_("%(who)s's turn", who=seat_name(view.turn or 0)))


def ending_line(result: romme.HandResult) -> str:
    """Who ended the hand and how, in a sentence (the hand's result panel)."""
    if result.winner is None:
        return str(_("The stock ran out: nobody went out, everyone pays their hand."))
    if result.winner == PERSON:
        if result.end is romme.HandEnd.HAND_ROMME:
            return str(_("You went out in one turn (Hand-Rommé): everyone else pays double."))
        return str(_("You went out."))
    if result.end is romme.HandEnd.HAND_ROMME:
        return str(_("Computer %(number)d went out in one turn (Hand-Rommé): everyone else "
                     "pays double.", number=result.winner))
    return str(_("Computer %(number)d went out.", number=result.winner))


def hand_banner(result: romme.HandResult) -> Banner:
    """The hand's banner: who went out and what the person pays, or, when the person went
    out, what each computer pays: "Computer 2 went out · you pay 41"."""
    if result.winner == PERSON:
        paid = _(", ").join(
            str(_("Computer %(number)d pays %(points)d", number=seat, points=points))
            for seat, points in enumerate(result.penalties) if seat != PERSON
        )
        if result.end is romme.HandEnd.HAND_ROMME:
            text = _("Hand-Rommé! You went out in one turn: %(paid)s (doubled)", paid=paid)
        else:
            text = _("You went out! %(paid)s", paid=paid)
        return Banner("you", sum(result.penalties), str(text))
    points = result.penalties[PERSON]
    if result.winner is None:
        return Banner("nobody", points, str(_("The stock ran out · you pay %(points)d",
                                              points=points)))
    if result.end is romme.HandEnd.HAND_ROMME:
        text = _("Computer %(number)d went out in one turn (Hand-Rommé) · you pay %(points)d "
                 "(doubled)", number=result.winner, points=points)
    else:
        text = _("Computer %(number)d went out · you pay %(points)d", number=result.winner,
                 points=points)
    return Banner("computer", points, str(text))


def match_banner(standing: romme.Standing) -> Banner:
    """Who won the match: the lowest total, shared on a tie."""
    if PERSON in standing.winners:
        total = standing.totals[PERSON]
        if len(standing.winners) > 1:
            text = _("You share the win with the lowest total, %(total)d.", total=total)
        else:
            text = _("You won the match with the lowest total, %(total)d!", total=total)
        return Banner("you", total, str(text))
    winners = _(", ").join(seat_name(s) for s in standing.winners)
    total = standing.totals[standing.winners[0]]
    return Banner("computer", total, str(_(
        "%(who)s won the match with the lowest total, %(total)d.", who=winners, total=total)))
