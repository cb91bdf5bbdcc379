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

    /// The candidates kept, in placement order (priority, then text for a stable order).
    /// - Complexity: O(n²) box tests, fine for the few hundred labels of a level.
    public func place(_ candidates: [Candidate], in document: SVGDocument) -> [Candidate] {
        let ordered = candidates.sorted { ($0.priority, $1.text) > ($1.priority, $0.text) }
        var placed: [BoundingBox] = []
        var kept: [Candidate] = []
        for c in ordered where c.anchor.isFinite && !c.text.isEmpty {
            let s = document.svg(c.anchor)
            let b = box(c.text, x: s.x, y: s.y)
            if let limit = c.maximumWidthPixels, b.width - 2 * paddingPixels > limit { continue }
            if placed.contains(where: { $0.intersects(b) }) { continue }
            placed.append(b)
            kept.append(c)
        }
        return kept
    }
}
