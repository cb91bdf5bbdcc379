import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// Every error status over real HTTP, with the field or position it names.
@Suite struct ErrorStatusTests {
    @Test func malformedJSONNamesThePosition() throws {
        let f = try ServiceFixture()
        let r = try f.client.request("POST", "/venues/golden/routes", body: "{\n  \"from\": \"entrance\",\n  \"to\": ]\n}")
        #expect(r.status == 400)
        let error = try f.json(r)["error"]
        #expect(error?["code"]?.string == "malformedJSON")
        #expect(error?["line"]?.double == 3)
        #expect(error?["column"]?.double == 9)
        #expect(try f.client.request("POST", "/sessions", body: "").status == 400)
    }

    @Test func wrongTypesAndMissingFieldsAre400WithTheField() throws {
        let f = try ServiceFixture()
        let cases: [(String, String, String)] = [
            ("/venues/golden/routes", #"{"from":"entrance"}"#, "to"),
            ("/venues/golden/routes", #"{"from":"entrance","to":"office","speed":"fast"}"#, "speed"),
            ("/venues/golden/routes", #"{"from":"entrance","to":"office","spede":1}"#, "spede"),
            (
                "/sessions", #"{"venue":"golden","destination":"office","location":{"x":"0","y":0,"accuracyMeters":2,"timeSeconds":0}}"#,
                "location.x"
            ),
            ("/sessions", #"[1,2]"#, "body"),
        ]
        for (path, body, field) in cases {
            let r = try f.client.request("POST", path, body: body)
            #expect(r.status == 400, "\(body)")
            #expect(try f.json(r)["error"]?["field"]?.string == field, "\(body)")
        }
    }

    @Test func invalidValuesAre422WithTheReason() throws {
        let f = try ServiceFixture()
        let six = (0..<6).map { _ in #""entrance""# }.joined(separator: ",")
        let cases: [(String, String, String)] = [
            ("/venues/golden/routes", #"{"from":"entrance","to":"office","speed":9}"#, "speed"),
            ("/venues/golden/routes", "{\"from\":\"entrance\",\"to\":\"office\",\"via\":[\(six)]}", "via"),
            ("/venues/golden/routes", #"{"from":"entrance","to":"office","optimize":"quickest"}"#, "optimize"),
            ("/venues/golden/routes", #"{"from":"entrance","to":"office","avoid":["teleporter"]}"#, "avoid"),
            ("/sessions", #"{"venue":"golden","destination":"nowhere"}"#, "destination"),
            ("/sessions", #"{"venue":"golden","destination":"office","options":{"speed":0.1}}"#, "speed"),
            (
                "/sessions",
                #"{"venue":"golden","destination":"office","location":{"x":0,"y":0,"level":"L9","accuracyMeters":2,"timeSeconds":0}}"#,
                "location.level"
            ),
            (
                "/sessions",
                #"{"venue":"golden","destination":"office","location":{"x":0,"y":0,"level":"L0","accuracyMeters":-2,"timeSeconds":0}}"#,
                "location.accuracyMeters"
            ),
        ]
        for (path, body, field) in cases {
            let r = try f.client.request("POST", path, body: body)
            #expect(r.status == 422, "\(body) → \(r.text)")
            #expect(try f.json(r)["error"]?["field"]?.string == field, "\(body) → \(r.text)")
        }
        // A number beyond a double's range is not readable JSON here: 400 with where it is.
        let huge = try f.client.request(
            "POST", "/sessions",
            body: #"{"venue":"golden","destination":"office","location":{"x":1e999,"y":0,"level":"L0","accuracyMeters":2,"timeSeconds":0}}"#
        )
        #expect(huge.status == 400, "\(huge.text)")
        #expect(huge.text.contains("column"), "\(huge.text)")
        let id = try f.createSession()
        let unordered = "[\(ServiceFixture.fix(1, 0, "L0", t: 5)),\(ServiceFixture.fix(2, 0, "L0", t: 4))]"
        let r = try f.client.request("POST", "/sessions/\(id)/locations", body: unordered)
        #expect(r.status == 422)
        #expect(try f.json(r)["error"]?["field"]?.string == "[1].timeSeconds")
        let tooMany = "[" + (0..<101).map { ServiceFixture.fix(0, 0, "L0", t: Double($0)) }.joined(separator: ",") + "]"
        #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: tooMany).status == 422)
    }

    @Test func unknownVenueSessionAndPathAre404AndWrongMethodIs405() throws {
        let f = try ServiceFixture()
        #expect(try f.client.request("POST", "/venues/atlantis/routes", body: #"{"from":"a","to":"b"}"#).status == 404)
        #expect(try f.client.request("POST", "/sessions", body: #"{"venue":"atlantis","destination":"office"}"#).status == 404)
        #expect(try f.client.request("GET", "/sessions/0123").status == 404)
        #expect(try f.client.request("POST", "/sessions/0123/locations", body: ServiceFixture.fix(0, 0, "L0", t: 0)).status == 404)
        #expect(try f.client.request("POST", "/sessions/0123/transition").status == 404)
        #expect(try f.client.request("GET", "/nothing/here").status == 404)
        let wrong = try f.client.request("DELETE", "/health")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "GET, HEAD")
    }

    @Test func oversizedBodyIs413() throws {
        let f = try ServiceFixture { $0.maximumBodyBytes = 2_048 }
        let big = "[" + String(repeating: " ", count: 4_000) + "]"
        let r = try f.client.request("POST", "/sessions", body: big)
        #expect(r.status == 413)
        #expect(try f.json(r)["error"]?["code"]?.string == "payloadTooLarge")
        // The connection limit is per request: the next one is served.
        #expect(try f.client.request("GET", "/health").status == 200)
    }

    @Test func tooManySessionsIs503WithRetryAfter() throws {
        let f = try ServiceFixture {
            $0.maximumSessions = 2; $0.retryAfterSeconds = 7
        }
        _ = try f.createSession()
        _ = try f.createSession()
        let r = try f.client.request("POST", "/sessions", body: #"{"venue":"golden","destination":"office"}"#)
        #expect(r.status == 503)
        #expect(r.headers["retry-after"] == "7")
    }

    @Test func expiredSessionsAreRemoved() throws {
        let f = try ServiceFixture {
            $0.sessionTTLSeconds = 60; $0.maximumSessions = 1
        }
        let id = try f.createSession()
        f.clock.advance(by: 59)
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 200)  // touched at +59 s
        f.clock.advance(by: 59)
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 200)  // 59 s after the last use
        f.clock.advance(by: 61)
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 404)
        // The slot is free again.
        _ = try f.createSession()
        f.clock.advance(by: 61)
        #expect(f.service.removeExpiredSessions() == 1)
        #expect(f.service.store.count == 0)
    }
}
