import Logging
import ServiceLifecycle

/// `--tenant-idle-ttl`: every so often (a tenth of the time to live, between 50 ms and one
/// minute) drops the tenants, `default` never, that no request has used for longer than
/// `idle`, freeing their slots toward `--max-tenants`.
package struct TenantExpiry: Service {
    package let tenants: TenantRegistry
    package let idle: Duration
    package let logger: Logger

    package init(tenants: TenantRegistry, idle: Duration, logger: Logger) {
        self.tenants = tenants
        self.idle = idle
        self.logger = logger
    }

    /// How long the service sleeps between sweeps.
    package var interval: Duration { min(max(idle / 10, .milliseconds(50)), .seconds(60)) }

    package func run() async {
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
