#!/bin/sh
# The AI benchmarks of RESULTS-ai.md, one after another, at low priority. The machine is shared
# (2 cores); the issue-13 runs of 2 Dec 2026 (from 10:50 UTC, the expert of the twelfth round)
# used two worker processes (--jobs 2) for the tournaments; each tournament's seeds are
# fixed, so --jobs changes only the wall-clock time, not a single game.
cd "$(dirname "$0")/.." || exit 1
PY="nice -n 10 .venv/bin/python"
T="-m gin_engine.tournament"
# The knock model (RESULTS-ai.md, "Twelfth round"): record the expert's knock choices, the knock
# and playing on with each of the first four discards by hand score played out for real, with
# the expert deciding by the eleventh round's weights and two play-on cards (--round11); fit
# prints the weights gin_engine/ai/knock_model.py holds (18 features); --halves also scores
# weights fitted on one half of the seeds on the other, for 1 to 4 play-on cards.
mkdir -p /tmp/km
$PY benchmarks/knock_model.py record eager 3000 --seed 3001 --round11 --cards 4 --out /tmp/km/r12_eager.jsonl
$PY benchmarks/knock_model.py record simple 3000 --seed 3001 --round11 --cards 4 --out /tmp/km/r12_simple.jsonl
$PY benchmarks/knock_model.py fit /tmp/km/r12_eager.jsonl /tmp/km/r12_simple.jsonl --cards 4 --halves
# The records of earlier rounds need the recorder of their own commit: the eleventh round's
# (--round8, one play-on card) at 4ca1248, the eighth round's (--sampled-means) at 125156a.
# Play-tests of a set of weights on seeds 5001-6000 and 7001-8000 (not the tournament's):
for s in 5001 7001; do
  $PY benchmarks/ai_tune.py expert eager 2000 --seed $s --jobs 1
  $PY benchmarks/ai_tune.py expert simple 2000 --seed $s --jobs 1
done
# Issue 13: the expert against simple and expert-v1 on 4,000 matches each.
$PY $T expert simple --matches 4000 --ruleset classic --seed 1 --jobs 2
$PY $T expert expert-v1 --matches 4000 --ruleset classic --seed 1 --jobs 2
# The yardsticks, 1,000 and 4,000 matches each (python -m gin_engine.tournament expert --panel
# plays all of the panel, simple and expert-v1 included, at one size).
for n in 1000 4000; do
  $PY $T expert eager --matches $n --ruleset classic --seed 1 --jobs 2
  $PY $T expert ginhunter --matches $n --ruleset classic --seed 1 --jobs 2
  $PY $T expert patient --matches $n --ruleset classic --seed 1 --jobs 2
