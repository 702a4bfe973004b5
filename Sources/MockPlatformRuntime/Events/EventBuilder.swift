/// A module store that builds its module's events by hand, as the module would emit them, for
/// `POST /_mock/webhooks/trigger`: the webhooks module asks the store of the module that
/// declares the kind (`Tenant.eventBuilder(for:)`), changes the payload as the trigger says and
/// records the event.
package protocol EventBuilder: ModuleStore {
    /// The platform's name as its integrators know it ("IQL"), for the trigger's messages.
    static var platformName: String { get }
    /// An event of `kind` (one its module declares) about `subject` (IQL: a driver id), taking
    /// the ids an emitted event would take; not recorded.
    func event(_ kind: EventKind, subject: String) async throws(APIError) -> PlatformEvent
}
