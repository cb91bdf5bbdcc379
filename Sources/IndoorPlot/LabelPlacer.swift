import IndoorGeometry

/// Places text labels without overlaps: the most important first, each kept only when its box (in
/// picture pixels) is clear of every label already placed and fits the area it names.
public struct LabelPlacer: Sendable {
    /// One label to place.
    public struct Candidate: Sendable {
        /// The text.
        public var text: String
        /// Where it is centred, local frame.
        public var anchor: LocalPoint
        /// Higher is placed first (e.g. the room's area).
        public var priority: Double
        /// Widest the label may be, picture pixels (e.g. the room's width); `nil` = no limit.
        public var maximumWidthPixels: Double?

        /// A candidate.
        public init(text: String, anchor: LocalPoint, priority: Double, maximumWidthPixels: Double? = nil) {
            self.text = text; self.anchor = anchor; self.priority = priority; self.maximumWidthPixels = maximumWidthPixels
        }
    }

    /// Text size, pixels.
    public var sizePixels: Double
    /// Average character width as a fraction of the text size (sans-serif ≈ 0.55).
    public var characterWidthFraction: Double
    /// Clear space kept around each label, pixels.
    public var paddingPixels: Double

    /// A placer.
    public init(sizePixels: Double = 10, characterWidthFraction: Double = 0.56, paddingPixels: Double = 2) {
        self.sizePixels = sizePixels; self.characterWidthFraction = characterWidthFraction; self.paddingPixels = paddingPixels
    }

    /// The estimated box of `text` centred at picture point `(x, y)`.
    public func box(_ text: String, x: Double, y: Double) -> BoundingBox {
        let w = Double(text.count) * sizePixels * characterWidthFraction / 2 + paddingPixels
        let h = sizePixels * 0.6 + paddingPixels
        return BoundingBox(minX: x - w, minY: y - h, maxX: x + w, maxY: y + h)
    }

    /// The candidates kept, in placement order (priority, then text for a stable order), each centred on
    /// its anchor or, where that box would cover one of `keepClear` (markers drawn over the plan), moved
    /// just below or just above it; the anchors returned are where the labels go.
    /// - Complexity: O(n²) box tests, fine for the few hundred labels of a level.
    public func place(_ candidates: [Candidate], in document: SVGDocument, keepClear: [BoundingBox] = []) -> [Candidate] {
        let ordered = candidates.sorted { ($0.priority, $1.text) > ($1.priority, $0.text) }
        // A label moves by its own height plus a line's gap: off the marker, still beside what it names.
        let shiftPixels = sizePixels * 1.2 + 2 * paddingPixels
        var placed: [BoundingBox] = []
        var kept: [Candidate] = []
        for c in ordered where c.anchor.isFinite && !c.text.isEmpty {
            let s = document.svg(c.anchor)
            let centred = box(c.text, x: s.x, y: s.y)
            if let limit = c.maximumWidthPixels, centred.width - 2 * paddingPixels > limit { continue }
            let clearOfMarkers = [0, shiftPixels, -shiftPixels].lazy.map { (dy: $0, box: box(c.text, x: s.x, y: s.y + $0)) }
                .first { option in !keepClear.contains { $0.intersects(option.box) } }
            guard let chosen = clearOfMarkers, !placed.contains(where: { $0.intersects(chosen.box) }) else { continue }
            placed.append(chosen.box)
            var moved = c
            moved.anchor = LocalPoint(x: c.anchor.x, y: c.anchor.y - chosen.dy / document.pixelsPerMeter)
            kept.append(moved)
        }
        return kept
    }
}
