import HTTPTypes

/// Checks an API surface makes before routing, in the contract's check order (for IQL: the API
/// key, then the switched-off supported_state_details endpoint).
package protocol RequestGuard: Sendable {
    /// Throws the first failure; `path` is tenant-relative without a trailing slash.
    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError)
}
