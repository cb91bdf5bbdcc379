// IndoorNav: one import for clients. Re-exports every library module except the HTTP reroute
// service (IndoorRerouteService, which needs libmicrohttpd: depend on it directly).
@_exported import IndoorConfiguration
@_exported import IndoorEstimation
@_exported import IndoorEvaluation
@_exported import IndoorGeometry
@_exported import IndoorJSON
@_exported import IndoorNavigation
@_exported import IndoorPositioning
@_exported import IndoorRecordings
@_exported import IndoorRouting
@_exported import IndoorSimulation
@_exported import IndoorVenue
@_exported import IndoorViewer
