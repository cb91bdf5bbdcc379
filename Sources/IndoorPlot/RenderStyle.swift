import Foundation
import IndoorJSON

/// How a level is drawn: base styles and overrides per space category and per space id.
///
/// Loaded from a JSON style file:
/// ```json
/// {"space": {"fill": "#eef"}, "categories": {"walkway": {"fill": "#fff"}}, "spaces": {"<id>": {"fill": "#f00"}},
///  "opening": {"stroke": "#0a0"}, "graph": {"stroke": "#f80"}, "poi": {"fill": "#00f"}}
/// ```
/// Each style object takes `fill`, `stroke`, `stroke_width` (pixels) and `opacity` (0–1). Per-space
/// overrides win over per-category ones, which win over the base `space` style.
public struct RenderStyle: Sendable {
    /// Base style of walkable spaces (style file key `space`).
    public var space = SVGStyle(fill: "#f4f1ea", stroke: "#8a8578", strokeWidthPixels: 1)
    /// Base style of spaces routes do not cross (`nonWalkableSpace`).
    public var nonWalkableSpace = SVGStyle(fill: "#d9d4c7", stroke: "#8a8578", strokeWidthPixels: 1)
    /// The level's outline, drawn under the spaces (`levelOutline`).
    public var levelOutline = SVGStyle(fill: "#fbfaf7", stroke: "#444", strokeWidthPixels: 2)
    /// Doors and other openings, drawn as strokes (`opening`).
    public var opening = SVGStyle(stroke: "#2e8b57", strokeWidthPixels: 3)
    /// Navigation graph edges when drawn (`graph`).
    public var graph = SVGStyle(stroke: "#e07b00", strokeWidthPixels: 0.8, opacity: 0.8)
    /// Connector markers: stairs, elevators, escalators, ramps (`connector`).
    public var connector = SVGStyle(fill: "#7a3db8", stroke: "#ffffff", strokeWidthPixels: 1)
    /// Point-of-interest markers (`poi`).
    public var poi = SVGStyle(fill: "#1f5fbf", stroke: "#ffffff", strokeWidthPixels: 1)
    /// Overrides per IMDF unit category (`categories`), merged over the base space style.
    public var categories: [String: SVGStyle] = [
        "walkway": SVGStyle(fill: "#ffffff"),
        "stairs": SVGStyle(fill: "#e3d7f2"),
        "elevator": SVGStyle(fill: "#e3d7f2"),
        "escalator": SVGStyle(fill: "#e3d7f2"),
        "ramp": SVGStyle(fill: "#e3d7f2"),
        "restroom": SVGStyle(fill: "#dcecf7"),
        "restroom.male": SVGStyle(fill: "#dcecf7"),
        "restroom.female": SVGStyle(fill: "#dcecf7"),
    ]
    /// Overrides per space id (`spaces`), merged last.
    public var spaces: [String: SVGStyle] = [:]

    /// The default style: the colours above, no per-space overrides.
    public init() {}

    /// The style of a space: base, then its category's, then its own.
    public func style(forSpaceID id: String, category: String, walkable: Bool) -> SVGStyle {
        (walkable ? space : nonWalkableSpace).merged(with: categories[category]).merged(with: spaces[id])
    }

    /// An error in a style file, naming the file and the field.
    public struct LoadError: Error, CustomStringConvertible {
        /// The style file.
        public var path: String
        /// The field at fault (`categories.walkway.fill`), empty for a problem with the whole file.
        public var field: String
        /// What is wrong, as a sentence fragment.
        public var problem: String
        /// `path: field: problem` (or `path: problem`).
        public var description: String { field.isEmpty ? "\(path): \(problem)" : "\(path): \(field): \(problem)" }
    }

    /// Reads a style file, applying it over the defaults.
    public static func load(path: String) throws(LoadError) -> RenderStyle {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            throw LoadError(
                path: path, field: "",
                problem: !exists ? "no such file" : isFolder.boolValue ? "a folder, not a style file" : "cannot read the file")
        }
        let root: JSONValue
        do { root = try JSONParser().parse(data).value } catch {
            throw LoadError(path: path, field: "line \(error.position.line)", problem: "malformed JSON: \(error.message)")
        }
        guard let object = root.object else { throw LoadError(path: path, field: "(top level)", problem: "expected an object") }
        var style = RenderStyle()
        func parse(_ value: JSONValue, field: String) throws(LoadError) -> SVGStyle {
            guard let o = value.object else {
                throw LoadError(path: path, field: field, problem: "expected an object, got \(value.typeName)")
            }
            var s = SVGStyle()
            for (key, v) in o {
                switch key {
                case "fill", "stroke":
                    guard let text = v.string else {
                        throw LoadError(path: path, field: "\(field).\(key)", problem: "expected a colour string")
                    }
                    if key == "fill" { s.fill = text } else { s.stroke = text }
                case "stroke_width":
                    guard let w = v.double, w >= 0, w.isFinite else {
                        throw LoadError(path: path, field: "\(field).\(key)", problem: "expected a non-negative number")
                    }
                    s.strokeWidthPixels = w
                case "opacity":
                    guard let o = v.double, (0...1).contains(o) else {
                        throw LoadError(path: path, field: "\(field).\(key)", problem: "expected a number in 0...1")
                    }
                    s.opacity = o
                default: throw LoadError(path: path, field: "\(field).\(key)", problem: "unknown style property")
                }
            }
            return s
        }
        for (key, value) in object {
            switch key {
            case "space": style.space = style.space.merged(with: try parse(value, field: key))
            case "nonwalkable": style.nonWalkableSpace = style.nonWalkableSpace.merged(with: try parse(value, field: key))
            case "outline": style.levelOutline = style.levelOutline.merged(with: try parse(value, field: key))
            case "opening": style.opening = style.opening.merged(with: try parse(value, field: key))
            case "graph": style.graph = style.graph.merged(with: try parse(value, field: key))
            case "connector": style.connector = style.connector.merged(with: try parse(value, field: key))
            case "poi": style.poi = style.poi.merged(with: try parse(value, field: key))
            case "categories", "spaces":
                guard let o = value.object else { throw LoadError(path: path, field: key, problem: "expected an object") }
                for (name, v) in o {
                    let s = try parse(v, field: "\(key).\(name)")
                    if key == "categories" {
                        style.categories[name] = (style.categories[name] ?? SVGStyle()).merged(with: s)
                    } else {
                        style.spaces[name] = s
                    }
                }
            default: throw LoadError(path: path, field: key, problem: "unknown section")
            }
        }
        return style
    }
}
