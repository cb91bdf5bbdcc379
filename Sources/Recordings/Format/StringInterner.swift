/// Gives back the same `String` for the same bytes: the identifiers a recording repeats on thousands of
/// lines (Wi-Fi BSSIDs and SSIDs, beacon UUIDs and MACs, level ids) are made once and then shared, so a
/// sample costs a retain instead of an allocation.
///
/// A direct-mapped cache of ``slotCount`` entries chosen by a hash of the bytes: a miss makes the string
/// and takes the slot, so memory stays bounded however many distinct strings a file has. One per decoder
/// (a reference, so the decoders' field views can share it without copying the table).
final class StringInterner {
    /// Slots in the cache (a power of two).
    static let slotCount = 1024

    private var slots: [(hash: UInt64, bytes: [UInt8], text: String)?] = Array(repeating: nil, count: slotCount)

    /// The string for the UTF-8 (or repaired) `bytes`.
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.isEmpty { return "" }
        // Strings of up to 15 bytes are stored inline by `String` itself: nothing to share.
        if bytes.count <= 15 { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let index = Int(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(Self.slotCount - 1))
        return slots.withUnsafeMutableBufferPointer { table in
            if let entry = table[index], entry.hash == hash, entry.bytes.elementsEqual(bytes) { return entry.text }
            let text = String(decoding: bytes, as: UTF8.self)
            table[index] = (hash, Array(bytes), text)
            return text
        }
    }
}

extension String {
    /// `uppercased()`, without making a new string when there is nothing to change (ASCII with no
    /// lower-case letter, the usual form of UUIDs and MAC addresses).
    var uppercasedIfNeeded: String {
        var needsChange = false
        for byte in utf8 where byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) {
            needsChange = true
            break
        }
        return needsChange ? uppercased() : self
    }
}
