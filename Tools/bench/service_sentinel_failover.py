#!/usr/bin/env python3
"""SIGKILL the Redis primary under `indoornav serve --sessions redis-sentinel://…` and count what the
failover lost (run by Tools/bench/service-sentinel-failover.sh, which documents the options).

Each run: a primary, a replica and N sentinels on free loopback ports in a fresh temporary directory;
the server on them; CLIENTS threads create sessions (POST /sessions with a first location) and post one
fix at a time (a 503 is retried with the same fix; a new session every FIXES_PER_SESSION fixes), noting
the wall-clock time each 200 arrived; after a random 2–6 s (seeded) the primary gets SIGKILL, the load
goes on for 6 s, then every session answered 201 is read back (GET /sessions/{id}: the time of its last
applied fix is progress.rawLocation.timeSeconds) and the fixes acknowledged in the 2 s before the kill
are posted again.
"""
import http.client
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from service_bench import (ROOMY_LIMITS, SessionLog, add_load_options, argument_parser, fix, free_port, keep_working, read_back,
                           request, start_clients, start_service)

MASTER = "indoornav"


def redis(port, *command):
    """One command over a fresh connection; the reply as Python values (bulk strings as str)."""
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
        s.sendall(("*%d\r\n" % len(command) + "".join("$%d\r\n%s\r\n" % (len(c), c) for c in command)).encode())
        f = s.makefile("rb")

        def value():
            line = f.readline().rstrip(b"\r\n")
            kind, rest = line[:1], line[1:]
            if kind in (b"+", b"-"):
                return rest.decode()
            if kind == b":":
                return int(rest)
            if kind == b"$":
                n = int(rest)
                return None if n < 0 else f.read(n + 2)[:n].decode(errors="replace")
            if kind == b"*":
                n = int(rest)
                return None if n < 0 else [value() for _ in range(n)]
            raise OSError("bad reply %r" % line)

        return value()


def fields(pairs):
    return dict(zip(pairs[::2], pairs[1::2])) if isinstance(pairs, list) else {}


