import Testing

@testable import IndoorGeometry

@Suite struct PolygonTests {
    let square = Polygon(
        exterior: [LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 10), LocalPoint(x: 0, y: 10)],
        holes: [[LocalPoint(x: 4, y: 4), LocalPoint(x: 6, y: 4), LocalPoint(x: 6, y: 6), LocalPoint(x: 4, y: 6)]])

    @Test func areaSubtractsHoles() { #expect(abs(square.areaSquareMeters - 96) < 1e-9) }

    @Test func containsRespectsHolesAndBoundary() {
        #expect(square.contains(LocalPoint(x: 1, y: 1)))
        #expect(!square.contains(LocalPoint(x: 5, y: 5)))
        #expect(square.contains(LocalPoint(x: 10, y: 5)))  // on the edge
        #expect(!square.contains(LocalPoint(x: 10.01, y: 5)))
    }

    @Test func centroidOfLShape() {
        // L made of a 2×1 and a 1×1 block: area 3, centroid ((1×1 + 0.5×... ) computed by parts.
        let l = Polygon(exterior: [
            LocalPoint(x: 0, y: 0), LocalPoint(x: 2, y: 0), LocalPoint(x: 2, y: 1),
            LocalPoint(x: 1, y: 1), LocalPoint(x: 1, y: 2), LocalPoint(x: 0, y: 2),
        ])
        // Parts: [0,2]×[0,1] centroid (1, 0.5) area 2; [0,1]×[1,2] centroid (0.5, 1.5) area 1.
        let c = l.centroid
        #expect(abs(c.x - (2 * 1 + 0.5) / 3) < 1e-12)
        #expect(abs(c.y - (2 * 0.5 + 1.5) / 3) < 1e-12)
        #expect(abs(square.centroid.x - 5) < 1e-12 && abs(square.centroid.y - 5) < 1e-12)
    }

    @Test func distanceToBoundaryIncludesHoles() {
        #expect(abs(square.distanceToBoundary(LocalPoint(x: 2, y: 5)) - 2) < 1e-12)
        #expect(abs(square.distanceToBoundary(LocalPoint(x: 3.5, y: 5)) - 0.5) < 1e-12)
    }

    @Test func selfIntersectionDetected() {
        let bowtie = [LocalPoint(x: 0, y: 0), LocalPoint(x: 2, y: 2), LocalPoint(x: 2, y: 0), LocalPoint(x: 0, y: 2)]
        #expect(Polygon.ringSelfIntersects(bowtie))
        #expect(!Polygon.ringSelfIntersects(square.exterior))
    }
}

@Suite struct PolylineAndSegmentTests {
    let line = Polyline([LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 5)])

    @Test func lengthAndProjection() throws {
        #expect(abs(line.length - 15) < 1e-12)
        let p = try #require(line.project(LocalPoint(x: 12, y: 3)))
        #expect(p.point == LocalPoint(x: 10, y: 3))
        #expect(abs(p.distanceMeters - 2) < 1e-12)
        #expect(abs(p.offsetMeters - 13) < 1e-12)
        #expect(p.segmentIndex == 1)
        #expect(line.point(atOffset: 12) == LocalPoint(x: 10, y: 2))
        #expect(line.point(atOffset: 99) == LocalPoint(x: 10, y: 5))
    }

    @Test func segmentIntersection() {
        let a = Segment(LocalPoint(x: 0, y: 0), LocalPoint(x: 4, y: 4))
        let b = Segment(LocalPoint(x: 0, y: 4), LocalPoint(x: 4, y: 0))
        guard case .point(let p, let t, let u) = a.intersection(with: b) else { Issue.record("expected a point"); return }
        #expect(p.distance(to: LocalPoint(x: 2, y: 2)) < 1e-12 && abs(t - 0.5) < 1e-12 && abs(u - 0.5) < 1e-12)
        #expect(a.properlyCrosses(b))
        let c = Segment(LocalPoint(x: 5, y: 5), LocalPoint(x: 6, y: 6))
        #expect(a.intersection(with: c) == .none)
        let d = Segment(LocalPoint(x: 2, y: 2), LocalPoint(x: 6, y: 6))
        #expect(a.intersection(with: d) == .overlap)
        let touching = Segment(LocalPoint(x: 4, y: 4), LocalPoint(x: 8, y: 0))
        #expect(!a.properlyCrosses(touching))
    }

    @Test func anglesNormalise() {
        #expect(abs(Angle.normalized(3 * .pi) - .pi) < 1e-12)
        #expect(abs(Angle.normalized(-3 * .pi / 2) - .pi / 2) < 1e-12)
        #expect(abs(Angle.normalizedPositive(-.pi / 2) - 3 * .pi / 2) < 1e-12)
        #expect(abs(Angle.difference(from: 350 * .pi / 180, to: 10 * .pi / 180) - 20 * .pi / 180) < 1e-12)
        #expect(abs(LocalPoint.zero.bearingRadians(to: LocalPoint(x: 1, y: 0)) - .pi / 2) < 1e-12)
    }
}
