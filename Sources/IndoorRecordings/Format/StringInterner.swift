#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives back the same `String` for the same bytes: the identifiers a recording repeats on thousands of
/// lines (Wi-Fi BSSIDs and SSIDs, beacon UUIDs and MACs, level ids) are made once and then shared, so a
/// sample costs a retain instead of an allocation.
///
/// A direct-mapped cache of ``slotCount`` entries chosen by a hash of the bytes: a miss makes the string
/// and takes the slot, so memory stays bounded however many distinct strings a file has. One per decoder
/// (a reference, so the decoders' field views can share it without copying the table). An uppercasing
/// interner hands out ``Swift/String/uppercasedIfNeeded`` of the text (beacon UUIDs and MACs), made once
/// per distinct text too.
final class StringInterner {
    /// Slots in the cache (a power of two).
    static let slotCount = 1024

    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var text: String
    }

    private var slots: [Entry?] = Array(repeating: nil, count: slotCount)
    /// Whether the strings handed out are upper-cased (``Swift/String/uppercasedIfNeeded``).
    let uppercasing: Bool

    /// An interner; with `uppercasing`, of the upper-case form of each text.
    init(uppercasing: Bool = false) { self.uppercasing = uppercasing }

    /// The string for the UTF-8 (or repaired) `bytes`.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        // Strings of up to 15 bytes are stored inline by `String` itself: nothing to share.
        if bytes.count <= 15 { return make(bytes) }
        let hash = Self.hash(base, bytes.count)
        let index = Int(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(Self.slotCount - 1))
        return slots.withUnsafeMutableBufferPointer { table in
            if let entry = table[index], entry.hash == hash, entry.bytes.count == bytes.count,
                entry.bytes.withUnsafeBufferPointer({ $0.baseAddress.map { memcmp($0, base, bytes.count) == 0 } ?? false })
            {
                return entry.text
            }
            let text = make(bytes)
            table[index] = Entry(hash: hash, bytes: Array(bytes), text: text)
            return text
        }
    }

    /// The text of `bytes` (upper-cased for an uppercasing interner).
    private func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard uppercasing else { return String(decoding: bytes, as: UTF8.self) }
        for byte in bytes where byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) {
            return String(decoding: bytes, as: UTF8.self).uppercasedIfNeeded
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// FNV-1a over 8-byte words, then the tail bytes.
    @inline(__always)
    private static func hash(_ base: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = 0
        while i + 8 <= count {
            hash = (hash ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0x100_0000_01b3
            i += 8
        }
        while i < count {
            hash = (hash ^ UInt64(base[i])) &* 0x100_0000_01b3
            i += 1
        }
        return hash ^ (hash >> 32)
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
