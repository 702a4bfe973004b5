import ControlAPI
import Foundation
import HTTPTypes
import MockPlatformKit
import OpenAPIRuntime

/// The push outbox (`openapi/control.yaml`, tag pushes).
extension ControlHandlers {
    func listPushes(_ input: Operations.ListPushes.Input) async throws -> Operations.ListPushes.Output {
        let kinds = try Tenant.knownKinds()
        let kind = try input.query.kind.map { try kinds.pushKind(query: "kind", $0) }
        let tenant = try Tenant.bound()
        await tenant.caughtUp()
        let entries = tenant.runtime.outbox.list(
            platform: input.query.platform.flatMap { MobilePlatform(rawValue: $0.rawValue) },
            kind: kind,
            deviceToken: input.query.deviceToken, holder: input.query.driverId, since: input.query.since
        )
        return .ok(.init(body: .json(.init(pushes: try entries.map(Self.wire)))))
    }

    func clearPushes(_ input: Operations.ClearPushes.Input) async throws -> Operations.ClearPushes.Output {
        let tenant = try Tenant.bound()
        await tenant.caughtUp()
        tenant.runtime.outbox.clear()
        return .noContent(.init())
    }

    func getPush(_ input: Operations.GetPush.Input) async throws -> Operations.GetPush.Output {
        let tenant = try Tenant.bound()
        await tenant.caughtUp()
        return .ok(.init(body: .json(try Self.wire(try tenant.runtime.outbox.entry(input.path.pushId)))))
    }

    func exportPush(_ input: Operations.ExportPush.Input) async throws -> Operations.ExportPush.Output {
        let tenant = try Tenant.bound()
        await tenant.caughtUp()
        let entry = try tenant.runtime.outbox.entry(input.path.pushId)
        let export = try PushExport.file(
            for: entry, recipient: tenant.runtime.kinds.pushKind(named: entry.push.kind.rawValue)?.recipient ?? .app,
            tenantBundleID: tenant.settings.iosBundleID
        )
        return .ok(.init(
            headers: .init(contentDisposition: "attachment; filename=\"\(export.filename)\""),
            body: .json(try export.body.decoded())
        ))
    }

    private static func wire(_ entry: PushEntry) throws -> Components.Schemas.PushEntry {
        .init(
            id: entry.id, createdAt: entry.createdAt,
            platform: Components.Schemas.PushEntry.PlatformPayload(rawValue: entry.push.platform.rawValue) ?? .ios,
            deviceToken: entry.push.deviceToken, driverId: entry.push.holder,
            kind: entry.push.kind.rawValue,
            campaignId: entry.push.campaignID, payload: try entry.push.payload.decoded(),
            apnsHeaders: entry.push.apnsHeaders.map { headers in
                .init(
                    apnsTopic: headers.topic,
                    apnsPushType: .init(rawValue: headers.pushType) ?? .background,
                    apnsPriority: .init(rawValue: headers.priority) ?? ._5
                )
            }
        )
    }
}
