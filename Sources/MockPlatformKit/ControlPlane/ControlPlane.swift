/// The server's control plane: every tenant-relative path under `/_mock/`, whichever module
/// contributes it (the control module's own operations, or a module's operations about its
/// state). Faults never reach it, the request journal does not record it, its errors are
/// problem+json, and one guard checks it (cross-origin writes, `--admin-token`).
package struct ControlPlane: Sendable {
    /// The prefix of every control-plane path.
    package static let prefix = "/_mock/"

    /// Checks every control-plane request before routing.
    package let requestGuard: ControlRequestGuard
    /// How control-plane errors look on the wire.
    package let errorShape: any ErrorShape = ProblemErrorShape()

    package init(requestGuard: ControlRequestGuard) {
        self.requestGuard = requestGuard
    }

    /// Whether a module path prefix (`/_mock/parcels/`) claims control-plane paths.
    package static func contains(prefix: String) -> Bool { prefix.hasPrefix(Self.prefix) }
}
