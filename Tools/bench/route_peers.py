#!/usr/bin/env python3
"""Runs the same shortest-path queries through IndoorNav, igraph and scipy.sparse.csgraph.

Usage: Tools/bench/route_peers.py VENUE [--queries N] [--seed S] [--indoornav PATH]

IndoorNav exports its navigation graph (`indoornav venue graph`) and answers N random node-to-node
queries (`indoornav bench route --optimize shortest --queries-out`); this script loads the same graph
into igraph and scipy (installed from PyPI if missing), answers the same queries, checks that the
lengths agree, and prints per-query medians side by side. Times are per query, single thread.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time


def ensure(module, package):
    try:
        return __import__(module)
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", package])
        return __import__(module)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("venue")
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--indoornav", default=None, help="path to the indoornav binary (default: release build)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binary = args.indoornav or os.path.join(root, ".build", "release", "indoornav")
    if not os.path.exists(binary):
        subprocess.check_call(["swift", "build", "-c", "release", "--product", "indoornav"], cwd=root)
    igraph = ensure("igraph", "igraph")
    ensure("scipy", "scipy")
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    work = tempfile.mkdtemp(prefix="route-peers-")
    graph_path = os.path.join(work, "graph.geojson")
    queries_path = os.path.join(work, "queries.txt")
    subprocess.check_call([binary, "venue", "graph", args.venue, "-o", graph_path])
    ours = json.loads(subprocess.check_output([binary, "bench", "route", args.venue, "--queries", str(args.queries),
                                               "--seed", str(args.seed), "--optimize", "shortest",
                                               "--queries-out", queries_path, "--json"]))

    with open(graph_path) as f:
        features = json.load(f)["features"]
    ids = {}
    for feat in features:
        if feat["geometry"]["type"] == "Point":
            ids[feat["id"]] = len(ids)
    n = len(ids)
    src, dst, w = [], [], []
    for feat in features:
        if feat["geometry"]["type"] != "LineString":
            continue
        p = feat["properties"]
        if "pedestrian" not in p.get("modes", ["pedestrian"]):
            continue  # the benchmark routes pedestrians: vehicle-only edges (drive ramps) are not theirs
        a, b, length = ids[p["from"]], ids[p["to"]], float(p["length_m"])
        src.append(a); dst.append(b); w.append(length)
        if not p.get("one_way", False):
            src.append(b); dst.append(a); w.append(length)
    pairs = []
    with open(queries_path) as f:
        for line in f:
            a, b, length = line.split()
            pairs.append((ids[a], ids[b], float(length)))

    g = igraph.Graph(n=n, edges=list(zip(src, dst)), directed=True)
    g.es["weight"] = w
    # scipy keeps the smallest weight of parallel edges only if we reduce them first.
    best = {}
    for a, b, length in zip(src, dst, w):
        if (a, b) not in best or length < best[(a, b)]:
            best[(a, b)] = length
    keys = list(best.keys())
    matrix = csr_matrix(([best[k] for k in keys], ([k[0] for k in keys], [k[1] for k in keys])), shape=(n, n))

    # IndoorNav answers by position: a query node that shares its point with another node may start
    # there for free, so IndoorNav can be shorter; it must never be longer.
    ig_times, sp_times, longer, shorter = [], [], 0, 0
    for a, b, expected in pairs:
        t0 = time.perf_counter()
        d_ig = g.distances(source=a, target=b, weights="weight")[0][0]
        ig_times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        d_sp = dijkstra(matrix, directed=True, indices=a, limit=np.inf)[b]
        sp_times.append(time.perf_counter() - t0)
        peer = min(d_ig, d_sp)
        if expected != float("inf") and expected > peer + 0.01 * max(1.0, peer):
            longer += 1
            print(f"longer: n{a} → n{b}: IndoorNav {expected:.2f} m, peers {peer:.2f} m", file=sys.stderr)
        elif expected < peer - 0.01 * max(1.0, peer):
            shorter += 1

    ours_p50 = ours["p50Microseconds"]
    ig_p50 = statistics.median(ig_times) * 1e6
    sp_p50 = statistics.median(sp_times) * 1e6
    print(f"graph: {n} nodes, {len(src)} arcs, {len(pairs)} queries (seed {args.seed}); "
          f"IndoorNav longer than peers: {longer}, shorter (co-located start/end nodes): {shorter}")
    print(f"{'engine':<28}{'p50 µs/query':>14}{'ratio to IndoorNav':>22}")
    print(f"{'IndoorNav (full route)':<28}{ours_p50:>14.1f}{1.0:>22.2f}")
    print(f"{'igraph distances':<28}{ig_p50:>14.1f}{ig_p50 / ours_p50:>22.2f}")
    print(f"{'scipy csgraph dijkstra':<28}{sp_p50:>14.1f}{sp_p50 / ours_p50:>22.2f}")
    return 1 if longer else 0


if __name__ == "__main__":
    sys.exit(main())
