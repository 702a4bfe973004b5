/// A module as the front door uses it for the paths of one prefix, with its error shape and
/// request guard built once at start rather than on every request: the module's own, or the
/// control plane's for a prefix under `/_mock/`. A class, so that a request's resolution carries
/// one reference rather than copying three existentials.
final class ModuleEntry: Sendable {
    let module: any PlatformModule
    let errorShape: any ErrorShape
    let requestGuard: (any RequestGuard)?
    /// The prefix is the control plane's: no faults, no journal.
    let isControlPlane: Bool

    init(_ module: any PlatformModule) {
        self.module = module
        errorShape = module.errorShape
        requestGuard = module.requestGuard
        isControlPlane = false
    }

    init(_ module: any PlatformModule, in controlPlane: ControlPlane) {
        self.module = module
        errorShape = controlPlane.errorShape
        requestGuard = controlPlane.requestGuard
        isControlPlane = true
    }
}
