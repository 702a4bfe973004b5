import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// `GET /publisher/v1/zipcodes/{zip}` (`openapi/publisher.yaml` getZipcode).
final class ZipcodeLookupTests: XCTestCase {
    /// Every ZIP of the fixture file answers its own state, and the file holds as many ZIPs as
    /// its header says.
    func testEveryListedZipAnswersItsStateCodeAndName() async throws {
        let fixture = try ZipFixtureFile.load()
        XCTAssertEqual(fixture.duplicates, [], "each ZIP appears once")
        XCTAssertEqual(fixture.codeByZip.count, fixture.headerCount, "count= in the header")
        XCTAssertEqual(fixture.codeByZip.count, 42_789, "Resources/README.md: 42,789 ZIPs")
        let expected = fixture.codeByZip.sorted { $0.key < $1.key }
        let started = Date()
        try await TestPlatform.run { platform in
            var failures: [String] = []
            for (zip, code) in expected {
                let reply = try await platform.send(.get, "/publisher/v1/zipcodes/\(zip)")
                guard reply.status == .ok, let body = try? reply.json() else {
                    failures.append("\(zip): \(reply.status.code) \(reply.text)")
                    continue
                }
                let name = body["state_name"] as? String ?? ""
                if body["zipcode"] as? String != zip || body["state_code"] as? String != code
                    || name.isEmpty || name == code || body["country_code"] as? String != "USA" || body.count != 4 {
                    failures.append("\(zip) expected \(code): \(reply.text)")
                }
            }
            XCTAssertEqual(failures.count, 0, "first failures: \(failures.prefix(20))")
        }
        print("ZIP lookup: \(expected.count) listed ZIPs in \(Date().timeIntervalSince(started)) s")
    }

    /// Every 5-digit string that is no ZIP is a DRF 404.
    func testEveryUnlistedFiveDigitStringIsNotFound() async throws {
        let fixture = try ZipFixtureFile.load()
        let unlisted = ZipFixtureFile.allFiveDigitStrings.filter { fixture.codeByZip[$0] == nil }
        XCTAssertEqual(unlisted.count + fixture.codeByZip.count, 100_000)
        XCTAssertTrue(unlisted.contains("00000") && unlisted.contains("99999"), "README: 00000 and 99999 are unknown")
        let started = Date()
        try await TestPlatform.run { platform in
            var failures: [String] = []
            for zip in unlisted {
                let reply = try await platform.send(.get, "/publisher/v1/zipcodes/\(zip)")
                guard reply.status == .notFound,
                      let body = try? reply.json(), body.count == 2, body["detail"] as? String == "Not found.", body["status"] as? String == "404"
                else {
                    failures.append("\(zip): \(reply.status.code) \(reply.text)")
                    continue
                }
            }
            XCTAssertEqual(failures.count, 0, "first failures: \(failures.prefix(20))")
        }
        print("ZIP lookup: \(unlisted.count) unlisted 5-digit strings in \(Date().timeIntervalSince(started)) s")
    }

    func testLookupBody() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/publisher/v1/zipcodes/85004")
            XCTAssertEqual(reply.status, .ok)
            XCTAssertEqual(reply.headers[.contentType]?.hasPrefix("application/json"), true)
            reply.assertJSON(["zipcode": "85004", "state_code": "AZ", "state_name": "Arizona", "country_code": "USA"])
        }
    }

    func testNamedStatesAndTerritories() async throws {
        let cases: [(zip: String, code: String, name: String)] = [
            ("20500", "DC", "District of Columbia"),
            ("00601", "PR", "Puerto Rico"),
            ("10118", "NY", "New York"),
            ("96910", "GU", "Guam"),
            ("00802", "VI", "U.S. Virgin Islands"),
            ("09001", "AE", "Armed Forces Europe"),
            ("99501", "AK", "Alaska"),
        ]
        try await TestPlatform.run { platform in
            for (zip, code, name) in cases {
                let reply = try await platform.send(.get, "/publisher/v1/zipcodes/\(zip)")
                XCTAssertEqual(reply.status, .ok, "\(zip): \(reply.text)")
                reply.assertJSON(["zipcode": zip, "state_code": code, "state_name": name, "country_code": "USA"])
            }
        }
    }

    func testZipThatIsNotFiveDigitsIs400() async throws {
        try await TestPlatform.run { platform in
            // Raw path segments: a space, a sign, full-width digits (percent-encoded).
            let segments = ["8500", "850041", "85a04", "8500%20", "%2085004", "-8500", "+8500", "%EF%BC%98%EF%BC%95%EF%BC%90%EF%BC%90%EF%BC%94"]
            for zip in segments {
                let reply = try await platform.send(.get, "/publisher/v1/zipcodes/\(zip)")
                reply.assertDRF(.badRequest, ["detail": "zipcode must be 5 digits"])
            }
        }
    }

    func testNoApiKeyIsNeededAndTrailingSlashAndTenantPrefixWork() async throws {
        try await TestPlatform.run { platform in
            for path in ["/publisher/v1/zipcodes/85004/", "/t/ci-1/publisher/v1/zipcodes/85004", "/t/ci-1/publisher/v1/zipcodes/85004/"] {
                let reply = try await platform.send(.get, path)
                XCTAssertEqual(reply.status, .ok, "\(path): \(reply.text)")
                XCTAssertEqual(try reply.json()["state_code"] as? String, "AZ")
            }
        }
    }

    func testOtherMethodIs405WithAllow() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.delete, "/publisher/v1/zipcodes/85004")
            reply.assertDRF(.methodNotAllowed, ["detail": "Method \"DELETE\" not allowed."])
            XCTAssertEqual(reply.headers[.allow], "GET")
        }
    }
}
