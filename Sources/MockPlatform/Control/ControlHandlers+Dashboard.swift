import ControlAPI
import OpenAPIRuntime

/// The dashboard's files (`openapi/control.yaml`, tag dashboard).
extension ControlHandlers {
    func getDashboard(_ input: Operations.GetDashboard.Input) async throws -> Operations.GetDashboard.Output {
        .ok(.init(body: .html(HTTPBody(dashboard.page))))
    }

    func getDashboardStyles(_ input: Operations.GetDashboardStyles.Input) async throws -> Operations.GetDashboardStyles.Output {
        .ok(.init(body: .textCss(HTTPBody(dashboard.styles))))
    }

    func getDashboardScript(_ input: Operations.GetDashboardScript.Input) async throws -> Operations.GetDashboardScript.Output {
        .ok(.init(body: .textJavascript(HTTPBody(dashboard.script))))
    }
}
