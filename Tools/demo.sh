#!/usr/bin/env bash
# The main job: inspect and render the bundled venue (replaced by a full replay once it exists).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/setup.sh
swift build -c release --product indoornav >/dev/null
bin=$(swift build -c release --show-bin-path)/indoornav
mkdir -p out
"$bin" venue inspect Recordings/venues/campus
"$bin" venue render Recordings/venues/campus --level 0 -o out/campus-level0.svg
echo "wrote out/campus-level0.svg"
