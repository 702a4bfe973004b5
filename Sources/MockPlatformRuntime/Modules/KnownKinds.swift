/// The event and push kinds the server's modules declare, in module order and then each
/// module's own order: what a webhook endpoint may subscribe to, a filter may name and a state
/// document may hold. The runtime keeps no list of its own.
package struct KnownKinds: Sendable {
    package let eventKinds: [EventKind]
    package let pushKinds: [DeclaredPushKind]

    /// The modules' declarations; a start-up error for a name that is not lower-case snake case
    /// (the spec's pattern) or that two declarations share.
    package init(_ modules: [any TenantModule]) throws(StartupError) {
        eventKinds = modules.flatMap(\.eventKinds)
        pushKinds = modules.flatMap(\.pushKinds)
        for (what, names) in [("event", eventKinds.map(\.rawValue)), ("push", pushKinds.map(\.kind.rawValue))] {
            var seen: Set<String> = []
            for name in names {
                guard Self.isWellFormed(name) else { throw StartupError("\(what) kind \"\(name)\" must match ^[a-z][a-z0-9_]*$") }
                guard seen.insert(name).inserted else { throw StartupError("\(what) kind \"\(name)\" is declared twice") }
            }
        }
    }

    /// Whether `name` can name a kind: lower-case snake case (`^[a-z][a-z0-9_]*$`).
    package static func isWellFormed(_ name: String) -> Bool {
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z"), digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard let first = name.utf8.first, lower.contains(first) else { return false }
        return name.utf8.allSatisfy { lower.contains($0) || digits.contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// The event kind named `name`, if a module declared it.
    package func eventKind(named name: String) -> EventKind? {
        eventKinds.first { $0.rawValue == name }
    }

    /// The push kind named `name`, if a module declared it.
    package func pushKind(named name: String) -> DeclaredPushKind? {
        pushKinds.first { $0.kind.rawValue == name }
    }

    /// The event kind query parameter `parameter` names; a 400 listing the kinds for another
    /// value, worded as for any declared parameter (`DeclaredParameter`).
    package func eventKind(query parameter: String, _ value: String) throws(APIError) -> EventKind {
        if let kind = eventKind(named: value) { return kind }
        throw .badRequest(Self.refusal(of: value, query: parameter, names: eventKinds.map(\.rawValue)))
    }

    /// The push kind query parameter `parameter` names; a 400 listing the kinds for another value.
    package func pushKind(query parameter: String, _ value: String) throws(APIError) -> PushKind {
        if let declared = pushKind(named: value) { return declared.kind }
        throw .badRequest(Self.refusal(of: value, query: parameter, names: pushKinds.map(\.kind.rawValue)))
    }

    private static func refusal(of value: String, query parameter: String, names: [String]) -> String {
        DeclaredParameter(name: parameter, location: .query, accepted: .oneOf(names)).refusal(of: value) ?? parameter
    }

    /// Refuses a restored `kind` no module declares, naming where the document holds it.
    package func check(_ kind: EventKind, at field: String) throws(RestoredValueCheck.UnknownKind) {
        guard eventKinds.contains(kind) else { throw .init(field: field, names: eventKindNames) }
    }

    /// Refuses a restored `kind` no module declares, naming where the document holds it.
    package func check(_ kind: PushKind, at field: String) throws(RestoredValueCheck.UnknownKind) {
        guard pushKind(named: kind.rawValue) != nil else { throw .init(field: field, names: pushKindNames) }
    }

    /// The event kinds' names, comma separated, for messages.
    package var eventKindNames: String { eventKinds.map(\.rawValue).joined(separator: ", ") }

    /// The push kinds' names, comma separated, for messages.
    package var pushKindNames: String { pushKinds.map(\.kind.rawValue).joined(separator: ", ") }
}
