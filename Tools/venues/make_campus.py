#!/usr/bin/env python3
"""Writes the bundled sample venue Recordings/venues/campus/ (an IMDF archive) reproducibly.

Everything is laid out in metres east (x) / north (y) of the main building's south-west corner and
converted to WGS84 longitude/latitude on the tangent plane at REFERENCE (sub-millimetre over the ~80 m
the campus spans). Run from the package root:  python3 Tools/venues/make_campus.py
"""
import json
import math
import os
import sys

REFERENCE = (47.3763, 8.5480)  # lat, lon: a lawn near ETH Zurich's main building
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Recordings", "venues", "campus")

A_WGS84, F_WGS84 = 6378137.0, 1 / 298.257223563
E2 = F_WGS84 * (2 - F_WGS84)
_s = math.sin(math.radians(REFERENCE[0]))
MERIDIONAL = A_WGS84 * (1 - E2) / (1 - E2 * _s * _s) ** 1.5
PRIME = A_WGS84 / math.sqrt(1 - E2 * _s * _s)


def lonlat(x, y):
    lat = REFERENCE[0] + math.degrees(y / MERIDIONAL)
    lon = REFERENCE[1] + math.degrees(x / (PRIME * math.cos(math.radians(REFERENCE[0]))))
    return [round(lon, 9), round(lat, 9)]


def point(x, y):
    return {"type": "Point", "coordinates": lonlat(x, y)}


def ring(points):
    pts = [lonlat(x, y) for x, y in points]
    return pts + [pts[0]]


def rect(x0, y0, x1, y1):
    return {"type": "Polygon", "coordinates": [ring([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])]}


def line(x0, y0, x1, y1):
    return {"type": "LineString", "coordinates": [lonlat(x0, y0), lonlat(x1, y1)]}


def name(en, de):
    return {"en": en, "de": de}


def feature(fid, ftype, geometry, **properties):
    return {"id": fid, "type": "Feature", "feature_type": ftype, "geometry": geometry, "properties": properties}


# --- Levels -------------------------------------------------------------------------------------
MAIN, LIBRARY = "bldg-main", "bldg-library"
LINK_OUTLINE = [(0, 0), (40, 0), (40, 8), (48, 8), (48, 12), (40, 12), (40, 20), (0, 20)]
LEVELS = [
    # id, ordinal, name, short name, building, outline, floor_number (None: from the short name)
    ("lvl-a0", 0, name("Main building, ground floor", "Hauptgebäude, Erdgeschoss"), "0", MAIN, LINK_OUTLINE, None),
    ("lvl-a1", 1, name("Main building, first floor", "Hauptgebäude, 1. Obergeschoss"), "1", MAIN, LINK_OUTLINE, None),
    ("lvl-a2", 2, name("Main building, second floor", "Hauptgebäude, 2. Obergeschoss"), "2", MAIN,
     [(0, 0), (40, 0), (40, 20), (0, 20)], None),
    ("lvl-b0", 0, name("Library, raised ground floor", "Bibliothek, Hochparterre"), "B0", LIBRARY,
     [(48, 0), (68, 0), (68, 20), (48, 20)], 0.5),
    ("lvl-b1", 1, name("Library, upper floor", "Bibliothek, Obergeschoss"), "B1", LIBRARY,
     [(48, 0), (68, 0), (68, 20), (48, 20)], 1.5),
]

units, openings, anchors, occupants, amenities, relationships = [], [], [], [], [], []


def unit(fid, level, box, category, unit_name=None, **extra):
    x0, y0, x1, y1 = box
    props = {"category": category, "level_id": level, "name": unit_name, "alt_name": None, "restriction": None,
             "accessibility": None, "display_point": point((x0 + x1) / 2, (y0 + y1) / 2)}
    props.update(extra)
    units.append(feature(fid, "unit", rect(*box), **props))


def door(fid, level, x0, y0, x1, y1, category="pedestrian", door_name=None):
    openings.append(feature(fid, "opening", line(x0, y0, x1, y1), category=category, level_id=level,
                            name=door_name, accessibility=None,
                            door={"type": "swinging", "automatic": False, "material": "wood"},
                            display_point=point((x0 + x1) / 2, (y0 + y1) / 2)))


