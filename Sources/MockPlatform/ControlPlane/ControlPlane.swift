/// The server's control plane: every tenant-relative path under `/_mock/`, whichever module
/// contributes it (the control module's own operations, or a module's operations about its
/// state). Faults never reach it, the request journal does not record it, its errors are
/// problem+json, and one guard checks it (cross-origin writes, `--admin-token`).
struct ControlPlane: Sendable {
    /// The prefix of every control-plane path.
    static let prefix = "/_mock/"

    /// Checks every control-plane request before routing.
    let requestGuard: ControlRequestGuard
    /// How control-plane errors look on the wire.
    let errorShape: any ErrorShape = ProblemErrorShape()

    /// Whether a module path prefix (`/_mock/parcels/`) claims control-plane paths.
    static func contains(prefix: String) -> Bool { prefix.hasPrefix(Self.prefix) }
}
