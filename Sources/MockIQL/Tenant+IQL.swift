import MockPlatformKit

extension Tenant {
    /// The tenant's IQL store.
    package var iql: IQLStore { get throws(APIError) { try store(IQLStore.self) } }
}