def south_door(fid, level, cx):
    door(fid, level, cx - 0.5, 8, cx + 0.5, 8)


def north_door(fid, level, cx):
    door(fid, level, cx - 0.5, 12, cx + 0.5, 12)


# --- Main building: three levels around an east-west corridor (y 8..12) --------------------------
for level, ordinal in (("a0", 0), ("a1", 1), ("a2", 2)):
    lid = "lvl-" + level
    unit(f"{level}-corridor", lid, (0, 8, 40, 12), "walkway")
    unit(f"{level}-r1", lid, (0, 0, 10, 8), "room",
         name("Porter's lodge", "Pförtnerloge") if level == "a0" else None,
         **({"restriction": "employeesonly"} if level == "a0" else {}))
    unit(f"{level}-r2", lid, (10, 0, 20, 8), "room", name("Seminar room 1.2", "Seminarraum 1.2") if level == "a1" else None)
    unit(f"{level}-r3", lid, (20, 0, 30, 8), "room")
    unit(f"{level}-stairs", lid, (30, 0, 35, 8), "stairs")
    unit(f"{level}-elevator", lid, (35, 4, 40, 8), "elevator")
    unit(f"{level}-shaft", lid, (35, 0, 40, 4), "structure")
    r4_extra = {"external_id": "room-A0.04"} if level == "a0" else {}
    unit(f"{level}-r4", lid, (0, 12, 12, 20), "room", name("Lecture hall 1", "Hörsaal 1") if level == "a0" else None, **r4_extra)
    unit(f"{level}-r5", lid, (12, 12, 24, 20), "room")
    if level in ("a0", "a1"):
        unit(f"{level}-escalator", lid, (24, 12, 30, 20), "escalator")
        north_door(f"{level}-d-escalator", lid, 27)
    else:
        unit(f"{level}-restroom", lid, (24, 12, 30, 20), "restroom")
        north_door(f"{level}-d-restroom", lid, 27)
    unit(f"{level}-r6", lid, (30, 12, 40, 20), "room")
    for room, cx in (("r1", 5), ("r2", 15), ("r3", 25), ("stairs", 32.5), ("elevator", 37.5)):
        south_door(f"{level}-d-{room}", lid, cx)
    for room, cx in (("r4", 6), ("r5", 18), ("r6", 35)):
        north_door(f"{level}-d-{room}", lid, cx)

door("a0-d-entrance", "lvl-a0", 0, 9.5, 0, 10.5, door_name=name("Main entrance", "Haupteingang"))
# Ground floor: a ramp up to the library's raised ground floor. First floor: a bridge.
unit("a0-ramp", "lvl-a0", (40, 8, 48, 12), "ramp")
door("a0-d-ramp", "lvl-a0", 40, 9.5, 40, 10.5)
unit("a1-bridge", "lvl-a1", (40, 8, 48, 12), "walkway")
door("a1-d-bridge", "lvl-a1", 40, 9.5, 40, 10.5)

# --- Library: two levels, stairs without a relationship (derived from stacking) ----------------------
for level in ("b0", "b1"):
    lid = "lvl-" + level
    unit(f"{level}-corridor", lid, (48, 8, 68, 12), "walkway")
    unit(f"{level}-reading" if level == "b0" else f"{level}-study", lid, (48, 0, 58, 8), "room")
    unit(f"{level}-stairs", lid, (58, 0, 63, 8), "stairs")
    unit(f"{level}-office", lid, (63, 0, 68, 8), "room",
         name("Library office", "Bibliotheksbüro") if level == "b1" else None)
    unit(f"{level}-restroom", lid, (48, 12, 56, 20), "restroom")
    unit(f"{level}-staff", lid, (56, 12, 68, 20), "room", restriction="employeesonly")
    for room, cx in (("reading" if level == "b0" else "study", 53), ("stairs", 60.5), ("office", 65.5)):
        south_door(f"{level}-d-{room}", lid, cx)
    for room, cx in (("restroom", 52), ("staff", 62)):
        north_door(f"{level}-d-{room}", lid, cx)
