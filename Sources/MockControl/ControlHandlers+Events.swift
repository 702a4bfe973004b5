import ControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// The tenant's event stream (`openapi/control.yaml` listEvents).
extension ControlHandlers {
    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        var kind: EventKind?
        if let type = input.query._type {
            guard let parsed = try Tenant.knownKinds().eventKind(named: type) else { throw APIError.badRequest("type must be an event kind") }
            kind = parsed
        }
        let tenant = try Tenant.bound()
        let events = tenant.events.list(kind: kind, subject: input.query.driverId, since: input.query.since)
        return .ok(.init(body: .json(.init(events: try events.map(Self.event)))))
    }

    private static func event(_ event: PlatformEvent) throws -> Components.Schemas.Event {
        .init(
            id: event.id, sequence: Int(event.sequence), _type: event.kind.rawValue, driverId: event.subject, createdAt: event.createdAt,
            payload: try event.payload.decoded()
        )
    }
}
