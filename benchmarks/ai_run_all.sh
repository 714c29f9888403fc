#!/bin/sh
# The AI benchmarks of RESULTS-ai.md, one after another, on one core (--jobs 1), at low
# priority (the machine is shared). Sizes were chosen to fit the time a shared 2-core machine
# gives them; see RESULTS-ai.md for what each size means for the intervals.
cd "$(dirname "$0")/.." || exit 1
PY="nice -n 10 .venv/bin/python"
$PY -m gin_engine.selfplay --hands 400 --level easy --seed 1
$PY -m gin_engine.selfplay --hands 400 --level normal --seed 1
$PY -m gin_engine.selfplay --hands 400 --level expert --seed 1
$PY -m gin_engine.tournament normal simple --matches 1000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament easy simple --matches 1000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament normal easy --matches 400 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert expert-v1 --matches 400 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert simple --matches 400 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert patient --matches 200 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert ginhunter --matches 200 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert eager --matches 200 --ruleset classic --seed 1 --jobs 1
# all yardsticks in one go (same figures as the lines above when given the same --matches):
# $PY -m gin_engine.tournament expert --panel --matches 400 --ruleset classic --seed 1 --jobs 1