door("b0-d-ramp", "lvl-b0", 48, 9.5, 48, 10.5)
door("b1-d-bridge", "lvl-b1", 48, 9.5, 48, 10.5)

# --- Points of interest ---------------------------------------------------------------------------
def amenity(fid, category, x, y, unit_id, amenity_name, **extra):
    props = {"category": category, "name": amenity_name, "alt_name": None, "unit_ids": [unit_id], "hours": None}
    props.update(extra)
    amenities.append(feature(fid, "amenity", point(x, y), **props))


amenity("am-info", "information", 5, 10, "a0-corridor", name("Information desk", "Informationsschalter"))
amenity("am-atm", "atm", 20, 11.5, "a0-corridor", name("Cash machine", "Geldautomat"), external_id="ATM-01")
amenity("am-restroom-a2", "restroom", 27, 16, "a2-restroom", name("Restrooms", "Toiletten"))
amenity("am-restroom-b0", "restroom", 52, 16, "b0-restroom", name("Restrooms", "Toiletten"))
amenity("am-first-aid", "firstaid", 62, 16, "b1-staff", name("First aid", "Erste Hilfe"))


def occupant(fid, category, unit_id, x, y, occupant_name, **extra):
    anchor_id = "anc-" + fid[len("occ-"):]
    anchors.append(feature(anchor_id, "anchor", point(x, y), unit_id=unit_id, address_id=None))
    props = {"category": category, "name": occupant_name, "anchor_id": anchor_id, "hours": None, "phone": None}
    props.update(extra)
    occupants.append(feature(fid, "occupant", None, **props))


occupant("occ-lecture-hall-1", "auditorium", "a0-r4", 6, 16, name("Lecture hall 1", "Hörsaal 1"))
occupant("occ-cafeteria", "foodservice", "a0-r5", 18, 16, name("Cafeteria", "Mensa"))
occupant("occ-lab", "laboratory", "a1-r1", 5, 4, name("Chemistry lab", "Chemielabor"), external_ids=["LAB-1", "lab-chem"])
occupant("occ-deans-office", "administration", "a2-r6", 35, 16, name("Dean's office", "Dekanat"))
occupant("occ-reading-room", "library", "b0-reading", 53, 4, name("Reading room", "Lesesaal"))
occupant("occ-staff-lounge", "staffroom", "b1-staff", 60, 16, name("Staff lounge", "Personalraum"))


# --- Connectors as relationships ------------------------------------------------------------------
def ref(fid, ftype="unit"):
    return {"id": fid, "feature_type": ftype}


def relationship(fid, category, direction, origin, destination, intermediary=None, rel_name=None):
    relationships.append(feature(fid, "relationship", None, category=category, direction=direction, origin=origin,
                                 intermediary=intermediary, destination=destination, hours=None, name=rel_name))


relationship("rel-elevator-main", "elevator", "undirected", ref("a0-elevator"), ref("a2-elevator"), [ref("a1-elevator")],
             name("Elevator", "Aufzug"))
relationship("rel-stairs-main", "stairs", "undirected", ref("a0-stairs"), ref("a2-stairs"), [ref("a1-stairs")],
             name("Main stairs", "Haupttreppe"))
relationship("rel-escalator-up", "escalator", "directed", ref("a0-escalator"), ref("a1-escalator"), None,
             name("Escalator up", "Rolltreppe aufwärts"))
relationship("rel-ramp", "ramp", "undirected", ref("a0-d-ramp", "opening"), ref("b0-d-ramp", "opening"), [ref("a0-ramp")],
             name("Ramp to the library", "Rampe zur Bibliothek"))
relationship("rel-bridge", "traversal", "undirected", ref("a1-d-bridge", "opening"), ref("b1-d-bridge", "opening"),
             [ref("a1-bridge")], name("Bridge to the library", "Brücke zur Bibliothek"))

