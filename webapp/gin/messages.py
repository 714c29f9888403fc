"""Translated sentences for the engine's refusal codes, public moves and hand results.

Glossary
    banner      the first line of a finished hand or match: who won, how many points, how
    status      the table's top line: whose turn it is (or that the hand or match is over)
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

import gin_engine as engine
from gin_engine.errors import Reason, Refusal
from webapp.banner import Banner
from webapp.gin.labels import hand_end_name, shape_name
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.i18n import lazy_pgettext as _lp
from webapp.refusals import refusal_sentences

REFUSALS = refusal_sentences({
    Refusal.ALREADY_DREW: _l("You have already drawn this turn. Now discard a card."),
    Refusal.CANNOT_DISCARD_TAKEN_CARD: _l(
        "You took that card from the discard pile this turn, so you cannot discard it now."
    ),
    Reason.DEADWOOD_TOO_HIGH: _l(
        "Your deadwood would be over %(limit)s after that discard, so you cannot knock."
    ),
    Reason.NOT_GIN: _l("That discard would leave deadwood, so it is not gin."),
    Reason.DECIDE_UPCARD: _l("First take the upcard or pass."),
    Reason.UPCARD_DECLINED: _l(
        "Both players passed on the upcard, so the first draw must come from the stock."
    ),
    Reason.UPCARD_ALREADY_DECIDED: _l("The upcard has already been decided."),
})


def refusal(reason: Refusal | Reason, ruleset: engine.Ruleset) -> str:
    return str(REFUSALS[reason]) % {"limit": ruleset.knock_limit}


def move_text(event: engine.Event, scoring: engine.Scoring = engine.Scoring.GIN_RUMMY) -> str:
    """One public move in words, e.g. "discarded 7♠"."""
    card = event.card.symbol if event.card else ""
    if scoring is engine.Scoring.HU and event.move in (engine.Move.KNOCK, engine.Move.GIN):
        return str(_("went out (胡牌), discarding %(card)s face down", card=card))
    texts = {
        engine.Move.TAKE_UPCARD: lambda: _("took the upcard %(card)s", card=card),
        engine.Move.PASS_UPCARD: lambda: _("passed on the upcard"),
        engine.Move.DRAW_STOCK: lambda: _("drew from the stock"),
        engine.Move.DRAW_DISCARD: lambda: _("took %(card)s from the discard pile", card=card),
        engine.Move.DISCARD: lambda: _("discarded %(card)s", card=card),
        engine.Move.KNOCK: lambda: _("knocked, discarding %(card)s", card=card),
        engine.Move.GIN: lambda: _("went gin, discarding %(card)s", card=card),
    }
    return str(texts[event.move]())


def moves_sentence(
    events: list[engine.Event], scoring: engine.Scoring = engine.Scoring.GIN_RUMMY
) -> str:
    """The computer's moves as one sentence: "The computer drew from the stock, discarded 7♠."."""
    moves = _(", ").join(move_text(e, scoring) for e in events)
    return str(_("The computer %(moves)s.", moves=moves))


