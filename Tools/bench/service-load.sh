#!/usr/bin/env bash
# Load benchmark of the reroute service on loopback.
#
#   Tools/bench/service-load.sh [--sessions 200] [--duration 15] [--connections 64] [--threads 2]
#                               [--server-threads 2 | --thread-per-connection]
#                               [--venue DIR] [--memory-only] [--store memory|redis]
#
# Installs wrk when missing (apt-get), builds release, starts `indoornav serve` on the bundled campus
# venue (Recordings/venues) — or on the venue folder DIR (`--venue`; sessions then start at the venue's
# first destination and go to its last one on another level) — on an ephemeral loopback port, creates the sessions (RSS is
# read before and after: memory per session), then (unless --memory-only) runs wrk twice:
# (--store redis: sessions in a redis-server of the script's own on a free loopback port, started
# without persistence and stopped at the end; RSS then counts only the server's cache)
# location updates (POST /sessions/{id}/locations via service-load.lua) and GET /health, so the ratio
# shows what the navigation engine costs over the HTTP layer. Prints requests/s, latency percentiles,
# errors, rejected fixes and memory per session (RSS delta / sessions). Traffic goes to 127.0.0.1 only;
# every run is bounded by --duration.
set -euo pipefail
cd "$(dirname "$0")/../.."

SESSIONS=200 DURATION=15 CONNECTIONS=64 WRK_THREADS=2 SERVER_THREADING="--threads 2" VENUE_DIR="" MEMORY_ONLY=0 STORE=memory
while [ $# -gt 0 ]; do
  case "$1" in
    --sessions) SESSIONS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --threads) WRK_THREADS=$2; shift 2 ;;
    --server-threads) SERVER_THREADING="--threads $2"; shift 2 ;;
    --thread-per-connection) SERVER_THREADING="--thread-per-connection"; shift ;;
    --venue) VENUE_DIR=$2; shift 2 ;;
    --memory-only) MEMORY_ONLY=1; shift ;;
    --store) STORE=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done

[ -z "$VENUE_DIR" ] || [ -d "$VENUE_DIR" ] || { echo "--venue: no folder $VENUE_DIR" >&2; exit 1; }
if [ "$MEMORY_ONLY" = 0 ] && ! command -v wrk >/dev/null; then
  echo "installing wrk" >&2
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }

swift build -c release --product indoornav 2>&1 | grep -E "error|Compiling|Build" | tail -n 3
BIN=$(swift build -c release --show-bin-path)/indoornav

WORK=$(mktemp -d)
SERVER_PID="" REDIS_PID="" STORE_ARGS=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -n "$REDIS_PID" ]; then kill -KILL "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

case "$STORE" in
  memory) ;;
  redis)
    command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; }
    REDIS_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no >"$WORK/redis" 2>&1 &
    REDIS_PID=$!
    for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$REDIS_PORT") 2>/dev/null && break; sleep 0.05; done
    STORE_ARGS="--sessions redis://127.0.0.1:$REDIS_PORT/0" ;;
  *) echo "--store: memory or redis, not $STORE" >&2; exit 1 ;;
esac

# shellcheck disable=SC2086
"$BIN" serve --venues "${VENUE_DIR:-Recordings/venues}" --port 0 --max-sessions $((SESSIONS + 100)) $SERVER_THREADING $STORE_ARGS >"$WORK/out" 2>"$WORK/err" &
SERVER_PID=$!
for _ in $(seq 1 3000); do grep -q "listening on" "$WORK/out" 2>/dev/null && break; sleep 0.1; done
URL=$(sed -n 's/^listening on //p' "$WORK/out")
[ -n "$URL" ] || { cat "$WORK/err" >&2; echo "server did not start" >&2; exit 1; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$SERVER_PID/status"; }

# Start on the main building's ground floor, navigate to the library's staff lounge (another building
# and level), so each fix is snapped and tracked on a multi-section route.
VENUE_ID=campus START_X=0 START_Y=0 START_LEVEL=lvl-a0 DESTINATION=occ-staff-lounge
curl -sf "$URL/health" >/dev/null
if [ -n "$VENUE_DIR" ]; then
  # Another venue: start at its first destination, go to its last one on another level.
  read -r VENUE_ID START_X START_Y START_LEVEL DESTINATION < <(
    V=$(curl -sf "$URL/venues" | python3 -c 'import json,sys; print(json.load(sys.stdin)["venues"][0]["id"])')
    curl -sf "$URL/venues/$V/pois" | python3 -c 'import json,sys
d = json.load(sys.stdin); p = d["pois"]
to = ([q for q in p if q["level"] != p[0]["level"]] or p)[-1]
print(d["venue"], p[0]["x"], p[0]["y"], p[0]["level"], to["id"])')
  echo "venue $VENUE_ID: from ($START_X, $START_Y) on $START_LEVEL to $DESTINATION"
fi
RSS_BEFORE=$(rss_kb)
: >"$WORK/sessions"
for _ in $(seq 1 "$SESSIONS"); do
  curl -sf -o /dev/null -D - -X POST "$URL/sessions" -d "{\"venue\":\"$VENUE_ID\",\"destination\":\"$DESTINATION\",\"location\":{\"x\":$START_X,\"y\":$START_Y,\"level\":\"$START_LEVEL\",\"accuracyMeters\":3,\"timeSeconds\":0}}" \
    | tr -d '\r' | sed -n 's|^Location: /sessions/||p' >>"$WORK/sessions"
done
CREATED=$(wc -l <"$WORK/sessions")
[ "$CREATED" -gt 0 ] || { echo "no session could be created" >&2; exit 1; }
RSS_AFTER=$(rss_kb)
if [ "$MEMORY_ONLY" = 1 ]; then
  awk -v b="$RSS_BEFORE" -v a="$RSS_AFTER" -v n="$CREATED" 'BEGIN {
    printf "memory: RSS %d KiB -> %d KiB for %d sessions = %.1f KiB per session\n", b, a, n, (a - b) / n }'
  exit 0
fi

export SESSIONS_FILE="$WORK/sessions" WRK_THREADS START_X START_Y START_LEVEL
echo "server: $SERVER_THREADING, store $STORE, $CREATED sessions, wrk: $WRK_THREADS threads, $CONNECTIONS connections, ${DURATION}s"
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
