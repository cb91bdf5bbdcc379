#!/usr/bin/env bash
# Load benchmark of the reroute service on loopback.
#
#   Tools/bench/service-load.sh [--sessions 200] [--duration 10] [--connections 64] [--threads 2]
#                               [--server-threads N | --thread-per-connection]
#                               [--venue DIR] [--memory-only] [--store all|memory|redis|haproxy]
#                               [--redis-transport tcp|unix] [--binary FILE]
#
# Builds release and runs, in one go (--store all, the default), each phase on its own server(s):
#   memory   `indoornav serve` with sessions in memory;
#   redis    the same with sessions in a redis-server of the script's own (no persistence), listening
#            on a free loopback port and on a Unix-domain socket in a temporary folder: the service
#            reaches it by `--sessions redis://127.0.0.1:PORT/0` (--redis-transport tcp, the default)
#            or `--sessions unix://…` (--redis-transport unix; measured no better end to end, see
#            docs/SCALING.md);
#   haproxy  two such instances on that Redis (same transport) behind HAProxy (affinity by session id:
#            `balance uri`, consistent hashing; health checks), every request through HAProxy.
# Each phase creates the sessions (RSS before and after: memory per session), then drives location
# updates with wrk (POST /sessions/{id}/locations via service-load.lua) and then GET /health, and
# prints updates/s, p50/p99, errors, fixes rejected as out of order, non-200 answers, and the CPU time
# per update of the servers, of Redis, of HAProxy and of wrk itself (the load generator shares the
# cores; its share is printed too). On the
# bundled campus venue (Recordings/venues) sessions go from the main building's ground floor to the
# library's staff lounge; with --venue DIR from its first destination to its last one on another
# level. --memory-only: only the memory per session of the in-memory phase. Missing tools (wrk, curl,
# redis-server, haproxy) are installed with apt-get. Traffic goes to 127.0.0.1 only; every run is
# bounded by --duration. --binary FILE: measure that indoornav instead of building this checkout's
# (to compare two builds under the same machine load).
set -euo pipefail
cd "$(dirname "$0")/../.."

SESSIONS=200 DURATION=10 CONNECTIONS=64 WRK_THREADS=2 SERVER_THREADING="" VENUE_DIR="" MEMORY_ONLY=0 STORE=all BIN=""
REDIS_TRANSPORT=tcp
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
    --binary) BIN=$2; shift 2 ;;
    --redis-transport) REDIS_TRANSPORT=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done
case "$STORE" in all|memory|redis|haproxy) ;; *) echo "--store: all, memory, redis or haproxy, not $STORE" >&2; exit 1 ;; esac
case "$REDIS_TRANSPORT" in tcp|unix) ;; *) echo "--redis-transport: tcp or unix, not $REDIS_TRANSPORT" >&2; exit 1 ;; esac
[ "$MEMORY_ONLY" = 0 ] || STORE=memory
[ -z "$VENUE_DIR" ] || [ -d "$VENUE_DIR" ] || { echo "--venue: no folder $VENUE_DIR" >&2; exit 1; }

need() {  # need COMMAND PACKAGE
  command -v "$1" >/dev/null && return
  echo "installing $2" >&2
  apt-get update -qq && apt-get install -y -qq "$2" >/dev/null
}
need curl curl
[ "$MEMORY_ONLY" = 1 ] || need wrk wrk
case "$STORE" in all|redis|haproxy) need redis-server redis-server ;; esac
case "$STORE" in all|haproxy) need haproxy haproxy ;; esac

