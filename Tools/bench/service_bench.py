"""What the Python service benches share: their common options, the walk they post, free ports, a
loopback connection, one JSON request, starting `indoornav serve` on a port of its own choosing and,
for the benches that kill something under load, a client loop that reconnects, the clients' log and
reading their sessions back."""

import argparse
import http.client
import json
import socket
import subprocess
import threading
import time

# The walk every bench posts: east along y = 0 on the campus's ground floor, towards the staff lounge.
VENUE, LEVEL, DESTINATION = "campus", "lvl-a0", "occ-staff-lounge"

# Limits high enough that a bench's own clients never meet them (they measure something else).
ROOMY_LIMITS = ["--client-sessions", "100000", "--client-creates", "1000000", "--max-sessions", "100000"]


def argument_parser():
    """The options every service bench takes: the binary, the venues it serves and, after them, the
    arguments passed on to `indoornav serve`; each bench adds its own."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--venues", default="Recordings/venues/campus")
    ap.add_argument("server_args", nargs="*")
    return ap


def add_load_options(ap, runs):
    """Adds the options of a bench that loads the service with session clients over seeded runs:
    --runs (`runs` by default), --clients, --fixes-per-session and --seed."""
    ap.add_argument("--runs", type=int, default=runs)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--fixes-per-session", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)


def connect(port, previous=None):
    """A new connection to the service on loopback `port` (closing `previous`, a broken one)."""
    if previous is not None:
        previous.close()
    return http.client.HTTPConnection("127.0.0.1", port, timeout=5)


def fix(t, raw=False):
    """The fix at time `t` s of the walk (0.05 m a second); with `raw`, also as the session's raw fix."""
    body = {"x": 0.05 * t, "y": 0.0, "level": LEVEL, "accuracyMeters": 3, "timeSeconds": t}
    return {**body, "raw": dict(body)} if raw else body


def new_session(raw=False):
    """The body of a POST /sessions for the walk, at its first fix (with `raw`, also as the raw fix)."""
    return {"venue": VENUE, "destination": DESTINATION, "location": fix(0, raw=raw)}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(conn, method, path, body=None):
    """Sends `body` as JSON (none when None) and returns (status, response bytes)."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    return r.status, r.read()


def start_service(binary, venues, args):
    """Starts `indoornav serve --venues VENUES --port 0 ARGS…` and returns (process, port) once it
    says it is listening; exits with its first line and error output otherwise."""
    p = subprocess.Popen([binary, "serve", "--venues", venues, "--port", "0", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    if "listening on" not in line:
        p.kill()
        raise SystemExit("server did not start: " + line + p.stderr.read())
    # Keep reading its error output so that a chatty server never blocks on a full pipe.
    threading.Thread(target=p.stderr.read, daemon=True).start()
    return p, int(line.strip().rsplit(":", 1)[1])


def start_clients(count, client, *args):
    """Starts `count` daemon threads each running `client(*args)` and returns them."""
    threads = [threading.Thread(target=client, args=args, daemon=True) for _ in range(count)]
    for th in threads:
        th.start()
    return threads


class SessionLog:
    """What the load's clients were answered (read and written under `lock`): when each session was
    created and which of its fixes were acknowledged."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sessions = {}  # id -> created wall time
        self.fixes = {}  # id -> [(t, ack wall time)]

    def create(self, conn):
        """Creates a session on the walk (its first fix also raw) over `conn` and, when answered 201,
        notes it; returns (status, the session's id or None)."""
        status, body = request(conn, "POST", "/sessions", new_session(raw=True))
        now = time.time()
        if status != 201:
            return status, None
        sid = json.loads(body)["id"]
        with self.lock:
            self.sessions[sid] = now
            self.fixes[sid] = []
        return status, sid


def keep_working(port, stop, work):
    """Calls `work(conn)` over one kept-alive connection to `port` until `stop` is set, opening a new
    connection whenever the old one breaks."""
    conn = connect(port)
    while not stop.is_set():
        try:
            work(conn)
        except (OSError, http.client.HTTPException):
            if stop.is_set():
                return
            conn = connect(port, conn)


def read_back(conn, fixes, reposted):
    """Reads back every session of `fixes` (id -> [(t, ack wall time)]) with GET /sessions/{id} (the time
    of its last applied fix is progress.rawLocation.timeSeconds) and posts again each of its fixes whose
    ack wall time `reposted` accepts. Returns (sessions lost: not answered 200, {id: its acknowledged
    fixes missing}, fixes applied twice: applied although the session had already applied them)."""
    lost_sessions = twice = 0
    missing = {}
    for sid, acked in fixes.items():
        status, body = request(conn, "GET", f"/sessions/{sid}")
        if status != 200:
            lost_sessions += 1
            continue
        applied = ((json.loads(body).get("progress") or {}).get("rawLocation") or {}).get("timeSeconds", 0)
        missing[sid] = [(t, w) for (t, w) in acked if t > applied]
        for t, w in acked:
            if not reposted(w):
                continue
            status, body = request(conn, "POST", f"/sessions/{sid}/locations", fix(t, raw=True))
            if status == 200 and not json.loads(body).get("rejected") and t <= applied:
                twice += 1
    return lost_sessions, missing, twice