# --- Venue, buildings, footprints, levels ------------------------------------------------------------
venue = feature("campus", "venue", rect(-10, -10, 78, 30), category="university",
                name=name("Campus sample venue", "Campus-Beispielgelände"), alt_name=None, restriction=None,
                hours=None, phone=None, website=None, display_point=point(0, 0), address_id=None)
buildings = [
    feature(MAIN, "building", None, name=name("Main building", "Hauptgebäude"), alt_name=None, category="unspecified",
            restriction=None, display_point=point(20, 10), address_id=None, external_id="HG"),
    feature(LIBRARY, "building", None, name=name("Library", "Bibliothek"), alt_name=None, category="unspecified",
            restriction=None, display_point=point(58, 10), address_id=None),
]
footprints = [
    feature("fp-main", "footprint", rect(0, 0, 40, 20), category="ground", name=None, building_ids=[MAIN]),
    feature("fp-library", "footprint", rect(48, 0, 68, 20), category="ground", name=None, building_ids=[LIBRARY]),
]
levels = []
for lid, ordinal, level_name, short, building, outline, floor_number in LEVELS:
    props = {"category": "unspecified", "restriction": None, "outdoor": False, "ordinal": ordinal, "name": level_name,
             "short_name": {"en": short, "de": short}, "building_ids": [building], "address_id": None,
             "display_point": point(sum(p[0] for p in outline) / len(outline), 10)}
    if floor_number is not None:
        props["floor_number"] = floor_number
    levels.append(feature(lid, "level", {"type": "Polygon", "coordinates": [ring(outline)]}, **props))

extension = {
    "default_language": "en",
    "direction_modes": [{"name": "stroller", "exclude": ["stairs", "escalator"], "walking_speed_mps": 1.0}],
    "universes": [
        {"id": "public", "name": name("Public", "Öffentlich"),
         "pois": ["am-info", "am-atm", "am-restroom-a2", "am-restroom-b0", "occ-lecture-hall-1", "occ-cafeteria",
                  "occ-reading-room"],
         "spaces": ["a0-corridor", "a0-r4", "a0-r5", "b0-reading"]},
        {"id": "staff", "name": name("Staff", "Personal"),
         "pois": ["am-first-aid", "occ-staff-lounge", "a0-r1"],
         "spaces": ["a0-r1", "b0-staff", "b1-staff"]},
    ],
    "levels": {"lvl-b0": {"elevation_m": 1.2}},
    "external_ids": {"lvl-a0": ["EG"], "occ-cafeteria": ["SAP-4711"]},
    "connectors": {"rel-bridge": {"transition_type": "bridge", "accessible": True},
                   "b0-stairs": {"transition_type": "staircase"}},
}
manifest = {"version": "1.0.0", "created": "2024-01-01T00:00:00Z", "language": "en",
            "generated_by": "IndoorNav Tools/venues/make_campus.py"}


def write_collection(file_name, features):
    with open(os.path.join(OUT, file_name), "w", encoding="utf-8") as f:
        f.write('{"type": "FeatureCollection", "name": "%s", "features": [\n' % file_name[:-len(".geojson")])
        f.write(",\n".join(json.dumps(x, ensure_ascii=False, sort_keys=True) for x in features))
        f.write("\n]}\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2, sort_keys=True)
        f.write("\n")
    with open(os.path.join(OUT, "indoornav.json"), "w", encoding="utf-8") as f:
        json.dump(extension, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    for file_name, features in (("venue.geojson", [venue]), ("building.geojson", buildings),
                                ("footprint.geojson", footprints), ("level.geojson", levels), ("unit.geojson", units),
                                ("opening.geojson", openings), ("anchor.geojson", anchors),
                                ("occupant.geojson", occupants), ("amenity.geojson", amenities),
                                ("relationship.geojson", relationships)):
        write_collection(file_name, features)
    print(f"{len(levels)} levels, {len(units)} units, {len(openings)} openings, {len(amenities)} amenities, "
          f"{len(occupants)} occupants, {len(relationships)} relationships -> {os.path.normpath(OUT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
