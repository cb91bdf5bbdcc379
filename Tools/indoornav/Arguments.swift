/// A bad command line: what is wrong, naming the flag or argument.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A minimal argument reader: positional arguments and `--flag value` / `--flag=value` / `--switch`.
///
/// Each command declares the flags it takes; unknown flags, missing values and leftovers are errors.
struct Arguments {
    private var items: [String]
    private var consumed: [Bool]

    init(_ items: [String]) {
        self.items = items
        self.consumed = Array(repeating: false, count: items.count)
    }

    /// Removes and returns the value of `--name VALUE` or `--name=VALUE`; giving a single-value option
    /// twice is an error (use ``options(_:)`` for repeatable ones).
    mutating func option(_ name: String) throws(UsageError) -> String? {
        let values = try options(name)
        guard values.count <= 1 else {
            throw UsageError("\(name) given \(values.count) times ('\(values.joined(separator: "', '"))'); it takes one value")
        }
        return values.first
    }

    /// Removes and returns every value given for a repeatable option.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var i = 0
        while i < items.count {
            defer { i += 1 }
            guard !consumed[i] else { continue }
            let item = items[i]
            if item == name {
                guard i + 1 < items.count, !consumed[i + 1] else { throw UsageError("\(name) needs a value") }
                consumed[i] = true
                consumed[i + 1] = true
                values.append(items[i + 1])
                i += 1
            } else if item.hasPrefix(name + "=") {
                consumed[i] = true
                values.append(String(item.dropFirst(name.count + 1)))
            }
        }
        return values
    }

    /// Removes and returns whether `--name` is present.
    mutating func flag(_ name: String) -> Bool {
        var found = false
        for i in items.indices where !consumed[i] && items[i] == name {
            consumed[i] = true
            found = true
        }
        return found
    }

    /// A required option.
    mutating func required(_ name: String) throws(UsageError) -> String {
        guard let v = try option(name) else { throw UsageError("missing required option \(name)") }
        return v
    }

    /// An option parsed as a number in a range.
    mutating func double(_ name: String, in range: ClosedRange<Double>? = nil) throws(UsageError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard let v = Double(text), v.isFinite else { throw UsageError("\(name): '\(text)' is not a number") }
        if let range, !range.contains(v) {
            throw UsageError("\(name): \(text) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    /// An option parsed as an integer in a range.
    mutating func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(UsageError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let v = Int(text) else { throw UsageError("\(name): '\(text)' is not an integer") }
        if let range, !range.contains(v) {
            throw UsageError("\(name): \(text) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    /// Removes and returns the next positional argument.
    mutating func positional(_ what: String) throws(UsageError) -> String {
        guard let v = nextPositional() else { throw UsageError("missing \(what)") }
        return v
    }

    mutating func nextPositional() -> String? {
        for i in items.indices where !consumed[i] && !items[i].hasPrefix("--") {
            consumed[i] = true
            return items[i]
        }
        return nil
    }

    /// Fails when anything was not consumed.
    func finish() throws(UsageError) {
        let left = items.indices.filter { !consumed[$0] }.map { items[$0] }
        if let first = left.first {
            throw UsageError(first.hasPrefix("--") ? "unknown option \(first)" : "unexpected argument '\(first)'")
        }
    }
}
