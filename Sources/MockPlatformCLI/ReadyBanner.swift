import MockPlatform
import NIOCore

/// What `serve` prints once it listens: first the one line scripts wait for (`mock-platform
/// listening on <url> (ready in …)`, the listener as this machine reaches it), then where a
/// person goes next — the API base (`--public-url` when set), the dashboard, the specs and the
/// default API key (only the fixtures' public `mock-api-key`), and, when listening on every
/// interface, how a phone reaches it; and, when it listens beyond loopback without
/// `--webhook-allow`, that webhook targets are not limited (docs/operating.md "Sharing one instance").
struct ReadyBanner {
    static let publicAPIKey = "mock-api-key"

    /// `http://127.0.0.1:<port>` (or the `--host` given), never `0.0.0.0`.
    var listener: String
    /// `--public-url`, when set.
    var publicURL: String?
    var everyInterface: Bool
    var port: Int
    var elapsed: Duration
    var zipCodes: Int
    var specs: [String]
    /// The default tenant's first API key.
    var apiKey: String?
    /// Listening beyond loopback with no `--webhook-allow`: any client may point webhooks anywhere.
    var webhookTargetsOpen = false

    var text: String {
        var base = publicURL ?? listener
        while base.hasSuffix("/") { base.removeLast() }
        let key = apiKey == Self.publicAPIKey
            ? "IQL needs Authorization: APIKEY \(Self.publicAPIKey)"
            : "IQL needs one of tenant.json's api_keys"
        var lines = [
            "mock-platform listening on \(listener) (ready in \(elapsed.formatted(.units(allowed: [.milliseconds]))), \(zipCodes) ZIP codes)",
            "  APIs       \(base)  (\(key); other tenants under /t/<name>/)",
            "  dashboard  \(base)/_mock/ui",
            "  specs      \(base)/_mock/openapi/{\(specs.joined(separator: ","))}.yaml",
        ]
        if everyInterface, publicURL == nil {
            let addresses = lanAddresses.map { "http://\($0):\(port)" }.joined(separator: ", ")
            lines.append(
                "  devices    \(addresses.isEmpty ? "http://<this machine's LAN address>:\(port)" : addresses) (URLs in answers follow the address a request used)"
            )
        }
        if webhookTargetsOpen {
            lines.append(
                "  webhooks   targets are not limited: any client can make this server call any address and read 1 KiB of each answer — set --webhook-allow on a shared network"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether `--host` is a loopback address or name.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// This machine's IPv4 addresses other than loopback, as other devices reach it.
    var lanAddresses: [String] = Self.interfaceAddresses()

    /// The IPv4 addresses of this machine's network interfaces, loopback left out; none when they
    /// cannot be read.
    static func interfaceAddresses() -> [String] {
        let devices = (try? System.enumerateDevices()) ?? []
        var addresses: [String] = []
        for device in devices {
            guard let address = device.address, address.protocol == .inet, let ip = address.ipAddress,
                  !ip.hasPrefix("127."), !addresses.contains(ip) else { continue }
            addresses.append(ip)
        }
        return addresses
    }
}
