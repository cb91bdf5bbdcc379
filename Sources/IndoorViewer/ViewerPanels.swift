import IndoorPlot

/// The side panels of a viewer page: legend, time slider with events, and (live) venues, the route form
/// and the session list.
enum ViewerPanels {
    /// Connector kinds offered as avoidances in the route form.
    static let avoidable = ["elevator", "stairs", "escalator", "ramp"]

    static func html(live: ViewerConfiguration.Live?) -> String {
        var html = "<section id=\"legend\"><h2>Legend</h2><ul id=\"legend-base\"></ul><ul id=\"legend-items\"></ul></section>"
        html +=
            "<section id=\"time\" hidden><h2>Time</h2><input type=\"range\" id=\"slider\" min=\"0\" max=\"1\" step=\"0.1\" value=\"0\" aria-label=\"time\">"
        html += "<output id=\"time-text\"></output><div id=\"dot-info\"></div><ol id=\"events\"></ol></section>"
        if let live {
            html += "<section id=\"venue-panel\"><h2>Venue</h2><select id=\"venue-select\" aria-label=\"venue\">"
            for v in live.venues {
                let selected = v.id == live.venueID ? " selected" : ""
                html += "<option value=\"\(SVGDocument.escape(v.id))\"\(selected)>\(SVGDocument.escape(v.name))</option>"
            }
            html += "</select></section>"
            html += "<section id=\"plan\"><h2>Route</h2><form id=\"route-form\">"
            html +=
                "<label>From <input id=\"from\" name=\"from\" list=\"places\" placeholder=\"click the map or type an id\" required></label>"
            html += "<label>To <input id=\"to\" name=\"to\" list=\"places\" placeholder=\"click the map or type an id\" required></label>"
            html += "<datalist id=\"places\"></datalist>"
            html += "<label>Mode <select id=\"mode\">"
            for mode in live.directionModes {
                let name = SVGDocument.escape(mode)
                html += "<option value=\"\(name)\">\(name)</option>"
            }
            html += "</select></label>"
            html += "<fieldset><legend>Avoid</legend>"
            for kind in avoidable {
                html += "<label class=\"check\"><input type=\"checkbox\" name=\"avoid\" value=\"\(kind)\"> \(kind)</label>"
            }
            html += "</fieldset><button type=\"submit\">Plan route</button><p class=\"hint\">Clicks on the map fill From, then To.</p>"
            html += "</form><div id=\"route-status\"></div></section>"
            html += "<section id=\"sessions-panel\"><h2>Live sessions</h2><ul id=\"sessions\"></ul><p id=\"poll-status\"></p></section>"
        }
        html += "<pre id=\"errors\" hidden></pre>"
        return html
    }
}
