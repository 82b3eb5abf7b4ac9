#!/bin/sh
# summary.sh -- print each Check suite's closing line from the test logs,
# then the failures and a total in Check's own format, so that the end of
# `make check` says what ran and what failed.
# SPDX-License-Identifier: MIT
cd "${1:-.}" || exit 1
checks=0 failures=0 errors=0
# Logs sit beside their tests, one room (folder) under tests/ each.
for log in tests/*.log tests/*/*.log; do
    [ -f "$log" ] || continue
    line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$log" | tail -n 1)
    [ -n "$line" ] || continue
    printf '%-34s %s\n' "$(echo "${log#tests/}" | sed 's/\.log$//'):" "$line"
    grep -E ':[FE]:' "$log" || true
    set -- $(echo "$line" | sed 's/[^0-9 ]//g')
    checks=$((checks + $2)) failures=$((failures + $3)) errors=$((errors + $4))
done
pct=100
[ "$checks" -gt 0 ] && pct=$(( (checks - failures - errors) * 100 / checks ))
echo "${pct}%: Checks: $checks, Failures: $failures, Errors: $errors"
# A run of scripts alone (make check TESTS=...) has no Check log; say so
# rather than print a total that reads as if nothing was tested.
[ "$checks" -gt 0 ] || echo "summary.sh: no Check suite log under tests/ (only scripts ran?)" >&2
