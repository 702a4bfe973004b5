import Synchronization

/// The base of every absolute URL the mock emits: `--public-url`, else `http://<host>:<port>`
/// with the port the listener actually bound (so `--port 0` yields a usable URL).
public final class PublicBaseURL: Sendable {
    private let value: Mutex<String>

    public init(_ initial: String) { value = Mutex(initial) }

    /// Without a trailing slash.
    public var string: String { value.withLock { $0 } }

    func set(_ base: String) { value.withLock { $0 = base } }
}
