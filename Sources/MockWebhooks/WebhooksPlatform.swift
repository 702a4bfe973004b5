import MockPlatformKit

/// The webhooks: each tenant's endpoints and deliveries, and the transport every delivery takes,
/// limited to the targets `--webhook-allow` names.
package enum WebhooksPlatform: Platform {
    package static let url = ProcessOption(
        "webhook-url", valueName: "<url>", help: "Register one webhook endpoint for every event on the default tenant at start."
    )
    package static let allow = ProcessOption(
        "webhook-allow", valueName: "<list>",
        help: "Comma-separated hosts, IPv4 or IPv6 addresses or CIDRs webhook targets must match; a name must resolve only to allowed addresses (A and AAAA), and the delivery connects to the address checked. Default: any http(s) target."
    )
    package static let retryProfile = ProcessOption(
        "webhook-retry-profile", valueName: "<profile>", help: "Default webhook retry profile of new tenants: standard or fast. Default: standard."
    )

    package static var processOptions: [ProcessOption] { [url, allow, retryProfile] }

    package static func modules(_ startup: ModuleStartup) throws -> [any PlatformModule] {
        var allowlist = WebhookAllowlist.any
        if let text = startup.options[allow] {
            do {
                allowlist = try WebhookAllowlist(parsing: text)
            } catch {
                throw StartupError(error.message)
            }
        }
        var endpoints: [WebhookEndpointSeed] = []
        if let text = startup.options[url] {
            do {
                endpoints.append(WebhookEndpointSeed(url: try WebhookEndpointRequest.url(.string(text), allowlist: .any)))
            } catch {
                throw StartupError("webhook-url: \(error.message)")
            }
        }
        var profile: RetryProfile?
        if let name = startup.options[retryProfile] {
            switch name {
            case "standard": profile = .standard
            case "fast": profile = .fast
            default: throw StartupError("webhook-retry-profile must be standard or fast, got '\(name)'")
            }
        }
        return [WebhooksModule(
            transport: WebhookTransport(allowlist: allowlist, metrics: startup.metrics), defaultTenantEndpoints: endpoints,
            defaultRetryProfile: profile
        )]
    }
}
