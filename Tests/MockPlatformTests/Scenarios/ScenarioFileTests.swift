import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// Scenario files are checked when the server starts (`ScenarioFile`), each module's part by
/// the module (`ScenarioPart`).
final class ScenarioFileTests: XCTestCase {
    /// The parts the bundled modules read.
    private let parts = (try? TestTenant.registry().modules.flatMap(\.scenarioParts)) ?? []

    private func problem(_ json: String) -> String? {
        do {
            _ = try ScenarioFile.scenario(from: Data(json.utf8), name: "sample", fixtures: TestFixtures.shared, parts: parts)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private let driver = #"{"id": "d1", "info": {"country": "USA", "state": "AZ", "zipcode": "85004"}"#

    func testAValidScenarioLoads() throws {
        XCTAssertNil(problem(#"{"description": "x", "drivers": [\#(driver), "trips": [{"day": 2, "count": 1, "distance_miles_each": 3}]}]}"#))
        let catalog = try ScenarioCatalog.load(from: TestFixtures.scenarioFolder, fixtures: TestFixtures.shared, parts: parts)
        XCTAssertEqual(catalog.scenarios.count, 8, "the repository's scenarios all load")
    }

    func testEveryMistakeIsNamed() {
        let cases: [(String, String)] = [
            (#"{"description": "x", "driver": []}"#, "`driver` is not a scenario field"),
            (#"{"drivers": []}"#, "not a valid scenario: description must be a string"),
            (#"{"description": "x""#, "not a valid scenario: not valid JSON"),
            (#"["description"]"#, "not a valid scenario: not a JSON object"),
            (#"{"description": "x", "drivers": [{"id": "d1", "info": {"country": "USA", "state": "AZ", "zipcode": "60601"}}]}"#,
             "driver d1: zipcode 60601 belongs to IL, not AZ"),
            (#"{"description": "x", "drivers": [\#(driver), "trips": [{"day": 0, "count": 1, "distance_miles_each": 3}]}]}"#,
             "driver d1 trips: day must be -180 to -1 or 1 to 365"),
            (#"{"description": "x", "drivers": [\#(driver), "trips": [{"day": 1, "count": 9, "distance_miles_each": 3}]}]}"#,
             "driver d1 trips: count must be 1 to 8"),
            (#"{"description": "x", "drivers": [\#(driver), "offers": [{"campaign_id": "nope", "created_days_ago": 3}]}]}"#,
             "driver d1 offers: no campaign nope in the fixtures"),
            (#"{"description": "x", "drivers": [\#(driver)}, \#(driver)}]}"#, "driver d1 is listed twice"),
            (#"{"description": "x", "faults": [{"status": 99}]}"#, "faults[0]: "),
            (#"{"description": "x", "members": "m1"}"#, "not a valid scenario: members: "),
            (#"{"description": "x", "drivers": [{"id": "d1"}]}"#, "not a valid scenario: drivers: 0.info is required"),
            (#"{"description": "x", "drivers": [{"id": "a/b", "info": {"country": "USA", "state": "AZ"}}]}"#, "must not contain /"),
        ]
        for (json, expected) in cases {
            let problem = problem(json)
            XCTAssertTrue(problem?.contains(expected) == true, "\(json): got \(problem ?? "no problem")")
        }
    }

    func testAFileWhoseNameIsNotAScenarioNameIsRefused() {
        XCTAssertThrowsError(try ScenarioFile.scenario(from: Data(#"{"description": "x"}"#.utf8), name: "Bad Name", fixtures: TestFixtures.shared, parts: parts))
    }
}
