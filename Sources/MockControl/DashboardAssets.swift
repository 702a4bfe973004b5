import Foundation
import MockPlatformKit

/// The dashboard's three files (`/_mock/ui`, `openapi/control.yaml` tag dashboard), bundled as
/// resources from `Sources/MockControl/Dashboard` and read once at start.
struct DashboardAssets: Sendable {
    let page: String
    let styles: String
    let script: String

    /// The page's policy: its own script, style sheet and API calls only, never framed.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    static func bundled() throws -> DashboardAssets {
        guard let folder = Bundle.module.url(forResource: "Dashboard", withExtension: nil) else {
            throw StartupError("the bundled Dashboard folder is missing")
        }
        func read(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return DashboardAssets(page: try read("index.html"), styles: try read("app.css"), script: try read("app.js"))
    }
}
