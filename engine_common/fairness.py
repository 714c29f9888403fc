"""Provably fair deals, shared by both engines: the commitment and the deal seed.

Glossary
    seed        the match's secret shuffle seed, drawn when the match starts
    commitment  SHA-256 (hex) of the seed, shown before the first card; the seed itself is
                revealed when the match ends, so anyone can check the two agree
    player seed an optional text the player typed; the deal seed mixes it in
    deal seed   the seed itself, or SHA-256 of ``seed:player_seed`` when there is a player seed
"""

from __future__ import annotations

import hashlib


def commitment(seed: str) -> str:
    """SHA-256 (hex) of ``seed``: what the site shows before the match's first deal."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def deal_seed(seed: str, player_seed: str = "") -> str:
    """The seed the deals are shuffled from: the match's seed, mixed with the player's if any."""
    if not player_seed:
        return seed
    return hashlib.sha256(f"{seed}:{player_seed}".encode()).hexdigest()
