/// The proxies (load balancers) whose `X-Forwarded-For` and `Forwarded` headers name the client
/// (`indoornav serve --trusted-proxy CIDR`, repeatable), and the rule that picks the client address.
///
/// A connection from a trusted proxy is the client named by the forwarding headers: `Forwarded`'s
/// `for=` values when present, else `X-Forwarded-For`'s comma-separated list (every header line of
/// either in order), read from the right, skipping trusted proxies, up to the first address that is
/// not one; when every address is trusted, the leftmost. A list that does not parse (a value that is
/// not an IPv4 address or a bracketed IPv6 address) names no client: the proxy itself is the client.
/// A connection from any other address is that address, whatever it sends, so a client cannot pick
/// its identity by sending the headers itself. Trusted proxies are also exempt from the
/// per-address connection limit (``HTTPServerConfiguration/perClientConnectionLimit``).
public struct TrustedProxies: Sendable, Hashable {
    /// One IPv4 network: `base` with its `prefixLength` leading bits.
    public struct Network: Sendable, Hashable {
        /// The network address, host bits zero.
        public var base: UInt32
        /// Leading bits that must match, 0–32.
        public var prefixLength: Int

        /// Whether `address` lies in the network.
        public func contains(_ address: UInt32) -> Bool {
            let mask: UInt32 = prefixLength == 0 ? 0 : ~UInt32(0) << UInt32(32 - prefixLength)
            return address & mask == base
        }
    }

    /// The networks, in the order given.
    public let networks: [Network]

    /// None: no proxy is trusted.
    public init() { networks = [] }

    /// Parses `A.B.C.D` or `A.B.C.D/N` entries.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` naming the first bad entry.
    public init(_ entries: [String]) throws(ServiceError) {
        var networks: [Network] = []
        for (k, entry) in entries.enumerated() {
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let address = Self.ipv4(parts[0]) else {
                throw .invalidConfiguration(
                    field: "trustedProxies[\(k)]", reason: "expected A.B.C.D or A.B.C.D/N, got \(ServiceError.quoted(entry))")
            }
            let length = parts.count == 2 ? Int(parts[1]) : 32
            guard let length, (0...32).contains(length), parts.count == 1 || parts[1].allSatisfy(\.isNumber) else {
                throw .invalidConfiguration(
                    field: "trustedProxies[\(k)]", reason: "prefix length must be 0–32, got \(ServiceError.quoted(entry))")
            }
            let network = Network(base: address, prefixLength: length)
            guard network.contains(address), address & ~(length == 0 ? 0 : ~UInt32(0) << UInt32(32 - length)) == 0 else {
                throw .invalidConfiguration(field: "trustedProxies[\(k)]", reason: "host bits set in \(ServiceError.quoted(entry))")
            }
            networks.append(network)
        }
        self.networks = networks
    }

    /// Whether the dotted quad `address` is a trusted proxy.
    public func contains(_ address: some StringProtocol) -> Bool {
        guard !networks.isEmpty, let value = Self.ipv4(address) else { return false }
        return networks.contains { $0.contains(value) }
    }

    /// The client address of a request from `peer` with these forwarding header values (every line of
    /// each, in arrival order).
    public func client(peer: String, forwarded: [String], forwardedFor: [String]) -> String {
        guard contains(peer) else { return peer }
        let hops: [String]?
        if !forwarded.isEmpty {
            hops = Self.forwardedFor(forwarded)
        } else if !forwardedFor.isEmpty {
            hops = forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { Self.trimmed($0) }
        } else {
            return peer
        }
        guard let hops, !hops.isEmpty, hops.allSatisfy({ Self.ipv4($0) != nil || Self.isBracketedIPv6($0) }) else { return peer }
        return hops.last { !contains($0) } ?? hops[0]
    }

    /// The `for=` values of `Forwarded` header lines (quotes and an IPv4 port removed), or nil when an
    /// element has none.
    static func forwardedFor(_ lines: [String]) -> [String]? {
        var hops: [String] = []
        for element in lines.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let pair = element.split(separator: ";").map { trimmed($0) }.first { $0.lowercased().hasPrefix("for=") }
            guard var value = pair.map({ String($0.dropFirst(4)) }) else { return nil }
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if value.hasPrefix("[") {
                if let close = value.firstIndex(of: "]") { value = String(value[...close]) }
            } else if let colon = value.firstIndex(of: ":") {
                value = String(value[..<colon])
            }
            hops.append(value)
        }
        return hops
    }

    /// The IPv4 address `a.b.c.d` as a number, or nil.
    static func ipv4(_ text: some StringProtocol) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isNumber }), let byte = UInt8(octet) else {
                return nil
            }
            value = value << 8 | UInt32(byte)
        }
        return value
    }

    private static func isBracketedIPv6(_ text: String) -> Bool {
        text.count > 2 && text.count <= 47 && text.hasPrefix("[") && text.hasSuffix("]")
            && text.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
