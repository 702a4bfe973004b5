// iql-publisher-demo: the onboarding and offer flow of a publisher backend, through the client
// generated from iql.yaml.
//
//   iql-publisher-demo [BASE_URL]
//
// BASE_URL: the argument, else $IQL_BASE_URL, else http://127.0.0.1:8080 (a tenant other than
// `default` is reached with the prefix, e.g. http://127.0.0.1:8080/t/acme).
// API key: $IQL_API_KEY, else mock-api-key.
// Prints one line per step; on any unexpected response prints why and exits 1.

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
import IQLClient
import OpenAPIRuntime
import OpenAPIURLSession

@main
enum IQLPublisherDemo {
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 {
            print("usage: iql-publisher-demo [BASE_URL]   (env: IQL_BASE_URL, IQL_API_KEY)")
            exit(arguments.count > 1 ? 2 : 0)
        }
        let baseURLString = arguments.first ?? environment["IQL_BASE_URL"] ?? "http://127.0.0.1:8080"
        let apiKey = environment["IQL_API_KEY"] ?? "mock-api-key"
        guard let baseURL = URL(string: baseURLString), baseURL.scheme != nil, baseURL.host != nil else {
            fail("base URL \(baseURLString) is not an absolute http(s) URL")
        }

        let driverID = "demo-\(UUID().uuidString.lowercased())"
        let client = Client(
            serverURL: baseURL,
            transport: URLSessionTransport(),
            middlewares: [APIKeyMiddleware(apiKey: apiKey)]
        )
        say("iql-publisher-demo: \(baseURL.absoluteString), driver \(driverID)")
        let offerID: String
        do {
            offerID = try await runFlow(client: client, driverID: driverID)
        } catch let error as UnexpectedResponse {
            fail(error.description)
        } catch let error as ClientError {
            // Transport failures (connection refused, timeouts) and undecodable responses.
            let cause = (error.underlyingError as? URLError)?.localizedDescription ?? "\(error.underlyingError)"
            fail("\(error.operationID): \(error.causeDescription) \(cause)")
        } catch {
            fail("\(error)")
        }
        say("iql-publisher-demo: OK, driver \(driverID) qualified for offer \(offerID)")
    }
}

// MARK: - Failures

/// Prints `message` to standard error and exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("iql-publisher-demo: FAILED: \(message)\n".utf8))
    exit(1)
}

/// A response the flow did not expect: the step, the `Output` case (HTTP status) and the
/// server's `error` message when the body is an IQL `ErrorResponse`.
struct UnexpectedResponse: Error, CustomStringConvertible {
    let description: String

    init(_ step: String, _ output: Any) {
        let child = Mirror(reflecting: output).children.first
        var status = child?.label ?? "\(output)"
        if status == "undocumented", let code = Self.statusCode(in: child?.value) {
            status = "undocumented status \(code)"
        }
        let message = Self.serverError(in: output, depth: 6).map { ": \"\($0)\"" } ?? ""
        description = "\(step): unexpected response \(status)\(message)"
    }

    init(_ step: String, because reason: String) {
        description = "\(step): \(reason)"
    }

    /// `statusCode` of an `.undocumented(statusCode:_:)` case.
    private static func statusCode(in payload: Any?) -> Int? {
        guard let payload else { return nil }
        return Mirror(reflecting: payload).children.first { $0.label == "statusCode" }?.value as? Int
    }

    /// The `error` of the first `ErrorResponse` inside a generated response value.
    private static func serverError(in value: Any, depth: Int) -> String? {
        if let error = value as? Components.Schemas.ErrorResponse { return error.error }
        guard depth > 0 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = serverError(in: child.value, depth: depth - 1) { return found }
        }
        return nil
    }
}

/// Writes one line to standard output unbuffered, so it stays in order with the failure line.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

/// Prints one step's line.
func step(_ number: Int, _ text: String) {
    say("[\(number)] \(text)")
}

// MARK: - Dates

let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// `day` (`%Y-%m-%d`) moved by `offset` days.
func date(_ day: String, plusDays offset: Int) -> String? {
    let parts = day.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3,
          let start = utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
          let moved = utc.date(byAdding: .day, value: offset, to: start)
    else { return nil }
    let components = utc.dateComponents([.year, .month, .day], from: moved)
    return String(format: "%04d-%02d-%02d", components.year!, components.month!, components.day!)
}

// MARK: - The flow

