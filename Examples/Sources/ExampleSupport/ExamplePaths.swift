import Foundation

/// Where the examples find the repository's bundled venue and recordings, and how they fail.
public enum ExamplePaths {
    /// The repository root: `INDOORNAV_ROOT` when set, else two folders above this package's sources.
    public static var repositoryRoot: String {
        if let root = ProcessInfo.processInfo.environment["INDOORNAV_ROOT"], !root.isEmpty { return root }
        // …/Examples/Sources/ExampleSupport/ExamplePaths.swift → …
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }

    /// A path under the repository root.
    public static func bundled(_ relative: String) -> String {
        (repositoryRoot as NSString).appendingPathComponent(relative)
    }

    /// The first command-line argument, else `fallback`.
    public static func argument(_ index: Int, default fallback: String) -> String {
        let arguments = CommandLine.arguments
        return arguments.count > index ? arguments[index] : fallback
    }
}

/// What an example found wrong; printed, and the example exits with status 1.
public struct ExampleFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// A failure with a message.
    public init(_ description: String) { self.description = description }
}

/// Runs an example's body: prints the failure and exits with 1 when it throws.
public func runExample(_ name: String, _ body: () throws -> Void) -> Never {
    do {
        try body()
        print("\(name): ok")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        exit(1)
    }
}
