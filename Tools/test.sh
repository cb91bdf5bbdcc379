#!/usr/bin/env bash
# Runs the whole test suite and ends with a plain line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash Tools/setup.sh || exit 1
# The service contract checks validate docs/openapi.yaml and every response with these PyPI packages;
# without them (no pip or no network) those checks are skipped with a message.
if ! python3 -c 'import openapi_spec_validator, jsonschema, yaml' 2>/dev/null; then
  echo "test: installing openapi-spec-validator and jsonschema from PyPI" >&2
  python3 -m pip install -q openapi-spec-validator jsonschema 2>/dev/null \
    || python3 -m pip install -q --user --break-system-packages openapi-spec-validator jsonschema 2>/dev/null \
    || echo "test: could not install them; OpenAPI checks will be skipped" >&2
fi
log=$(mktemp)
swift build --build-tests 2>&1 | tail -n 20
build_status=${PIPESTATUS[0]}
if [ "$build_status" -ne 0 ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
swift test --skip-build 2>&1 | tee "$log" | grep -E "^(✘|􀢄)|recorded an issue|Test run with"
# PIPESTATUS right after the pipeline (a later '|| true' would replace it with its own status).
statuses=("${PIPESTATUS[@]}")
test_status=${statuses[0]}
passed=$(grep -E "^(✔|􁁛) Test .* passed after" "$log" | grep -vc "Test run with" || true)
# A failing test is any test named on a ✘ line (its "failed after" line, or only "recorded an issue").
failed=$(grep -E "^(✘|􀢄) Test " "$log" | grep -v "Test run with" | sed -E 's/^(✘|􀢄) Test ([^ ]+).*/\2/' | sort -u | grep -c . || true)
skipped=$(grep -cE "^(➜|􀄫) Test .* skipped" "$log" || true)
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
rm -f "$log"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$test_status" -eq 0 ]
