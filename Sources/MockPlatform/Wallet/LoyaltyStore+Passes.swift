import Foundation

/// The PassKit web service's state in the loyalty store (`openapi/wallet.yaml`): registrations,
/// update tags, device logs, and the update pushes a change records.
extension LoyaltyStore {
    /// The pass with this type id and serial number, and its member; 404 when there is none.
    func pass(type passTypeIdentifier: String, serial: String) throws(APIError) -> (PassRecord, Member) {
        guard passTypeIdentifier == self.passTypeIdentifier, let pass = state.passes[serial],
              let member = state.members[pass.memberID] else {
            throw WalletProblem.notFound.error("no pass \(passTypeIdentifier) \(serial)")
        }
        return (pass, member)
    }

    /// The pass of a member's loyalty account.
    func pass(ofMember memberID: String) throws(APIError) -> (PassRecord, Member) {
        let member = try loyaltyMember(memberID)
        guard let card = member.loyalty?.cardNumber, let pass = state.passes[card] else { throw .internal }
        return (pass, member)
    }

    /// Checks `Authorization: ApplePass <token>` against the pass (after the 404 check).
    func authenticate(type passTypeIdentifier: String, serial: String, authorization: String?) throws(APIError) -> (PassRecord, Member) {
        let found = try pass(type: passTypeIdentifier, serial: serial)
        guard let authorization, ConstantTime.equals(authorization, "ApplePass \(found.0.authenticationToken)") else {
            throw WalletProblem.unauthorized.error("Authorization must be ApplePass and the pass's authentication token")
        }
        return found
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

    var logs: [WalletLogEntry] { state.logs }

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

    /// A member's pass changed: a new tag, `updatedAt` moved on by at least a second, and one
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
                apnsHeaders: .init(topic: passTypeIdentifier, pushType: "background", priority: "5")
            )
        })
    }
}