# The scoring line of a hand, one whole sentence per side and way of ending, so that each
# language can order its words freely. Keys: who is named (the person's view of the table, or
# the rules pages' roles) and how the hand ended.
_SCORING: dict[tuple[str, engine.HandEnd], LazyString] = {
    ("you", engine.HandEnd.KNOCK): _l("You score %(defender)d − %(knocker)d = %(points)d."),
    ("you", engine.HandEnd.GIN): _l("You score %(bonus)d (gin bonus) + %(diff)d = %(points)d."),
    ("you", engine.HandEnd.UNDERCUT): _l(
        "Undercut! You score %(bonus)d (undercut bonus) + %(diff)d = %(points)d."
    ),
    ("computer", engine.HandEnd.KNOCK): _l(
        "The computer scores %(defender)d − %(knocker)d = %(points)d."
    ),
    ("computer", engine.HandEnd.GIN): _l(
        "The computer scores %(bonus)d (gin bonus) + %(diff)d = %(points)d."
    ),
    ("computer", engine.HandEnd.UNDERCUT): _l(
        "Undercut! The computer scores %(bonus)d (undercut bonus) + %(diff)d = %(points)d."
    ),
    ("role", engine.HandEnd.KNOCK): _l(
        "The knocker scores %(defender)d − %(knocker)d = %(points)d."
    ),
    ("role", engine.HandEnd.GIN): _l(
        "The knocker scores %(bonus)d (gin bonus) + %(diff)d = %(points)d."
    ),
    ("role", engine.HandEnd.UNDERCUT): _l(
        "Undercut: the defender scores %(bonus)d (undercut bonus) + %(diff)d = %(points)d."
    ),
    # 胡牌制: the tier and its sum first, as players say it ("三金 50 + 7 = 57"), then who scores.
    ("you", engine.HandEnd.JIN_HU): _l(
        "金胡: %(shape)s %(bonus)d + %(diff)d = %(points)d, you score %(points)d."
    ),
    ("computer", engine.HandEnd.JIN_HU): _l(
        "金胡: %(shape)s %(bonus)d + %(diff)d = %(points)d, the computer scores %(points)d."
    ),
    ("role", engine.HandEnd.JIN_HU): _l("金胡: %(shape)s %(bonus)d + %(diff)d = %(points)d."),
    ("you", engine.HandEnd.MI_HU): _l(
        "米胡: %(bonus)d + (%(defender)d − %(knocker)d) = %(points)d, you score %(points)d."
    ),
    ("computer", engine.HandEnd.MI_HU): _l(
        "米胡: %(bonus)d + (%(defender)d − %(knocker)d) = %(points)d,"
        " the computer scores %(points)d."
    ),
    ("role", engine.HandEnd.MI_HU): _l(
        "米胡: %(bonus)d + (%(defender)d − %(knocker)d) = %(points)d."
    ),
    # 诈胡 pays the caller's opponent: "you" scored after the computer's 米胡, "computer"
    # after yours (its hand is then "the opponent's", as the caller says it).
    ("you", engine.HandEnd.ZHA_HU): _l(
        "诈胡: your %(shape)s %(bonus)d + %(diff)d = %(points)d, you score %(points)d."
    ),
    ("computer", engine.HandEnd.ZHA_HU): _l(
        "诈胡: the opponent's %(shape)s %(bonus)d + %(diff)d = %(points)d,"
        " the computer scores %(points)d."
    ),
    ("role", engine.HandEnd.ZHA_HU): _l(
        "诈胡: the opponent's %(shape)s %(bonus)d + %(diff)d = %(points)d."
    ),
}
_ENDING: dict[tuple[bool, engine.HandEnd], LazyString] = {
    (True, engine.HandEnd.KNOCK): _l("You knocked."),
    (True, engine.HandEnd.UNDERCUT): _l("You knocked."),
    (True, engine.HandEnd.GIN): _l("You went gin."),
    (False, engine.HandEnd.KNOCK): _l("The computer knocked."),
    (False, engine.HandEnd.UNDERCUT): _l("The computer knocked."),
    (False, engine.HandEnd.GIN): _l("The computer went gin."),
    (True, engine.HandEnd.JIN_HU): _l("You went out (胡牌)."),
    (True, engine.HandEnd.MI_HU): _l("You went out (胡牌)."),
    (True, engine.HandEnd.ZHA_HU): _l("You went out (胡牌)."),
    (False, engine.HandEnd.JIN_HU): _l("The computer went out (胡牌)."),
    (False, engine.HandEnd.MI_HU): _l("The computer went out (胡牌)."),
    (False, engine.HandEnd.ZHA_HU): _l("The computer went out (胡牌)."),
}


def shape_text(result: engine.HandResult) -> str:
    """The 胡牌制 shape that was paid: "二金", or "二金, 7 cards left: counted as 三金"."""
    if result.shape is None or result.paid_as is None:
        return ""
    if result.shape in (result.paid_as, engine.Shape.DEADWOOD):
        return shape_name(result.shape)
    left = result.defender.deadwood_cards if result.defender else ()
    melded = sum(len(m.cards) for m in result.defender.melds) if result.defender else 0
    return str(_("%(shape)s, %(cards)d cards left: counted as %(paid)s",
                 shape=shape_name(result.shape), cards=melded + len(left),
                 paid=shape_name(result.paid_as)))


def scoring_line(result: engine.HandResult, person: int | None = None) -> str:
    """How the hand's points were counted, e.g. "You score 20 − 8 = 12.".

    With ``person`` the sides are "you" and "the computer"; without, the rules pages' roles.
    Not for a dead hand, which scores nothing.
    """
    if person is None:
        who = "role"
    else:
        who = "you" if result.scorer == person else "computer"
    return str(_SCORING[(who, result.end)]) % {
        "defender": result.defender_deadwood,
        "knocker": result.knocker_deadwood,
        "bonus": result.bonus,
        "diff": result.difference,
        "points": result.points,
        "shape": shape_text(result),
    }


def ending_line(result: engine.HandResult, person: int) -> str:
    """Who ended the hand and how, from the person's side: "The computer knocked."."""
    return str(_ENDING[(result.knocker == person, result.end)])


