import Synchronization

/// Where the handler of a cached read (`PlatformModule.cachedReads`) says how long its answer holds
/// (`Tenant.cacheAnswer(_:)`), for the front door to keep the answer that long.
package final class ReportedCacheValidity: Sendable {
    private let reported = Mutex<CacheValidity?>(nil)

    package init() {}

    /// What the handler reported, if anything.
    package var validity: CacheValidity? { reported.withLock { $0 } }

    package func report(_ validity: CacheValidity) { reported.withLock { $0 = validity } }
}
