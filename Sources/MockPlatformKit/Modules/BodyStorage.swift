/// What a write's body becomes in its tenant, by which the front door holds it to the tenant's
/// byte budget (`TenantStorage`); a module declares it per operation
/// (`PlatformModule.bodyStorage`).
package enum BodyStorage: Sendable {
    /// Kept in the stores (every write unless its module says otherwise): counted toward the
    /// budget, 507 `tenant storage exceeded` past it.
    case stored
    /// Kept in no store: at most in the logs, which make room for it by dropping their oldest
    /// entries (a trigger's overrides become the event it fires; a supported-state query is
    /// answered and forgotten): never refused.
    case notKept
    /// Replaces the whole state (`importState`): held to the budget on its own, not added to
    /// what the tenant holds.
    case replacing
}
