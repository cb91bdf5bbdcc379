#!/usr/bin/env bash
# The main job: replay the bundled simulated walk on the bundled campus through the providers, the
# fusion filter, navigation and follow-user; print the event timeline and report, and write one plot
# per level to out/replay/. Then inspect the venue and render its ground floor.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/setup.sh
swift build -c release --product indoornav 2>&1 | tail -n 1
bin=$(swift build -c release --show-bin-path)/indoornav
mkdir -p out
"$bin" replay --venue Recordings/venues/campus \
    --recording Recordings/simulated/campus-info-to-deans-office.jsonl \
    --beacons Recordings/simulated/campus-beacons.json \
    --to occ-deans-office --follow followWithHeading --plot out/replay || [ $? -eq 2 ]  # 2: did not arrive
echo "wrote out/replay/*.svg"
"$bin" venue inspect Recordings/venues/campus
"$bin" venue render Recordings/venues/campus --level lvl-a0 -o out/campus-level0.svg
echo "wrote out/campus-level0.svg"
