import ControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// The request journal (`openapi/control.yaml`, tag journal).
extension ControlHandlers {
    func listRequests(_ input: Operations.ListRequests.Input) async throws -> Operations.ListRequests.Output {
        let query = try Self.journalQuery(
            method: input.query.method, path: input.query.path, status: input.query.status, since: input.query.since,
            operation: input.query.operation
        )
        let limit = input.query.limit ?? 100
        guard (1...10_000).contains(limit) else { throw APIError.badRequest("limit must be between 1 and 10000") }
        let entries = try Tenant.bound().runtime.journal.entries(matching: query, limit: limit)
        return .ok(.init(body: .json(.init(requests: entries.map(Self.wire)))))
    }

    func countRequests(_ input: Operations.CountRequests.Input) async throws -> Operations.CountRequests.Output {
        let query = try Self.journalQuery(
            method: input.query.method, path: input.query.path, status: input.query.status, since: input.query.since,
            operation: input.query.operation
        )
        return .ok(.init(body: .json(.init(count: try Tenant.bound().runtime.journal.count(matching: query)))))
    }

    func clearRequests(_ input: Operations.ClearRequests.Input) async throws -> Operations.ClearRequests.Output {
        try Tenant.bound().runtime.journal.clear()
        return .noContent(.init())
    }

    private static func journalQuery(
        method: String?, path: String?, status: Int?, since: Date?, operation: String?
    ) throws(APIError) -> JournalQuery {
        let glob = try path.map { pattern throws(APIError) in try PathGlob(pattern) }
        return JournalQuery(method: method, path: glob, status: status, since: since, operation: operation)
    }

    private static func wire(_ entry: JournalEntry) -> Components.Schemas.JournalEntry {
        .init(
            id: entry.id, at: entry.at, receivedAt: entry.receivedAt, operation: entry.operation.map { .init(id: $0.id, api: $0.api) },
            method: entry.method, path: entry.path, query: entry.query, status: entry.status,
            latencyMs: entry.latencyMilliseconds, headers: .init(additionalProperties: entry.headers),
            headersDropped: entry.headersDropped, bodyExcerpt: entry.bodyExcerpt, answerExcerpt: entry.answerExcerpt, hint: entry.hint
        )
    }
}
