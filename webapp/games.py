"""The games the site plays: one entry per game, naming every part of the site that differs.

The match layer (`webapp.matches`), the start page, ``/verify``, the fairness panel, the reading
pages and the boards look a game up here or go through all of them; none of them asks which
game it is. A new game is a new entry here, its engine package and its table package
(``tests/web/test_toy_game.py`` registers one defined in the tests and plays it through).

Glossary
    game     what a match row's ``game`` names (``gin``, ``romme``): one engine reads its
             snapshot, one table plays it. Gin Rummy's rulesets include 胡牌制 (``hu``,
             ``hu-race``): the same engine and table
    board    what the boards rank, a ``match_results.game``: Gin Rummy ranks its standard
             rulesets (``gin``) and 胡牌制 (``hu``) apart; Rommé has one board (``romme``)
    at root  the first game's table, pages and start form sit at the site's root (``/play``,
             ``/rules``, ``/``); another's carry its key (``/romme``, ``/romme/rules``,
             ``/?game=romme``)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from flask_babel import LazyString
from markupsafe import Markup

import gin_engine
import gin_engine.ai
import romme_engine
import romme_engine.ai
from engine_common.luck import HandLuck
from engine_common.review import mistakes
from gin_engine.match import COMPUTER_DEALS_FIRST
from webapp.gin import cards as gin_cards
from webapp.gin import daily as gin_daily
from webapp.gin import deals as gin_deals
from webapp.gin import puzzles as gin_puzzles
from webapp.gin import results as gin_results
from webapp.gin import review as gin_review
from webapp.gin import start_form as gin_start
from webapp.i18n import lazy_gettext as _l
from webapp.i18n import lazy_pgettext as _lp
from webapp.labels import ruleset_names
from webapp.models import GIN, HU, ROMME, MatchResult
from webapp.pages import gin_figures, gin_values, romme_figures, romme_values
from webapp.pages.placeholders import Inputs
from webapp.puzzles.data import Candidate, PuzzleData
from webapp.redeal import Redeal
from webapp.review.page import HandPage
from webapp.review.summary import Tally
from webapp.romme import cards as romme_cards
from webapp.romme import daily as romme_daily
from webapp.romme import deals as romme_deals
from webapp.romme import puzzles as romme_puzzles
from webapp.romme import results as romme_results
from webapp.romme import review as romme_review
from webapp.romme import start_form as romme_start
from webapp.start_form import StartForm
from webapp.statistics.declared import Shown, Statistic
from webapp.store import MatchRecord


class EngineMatch(Protocol):
    """What the match layer asks of any engine's ``Match``."""

    @property
    def turn(self) -> int | None:
        """The seat that must act now; None between hands and once the match is over."""

    def apply(self, player: int, action: Any) -> None: ...

    def view(self, player: int) -> Any: ...

    @property
    def seed(self) -> str:
        """The secret deal seed (a daily's: the day's)."""

    @property
    def deals(self) -> int:
        """How many hands have been dealt (on a daily: the board being played)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def public_history(self) -> Sequence[object]:
        """The hand's public moves so far (a daily's computer decides by them)."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Review:
    """What a game's 复盘 needs (``webapp.review``: its pages, store and trend ask this and
    import no engine). Each callable takes the engine's ``Match`` and a finished hand's
    number (1-based) where it names them."""

    replayable: Callable[[Any, int], bool]
    """Whether the hand can be reviewed and practised: it is over and the match kept its
    moves (a hand finished before that simply has no review)."""
    review_hand: Callable[[Any, int, int], Any]
    """The hand's review of a seat's decisions (the engine's, slow: computed once, kept)."""
    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[[dict[str, Any]], Any]
    """A review to the JSON the store keeps, and back."""
    tally: Callable[[Any], Tally]
    """A review's figures, kept in columns (`webapp.review.summary`)."""
    banner: Callable[[Any, int], Any]
    """The hand's result as its showdown told the person (``.winner``, ``.text``)."""
    hand_page: Callable[[Any, Any], HandPage]
    """The hand page's game's own part from a review (None: unavailable): its rows in the
    game's words, the template of one row, the labels' thresholds (`webapp.review.page`;
    ``templates/review/hand.html`` lays them out the same for every game)."""
    practice: Callable[[Any, int], Any]
    """A new match dealing the hand again as its first, with a fresh seed after it."""
    points: Callable[[Any, int], int]
    """The hand's result to the person in points (won +, paid −, 0 when nobody scored): what
    decided it is said from it, and the luck-adjusted result is it minus the luck."""
    luck: Callable[[Any, int, int], HandLuck] | None = None
    """A seat's luck in a finished hand, in points by source (deal, own and the others'
    stock draws, with the standard error of their sum: `engine_common.luck.HandLuck`),
    computed with the review and kept beside it; None for a game without a luck measure."""


