/// A module as the front door uses it, with its error shape and request guard built once at
/// start rather than on every request.
struct ModuleEntry: Sendable {
    let module: any PlatformModule
    let errorShape: any ErrorShape
    let requestGuard: (any RequestGuard)?

    init(_ module: any PlatformModule) {
        self.module = module
        errorShape = module.errorShape
        requestGuard = module.requestGuard
    }
}
