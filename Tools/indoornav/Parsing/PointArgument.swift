import IndoorCommandLine
import IndoorGeometry

/// Parses `x,y` in metres.
func parsePoint(_ text: String, flag: String) throws(UsageError) -> LocalPoint {
    let parts = text.split(separator: ",")
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
        throw UsageError("\(flag): expected x,y in metres, got '\(text)'")
    }
    return LocalPoint(x: x, y: y)
}
