#!/usr/bin/env bash
# Regenerates the README's tool block and docs/cli.md from the tool's option tables
# (`indoornav help --markdown [--full]`); Tests/CLITests fails when they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product indoornav >/dev/null
bin=.build/debug/indoornav
"$bin" help --markdown --full > docs/cli.md
block=$(mktemp)
"$bin" help --markdown > "$block"
awk -v block="$block" '
  /<!-- tool-reference:begin/ { while ((getline line < block) > 0) print line; skip = 1; next }
  /<!-- tool-reference:end -->/ { skip = 0; next }
  !skip { print }
' README.md > README.md.new
mv README.md.new README.md
rm -f "$block"
echo "updated README.md (tool block) and docs/cli.md"
