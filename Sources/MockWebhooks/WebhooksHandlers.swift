import Foundation
import MockPlatformKit
import OpenAPIRuntime
import WebhooksControlAPI

/// The webhooks module's control operations (`openapi/control.yaml`, tag webhooks): endpoints,
/// the delivery log, replay, recovery and hand-fired events.
struct WebhooksHandlers: APIProtocol {
    /// Contract rules that must run before an operation's input is decoded; handlers take what
    /// they parsed (their `RuleValue`).
    static func rules(allowlist: WebhookAllowlist) -> [String: OperationRule] {
        [
            Operations.CreateWebhookEndpoint.id: .validating(into: newEndpoint) { request in
                try WebhookEndpointRequest(body: request.json, requireURL: true, allowlist: allowlist, kinds: Tenant.knownKinds())
            },
            Operations.UpdateWebhookEndpoint.id: .validating(into: endpointChange) { request in
                try WebhookEndpointRequest(body: request.json, requireURL: false, allowlist: allowlist, kinds: Tenant.knownKinds())
            },
            Operations.RecoverWebhookMessages.id: .validating(into: recoverySince) { request in try Self.recoverSince(request.json) },
            Operations.TriggerWebhook.id: .validating(into: trigger) { request in
                try WebhookTrigger(body: request.json, kinds: Tenant.knownKinds())
            },
        ]
    }

    private static let newEndpoint = RuleValue<WebhookEndpointRequest>()
    private static let endpointChange = RuleValue<WebhookEndpointRequest>()
    private static let recoverySince = RuleValue<Date>()
    private static let trigger = RuleValue<WebhookTrigger>()

    func listWebhookEndpoints(_ input: Operations.ListWebhookEndpoints.Input) async throws -> Operations.ListWebhookEndpoints.Output {
        let endpoints = try await Tenant.bound().webhooks.endpoints
        return .ok(.init(body: .json(.init(endpoints: endpoints.map(Self.wire)))))
    }

    func createWebhookEndpoint(_ input: Operations.CreateWebhookEndpoint.Input) async throws -> Operations.CreateWebhookEndpoint.Output {
        let request = try Self.newEndpoint.current()
        let endpoint = try await Tenant.bound().webhooks.createEndpoint(
            url: request.url ?? "", events: request.events, secret: request.secret, enabled: request.enabled
        )
        return .created(.init(body: .json(Self.wire(endpoint))))
    }

    func getWebhookEndpoint(_ input: Operations.GetWebhookEndpoint.Input) async throws -> Operations.GetWebhookEndpoint.Output {
        .ok(.init(body: .json(Self.wire(try await Tenant.bound().webhooks.endpoint(input.path.endpointId)))))
    }

    func updateWebhookEndpoint(_ input: Operations.UpdateWebhookEndpoint.Input) async throws -> Operations.UpdateWebhookEndpoint.Output {
        let request = try Self.endpointChange.current()
        let endpoint = try await Tenant.bound().webhooks.updateEndpoint(
            input.path.endpointId, url: request.url, events: request.events, secret: request.secret, enabled: request.enabled
        )
        return .ok(.init(body: .json(Self.wire(endpoint))))
    }

    func deleteWebhookEndpoint(_ input: Operations.DeleteWebhookEndpoint.Input) async throws -> Operations.DeleteWebhookEndpoint.Output {
        try await Tenant.bound().webhooks.deleteEndpoint(input.path.endpointId)
        return .noContent(.init())
    }

    func rotateWebhookSecret(_ input: Operations.RotateWebhookSecret.Input) async throws -> Operations.RotateWebhookSecret.Output {
        .ok(.init(body: .json(Self.wire(try await Tenant.bound().webhooks.rotateSecret(input.path.endpointId)))))
    }

    func listWebhookMessages(_ input: Operations.ListWebhookMessages.Input) async throws -> Operations.ListWebhookMessages.Output {
        let kinds = try Tenant.knownKinds()
        let event = try input.query.event.map { try kinds.eventKind(query: "event", $0) }
        let tenant = try Tenant.bound()
        let status = input.query.status.flatMap { WebhookMessage.Status(rawValue: $0.rawValue) }
        let messages = try await tenant.webhooks.messages(
            status: status, event: event, endpointID: input.query.endpointId, since: input.query.since
        )
        return .ok(.init(body: .json(.init(messages: try messages.map(Self.wire)))))
    }

    func getWebhookMessage(_ input: Operations.GetWebhookMessage.Input) async throws -> Operations.GetWebhookMessage.Output {
        .ok(.init(body: .json(try Self.wire(try await Tenant.bound().webhooks.message(input.path.messageId)))))
    }

    func replayWebhookMessage(_ input: Operations.ReplayWebhookMessage.Input) async throws -> Operations.ReplayWebhookMessage.Output {
        try await Tenant.bound().webhooks.replay(input.path.messageId)
        return .accepted(.init(body: .json(.init(messageId: input.path.messageId))))
    }

    func recoverWebhookMessages(_ input: Operations.RecoverWebhookMessages.Input) async throws -> Operations.RecoverWebhookMessages.Output {
        let since = try Self.recoverySince.current()
        let replayed = try await Tenant.bound().webhooks.recover(since: since)
        return .accepted(.init(body: .json(.init(replayed: replayed))))
    }

    func triggerWebhook(_ input: Operations.TriggerWebhook.Input) async throws -> Operations.TriggerWebhook.Output {
        let trigger = try Self.trigger.current()
        let tenant = try Tenant.bound()
        guard let builder = tenant.eventBuilder(for: trigger.kind) else {
            throw WebhookTrigger.unbuildable(trigger.kind, builders: tenant.eventBuilderNames)
        }
        let (built, unmatched) = try trigger.applied(to: await builder.event(trigger.kind, subject: trigger.subject))
        let event = tenant.runtime.events.append([built])[0]
        let messageIDs = try await tenant.webhooks.messageIDs(forEvent: event)
        return .accepted(.init(body: .json(.init(
            eventId: event.id, messageIds: messageIDs,
            unmatchedOverrides: unmatched.map { .init(path: $0.path, closest: $0.closest) }
        ))))
    }

    private static func recoverSince(_ body: [String: JSONValue]) throws(APIError) -> Date {
        let fields = FieldReader(body)
        let text = try fields.required("since", fields.string)
        guard let since = RFC3339.date(from: text) else { throw .badRequest("since must be an RFC 3339 date-time") }
        return since
    }

    private static func wire(_ endpoint: WebhookEndpoint) -> Components.Schemas.WebhookEndpoint {
        .init(
            id: endpoint.id, url: endpoint.url, events: endpoint.events.map(\.rawValue), secret: endpoint.secret.description,
            enabled: endpoint.enabled, createdAt: endpoint.createdAt
        )
    }

    private static func wire(_ message: WebhookMessage) throws -> Components.Schemas.WebhookMessage {
        .init(
            id: message.id,
            event: message.event.rawValue,
            eventId: message.eventID,
            endpointId: message.endpointID,
            createdAt: message.createdAt,
            status: Components.Schemas.WebhookMessage.StatusPayload(rawValue: message.status.rawValue) ?? .pending,
            payload: try message.payload.decoded(),
            attempts: message.attempts.map { attempt in
                .init(
                    at: attempt.at, statusCode: attempt.statusCode, latencyMs: attempt.latencyMilliseconds,
                    error: attempt.error, responseExcerpt: attempt.responseExcerpt
                )
            }
        )
    }
}