@dataclass(frozen=True)
class Daily:
    """A game's daily (每日一局, `webapp.daily`): the same boards for everyone on a day."""

    boards: int
    ruleset: str
    """The preset the boards are played under (the match row's ``ruleset``)."""
    deal: Callable[[str], EngineMatch]
    """The day's match from the day's seed: board ``n`` is deal ``n`` of that seed, so
    ``/verify`` re-deals every board from it."""
    results: Callable[[Any], tuple[int, ...]]
    """Each finished board's result from the person's side, as the game scores a hand."""
    level: str = "normal"
    """The computer players' level, everyone's."""
    par_level: str = "expert"
    """The level whose own result in the person's seat is each board's par (标准)."""


@dataclass(frozen=True)
class Puzzles:
    """What a game's puzzles need (``webapp.puzzles``: its pages, store and bank ask this and
    import no engine): value every legal move of a position, keep the positions whose expert
    move is clearly best, and show a position again."""

    bank: Callable[[str, int, tuple[str, ...], int | None], Iterator[Candidate]]
    """Every decision of one match between computer levels (ruleset, seed, each seat's
    level, how many hands: None for the whole match), each kept or not."""
    own: Callable[[Any, str, int, Sequence[int]], list[tuple[int, PuzzleData | None]]]
    """The person's decisions (1-based, the review's numbers) of a finished hand of the
    engine's ``Match`` (its ruleset's name, the hand's number), each with its puzzle or None."""
    flagged: Callable[[Any], list[int]]
    """The decisions of a hand's review (``Review.review_hand``'s) labelled 失误 or 大错."""
    page: Callable[[str, str, dict[str, Any], list[list[Any]]], Any]
    """A kept position (ruleset, kind, position, moves) as ``template`` draws it."""
    template: str
    kind: Callable[[str, str], str]
    """A kind of decision in words (ruleset, kind): the 错题本's list."""
    reason: Callable[[str, str, dict[str, Any]], str]
    """The one-line reason for the answer (ruleset, answer, the kept reason)."""
    seats: tuple[int, ...] = (2,)
    """How many seats the bank's matches are played with, in turn (`webapp.puzzles.bank`)."""
    never: Callable[[Any, int, int], str | None] | None = None
    """Why a decision of the person (the engine's ``Match``, the hand's number, the
    decision's) can be no puzzle whatever its values, in words; None (or no hook) when it
    could be one: then a decision without a puzzle has no clearly best move."""


class Player(Protocol):
    """A computer player: it chooses its seat's action from that seat's view."""

    def choose(self, view: Any) -> Any: ...


@dataclass(frozen=True)
class Board:
    """One board of the leaderboard and the player pages: a ``match_results.game``."""

    key: str
    name: LazyString
    best_score: bool = False
    """The best match score is shown (leaderboard and player page): on Gin Rummy's standard
    board (Rommé's score is a penalty total, lowest best, which the kept maximum cannot
    describe)."""
    shown: tuple[Shown, ...] = ()
    """The game's own statistics the player page shows on this board, in order, after the
    common totals (`webapp.statistics.declared`)."""
    hands_template: str | None = None
    """The player page's hand-by-hand table of one of its matches; None: the hands counted."""
    hand_rows: Callable[[list[dict[str, Any]]], Sequence[Any]] | None = None
    """That table's rows, read from the match's ``hand_scores``."""
    anchors: Mapping[str, Mapping[str, float]] | None = None
    """The computer levels' fixed ratings on this board (``{"easy": {"rating": 1359,
    "score": 0.31}}``: each level's rating and its score against normal), where the
    tournaments' ``webapp/rating/levels.json`` has no figures for it (`webapp.rating.levels`)."""
    by_totals: bool = False
    """The person meets every computer seat by the final penalty totals, the sums of
    ``hand_scores``' ``penalties`` (lower wins, equal draws); otherwise the match's outcome is
    a win or a loss against its one computer seat (`webapp.rating.scores`)."""


