extension Tenant {
    /// The tenant's IQL store.
    public var iql: IQLStore { get throws(APIError) { try store(IQLStore.self) } }
}
