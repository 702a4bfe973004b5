import Foundation

/// One tenant's event stream, oldest first.
public actor EventLog {
    private var events: [PlatformEvent] = []

    public init() {}

    public func append(_ new: [PlatformEvent]) { events.append(contentsOf: new) }

    /// Events matching every given filter, oldest first.
    public func list(kind: PlatformEvent.Kind? = nil, driverID: String? = nil, since: Date? = nil) -> [PlatformEvent] {
        events.filter { event in
            (kind == nil || event.kind == kind) && (driverID == nil || event.driverID == driverID)
                && (since.map { event.createdAt >= $0 } ?? true)
        }
    }
}
