// The stored form of a location: explicit coding keys, so renaming a Swift property cannot silently
// change what clients have saved. `IndoorPositioningTests/LocationCodableTests` pins these keys.

extension IndoorLocation {
    /// Keys of a stored ``IndoorLocation``: `point` is `{x, y}` in metres of the venue's local frame,
    /// `coordinate` `{latitudeDegrees, longitudeDegrees}`, `covariance` `{xx, xy, yy}` in m².
    enum CodingKeys: String, CodingKey {
        case point, coordinate, levelID, floorNumber, levelProbability, covariance, headingRadians
        case headingAccuracyRadians, timeSeconds, source
    }
}

extension Covariance2D {
    /// Keys of a stored ``Covariance2D`` (m²).
    enum CodingKeys: String, CodingKey {
        case xx, xy, yy
    }
}
