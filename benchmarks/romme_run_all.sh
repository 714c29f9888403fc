#!/bin/sh
# The Rommé figures of benchmarks/RESULTS-romme.md, one job at a time at low priority.
# Usage: benchmarks/romme_run_all.sh > benchmarks/romme-results.txt
set -e
PY=${PY:-.venv/bin/python}
run() { echo "\$ $*"; nice -n 10 "$@"; echo; }
run $PY benchmarks/romme_laydown.py --hands 2000
run $PY -m romme_engine.tournament expert simple --players 2 --matches 2000 --seed 1
run $PY -m romme_engine.tournament expert simple --players 4 --matches 1000 --seed 1
run $PY -m romme_engine.tournament expert normal --players 2 --matches 1000 --seed 1
run $PY -m romme_engine.tournament normal easy --players 2 --matches 1000 --seed 1
run $PY -m romme_engine.selfplay --level expert --players 2 --hands 300 --seed 1
run $PY -m romme_engine.selfplay --level expert --players 4 --hands 300 --seed 1
