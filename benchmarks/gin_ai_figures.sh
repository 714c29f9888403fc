#!/bin/sh
# Every Gin Rummy computer-player figure of benchmarks/README.md, one job after another at low
# priority: about 50 minutes on the 2-core machine with both cores free (the tournaments take
# two worker processes each, --jobs 2; the seeds fix every game, so --jobs changes only the
# wall-clock time). Usage: benchmarks/gin_ai_figures.sh > gin-figures.txt
cd "$(dirname "$0")/.." || exit 1
PY="nice -n 10 .venv/bin/python"
T="-m gin_engine.tournament"
# The knock model: record the expert's knock choices (the knock and playing on with each of the
# first four discards by hand score, played out for real), the expert deciding by the committed
# weights; fit prints the weights gin_engine/ai/knock_model.py would hold; --halves scores
# weights fitted on one half on the other. (The committed weights were recorded with the
# eleventh round's expert deciding: this script and the recorder's --round11 at 58d4c0d.)
mkdir -p /tmp/km
$PY benchmarks/knock_model.py record eager 3000 --seed 3001 --cards 4 --out /tmp/km/eager.jsonl
$PY benchmarks/knock_model.py record simple 3000 --seed 3001 --cards 4 --out /tmp/km/simple.jsonl
$PY benchmarks/knock_model.py fit /tmp/km/eager.jsonl /tmp/km/simple.jsonl --cards 4 --halves
# The expert against simple, expert-v1 and the yardsticks, 4,000 matches each
# (python -m gin_engine.tournament expert --panel plays all of them at one size).
for b in simple expert-v1 eager ginhunter patient; do
  $PY $T expert $b --matches 4000 --ruleset classic --seed 1 --jobs 2
done
$PY $T normal simple --matches 1000 --ruleset classic --seed 1 --jobs 2
$PY $T easy simple --matches 400 --ruleset classic --seed 1 --jobs 1
$PY benchmarks/gin_hint_time.py 3000
for level in easy normal expert; do
  $PY -m gin_engine.selfplay --hands 400 --level $level --seed 1
done
# 胡牌制: expert vs simple on 4,000 matches (two seed sets), hu-race, and self-play.
$PY $T expert simple --ruleset hu --matches 2000 --seed 1 --jobs 2
$PY $T expert simple --ruleset hu --matches 2000 --seed 1001 --jobs 2
$PY $T expert simple --ruleset hu-race --matches 2000 --seed 1 --jobs 2
$PY -m gin_engine.selfplay --ruleset hu --hands 1000 --level normal --seed 1
$PY -m gin_engine.selfplay --ruleset hu --hands 1000 --level expert --seed 1
