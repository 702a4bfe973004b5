import Foundation
import MockLoyalty
import MockPlatformKit
import OpenAPIRuntime
import WalletAPI

/// The PassKit web service (`openapi/wallet.yaml`) Wallet calls to keep loyalty passes current.
struct WalletHandlers: APIProtocol {
    /// Builds the members' Wallet passes.
    let passIssuer: PassIssuer

    /// The pass (404) and then its `ApplePass` token (401), checked before decoding because the
    /// generated input leaves `Authorization` out; then a registration's push token (400). The
    /// handlers take the push token and the pass the rules found; unregistering needs neither.
    static let rules: [String: OperationRule] = [
        Operations.RegisterPassDevice.id: .validating(into: pushToken) { request in
            _ = try await authenticate(request)
            return try PassPushToken(body: request.json)
        },
        Operations.UnregisterPassDevice.id: .check { request in
            _ = try await authenticate(request)
        },
        Operations.GetLatestPass.id: .validating(into: latestPass) { request in try await authenticate(request) },
    ]

    private static let pushToken = RuleValue<PassPushToken>()
    private static let latestPass = RuleValue<AuthenticatedPass>()

    /// The pass the request names and its member (404 when either is missing), once its
    /// `ApplePass` token is checked (401).
    static func authenticate(_ request: RawRequest) async throws -> AuthenticatedPass {
        let tenant = try Tenant.bound()
        let path = request.pathParameters
        let type = path["passTypeIdentifier"] ?? "", serial = path["serialNumber"] ?? ""
        let pass = try await tenant.wallet.pass(type: type, serial: serial)
        guard let member = try await tenant.loyalty.storedMember(pass.memberID) else {
            throw WalletProblem.notFound.error("no pass \(type) \(serial)")
        }
        guard let authorization = request.headers[.authorization],
              ConstantTime.equals(authorization, "ApplePass \(pass.authenticationToken)") else {
            throw WalletProblem.unauthorized.error("Authorization must be ApplePass and the pass's authentication token")
        }
        return AuthenticatedPass(pass: pass, member: member)
    }

    func registerPassDevice(_ input: Operations.RegisterPassDevice.Input) async throws -> Operations.RegisterPassDevice.Output {
        let path = input.path
        let isNew = try await Tenant.bound().wallet.register(
            device: path.deviceLibraryIdentifier, type: path.passTypeIdentifier, serial: path.serialNumber,
            pushToken: Self.pushToken.current().hex
        )
        return isNew ? .created(.init()) : .ok(.init())
    }

    func unregisterPassDevice(_ input: Operations.UnregisterPassDevice.Input) async throws -> Operations.UnregisterPassDevice.Output {
        let path = input.path
        try await Tenant.bound().wallet.unregister(
            device: path.deviceLibraryIdentifier, type: path.passTypeIdentifier, serial: path.serialNumber
        )
        return .ok(.init())
    }

    func listUpdatablePasses(_ input: Operations.ListUpdatablePasses.Input) async throws -> Operations.ListUpdatablePasses.Output {
        let store = try Tenant.bound().wallet
        Tenant.cacheAnswer(CacheValidity(depending: [store.revision], at: .distantPast))
        let since = input.query.passesUpdatedSince.flatMap { Int($0) }
        guard let found = await store.updatedSerials(
            device: input.path.deviceLibraryIdentifier, type: input.path.passTypeIdentifier, since: since
        ) else { return .noContent(.init()) }
        return .ok(.init(body: .json(.init(serialNumbers: found.serials, lastUpdated: String(found.tag)))))
    }

    /// Rebuilt and signed again from the member's state; 304 when `If-Modified-Since` is not
    /// older than the pass's last change.
    func getLatestPass(_ input: Operations.GetLatestPass.Input) async throws -> Operations.GetLatestPass.Output {
        let tenant = try Tenant.bound()
        let found = try Self.latestPass.current()
        let pass = found.pass
        if let since = input.headers.ifModifiedSince.flatMap(HTTPDate.date(from:)), since >= pass.updatedAt {
            return .notModified(.init())
        }
        let archive = try passIssuer.archive(
            member: found.member, pass: pass, passTypeIdentifier: input.path.passTypeIdentifier, tenant: tenant.name, now: tenant.clock.now
        )
        return .ok(.init(
            headers: .init(lastModified: HTTPDate.string(from: pass.updatedAt)), body: .applicationVnd_apple_pkpass(HTTPBody(archive))
        ))
    }

    func logPassMessages(_ input: Operations.LogPassMessages.Input) async throws -> Operations.LogPassMessages.Output {
        let logs = RequestBody.json?["logs"]
        let messages: [String] = switch logs {
        case .array(let items)?: items.map { $0.stringValue ?? $0.text }
        case nil: []
        case let other?: [other.text]
        }
        guard messages.count <= WalletStore.logLinesPerRequest else {
            throw APIError(
                .contentTooLarge, "logs holds \(messages.count) lines; at most \(WalletStore.logLinesPerRequest) per request",
                limit: .walletLog
            )
        }
        try await Tenant.bound().wallet.log(messages)
        return .ok(.init())
    }
}
