import Foundation
import XCTest

/// driverInfo PUT and GET (`openapi/iql.yaml` putDriverInfo, getDriverInfo).
final class DriverInfoTests: XCTestCase {
    private static let path = "/iql/v1/driver/d1/info"

    // MARK: - PUT success and GET record

    func testPutCreatesDriverAndGetReturnsTheRecordWithNulls() async throws {
        try await TestPlatform.run { platform in
            let put = try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ", "zipcode": "85004"])
            XCTAssertEqual(put.status, .ok)
            XCTAssertEqual(try put.json()["success"] as? String, "true")

            let get = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(get.status, .ok)
            XCTAssertEqual(get.headers[.contentType], "application/json; charset=utf-8")
            let record = try get.json()
            XCTAssertEqual(record["driver_id"] as? String, "d1")
            XCTAssertEqual(record["state"] as? String, "AZ")
            XCTAssertEqual(record["zipcode"] as? String, "85004")
            XCTAssertTrue(record["insurer"] is NSNull, "never-set values are null, got \(get.text)")
            XCTAssertTrue((record["segment"] as? [String: Any])?["acq_source"] is NSNull)
        }
    }

    func testPutAnswersExactlySuccessTrueAsJSON() async throws {
        try await TestPlatform.run { platform in
            let put = try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ", "zipcode": "85004"])
            XCTAssertEqual(put.status, .ok)
            XCTAssertEqual(put.headers[.contentType], "application/json; charset=utf-8")
            let body = try put.json()
            XCTAssertEqual(body.count, 1, put.text)
            XCTAssertEqual(body["success"] as? String, "true", "success is the string \"true\": \(put.text)")
        }
    }

    func testGetReturnsEveryFieldOfAFullRecord() async throws {
        try await TestPlatform.run { platform in
            let body: [String: Any] = [
                "country": "USA", "state": "AZ", "zipcode": "85004", "insurer": "Progressive",
                "segment": ["acq_source": "fetch_abc"],
            ]
            try await platform.iql(.put, Self.path, json: body)
            let get = try await platform.iql(.get, Self.path)
            XCTAssertEqual(get.status, .ok)
            let record = try get.json()
            XCTAssertEqual(Set(record.keys), ["driver_id", "country", "state", "zipcode", "insurer", "segment"], get.text)
            XCTAssertEqual(record["driver_id"] as? String, "d1")
            XCTAssertEqual(record["country"] as? String, "USA")
            XCTAssertEqual(record["state"] as? String, "AZ")
            XCTAssertEqual(record["zipcode"] as? String, "85004")
            XCTAssertEqual(record["insurer"] as? String, "Progressive")
            XCTAssertEqual(record["segment"] as? [String: String], ["acq_source": "fetch_abc"])
        }
    }

