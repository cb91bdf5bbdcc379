/// Converts a recording in any supported format into the canonical format, streaming.
public enum RecordingImporter {
    /// Reads `source` and writes every sample to `sink` in the canonical format, in file order (raw
    /// disorder is kept; the player reorders). Malformed lines are counted and skipped (or, with
    /// `strict`, the first one throws). Returns the read summary.
    ///
    /// The header's `venue` and `beacons` fields are set from `venueId` and `beaconRegistry`.
    public static func convert(
        _ reader: RecordingReader, to sink: any ByteSink, venueId: String? = nil, beaconRegistry: String? = nil
    ) throws(RecordingError) -> ReadSummary {
        var pending: SensorSample?
        while let event = try reader.next() {
            if case .sample(let sample, _) = event { pending = sample; break }
        }
        var header = reader.header
        header.venueId = venueId ?? header.venueId
        header.beaconRegistry = beaconRegistry ?? header.beaconRegistry
        let writer = try RecordingWriter(sink: sink, header: header)
        if let pending { try writer.write(pending) }
        while let event = try reader.next() {
            if case .sample(let sample, _) = event { try writer.write(sample) }
        }
        try writer.finish()
        return reader.summary
    }

    /// Converts the file at `inputPath` (which must be in `format`) into `outputPath`.
    public static func convert(
        inputPath: String, format: RecordingFormat, outputPath: String, venueId: String? = nil,
        beaconRegistry: String? = nil, strict: Bool = false
    ) throws(RecordingError) -> ReadSummary {
        let reader = try RecordingReader(path: inputPath, format: format, strict: strict)
        let sink = try FileByteSink(path: outputPath)
        return try convert(reader, to: sink, venueId: venueId, beaconRegistry: beaconRegistry)
    }
}

extension RecordingHeader {
    /// The header of a recording imported from `file` in `format`: its source names the format and the
    /// file (without its folder).
    init(importing format: RecordingFormat, file: String) {
        self.init(source: ["format": format.rawValue, "file": String(file.split(separator: "/").last ?? Substring(file))])
    }
}