@dataclass(frozen=True)
class ReadingPages:
    """A game's rules, FAQ and strategy pages (``webapp.pages``)."""

    folder: Path
    """Where the pages' markdown is: ``<folder>/<locale>/<page>.md`` for the game at root,
    ``<folder>/<locale>/<key>/<page>.md`` for another (the site's `CONTENT` for both games)."""
    titles: Mapping[str, LazyString]
    """The pages the game has (its rules, and the FAQ and strategy if it has them), each by
    its title on the game's own pages, in the order they are linked."""
    rules_elsewhere: LazyString
    """The link to this game's rules from another game's pages and, for a game not at root,
    from the header's menu (`webapp.pages.views.menu_games`)."""
    inputs: Callable[[], Inputs]
    """The values and ``[[blocks]]`` the page sources are filled with."""
    fingerprint: Callable[[], tuple[object, ...]]
    """Everything the rendered pages depend on besides their source and language."""
    play: tuple[str, Mapping[str, Any]]
    """The pages' "Play" link: an endpoint and its values."""


@dataclass(frozen=True)
class Game:
    key: str
    """``matches.game``; the ``game=`` of the start page and ``/verify`` (not at root)."""
    name: LazyString
    at_root: bool
    table: str
    """The endpoint of the game's table page."""
    start_title: LazyString
    start_form: type[StartForm]
    start_template: str
    """The start page's form for the game (a template drawing ``form``)."""
    deal: Callable[[Any, random.Random], EngineMatch]
    """A new match from a validated start form, shuffled by the random source given."""
    read: Callable[[dict[str, Any]], Any]
    """The engine's ``Match`` from a stored snapshot."""
    make_bot: Callable[[str, random.Random], Player]
    levels: tuple[str, ...]
    """The difficulties offered (the table's switch, the start form's choices), the engine's
    own (`webapp.labels.offered_levels` of its ``ai.LEVELS``, kept beside the start form):
    each has a ``make_bot`` and a rating anchor (``webapp/rating/levels.json``), as
    tests/web/test_games.py checks."""
    next_hand: type
    """The action that deals the next hand: a difficulty asked for applies from it."""
    statistics: Callable[[MatchRecord, Any], MatchResult]
    """The owner's ``match_results`` row of an ended match
    (`webapp.statistics.ranking.record_result`)."""
    presets: Mapping[str, Any]
    default_ruleset: str
    redeal: Callable[[str, str, int, Any, Mapping[str, str]], Redeal]
    """``/verify``: a seed's deals (seed, player seed, how many, ruleset, the query)."""
    verify_query: Callable[[Any], dict[str, object]]
    """What the fairness panel's ``/verify`` link needs besides the seeds, from the engine's
    ``Match`` (its ``deals``, the contract's)."""
    card_row: Callable[[Sequence[Any]], Markup]
    pages: ReadingPages
    boards: tuple[Board, ...]
    verify_note: LazyString | None = None
    """A sentence ``/verify`` adds under the game's form."""
    counted: tuple[Statistic, ...] = ()
    """The game's own statistics, counted per match by ``statistics`` and kept per board
    (`webapp.statistics.declared`)."""
    daily: Daily | None = None
    """The game's daily (每日一局); None: the game has none."""
    review: Review | None = None
    """Each finished hand of its matches has a review page (复盘, ``webapp.review``) when
    the game gives what one needs; None: no review."""
    puzzles: Puzzles | None = None
    """Its positions can be puzzles (the bank, 错题本: ``webapp.puzzles``); None: no puzzles."""

    @property
    def rulesets(self) -> dict[str, LazyString | str]:
        """The game's presets by their translated names, in the engine's order."""
        return ruleset_names(self.presets)

    @property
    def query(self) -> str | None:
        """The ``game=`` value naming this game in a link: none for the game at root."""
        return None if self.at_root else self.key


def _deal_gin(form: gin_start.NewGinForm, rng: random.Random) -> gin_engine.Match:
    return gin_engine.Match.new(
        gin_engine.preset(str(form.ruleset.data)), rng,
        first_dealer=COMPUTER_DEALS_FIRST, player_seed=str(form.player_seed.data or ""),
    )


