import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// The findings where docs/openapi.yaml and the server disagreed (schemathesis ST201/ST202): the
/// fixture's client checks every answer against the document, and each status here is the one the
/// document now gives for the request.
@Suite struct OpenAPIAgreementTests {
    /// `{"from":…,"to":…}` was refused by the document (an `allOf` with a closed `RouteOptions`) and
    /// answered 200 by the server; the document now takes it (the fixture's client checks the answer).
    @Test func aPlainRouteRequestIsValidAndAnswered() throws {
        let f = try ServiceFixture()
        let r = try f.client.request("POST", "/venues/golden/routes", body: #"{"from":"entrance","to":"office","speed":1.2}"#)
        #expect(r.status == 200, "\(r.text)")
        let unknown = try f.client.request("POST", "/venues/golden/routes", body: #"{"from":"entrance","to":"office","colour":1}"#)
        #expect(unknown.status == 400)
    }

    /// A session id over `maxLength: 128` answered 204 on `DELETE` (and 404 elsewhere): now 400 on every
    /// session operation; 128 characters are still an ordinary (unknown) id.
    @Test func longSessionIDsAre400() throws {
        let f = try ServiceFixture()
        let long = String(repeating: "a", count: 129)
        for (method, path, body) in [
            ("DELETE", "/sessions/\(long)", nil), ("GET", "/sessions/\(long)", nil),
            ("POST", "/sessions/\(long)/locations", ServiceFixture.fix(1, 0, "L0", t: 1)), ("POST", "/sessions/\(long)/transition", nil),
        ] {
            let r = try f.client.request(method, path, body: body)
            #expect(r.status == 400, "\(method) \(path)")
            #expect(try f.json(r)["error"]?["field"]?.string == "sessionId")
        }
        #expect(try f.client.request("DELETE", "/sessions/" + String(repeating: "a", count: 128)).status == 204)
        #expect(try f.client.request("GET", "/sessions/" + String(repeating: "a", count: 128)).status == 404)
    }

    /// `null` for an optional member is read as absent, as the document now says (`durationSeconds: null`:
    /// until deleted).
    @Test func nullOptionalMembersAreAbsent() throws {
        let f = try ServiceFixture()
        let r = try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift","durationSeconds":null,"reason":null}"#)
        #expect(r.status == 201)
        #expect(try f.json(r)["endsInSeconds"] == .null)
    }

    /// The statuses the document now states for inputs its schema used to allow.
    @Test func documentedRefusals() throws {
        let f = try ServiceFixture()
        let both = #"{"x":1,"y":0,"latitude":1,"longitude":2,"level":"L0","accuracyMeters":2,"timeSeconds":1}"#
        let id = try f.createSession()
        #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: both).status == 400)
        #expect(try f.client.request("POST", "/sessions", body: #"{"deepLink":""}"#).status == 400)
        let unknownPlace = #"{"deepLink":"indoornav://navigate?placeId=nowhere&sectionId=L0&poiId=office"}"#
        #expect(try f.client.request("POST", "/sessions", body: unknownPlace).status == 404)
        let tooSlow = #"{"from":"entrance","to":"office","speed":0}"#
        #expect(try f.client.request("POST", "/venues/golden/routes", body: tooSlow).status == 422)
        let passAndStop = #"{"from":"entrance","to":"office","via":[{"place":"lobby","stop":5,"pass":true}]}"#
        let refused = try f.client.request("POST", "/venues/golden/routes", body: passAndStop)
        #expect(refused.status == 422 && refused.text.contains("pass"), "\(refused.text)")
        #expect(try f.client.request("GET", "/venues/golden/pois", headers: [:]).status == 200)
        #expect(try f.client.request("GET", "/venues/golden/pois?universe=nowhere").status == 422)
    }
}
