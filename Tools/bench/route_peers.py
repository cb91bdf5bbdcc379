#!/usr/bin/env python3
"""Runs the same shortest-path queries through IndoorNav, RoutingKit CCH, igraph and scipy.sparse.csgraph.

Usage: Tools/bench/route_peers.py VENUE [--queries N] [--seed S] [--indoornav PATH] [--peers cch,igraph,scipy]

IndoorNav exports its navigation graph (`indoornav venue graph`) and answers N random node-to-node
queries (`indoornav bench route --optimize shortest --queries-out`: full routes, and the bare search
between the same nodes); this script loads the same graph into RoutingKit's customizable contraction
hierarchies (PyPI `pyroutingkit`; weights in whole millimetres, as RoutingKit takes 32-bit integers;
node positions are the nodes' WGS84 coordinates, levels stacked), igraph and scipy (installed from PyPI
if missing), answers the same queries, checks that the lengths agree, and prints p50/p99 per query side
by side with preprocessing times. Times are per query, single thread.
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time


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
    ap.add_argument("--peers", default="cch,igraph,scipy", help="comma-separated: cch, igraph, scipy")
    args = ap.parse_args()
    peers = set(args.peers.split(","))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binary = args.indoornav or os.path.join(root, ".build", "release", "indoornav")
    if not os.path.exists(binary):
        subprocess.check_call(["swift", "build", "-c", "release", "--product", "indoornav"], cwd=root)
    igraph = ensure("igraph", "igraph") if "igraph" in peers else None
    if "scipy" in peers:
        ensure("scipy", "scipy")
    rk = ensure("pyroutingkit", "pyroutingkit") if "cch" in peers else None
    import numpy as np

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
    lat, lon = [], []
    for feat in features:
        if feat["geometry"]["type"] == "Point":
            ids[feat["id"]] = len(ids)
            c = feat["geometry"]["coordinates"]
            lon.append(c[0]); lat.append(c[1])
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
            # origin, destination, full route length, bare search length (the same nodes, no matching)
            a, b, length, bare = line.split()
            pairs.append((ids[a], ids[b], float(length), float(bare)))

    def pct(values, p):
        v = sorted(values)
        return v[min(len(v) - 1, int((len(v) - 1) * p))] * 1e6

    rows = []  # (engine, p50 µs, p99 µs, note)
    rows.append(("IndoorNav full route", ours["p50Microseconds"], ours["p99Microseconds"], ""))
    rows.append(("IndoorNav bare query", ours["queryOnlyP50Microseconds"], ours["queryOnlyP99Microseconds"],
                 f"hierarchy {ours.get('hierarchySeconds', 0):.2f} s, customization {ours.get('customizeSeconds', 0):.3f} s, "
                 f"one closure {ours.get('recustomizeOneClosureMilliseconds', 0):.2f} ms, "
                 f"{ours.get('hierarchyBytes', 0) / 1e6:.1f} MB (graph {ours.get('graphBytes', 0) / 1e6:.1f} MB)"))
    longer, shorter, mismatched = 0, 0, 0

    if rk is not None:
        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        tail_a = np.array(src, dtype=np.uint32); head_a = np.array(dst, dtype=np.uint32)
        weights = np.array([max(1, round(x * 1000)) for x in w], dtype=np.uint32)
        t0 = time.perf_counter()
        topo = rk.CCHTopology()
        topo.build(tail_a, head_a, np.array(lat, dtype=np.float32), np.array(lon, dtype=np.float32), n)
        build_s = time.perf_counter() - t0
        metric = rk.CCHMetric(topo)
        t0 = time.perf_counter()
        metric.customize(weights)
        customize_s = time.perf_counter() - t0
        rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        rk_times = []
        for a, b, _, expected in pairs:
            t0 = time.perf_counter()
            dist, _nodes, _arcs = metric.query(a, b)
            rk_times.append(time.perf_counter() - t0)
            meters = float("inf") if dist >= rk.INF_WEIGHT else dist / 1000
            if expected == float("inf") and meters == float("inf"):
                continue
            if abs(expected - meters) > max(0.05, 1e-4 * meters):
                mismatched += 1
                if mismatched <= 5:
                    print(f"length differs: n{a} → n{b}: IndoorNav {expected:.3f} m, RoutingKit {meters:.3f} m", file=sys.stderr)
        # Partial customization after closing one arc (the same seeded edge is not known here: arc 0).
        t0 = time.perf_counter()
        metric.update_weights(np.array([0], dtype=np.uint32), np.array([rk.INF_WEIGHT], dtype=np.uint32))
        update_ms = (time.perf_counter() - t0) * 1e3
        rows.append(("RoutingKit CCH path query", pct(rk_times, 0.5), pct(rk_times, 0.99),
                     f"build {build_s:.2f} s, customization {customize_s:.3f} s, one closure {update_ms:.2f} ms, "
                     f"peak RSS +{(rss1 - rss0) / 1e3:.0f} MB"))

    if igraph is not None:
        g = igraph.Graph(n=n, edges=list(zip(src, dst)), directed=True)
        g.es["weight"] = w
        ig_times = []
        for a, b, expected, bare in pairs:
            t0 = time.perf_counter()
            d = g.distances(source=a, target=b, weights="weight")[0][0]
            ig_times.append(time.perf_counter() - t0)
            # IndoorNav answers by position: a query node that shares its point with another node may
            # start there for free, so IndoorNav can be shorter; it must never be longer.
            if expected != float("inf") and expected > d + 0.01 * max(1.0, d):
                longer += 1
                print(f"longer: n{a} → n{b}: IndoorNav {expected:.2f} m, igraph {d:.2f} m", file=sys.stderr)
            elif expected < d - 0.01 * max(1.0, d):
                shorter += 1
            # The exported graph rounds lengths to millimetres: allow that much per edge on the way.
            if not (bare == d == float("inf")) and abs(bare - d) > max(0.05, 1e-4 * d):
                mismatched += 1
                print(f"bare search differs: n{a} → n{b}: IndoorNav {bare:.6f} m, igraph {d:.6f} m", file=sys.stderr)
        rows.append(("igraph distances", pct(ig_times, 0.5), pct(ig_times, 0.99), ""))

    if "scipy" in peers:
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import dijkstra
        # scipy keeps the smallest weight of parallel edges only if we reduce them first.
        best = {}
        for a, b, length in zip(src, dst, w):
            if (a, b) not in best or length < best[(a, b)]:
                best[(a, b)] = length
        keys = list(best.keys())
        matrix = csr_matrix(([best[k] for k in keys], ([k[0] for k in keys], [k[1] for k in keys])), shape=(n, n))
        sp_times = []
        for a, b, _, _ in pairs:
            t0 = time.perf_counter()
            dijkstra(matrix, directed=True, indices=a, limit=np.inf)[b]
            sp_times.append(time.perf_counter() - t0)
        rows.append(("scipy csgraph dijkstra", pct(sp_times, 0.5), pct(sp_times, 0.99), ""))

    print(f"graph: {n} nodes, {len(src)} arcs, {len(pairs)} queries (seed {args.seed}); "
          f"IndoorNav longer than igraph: {longer}, shorter (co-located start/end nodes): {shorter}; "
          f"bare lengths differing from igraph or RoutingKit by more than max(5 cm, 0.01 %) (millimetre lengths in the export): {mismatched}")
    print(f"{'engine':<28}{'p50 µs':>12}{'p99 µs':>12}  notes")
    for name, p50, p99, note in rows:
        print(f"{name:<28}{p50:>12.1f}{p99:>12.1f}  {note}")
    return 1 if longer or mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
