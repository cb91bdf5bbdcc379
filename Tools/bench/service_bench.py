"""What the Python service benches share: their common options, the walk they post, free ports, a
loopback connection, one JSON request, and starting `indoornav serve` on a port of its own choosing."""

import argparse
import http.client
import json
import socket
import subprocess
import threading

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


def connect(port, previous=None):
    """A new connection to the service on loopback `port` (closing `previous`, a broken one)."""
    if previous is not None:
        previous.close()
    return http.client.HTTPConnection("127.0.0.1", port, timeout=5)


def fix(t, raw=False):
    """The fix at time `t` s of the walk (0.05 m a second); with `raw`, also as the session's raw fix."""
    body = {"x": 0.05 * t, "y": 0.0, "level": LEVEL, "accuracyMeters": 3, "timeSeconds": t}
    return {**body, "raw": dict(body)} if raw else body


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
