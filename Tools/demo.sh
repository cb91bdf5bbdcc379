#!/usr/bin/env bash
# The main job on the bundled campus venue: inspect it, plan a route across buildings and levels,
# and render the ground floor with its navigation graph to out/campus-level0.svg.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/setup.sh
swift build -c release --product indoornav 2>&1 | tail -n 1
bin=$(swift build -c release --show-bin-path)/indoornav
mkdir -p out
"$bin" venue inspect Recordings/venues/campus
"$bin" route Recordings/venues/campus --from am-info --to occ-staff-lounge
"$bin" venue render Recordings/venues/campus --level 0 -o out/campus-level0.svg
echo "wrote out/campus-level0.svg"
