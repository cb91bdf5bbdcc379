import IndoorConfiguration

extension FollowUserConfiguration: TunableConfiguration {
    /// The one table of follow-user's tunables.
    public static let table = TunableTable<Self>(
        name: "follow-user", defaults: Self(),
        [
            Tunable(\.reliableHeadingAccuracyRadians, unit: "rad", range: 0.01...Double.pi, "a heading this accurate turns the map"),
            Tunable(\.maximumHeadingAgeSeconds, unit: "s", range: 0.1...60, "an older heading is no longer reliable"),
            Tunable(\.followZoom, unit: "", range: 1...24, "zoom set when following starts"),
        ])

    /// ``validate()`` as the module's error.
    func checked() throws(NavigationError) {
        do { try validate() } catch { throw NavigationError(error) }
    }
}
