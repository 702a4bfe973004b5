/// The tenant's registered push tokens and who holds them, as a sender addresses pushes by
/// them: the publisher backend's device registry is one. A module that sends pushes to tokens
/// or holders asks the tenant's (`Tenant.pushAddressBook`) and knows no platform's store.
package protocol PushAddressBook: ModuleStore {
    /// The registered device of `token` (a token of either platform, in any case it was
    /// registered in), addressed with its bundle id, else `tenantBundleID`; nil when unknown.
    func target(token: String, tenantBundleID: String?) async -> PushTarget?
    /// The registered devices of `holder`, in registration order, addressed as `target` does.
    func targets(holder: String, tenantBundleID: String?) async -> [PushTarget]
}
