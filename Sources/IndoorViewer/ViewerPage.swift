import IndoorConfiguration
import IndoorGeometry
import IndoorJSON
import IndoorPlot
import IndoorVenue

/// One self-contained HTML page showing a venue: an inline SVG per level and plain JavaScript, nothing
/// downloaded. Level switcher, pan and zoom, routes with start, end and connector markers, timed tracks
/// with a time slider and the navigation events; with ``ViewerConfiguration/live`` also a route form and
/// the sessions of a running service. `indoornav view` writes it; the service serves it at `GET /`.
public enum ViewerPage {
    /// The page's HTML.
    /// - Throws: ``ViewerError`` for a bad configuration, a venue without levels or a route not drawable on it.
    /// - Complexity: O(venue features + track samples).
    public static func html(
        venue: Venue, content: ViewerContent = ViewerContent(),
        configuration: ViewerConfiguration = ViewerConfiguration.standard
    ) throws(ViewerError) -> String {
        let config = try configuration.validated()
        guard !venue.levels.isEmpty else { throw .noLevels(venueID: venue.id) }
        for (k, route) in content.routes.enumerated() {
            do { try ViewerRouteCheck.check(route, venue: venue) } catch {
                if case .badRoute(let field, let reason) = error { throw .badRoute(field: "routes[\(k)].\(field)", reason: reason) }
                throw error
            }
        }
        var extent = LevelExtent.bounds(of: venue) ?? BoundingBox(minX: -10, minY: -10, maxX: 10, maxY: 10)
        if let data = content.bounds { extent = extent.union(data) }
        let frame = SVGDocument(bounds: extent, marginMeters: config.marginMeters, maxSizePixels: config.canvasPixels)
        let longSide = max(extent.width, extent.height, 1)
        let ordered = venue.levels.indices.sorted { venue.levels[$0].ordinal > venue.levels[$1].ordinal }
        var groups = ""
        var legends: [[LegendEntry]] = []
        for index in venue.levels.indices {
            var document = SVGDocument(bounds: extent, marginMeters: config.marginMeters, maxSizePixels: config.canvasPixels)
            // Labels are sized for the level shown on its own (the page fits the level when it is chosen).
            let levelSide = LevelExtent.bounds(of: venue, levelIndex: index).map { max($0.width, $0.height) } ?? longSide
            let renderer = LevelRenderer(
                languages: config.languages, labelSizePixels: max(1, config.labelPixels * min(1, levelSide / longSide)))
            renderer.draw(venue, levelIndex: index, into: &document)
            legends.append(document.legend)
            groups += "<g class=\"level\" data-level=\"\(SVGDocument.escape(venue.levels[index].id))\" style=\"display:none\">"
            groups += "<g class=\"base\">\n\(document.elementsText)\n</g><g class=\"route\"></g><g class=\"tracks\"></g>"
            groups += "<g class=\"live\"></g><g class=\"dot\"></g></g>\n"
        }
        let title = config.title ?? venue.displayName(venue.name, preferred: config.languages) ?? venue.id
        let data = pageData(venue: venue, content: content, config: config, frame: frame, title: title, legends: legends)
        let w = SVGDocument.format(frame.widthPixels), h = SVGDocument.format(frame.heightPixels)
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<title>\(SVGDocument.escape(title))</title>\n<style>\(ViewerStyleSheet.css)</style></head>\n"
        html += "<body data-status=\"loading\" data-errors=\"0\">\n<header><h1>\(SVGDocument.escape(title))</h1>"
        html += "<nav id=\"levels\" aria-label=\"Levels\">"
        for index in ordered {
            let level = venue.levels[index]
            let name = venue.displayName(level.name, preferred: config.languages) ?? level.id
            html +=
                "<button type=\"button\" data-level=\"\(SVGDocument.escape(level.id))\" title=\"level \(SVGDocument.escape(level.id))\">\(SVGDocument.escape(name))</button>"
        }
        html += "</nav><span id=\"zoom\"><button type=\"button\" data-zoom=\"in\" title=\"zoom in\">+</button>"
        html +=
            "<button type=\"button\" data-zoom=\"out\" title=\"zoom out\">−</button><button type=\"button\" data-zoom=\"fit\" title=\"show all\">fit</button></span>"
        html += "</header>\n<main><div id=\"map-wrap\"><svg id=\"map\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" "
        html +=
            "preserveAspectRatio=\"xMidYMid meet\"><rect class=\"paper\" width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n\(groups)</svg>"
        html +=
            "<div id=\"tip\" hidden></div><div id=\"north\" title=\"north is up\">N<br>▲</div><div id=\"scale\"><div id=\"scale-bar\"></div><span id=\"scale-text\"></span></div></div>\n"
        html += "<aside>\(ViewerPanels.html(live: config.live))</aside></main>\n"
        html += "<script type=\"application/json\" id=\"viewer-data\">\(scriptSafe(data.serialized()))</script>\n"
        html += "<script>\(ViewerScript.javascript)</script>\n</body></html>\n"
        return html
    }

