import ControlAPI
import MockPlatformKit
import OpenAPIRuntime

/// The dashboard's files (`openapi/control.yaml`, tag dashboard).
extension ControlHandlers {
    func getDashboard(_ input: Operations.GetDashboard.Input) async throws -> Operations.GetDashboard.Output {
        .ok(.init(headers: .init(xFrameOptions: .deny, contentSecurityPolicy: DashboardAssets.contentSecurityPolicy), body: .html(HTTPBody(dashboard.page))))
    }

    func getDashboardStyles(_ input: Operations.GetDashboardStyles.Input) async throws -> Operations.GetDashboardStyles.Output {
        .ok(.init(body: .textCss(HTTPBody(dashboard.styles))))
    }

    func getDashboardScript(_ input: Operations.GetDashboardScript.Input) async throws -> Operations.GetDashboardScript.Output {
        .ok(.init(body: .textJavascript(HTTPBody(dashboard.script))))
    }

    func getLabPage(_ input: Operations.GetLabPage.Input) async throws -> Operations.GetLabPage.Output {
        let query = input.query
        for (name, value) in [("offer", query.offer), ("lead", query.lead), ("driver", query.driver)] {
            if let value, value.count > LabPage.maxValueLength {
                throw APIError.badRequest("query parameter \(name) must be at most \(LabPage.maxValueLength) characters, got \(value.count)")
            }
        }
        return .ok(.init(body: .html(HTTPBody(LabPage.html(
            input.path.page.rawValue, offer: query.offer, lead: query.lead, driver: query.driver
        )))))
    }

    /// One colour per name: the first three bytes of the name's CRC-32.
    func getLabImage(_ input: Operations.GetLabImage.Input) async throws -> Operations.GetLabImage.Output {
        let hash = CRC32.checksum(Array(input.path.name.utf8))
        let color = RGBColor(red: UInt8(truncatingIfNeeded: hash >> 24), green: UInt8(truncatingIfNeeded: hash >> 16), blue: UInt8(truncatingIfNeeded: hash >> 8))
        return .ok(.init(body: .png(HTTPBody(PNGEncoder.solid(width: 640, height: 320, color: color)))))
    }
}
