import ControlAPI
import MockPlatformKit

/// The tenant config (`openapi/control.yaml` getConfig, patchConfig; docs/operating.md "Tenant config").
extension ControlHandlers {
    /// Body rules of the config operations: the whole patch is checked before the generated
    /// decoder sees it, and the handler applies the patch the rule read.
    static let configRules: [String: OperationRule] = [
        Operations.PatchConfig.id: .validating(into: settingsPatch) { request in
            try SettingsPatch(request.json, schema: Tenant.boundBinding().registry.settingsSchema)
        },
    ]

    private static let settingsPatch = RuleValue<SettingsPatch>()

    func getConfig(_ input: Operations.GetConfig.Input) async throws -> Operations.GetConfig.Output {
        .ok(.init(body: .json(try Tenant.bound().settings.json.decoded())))
    }

    func patchConfig(_ input: Operations.PatchConfig.Input) async throws -> Operations.PatchConfig.Output {
        let patch = try Self.settingsPatch.current()
        let tenant = try Tenant.bound()
        try tenant.checkSettings(patch.applied(to: tenant.settings))
        let settings = await tenant.changeSettings(patch.applied(to:))
        return .ok(.init(body: .json(try settings.json.decoded())))
    }
}