    /// The JSON the script reads: the frame, levels, routes, tracks, events and the live settings.
    static func pageData(
        venue: Venue, content: ViewerContent, config: ViewerConfiguration, frame: SVGDocument, title: String,
        legends: [[LegendEntry]]
    ) -> JSONValue {
        func n(_ v: Double, _ scale: Double = 1000) -> JSONValue { .finite((v * scale).rounded() / scale) }
        let levels: [JSONValue] = venue.levels.indices.map { index in
            let level = venue.levels[index]
            var o: [String: JSONValue] = [
                "id": .string(level.id), "ordinal": .number(Double(level.ordinal)),
                "name": .string(venue.displayName(level.name, preferred: config.languages) ?? level.id),
            ]
            // The level's own area (in picture units), which the page fits when the level is chosen.
            if let b = LevelExtent.bounds(of: venue, levelIndex: index)?.expanded(by: config.marginMeters) {
                let a = frame.svg(LocalPoint(x: b.minX, y: b.maxY)), c = frame.svg(LocalPoint(x: b.maxX, y: b.minY))
                o["view"] = [n(a.x, 100), n(a.y, 100), n(c.x - a.x, 100), n(c.y - a.y, 100)]
            }
            // What the plan of this level shows (doors, stairs and lifts, POIs), for the legend.
            o["legend"] = .array(
                (index < legends.count ? legends[index] : []).map { e in
                    let symbol: String
                    switch e.symbol {
                    case .line: symbol = "line"
                    case .marker: symbol = "marker"
                    case .area: symbol = "area"
                    }
                    return ["name": .string(e.name), "color": .string(e.color), "symbol": .string(symbol)]
                })
            return .object(o)
        }
        let tracks: [JSONValue] = content.tracks.map { track in
            [
                "name": .string(track.name), "kind": .string(track.kind.rawValue), "color": .string(track.kind.color),
                "points": .array(
                    track.samples.filter { $0.point.isFinite && $0.timeSeconds.isFinite }.map { s in
                        [n(s.timeSeconds), n(s.point.x), n(s.point.y), .optional(s.levelID)]
                    }),
            ]
        }
        let first =
            content.routes.first?["sections"]?.array?.first?["polyline"]?.array?.first?["level"]?.string
            ?? content.tracks.lazy.compactMap { $0.samples.first?.levelID }.first
            ?? (venue.levels.first { $0.ordinal == 0 } ?? venue.levels[0]).id
        var live: JSONValue = .null
        if let l = config.live {
            live = [
                "venue": .string(l.venueID), "pollMilliseconds": .number((l.pollIntervalSeconds * 1000).rounded()),
                "venues": .array(l.venues.map { ["id": .string($0.id), "name": .string($0.name)] }),
            ]
        }
        return [
            "title": .string(title), "venue": .string(venue.id),
            "frame": [
                "minX": n(frame.bounds.minX), "maxY": n(frame.bounds.maxY), "pixelsPerMeter": n(frame.pixelsPerMeter, 1e6),
                "width": n(frame.widthPixels), "height": n(frame.heightPixels),
            ],
            "levels": .array(levels), "initialLevel": .string(first),
            "routes": .array(content.routes), "routeNames": .array(content.routeNames.map(JSONValue.string)), "tracks": .array(tracks),
            "events": .array(
                content.events.filter { $0.timeSeconds.isFinite }.map {
                    ["t": n($0.timeSeconds), "text": .string($0.text), "kind": .string($0.kind.rawValue)]
                }),
            "live": live,
        ]
    }

    /// JSON inside a `<script>` element: `</` cannot end the element early.
    static func scriptSafe(_ json: String) -> String { json.replacingOccurrences(of: "</", with: "<\\/") }
}
