#!/usr/bin/env bash
# Mutation testing of the rules engine with mutmut 3 (pyproject.toml [tool.mutmut]); too long
# for CI and not part of .ci/run.
#   bash packaging/mutation.sh                 every module of darkdec_qt/rules (hours)
#   bash packaging/mutation.sh combat retreat  the named modules; prints the score per module
#   bash packaging/mutation.sh --sample        the sampled score (400 mutants, seed 26) with its 95 % interval
# Results stay in mutants/ (git-ignored): a second run only runs what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
if [ "${1:-}" = "--sample" ]; then
    shift
    exec nice -n 10 "$PY" packaging/mutation_sample.py "$@"
fi
exec nice -n 10 "$PY" packaging/mutation_sample.py --modules "$@"
