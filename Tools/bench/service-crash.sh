#!/usr/bin/env bash
# Crash test of the reroute service's state file and journal on loopback.
#
#   Tools/bench/service-crash.sh [--runs 10] [--clients 8] [--fixes-per-session 40] [--seed 1]
#                                [--redis] [--binary FILE] [-- SERVE-ARGS…]
#
# Each run starts `indoornav serve --state-file` on a fresh file (default --state-interval 30 and
# --journal-interval 0.5), loads it with CLIENTS threads creating sessions and posting fixes one at a
# time, sends SIGKILL at a random moment 2–6 s in (seeded), restarts it on the same file and checks
# every acknowledged session and fix (Tools/bench/service_crash.py). It prints per run and over all
# runs: fixes lost (how long before the kill the oldest acknowledged fix that is missing was
# answered), sessions lost (answered 201, missing after the restart), and fixes applied twice (posted
# again after the restart and applied although the restored session had them). Exits 1 when fixes
# older than 1 s were lost, a session was lost or a fix applied twice. Builds release unless
# --binary is given. Traffic goes to 127.0.0.1 only. --redis: the sessions are in a redis-server of each
# run's own (append-only file, fsync every second) instead of a state file, and SIGKILL goes to the
# service and to Redis at once; both are restarted (needs redis-server).
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tools/bench/release-binary.sh
run_python_bench service_crash.py "$@"
