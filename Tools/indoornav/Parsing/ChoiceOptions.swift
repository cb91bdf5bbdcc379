import IndoorCommandLine
import IndoorNavigation
import IndoorPositioning
import IndoorRerouteService
import IndoorRouting

// The enumerations the tool's choice options are read as (`OptionSpec.choice(_:_:_:…)` over the type):
// parsing has refused any other word, so the property holds a case.
extension Optimization: ChoiceOptionValue {}
extension TransportMode: ChoiceOptionValue {}
extension VehicleEnableOption: ChoiceOptionValue {}
extension DistanceUnits: ChoiceOptionValue {}
extension UnitReachability.Scope: ChoiceOptionValue {}
extension FollowUserMode: ChoiceOptionValue {}
extension TrackFormat: ChoiceOptionValue {}
extension RedisDurability: ChoiceOptionValue {}