. Tools/bench/release-binary.sh
BIN=$(release_binary "$BIN")

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 200); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.05; done; return 1; }
wait_socket() { for _ in $(seq 1 200); do [ -S "$1" ] && return 0; sleep 0.05; done; return 1; }
stop_pid() { kill -TERM "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

# serve NAME [ARGS…]: starts a server, sets SERVER_PID and SERVER_URL.
serve() {
  local name=$1; shift
  # shellcheck disable=SC2086
  "$BIN" serve --venues "${VENUE_DIR:-Recordings/venues}" --port 0 --max-sessions $((SESSIONS + 100)) \
    --client-sessions $((SESSIONS + 100)) --client-creates $((SESSIONS + 100)) --client-connections 1024 \
    $SERVER_THREADING "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  for _ in $(seq 1 3000); do grep -q "listening on" "$WORK/$name.out" 2>/dev/null && break; sleep 0.1; done
  SERVER_URL=$(sed -n 's/^listening on //p' "$WORK/$name.out")
  [ -n "$SERVER_URL" ] || { cat "$WORK/$name.err" >&2; echo "server $name did not start" >&2; exit 1; }
}
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
# cpu_ticks PID…: user + system clock ticks of the processes so far.
cpu_ticks() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
TICKS=$(getconf CLK_TCK)

# Start on the main building's ground floor, navigate to the library's staff lounge (another building
# and level), so each fix is snapped and tracked on a multi-section route.
VENUE_ID=campus START_X=0 START_Y=0 START_LEVEL=lvl-a0 DESTINATION=occ-staff-lounge
route_ends() {  # route_ends URL: the venue's first and last destinations (--venue)
  [ -n "$VENUE_DIR" ] || return 0
  read -r VENUE_ID START_X START_Y START_LEVEL DESTINATION < <(
    V=$(curl -sf "$1/venues" | python3 -c 'import json,sys; print(json.load(sys.stdin)["venues"][0]["id"])')
    curl -sf "$1/venues/$V/pois" | python3 -c 'import json,sys
d = json.load(sys.stdin); p = d["pois"]
to = ([q for q in p if q["level"] != p[0]["level"]] or p)[-1]
print(d["venue"], p[0]["x"], p[0]["y"], p[0]["level"], to["id"])')
  echo "venue $VENUE_ID: from ($START_X, $START_Y) on $START_LEVEL to $DESTINATION"
}

create_sessions() {  # create_sessions URL FILE
  : >"$2"
  for _ in $(seq 1 "$SESSIONS"); do
    curl -sf -o /dev/null -D - -X POST "$1/sessions" -H "Content-Type: application/json" -d "{\"venue\":\"$VENUE_ID\",\"destination\":\"$DESTINATION\",\"location\":{\"x\":$START_X,\"y\":$START_Y,\"level\":\"$START_LEVEL\",\"accuracyMeters\":3,\"timeSeconds\":0}}" \
      | tr -d '\r' | sed -n 's|^[Ll]ocation: /sessions/||p' >>"$2"
  done
  [ "$(wc -l <"$2")" -gt 0 ] || { echo "no session could be created" >&2; exit 1; }
}

# seconds_of TEXT: "1m2.500s" (bash `times`) in seconds.
seconds_of() { echo "$1" | awk -F'[ms]' '{ printf "%.3f", $1 * 60 + $2 }'; }

# load PHASE URL SESSIONS_FILE "SERVER_PIDS" "REDIS_PID" "PROXY_PID" METRICS_URLS…: wrk on location updates,
# then on /health; one summary line. CPU time per update of the servers, of Redis, of HAProxy and of
# wrk itself is measured too (/proc and bash `times`): unlike updates/s it does not depend on what
# else runs on the machine.
load() {
  local phase=$1 url=$2 file=$3 servers=$4 redis=$5 proxy=$6; shift 6
  local loc health stale non200 rps cpu0 cpu1 redis0 redis1 proxy0 proxy1 cpu wrk_times wrk_seconds
  # shellcheck disable=SC2086
  cpu0=$(cpu_ticks $servers); redis0=$(cpu_ticks $redis); proxy0=$(cpu_ticks $proxy)
  # `times` in the subshell: the CPU time of its child, wrk (user and system on its second line).
  ( SESSIONS_FILE="$file" WRK_THREADS=$WRK_THREADS START_X=$START_X START_Y=$START_Y START_LEVEL=$START_LEVEL \
      wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s Tools/bench/service-load.lua "$url" >"$WORK/$phase.wrk"
    times >"$WORK/$phase.times" )
  # shellcheck disable=SC2086
  cpu1=$(cpu_ticks $servers); redis1=$(cpu_ticks $redis); proxy1=$(cpu_ticks $proxy)
  loc=$(grep '^RESULT' "$WORK/$phase.wrk")
  read -r -a wrk_times < <(sed -n 2p "$WORK/$phase.times")
  wrk_seconds=$(awk -v u="$(seconds_of "${wrk_times[0]}")" -v s="$(seconds_of "${wrk_times[1]}")" 'BEGIN { print u + s }')
  health=$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s /dev/stdin "$url/health" <<'LUA' | grep '^RESULT'
function done(s, l, r)
  local e = s.errors
  io.write(string.format("RESULT requests=%d rps=%.0f p50_ms=%.3f p99_ms=%.3f errors=%d\n", s.requests,
    s.requests / (s.duration / 1e6), l:percentile(50) / 1000, l:percentile(99) / 1000,
    e.connect + e.read + e.write + e.status + e.timeout))
end
LUA
)
  stale=0 non200=""
  for m in "$@"; do
    local metrics n
    metrics=$(curl -sf "$m/metrics")
    n=$(echo "$metrics" | sed -n 's/^indoornav_rejected_inputs_total{reason="staleFix"} //p' | head -1)
    stale=$((stale + ${n:-0}))
    non200+=$(echo "$metrics" | grep '^indoornav_http_requests_total{route="/sessions/{id}/locations"' | grep -v 'status="200"' || true)
  done
  echo "[$phase] location updates: ${loc#RESULT }"
  echo "[$phase] health:           ${health#RESULT }"
  echo "[$phase] fixes rejected as out of order: $stale; non-200 location answers: ${non200:-none}"
  rps=$(echo "$loc" | sed -n 's/.* rps=\([0-9]*\).*/\1/p')
  cpu=$(echo "$loc" | awk -v s="$((cpu1 - cpu0))" -v r="$((redis1 - redis0))" -v p="$((proxy1 - proxy0))" -v w="$wrk_seconds" \
    -v hz="$TICKS" -v cores="$(nproc)" '{
    for (i = 1; i <= NF; i++) { split($i, a, "="); if (a[1] == "requests") n = a[2]; if (a[1] == "seconds") t = a[2] }
    printf "%.0f µs server, %.0f µs redis, %.0f µs haproxy; wrk %.0f µs (%.0f %% of the %d cores)",
      s / hz / n * 1e6, r / hz / n * 1e6, p / hz / n * 1e6, w / n * 1e6, 100 * w / (t * cores), cores }')
  echo "[$phase] CPU per update: $cpu"
  SUMMARY+=("$(printf '%-8s updates/s %6s  p50 %s ms  p99 %s ms  errors %s  CPU/update %s | /health %s req/s p99 %s ms' "$phase" "$rps" \
    "$(echo "$loc" | sed -n 's/.* p50_ms=\([0-9.]*\).*/\1/p')" "$(echo "$loc" | sed -n 's/.* p99_ms=\([0-9.]*\).*/\1/p')" \
    "$(echo "$loc" | awk '{n=0; for (i=1;i<=NF;i++) if ($i ~ /^errors_/) {split($i,a,"="); n+=a[2]}; print n}')" "$cpu" \
    "$(echo "$health" | sed -n 's/.* rps=\([0-9]*\).*/\1/p')" "$(echo "$health" | sed -n 's/.* p99_ms=\([0-9.]*\).*/\1/p')")")
}

memory_per_session() {  # memory_per_session PHASE PID BEFORE_KB
  local after
  after=$(rss_kb "$2")
  awk -v p="$1" -v b="$3" -v a="$after" -v n="$SESSIONS" 'BEGIN {
    printf "[%s] memory: RSS %d KiB -> %d KiB for %d sessions = %.1f KiB per session\n", p, b, a, n, (a - b) / n }'
}