_HAND_BANNER: dict[tuple[str, engine.HandEnd], LazyString] = {
    ("you", engine.HandEnd.KNOCK): _l("You win %(points)d points · knock"),
    ("you", engine.HandEnd.GIN): _l("You win %(points)d points · gin"),
    ("you", engine.HandEnd.UNDERCUT): _l("Undercut! You win %(points)d points"),
    ("computer", engine.HandEnd.KNOCK): _l("The computer wins %(points)d points · knock"),
    ("computer", engine.HandEnd.GIN): _l("The computer wins %(points)d points · gin"),
    ("computer", engine.HandEnd.UNDERCUT): _l("Undercut! The computer wins %(points)d points"),
    # 金胡 names its tier, the shape that scored it: "你赢 57 分 · 金胡 · 三金".
    ("you", engine.HandEnd.JIN_HU): _l("You win %(points)d points · 金胡 · %(shape)s"),
    ("you", engine.HandEnd.MI_HU): _l("You win %(points)d points · 米胡"),
    ("you", engine.HandEnd.ZHA_HU): _l("诈胡! You win %(points)d points"),
    ("computer", engine.HandEnd.JIN_HU): _l(
        "The computer wins %(points)d points · 金胡 · %(shape)s"
    ),
    ("computer", engine.HandEnd.MI_HU): _l("The computer wins %(points)d points · 米胡"),
    ("computer", engine.HandEnd.ZHA_HU): _l("诈胡! The computer wins %(points)d points"),
}
_MATCH_BANNER: dict[str, LazyString] = {
    "you": _l("You won the match! Final score: you %(you)d, computer %(computer)d."),
    "computer": _l("The computer won the match. Final score: you %(you)d, computer %(computer)d."),
}


def _side(player: int | None, person: int) -> str:
    if player is None:
        return "nobody"
    return "you" if player == person else "computer"


def hand_banner(result: engine.HandResult, person: int) -> Banner:
    """Who won the hand, how many points and how: "You win 12 points · knock"."""
    winner = _side(result.scorer, person)
    if result.end is engine.HandEnd.DEAD:
        return Banner(winner, 0, str(_("Dead hand: nobody scores")))
    text = str(_HAND_BANNER[(winner, result.end)]) % {
        "points": result.points, "shape": shape_text(result)}
    return Banner(winner, result.points, text)


def match_banner(settlement: engine.Settlement, person: int) -> Banner:
    """Who won the match, with the final settled totals."""
    winner = _side(settlement.winner, person)
    totals = {"you": settlement.totals[person], "computer": settlement.totals[1 - person]}
    return Banner(winner, settlement.totals[settlement.winner], str(_MATCH_BANNER[winner]) % totals)


def turn_line(view: engine.PlayerView) -> str:
    """Whose turn it is, or that the hand or the match is over, in a few words."""
    if view.settlement is not None:
        return str(_("Match over"))
    if view.result is not None:
        return str(_("Hand over"))
    if view.my_turn:
        return str(_("Your turn"))
    return str(_("The computer's turn"))


# The going-out moves by scoring scheme: the standard game knocks or goes gin, 胡牌制 goes out
# (胡牌) with a 金胡 (deadwood 0) or a 米胡. Keys: scheme, the engine's action, the wording's use.
_GOING_OUT: dict[tuple[engine.Scoring, str, str], LazyString] = {
    (engine.Scoring.GIN_RUMMY, "gin", "button"): _l("Gin…"),
    (engine.Scoring.GIN_RUMMY, "knock", "button"): _l("Knock…"),
    (engine.Scoring.GIN_RUMMY, "gin", "ask"): _l("Go gin? Choose the card to discard."),
    (engine.Scoring.GIN_RUMMY, "knock", "ask"): _l("Knock? Choose the card to discard."),
    (engine.Scoring.GIN_RUMMY, "gin", "confirm"): _l("Gin: discard %(card)s"),
    (engine.Scoring.GIN_RUMMY, "knock", "confirm"): _l(
        "Knock: discard %(card)s, deadwood %(left)d"
    ),
    (engine.Scoring.HU, "gin", "button"): _l("胡牌 · 金胡…"),
    (engine.Scoring.HU, "knock", "button"): _l("胡牌 · 米胡…"),
    (engine.Scoring.HU, "gin", "ask"): _l(
        "胡牌 with a 金胡? Choose the card to discard face down."
    ),
    (engine.Scoring.HU, "knock", "ask"): _l(
        "胡牌 with a 米胡? Choose the card to discard face down."
    ),
    (engine.Scoring.HU, "gin", "confirm"): _l("金胡: discard %(card)s face down"),
    (engine.Scoring.HU, "knock", "confirm"): _l("米胡: discard %(card)s face down, 米 %(left)d"),
}


