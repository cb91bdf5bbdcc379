import IndoorVenue

/// A route or section notice with the HERE codes.
public struct RouteNotice: Hashable, Sendable, Codable {
    /// CRITICAL notices come with no route; INFO ones with a route that bent a rule.
    public enum Severity: String, Hashable, Sendable { case critical = "CRITICAL", info = "INFO" }

    /// The notice codes (HERE Routing API names where HERE has one).
    public enum Code: String, Hashable, Sendable, Codable, CaseIterable {
        /// No route connects the places (critical), or none passes a requested waypoint.
        case noRouteFound, noRouteFoundWithWaypoint
        /// The origin, destination or a waypoint matches no place the router can reach (critical).
        case couldNotMatchOrigin, couldNotMatchDestination, couldNotMatchWaypoint
        /// A vehicle leg's rule at its start, at its end or along all of it could not be kept.
        case violatedRouteHeadCondition, violatedRouteTailCondition, violatedEntireRouteCondition
        /// Vehicle options (enable, speed, avoided vehicle connectors) ignored for the request's transport mode.
        case ignoredVehicleEnable, ignoredVehicleSpeed, ignoredVehicleAvoidFeatures
        /// Part of the route uses edges its transport mode may not.
        case violatedTransportMode
        /// The route uses a connector kind the request asked to avoid: no way around it exists.
        case violatedAvoidStairs, violatedAvoidElevator, violatedAvoidRamp, violatedAvoidEscalator
        /// As above, for pedestrian ramps, car lifts, drive ramps and elevator banks.
        case violatedAvoidPedestrianRamp, violatedAvoidCarLift, violatedAvoidDriveRamp, violatedAvoidElevatorBank
        /// The route uses a connector the request asked to avoid: no way around it exists.
        case violatedAvoidConnector
        /// The preferred transition type could not cover every level/section change.
        case ignoredPreferredTransitionType
        /// No way avoids the spaces the requested universe hides; the route passes through them.
        case violatedUniverse
        /// The route passes through a closed edge, opening, connector or space: there is no other way.
        case violatedClosure

        /// CRITICAL for the codes that come with no route, INFO for the others.
        public var severity: Severity {
            switch self {
            case .noRouteFound, .noRouteFoundWithWaypoint, .couldNotMatchOrigin, .couldNotMatchDestination, .couldNotMatchWaypoint:
                .critical
            default: .info
            }
        }

        /// A one-line English description of the code.
        public var title: String {
            switch self {
            case .noRouteFound: "No route found between origin and destination"
            case .noRouteFoundWithWaypoint: "No route available between given origin and destination with given waypoint"
            case .couldNotMatchOrigin: "Origin waypoint could not be matched"
            case .couldNotMatchDestination: "Destination waypoint could not be matched"
            case .couldNotMatchWaypoint: "Waypoint could not be matched. Nearest routing node not found"
            case .violatedRouteHeadCondition: "Cannot provide route with the given vehicle routeHead condition"
            case .violatedRouteTailCondition: "Cannot provide route with the given vehicle routeTail condition"
            case .violatedEntireRouteCondition: "Cannot provide route with the given vehicle entireRoute condition"
            case .ignoredVehicleEnable: "Vehicle enable option is ignored for the given transport mode"
            case .ignoredVehicleSpeed: "Vehicle speed is ignored for the given transport mode"
            case .ignoredVehicleAvoidFeatures: "Vehicle connectors in the avoid features are ignored for the given transport mode"
            case .violatedTransportMode: "Cannot provide route with the selected transport mode"
            case .violatedAvoidStairs: "Route violates avoid constraint for stairs"
            case .violatedAvoidElevator: "Route violates avoid constraint for elevator"
            case .violatedAvoidRamp: "Route violates avoid constraint for ramp"
            case .violatedAvoidEscalator: "Route violates avoid constraint for escalator"
            case .violatedAvoidPedestrianRamp: "Route violates avoid constraint for pedestrian ramp"
            case .violatedAvoidCarLift: "Route violates avoid constraint for car lift"
            case .violatedAvoidDriveRamp: "Route violates avoid constraint for drive ramp"
            case .violatedAvoidElevatorBank: "Route violates avoid constraint for elevator bank"
            case .violatedAvoidConnector: "Route violates avoid constraint for connector"
            case .ignoredPreferredTransitionType: "Preferred transition type cannot cover every level change; unrestricted route used"
            case .violatedUniverse: "Route passes through areas hidden in the requested universe; no other way exists"
            case .violatedClosure: "Route passes through a closed part of the venue; no other way exists"
            }
        }
    }

    /// What happened.
    public var code: Code
    /// The specifics (an id, a distance), when there are any.
    public var details: String?
    /// CRITICAL or INFO, from the code.
    public var severity: Severity { code.severity }
    /// The code's one-line description.
    public var title: String { code.title }

    /// A notice with `code` and optional `details`.
    public init(_ code: Code, details: String? = nil) { self.code = code; self.details = details }
}

extension RouteNotice.Code {
    /// The section-level notice for using an avoided connector kind.
    public static func violatedAvoid(_ kind: ConnectorKind) -> RouteNotice.Code {
        switch kind {
        case .stairs: .violatedAvoidStairs
        case .elevator: .violatedAvoidElevator
        case .ramp: .violatedAvoidRamp
        case .escalator: .violatedAvoidEscalator
        case .pedestrianRamp: .violatedAvoidPedestrianRamp
        case .carLift: .violatedAvoidCarLift
        case .driveRamp: .violatedAvoidDriveRamp
        case .elevatorBank: .violatedAvoidElevatorBank
        case .connector: .violatedAvoidConnector
        }
    }
}
