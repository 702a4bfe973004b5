import Foundation
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// `StatusWindow` as a plain type (`openapi/iql.yaml` getDriverStatus, `start_date`).
final class StatusWindowTests: XCTestCase {
    private let today = TripFactory.day("2024-06-03")

    func testDefaultIsTodayMinus180ToToday() throws {
        let window = try StatusWindow(startDate: nil, today: today)
        XCTAssertEqual(window.range, TripFactory.day("2023-12-06")...today)
    }

    func testGivenStartDate() throws {
        XCTAssertEqual(try StatusWindow(startDate: "2024-06-01", today: today).range, TripFactory.day("2024-06-01")...today)
        XCTAssertEqual(try StatusWindow(startDate: "2024-06-03", today: today).range, today...today)
        XCTAssertEqual(try StatusWindow(startDate: "2023-12-06", today: today).range, TripFactory.day("2023-12-06")...today)
    }

    func testMessages() {
        XCTAssertThrowsError(try StatusWindow(startDate: "2024-02-30", today: today)) { error in
            XCTAssertEqual(error as? APIError, .badRequest("start_date must be formatted %Y-%m-%d"))
        }
        XCTAssertThrowsError(try StatusWindow(startDate: "", today: today)) { error in
            XCTAssertEqual(error as? APIError, .badRequest("start_date must be formatted %Y-%m-%d"))
        }
        XCTAssertThrowsError(try StatusWindow(startDate: "2024-06-04", today: today)) { error in
            XCTAssertEqual(error as? APIError, .badRequest("start_date must not be in the future"))
        }
        XCTAssertThrowsError(try StatusWindow(startDate: "2023-12-05", today: today)) { error in
            XCTAssertEqual(error as? APIError, .badRequest("start_date must be within 180 days of today"))
        }
    }
}
