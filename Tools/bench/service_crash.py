#!/usr/bin/env python3
"""SIGKILL `indoornav serve --state-file` at a random moment under load, restart it, and count what the
crash lost (run by Tools/bench/service-crash.sh, which documents the options).

Each run: start the server on a fresh state file; CLIENTS threads each create sessions (POST /sessions
with a first location) and post one fix at a time to them (a new session every FIXES_PER_SESSION fixes),
noting the wall-clock time each answer arrived; after a random 2–6 s (seeded by --seed and the run
number) the server gets SIGKILL; it is started again on the same state file and every session that was
answered 201 is read back (GET /sessions/{id}: the time of its last applied fix is
progress.rawLocation.timeSeconds).

Per run it prints: sessions acknowledged and lost (answered 201 but absent after the restart); fixes
acknowledged and lost; fixes lost (seconds): the longest time between an acknowledged fix that is
missing and the kill; fixes applied twice: after the restart every acknowledged fix of the last 2 s is
posted again, and one the server applies although the restored session had already applied it (its time
is not after the restored last fix) is counted.

With --redis the sessions are in a redis-server of the run's own (`--appendonly yes --appendfsync
everysec`, in the run's temporary folder, on a free loopback port) instead of a state file, and the kill
goes to both the service and Redis at once; both are started again (Redis on its append-only file).
"""
import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

from service_bench import (ROOMY_LIMITS, SessionLog, add_load_options, argument_parser, fix, free_port, keep_working, read_back,
                           request, start_clients, start_service)


def start_redis(work, port):
    """A redis-server writing its append-only file (fsync every second) into `work`; waits for PING."""
    p = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
                          "--appendfsync", "everysec", "--dir", work, "--daemonize", "no"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return p
        except OSError:
            time.sleep(0.05)
    p.kill()
    raise SystemExit(f"redis-server did not answer on port {port}")


def client(port, log, stop, fixes_per_session):
    def one_session(conn):
        _, sid = log.create(conn)
        if sid is None:
            return
        for t in range(1, fixes_per_session + 1):
            if stop.is_set():
                return
            status, _ = request(conn, "POST", f"/sessions/{sid}/locations", fix(t, raw=True))
            now = time.time()
            if status == 200:
                with log.lock:
                    log.fixes[sid].append((t, now))

    keep_working(port, stop, one_session)


def one_run(args, run):
    rng = random.Random(args.seed * 1000 + run)
    work = subprocess.check_output(["mktemp", "-d"], text=True).strip()
    redis = None
    if args.redis:
        redis_port = free_port()
        redis = start_redis(work, redis_port)
        store = ["--sessions", f"redis://127.0.0.1:{redis_port}/0"]
    else:
        store = ["--state-file", os.path.join(work, "sessions.state")]
    server, port = start_service(args.binary, args.venues, [*store, *ROOMY_LIMITS, *args.server_args])
    log, stop = SessionLog(), threading.Event()
    threads = start_clients(args.clients, client, port, log, stop, args.fixes_per_session)
    time.sleep(rng.uniform(2, 6))
    server.send_signal(signal.SIGKILL)
    if redis:
        redis.send_signal(signal.SIGKILL)
    kill = time.time()
    stop.set()
    server.wait()
    if redis:
        redis.wait()
        redis = start_redis(work, redis_port)
    for th in threads:
        th.join(10)
    with log.lock:
        sessions = dict(log.sessions)
        fixes = {k: list(v) for k, v in log.fixes.items()}
    server, port = start_service(args.binary, args.venues, [*store, *ROOMY_LIMITS, *args.server_args])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    acked = sum(len(v) for v in fixes.values())
    # Post again what was acknowledged in the last 2 s: only fixes after the restored one may apply.
    lost_sessions, missing, twice = read_back(conn, fixes, lambda w: kill - w <= 2)
    lost_fixes = sum(len(m) for m in missing.values())
    lost_window = max([0.0, *(kill - min(w for _, w in m) for m in missing.values() if m)])
    server.send_signal(signal.SIGTERM)
    server.wait(30)
    if redis:
        redis.send_signal(signal.SIGTERM)
        redis.wait(30)
    subprocess.call(["rm", "-rf", work])
    print(f"run {run + 1:2d}: killed after {kill - min(sessions.values(), default=kill):4.1f} s of load: "
          f"sessions {len(sessions)} acknowledged, {lost_sessions} lost; fixes {acked} acknowledged, {lost_fixes} lost "
          f"(oldest lost acknowledged {lost_window:.3f} s before the kill); applied twice {twice}", flush=True)
    return lost_window, lost_sessions, twice, len(sessions), acked, lost_fixes


def main():
    ap = argument_parser()
    add_load_options(ap, runs=10)
    ap.add_argument("--redis", action="store_true")
    args = ap.parse_args()
    results = [one_run(args, r) for r in range(args.runs)]
    print(f"over {args.runs} runs: fixes lost at most {max(r[0] for r in results):.3f} s before the kill "
          f"(median {sorted(r[0] for r in results)[len(results) // 2]:.3f} s); sessions lost {sum(r[1] for r in results)} "
          f"of {sum(r[3] for r in results)}; fixes lost {sum(r[5] for r in results)} of {sum(r[4] for r in results)}; "
          f"fixes applied twice {sum(r[2] for r in results)}")
    worst = max(r[0] for r in results)
    return 0 if worst <= 1.0 and sum(r[1] for r in results) == 0 and sum(r[2] for r in results) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
