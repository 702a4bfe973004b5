import Foundation
import IQLControlAPI
import MockPlatformKit
import OpenAPIRuntime

/// IQL's control operations under `/_mock/iql/` (`openapi/control.yaml`, tag iql): its drivers
/// as the engine sees them, its leads, offer retraction, and (`IQLControlHandlers+Campaigns`)
/// its qualification campaigns.
struct IQLControlHandlers: APIProtocol {
    /// Body rules of its operations; the handlers take what they read.
    static let rules: [String: OperationRule] = campaignRules.merging([
        Operations.RetractOffer.id: .validating(into: retraction) { request in try OfferRetraction(body: request.json) },
    ]) { first, _ in first }

    private static let retraction = RuleValue<OfferRetraction>()

    func listIQLDrivers(_ input: Operations.ListIQLDrivers.Input) async throws -> Operations.ListIQLDrivers.Output {
        let limit = input.query.limit ?? 100
        guard (1...1_000).contains(limit) else { throw APIError.badRequest("limit must be between 1 and 1000") }
        let tenant = try Tenant.bound()
        let drivers = try await tenant.iql.allDrivers()
        let now = tenant.clock.now
        let summaries = drivers.prefix(limit).map { driver in
            Components.Schemas.IQLDriverSummary(
                driverId: driver.id, state: driver.state, optedInAt: driver.optedInAt, trips: driver.trips.count,
                plannedTrips: driver.plannedTrips?.count ?? 0, disqualified: driver.disqualified,
                offers: driver.offers.map { Self.wire($0, now: now) }
            )
        }
        return .ok(.init(body: .json(.init(total: drivers.count, drivers: summaries))))
    }

    func getIQLDriver(_ input: Operations.GetIQLDriver.Input) async throws -> Operations.GetIQLDriver.Output {
        let tenant = try Tenant.bound()
        guard let driver = try await tenant.iql.driver(input.path.driverId) else {
            throw APIError.notFound("invalid driver id")
        }
        let info: JSONValue = .object([
            "driver_id": .string(driver.id),
            "country": driver.country.map(JSONValue.string) ?? .null,
            "state": driver.state.map(JSONValue.string) ?? .null,
            "zipcode": driver.zipcode.map(JSONValue.string) ?? .null,
            "insurer": driver.insurer.map(JSONValue.string) ?? .null,
            "segment": .object(["acq_source": driver.acquisitionSource.map(JSONValue.string) ?? .null]),
        ])
        let trips: [JSONValue] = driver.trips.map(Self.wire)
        let now = tenant.clock.now
        let offers = driver.offers.map { Self.wire($0, now: now) }
        let packets: [JSONValue] = driver.packets.map { packet in
            .object([
                "location_permission": .string(packet.locationPermission.rawValue),
                "activity_permission": .string(packet.activityPermission.rawValue),
                "precise_location": .bool(packet.preciseLocation),
                "notifications": .bool(packet.notifications),
                "location_services": .bool(packet.locationServicesOn),
                "platform": .string(packet.platform.rawValue),
                "timestamp": .integer(packet.timestamp.epochMilliseconds),
                "healthy": .bool(packet.isHealthy),
            ])
        }
        let feedback: [JSONValue] = driver.pushFeedback.map { entry in
            .object([
                "error_code": .integer(entry.errorCode),
                "reason": entry.reason.map(JSONValue.string) ?? .null,
                "timestamp": .integer(entry.timestamp),
                "received_at": .string(RFC3339.string(from: entry.receivedAt)),
            ])
        }
        let events = tenant.events.list(subject: driver.id)
        return .ok(.init(body: .json(.init(
            driverId: driver.id,
            info: try info.decoded(),
            optedInAt: driver.optedInAt,
            disqualified: driver.disqualified,
            trips: try trips.map { try $0.decoded() },
            plannedTrips: try (driver.plannedTrips ?? []).map { try Self.wire($0).decoded() },
            offers: offers,
            packets: try packets.map { try $0.decoded() },
            lastHeartbeatAt: driver.lastHeartbeatAt,
            pushFeedback: try feedback.map { try $0.decoded() },
            silentPushPaused: driver.silentPushPaused,
            events: try events.map(Self.wire)
        ))))
    }

    func retractOffer(_ input: Operations.RetractOffer.Input) async throws -> Operations.RetractOffer.Output {
        let tenant = try Tenant.bound()
        let retraction = try Self.retraction.current()
        let offerID = input.path.offerId
        guard try await tenant.iql.campaigns.contains(where: { $0.offerID == offerID }) else {
            throw APIError.notFound("invalid offer id")
        }
        let count = try await tenant.iql.retract(offerID: offerID, driverID: retraction.driverID, reason: retraction.reason)
        return .ok(.init(body: .json(.init(retracted: count))))
    }

    func listLeads(_ input: Operations.ListLeads.Input) async throws -> Operations.ListLeads.Output {
        let leads = try await Tenant.bound().iql.leads.filter { lead in
            (input.query.driverId.map { $0 == lead.driverID } ?? true) && (input.query.offerId.map { $0 == lead.offerID } ?? true)
        }
        return .ok(.init(body: .json(.init(leads: try leads.map { lead in
            .init(
                leadId: lead.leadID, driverId: lead.driverID, offerId: lead.offerID, clickedAt: lead.clickedAt,
                clickNumber: lead.clickNumber, payload: try JSONValue.object(lead.payload).decoded()
            )
        }))))
    }

    /// An event of the driver's, as getIQLDriver lists it.
    private static func wire(_ event: PlatformEvent) throws -> Components.Schemas.Event {
        .init(
            id: event.id, sequence: Int(event.sequence), _type: event.kind.rawValue, driverId: event.subject, createdAt: event.createdAt,
            payload: try event.payload.decoded()
        )
    }

    private static func wire(_ offer: Offer, now: Date) -> Components.Schemas.IQLOffer {
        .init(
            offerId: offer.offerID, campaignId: offer.campaignID, createdAt: offer.createdAt, expiresAt: offer.expiresAt,
            clicked: offer.clicked, retracted: offer.retracted, active: offer.isActive(at: now)
        )
    }

    /// A trip as getIQLDriver shows it.
    private static func wire(_ trip: Trip) -> JSONValue {
        .object([
            "trip_id": .string(trip.id),
            "start_time": .string(RFC3339.string(from: trip.start)),
            "end_time": .string(RFC3339.string(from: trip.end)),
            "distance_miles": .number(trip.distanceMiles),
            "highway_distance_miles": .number(trip.highwayDistanceMiles),
            "zendrive_score": .integer(Int64(trip.score)),
            "invalidated": .bool(trip.invalidated),
        ])
    }
}
