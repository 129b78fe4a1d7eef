#!/usr/bin/env bash
# Mutation testing of the rules engine with mutmut 3 (pyproject.toml [tool.mutmut]); too long
# for CI and not part of .ci/run.
#   bash packaging/mutation.sh                 every module of darkdec_qt/rules (hours)
#   bash packaging/mutation.sh combat retreat  the named modules; prints the score per module
#   bash packaging/mutation.sh --sample        the sampled score (400 mutants, seed 26) with its 95 % interval
#   bash packaging/mutation.sh --survivors combat   run again only the survivors of the named modules
# Results stay in mutants/ (git-ignored). A module run runs every mutant of the module again (mutmut
# reruns the mutants it is named); --survivors runs only the survivors, --sample only what has not run.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
if [ "${1:-}" = "--sample" ]; then
    shift
    exec nice -n 10 "$PY" packaging/mutation_sample.py "$@"
fi
if [ "${1:-}" = "--survivors" ]; then
    shift
    exec nice -n 10 "$PY" packaging/mutation_sample.py --survivors --modules "$@"
fi
exec nice -n 10 "$PY" packaging/mutation_sample.py --modules "$@"
