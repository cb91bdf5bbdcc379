#!/usr/bin/env bash
# Load benchmark of the reroute service on loopback.
#
#   Tools/bench/service-load.sh [--sessions 200] [--duration 15] [--connections 64] [--threads 2]
#                               [--server-threads 2 | --thread-per-connection]
#
# Installs wrk when missing (apt-get), builds release, starts `indoornav serve` on the bundled campus
# venue (Recordings/venues) on an ephemeral loopback port, creates the sessions, then runs wrk twice:
# location updates (POST /sessions/{id}/locations via service-load.lua) and GET /health, so the ratio
# shows what the navigation engine costs over the HTTP layer. Prints requests/s, latency percentiles,
# errors, rejected fixes and memory per session (RSS delta / sessions). Traffic goes to 127.0.0.1 only;
# every run is bounded by --duration.
set -euo pipefail
cd "$(dirname "$0")/../.."

SESSIONS=200 DURATION=15 CONNECTIONS=64 WRK_THREADS=2 SERVER_THREADING="--threads 2"
while [ $# -gt 0 ]; do
  case "$1" in
    --sessions) SESSIONS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --threads) WRK_THREADS=$2; shift 2 ;;
    --server-threads) SERVER_THREADING="--threads $2"; shift 2 ;;
    --thread-per-connection) SERVER_THREADING="--thread-per-connection"; shift ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done

if ! command -v wrk >/dev/null; then
  echo "installing wrk" >&2
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }

swift build -c release --product indoornav 2>&1 | grep -E "error|Compiling|Build" | tail -n 3
BIN=$(swift build -c release --show-bin-path)/indoornav

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# shellcheck disable=SC2086
"$BIN" serve --venues Recordings/venues --port 0 --max-sessions $((SESSIONS + 100)) $SERVER_THREADING >"$WORK/out" 2>"$WORK/err" &
SERVER_PID=$!
for _ in $(seq 1 100); do grep -q "listening on" "$WORK/out" 2>/dev/null && break; sleep 0.1; done
URL=$(sed -n 's/^listening on //p' "$WORK/out")
[ -n "$URL" ] || { cat "$WORK/err" >&2; echo "server did not start" >&2; exit 1; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$SERVER_PID/status"; }

# Start on the main building's ground floor, navigate to the library's staff lounge (another building
# and level), so each fix is snapped and tracked on a multi-section route.
START_X=0 START_Y=0 START_LEVEL=lvl-a0
curl -sf "$URL/health" >/dev/null
RSS_BEFORE=$(rss_kb)
: >"$WORK/sessions"
for _ in $(seq 1 "$SESSIONS"); do
  curl -sf -o /dev/null -D - -X POST "$URL/sessions" -d "{\"venue\":\"campus\",\"destination\":\"occ-staff-lounge\",\"location\":{\"x\":$START_X,\"y\":$START_Y,\"level\":\"$START_LEVEL\",\"accuracyMeters\":3,\"timeSeconds\":0}}" \
    | tr -d '\r' | sed -n 's|^Location: /sessions/||p' >>"$WORK/sessions"
done
CREATED=$(wc -l <"$WORK/sessions")
[ "$CREATED" -gt 0 ] || { echo "no session could be created" >&2; exit 1; }
RSS_AFTER=$(rss_kb)

export SESSIONS_FILE="$WORK/sessions" WRK_THREADS START_X START_Y START_LEVEL
echo "server: $SERVER_THREADING, $CREATED sessions, wrk: $WRK_THREADS threads, $CONNECTIONS connections, ${DURATION}s"
LOC=$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s Tools/bench/service-load.lua "$URL" | grep '^RESULT')
echo "location updates: ${LOC#RESULT }"
HEALTH=$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s /dev/stdin "$URL/health" <<'LUA' | grep '^RESULT'
function done(s, l, r)
  local e = s.errors
  io.write(string.format("RESULT requests=%d rps=%.0f p50_ms=%.3f p99_ms=%.3f errors=%d\n", s.requests,
    s.requests / (s.duration / 1e6), l:percentile(50) / 1000, l:percentile(99) / 1000,
    e.connect + e.read + e.write + e.status + e.timeout))
end
LUA
)
echo "health:           ${HEALTH#RESULT }"
METRICS=$(curl -sf "$URL/metrics")
STALE=$(echo "$METRICS" | sed -n 's/^indoornav_rejected_inputs_total{reason="staleFix"} //p')
NON200=$(echo "$METRICS" | grep '^indoornav_http_requests_total{route="/sessions/{id}/locations"' | grep -v 'status="200"' || true)
REROUTES=$(echo "$METRICS" | grep '^indoornav_reroutes_total' || true)
echo "fixes rejected as out of order: ${STALE:-0}; non-200 location answers: ${NON200:-none}; reroutes: ${REROUTES:-none}"
LOC_RPS=$(echo "$LOC" | sed -n 's/.* rps=\([0-9]*\).*/\1/p')
HEALTH_RPS=$(echo "$HEALTH" | sed -n 's/.* rps=\([0-9]*\).*/\1/p')
awk -v b="$RSS_BEFORE" -v a="$RSS_AFTER" -v n="$CREATED" -v l="$LOC_RPS" -v h="$HEALTH_RPS" 'BEGIN {
  printf "memory: RSS %d KiB -> %d KiB for %d sessions = %.1f KiB per session\n", b, a, n, (a - b) / n
  if (l > 0) printf "engine cost: health %.0f req/s vs location updates %.0f req/s (%.2fx)\n", h, l, h / l
}'