done
$PY $T normal simple --matches 1000 --ruleset classic --seed 1 --jobs 2
$PY benchmarks/ai_hint_time.py 3000
# Self-play (re-run 1 Dec 2026 with the knock model), and easy vs simple (first session):
$PY -m gin_engine.selfplay --hands 400 --level easy --seed 1
$PY -m gin_engine.selfplay --hands 400 --level normal --seed 1
$PY -m gin_engine.selfplay --hands 400 --level expert --seed 1
$PY $T easy simple --matches 400 --ruleset classic --seed 1 --jobs 1
# What the expert's knock estimate gets right and wrong (diagnostic; reads the true hands):
$PY benchmarks/ai_knock_check.py calibration eager 60
$PY benchmarks/ai_knock_check.py samples eager 15
$PY benchmarks/ai_knock_check.py samples simple 15
$PY benchmarks/ai_knock_check.py samples ginhunter 15
# Variants tried against eager (RESULTS-ai.md, "Issue 13, second session"): apply
# benchmarks/ai_variants_issue13.patch to a scratch copy, then for example
# $PY benchmarks/ai_tune.py expert eager 400 decide.MATCH_CHANCE=1 --seed 1 --jobs 1
# Fourth round (RESULTS-ai.md, "fourth round"): apply benchmarks/ai_variants_issue13_round4.patch
# to a scratch copy; each variant against the committed expert's own run on the same 600 matches:
# $PY benchmarks/ai_tune.py expert eager 600 --seed 1 --jobs 1      (and: expert simple 600)
# $PY benchmarks/ai_tune.py expert eager 600 decide.STYLE=2 --seed 1 --jobs 1
# $PY benchmarks/ai_tune.py expert eager 600 decide.PLAY_ON_BONUS=3 --seed 1 --jobs 1
# $PY benchmarks/ai_tune.py expert eager 600 decide.EXTRA_DRAWS=3 --seed 1 --jobs 1
# $PY benchmarks/ai_tune.py expert eager 600 expert.DEFENCE=0.7 --seed 1 --jobs 1   (and vs simple)
# $PY benchmarks/ai_tune.py expert eager 600 expert.DEFENCE=1.3 --seed 1 --jobs 1
# $PY benchmarks/ai_tune.py expert eager 600 decide.SAMPLES=32 --seed 1 --jobs 1
# $PY benchmarks/ai_tune.py expert eager 600 decide.STYLE=2 decide.PLAY_ON_BONUS=6 --seed 1 --jobs 1
# $PY benchmarks/ai_knock_check.py samples eager 15 --style 2   (STYLE=2 samples vs the true hands)
# $PY benchmarks/ai_knock_check.py samples simple 15 --style 2
# 胡牌制 (issue 15): expert vs simple on 4,000 matches (two seed sets), hu-race, and self-play.
$PY -m gin_engine.tournament expert simple --ruleset hu --matches 2000 --seed 1 --jobs 2
$PY -m gin_engine.tournament expert simple --ruleset hu --matches 2000 --seed 1001 --jobs 2
$PY -m gin_engine.tournament expert simple --ruleset hu-race --matches 2000 --seed 1 --jobs 2
$PY -m gin_engine.selfplay --ruleset hu --hands 1000 --level normal --seed 1
$PY -m gin_engine.selfplay --ruleset hu --hands 1000 --level expert --seed 1
# Seventh round (issue 13): the knock choice's worth (RESULTS-ai.md "Seventh round").
for s in 1 501; do
  $PY benchmarks/gin_knock_oracle.py eager 1000 --seed $s --jobs 2 --judge foresight
  $PY benchmarks/gin_knock_oracle.py eager 1000 --seed $s --jobs 2 --judge known-hand
done
$PY benchmarks/gin_knock_oracle.py simple 2000 --seed 1 --jobs 2 --judge foresight
$PY benchmarks/gin_knock_oracle.py simple 2000 --seed 1 --jobs 2 --judge known-hand
$PY benchmarks/gin_knock_oracle.py eager 1000 --seed 1 --jobs 2 --judge foresight-match
for k in 2 4 6; do
  $PY benchmarks/gin_knock_oracle.py eager 1000 --seed 1 --jobs 1 --judge known-hand --swap $k
done
for c in discard discard+declined discard+declined+rule; do
  $PY benchmarks/gin_knock_oracle.py eager 1000 --seed 1 --jobs 2 --judge filtered --checks $c
done
$PY benchmarks/gin_knock_oracle.py eager 1000 --seed 1 --jobs 2 --judge rollouts
$PY benchmarks/gin_knock_oracle.py eager 1000 --seed 1 --jobs 2 --judge rollouts --style-tries 20
$PY benchmarks/gin_knock_oracle.py eager 400 --seed 1 --jobs 2 --judge rollouts --worlds 64
# The round's variants need benchmarks/ai_variants_issue13_round7.patch applied to a scratch copy:
# $PY benchmarks/ai_tune.py expert eager 2000 decide.LOW_WEIGHT=0.5 --seed 1 --jobs 1
#   (also LOW_WEIGHT=2.5, LOW_DANGER=4.0 and 15.0, expert.LOW_TAKE=1, decide.LAYOFF=0.5 and 1.0;
#    vs simple: expert.LOW_TAKE=2)