def _deal_romme(form: romme_start.NewRommeForm, rng: random.Random) -> romme_engine.Match:
    return romme_engine.Match.new(
        romme_engine.preset(str(form.ruleset.data)), int(form.opponents.data or 0) + 1, rng,
        player_seed=str(form.player_seed.data or ""),
    )


def _gin_verify_query(match: gin_engine.Match) -> dict[str, object]:
    return {"deals": match.deals}


def _romme_verify_query(match: romme_engine.Match) -> dict[str, object]:
    return {"deals": match.deals, "players": match.players}


CONTENT = Path(__file__).resolve().parent / "content"
"""The reading pages' markdown of the site's games (`ReadingPages.folder`)."""
_PAGE_TITLES = {"rules": _l("Rules"), "faq": _l("FAQ"), "strategy": _l("Strategy")}

GAMES: tuple[Game, ...] = (
    Game(
        key=GIN,
        name=_l("Gin Rummy"),
        at_root=True,
        table="gin.table",
        start_title=_l("Play Gin Rummy against the computer"),
        start_form=gin_start.NewGinForm,
        start_template="gin/_start_form.html",
        deal=_deal_gin,
        read=gin_engine.Match.from_dict,
        make_bot=gin_engine.ai.make_bot,
        levels=gin_start.LEVELS,
        next_hand=gin_engine.NextHand,
        statistics=gin_results.statistics,
        counted=gin_results.COUNTED,
        presets=gin_engine.PRESETS,
        default_ruleset=gin_engine.ruleset.DEFAULT_PRESET,
        redeal=gin_deals.redeal,
        verify_query=_gin_verify_query,
        card_row=gin_cards.card_row,
        daily=Daily(gin_daily.BOARDS, gin_daily.RULESET, gin_daily.deal, gin_daily.results),
        review=Review(
            replayable=gin_review.replayable,
            review_hand=gin_review.review_hand,
            encode=gin_review.encode_review,
            decode=gin_review.decode_review,
            tally=gin_review.tally,
            banner=gin_review.banner,
            hand_page=gin_review.hand_page,
            practice=gin_review.practice,
            points=gin_review.points,
            luck=gin_review.hand_luck,
        ),
        puzzles=Puzzles(
            bank=gin_puzzles.bank,
            own=gin_puzzles.own,
            flagged=mistakes,
            page=gin_puzzles.page,
            template="gin/_puzzle.html",
            kind=gin_puzzles.kind,
            reason=gin_puzzles.reason,
        ),
        pages=ReadingPages(
            folder=CONTENT,
            titles=_PAGE_TITLES,
            rules_elsewhere=_lp("reading page", "Gin Rummy rules"),
            inputs=gin_figures.inputs,
            fingerprint=gin_values.fingerprint,
            play=("gin.table", {}),
        ),
        boards=(
            Board(GIN, _lp("board game", "Gin Rummy"), best_score=True,
                  shown=gin_results.SHOWN,
                  hands_template="board/_gin_hands.html", hand_rows=gin_results.hand_rows),
            # 胡牌制 keeps its own statistics under Gin Rummy's names (金胡 as gins, 诈胡 as
            # undercuts): shown under those names they would mislead, so its board has the
            # common columns only.
            Board(HU, _lp("board game", "胡牌制"),
                  hands_template="board/_gin_hands.html", hand_rows=gin_results.hand_rows),
        ),
    ),
    Game(
        key=ROMME,
        name=_l("Rommé"),
        at_root=False,
        table="romme.table",
        start_title=_l("Play Rommé against 1 to 3 computer players"),
        start_form=romme_start.NewRommeForm,
        start_template="romme/_start_form.html",
        deal=_deal_romme,
        read=romme_engine.Match.from_dict,
        make_bot=romme_engine.ai.make_bot,
        levels=romme_start.LEVELS,
        next_hand=romme_engine.NextHand,
        statistics=romme_results.statistics,
        presets=romme_engine.PRESETS,
        default_ruleset=romme_engine.ruleset.DEFAULT_PRESET,
        redeal=romme_deals.redeal,
        verify_query=_romme_verify_query,
        card_row=romme_cards.card_row,
        daily=Daily(romme_daily.BOARDS, romme_daily.RULESET, romme_daily.deal,
                    romme_daily.results),
        review=Review(
            replayable=romme_review.replayable,
            review_hand=romme_review.review_hand,
            encode=romme_review.encode_review,
            decode=romme_review.decode_review,
            tally=romme_review.tally,
            banner=romme_review.banner,
            hand_page=romme_review.hand_page,
            practice=romme_review.practice,
            points=romme_review.points,
            luck=romme_review.hand_luck,
        ),
        puzzles=Puzzles(
            bank=romme_puzzles.bank,
            own=romme_puzzles.own,
            flagged=mistakes,
            page=romme_puzzles.page,
            template="romme/_puzzle.html",
            kind=romme_puzzles.kind,
            reason=romme_puzzles.reason,
            seats=romme_puzzles.SEATS,
            never=romme_puzzles.never,
        ),
        verify_note=_l(
            "When the stock runs out, the discard pile is shuffled into a new stock from the "
            "same seed; which cards that is depends on the play, so only the deals are shown "
            "here."
        ),
        pages=ReadingPages(
            folder=CONTENT,
            titles={
                "rules": _lp("reading page", "Rommé rules"),
                "faq": _lp("reading page", "Rommé FAQ"),
                "strategy": _lp("reading page", "Rommé strategy"),
            },
            rules_elsewhere=_lp("reading page", "Rommé rules"),
            inputs=romme_figures.inputs,
            fingerprint=romme_values.fingerprint,
            play=("main.index", {"game": ROMME}),
        ),
        boards=(
            Board(ROMME, _lp("board game", "Rommé"),
                  hands_template="board/_romme_hands.html", hand_rows=romme_results.hand_rows,
                  by_totals=True),
        ),
    ),
)
DEFAULT = GAMES[0]
# Every look-up below reads ``GAMES`` when it is asked, never a copy made at import: an entry
# added to it (tests/web/toy_game/, a third game defined in the tests) is a game of the whole
# site, its start page, table, boards, totals, rating and repair commands.