SUMMARY=()
echo "server: ${SERVER_THREADING:-default threads (serve: 2 in memory, 4 per core with Redis)}$([ "$STORE" = memory ] || echo ", Redis over $REDIS_TRANSPORT"); wrk: $WRK_THREADS threads, $CONNECTIONS connections, ${DURATION}s; $SESSIONS sessions; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$STORE" = all ] || [ "$STORE" = memory ]; then
  serve memory
  route_ends "$SERVER_URL"
  curl -sf "$SERVER_URL/health" >/dev/null
  before=$(rss_kb "$SERVER_PID")
  create_sessions "$SERVER_URL" "$WORK/memory.sessions"
  memory_per_session memory "$SERVER_PID" "$before"
  [ "$MEMORY_ONLY" = 1 ] && exit 0
  load memory "$SERVER_URL" "$WORK/memory.sessions" "$SERVER_PID" "" "" "$SERVER_URL"
  stop_pid "$SERVER_PID"
fi

if [ "$STORE" != memory ]; then
  REDIS_PORT=$(free_port)
  REDIS_SOCKET="$WORK/redis.sock"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --unixsocket "$REDIS_SOCKET" --unixsocketperm 700 \
    --save "" --appendonly no >"$WORK/redis.log" 2>&1 &
  REDIS_PID=$!
  PIDS+=("$REDIS_PID")
  wait_port "$REDIS_PORT" && wait_socket "$REDIS_SOCKET" || { cat "$WORK/redis.log" >&2; echo "redis-server did not start" >&2; exit 1; }
  if [ "$REDIS_TRANSPORT" = unix ]; then REDIS_URL="unix://$REDIS_SOCKET?db=0"; else REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"; fi
