#!/bin/sh
# The AI benchmarks of RESULTS-ai.md, one after another, on one core (--jobs 1).
cd "$(dirname "$0")/.." || exit 1
PY=.venv/bin/python
$PY -m gin_engine.tournament expert simple --matches 4000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament normal simple --matches 2000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament easy simple --matches 2000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert normal --matches 1000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament normal easy --matches 1000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert easy --matches 1000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.selfplay --hands 400 --level normal --seed 1