def wait_for(condition, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if condition():
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise SystemExit("timed out waiting for " + what)


class Cluster:
    def __init__(self, sentinels):
        self.dir = tempfile.mkdtemp(prefix="indoornav-sentinel-bench-")
        self.procs = []
        self.primary_port, self.replica_port = free_port(), free_port()
        self.primary = self.server(self.primary_port, [])
        self.server(self.replica_port, ["--replicaof", "127.0.0.1", str(self.primary_port)])
        wait_for(lambda: "master_link_status:up" in redis(self.replica_port, "INFO", "replication"), 10, "replication")
        self.sentinels = sentinels
        quorum = sentinels // 2 + 1
        self.sentinel_ports = []
        for k in range(sentinels):
            port = free_port()
            conf = os.path.join(self.dir, "sentinel-%d.conf" % k)
            with open(conf, "w") as f:
                f.write("port %d\nbind 127.0.0.1\ndir %s\nsentinel monitor %s 127.0.0.1 %d %d\n"
                        "sentinel down-after-milliseconds %s 500\nsentinel failover-timeout %s 2000\n"
                        % (port, self.dir, MASTER, self.primary_port, quorum, MASTER, MASTER))
            self.procs.append(subprocess.Popen(["redis-sentinel", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            self.sentinel_ports.append(port)
        for port in self.sentinel_ports:
            wait_for(lambda: any(fields(r).get("flags") == "slave" for r in redis(port, "SENTINEL", "replicas", MASTER)), 15,
                     "sentinel finding the replica")
            wait_for(lambda: int(fields(redis(port, "SENTINEL", "master", MASTER)).get("num-other-sentinels", 0)) == sentinels - 1,
                     15, "sentinels finding each other")

    def server(self, port, extra):
        p = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", self.dir] + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.procs.append(p)
        wait_for(lambda: "PONG" in redis(port, "PING"), 10, "redis-server on %d" % port)
        return p

    def url(self):
        return "redis-sentinel://" + ",".join("127.0.0.1:%d" % p for p in self.sentinel_ports) + "/" + MASTER

    def named_primary(self):
        try:
            reply = redis(self.sentinel_ports[0], "SENTINEL", "get-master-addr-by-name", MASTER)
        except OSError:
            return None
        return int(reply[1]) if isinstance(reply, list) and len(reply) == 2 else None

    def close(self):
        for p in self.procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


class Log(SessionLog):
    def __init__(self):
        super().__init__()
        self.ok = []  # (sent, answered) wall times of every 200 to a fix
        self.unavailable = 0  # 503 answers
        self.other = 0  # answers neither 2xx nor 503


def client(port, log, stop, fixes_per_session):
    def one_session(conn):
        status, sid = log.create(conn)
        if sid is None:
            with log.lock:
                if status == 503:
                    log.unavailable += 1
                else:
                    log.other += 1
            time.sleep(0.01)
            return
        t = 1
        while t <= fixes_per_session and not stop.is_set():
            sent = time.time()
            status, _ = request(conn, "POST", f"/sessions/{sid}/locations", fix(t, raw=True))
            now = time.time()
            with log.lock:
                if status == 200:
                    log.fixes[sid].append((t, now))
                    log.ok.append((sent, now))
                elif status == 503:
                    log.unavailable += 1
                else:
                    log.other += 1
            if status == 200:
                t += 1
            elif status == 503:
                time.sleep(0.01)
            else:
                break

    keep_working(port, stop, one_session)


def one_run(args, run):
    rng = random.Random(args.seed * 1000 + run)
    cluster = Cluster(args.sentinels)
    server = None
    try:
        server, port = start_service(args.binary, args.venues, ["--sessions", cluster.url(), *ROOMY_LIMITS, *args.server_args])
        log, stop = Log(), threading.Event()
        threads = start_clients(args.clients, client, port, log, stop, args.fixes_per_session)
        time.sleep(rng.uniform(2, 6))
        cluster.primary.send_signal(signal.SIGKILL)
        kill = time.time()
        cluster.primary.wait()
        promoted = None
        while time.time() - kill < 15:
            if cluster.named_primary() == cluster.replica_port:
                promoted = time.time() - kill
                break
            time.sleep(0.05)
        time.sleep(max(0.0, 6 - (time.time() - kill)))
        stop.set()
        for th in threads:
            th.join(10)
        with log.lock:
            sessions = dict(log.sessions)
            fixes = {k: list(v) for k, v in log.fixes.items()}
            ok = sorted(log.ok)
            unavailable, other = log.unavailable, log.other
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        acked = sum(len(v) for v in fixes.values())
        before = [s for s, w in sessions.items() if w < kill]
        lost_sessions, missing, twice = read_back(conn, fixes, lambda w: 0 <= kill - w <= 2)
        lost_fixes = sum(len(m) for m in missing.values())
        first_after = min((answered for sent, answered in ok if sent > kill), default=None)
        answers = sorted(answered for _, answered in ok)
        gaps = [b - a for a, b in zip(answers, answers[1:])]
        longest = max(gaps) if gaps else 0.0
        down = (first_after - kill) if first_after else float("inf")
        print(f"run {run + 1:2d}: killed after {kill - min(sessions.values(), default=kill):4.1f} s of load; promoted after "
              f"{promoted if promoted is not None else float('nan'):.2f} s; sessions {len(sessions)} acknowledged "
              f"({len(before)} before the kill), {lost_sessions} lost; fixes {acked} acknowledged, {lost_fixes} lost; applied twice "
              f"{twice}; unavailable {down:.2f} s (kill to the first fix sent after it answered 200), longest pause {longest:.2f} s; "
              f"{unavailable} answers 503, {other} other errors", flush=True)
        return lost_sessions, twice, len(sessions), acked, lost_fixes, down, longest, unavailable, other
    finally:
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        cluster.close()


def main():
    ap = argument_parser()
    add_load_options(ap, runs=5)
    ap.add_argument("--sentinels", type=int, default=3)
    args = ap.parse_args()
    r = [one_run(args, k) for k in range(args.runs)]
    downs = sorted(x[5] for x in r)
    print(f"over {args.runs} runs: sessions lost {sum(x[0] for x in r)} of {sum(x[2] for x in r)}; fixes lost "
          f"{sum(x[4] for x in r)} of {sum(x[3] for x in r)}; fixes applied twice {sum(x[1] for x in r)}; unavailable "
          f"median {downs[len(downs) // 2]:.2f} s, at most {downs[-1]:.2f} s (longest pause {max(x[6] for x in r):.2f} s); "
          f"{sum(x[7] for x in r)} answers 503, {sum(x[8] for x in r)} other errors")
    return 0 if sum(x[0] for x in r) == 0 and sum(x[1] for x in r) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
