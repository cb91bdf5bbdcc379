#!/usr/bin/env bash
# Regenerates the README's tool block and docs/cli.md from the tool's option tables
# (`indoornav help --markdown [--full]`), and the tunables tables of the module READMEs between
# `<!-- tunables:NAME:begin -->` and `<!-- tunables:NAME:end -->` (`indoornav config NAME --markdown`);
# Tests/CLITests fails when they differ.
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
for readme in $(grep -l '<!-- tunables:' Sources/*/README.md); do
  awk -v bin="$bin" '
    /<!-- tunables:[a-z-]+:begin -->/ {
      print
      name = $0; sub(/.*<!-- tunables:/, "", name); sub(/:begin -->.*/, "", name)
      command = bin " config " name " --markdown"
      while ((command | getline line) > 0) print line
      if (close(command) != 0) { print "no configuration " name > "/dev/stderr"; exit 1 }
      skip = 1; next
    }
    /<!-- tunables:[a-z-]+:end -->/ { skip = 0 }
    !skip { print }
  ' "$readme" > "$readme.new"
  mv "$readme.new" "$readme"
done
echo "updated README.md (tool block), docs/cli.md and the module READMEs' tunables tables"