def going_out(
    scoring: engine.Scoring,
    action: str,
    use: str,
    card: engine.Card | None = None,
    left: int = 0,
) -> str:
    """A going-out button or question: ``action`` "knock" or "gin"; ``use`` "button" (opens the
    confirmation), "ask" (the confirmation's question) or "confirm" (a button naming its card)."""
    text = str(_GOING_OUT[(scoring, action, use)])
    return text % {"card": card.symbol, "left": left} if card is not None else text


_HAND_DEADWOOD: dict[engine.Scoring, LazyString] = {
    engine.Scoring.GIN_RUMMY: _l("deadwood %(points)d · ≤ %(limit)d to knock"),
    engine.Scoring.HU: _l("米 %(points)d · ≤ %(limit)d to 胡牌"),
}


# The word for deadwood on the table: 胡牌制 says 米 (米牌, 米数) on every surface, so each text
# has its 胡牌制 twin under the context "胡牌制" (the same English, its own translation).
_DEADWOOD_WORDS: dict[tuple[engine.Scoring, str], LazyString] = {
    (engine.Scoring.GIN_RUMMY, "group"): _l("Deadwood"),
    (engine.Scoring.HU, "group"): _lp("胡牌制", "Deadwood"),
    (engine.Scoring.GIN_RUMMY, "preview"): _l("deadwood after discarding it:"),
    (engine.Scoring.HU, "preview"): _lp("胡牌制", "deadwood after discarding it:"),
    (engine.Scoring.GIN_RUMMY, "tap"): _l(
        "Tap a card to discard it. Under each card: your deadwood after discarding it."
    ),
    (engine.Scoring.HU, "tap"): _lp(
        "胡牌制", "Tap a card to discard it. Under each card: your deadwood after discarding it."
    ),
}


def deadwood_words(scoring: engine.Scoring, use: str) -> str:
    """The hand's deadwood words: ``use`` "group" (the unmelded cards' heading), "preview" (the
    figure under each card) or "tap" (the discard prompt)."""
    return str(_DEADWOOD_WORDS[(scoring, use)])


def hand_deadwood(ruleset: engine.Ruleset, points: int) -> str:
    """The hand's heading figure: its deadwood and the most that allows going out."""
    return str(_HAND_DEADWOOD[ruleset.scoring]) % {"points": points, "limit": ruleset.knock_limit}


@dataclass(frozen=True)
class ShowdownWords:
    """The showdown's headings and notes, in the words of the hand's scoring scheme."""

    caller: str
    """After the caller's name at the table: "(gin)", "(knocker)", "(胡牌 · 米胡)"."""
    defender: str
    caller_role: str
    """The caller's side on the rules pages' worked examples: "Knocker", "Going out"."""
    defender_role: str
    no_lay_offs: str
    """Why the defender laid nothing off."""
    deadwood: str
    """The heading of each side's unmelded cards: "Deadwood", under 胡牌制 米牌."""
    lay_offs_barred: bool
    """Gin or 金胡: the defender may not lay off at all."""


def showdown_words(result: engine.HandResult) -> ShowdownWords:
    """The headings of a showdown (not of a dead hand, which has none)."""
    barred = result.end in (engine.HandEnd.GIN, engine.HandEnd.JIN_HU)
    if result.end in (engine.HandEnd.JIN_HU, engine.HandEnd.MI_HU, engine.HandEnd.ZHA_HU):
        return ShowdownWords(
            caller=str(_("(胡牌 · %(end)s)", end=hand_end_name(result.end))),
            defender=str(_("(opponent)")),
            caller_role=str(_("Going out (胡牌)")),
            defender_role=str(_("Opponent")),
            no_lay_offs=str(_("No lay-offs after a 金胡.") if barred
                            else _("No card could be laid off.")),
            deadwood=deadwood_words(engine.Scoring.HU, "group"),
            lay_offs_barred=barred,
        )
    return ShowdownWords(
        caller=str(_("(gin)") if result.end is engine.HandEnd.GIN else _("(knocker)")),
        defender=str(_("(defender)")),
        caller_role=str(_("Knocker")),
        defender_role=str(_("Defender")),
        no_lay_offs=str(_("No lay-offs after gin.") if barred else _("No card could be laid off.")),
        deadwood=deadwood_words(engine.Scoring.GIN_RUMMY, "group"),
        lay_offs_barred=barred,
    )


def dead_hand_line(ruleset: engine.Ruleset) -> str:
    """Why a dead hand (流局) scored nothing: the stock ran low, or (胡牌制) ran out."""
    if ruleset.scoring is engine.Scoring.HU:
        return str(_(
            "流局: the stock ran out and nobody went out (胡牌). Nobody scores, and the same "
            "dealer deals again."
        ))
    return str(_(
        "Dead hand: only %(left)d stock cards were left and nobody knocked. Nobody scores, "
        "and the same dealer deals again.",
        left=ruleset.dead_hand_stock,
    ))
