import Logging
import ServiceLifecycle

/// `--tenant-idle-ttl`: every so often (a tenth of the time to live, between 50 ms and one
/// minute) drops the tenants, `default` never, that no request has used for longer than
/// `idle`, freeing their slots toward `--max-tenants`.
struct TenantExpiry: Service {
    let tenants: TenantRegistry
    let idle: Duration
    let logger: Logger

    /// How long the service sleeps between sweeps.
    var interval: Duration { min(max(idle / 10, .milliseconds(50)), .seconds(60)) }

    func run() async {
        await cancelWhenGracefulShutdown {
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                let dropped = tenants.expireIdle(after: idle)
                if !dropped.isEmpty {
                    logger.info("idle tenants dropped", metadata: ["tenants": "\(dropped.map(\.rawValue).joined(separator: ","))"])
                }
            }
        }
    }
}
