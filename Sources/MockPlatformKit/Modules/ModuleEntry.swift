/// A module as the front door uses it for the paths of one prefix, with its error shape,
/// request guard and operation declarations read once at start rather than on every request: the module's own, or the
/// control plane's for a prefix under `/_mock/`. A class, so that a request's resolution carries
/// one reference rather than copying three existentials.
package final class ModuleEntry: Sendable {
    package let module: any PlatformModule
    package let errorShape: any ErrorShape
    package let requestGuard: (any RequestGuard)?
    /// The prefix is the control plane's: no faults, no journal.
    package let isControlPlane: Bool
    /// The module's `stateFreeOperations`, read once.
    package let stateFreeOperations: Set<String>
    /// The module's `bodyStorage`, read once.
    package let bodyStorage: [String: BodyStorage]

    package convenience init(_ module: any PlatformModule) {
        self.init(module, errorShape: module.errorShape, requestGuard: module.requestGuard, isControlPlane: false)
    }

    package convenience init(_ module: any PlatformModule, in controlPlane: ControlPlane) {
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
