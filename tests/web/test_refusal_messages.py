"""Every refusal code either engine can give has a message on its game's table, in each language:
a code without one would reach the player as its bare code, an untranslated one in English."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from enum import Enum

import pytest
from flask import Flask, session
from flask_babel import LazyString

import gin_engine as gin
import romme_engine as romme
from webapp.gin.messages import REFUSALS as GIN_REFUSALS
from webapp.romme.messages import REFUSALS as ROMME_REFUSALS

TABLES: dict[str, tuple[Mapping[Enum, LazyString], set[Enum]]] = {
    "gin": (GIN_REFUSALS, {*gin.Refusal, *gin.Reason}),
    "romme": (ROMME_REFUSALS, {*romme.Refusal, *romme.Reason}),
}


def texts(app: Flask, refusals: Mapping[Enum, LazyString], lang: str) -> dict[Enum, str]:
    numbers: defaultdict[str, object] = defaultdict(lambda: 10)  # %(limit)s, %(card)s, …
    with app.test_request_context(f"/?lang={lang}"):
        session["lang"] = lang
        return {code: str(text) % numbers for code, text in refusals.items()}


@pytest.mark.parametrize("game", TABLES)
def test_every_refusal_code_has_a_message(app: Flask, game: str) -> None:
    refusals, codes = TABLES[game]
    assert set(refusals) == codes


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
@pytest.mark.parametrize("game", TABLES)
def test_every_refusal_message_is_translated(app: Flask, game: str, lang: str) -> None:
    refusals, _ = TABLES[game]
    english, translated = texts(app, refusals, "en"), texts(app, refusals, lang)
    assert [code for code in refusals if translated[code] == english[code]] == []
