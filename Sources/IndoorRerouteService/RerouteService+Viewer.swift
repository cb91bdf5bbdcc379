import IndoorRouting
import IndoorVenue
import IndoorViewer

extension RerouteService {
    /// `GET /?venue=`: the live map viewer of one venue (the first by id when none is named), drawn by
    /// the same ``ViewerPage`` as `indoornav view`.
    func viewerPage(venueID: String?) throws(ServiceError) -> HTTPResponse {
        guard let id = venueID ?? venues.ids.first else { throw .notFound(kind: "venue", id: "(the service has no venue)") }
        guard let served = venues[id] else { throw .notFound(kind: "venue", id: id) }
        var configuration = ViewerConfiguration.standard
        let list = venues.ids.compactMap { id in venues[id].map { (id: id, name: $0.venue.displayName($0.venue.name) ?? id) } }
        configuration.live = ViewerConfiguration.Live(
            venueID: id, venues: list, pollIntervalSeconds: self.configuration.viewerPollIntervalSeconds,
            directionModes: DirectionMode.names(for: served.venue))
        do {
            let html = try ViewerPage.html(venue: served.venue, configuration: configuration)
            return .text(200, html, contentType: "text/html; charset=utf-8")
        } catch {
            throw .unprocessable(field: "venue", reason: error.description)
        }
    }
}
