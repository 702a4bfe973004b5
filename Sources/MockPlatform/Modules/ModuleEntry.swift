/// A module as the front door uses it for the paths of one prefix, with its error shape,
/// request guard and operation declarations read once at start rather than on every request: the module's own, or the
/// control plane's for a prefix under `/_mock/`. A class, so that a request's resolution carries
/// one reference rather than copying three existentials.
final class ModuleEntry: Sendable {
    let module: any PlatformModule
    let errorShape: any ErrorShape
    let requestGuard: (any RequestGuard)?
    /// The prefix is the control plane's: no faults, no journal.
    let isControlPlane: Bool
    /// The module's `stateFreeOperations`, read once.
    let stateFreeOperations: Set<String>
    /// The module's `bodyStorage`, read once.
    let bodyStorage: [String: BodyStorage]

    convenience init(_ module: any PlatformModule) {
        self.init(module, errorShape: module.errorShape, requestGuard: module.requestGuard, isControlPlane: false)
    }

    convenience init(_ module: any PlatformModule, in controlPlane: ControlPlane) {
        self.init(module, errorShape: controlPlane.errorShape, requestGuard: controlPlane.requestGuard, isControlPlane: true)
    }

    private init(_ module: any PlatformModule, errorShape: any ErrorShape, requestGuard: (any RequestGuard)?, isControlPlane: Bool) {
        self.module = module
        self.errorShape = errorShape
        self.requestGuard = requestGuard
        self.isControlPlane = isControlPlane
        stateFreeOperations = module.stateFreeOperations
        bodyStorage = module.bodyStorage
    }
}
