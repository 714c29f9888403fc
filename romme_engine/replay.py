"""Replaying a finished hand: its deal again, then its moves one by one, so that every view a
player had in it can be looked at again (for the review, ``ai.review``).

Glossary
    step         one move of the hand: who made it, that player's view just before, the move
    replayable   the match kept the hand's moves (``Match.played``, snapshot v2 on); the deal
                 is the seed's (``shuffled_deck``) unless it was given in full (``stacked``)

A stock draw's card is not in the record, but the deal gives the stock order and the deal seed
the refills' order, so the replay draws the very cards that were drawn. The replay must end in
the result the match recorded; anything else is refused (``InvalidInputError``), never shown.
"""

from __future__ import annotations

from engine_common import replay as common
from engine_common.fairness import deal_seed
from romme_engine.actions import Action
from romme_engine.cards import Card
from romme_engine.deck import shuffled_deck
from romme_engine.errors import InvalidInputError
from romme_engine.hand import Hand
from romme_engine.match import Match
from romme_engine.view import PlayerView

Step = common.Step[PlayerView, Action]
replayable = common.replayable


def replay(match: Match, number: int) -> list[Step]:
    """Every move of finished hand ``number`` with the view its player had just before."""
    if not replayable(match, number):
        raise InvalidInputError(f"hand {number} kept no moves")
    again = Match(match.ruleset, match.seed, dealt(match, number), match.player_seed)
    again.results = list(match.results[: number - 1])
    return common.play_back(again, match.played[number], match.results[number - 1], number)


def dealt(match: Match, number: int) -> Hand:
    """Finished hand ``number`` as it was dealt, its refills keyed as they were (the luck
    replays the true hand move by move: ``ai.luck``)."""
    mixed = deal_seed(match.seed, match.player_seed)
    return Hand.deal(
        match.ruleset, number, match.results[number - 1].dealer, match.players,
        deck_of(match, number), f"{mixed}:{number}",
    )


def deck_of(match: Match, number: int) -> tuple[Card, ...]:
    """The order hand ``number`` was dealt from: given in full (``stacked``), else the seed's.
    Only for a hand that is over (`replayable`): the deck holds the stock's order."""
    return common.deck_of(match, number, shuffled_deck)
