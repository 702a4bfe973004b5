import Foundation
import MockLoyalty
import MockPlatformKit

/// One tenant's Wallet passes and the PassKit web service's state (`openapi/wallet.yaml`): a
/// pass per loyalty member with a card, the update tag, device registrations and device logs,
/// and the update pushes a pass change records.
///
/// A pass shows its member, whom the loyalty store keeps: this store keeps only what the pass
/// adds (its token, its version). Loyalty tells it of every change to an account
/// (`MemberPasses.accountChanged`) before the change's response is sent.
package actor WalletStore: ModuleStore {
    /// Its snapshot's keys are those the loyalty store's snapshot held before Wallet had a store,
    /// so an older document's `stores.loyalty` restores it (`WalletModule.formerStateKey(in:)`).
    struct State: Codable, Sendable {
        /// By serial number (the card number).
        var passes: [String: PassRecord] = [:]
        /// The tenant's pass update tag: starts at 1, grows with every pass change.
        var updateTag = 1
        /// In registration order.
        var registrations: [PassRegistration] = []
        /// The newest `logCapacity` device log lines.
        var logs: [WalletLogEntry] = []
        /// Draws the authentication tokens (seed stream `loyalty`, as before Wallet had a store,
        /// so a seeded run issues the same tokens).
        var ids: IDGenerator
    }

    static let logCapacity = 1_000
    /// Bytes of one device log line kept; the rest is cut.
    static let logLineBytes = 1_024
    /// Lines one `POST /wallet/v1/log` may carry (413 beyond).
    static let logLinesPerRequest = 100

    private(set) var state: State { didSet { revision.advance() } }
    private let runtime: TenantRuntime
    /// Advanced with every change of `state`: what a read answered holds while it stays.
    package nonisolated let revision = StateRevision()
    /// The pass type id a real pass certificate fixes; nil: the tenant's `wallet_pass_type_id`.
    private let fixedPassTypeIdentifier: String?

    /// The pass type id of one of the tenant's passes: the configured one (certificate or
    /// `wallet_pass_type_id`), else the one its last download named, else the development id.
    private func passTypeIdentifier(of pass: PassRecord) -> String {
        fixedPassTypeIdentifier ?? runtime.settings.wallet.passTypeID ?? pass.passTypeIdentifier
            ?? SigningIdentity.developmentPassTypeIdentifier
    }

    /// Restored from `snapshot`, or a pass for each fixture member with a loyalty card, in
    /// fixture order (a member stored otherwise, by an import, gets one when it is first asked
    /// for: `issuedPass`).
    init(runtime: TenantRuntime, fixedPassTypeIdentifier: String?, restoring snapshot: StoreState?) throws {
        self.runtime = runtime
        self.fixedPassTypeIdentifier = fixedPassTypeIdentifier
        if let snapshot {
            state = try Self.state(State.self, from: snapshot)
            try runtime.quotas.checkRestored(.registrations, count: state.registrations.count)
            state.ids = runtime.seed.generator(for: "loyalty", restoring: state.ids)
        } else {
            let now = runtime.clock.now
            var state = State(ids: runtime.seed.generator(for: "loyalty"))
            for fixture in runtime.fixtures.members {
                let member = fixture.member(loadedAt: now)
                guard let card = member.loyalty?.cardNumber else { continue }
                state.passes[card] = Self.newPass(card: card, memberID: member.id, now: now, state: &state)
            }
            self.state = state
        }
    }

    /// A pass first issued now, at the tenant's current tag, with a new token.
    private static func newPass(card: String, memberID: String, now: Date, state: inout State) -> PassRecord {
        PassRecord(
            serialNumber: card, memberID: memberID, authenticationToken: token(&state.ids),
            updatedAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)), updateTag: state.updateTag
        )
    }

    /// 32 URL-safe characters.
    private static func token(_ ids: inout IDGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<32).map { _ in alphabet[Int(ids.next() % UInt64(alphabet.count))] })
    }

    package func snapshot() throws -> StoreState { try Self.json(state) }

    /// A real pass certificate fixes the pass type id: a tenant cannot take another.
    package nonisolated func checkSettings(_ settings: TenantSettings) throws(APIError) {
        if let fixed = fixedPassTypeIdentifier, settings.wallet.passTypeID != fixed {
            throw APIError.badRequest("wallet_pass_type_id is fixed to \(fixed) by the server's pass certificate")
        }
    }

    /// The pass with this type id and serial number; 404 when there is none.
    func pass(type passTypeIdentifier: String, serial: String) throws(APIError) -> PassRecord {
        guard let pass = state.passes[serial], self.passTypeIdentifier(of: pass) == passTypeIdentifier else {
            throw WalletProblem.notFound.error("no pass \(passTypeIdentifier) \(serial)")
        }
        return pass
    }

    /// The pass of a member's loyalty card, of the type a download named (`type`), issued now if
    /// it has none yet (a member a state document brought without a pass). The pass keeps that
    /// type for the PassKit web service and its update pushes.
    func issuedPass(card: String, memberID: String, type passTypeIdentifier: String) -> PassRecord {
        var pass = state.passes[card] ?? Self.newPass(card: card, memberID: memberID, now: runtime.clock.now, state: &state)
        pass.passTypeIdentifier = passTypeIdentifier
        state.passes[card] = pass
        return pass
    }

    /// Registers a device for a pass; true when it is new, false when it replaced the push token.
    /// A new registration past the tenant's quota: 429.
    func register(device: String, type passTypeIdentifier: String, serial: String, pushToken: String) throws(APIError) -> Bool {
        if let index = state.registrations.firstIndex(where: {
            $0.deviceLibraryIdentifier == device && $0.passTypeIdentifier == passTypeIdentifier && $0.serialNumber == serial
        }) {
            state.registrations[index].pushToken = pushToken
            return false
        }
        try runtime.quotas.admit(.registrations, to: state.registrations.count)
        state.registrations.append(PassRegistration(
            deviceLibraryIdentifier: device, passTypeIdentifier: passTypeIdentifier, serialNumber: serial, pushToken: pushToken
        ))
        return true
    }

    func unregister(device: String, type passTypeIdentifier: String, serial: String) {
        state.registrations.removeAll {
            $0.deviceLibraryIdentifier == device && $0.passTypeIdentifier == passTypeIdentifier && $0.serialNumber == serial
        }
    }

    /// Serials registered to the device whose tag is later than `since` (all when nil), and the
    /// tenant's current tag; nil when nothing matches.
    func updatedSerials(device: String, type passTypeIdentifier: String, since: Int?) -> (serials: [String], tag: Int)? {
        let serials = state.registrations
            .filter { $0.deviceLibraryIdentifier == device && $0.passTypeIdentifier == passTypeIdentifier }
            .map(\.serialNumber)
            .filter { serial in since.map { (state.passes[serial]?.updateTag ?? 0) > $0 } ?? true }
        return serials.isEmpty ? nil : (serials, state.updateTag)
    }

    /// Keeps device log lines, each cut to `logLineBytes`; the newest `logCapacity` stay.
    func log(_ messages: [String]) {
        let now = runtime.clock.now
        state.logs.append(contentsOf: messages.map { WalletLogEntry(at: now, message: Self.truncated($0)) })
        if state.logs.count > Self.logCapacity { state.logs.removeFirst(state.logs.count - Self.logCapacity) }
    }

    package var logs: [WalletLogEntry] { state.logs }

    /// The longest prefix of `line` of at most `logLineBytes` UTF-8 bytes that ends on a
    /// character boundary.
    static func truncated(_ line: String) -> String {
        guard line.utf8.count > logLineBytes else { return line }
        var kept = ""
        for character in line {
            guard kept.utf8.count + character.utf8.count <= logLineBytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// A card's pass changed: a new tag, `updatedAt` moved on by at least a second, and one
    /// `wallet_pass_update` push per distinct push token registered for it.
    func passChanged(_ serial: String) {
        guard var pass = state.passes[serial] else { return }
        state.updateTag += 1
        pass.updateTag = state.updateTag
        let now = runtime.clock.now.timeIntervalSince1970.rounded(.down)
        pass.updatedAt = Date(timeIntervalSince1970: max(now, pass.updatedAt.timeIntervalSince1970 + 1))
        state.passes[serial] = pass
        var tokens: [String] = []
        for registration in state.registrations where registration.serialNumber == serial && !tokens.contains(registration.pushToken) {
            tokens.append(registration.pushToken)
        }
        runtime.outbox.append(tokens.map { token in
            Push(
                platform: .ios, deviceToken: token, holder: nil, kind: .walletPassUpdate, campaignID: nil, payload: .object([:]),
                apnsHeaders: .init(topic: passTypeIdentifier(of: pass), pushType: "background", priority: "5")
            )
        })
    }
}
