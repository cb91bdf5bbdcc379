import Testing

@testable import IndoorVenue

@Suite struct ILCFloorNameTests {
    @Test func namesFollowingTheRule() {
        #expect(ILCFloorName.parse("F1")?.ordinal == 0)
        #expect(ILCFloorName.parse("F1")?.floorNumber == 1)
        #expect(ILCFloorName.parse("F4")?.ordinal == 3)
        #expect(ILCFloorName.parse("B1")?.ordinal == -1)
        #expect(ILCFloorName.parse("B1")?.floorNumber == -1)
        #expect(ILCFloorName.parse("b2")?.ordinal == -2)
        #expect(ILCFloorName.parse("3F")?.ordinal == 2)
        #expect(ILCFloorName.parse("2B")?.ordinal == -2)
        #expect(ILCFloorName.parse("F12")?.ordinal == 11)
    }

    @Test func unknownNames() {
        for name in ["L3", "P2", "G", "F0", "B0", "F", "FF", "F-1", "F1.5", "", "F 1", "F١", "F99999"] {
            #expect(ILCFloorName.parse(name) == nil, "\(name)")
        }
    }

    @Test func unknownNamesGoAboveKnownOnesInNameOrder() {
        let assigned = ILCFloorName.assign(["P2", "F2", "B1", "L3", "F1"])
        #expect(assigned.map(\.ordinal) == [3, 1, -1, 2, 0])
        #expect(assigned.map(\.isKnown) == [false, true, true, false, true])
        #expect(assigned[0].floorNumber == nil)
    }

    @Test func secondFolderNamingTheSameOrdinalIsUnknown() {
        // "1F" sorts before "F1" (digits before letters), so it keeps ordinal 0.
        let assigned = ILCFloorName.assign(["F1", "1F"])
        #expect(assigned[1] == ILCFloorName.Assignment(name: "1F", ordinal: 0, floorNumber: 1, isKnown: true))
        #expect(assigned[0] == ILCFloorName.Assignment(name: "F1", ordinal: 1, floorNumber: nil, isKnown: false))
    }

    @Test func unknownNamesAreOrderedByTheirNumbers() {
        // A site whose floors are signed L1 … L10: byte order would put L10 right after L1.
        let names = ["L10", "L2", "L1", "L9", "L3"]
        #expect(ILCFloorName.assign(names).map(\.ordinal) == [4, 1, 0, 3, 2])
        // Letters before numbers decide first; a name with no digits after one with them at the same place.
        #expect(ILCFloorName.naturallyPrecedes("L10", "M1"))
        #expect(ILCFloorName.naturallyPrecedes("LG2", "LG10"))
        #expect(!ILCFloorName.naturallyPrecedes("L2", "L2"))
        #expect(ILCFloorName.naturallyPrecedes("L2", "L2A"))
        // Digit runs longer than an Int compare as the largest number, not as a crash.
        #expect(ILCFloorName.naturallyPrecedes("L3", "L99999999999999999999999"))
    }

    @Test func onlyUnknownNamesStartAtZero() {
        #expect(ILCFloorName.assign(["Roof", "Mezz"]).map(\.ordinal) == [1, 0])
    }
}