    func testGetOfAMinimalRecordHasEveryKeyWithNulls() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ"])
            let get = try await platform.iql(.get, Self.path)
            let record = try get.json()
            XCTAssertEqual(Set(record.keys), ["driver_id", "country", "state", "zipcode", "insurer", "segment"], get.text)
            XCTAssertTrue(record["zipcode"] is NSNull, get.text)
            XCTAssertTrue(record["insurer"] is NSNull, get.text)
            let segment = try XCTUnwrap(record["segment"] as? [String: Any], "segment is always an object: \(get.text)")
            XCTAssertEqual(Array(segment.keys), ["acq_source"])
            XCTAssertTrue(segment["acq_source"] is NSNull)
        }
    }

    func testCountryAndStateAreAcceptedInAnyCaseAndStoredUppercase() async throws {
        try await TestPlatform.run { platform in
            let put = try await platform.iql(.put, Self.path, json: ["country": "uSa", "state": "az", "zipcode": "85004"])
            XCTAssertEqual(put.status, .ok, put.text)
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertEqual(record["country"] as? String, "USA")
            XCTAssertEqual(record["state"] as? String, "AZ")
        }
    }

    func testDistrictOfColumbiaIsAValidState() async throws {
        try await TestPlatform.run { platform in
            let put = try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "dc", "zipcode": "20001"])
            XCTAssertEqual(put.status, .ok, put.text)
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertEqual(record["state"] as? String, "DC")
        }
    }

    func testUnknownFieldsAreIgnored() async throws {
        try await TestPlatform.run { platform in
            let put = try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "AZ", "favourite_colour": "blue", "segment": ["acq_source": "x", "campaign": 7],
            ])
            XCTAssertEqual(put.status, .ok, put.text)
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertNil(record["favourite_colour"])
            XCTAssertEqual(record["segment"] as? [String: String], ["acq_source": "x"])
        }
    }

    func testGetOfAnUnknownDriverIs404InvalidDriverID() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/nobody/info"), .notFound, "invalid driver id")
        }
    }

    // MARK: - Upsert: absent keeps, null clears

    func testAbsentOptionalFieldsAreKeptOnASecondPut() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "AZ", "zipcode": "85004", "insurer": "Progressive", "segment": ["acq_source": "fetch_abc"],
            ])
            let second = try await platform.iql(.put, Self.path, json: ["country": "usa", "state": "az"])
            XCTAssertEqual(second.status, .ok, second.text)
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertEqual(record["zipcode"] as? String, "85004")
            XCTAssertEqual(record["insurer"] as? String, "Progressive")
            XCTAssertEqual(record["segment"] as? [String: String], ["acq_source": "fetch_abc"])
        }
    }

    func testNullClearsZipcodeAndInsurerButKeepsTheAbsentSegment() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "AZ", "zipcode": "85004", "insurer": "Progressive", "segment": ["acq_source": "fetch_abc"],
            ])
            let second = try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "AZ", "zipcode": NSNull(), "insurer": NSNull(),
            ])
            XCTAssertEqual(second.status, .ok, second.text)
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertTrue(record["zipcode"] is NSNull, "null clears zipcode")
            XCTAssertTrue(record["insurer"] is NSNull, "null clears insurer")
            XCTAssertEqual(record["segment"] as? [String: String], ["acq_source": "fetch_abc"], "absent segment is kept")
        }
    }

    func testSegmentNullClearsTheAcquisitionSource() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "AZ", "insurer": "Progressive", "segment": ["acq_source": "fetch_abc"],
            ])
            let second = try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ", "segment": NSNull()])
            XCTAssertEqual(second.status, .ok, second.text)
            let record = try await platform.iql(.get, Self.path).json()
            let segment = try XCTUnwrap(record["segment"] as? [String: Any], "segment stays an object: \(record)")
            XCTAssertTrue(segment["acq_source"] is NSNull)
            XCTAssertEqual(record["insurer"] as? String, "Progressive", "absent insurer is kept")
        }
    }

    func testAcqSourceNullClearsItWhileAnEmptySegmentKeepsIt() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ", "segment": ["acq_source": "fetch_abc"]])

            try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ", "segment": [String: Any]()])
            var segment = try await platform.iql(.get, Self.path).json()["segment"] as? [String: Any]
            XCTAssertEqual(segment?["acq_source"] as? String, "fetch_abc", "segment without acq_source keeps it")

            try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ", "segment": ["acq_source": NSNull()]])
            segment = try await platform.iql(.get, Self.path).json()["segment"] as? [String: Any]
            XCTAssertTrue(segment?["acq_source"] is NSNull, "acq_source null clears it")
        }
    }

    func testNewValuesReplaceStoredOnes() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "AZ", "zipcode": "85004", "insurer": "Progressive", "segment": ["acq_source": "a"],
            ])
            let second = try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "NY", "zipcode": "10118", "insurer": "GEICO", "segment": ["acq_source": "b"],
            ])
            XCTAssertEqual(second.status, .ok, second.text)
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertEqual(record["state"] as? String, "NY")
            XCTAssertEqual(record["zipcode"] as? String, "10118")
            XCTAssertEqual(record["insurer"] as? String, "GEICO")
            XCTAssertEqual(record["segment"] as? [String: String], ["acq_source": "b"])
        }
    }

    func testARefusedPutLeavesAnExistingRecordUnchanged() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.put, Self.path, json: ["country": "USA", "state": "AZ", "zipcode": "85004", "insurer": "Progressive"])
            let refused = try await platform.iql(.put, Self.path, json: [
                "country": "USA", "state": "NY", "zipcode": "85004", "insurer": NSNull(),
            ])
            assertIQLError(refused, .badRequest, "zipcode 85004 belongs to AZ, not NY")
            let record = try await platform.iql(.get, Self.path).json()
            XCTAssertEqual(record["state"] as? String, "AZ")
            XCTAssertEqual(record["zipcode"] as? String, "85004")
            XCTAssertEqual(record["insurer"] as? String, "Progressive")
        }
    }

    func testZipcodeOfAnotherStateNamesBothStates() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ", "zipcode": "10118"])
            XCTAssertEqual(reply.status, .badRequest)
            XCTAssertEqual(reply.iqlError, "zipcode 10118 belongs to NY, not AZ")
            let get = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(get.status, .notFound, "a refused PUT stores nothing")
        }
    }

    // MARK: - Field rules, one message each

    /// Sends `body` for a driver that does not exist yet and expects 400 `message`, with
    /// nothing stored.
    private static func assertRejected(
        _ platform: TestPlatform, _ body: [String: Any], _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let path = "/iql/v1/driver/\(UUID().uuidString)/info"
        let reply = try await platform.iql(.put, path, json: body)
        assertIQLError(reply, .badRequest, message, file: file, line: line)
        let get = try await platform.iql(.get, path)
        XCTAssertEqual(get.status, .notFound, "a refused PUT creates no driver", file: file, line: line)
    }

    func testCountryRules() async throws {
        try await TestPlatform.run { platform in
            try await Self.assertRejected(platform, ["state": "AZ"], "country is required")
            try await Self.assertRejected(platform, ["country": NSNull(), "state": "AZ"], "country is required")
            try await Self.assertRejected(platform, ["country": 1, "state": "AZ"], "country must be a string")
            try await Self.assertRejected(platform, ["country": ["USA"], "state": "AZ"], "country must be a string")
            try await Self.assertRejected(platform, ["country": "Canada", "state": "AZ"], "country must be USA")
            try await Self.assertRejected(platform, ["country": "US", "state": "AZ"], "country must be USA")
            try await Self.assertRejected(platform, ["country": "", "state": "AZ"], "country must be USA")
        }
    }

    func testStateRules() async throws {
        try await TestPlatform.run { platform in
            try await Self.assertRejected(platform, ["country": "USA"], "state is required")
            try await Self.assertRejected(platform, ["country": "USA", "state": NSNull()], "state is required")
            try await Self.assertRejected(platform, ["country": "USA", "state": 4], "state must be a string")
            try await Self.assertRejected(platform, ["country": "USA", "state": "Arizona"], "state must be a 2-letter US state or DC code")
            try await Self.assertRejected(platform, ["country": "USA", "state": "ZZ"], "state must be a 2-letter US state or DC code")
            try await Self.assertRejected(platform, ["country": "USA", "state": "PR"], "state must be a 2-letter US state or DC code")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AE"], "state must be a 2-letter US state or DC code")
            try await Self.assertRejected(platform, ["country": "USA", "state": ""], "state must be a 2-letter US state or DC code")
        }
    }

    func testZipcodeRules() async throws {
        try await TestPlatform.run { platform in
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": 85004], "zipcode must be a string")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "8500"], "zipcode must be 5 digits")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "850041"], "zipcode must be 5 digits")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "8500a"], "zipcode must be 5 digits")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "85004-1234"], "zipcode must be 5 digits")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": ""], "zipcode must be 5 digits")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "00000"], "zipcode 00000 is not a valid US ZIP code")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "10118"], "zipcode 10118 belongs to NY, not AZ")
            try await Self.assertRejected(platform, ["country": "USA", "state": "az", "zipcode": "10118"], "zipcode 10118 belongs to NY, not AZ")
            // Territory and military ZIPs never match a valid state.
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "zipcode": "00901"], "zipcode 00901 belongs to PR, not AZ")
            try await Self.assertRejected(platform, ["country": "USA", "state": "NY", "zipcode": "09001"], "zipcode 09001 belongs to AE, not NY")
        }
    }

    func testInsurerRules() async throws {
        try await TestPlatform.run { platform in
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "insurer": 5], "insurer must be a string")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "insurer": true], "insurer must be a string")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "insurer": ["name": "GEICO"]], "insurer must be a string")
        }
    }

    func testSegmentRules() async throws {
        try await TestPlatform.run { platform in
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "segment": "fetch_abc"], "segment must be an object")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "segment": ["fetch_abc"]], "segment must be an object")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "segment": 1], "segment must be an object")
            try await Self.assertRejected(platform, ["country": "USA", "state": "AZ", "segment": ["acq_source": 1]], "segment.acq_source must be a string")
            try await Self.assertRejected(platform, 
                ["country": "USA", "state": "AZ", "segment": ["acq_source": ["a"]]], "segment.acq_source must be a string"
            )
        }
    }

    func testOnlyTheFirstFailureInTableOrderIsReported() async throws {
        try await TestPlatform.run { platform in
            var body: [String: Any] = ["country": 1, "state": 1, "zipcode": 1, "insurer": 1, "segment": 1]
            try await Self.assertRejected(platform, body, "country must be a string")
            body["country"] = "Canada"
            try await Self.assertRejected(platform, body, "country must be USA")
            body["country"] = "USA"
            try await Self.assertRejected(platform, body, "state must be a string")
            body["state"] = "XX"
            try await Self.assertRejected(platform, body, "state must be a 2-letter US state or DC code")
            body["state"] = "AZ"
            try await Self.assertRejected(platform, body, "zipcode must be a string")
            body["zipcode"] = "1"
            try await Self.assertRejected(platform, body, "zipcode must be 5 digits")
            body["zipcode"] = "00000"
            try await Self.assertRejected(platform, body, "zipcode 00000 is not a valid US ZIP code")
            body["zipcode"] = "10118"
            try await Self.assertRejected(platform, body, "zipcode 10118 belongs to NY, not AZ")
            body["zipcode"] = "85004"
            try await Self.assertRejected(platform, body, "insurer must be a string")
            body["insurer"] = "GEICO"
            try await Self.assertRejected(platform, body, "segment must be an object")
            body["segment"] = ["acq_source": 1]
            try await Self.assertRejected(platform, body, "segment.acq_source must be a string")
            body["segment"] = ["acq_source": "a"]
            let reply = try await platform.iql(.put, "/iql/v1/driver/d1/info", json: body)
            XCTAssertEqual(reply.status, .ok, reply.text)
        }
    }

    func testMissingCountryIsReportedBeforeMissingState() async throws {
        try await TestPlatform.run { platform in
            try await Self.assertRejected(platform, [:], "country is required")
            try await Self.assertRejected(platform, ["country": "USA", "zipcode": "x"], "state is required")
        }
    }
}
