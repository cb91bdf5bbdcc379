#!/usr/bin/env bash
# Slowloris against the reroute service with default settings, on loopback.
#
#   Tools/bench/service-slowloris.sh [--connections 1500] [--addresses 100] [--duration 60]
#                                    [--trickle 1] [--binary FILE] [-- SERVE-ARGS…]
#
# Starts `indoornav serve --venues Recordings/venues/campus` (default limits and timeouts unless
# SERVE-ARGS say otherwise), opens CONNECTIONS connections from ADDRESSES loopback addresses
# 127.0.0.2… that each send a request line and then one header byte every TRICKLE seconds (reopened
# when the server cuts them), and measures one normal client on 127.0.0.1 creating sessions and
# posting fixes for DURATION seconds (Tools/bench/service_slowloris.py): requests, errors, p50/p99/max.
# Exits 1 when the normal client saw an error or its p99 exceeded 100 ms. Builds release unless
# --binary is given. Raises the open-file limit to what 1,500 sockets need.
set -euo pipefail
cd "$(dirname "$0")/../.."
ulimit -n 16384 2>/dev/null || ulimit -n "$(ulimit -Hn)"
. Tools/bench/release-binary.sh
run_python_bench service_slowloris.py "$@"
