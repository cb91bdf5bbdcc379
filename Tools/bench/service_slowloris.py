#!/usr/bin/env python3
"""Slowloris against `indoornav serve` with default settings (run by Tools/bench/service-slowloris.sh,
which documents the options).

SLOW connections from ADDRESSES loopback addresses 127.0.0.2… (spread evenly) each send a request line
and then one header byte every TRICKLE seconds, never finishing; a connection the server closes is
opened again at once. Meanwhile one normal client on 127.0.0.1 creates a session and posts fixes to it
one at a time over a kept-alive connection (a new session every 20 fixes) for the whole duration.
Prints the slow connections open (sampled each second: median, minimum), how often they were cut, and
the normal client's requests, errors (anything but 201/200, or no answer within 5 s) and latency
p50/p99/max for creates and updates together.
"""
import asyncio
import http.client
import json
import statistics
import threading
import time

from service_bench import argument_parser, connect, fix, new_session, request, start_service


class Slow:
    def __init__(self):
        self.open = 0
        self.cut = 0
        self.failed_connects = 0


async def slow_connection(port, address, slow, stop, trickle):
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        except OSError:
            slow.failed_connects += 1
            await asyncio.sleep(0.5)
            continue
        slow.open += 1
        try:
            writer.write(b"POST /sessions HTTP/1.1\r\nHost: x\r\n")
            await writer.drain()
            while not stop.is_set():
                writer.write(b"X")
                await writer.drain()
                try:
                    await asyncio.wait_for(reader.read(4096), timeout=trickle)
                    break  # answered or closed: the server cut it
                except asyncio.TimeoutError:
                    pass
        except (OSError, ConnectionError):
            pass
        finally:
            slow.open -= 1
            if not stop.is_set():
                slow.cut += 1
            writer.close()


async def slow_clients(port, n, addresses, slow, stop, trickle, samples):
    tasks = [asyncio.create_task(slow_connection(port, f"127.0.0.{2 + i % addresses}", slow, stop, trickle))
             for i in range(n)]
    while not stop.is_set():
        await asyncio.sleep(1)
        samples.append(slow.open)
    await asyncio.gather(*tasks, return_exceptions=True)


def normal_client(port, stop, latencies, errors):
    conn = connect(port)
    sid, t = None, 0
    while not stop.is_set():
        if sid is None or t >= 20:
            body, path, want = new_session(), "/sessions", 201
        else:
            t += 1
            body, path, want = fix(t), f"/sessions/{sid}/locations", 200
        start = time.perf_counter()
        try:
            status, data = request(conn, "POST", path, body)
            latencies.append(time.perf_counter() - start)
            if status != want:
                errors.append(f"{path}: {status} {data[:120]!r}")
                sid = None
            elif want == 201:
                sid, t = json.loads(data)["id"], 0
        except (OSError, http.client.HTTPException) as e:
            errors.append(f"{path}: {type(e).__name__} {e}")
            conn = connect(port, conn)
            sid = None
        time.sleep(0.01)


def main():
    ap = argument_parser()
    ap.add_argument("--connections", type=int, default=1500)
    ap.add_argument("--addresses", type=int, default=100)
    ap.add_argument("--duration", type=float, default=60)
    ap.add_argument("--trickle", type=float, default=1.0)
    args = ap.parse_args()
    server, port = start_service(args.binary, args.venues, args.server_args)
    slow, samples, stop = Slow(), [], threading.Event()
    loop_stop = None
    latencies, errors = [], []

    async def run_slow():
        nonlocal loop_stop
        loop_stop = asyncio.Event()
        await slow_clients(port, args.connections, args.addresses, slow, loop_stop, args.trickle, samples)

    def slow_thread():
        asyncio.run(run_slow())

    th = threading.Thread(target=slow_thread, daemon=True)
    th.start()
    time.sleep(3)  # let the slow connections open first
    victim = threading.Thread(target=normal_client, args=(port, stop, latencies, errors), daemon=True)
    victim.start()
    time.sleep(args.duration)
    stop.set()
    victim.join(10)
    loop_stop.set()
    th.join(15)
    server.terminate()
    server.wait(20)
    lat = sorted(latencies)
    def pct(p):
        return 1000 * lat[min(len(lat) - 1, int(p / 100 * len(lat)))] if lat else float("nan")
    opened = samples[3:] or samples
    print(f"slow connections: {args.connections} from {args.addresses} addresses, one header byte every {args.trickle} s; "
          f"open (sampled each second) median {statistics.median(opened) if opened else 0:.0f}, min {min(opened, default=0)}; "
          f"cut by the server {slow.cut} times; connects refused {slow.failed_connects}")
    print(f"normal client: {len(lat)} requests (creates + updates) in {args.duration:.0f} s, errors {len(errors)}, "
          f"p50 {pct(50):.2f} ms, p99 {pct(99):.2f} ms, max {1000 * lat[-1] if lat else float('nan'):.2f} ms")
    for e in errors[:10]:
        print("  error:", e)
    return 0 if not errors and lat and pct(99) <= 100 else 1


if __name__ == "__main__":
    raise SystemExit(main())
