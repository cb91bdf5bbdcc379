-- wrk script for Tools/bench/service-load.sh: posts one location fix per request to the sessions
-- listed in $SESSIONS_FILE (one id per line). Each wrk thread takes every Nth session and cycles
-- through its share, skipping sessions whose previous fix is still unanswered (the answer names its
-- session), so no session has two fixes in flight and none arrives after a newer one; each session's
-- clock advances by one second per fix, and the position jitters within a metre of the session's start
-- (inside the route corridor), so every fix is snapped and tracked but nobody leaves the route.

local threads = {}
local thread_count = tonumber(os.getenv("WRK_THREADS") or "2")
local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  ids = {}
  times = {}
  slot = {}      -- session id -> its index in ids
  waiting = {}   -- index -> true while a fix of that session is unanswered
  local n = 0
  for line in io.lines(os.getenv("SESSIONS_FILE")) do
    if n % thread_count == index then
      table.insert(ids, line)
      table.insert(times, 1)
      slot[line] = #ids
    end
    n = n + 1
  end
  cursor = 0
  start_x = tonumber(os.getenv("START_X") or "0")
  start_y = tonumber(os.getenv("START_Y") or "0")
  level = os.getenv("START_LEVEL") or "lvl-a0"
  math.randomseed(1234 + index)
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  -- The next session without a fix in flight (any session when all have one: more connections than
  -- sessions, or answers that did not name their session).
  for _ = 1, #ids do
    cursor = cursor % #ids + 1
    if not waiting[cursor] then break end
  end
  waiting[cursor] = true
  local t = times[cursor]
  times[cursor] = t + 1
  local body = string.format(
    '{"x":%.2f,"y":%.2f,"level":"%s","accuracyMeters":3,"timeSeconds":%d}',
    start_x + math.random() * 2 - 1, start_y + math.random() * 2 - 1, level, t)
  return wrk.format("POST", "/sessions/" .. ids[cursor] .. "/locations", nil, body)
end

-- The answer's top-level "id" follows the events array (members in key order: events, id, …).
function response(status, headers, body)
  local id = body and body:match('%],"id":"([^"]*)"')
  local k = id and slot[id]
  if k then waiting[k] = nil end
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("RESULT requests=%d seconds=%.2f rps=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f " ..
    "errors_connect=%d errors_read=%d errors_write=%d errors_status=%d errors_timeout=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.connect, e.read, e.write, e.status, e.timeout))
end
