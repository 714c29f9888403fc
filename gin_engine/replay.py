"""Replaying a finished hand: its deal again, then its public moves one by one, so that every
view either player had in it can be looked at again (for the review, ``ai.review``).

Glossary
    step         one move of the hand: who made it, that player's view just before, the move
    replayable   the match kept the hand's moves (``Match.played``, snapshot v3 on); the deal
                 is the seed's (``shuffled_deck``) unless it was given in full (``stacked``)

A stock draw's card is not in the public record, but the deal gives the stock order, so the
replay draws the very card that was drawn. The replay must end in the result the match
recorded; anything else is refused (``InvalidInputError``), never shown.
"""

from __future__ import annotations

from engine_common import replay as common
from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.cards import Card
from gin_engine.deck import shuffled_deck
from gin_engine.errors import InvalidInputError
from gin_engine.hand import Event, Hand, Move
from gin_engine.match import Match
from gin_engine.view import PlayerView

_PLAIN: dict[Move, Action] = {
    Move.TAKE_UPCARD: TakeUpcard(),
    Move.PASS_UPCARD: PassUpcard(),
    Move.DRAW_STOCK: DrawStock(),
    Move.DRAW_DISCARD: DrawDiscard(),
}
_WITH_CARD: dict[Move, type[Discard] | type[Knock] | type[Gin]] = {
    Move.DISCARD: Discard, Move.KNOCK: Knock, Move.GIN: Gin,
}


Step = common.Step[PlayerView, Action]
replayable = common.replayable


def replay(match: Match, number: int) -> list[Step]:
    """Every move of finished hand ``number`` with the view its player had just before."""
    if not replayable(match, number):
        raise InvalidInputError(f"hand {number} kept no moves")
    result = match.results[number - 1]
    again = Match(
        match.ruleset, match.seed,
        Hand.deal(match.ruleset, number, result.dealer, deck_of(match, number)),
        number, match.player_seed,
    )
    again.results = list(match.results[: number - 1])
    moves = ((event.player, _action(event)) for event in match.played[number])
    return common.play_back(again, moves, result, number)


def deck_of(match: Match, number: int) -> tuple[Card, ...]:
    """The order hand ``number`` was dealt from: given in full (``stacked``), else the seed's.
    Only for a hand that is over (`replayable`): the deck holds the stock's order."""
    return common.deck_of(match, number, shuffled_deck)


def _action(event: Event) -> Action:
    plain = _PLAIN.get(event.move)
    if plain is not None:
        return plain
    if event.card is None:
        raise InvalidInputError(f"a {event.move.name} without its card")
    return _WITH_CARD[event.move](event.card)
