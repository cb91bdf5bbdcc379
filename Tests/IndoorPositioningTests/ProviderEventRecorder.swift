@testable import IndoorPositioning

/// What a provider delivered to a listener, in order: `provider.addListener { recorder.events.append($0) }`.
final class ProviderEventRecorder {
    var events: [ProviderEvent] = []
    /// The locations among the events.
    var locations: [IndoorLocation] {
        events.compactMap { if case .location(let l) = $0 { return l } else { return nil } }
    }
    /// The errors among the events.
    var errors: [ProviderError] {
        events.compactMap { if case .error(let e) = $0 { return e } else { return nil } }
    }
}
