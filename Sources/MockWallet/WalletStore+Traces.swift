import MockPlatformKit

extension WalletStore: TraceSource {
    /// Whose passes the PassKit web service's path values name: a serial number is its
    /// pass's member; a device library id and a push token name the members whose passes the
    /// device registered.
    package func traces() -> StoreTraces {
        var aliases: [String: [String]] = [:]
        for (serial, pass) in state.passes { aliases["serialNumber=\(serial)"] = ["member:\(pass.memberID)"] }
        for registration in state.registrations {
            guard let member = state.passes[registration.serialNumber]?.memberID else { continue }
            for key in ["deviceLibraryIdentifier=\(registration.deviceLibraryIdentifier)", "pushToken=\(registration.pushToken)"]
            where !(aliases[key] ?? []).contains("member:\(member)") {
                aliases[key, default: []].append("member:\(member)")
            }
        }
        return StoreTraces(aliases: aliases)
    }
}