fi

if [ "$STORE" = all ] || [ "$STORE" = redis ]; then
  serve redis --sessions "$REDIS_URL"
  route_ends "$SERVER_URL"
  before=$(rss_kb "$SERVER_PID")
  create_sessions "$SERVER_URL" "$WORK/redis.sessions"
  memory_per_session redis "$SERVER_PID" "$before"
  load redis "$SERVER_URL" "$WORK/redis.sessions" "$SERVER_PID" "$REDIS_PID" "" "$SERVER_URL"
  stop_pid "$SERVER_PID"
  redis-cli -p "$REDIS_PORT" FLUSHDB >/dev/null 2>&1 || true
fi

if [ "$STORE" = all ] || [ "$STORE" = haproxy ]; then
  serve one --sessions "$REDIS_URL"; ONE=$SERVER_URL ONE_PID=$SERVER_PID
  serve two --sessions "$REDIS_URL"; TWO=$SERVER_URL TWO_PID=$SERVER_PID
  PROXY_PORT=$(free_port)
  cat >"$WORK/haproxy.cfg" <<CFG
global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 10s
  timeout server 10s
  option http-keep-alive
  retries 3
  option redispatch
frontend front
  bind 127.0.0.1:$PROXY_PORT
  default_backend instances
backend instances
  balance uri
  hash-type consistent
  option httpchk GET /ready
  http-reuse always
  server one ${ONE#http://} check inter 1s
  server two ${TWO#http://} check inter 1s
CFG
  haproxy -f "$WORK/haproxy.cfg" -db >"$WORK/haproxy.log" 2>&1 &
  PROXY_PID=$!
  PIDS+=("$PROXY_PID")
  wait_port "$PROXY_PORT" || { cat "$WORK/haproxy.log" >&2; echo "haproxy did not start" >&2; exit 1; }
  PROXY="http://127.0.0.1:$PROXY_PORT"
  route_ends "$PROXY"
  create_sessions "$PROXY" "$WORK/haproxy.sessions"
  load "haproxy" "$PROXY" "$WORK/haproxy.sessions" "$ONE_PID $TWO_PID" "$REDIS_PID" "$PROXY_PID" "$ONE" "$TWO"
fi

echo
echo "summary ($(nproc) cores shared with wrk$([ "$STORE" = memory ] || echo ", redis-server")$([ "$STORE" = all ] || [ "$STORE" = haproxy ] && echo ", haproxy"); load average now $(cut -d' ' -f1-3 /proc/loadavg)):"
for line in "${SUMMARY[@]}"; do echo "  $line"; done
