"""Provably fair deals, shared by both engines: the commitment and the deal seed.

Glossary
    seed        the match's secret shuffle seed, drawn when the match starts
    commitment  SHA-256 (hex) of the seed, shown before the first card; the seed itself is
                revealed when the match ends, so anyone can check the two agree
    player seed an optional text the player typed; the deal seed mixes it in
    deal seed   the seed itself, or SHA-256 of ``seed:player_seed`` when there is a player seed
    deal n      the deck in the order ``Random(f"{deal_seed}:{n}")`` shuffles it (1 = the first)
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

C = TypeVar("C")


def commitment(seed: str) -> str:
    """SHA-256 (hex) of ``seed``: what the site shows before the match's first deal."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def deal_seed(seed: str, player_seed: str = "") -> str:
    """The seed the deals are shuffled from: the match's seed, mixed with the player's if any."""
    if not player_seed:
        return seed
    return hashlib.sha256(f"{seed}:{player_seed}".encode()).hexdigest()


def shuffled(deck: Sequence[C], seed: str, deal: int) -> list[C]:
    """Deal ``deal``'s order of ``deck`` from a deal seed (`deal_seed`): a stored match re-deals
    identically, and anyone holding the revealed seed can deal it again."""
    order = list(deck)
    random.Random(f"{seed}:{deal}").shuffle(order)
    return order


def reply_rng(seed: str, board: int, seat: int, history: Iterable[object]) -> random.Random:
    """The random source of a computer seat's one decision on a daily board (每日一局): from the
    day's seed, the board (the deal's number), the seat and the hand's public history so far,
    and nothing else, so everyone who makes the same moves on a board meets the same replies.
    The history is written by each event's ``repr`` (the engines' frozen dataclasses: seat,
    move and the card everyone saw). The seed is secret until the day closes, so the replies
    cannot be computed ahead either."""
    public = "|".join(repr(event) for event in history)
    key = hashlib.sha256(f"{seed}:{board}:{seat}:{public}".encode()).hexdigest()
    return random.Random(key)


DEFAULT_DEALS = 10
MAX_DEALS = 100
"""How many deals a check shows by default, and at most."""


def verify_parser(prog: str, description: str, presets: Iterable[str], default: str
                  ) -> argparse.ArgumentParser:
    """The command line of an engine's ``verify``: the revealed seed, the seed the player typed
    (if any), how many deals and the match's preset; the engine adds what its deals need."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("seed", help="the seed revealed when the match ended")
    parser.add_argument("player_seed", nargs="?", default="", help="the seed you typed, if any")
    parser.add_argument(
        "--deals", type=int, default=DEFAULT_DEALS, choices=range(1, MAX_DEALS + 1),
        metavar=f"1..{MAX_DEALS}", help=f"how many deals to show (default {DEFAULT_DEALS})",
    )
    parser.add_argument("--ruleset", choices=sorted(presets), default=default,
                        help="the match's preset")
    return parser


def report_head(seed: str, player_seed: str) -> list[str]:
    """The first lines of a check: the commitment to compare, and the player's seed."""
    lines = [f"commitment (SHA-256 of the seed): {commitment(seed)}"]
    if player_seed:
        lines.append(f"player seed: {player_seed!r}")
    return lines


def cards_line(cards: Iterable[object]) -> str:
    return " ".join(str(card) for card in cards)
