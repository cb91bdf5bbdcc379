#!/usr/bin/env bash
# Runs the whole test suite and ends with a plain line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash Tools/setup.sh || exit 1
log=$(mktemp)
swift build --build-tests 2>&1 | tail -n 20
build_status=${PIPESTATUS[0]}
if [ "$build_status" -ne 0 ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
swift test --skip-build 2>&1 | tee "$log" | grep -E "^(✘|􀢄)|recorded an issue|Test run with" || true
test_status=${PIPESTATUS[0]}
passed=$(grep -E "^(✔|􁁛) Test .* passed after" "$log" | grep -vc "Test run with" || true)
failed=$(grep -E "^(✘|􀢄) Test .* failed after" "$log" | grep -vc "Test run with" || true)
skipped=$(grep -cE "^(➜|􀄫) Test .* skipped" "$log" || true)
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
rm -f "$log"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$test_status" -eq 0 ]
