#!/usr/bin/env bash
# Failover test of the reroute service's Redis Sentinel session store on loopback.
#
#   Tools/bench/service-sentinel-failover.sh [--runs 5] [--clients 8] [--fixes-per-session 40]
#                                            [--sentinels 3] [--seed 1] [--binary FILE] [-- SERVE-ARGS…]
#
# Each run starts a Redis primary, a replica (replicaof) and SENTINELS redis-sentinel processes
# (quorum a majority, down-after-milliseconds 500, failover-timeout 2000) in a temporary directory,
# then `indoornav serve --sessions redis-sentinel://…/indoornav`; CLIENTS threads create sessions and
# post fixes one at a time (a 503 is retried with the same fix); SIGKILL goes to the primary at a
# random moment 2–6 s in (seeded), Sentinel promotes the replica and the load goes on for 6 s more
# (Tools/bench/service_sentinel_failover.py). It prints per run and over all runs: sessions lost
# (answered 201, missing afterwards), fixes lost (acknowledged, not held afterwards), fixes applied
# twice (every fix acknowledged in the 2 s before the kill posted again: applied although the session
# held it), and seconds of unavailability (from the kill to the first fix answered 200 after it, and
# the longest pause between two fixes answered 200). Exits 1 when a session was lost or a fix applied
# twice. Builds release unless --binary is given. Traffic goes to 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in redis-server redis-sentinel; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install redis-server redis-sentinel)" >&2; exit 1; }
done
. Tools/bench/release-binary.sh
run_python_bench service_sentinel_failover.py "$@"
