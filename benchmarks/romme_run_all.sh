#!/bin/sh
# The Rommé figures of benchmarks/RESULTS-romme.md, one job at a time at low priority.
# Usage: benchmarks/romme_run_all.sh > romme-results.txt
# Sizes are bounded for a shared 2-core machine; the sizes (2,000 and 1,000 matches)
# are the same commands with a larger --matches.
set -e
PY=${PY:-.venv/bin/python}
run() { echo "\$ $*"; nice -n 10 "$@"; echo; }
run $PY benchmarks/romme_laydown.py --hands 2000
run $PY benchmarks/romme_fuzz.py --matches 2000 --max-seconds 1200
run $PY -m romme_engine.tournament expert simple --players 2 --matches 400 --seed 1
run $PY -m romme_engine.tournament expert simple --players 4 --matches 200 --seed 1
run $PY -m romme_engine.tournament expert normal --players 2 --matches 400 --seed 1
run $PY -m romme_engine.tournament normal easy --players 2 --matches 400 --seed 1
run $PY -m romme_engine.selfplay --level expert --players 2 --hands 200 --seed 1
run $PY -m romme_engine.tournament expert simple --players 2 --matches 2000 --seed 1
# the four-player size (stopped unfinished on the shared machine):
# run $PY -m romme_engine.tournament expert simple --players 4 --matches 1000 --seed 1
