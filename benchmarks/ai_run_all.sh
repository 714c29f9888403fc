#!/bin/sh
# The AI benchmarks of RESULTS-ai.md, one after another, on one core (--jobs 1), at low
# priority. The machine is shared (2 cores, load average about 15 on 2026-11-30), so the sizes
# are what fitted the time available, smaller than the issue asks; RESULTS-ai.md gives each
# figure with its 95% interval. With more time, raise --matches (4000 for expert-v1 and simple).
cd "$(dirname "$0")/.." || exit 1
PY="nice -n 10 .venv/bin/python"
$PY -m gin_engine.selfplay --hands 400 --level easy --seed 1
$PY -m gin_engine.selfplay --hands 400 --level normal --seed 1
$PY -m gin_engine.selfplay --hands 400 --level expert --seed 1
$PY -m gin_engine.tournament normal simple --matches 1000 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert expert-v1 --matches 300 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert simple --matches 200 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament easy simple --matches 400 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert patient --matches 100 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert ginhunter --matches 100 --ruleset classic --seed 1 --jobs 1
$PY -m gin_engine.tournament expert eager --matches 100 --ruleset classic --seed 1 --jobs 1
# The same yardsticks in one command (python -m gin_engine.tournament expert --panel):
# $PY -m gin_engine.tournament expert --panel --matches 100 --ruleset classic --seed 1 --jobs 1
$PY benchmarks/ai_hint_time.py 3000
# The two narrowest yardstick figures again, on other deals:
$PY -m gin_engine.tournament expert eager --matches 100 --ruleset classic --seed 1001 --jobs 1
$PY -m gin_engine.tournament expert ginhunter --matches 100 --ruleset classic --seed 1001 --jobs 1
# 胡牌制 (issue 15): expert vs simple on 4,000 matches (two seed sets), hu-race, and self-play.
$PY -m gin_engine.tournament expert simple --ruleset hu --matches 2000 --seed 1 --jobs 2
$PY -m gin_engine.tournament expert simple --ruleset hu --matches 2000 --seed 1001 --jobs 2
$PY -m gin_engine.tournament expert simple --ruleset hu-race --matches 2000 --seed 1 --jobs 2
$PY -m gin_engine.selfplay --ruleset hu --hands 1000 --level normal --seed 1
$PY -m gin_engine.selfplay --ruleset hu --hands 1000 --level expert --seed 1
