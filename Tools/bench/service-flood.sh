#!/usr/bin/env bash
# Session-create flood against the reroute service without API keys, on loopback, directly and
# through HAProxy with X-Forwarded-For.
#
#   Tools/bench/service-flood.sh [--creates 50000] [--addresses 20] [--mode direct|proxy|both]
#                                [--binary FILE] [-- SERVE-ARGS…]
#
# Starts `indoornav serve --venues Recordings/venues/campus` (default limits unless SERVE-ARGS say
# otherwise; in proxy mode with --trusted-proxy 127.0.0.1 behind HAProxy, `option forwardfor`), sends
# CREATES `POST /sessions` from ADDRESSES loopback addresses 127.0.0.2… (one kept-alive connection
# each, as fast as answered) and meanwhile measures one normal client on 127.0.0.1 creating sessions
# and posting fixes (Tools/bench/service_flood.py): its requests, errors, p50/p99/max, and the flood's
# answers by status. Exits 1 when the normal client saw an error or its p99 exceeded 50 ms. Builds
# release unless --binary is given.
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tools/bench/release-binary.sh
run_python_bench service_flood.py "$@"