/// Two 3-mile trips on each of three days: 6 trips, 3 driving days, 18 miles, which qualifies
/// under the default campaign (at least 5 trips, 3 days and 12 miles in AZ).
let tripDays = 3
let tripsPerDay = 2
let milesPerTrip = 3.0

/// Runs the flow for a new driver; answers the offer id it ends with.
func runFlow(client: Client, driverID: String) async throws -> String {
    // 1. Onboarding: the driver's country, state and ZIP code (creates the driver).
    let info = try await client.putDriverInfo(
        path: .init(driverId: driverID),
        body: .json(.init(country: "USA", state: "AZ", zipcode: "85004"))
    )
    guard case .ok = info else { throw UnexpectedResponse("PUT driver info", info) }
    step(1, "PUT  driver info      driver \(driverID): USA, AZ, 85004")

    // 2. Status before any trip; its end_date is the server's today (the tenant clock).
    let before = try await client.getDriverStatus(path: .init(driverId: driverID))
    guard case .ok(let beforeOK) = before else { throw UnexpectedResponse("GET driver status", before) }
    let initial = try beforeOK.body.json
    step(2, "GET  driver status    today \(initial.endDate), \(initial.metrics.tripsCount) trips, offer_available \(initial.metrics.offerAvailable)")
    guard !initial.metrics.offerAvailable else {
        throw UnexpectedResponse("GET driver status", because: "a new driver already has an offer")
    }

    // 3. Mock trips (the count form), on the days before today: a trip may not end after now.
    var tripIDs: [String] = []
    for back in (1...tripDays).reversed() {
        guard let day = date(initial.endDate, plusDays: -back) else {
            throw UnexpectedResponse("GET driver status", because: "end_date \(initial.endDate) is not %Y-%m-%d")
        }
        let trips = try await client.postMockTrips(
            path: .init(driverId: driverID),
            body: .json(.init(date: day, count: tripsPerDay, distanceMilesEach: milesPerTrip))
        )
        guard case .ok(let ok) = trips else { throw UnexpectedResponse("POST mock trips \(day)", trips) }
        let created = try ok.body.json.tripIds
        guard created.count == tripsPerDay else {
            throw UnexpectedResponse("POST mock trips \(day)", because: "created \(created.count) trips, expected \(tripsPerDay)")
        }
        tripIDs += created
        step(3, "POST mock trips       \(day): \(tripsPerDay) × \(milesPerTrip) mi, trip ids \(created.joined(separator: ", "))")
    }

    // 4. Status again: the trips count and the driver qualifies.
    let after = try await client.getDriverStatus(path: .init(driverId: driverID))
    guard case .ok(let afterOK) = after else { throw UnexpectedResponse("GET driver status", after) }
    let metrics = try afterOK.body.json.metrics
    step(4, "GET  driver status    \(metrics.tripsCount) trips, \(metrics.uniqueDrivingDays) days, \(metrics.distanceMiles) mi, score \(metrics.zendriveScore.map(String.init) ?? "null"), offer_available \(metrics.offerAvailable)")
    guard metrics.tripsCount == tripIDs.count else {
        throw UnexpectedResponse("GET driver status", because: "trips_count \(metrics.tripsCount), expected \(tripIDs.count)")
    }
    guard metrics.offerAvailable else {
        throw UnexpectedResponse("GET driver status", because: "offer_available is false after qualifying trips")
    }

    // 5. The ad unit to render.
    let adUnit = try await client.getAdUnit(path: .init(driverId: driverID))
    guard case .ok(let adOK) = adUnit else { throw UnexpectedResponse("GET ad unit", adUnit) }
    guard let ad = try adOK.body.json.adUnit else {
        throw UnexpectedResponse("GET ad unit", because: "no ad_unit ({}) although offer_available is true")
    }
    step(5, "GET  ad unit          offer \(ad.offerId) \"\(ad.title)\", button_click_url \(ad.buttonClickUrl)")

    // 6. Every active offer (multi-offer).
    let offers = try await client.listOffers(path: .init(userId: driverID))
    guard case .ok(let offersOK) = offers else { throw UnexpectedResponse("GET offers", offers) }
    let list = try offersOK.body.json.offers
    step(6, "GET  offers           \(list.count): \(list.map { "\($0.id) (\($0._type.rawValue)/\($0.subtype.rawValue))" }.joined(separator: ", "))")
    guard list.contains(where: { $0.id == ad.offerId }) else {
        throw UnexpectedResponse("GET offers", because: "offer \(ad.offerId) of the ad unit is not listed")
    }
    return ad.offerId
}

