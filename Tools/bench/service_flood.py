#!/usr/bin/env python3
"""A flood of `POST /sessions` without API keys against `indoornav serve` (run by
Tools/bench/service-flood.sh, which documents the options).

ADDRESSES threads (in 4 processes), each on one kept-alive connection from its own loopback address
127.0.0.2…, send CREATES creates in all as fast as they are answered (a closed connection is opened
again). Meanwhile
the normal client of the slowloris test (Tools/bench/service_slowloris.py: one session at a time, 20
fixes each, every 10 ms) runs on 127.0.0.1 until the flood is done. In proxy mode the server trusts
127.0.0.1 (`--trusted-proxy`) and every client goes through HAProxy (`option forwardfor`), so the
server tells clients apart only by X-Forwarded-For. Prints the flood's answers by status and rate and
the normal client's requests, errors and latency.
"""
import collections
import http.client
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from service_bench import argument_parser, free_port, new_session, start_service
from service_slowloris import normal_client


class Bound(http.client.HTTPConnection):
    """An HTTP connection from a chosen local address."""

    def __init__(self, port, source):
        super().__init__("127.0.0.1", port, timeout=10, source_address=(source, 0))


def flooder(port, source, count, statuses, lock):
    conn = Bound(port, source)
    body = json.dumps(new_session()).encode()
    done = 0
    while done < count:
        try:
            conn.request("POST", "/sessions", body=body, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            data = r.read()
            code = str(r.status)
            if r.status >= 400:
                try:
                    code += " " + json.loads(data)["error"]["code"]
                except (ValueError, KeyError, TypeError):
                    pass
            with lock:
                statuses[code] += 1
            done += 1
            if r.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = Bound(port, source)
        except (OSError, http.client.HTTPException) as e:
            with lock:
                statuses["no answer: " + type(e).__name__] += 1
            done += 1
            conn.close()
            conn = Bound(port, source)


def flood_group(port, jobs, results):
    """One process of flooders (so the normal client's timing is not slowed by the flood's interpreter)."""
    statuses, lock = collections.Counter(), threading.Lock()
    threads = [threading.Thread(target=flooder, args=(port, source, count, statuses, lock)) for source, count in jobs]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    results.put(dict(statuses))


def start_haproxy(backend_port):
    work = tempfile.mkdtemp(prefix="indoornav-flood-")
    port = free_port()
    conf = os.path.join(work, "haproxy.cfg")
    with open(conf, "w") as f:
        f.write(f"""global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    option http-keep-alive
frontend in
    bind 127.0.0.1:{port}
    option forwardfor
    default_backend service
backend service
    http-reuse always
    server s1 127.0.0.1:{backend_port}
""")
    proxy = subprocess.Popen(["haproxy", "-f", conf, "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proxy, port, work
        except OSError:
            time.sleep(0.05)
    proxy.kill()
    raise SystemExit("haproxy did not start")


def run(args, mode):
    extra = list(args.server_args) + (["--trusted-proxy", "127.0.0.1"] if mode == "proxy" else [])
    server, port = start_service(args.binary, args.venues, extra)
    proxy = work = None
    target = port
    if mode == "proxy":
        proxy, target, work = start_haproxy(port)
    try:
        statuses = collections.Counter()
        stop, latencies, errors = threading.Event(), [], []
        victim = threading.Thread(target=normal_client, args=(target, stop, latencies, errors), daemon=True)
        victim.start()
        time.sleep(1)
        per = [args.creates // args.addresses + (1 if k < args.creates % args.addresses else 0) for k in range(args.addresses)]
        started = time.time()
        jobs = [(f"127.0.0.{2 + k}", per[k]) for k in range(args.addresses)]
        results = multiprocessing.Queue()
        groups = [multiprocessing.Process(target=flood_group, args=(target, jobs[g::args.processes], results))
                  for g in range(args.processes)]
        for g in groups:
            g.start()
        for _ in groups:
            statuses.update(results.get())
        for g in groups:
            g.join()
        took = time.time() - started
        stop.set()
        victim.join(10)
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
            shutil.rmtree(work, ignore_errors=True)
        server.terminate()
        server.wait(20)
    lat = sorted(latencies)

    def pct(p):
        return 1000 * lat[min(len(lat) - 1, int(p / 100 * len(lat)))] if lat else float("nan")

    answers = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()))
    print(f"{mode}: flood of {sum(statuses.values())} creates from {args.addresses} addresses in {took:.1f} s "
          f"({sum(statuses.values()) / took:.0f}/s): {answers}")
    print(f"{mode}: normal client: {len(lat)} requests (creates + updates), errors {len(errors)}, p50 {pct(50):.2f} ms, "
          f"p99 {pct(99):.2f} ms, max {1000 * lat[-1] if lat else float('nan'):.2f} ms")
    for e in collections.Counter(e.split(" {")[0][:100] for e in errors).most_common(5):
        print(f"  {e[1]}× {e[0]}")
    return not errors and lat and pct(99) <= 50


def main():
    ap = argument_parser()
    ap.add_argument("--creates", type=int, default=50_000)
    ap.add_argument("--addresses", type=int, default=20)
    ap.add_argument("--processes", type=int, default=4)
    ap.add_argument("--mode", choices=["direct", "proxy", "both"], default="both")
    args = ap.parse_args()
    modes = ["direct", "proxy"] if args.mode == "both" else [args.mode]
    ok = [run(args, m) for m in modes]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    raise SystemExit(main())