class UnknownGame(LookupError):
    """A ``game`` value that names no game of the site."""


def named(key: str | None) -> Game:
    """The game named by ``key`` (None: the game at root); `UnknownGame` otherwise."""
    found = DEFAULT if key is None else next((g for g in GAMES if g.key == key), None)
    if found is None:
        raise UnknownGame(key)
    return found


def of(record: MatchRecord) -> Game:
    """The game a stored match is played in."""
    return named(record.game)


def of_board(key: str) -> Game | None:
    """The game whose board ``key`` is (a ``match_results.game``), if any."""
    return next((game for game in GAMES for board in game.boards if board.key == key), None)


def boards() -> tuple[Board, ...]:
    """Every game's boards, in the registry's order."""
    return tuple(board for game in GAMES for board in game.boards)


def boards_by_totals() -> tuple[str, ...]:
    """The boards whose matches are scored seat against seat by their totals (`Board.by_totals`)."""
    return tuple(board.key for board in boards() if board.by_totals)


def counted() -> tuple[Statistic, ...]:
    """Every game's own statistics (`Game.counted`), in the registry's order."""
    return tuple(statistic for game in GAMES for statistic in game.counted)


def levels() -> tuple[str, ...]:
    """Every game's offered difficulties (`Game.levels`), each once, in the registry's order:
    the levels whose wins are kept and shown (`webapp.statistics.declared.wins_name`)."""
    return tuple(dict.fromkeys(level for game in GAMES for level in game.levels))


def dailies() -> tuple[Game, ...]:
    """The games that have a daily (`Game.daily`), in the registry's order."""
    return tuple(game for game in GAMES if game.daily is not None)


def with_puzzles() -> tuple[Game, ...]:
    """The games whose positions can be puzzles (`Game.puzzles`)."""
    return tuple(game for game in GAMES if game.puzzles)


def reviewed_boards() -> tuple[str, ...]:
    """The boards of the games whose hands have review pages (`Game.review`)."""
    return tuple(board.key for game in GAMES if game.review for board in game.boards)


def levels_of(record: MatchRecord) -> tuple[str, ...]:
    """The difficulties a stored match may switch to: its game's (a template global)."""
    return of(record).levels


def table_of(record: MatchRecord) -> str:
    """The endpoint of the table a stored match is played at (a template global)."""
    return of(record).table
